CREATE TABLE "content_post_previews" (
	"submission_id" integer NOT NULL,
	"post_url" text NOT NULL,
	"platform" text NOT NULL,
	"caption" text,
	"thumbnail_upload" text,
	"read_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "content_post_previews_submission_id_post_url_pk" PRIMARY KEY("submission_id","post_url")
);
--> statement-breakpoint
ALTER TABLE "content_post_previews" ADD CONSTRAINT "content_post_previews_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_post_previews" ADD CONSTRAINT "content_post_previews_thumbnail_upload_uploads_name_fk" FOREIGN KEY ("thumbnail_upload") REFERENCES "uploads"("name") ON DELETE set null ON UPDATE no action;