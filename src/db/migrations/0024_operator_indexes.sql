DROP INDEX "transactions_created_idx";--> statement-breakpoint
DROP INDEX "transactions_kind_status_idx";--> statement-breakpoint
CREATE INDEX "influencers_newest_idx" ON "influencers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "influencers_name_trgm_idx" ON "influencers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "influencers_username_trgm_idx" ON "influencers" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "influencers_email_trgm_idx" ON "influencers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_kind_created_idx" ON "transactions" USING btree ("kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_status_created_idx" ON "transactions" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_kind_status_idx" ON "transactions" USING btree ("kind","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);