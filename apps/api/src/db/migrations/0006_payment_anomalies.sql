CREATE TABLE "payment_anomalies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_anomalies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evento_id" text NOT NULL,
	"tipo" text NOT NULL,
	"sessao_id" text,
	"pagamento_id" integer,
	"valor_centimos" integer,
	"moeda" text,
	"esperado_centimos" integer,
	"codigo" text NOT NULL,
	"motivo" text NOT NULL,
	"resumo" jsonb NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"resolvido_em" timestamp with time zone,
	"resolvido_por" integer,
	CONSTRAINT "payment_anomalies_evento_id_unique" UNIQUE("evento_id")
);
--> statement-breakpoint
ALTER TABLE "payment_anomalies" ADD CONSTRAINT "payment_anomalies_pagamento_id_payments_id_fk" FOREIGN KEY ("pagamento_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_anomalies" ADD CONSTRAINT "payment_anomalies_resolvido_por_admins_id_fk" FOREIGN KEY ("resolvido_por") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_anomalies_admin_idx" ON "payment_anomalies" USING btree (("resolvido_em" is not null),"criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);