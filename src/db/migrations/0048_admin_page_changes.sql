-- Issue 37 (decision 0049): the admins' campaign pages kept as ready answers (the review page's applicants, the
-- shipping list, the packing summary; src/server/services/admin-answers.ts) are forgotten on every instance whenever
-- a table they read changes. One notice per statement on the instances' bus (src/db/cache-invalidation.ts, channel
-- 'admin-pages', no key: every kept page), sent at commit, whoever wrote (a route, a job, a webhook, a trigger,
-- another instance); PostgreSQL sends one notice per distinct payload per transaction, so a job that writes
-- thousands of rows sends one. The payload names the schema, so an instance (or a test) hears only its own.
CREATE OR REPLACE FUNCTION mintbox_admin_pages_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mintbox_invalidate', json_build_object('c', 'admin-pages', 'k', NULL, 's', current_schema())::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaigns_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON campaigns
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
--> statement-breakpoint
CREATE TRIGGER applications_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON applications
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
--> statement-breakpoint
CREATE TRIGGER application_choices_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON application_choices
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
--> statement-breakpoint
CREATE TRIGGER campaign_products_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON campaign_products
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
--> statement-breakpoint
CREATE TRIGGER product_variants_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
--> statement-breakpoint
CREATE TRIGGER applicant_keys_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON applicant_keys
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
--> statement-breakpoint
CREATE TRIGGER applicant_counts_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON applicant_counts
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
--> statement-breakpoint
CREATE TRIGGER influencers_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON influencers
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
--> statement-breakpoint
CREATE TRIGGER influencer_profiles_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON influencer_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
--> statement-breakpoint
CREATE TRIGGER account_closures_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON account_closures
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
--> statement-breakpoint
CREATE TRIGGER social_accounts_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON social_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
--> statement-breakpoint
CREATE TRIGGER submissions_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON submissions
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
--> statement-breakpoint
CREATE TRIGGER content_post_previews_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_post_previews
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
--> statement-breakpoint
CREATE TRIGGER application_shipping_addresses_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON application_shipping_addresses
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
--> statement-breakpoint
CREATE TRIGGER follower_changes_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON follower_changes
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
--> statement-breakpoint
CREATE TRIGGER creator_reliability_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON creator_reliability
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
--> statement-breakpoint
CREATE TRIGGER content_post_figures_admin_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_post_figures
  FOR EACH STATEMENT EXECUTE FUNCTION mintbox_admin_pages_notify();
