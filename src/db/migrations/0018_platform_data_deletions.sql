CREATE TABLE "platform_data_deletions" (
	"confirmation_code" text PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"kind" text NOT NULL,
	"platform_user_id" text NOT NULL,
	"removed" jsonb NOT NULL,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone,
	CONSTRAINT "platform_data_deletions_kind_check" CHECK ("platform_data_deletions"."kind" in ('deauthorize','data_deletion')),
	CONSTRAINT "platform_data_deletions_platform_check" CHECK ("platform_data_deletions"."platform" in ('instagram'))
);
--> statement-breakpoint
CREATE INDEX "platform_data_deletions_user_idx" ON "platform_data_deletions" USING btree ("platform","platform_user_id");