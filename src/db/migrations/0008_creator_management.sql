CREATE TABLE "creator_moderation_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "creator_moderation_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"influencer_id" integer NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"actor_user_id" text,
	"actor_name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_moderation_events_action_check" CHECK ("creator_moderation_events"."action" in ('suspend','ban','restore'))
);
--> statement-breakpoint
CREATE TABLE "creator_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "creator_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"influencer_id" integer NOT NULL,
	"body" text NOT NULL,
	"author_user_id" text,
	"author_name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follower_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follower_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"influencer_id" integer NOT NULL,
	"platform" text NOT NULL,
	"old_followers" integer,
	"new_followers" integer,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_shipping_addresses" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"phone" text NOT NULL,
	"reason" text,
	"set_by_user_id" text,
	"set_by_name" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_problems" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_problems_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"reply" text,
	"replied_at" timestamp (3) with time zone,
	"replied_by_name" text,
	"reshipped_at" timestamp (3) with time zone,
	"resolution" text,
	"resolved_at" timestamp (3) with time zone,
	"resolved_by_name" text,
	"opened_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_problems_status_check" CHECK ("delivery_problems"."status" in ('open','resolved')),
	CONSTRAINT "delivery_problems_kind_check" CHECK ("delivery_problems"."kind" in ('not_received','damaged','wrong_item'))
);
--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_delivery_problem_check";--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "standing" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_moderation_events" ADD CONSTRAINT "creator_moderation_events_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_moderation_events" ADD CONSTRAINT "creator_moderation_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_notes" ADD CONSTRAINT "creator_notes_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_notes" ADD CONSTRAINT "creator_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follower_changes" ADD CONSTRAINT "follower_changes_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_shipping_addresses" ADD CONSTRAINT "application_shipping_addresses_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_shipping_addresses" ADD CONSTRAINT "application_shipping_addresses_set_by_user_id_users_id_fk" FOREIGN KEY ("set_by_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_problems" ADD CONSTRAINT "delivery_problems_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_moderation_events_influencer_idx" ON "creator_moderation_events" USING btree ("influencer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creator_notes_influencer_idx" ON "creator_notes" USING btree ("influencer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "follower_changes_influencer_idx" ON "follower_changes" USING btree ("influencer_id","changed_at");--> statement-breakpoint
CREATE INDEX "delivery_problems_application_idx" ON "delivery_problems" USING btree ("application_id","opened_at");--> statement-breakpoint
CREATE INDEX "delivery_problems_open_idx" ON "delivery_problems" USING btree ("opened_at") WHERE "delivery_problems"."status" = 'open';--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_delivery_problem_check" CHECK ("applications"."delivery_problem" is null or "applications"."delivery_problem" in ('not_received','damaged','wrong_item'));--> statement-breakpoint
ALTER TABLE "influencers" ADD CONSTRAINT "influencers_standing_check" CHECK ("influencers"."standing" in ('active','suspended','banned'));