-- The back office's search of one or two letters matches the start of an e-mail address (db/search.ts
-- containsLower). The trigram index could not find it: every address holds a word that starts so
-- ("...@exemplo.pt", a number), so "pt" handed all 200,004 clients to be checked (0.2-0.3 s on the
-- generated million). In byte order (text_pattern_ops), 'pt%' is a range of this index.
CREATE INDEX "clientes_email_inicio_idx" ON "clientes" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "profissionais_email_inicio_idx" ON "profissionais" USING btree (lower("email") text_pattern_ops);