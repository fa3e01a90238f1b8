-- Job search's partial indexes hold the open jobs nobody was chosen for yet (the query's own
-- condition), so a page's ids are read from the index alone instead of visiting each row to test
-- escolhido_id; a choice takes the job out of them. The district + specialty index no longer carries
-- escolhido_id (always null in it). The trigram index keeps its short pending list (migration 0010).
-- The new indexes are built first under other names (CREATE INDEX lets job search read on), and the
-- old ones dropped and the new renamed last: a dropped index locks the table even for reads until the
-- migration commits, so that lock is held only for the drops and renames.
CREATE INDEX "requests_abertos_idx_0020" ON "requests" USING btree ("criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ABERTO' and creditos is not null and escolhido_id is null;--> statement-breakpoint
CREATE INDEX "requests_abertos_esp_idx_0020" ON "requests" USING btree ("especialidade","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ABERTO' and creditos is not null and escolhido_id is null;--> statement-breakpoint
CREATE INDEX "requests_abertos_bairro_idx_0020" ON "requests" USING btree ("bairro","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ABERTO' and creditos is not null and escolhido_id is null;--> statement-breakpoint
CREATE INDEX "requests_abertos_tempo_idx_0020" ON "requests" USING btree ("tempo","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ABERTO' and creditos is not null and escolhido_id is null;--> statement-breakpoint
CREATE INDEX "requests_abertos_busca_trgm_0020" ON "requests" USING gin ("busca" gin_trgm_ops) WITH (gin_pending_list_limit = 128) WHERE status = 'ABERTO' and creditos is not null and escolhido_id is null;--> statement-breakpoint
CREATE INDEX "requests_abertos_bairro_esp_idx_0020" ON "requests" USING btree ("bairro","especialidade","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST,"tempo","busca") WHERE status = 'ABERTO' and creditos is not null and escolhido_id is null;--> statement-breakpoint
DROP INDEX "requests_abertos_idx";--> statement-breakpoint
DROP INDEX "requests_abertos_esp_idx";--> statement-breakpoint
DROP INDEX "requests_abertos_bairro_idx";--> statement-breakpoint
DROP INDEX "requests_abertos_tempo_idx";--> statement-breakpoint
DROP INDEX "requests_abertos_busca_trgm";--> statement-breakpoint
DROP INDEX "requests_abertos_bairro_esp_idx";--> statement-breakpoint
ALTER INDEX "requests_abertos_idx_0020" RENAME TO "requests_abertos_idx";--> statement-breakpoint
ALTER INDEX "requests_abertos_esp_idx_0020" RENAME TO "requests_abertos_esp_idx";--> statement-breakpoint
ALTER INDEX "requests_abertos_bairro_idx_0020" RENAME TO "requests_abertos_bairro_idx";--> statement-breakpoint
ALTER INDEX "requests_abertos_tempo_idx_0020" RENAME TO "requests_abertos_tempo_idx";--> statement-breakpoint
ALTER INDEX "requests_abertos_busca_trgm_0020" RENAME TO "requests_abertos_busca_trgm";--> statement-breakpoint
ALTER INDEX "requests_abertos_bairro_esp_idx_0020" RENAME TO "requests_abertos_bairro_esp_idx";
