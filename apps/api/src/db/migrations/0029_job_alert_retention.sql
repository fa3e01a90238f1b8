-- Job alerts ("Novo projeto na sua zona") are kept a week, the rest of the bell and of the sent mails
-- 90 days: these partial indexes let the worker find the oldest alerts without reading the other kinds.
CREATE INDEX "email_outbox_alertas_idx" ON "email_outbox" USING btree ("criado_em") WHERE tipo = 'novo_projeto_na_zona';--> statement-breakpoint
CREATE INDEX "notificacoes_alertas_idx" ON "notificacoes" USING btree ("criado_em") WHERE tipo = 'novo_projeto_na_zona';
