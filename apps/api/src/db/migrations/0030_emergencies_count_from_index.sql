-- "How many take emergencies in this district, and how many are on call now" (asked before publishing)
-- is counted from the index alone: it also holds the hours and the specialties the count filters on.
DROP INDEX "profissionais_urgencias_idx";--> statement-breakpoint
CREATE INDEX "profissionais_urgencias_idx" ON "profissionais" USING btree ("bairro","urgencias_inicio","urgencias_fim","especialidades") WHERE aceita_urgencias;
