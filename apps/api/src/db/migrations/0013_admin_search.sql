-- The back office's searches of projects and reviews match the client's name too (docs/decisions/0006).
-- It was one more branch of an OR, `cliente_id = ANY(the first 200 matching clients)`: a common surname
-- (one client in seven is a Silva) read and sorted thousands of projects, and missed every other
-- Silva. Now the client's folded name is part of one stored search column per table, kept by triggers:
-- on the row when its own text or client changes, and on the client's rows when the name changes
-- (anonymising a deleted account included), so a common word walks the list's own index and stops at
-- the page, and a rare one reads the trigram index. Job search keeps `requests.busca`, without names.
ALTER TABLE "requests" ADD COLUMN "busca_admin" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "busca_admin" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION requests_busca_admin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.busca_admin := lower(f_unaccent(NEW.titulo || ' ' || NEW.cidade || ' ' || NEW.bairro))
    || coalesce(' ' || (SELECT c.busca FROM clientes c WHERE c.id = NEW.cliente_id), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER requests_busca_admin BEFORE INSERT OR UPDATE OF titulo, cidade, bairro, cliente_id ON "requests"
  FOR EACH ROW EXECUTE FUNCTION requests_busca_admin();--> statement-breakpoint
CREATE OR REPLACE FUNCTION reviews_busca_admin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.busca_admin := lower(f_unaccent(NEW.comentario))
    || coalesce(' ' || (SELECT c.busca FROM clientes c WHERE c.id = NEW.cliente_id), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER reviews_busca_admin BEFORE INSERT OR UPDATE OF comentario, cliente_id ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION reviews_busca_admin();--> statement-breakpoint
CREATE OR REPLACE FUNCTION clientes_nome_na_busca() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests SET busca_admin = busca || ' ' || NEW.busca WHERE cliente_id = NEW.id;
  UPDATE reviews SET busca_admin = lower(f_unaccent(comentario)) || ' ' || NEW.busca WHERE cliente_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER clientes_nome_na_busca AFTER UPDATE OF nome ON "clientes"
  FOR EACH ROW WHEN (OLD.nome IS DISTINCT FROM NEW.nome) EXECUTE FUNCTION clientes_nome_na_busca();--> statement-breakpoint
UPDATE "requests" r SET "busca_admin" = r.busca || ' ' || c.busca FROM "clientes" c WHERE c.id = r.cliente_id;--> statement-breakpoint
UPDATE "reviews" r SET "busca_admin" = lower(f_unaccent(r.comentario)) || ' ' || c.busca FROM "clientes" c WHERE c.id = r.cliente_id;--> statement-breakpoint
DROP INDEX "requests_busca_trgm";--> statement-breakpoint
DROP INDEX "reviews_busca_trgm";--> statement-breakpoint
ALTER TABLE "reviews" DROP COLUMN "busca";--> statement-breakpoint
CREATE INDEX "requests_busca_admin_trgm" ON "requests" USING gin ("busca_admin" gin_trgm_ops) WITH (gin_pending_list_limit = 128);--> statement-breakpoint
CREATE INDEX "reviews_busca_admin_trgm" ON "reviews" USING gin ("busca_admin" gin_trgm_ops) WITH (gin_pending_list_limit = 128);
