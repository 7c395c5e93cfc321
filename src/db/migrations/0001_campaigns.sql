CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"platform" text NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"deadline" date NOT NULL,
	"reward" integer DEFAULT 0 NOT NULL,
	"applications_count" integer DEFAULT 0 NOT NULL,
	"followers_required" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"budget" numeric(12, 2) DEFAULT '0' NOT NULL,
	"reach" integer DEFAULT 0 NOT NULL,
	"image_url" text NOT NULL,
	"gallery" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text GENERATED ALWAYS AS (campaign_search_text(name, brand, description, tags)) STORED NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_platform_check" CHECK ("campaigns"."platform" in ('instagram', 'tiktok', 'youtube', 'facebook')),
	CONSTRAINT "campaigns_type_check" CHECK ("campaigns"."type" in ('gifting', 'paid', 'gifting_paid')),
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('draft', 'active', 'pending', 'ended')),
	CONSTRAINT "campaigns_reward_check" CHECK ("campaigns"."reward" >= 0),
	CONSTRAINT "campaigns_counts_check" CHECK ("campaigns"."applications_count" >= 0 and "campaigns"."followers_required" >= 0 and "campaigns"."reach" >= 0),
	CONSTRAINT "campaigns_budget_check" CHECK ("campaigns"."budget" >= 0)
);
--> statement-breakpoint
CREATE INDEX "campaigns_newest_idx" ON "campaigns" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_platform_newest_idx" ON "campaigns" USING btree ("platform","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_status_newest_idx" ON "campaigns" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_search_trgm_idx" ON "campaigns" USING gin ("search_text" gin_trgm_ops);