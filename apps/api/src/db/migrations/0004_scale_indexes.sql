DROP INDEX "audit_criado_idx";--> statement-breakpoint
DROP INDEX "candidaturas_profissional_idx";--> statement-breakpoint
DROP INDEX "requests_cliente_idx";--> statement-breakpoint
DROP INDEX "requests_status_idx";--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "busca" text GENERATED ALWAYS AS (lower(f_unaccent(nome))) STORED;--> statement-breakpoint
ALTER TABLE "profissionais" ADD COLUMN "total_avaliacoes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profissionais" ADD COLUMN "busca" text GENERATED ALWAYS AS (lower(f_unaccent(nome || ' ' || cidade || ' ' || bairro))) STORED;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "busca" text GENERATED ALWAYS AS (lower(f_unaccent(titulo || ' ' || cidade || ' ' || bairro))) STORED;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "busca" text GENERATED ALWAYS AS (lower(f_unaccent(comentario))) STORED;--> statement-breakpoint
CREATE INDEX "clientes_busca_trgm" ON "clientes" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clientes_email_trgm" ON "clientes" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clientes_criado_idx" ON "clientes" USING btree ("criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_criado_idx" ON "payments" USING btree ("criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profissionais_busca_trgm" ON "profissionais" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profissionais_email_trgm" ON "profissionais" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profissionais_rating_idx" ON "profissionais" USING btree ("nota_media" desc nulls last,"nome","id");--> statement-breakpoint
CREATE INDEX "profissionais_admin_idx" ON "profissionais" USING btree (("verificacao" is distinct from 'PENDENTE'),"criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profissionais_verificacao_idx" ON "profissionais" USING btree ("verificacao","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "requests_busca_trgm" ON "requests" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requests_abertos_idx" ON "requests" USING btree ("criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ABERTO' and creditos is not null;--> statement-breakpoint
CREATE INDEX "requests_abertos_esp_idx" ON "requests" USING btree ("especialidade","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ABERTO' and creditos is not null;--> statement-breakpoint
CREATE INDEX "requests_abertos_bairro_idx" ON "requests" USING btree ("bairro","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ABERTO' and creditos is not null;--> statement-breakpoint
CREATE INDEX "requests_abertos_tempo_idx" ON "requests" USING btree ("tempo","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ABERTO' and creditos is not null;--> statement-breakpoint
CREATE INDEX "reviews_cliente_idx" ON "reviews" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "reviews_prof_aprovadas_idx" ON "reviews" USING btree ("profissional_id","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'APROVADO';--> statement-breakpoint
CREATE INDEX "reviews_recentes_idx" ON "reviews" USING btree ("criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'APROVADO';--> statement-breakpoint
CREATE INDEX "reviews_admin_idx" ON "reviews" USING btree (("status" <> 'ESPERA'),"criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_busca_trgm" ON "reviews" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_criado_idx" ON "audit_log" USING btree ("criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "candidaturas_profissional_idx" ON "candidaturas" USING btree ("profissional_id","criado_em" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "requests_cliente_idx" ON "requests" USING btree ("cliente_id","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "requests_status_idx" ON "requests" USING btree ("status","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The per-column trigram indexes of 0001 are replaced by one search column per table.
DROP INDEX IF EXISTS "profissionais_nome_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "profissionais_cidade_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "requests_titulo_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "clientes_nome_trgm";--> statement-breakpoint
-- Counts of approved reviews, kept with the average from now on.
UPDATE "profissionais" p SET "total_avaliacoes" = r.n FROM (
  SELECT profissional_id, count(*)::int AS n FROM reviews WHERE status = 'APROVADO' GROUP BY profissional_id
) r WHERE r.profissional_id = p.id;
