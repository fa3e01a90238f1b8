-- A review decided recomputes its professional's average, count and badges: each approved review's
-- score and each completed project's status and specialty were read from its table page (about fifty
-- random page reads for a professional with twenty reviews, cold). With them in the indexes the
-- recompute reads a few index pages instead. Decision 0006.
DROP INDEX "requests_escolhido_idx";--> statement-breakpoint
DROP INDEX "reviews_prof_aprovadas_idx";--> statement-breakpoint
CREATE INDEX "requests_escolhido_idx" ON "requests" USING btree ("escolhido_id","status","especialidade","escolhido_em") WHERE escolhido_id is not null;--> statement-breakpoint
CREATE INDEX "reviews_prof_aprovadas_idx" ON "reviews" USING btree ("profissional_id","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST,"nota") WHERE status = 'APROVADO';