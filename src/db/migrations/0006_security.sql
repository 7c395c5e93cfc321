CREATE TABLE "app_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_attempts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp (3) with time zone NOT NULL,
	"locked_until" timestamp (3) with time zone,
	"notified_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "password_attempts" ADD CONSTRAINT "password_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_rate_limits_expires_idx" ON "app_rate_limits" USING btree ("expires_at");