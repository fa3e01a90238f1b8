-- Applying raises the project's count of applications itself, in the UPDATE that locks the project's
-- row (docs/decisions/0006, "Applying counts its own application"). The statement trigger of
-- migration 0012 cost PostgreSQL about a third of an application: its transition table, the PL/pgSQL
-- call and a second write of the row it had just locked. Every other writer keeps the count itself:
-- the demo seed and the benchmark generator set it after their inserts. Deletions keep their trigger
-- (a project's deletion cascades; nothing else deletes applications).
DROP TRIGGER IF EXISTS "candidaturas_n_insert" ON "candidaturas";--> statement-breakpoint
DROP FUNCTION IF EXISTS candidaturas_n_inseridas();--> statement-breakpoint
-- Undoes a whole statement from inside it: applying calls it when it took a place but the debit then
-- found the balance spent by a concurrent write (SQLSTATE TC001; the route answers from a fresh read).
CREATE OR REPLACE FUNCTION tc_desfazer(motivo text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'TC001', MESSAGE = motivo;
END $$;
