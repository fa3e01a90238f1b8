CREATE TABLE "ranking_prior" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"m" double precision NOT NULL,
	"calculado_em" timestamp with time zone NOT NULL,
	CONSTRAINT "ranking_prior_one_row" CHECK ("ranking_prior"."id" = 1)
);
