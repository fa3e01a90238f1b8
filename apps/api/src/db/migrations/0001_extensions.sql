-- Accent- and case-insensitive search runs in the database (pg_trgm + unaccent).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE; an IMMUTABLE wrapper with an explicit dictionary can be indexed.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS profissionais_nome_trgm ON profissionais USING gin (lower(f_unaccent(nome)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS profissionais_cidade_trgm ON profissionais USING gin (lower(f_unaccent(cidade)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS requests_titulo_trgm ON requests USING gin (lower(f_unaccent(titulo)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS clientes_nome_trgm ON clientes USING gin (lower(f_unaccent(nome)) gin_trgm_ops);
