CREATE TABLE "tax_year_counts" (
	"year" smallint NOT NULL,
	"shard" smallint NOT NULL,
	"creators" bigint NOT NULL,
	CONSTRAINT "tax_year_counts_year_shard_pk" PRIMARY KEY("year","shard")
);
--> statement-breakpoint
CREATE TABLE "tax_year_totals" (
	"year" smallint NOT NULL,
	"influencer_id" integer NOT NULL,
	"paid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tax_year_totals_year_influencer_id_pk" PRIMARY KEY("year","influencer_id")
);
--> statement-breakpoint
ALTER TABLE "tax_year_totals" ADD CONSTRAINT "tax_year_totals_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_year_totals_paid_idx" ON "tax_year_totals" USING btree ("year","paid","influencer_id");