ALTER TABLE "stores" DROP CONSTRAINT "stores_state_check";--> statement-breakpoint
ALTER TABLE "store_webhook_events" ADD COLUMN "store_id" integer;--> statement-breakpoint
ALTER TABLE "store_webhook_events" ADD COLUMN "payload" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "store_webhook_events" ADD COLUMN "applied_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "client_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "token_expires_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "webhooks_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "store_webhook_events" ADD CONSTRAINT "store_webhook_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_webhook_events_pending_idx" ON "store_webhook_events" USING btree ("received_at") WHERE "store_webhook_events"."applied_at" is null;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_state_check" CHECK ("stores"."state" in ('connected','revoked','throttled','unreachable','failed','product_deleted'));