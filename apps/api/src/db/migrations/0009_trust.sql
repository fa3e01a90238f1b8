CREATE TYPE "public"."guarantee_status" AS ENUM('ABERTA', 'ACEITE', 'CONTESTADA', 'FECHADA');--> statement-breakpoint
CREATE TABLE "garantias" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "garantias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer,
	"cliente_id" integer,
	"profissional_id" integer,
	"titulo" text NOT NULL,
	"descricao" text NOT NULL,
	"fotos" text[] DEFAULT '{}'::text[] NOT NULL,
	"estado" "guarantee_status" DEFAULT 'ABERTA' NOT NULL,
	"resposta" text,
	"agendado_para" timestamp with time zone,
	"respondido_em" timestamp with time zone,
	"resolucao" text,
	"fechado_em" timestamp with time zone,
	"fechado_por" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "termos_aceites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "termos_aceites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"destinatario_tipo" "user_role" NOT NULL,
	"destinatario_id" integer NOT NULL,
	"versao" text NOT NULL,
	"aceite_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "requests_status_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "nif" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "faturacao_nome" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "faturacao_morada" text;--> statement-breakpoint
ALTER TABLE "profissionais" ADD COLUMN "nota_bayes" double precision;--> statement-breakpoint
ALTER TABLE "profissionais" ADD COLUMN "selos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "profissionais" ADD COLUMN "selos_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profissionais" ADD COLUMN "aceita_urgencias" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profissionais" ADD COLUMN "urgencias_inicio" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profissionais" ADD COLUMN "urgencias_fim" smallint DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "garantias" ADD CONSTRAINT "garantias_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garantias" ADD CONSTRAINT "garantias_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garantias" ADD CONSTRAINT "garantias_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garantias" ADD CONSTRAINT "garantias_fechado_por_admins_id_fk" FOREIGN KEY ("fechado_por") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "garantias_request_uq" ON "garantias" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "garantias_prof_idx" ON "garantias" USING btree ("profissional_id","criado_em" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "garantias_cliente_idx" ON "garantias" USING btree ("cliente_id","criado_em" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "garantias_estado_idx" ON "garantias" USING btree ("estado","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "termos_aceites_uq" ON "termos_aceites" USING btree ("destinatario_tipo","destinatario_id","versao");--> statement-breakpoint
CREATE INDEX "profissionais_bayes_idx" ON "profissionais" USING btree ("nota_bayes" desc nulls last,"nome","id");--> statement-breakpoint
CREATE INDEX "profissionais_urgencias_idx" ON "profissionais" USING btree ("bairro") WHERE aceita_urgencias;--> statement-breakpoint
CREATE INDEX "requests_status_idx" ON "requests" USING btree ("status",("tempo" in ('PIQUETE', 'AVARIA')) desc,"criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The Bayesian average of the professionals who already have reviews (docs/decisions/0015: prior weight 5, prior mean the mean of every approved review).
UPDATE "profissionais" p SET "nota_bayes" = (5 * g.m + p."total_avaliacoes" * p."nota_media") / (5 + p."total_avaliacoes")
FROM (SELECT coalesce(avg("nota"), 4.0)::double precision AS m FROM "reviews" WHERE "status" = 'APROVADO') g
WHERE p."total_avaliacoes" > 0 AND p."nota_media" IS NOT NULL;
