CREATE TYPE "public"."ledger_kind" AS ENUM('COMPRA', 'CANDIDATURA', 'REEMBOLSO', 'AJUSTE');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('PENDENTE', 'PAGO', 'CANCELADO', 'FALHADO');--> statement-breakpoint
CREATE TYPE "public"."project_status" AS ENUM('ESPERA', 'ABERTO', 'CONCLUIDO');--> statement-breakpoint
CREATE TYPE "public"."review_status" AS ENUM('ESPERA', 'APROVADO', 'NEGADO');--> statement-breakpoint
CREATE TYPE "public"."time_option" AS ENUM('NORMAL', 'URGENTE', 'PIQUETE', 'AVARIA');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('cliente', 'profissional', 'admin');--> statement-breakpoint
CREATE TYPE "public"."verification_status" AS ENUM('PENDENTE', 'VERIFICADO', 'RECUSADO');--> statement-breakpoint
CREATE TABLE "admins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"senha_hash" text NOT NULL,
	"criado_por" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admins_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_tipo" "user_role" NOT NULL,
	"actor_id" integer,
	"acao" text NOT NULL,
	"alvo_tipo" text,
	"alvo_id" integer,
	"detalhes" jsonb,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidaturas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "candidaturas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"profissional_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"creditos" integer NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidaturas_creditos_positive" CHECK ("candidaturas"."creditos" > 0)
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clientes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"senha_hash" text NOT NULL,
	"telefone" text,
	"foto_key" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clientes_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"profissional_id" integer NOT NULL,
	"tipo" "ledger_kind" NOT NULL,
	"delta" integer NOT NULL,
	"saldo_apos" integer NOT NULL,
	"request_id" integer,
	"payment_id" integer,
	"admin_id" integer,
	"descricao" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_saldo_nao_negativo" CHECK ("credit_ledger"."saldo_apos" >= 0),
	CONSTRAINT "credit_ledger_delta_nao_zero" CHECK ("credit_ledger"."delta" <> 0)
);
--> statement-breakpoint
CREATE TABLE "especialidades" (
	"value" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"grupo" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otp_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"tipo" "user_role" NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"reset_token_hash" text,
	"reset_expires_at" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profissional_id" integer NOT NULL,
	"plano" text NOT NULL,
	"valor_centimos" integer NOT NULL,
	"creditos" integer NOT NULL,
	"metodo" text NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"estado" "payment_status" DEFAULT 'PENDENTE' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"pago_em" timestamp with time zone,
	CONSTRAINT "payments_provider_session_id_unique" UNIQUE("provider_session_id")
);
--> statement-breakpoint
CREATE TABLE "profissionais" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profissionais_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"senha_hash" text NOT NULL,
	"cidade" text NOT NULL,
	"bairro" text NOT NULL,
	"telefone" text,
	"bio" text,
	"foto_key" text,
	"especialidades" text[] DEFAULT '{}'::text[] NOT NULL,
	"cc_frente_key" text,
	"cc_verso_key" text,
	"consentimento_em" timestamp with time zone,
	"verificacao" "verification_status",
	"verificado_em" timestamp with time zone,
	"verificado_por" integer,
	"nota_media" double precision,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profissionais_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"titulo" text NOT NULL,
	"descricao" text NOT NULL,
	"cidade" text NOT NULL,
	"bairro" text NOT NULL,
	"especialidade" text NOT NULL,
	"contato" text NOT NULL,
	"tempo" time_option DEFAULT 'NORMAL' NOT NULL,
	"cliente_id" integer NOT NULL,
	"creditos" integer,
	"status" "project_status" DEFAULT 'ESPERA' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"aprovado_em" timestamp with time zone,
	"concluido_em" timestamp with time zone,
	CONSTRAINT "requests_creditos_positive" CHECK ("requests"."creditos" IS NULL OR "requests"."creditos" > 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profissional_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"nota" smallint NOT NULL,
	"comentario" text NOT NULL,
	"status" "review_status" DEFAULT 'ESPERA' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_nota_1_5" CHECK ("reviews"."nota" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profissional_id" integer NOT NULL,
	"creditos_restantes" integer DEFAULT 0 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_profissional_id_unique" UNIQUE("profissional_id"),
	CONSTRAINT "subscriptions_saldo_nao_negativo" CHECK ("subscriptions"."creditos_restantes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "candidaturas" ADD CONSTRAINT "candidaturas_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidaturas" ADD CONSTRAINT "candidaturas_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidaturas" ADD CONSTRAINT "candidaturas_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profissionais" ADD CONSTRAINT "profissionais_verificado_por_admins_id_fk" FOREIGN KEY ("verificado_por") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_criado_idx" ON "audit_log" USING btree ("criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "candidaturas_unica" ON "candidaturas" USING btree ("request_id","profissional_id");--> statement-breakpoint
CREATE INDEX "candidaturas_profissional_idx" ON "candidaturas" USING btree ("profissional_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_prof_idx" ON "credit_ledger" USING btree ("profissional_id","criado_em");--> statement-breakpoint
CREATE INDEX "otp_email_idx" ON "otp_codes" USING btree ("email","tipo","criado_em");--> statement-breakpoint
CREATE INDEX "payments_prof_idx" ON "payments" USING btree ("profissional_id");--> statement-breakpoint
CREATE INDEX "payments_estado_idx" ON "payments" USING btree ("estado","criado_em");--> statement-breakpoint
CREATE INDEX "profissionais_especialidades_idx" ON "profissionais" USING gin ("especialidades");--> statement-breakpoint
CREATE INDEX "requests_cliente_idx" ON "requests" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "requests_status_idx" ON "requests" USING btree ("status","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_unica" ON "reviews" USING btree ("request_id","profissional_id");--> statement-breakpoint
CREATE INDEX "reviews_prof_idx" ON "reviews" USING btree ("profissional_id","status");