ALTER TABLE "instagram_connections" ADD COLUMN "ig_scoped_id" text;--> statement-breakpoint
ALTER TABLE "platform_data_deletions" ADD COLUMN "request_digest" text;--> statement-breakpoint
CREATE INDEX "instagram_connections_ig_user_idx" ON "instagram_connections" USING btree ("ig_user_id");--> statement-breakpoint
CREATE INDEX "instagram_connections_scoped_idx" ON "instagram_connections" USING btree ("ig_scoped_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_data_deletions_request_idx" ON "platform_data_deletions" USING btree ("request_digest");