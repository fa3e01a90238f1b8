-- Job search: each open-jobs index carries the text (and the urgency, for a specialty or a district),
-- so a later page of a search by text finds its ids by walking the index in order without visiting
-- a row. Page 500 of "quadro" on the generated million read its 17,000 matches and sorted them
-- (55 ms), or with "Urgente" visited every row it walked (470 ms); now 2-20 ms. Built in a few
-- seconds on a million projects (partial: the open jobs only).
DROP INDEX "requests_abertos_idx";--> statement-breakpoint
DROP INDEX "requests_abertos_esp_idx";--> statement-breakpoint
DROP INDEX "requests_abertos_bairro_idx";--> statement-breakpoint
DROP INDEX "requests_abertos_tempo_idx";--> statement-breakpoint
CREATE INDEX "requests_abertos_idx" ON "requests" USING btree ("criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST,"busca") WHERE status = 'ABERTO' and creditos is not null and escolhido_id is null;--> statement-breakpoint
CREATE INDEX "requests_abertos_esp_idx" ON "requests" USING btree ("especialidade","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST,"tempo","busca") WHERE status = 'ABERTO' and creditos is not null and escolhido_id is null;--> statement-breakpoint
CREATE INDEX "requests_abertos_bairro_idx" ON "requests" USING btree ("bairro","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST,"tempo","busca") WHERE status = 'ABERTO' and creditos is not null and escolhido_id is null;--> statement-breakpoint
CREATE INDEX "requests_abertos_tempo_idx" ON "requests" USING btree ("tempo","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST,"busca") WHERE status = 'ABERTO' and creditos is not null and escolhido_id is null;