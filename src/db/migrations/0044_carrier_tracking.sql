CREATE TABLE "tracking_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"tracker_id" text NOT NULL,
	"tracker" jsonb NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	"applied_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "delivered_by" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "carrier_delivered_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "tracker_id" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "carrier_status" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "carrier_status_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "carrier_est_delivery" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "carrier_events" jsonb;--> statement-breakpoint
CREATE INDEX "tracking_webhook_events_pending_idx" ON "tracking_webhook_events" USING btree ("received_at") WHERE "tracking_webhook_events"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "applications_tracker_idx" ON "applications" USING btree ("tracker_id");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_delivered_by_check" CHECK ("applications"."delivered_by" is null or "applications"."delivered_by" in ('carrier','person'));