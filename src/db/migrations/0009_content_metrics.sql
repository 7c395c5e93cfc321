CREATE TABLE "content_metric_fetches" (
	"submission_id" integer NOT NULL,
	"post_url" text NOT NULL,
	"platform" text NOT NULL,
	"approved_at" timestamp (3) with time zone NOT NULL,
	"next_fetch_at" timestamp (3) with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_fetched_at" timestamp (3) with time zone,
	"done_at" timestamp (3) with time zone,
	CONSTRAINT "content_metric_fetches_submission_id_post_url_pk" PRIMARY KEY("submission_id","post_url")
);
--> statement-breakpoint
CREATE TABLE "content_metric_snapshots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_metric_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" integer NOT NULL,
	"post_url" text NOT NULL,
	"source" text NOT NULL,
	"views" bigint,
	"likes" bigint,
	"comments" bigint,
	"shares" bigint,
	"saves" bigint,
	"reach" bigint,
	"measured_at" timestamp (3) with time zone NOT NULL,
	"screenshot_url" text,
	"entered_by" text,
	"confirmed_by" text,
	"confirmed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_metric_snapshots_source_check" CHECK ("content_metric_snapshots"."source" in ('api','admin','creator')),
	CONSTRAINT "content_metric_snapshots_counts_check" CHECK (coalesce("content_metric_snapshots"."views", 0) >= 0 and coalesce("content_metric_snapshots"."likes", 0) >= 0 and coalesce("content_metric_snapshots"."comments", 0) >= 0 and coalesce("content_metric_snapshots"."shares", 0) >= 0 and coalesce("content_metric_snapshots"."saves", 0) >= 0 and coalesce("content_metric_snapshots"."reach", 0) >= 0),
	CONSTRAINT "content_metric_snapshots_screenshot_check" CHECK ("content_metric_snapshots"."source" <> 'creator' or "content_metric_snapshots"."screenshot_url" is not null)
);
--> statement-breakpoint
ALTER TABLE "content_metric_fetches" ADD CONSTRAINT "content_metric_fetches_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_metric_snapshots" ADD CONSTRAINT "content_metric_snapshots_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_metric_snapshots" ADD CONSTRAINT "content_metric_snapshots_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_metric_snapshots" ADD CONSTRAINT "content_metric_snapshots_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_metric_fetches_due_idx" ON "content_metric_fetches" USING btree ("next_fetch_at") WHERE "content_metric_fetches"."done_at" is null;--> statement-breakpoint
CREATE INDEX "content_metric_snapshots_post_idx" ON "content_metric_snapshots" USING btree ("submission_id","post_url","measured_at" DESC NULLS LAST);