CREATE TABLE "creator_reliability" (
	"influencer_id" integer PRIMARY KEY NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"on_time" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	"missed" integer DEFAULT 0 NOT NULL,
	"first_reviewed" integer DEFAULT 0 NOT NULL,
	"first_approved" integer DEFAULT 0 NOT NULL,
	"boxes_shipped" integer DEFAULT 0 NOT NULL,
	"problems_reported" integer DEFAULT 0 NOT NULL,
	"delivery_to_post_count" integer DEFAULT 0 NOT NULL,
	"delivery_to_post_seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_reliability" ADD CONSTRAINT "creator_reliability_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_campaign_newest_idx" ON "applications" USING btree ("campaign_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);