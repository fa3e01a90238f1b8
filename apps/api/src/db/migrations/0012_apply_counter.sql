-- The number of applications of each project, kept on the project's row: applying locks that row and
-- checks the five places in the same statement that writes the application (docs/decisions/0003).
-- Statement triggers with transition tables keep it right for every writer (the API, the demo seed,
-- the benchmark generator's bulk inserts) at one UPDATE per statement.
ALTER TABLE "requests" ADD COLUMN "candidaturas_n" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "requests" r SET "candidaturas_n" = c.n
FROM (SELECT request_id, count(*)::int AS n FROM "candidaturas" GROUP BY request_id) c
WHERE c.request_id = r.id;--> statement-breakpoint
CREATE OR REPLACE FUNCTION candidaturas_n_inseridas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests r SET candidaturas_n = r.candidaturas_n + c.n
  FROM (SELECT request_id, count(*)::int AS n FROM novas GROUP BY request_id) c
  WHERE r.id = c.request_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION candidaturas_n_apagadas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests r SET candidaturas_n = greatest(r.candidaturas_n - c.n, 0)
  FROM (SELECT request_id, count(*)::int AS n FROM idas GROUP BY request_id) c
  WHERE r.id = c.request_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER candidaturas_n_insert AFTER INSERT ON "candidaturas" REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION candidaturas_n_inseridas();--> statement-breakpoint
CREATE TRIGGER candidaturas_n_delete AFTER DELETE ON "candidaturas" REFERENCING OLD TABLE AS idas
  FOR EACH STATEMENT EXECUTE FUNCTION candidaturas_n_apagadas();
