CREATE TABLE "app_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_attempts" (
	"subject" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp (3) with time zone NOT NULL,
	"locked_until" timestamp (3) with time zone,
	"notified_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "app_rate_limits_expires_idx" ON "app_rate_limits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "password_attempts_last_failure_idx" ON "password_attempts" USING btree ("last_failure_at");