CREATE TABLE "influencer_counts" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_totals" (
	"figure" text NOT NULL,
	"shard" smallint NOT NULL,
	"count" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "payment_totals_figure_shard_pk" PRIMARY KEY("figure","shard")
);
--> statement-breakpoint
CREATE TABLE "transaction_counts" (
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "transaction_counts_kind_status_shard_pk" PRIMARY KEY("kind","status","shard")
);
--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transactions_campaign_idx" ON "transactions" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "mint_adjustments_reason_trgm_idx" ON "mint_adjustments" USING gin ("reason" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payouts_completed_at_idx" ON "payouts" USING btree ("completed_at") WHERE "payouts"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "payouts_paypal_email_trgm_idx" ON "payouts" USING gin ("paypal_email" gin_trgm_ops);