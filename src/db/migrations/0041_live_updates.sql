-- Issue 40: screens that update themselves. Every write to what the live screens show tells every instance, over the
-- same LISTEN/NOTIFY channel as the caches (src/db/cache-invalidation.ts), which topic changed: 'payments' (the
-- admins' Payments page and payout details), 'problems' (the delivery problems list), 'campaign:<id>' (a campaign's
-- applicants and shipping list), 'creator:<id>' (that creator's wallet and dashboard). Sent from triggers, so every
-- writer counts (a route, a job, a webhook, another instance) and the notice leaves only when the change commits;
-- PostgreSQL sends one notice per distinct payload per transaction. The payload names the schema, so an instance
-- (or a test) hears only its own.
CREATE OR REPLACE FUNCTION mintbox_live_notify(topics text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  topic text;
BEGIN
  FOREACH topic IN ARRAY topics LOOP
    IF topic IS NOT NULL THEN
      PERFORM pg_notify('mintbox_invalidate', json_build_object('c', 'live', 'k', topic, 's', current_schema())::text);
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mintbox_live_money() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_influencer integer;
BEGIN
  IF TG_OP = 'DELETE' THEN row_influencer := OLD.influencer_id; ELSE row_influencer := NEW.influencer_id; END IF;
  PERFORM mintbox_live_notify(ARRAY['payments', 'creator:' || row_influencer]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mintbox_live_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mintbox_live_notify(ARRAY['creator:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.influencer_id ELSE NEW.influencer_id END]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mintbox_live_application() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM mintbox_live_notify(ARRAY['campaign:' || OLD.campaign_id, 'creator:' || OLD.influencer_id]);
  ELSE
    PERFORM mintbox_live_notify(ARRAY['campaign:' || NEW.campaign_id, 'creator:' || NEW.influencer_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mintbox_live_problem() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  app_id integer;
  app_campaign integer;
  app_influencer integer;
BEGIN
  IF TG_OP = 'DELETE' THEN app_id := OLD.application_id; ELSE app_id := NEW.application_id; END IF;
  SELECT campaign_id, influencer_id INTO app_campaign, app_influencer FROM applications WHERE id = app_id;
  PERFORM mintbox_live_notify(ARRAY['problems', 'campaign:' || app_campaign, 'creator:' || app_influencer]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payouts_live AFTER INSERT OR UPDATE OR DELETE ON payouts
  FOR EACH ROW EXECUTE FUNCTION mintbox_live_money();
--> statement-breakpoint
CREATE TRIGGER transactions_live AFTER INSERT OR UPDATE OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION mintbox_live_money();
--> statement-breakpoint
CREATE TRIGGER mint_balances_live AFTER INSERT OR UPDATE OR DELETE ON mint_balances
  FOR EACH ROW EXECUTE FUNCTION mintbox_live_balance();
--> statement-breakpoint
CREATE TRIGGER applications_live AFTER INSERT OR UPDATE OR DELETE ON applications
  FOR EACH ROW EXECUTE FUNCTION mintbox_live_application();
--> statement-breakpoint
CREATE TRIGGER delivery_problems_live AFTER INSERT OR UPDATE OR DELETE ON delivery_problems
  FOR EACH ROW EXECUTE FUNCTION mintbox_live_problem();
