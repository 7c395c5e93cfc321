CREATE TABLE "applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"influencer_id" integer NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"pitch" text,
	"admin_message" text,
	"decided_at" timestamp (3) with time zone,
	"carrier" text,
	"tracking_number" text,
	"shipped_at" timestamp (3) with time zone,
	"delivered_at" timestamp (3) with time zone,
	"delivery_confirmed_at" timestamp (3) with time zone,
	"delivery_problem" text,
	"delivery_problem_note" text,
	"delivery_problem_at" timestamp (3) with time zone,
	"approved_at" timestamp (3) with time zone,
	"reminder_sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('applied','accepted','rejected','withdrawn','shipped','delivered','content_submitted','changes_requested','approved','missed')),
	CONSTRAINT "applications_delivery_problem_check" CHECK ("applications"."delivery_problem" is null or "applications"."delivery_problem" in ('not_received','damaged'))
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"urls" text[] NOT NULL,
	"note" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"review_message" text,
	"reviewed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submissions_status_check" CHECK ("submissions"."status" in ('submitted','approved','changes_requested')),
	CONSTRAINT "submissions_urls_check" CHECK (cardinality("submissions"."urls") between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"influencer_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"campaign_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_reference_unique" UNIQUE("reference"),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" <> 0),
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('reward','redemption','reversal','adjustment'))
);
--> statement-breakpoint
CREATE TABLE "mint_balances" (
	"influencer_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mint_balances_not_negative" CHECK ("mint_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"influencer_id" integer NOT NULL,
	"campaign_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"ledger_reference" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_ledger_reference_unique" UNIQUE("ledger_reference"),
	CONSTRAINT "transactions_status_check" CHECK ("transactions"."status" in ('pending','completed','failed')),
	CONSTRAINT "transactions_kind_check" CHECK ("transactions"."kind" in ('reward','redemption'))
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "max_accepted" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "influencers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mint_balances" ADD CONSTRAINT "mint_balances_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "influencers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "influencers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_campaign_influencer_idx" ON "applications" USING btree ("campaign_id","influencer_id");--> statement-breakpoint
CREATE INDEX "applications_influencer_idx" ON "applications" USING btree ("influencer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_campaign_status_idx" ON "applications" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "submissions_application_idx" ON "submissions" USING btree ("application_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_entries_influencer_idx" ON "ledger_entries" USING btree ("influencer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_influencer_idx" ON "transactions" USING btree ("influencer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at" DESC NULLS LAST);