CREATE TABLE "account_closures" (
	"influencer_id" integer PRIMARY KEY NOT NULL,
	"user_id" text,
	"anonymous_id" text NOT NULL,
	"closed_at" timestamp (3) with time zone NOT NULL,
	"anonymise_after" timestamp (3) with time zone NOT NULL,
	"anonymised_at" timestamp (3) with time zone,
	"mint_given_up" integer DEFAULT 0 NOT NULL,
	"applications_withdrawn" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_closures_anonymous_id_unique" UNIQUE("anonymous_id"),
	CONSTRAINT "account_closures_mint_check" CHECK ("account_closures"."mint_given_up" >= 0)
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"influencer_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"file_name" text,
	"token_hash" text,
	"requested_at" timestamp (3) with time zone NOT NULL,
	"ready_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone,
	"downloaded_at" timestamp (3) with time zone,
	CONSTRAINT "data_exports_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" in ('requested','ready','downloaded','expired'))
);
--> statement-breakpoint
ALTER TABLE "account_closures" ADD CONSTRAINT "account_closures_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "influencers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_closures" ADD CONSTRAINT "account_closures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_closures_user_idx" ON "account_closures" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_closures_due_idx" ON "account_closures" USING btree ("anonymise_after") WHERE "account_closures"."anonymised_at" is null;--> statement-breakpoint
CREATE INDEX "data_exports_influencer_idx" ON "data_exports" USING btree ("influencer_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "data_exports_requested_idx" ON "data_exports" USING btree ("requested_at") WHERE "data_exports"."status" = 'requested';