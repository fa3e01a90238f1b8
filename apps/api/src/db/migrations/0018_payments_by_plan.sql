-- The back office's payments filtered by plan (and by month): the plan's rows in the list's order,
-- instead of walking every payment of the month and dropping the other plans (~450 rows for a page of 11).
CREATE INDEX "payments_plano_idx" ON "payments" USING btree ("plano","criado_em" DESC NULLS FIRST,"id" DESC NULLS FIRST);