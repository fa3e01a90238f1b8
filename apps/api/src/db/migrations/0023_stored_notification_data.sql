ALTER TABLE "email_outbox" ALTER COLUMN "assunto" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "texto" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notificacoes" ALTER COLUMN "titulo" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notificacoes" ALTER COLUMN "corpo" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "dados" jsonb;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD COLUMN "dados" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_texto_ou_dados" CHECK ("email_outbox"."dados" IS NOT NULL OR ("email_outbox"."assunto" IS NOT NULL AND "email_outbox"."texto" IS NOT NULL AND "email_outbox"."html" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_texto_ou_dados" CHECK ("notificacoes"."dados" IS NOT NULL OR ("notificacoes"."titulo" IS NOT NULL AND "notificacoes"."corpo" IS NOT NULL));