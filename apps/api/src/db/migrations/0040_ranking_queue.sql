-- A review's approval no longer moves nota_bayes itself (the one indexed column it changed, so its
-- update of the professional was never HOT): it queues the professional here, and the worker moves his
-- ranking within seconds (refreshRankings; decisions 0006 and 0015).
CREATE TABLE "ranking_pendente" (
	"profissional_id" integer PRIMARY KEY NOT NULL
);
