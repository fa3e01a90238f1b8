-- A professional's usual job search (district and specialty, with or without urgency and text) reads
-- a page from its index alone (docs/decisions/0006): the index also holds what the search tests
-- besides its order ("not chosen yet", the urgency, the text), so the rows a page skips are judged on
-- the index without visiting the table.
DROP INDEX "requests_abertos_bairro_esp_idx";--> statement-breakpoint
CREATE INDEX "requests_abertos_bairro_esp_idx" ON "requests" USING btree ("bairro","especialidade","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST,"tempo","escolhido_id","busca") WHERE status = 'ABERTO' and creditos is not null;