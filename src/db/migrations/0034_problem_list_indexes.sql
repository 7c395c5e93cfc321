DROP INDEX "delivery_problems_open_idx";--> statement-breakpoint
CREATE INDEX "delivery_problems_resolved_idx" ON "delivery_problems" USING btree ("resolved_at" DESC NULLS FIRST,"id") WHERE "delivery_problems"."status" = 'resolved';--> statement-breakpoint
CREATE INDEX "delivery_problems_open_idx" ON "delivery_problems" USING btree ("opened_at","id") WHERE "delivery_problems"."status" = 'open';