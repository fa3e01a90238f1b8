-- Projects that just became visible wait here for the worker, which tells the professionals of their
-- zone (a bell row and an e-mail each): approving no longer writes ~740 of each before it answers.
CREATE TABLE "job_alert_queue" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"visivel_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_alert_queue" ADD CONSTRAINT "job_alert_queue_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_alert_queue_visivel_idx" ON "job_alert_queue" USING btree ("visivel_em");
