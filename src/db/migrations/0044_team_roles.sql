ALTER TABLE "users" ADD COLUMN "admin_role" text;--> statement-breakpoint
-- Issue 39: every admin there was could do everything; they become the team's Owners.
UPDATE "users" SET "admin_role" = 'owner' WHERE "role" = 'admin';
