ALTER TABLE "admins" ADD COLUMN "sessao_versao" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "sessao_versao" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profissionais" ADD COLUMN "sessao_versao" integer DEFAULT 0 NOT NULL;