-- Job search by text reads a trigram index of open jobs only (a third of the projects): a rare word
-- no longer intersects the long lists of its common trigrams over every project ever published
-- (docs/decisions/0006). Its pending list is kept short like the other trigram indexes' (0010).
CREATE INDEX IF NOT EXISTS "requests_abertos_busca_trgm" ON "requests" USING gin ("busca" gin_trgm_ops) WITH (gin_pending_list_limit = 128) WHERE status = 'ABERTO' and creditos is not null;
