-- The back office's reported contacts: lead_reports_admin_idx also holds estado, so a later page's
-- ids are read from the index alone (its order is an expression of estado: migration 0021 did the
-- same for the other back-office lists), then only that page's reports are joined to their people.
DROP INDEX "lead_reports_admin_idx";--> statement-breakpoint
CREATE INDEX "lead_reports_admin_idx" ON "lead_reports" USING btree (("estado" <> 'ABERTO'),"criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST,"estado");