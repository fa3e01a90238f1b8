-- A project's job alerts are written 500 professionals at a time, in id order, from the last one told
-- (fanOutNewProject). Through the specialties' GIN index every batch read every professional of the
-- district with the specialty at a random page of the table, then sorted them: 45 ms a batch for
-- Lisbon's 2,157 electricians of one kind on the generated million, five batches a project. Walked
-- here from the last id, the specialties and the address read from the index itself, a batch takes
-- 8 ms. The district alone is still answered by it. Decision 0006.
DROP INDEX "profissionais_bairro_idx";--> statement-breakpoint
CREATE INDEX "profissionais_bairro_id_idx" ON "profissionais" USING btree ("bairro","id","especialidades","email");
