ALTER TABLE "applications" ADD COLUMN "tracking_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "tracking_retry_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "applications_tracking_retry_idx" ON "applications" USING btree ("tracking_retry_at") WHERE "applications"."tracking_retry_at" is not null;