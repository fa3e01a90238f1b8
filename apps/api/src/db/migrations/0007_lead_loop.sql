CREATE TABLE "email_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"destinatario_tipo" "user_role",
	"destinatario_id" integer,
	"email" text NOT NULL,
	"tipo" text NOT NULL,
	"assunto" text NOT NULL,
	"texto" text NOT NULL,
	"html" text NOT NULL,
	"chave" text NOT NULL,
	"resumo" text,
	"estado" text DEFAULT 'PENDENTE' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	"erro" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_chave_unique" UNIQUE("chave")
);
--> statement-breakpoint
CREATE TABLE "lead_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"candidatura_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"profissional_id" integer,
	"motivo" text NOT NULL,
	"nota" text,
	"estado" text DEFAULT 'ABERTO' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"decidido_em" timestamp with time zone,
	"decidido_por" integer,
	CONSTRAINT "lead_reports_candidatura_id_unique" UNIQUE("candidatura_id")
);
--> statement-breakpoint
CREATE TABLE "notificacoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notificacoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"destinatario_tipo" "user_role" NOT NULL,
	"destinatario_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"titulo" text NOT NULL,
	"corpo" text NOT NULL,
	"link" text,
	"lida_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_prefs" (
	"destinatario_tipo" "user_role" NOT NULL,
	"destinatario_id" integer NOT NULL,
	"desligados" text[] DEFAULT '{}'::text[] NOT NULL,
	"novos_projetos" text DEFAULT 'INSTANTANEO' NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_prefs_destinatario_tipo_destinatario_id_pk" PRIMARY KEY("destinatario_tipo","destinatario_id")
);
--> statement-breakpoint
ALTER TABLE "candidaturas" ADD COLUMN "reembolsado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "email_confirmado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "escolhido_id" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "escolhido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_reports" ADD CONSTRAINT "lead_reports_candidatura_id_candidaturas_id_fk" FOREIGN KEY ("candidatura_id") REFERENCES "public"."candidaturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_reports" ADD CONSTRAINT "lead_reports_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_reports" ADD CONSTRAINT "lead_reports_decidido_por_admins_id_fk" FOREIGN KEY ("decidido_por") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_pendentes_idx" ON "email_outbox" USING btree ("proxima_tentativa","id") WHERE estado = 'PENDENTE';--> statement-breakpoint
CREATE INDEX "email_outbox_resumo_idx" ON "email_outbox" USING btree ("resumo","id") WHERE estado = 'PENDENTE' and resumo is not null;--> statement-breakpoint
CREATE INDEX "lead_reports_admin_idx" ON "lead_reports" USING btree (("estado" <> 'ABERTO'),"criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notificacoes_dest_idx" ON "notificacoes" USING btree ("destinatario_tipo","destinatario_id","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notificacoes_por_ler_idx" ON "notificacoes" USING btree ("destinatario_tipo","destinatario_id") WHERE lida_em is null;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_escolhido_id_profissionais_id_fk" FOREIGN KEY ("escolhido_id") REFERENCES "public"."profissionais"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_escolhido_idx" ON "requests" USING btree ("escolhido_id") WHERE escolhido_id is not null;--> statement-breakpoint
-- Accounts made before e-mail confirmation existed count as confirmed.
UPDATE "clientes" SET "email_confirmado_em" = "criado_em" WHERE "email_confirmado_em" IS NULL;
