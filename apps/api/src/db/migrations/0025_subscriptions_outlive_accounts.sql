-- A professional's deletion keeps his subscription (balance included) without him, instead of
-- deleting it: deleting it made PostgreSQL set subscription_id to null in candidaturas and
-- credit_ledger, found by a column no index leads (two reads of the largest tables: 0.15 + 0.30 s on
-- the benchmark's data, growing with them). An index on those columns would have cost every
-- application two more index writes (+6-8 KB of WAL each after a checkpoint, measured). The ledger
-- lines keep naming the subscription, so balance = sum of the ledger still holds for it.
-- lead_reports.profissional_id gets its index for the same deletion.
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_profissional_id_profissionais_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "profissional_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_reports_profissional_idx" ON "lead_reports" USING btree ("profissional_id");