-- Nothing orders by nota_media since the ranking moved to nota_bayes (docs/decisions/0015); the index
-- only cost a write on every rating change (16 MB on the benchmark's 100,000 professionals).
DROP INDEX IF EXISTS "profissionais_rating_idx";
