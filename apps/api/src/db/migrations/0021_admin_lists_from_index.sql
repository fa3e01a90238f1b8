-- The back office's order indexes (projects, professionals, reviews) are over an expression of a
-- column; PostgreSQL reads such an index alone (an Index Only Scan, no visit of each row) only when the
-- index also holds that column. Each now ends with it, so a later page's ids come from the index
-- without visiting the rows its OFFSET skips (projects, page 500: 28 → 0.8 ms on the generated data).
-- Built first under other names while the lists read on, the old dropped and the new renamed last
-- (as migration 0020), so the table's lock is held only for the drops and renames.
CREATE INDEX "profissionais_admin_idx_0021" ON "profissionais" USING btree (("verificacao" is distinct from 'PENDENTE'),"criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST,"verificacao");--> statement-breakpoint
CREATE INDEX "requests_status_idx_0021" ON "requests" USING btree ("status",("tempo" in ('PIQUETE', 'AVARIA')) desc,"criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST,"tempo");--> statement-breakpoint
CREATE INDEX "reviews_admin_idx_0021" ON "reviews" USING btree (("status" <> 'ESPERA'),"criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status");--> statement-breakpoint
DROP INDEX "profissionais_admin_idx";--> statement-breakpoint
DROP INDEX "requests_status_idx";--> statement-breakpoint
DROP INDEX "reviews_admin_idx";--> statement-breakpoint
ALTER INDEX "profissionais_admin_idx_0021" RENAME TO "profissionais_admin_idx";--> statement-breakpoint
ALTER INDEX "requests_status_idx_0021" RENAME TO "requests_status_idx";--> statement-breakpoint
ALTER INDEX "reviews_admin_idx_0021" RENAME TO "reviews_admin_idx";
