CREATE TABLE "instagram_connections" (
	"influencer_id" integer PRIMARY KEY NOT NULL,
	"ig_user_id" text NOT NULL,
	"username" text NOT NULL,
	"token_ciphertext" text NOT NULL,
	"token_expires_at" timestamp (3) with time zone NOT NULL,
	"age_demographics" jsonb,
	"demographics_at" timestamp (3) with time zone,
	"connected_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instagram_connections" ADD CONSTRAINT "instagram_connections_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_metric_snapshots_counted_idx" ON "content_metric_snapshots" USING btree ("submission_id","post_url",("source" = 'api') desc,"measured_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "content_metric_snapshots"."source" <> 'creator' or "content_metric_snapshots"."confirmed_at" is not null;