-- Job search reads a page from its index alone (docs/decisions/0006): the open-jobs index and the
-- district + specialty one also hold what the search tests besides their order ("not chosen yet",
-- the urgency, the text), so the rows a page skips are judged on the index without visiting the table.
DROP INDEX "requests_abertos_idx";--> statement-breakpoint
DROP INDEX "requests_abertos_bairro_esp_idx";--> statement-breakpoint
CREATE INDEX "requests_abertos_idx" ON "requests" USING btree ("criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST,"escolhido_id","busca") WHERE status = 'ABERTO' and creditos is not null;--> statement-breakpoint
CREATE INDEX "requests_abertos_bairro_esp_idx" ON "requests" USING btree ("bairro","especialidade","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST,"tempo","escolhido_id","busca") WHERE status = 'ABERTO' and creditos is not null;