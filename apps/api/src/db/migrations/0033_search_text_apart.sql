-- The back office's search texts of projects and reviews move out of their rows into tables of their
-- own, one row each, kept by the same triggers as before (migration 0013). Approving, choosing,
-- completing and pricing a project, and deciding a review, change indexed columns of the row; every
-- such update wrote a new index entry in every index of the table, and in a trigram GIN that is every
-- trigram of the text again: 58 of a choice's 71 WAL records, and the merges of the GIN's pending list,
-- paid by whichever request filled it, were the writes' p99. Decision 0006.
CREATE TABLE "requests_busca" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"texto" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews_busca" (
	"review_id" integer PRIMARY KEY NOT NULL,
	"texto" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "requests_busca" ("request_id", "texto") SELECT "id", "busca_admin" FROM "requests" WHERE "busca_admin" IS NOT NULL;--> statement-breakpoint
INSERT INTO "reviews_busca" ("review_id", "texto") SELECT "id", "busca_admin" FROM "reviews" WHERE "busca_admin" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "requests_busca" ADD CONSTRAINT "requests_busca_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews_busca" ADD CONSTRAINT "reviews_busca_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_busca_trgm" ON "requests_busca" USING gin ("texto" gin_trgm_ops) WITH (gin_pending_list_limit = 128);--> statement-breakpoint
CREATE INDEX "reviews_busca_trgm" ON "reviews_busca" USING gin ("texto" gin_trgm_ops) WITH (gin_pending_list_limit = 128);--> statement-breakpoint
DROP TRIGGER "requests_busca_admin" ON "requests";--> statement-breakpoint
DROP TRIGGER "reviews_busca_admin" ON "reviews";--> statement-breakpoint
DROP FUNCTION requests_busca_admin();--> statement-breakpoint
DROP FUNCTION reviews_busca_admin();--> statement-breakpoint
CREATE FUNCTION requests_busca_texto() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO requests_busca (request_id, texto)
  VALUES (NEW.id, lower(f_unaccent(NEW.titulo || ' ' || NEW.cidade || ' ' || NEW.bairro))
    || coalesce(' ' || (SELECT c.busca FROM clientes c WHERE c.id = NEW.cliente_id), ''))
  ON CONFLICT (request_id) DO UPDATE SET texto = excluded.texto;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER requests_busca_texto AFTER INSERT OR UPDATE OF titulo, cidade, bairro, cliente_id ON "requests"
  FOR EACH ROW EXECUTE FUNCTION requests_busca_texto();--> statement-breakpoint
CREATE FUNCTION reviews_busca_texto() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reviews_busca (review_id, texto)
  VALUES (NEW.id, lower(f_unaccent(NEW.comentario))
    || coalesce(' ' || (SELECT c.busca FROM clientes c WHERE c.id = NEW.cliente_id), ''))
  ON CONFLICT (review_id) DO UPDATE SET texto = excluded.texto;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reviews_busca_texto AFTER INSERT OR UPDATE OF comentario, cliente_id ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION reviews_busca_texto();--> statement-breakpoint
CREATE OR REPLACE FUNCTION clientes_nome_na_busca() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests_busca b SET texto = r.busca || ' ' || NEW.busca FROM requests r WHERE r.cliente_id = NEW.id AND b.request_id = r.id;
  UPDATE reviews_busca b SET texto = lower(f_unaccent(v.comentario)) || ' ' || NEW.busca FROM reviews v WHERE v.cliente_id = NEW.id AND b.review_id = v.id;
  RETURN NULL;
END $$;--> statement-breakpoint
ALTER TABLE "requests" DROP COLUMN "busca_admin";--> statement-breakpoint
ALTER TABLE "reviews" DROP COLUMN "busca_admin";
