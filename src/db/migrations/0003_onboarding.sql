CREATE TABLE "email_verification_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_verification_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"influencer_id" integer NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"consumed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "influencer_profiles" (
	"influencer_id" integer PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"paypal_email" text NOT NULL,
	"phone_number" text NOT NULL,
	"primary_category" text NOT NULL,
	"secondary_category" text NOT NULL,
	"full_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"shipping_phone" text NOT NULL,
	"influencer_tier" text NOT NULL,
	"total_followers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "influencer_profiles_total_followers_check" CHECK ("influencer_profiles"."total_followers" >= 0)
);
--> statement-breakpoint
CREATE TABLE "social_accounts" (
	"influencer_id" integer NOT NULL,
	"platform" text NOT NULL,
	"handle" text,
	"followers" integer,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_accounts_influencer_id_platform_pk" PRIMARY KEY("influencer_id","platform"),
	CONSTRAINT "social_accounts_platform_check" CHECK ("social_accounts"."platform" in ('instagram', 'tiktok', 'youtube', 'facebook')),
	CONSTRAINT "social_accounts_followers_check" CHECK ("social_accounts"."followers" is null or "social_accounts"."followers" >= 0)
);
--> statement-breakpoint
ALTER TABLE "email_verification_codes" ADD CONSTRAINT "email_verification_codes_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencer_profiles" ADD CONSTRAINT "influencer_profiles_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verification_codes_influencer_idx" ON "email_verification_codes" USING btree ("influencer_id","created_at" DESC NULLS LAST);