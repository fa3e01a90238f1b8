CREATE INDEX "requests_abertos_bairro_esp_idx" ON "requests" USING btree ("bairro","especialidade","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ABERTO' and creditos is not null;--> statement-breakpoint
-- Trigram (GIN) indexes keep new entries in a pending list that every search reads in full until it is
-- merged; with the default 4 MB a busy table made each search scan hundreds of pages. 128 kB keeps that
-- scan short; the insert that fills it pays for the merge (docs/decisions/0006).
ALTER INDEX "clientes_busca_trgm" SET (gin_pending_list_limit = 128);--> statement-breakpoint
ALTER INDEX "clientes_email_trgm" SET (gin_pending_list_limit = 128);--> statement-breakpoint
ALTER INDEX "profissionais_busca_trgm" SET (gin_pending_list_limit = 128);--> statement-breakpoint
ALTER INDEX "profissionais_email_trgm" SET (gin_pending_list_limit = 128);--> statement-breakpoint
ALTER INDEX "requests_busca_trgm" SET (gin_pending_list_limit = 128);--> statement-breakpoint
ALTER INDEX "reviews_busca_trgm" SET (gin_pending_list_limit = 128);--> statement-breakpoint
-- Room on each page for the row's next version: a balance change or a badge change then stays on its
-- page (a HOT update) and writes no index entries at all.
ALTER TABLE "profissionais" SET (fillfactor = 90);--> statement-breakpoint
ALTER TABLE "subscriptions" SET (fillfactor = 90);
