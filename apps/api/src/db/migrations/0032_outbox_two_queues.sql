-- The worker claims due e-mails in two queues: a person's own news (a new applicant, being chosen, a
-- refund, a digest of the back office) first, then the job alerts, which come hundreds at a time per
-- project and made that news wait behind them. Built before the old index goes, so a claim always
-- has one. Decision 0010.
CREATE INDEX "email_outbox_pessoais_pendentes_idx" ON "email_outbox" USING btree ("proxima_tentativa","id") WHERE estado = 'PENDENTE' and tipo <> 'novo_projeto_na_zona';--> statement-breakpoint
CREATE INDEX "email_outbox_alertas_pendentes_idx" ON "email_outbox" USING btree ("proxima_tentativa","id") WHERE estado = 'PENDENTE' and tipo = 'novo_projeto_na_zona';--> statement-breakpoint
DROP INDEX "email_outbox_pendentes_idx";
