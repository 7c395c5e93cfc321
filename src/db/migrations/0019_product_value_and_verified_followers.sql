ALTER TABLE "campaigns" ADD COLUMN "product_value" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "verified_followers" integer;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "verified_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_product_value_check" CHECK ("campaigns"."product_value" is null or "campaigns"."product_value" >= 0);--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_verified_followers_check" CHECK ("social_accounts"."verified_followers" is null or "social_accounts"."verified_followers" >= 0);