CREATE TABLE "content_post_figures" (
	"submission_id" integer NOT NULL,
	"post_url" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"influencer_id" integer NOT NULL,
	"platform" text NOT NULL,
	"status" text NOT NULL,
	"submitted_at" timestamp (3) with time zone NOT NULL,
	"snapshot_id" integer,
	"source" text,
	"views" bigint,
	"likes" bigint,
	"comments" bigint,
	"shares" bigint,
	"saves" bigint,
	"reach" bigint,
	"measured_at" timestamp (3) with time zone,
	CONSTRAINT "content_post_figures_submission_id_post_url_pk" PRIMARY KEY("submission_id","post_url")
);
--> statement-breakpoint
ALTER TABLE "content_post_figures" ADD CONSTRAINT "content_post_figures_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_post_figures_campaign_idx" ON "content_post_figures" USING btree ("campaign_id") WHERE "content_post_figures"."status" in ('submitted','approved');--> statement-breakpoint
CREATE INDEX "content_post_figures_influencer_idx" ON "content_post_figures" USING btree ("influencer_id","snapshot_id");--> statement-breakpoint
CREATE INDEX "content_post_figures_submitted_idx" ON "content_post_figures" USING btree ("submitted_at") WHERE "content_post_figures"."status" in ('submitted','approved');--> statement-breakpoint
CREATE INDEX "content_metric_snapshots_pending_idx" ON "content_metric_snapshots" USING btree ("submission_id","post_url","measured_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "content_metric_snapshots"."source" = 'creator' and "content_metric_snapshots"."confirmed_at" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_campaign_reward_idx" ON "ledger_entries" USING btree ("campaign_id","amount") WHERE "ledger_entries"."kind" = 'reward';--> statement-breakpoint
-- content_post_figures keeps, per post (a URL of a submission), what the analytics read: the post's campaign,
-- creator, platform, the submission's status and time, and its counted snapshot over all time (API snapshots first,
-- then the latest measured, then the highest id; a creator report only once confirmed: the order of
-- content_metric_snapshots_counted_idx). Statement triggers on the tables it is computed from recompute the rows of
-- the submissions a statement touched, in the same transaction, with one index probe per post: the kept row is always
-- what a computation from scratch gives, whoever writes (API, jobs, seed, bench, psql).
-- Concurrency: the posts' rows are inserted when missing and locked in key order before the figures are read, and
-- each statement of a plpgsql function reads a fresh snapshot under READ COMMITTED, so a second writer of the same
-- post waits for the first and then sees its committed snapshot too (no lost update).
CREATE FUNCTION content_post_figures_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  -- Posts that are no longer posts: the submission is gone or the link is no longer one of its links.
  DELETE FROM content_post_figures f
  WHERE f.submission_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.id = f.submission_id AND f.post_url = ANY(s.urls));
  INSERT INTO content_post_figures (submission_id, post_url, campaign_id, influencer_id, platform, status, submitted_at)
    SELECT s.id, u.url, a.campaign_id, a.influencer_id, c.platform, s.status, s.created_at
    FROM submissions s
    JOIN applications a ON a.id = s.application_id
    JOIN campaigns c ON c.id = a.campaign_id
    CROSS JOIN LATERAL (SELECT DISTINCT x.url FROM unnest(s.urls) AS x(url)) u
    WHERE s.id = ANY(ids)
    ORDER BY s.id, u.url
  ON CONFLICT (submission_id, post_url) DO NOTHING;
  PERFORM 1 FROM content_post_figures WHERE submission_id = ANY(ids) ORDER BY submission_id, post_url FOR UPDATE;
  UPDATE content_post_figures f SET
      campaign_id = x.campaign_id, influencer_id = x.influencer_id, platform = x.platform, status = x.status,
      submitted_at = x.submitted_at, snapshot_id = x.snapshot_id, source = x.source, views = x.views,
      likes = x.likes, comments = x.comments, shares = x.shares, saves = x.saves, reach = x.reach,
      measured_at = x.measured_at
  FROM (
    SELECT s.id AS submission_id, u.url AS post_url, a.campaign_id, a.influencer_id, c.platform, s.status,
      s.created_at AS submitted_at, l.id AS snapshot_id, l.source, l.views, l.likes, l.comments, l.shares, l.saves,
      l.reach, l.measured_at
    FROM submissions s
    JOIN applications a ON a.id = s.application_id
    JOIN campaigns c ON c.id = a.campaign_id
    CROSS JOIN LATERAL (SELECT DISTINCT x.url FROM unnest(s.urls) AS x(url)) u
    LEFT JOIN LATERAL (
      SELECT m.id, m.source, m.views, m.likes, m.comments, m.shares, m.saves, m.reach, m.measured_at
      FROM content_metric_snapshots m
      WHERE m.submission_id = s.id AND m.post_url = u.url AND (m.source <> 'creator' OR m.confirmed_at IS NOT NULL)
      ORDER BY (m.source = 'api') DESC, m.measured_at DESC NULLS LAST, m.id DESC NULLS LAST
      LIMIT 1
    ) l ON true
    WHERE s.id = ANY(ids)
  ) x
  WHERE f.submission_id = x.submission_id AND f.post_url = x.post_url
    AND (f.campaign_id, f.influencer_id, f.platform, f.status, f.submitted_at, f.snapshot_id, f.source, f.views,
      f.likes, f.comments, f.shares, f.saves, f.reach, f.measured_at)
      IS DISTINCT FROM (x.campaign_id, x.influencer_id, x.platform, x.status, x.submitted_at, x.snapshot_id,
      x.source, x.views, x.likes, x.comments, x.shares, x.saves, x.reach, x.measured_at);
END $$;
--> statement-breakpoint
-- The exact rebuild: every post from scratch (the same computation the triggers run).
CREATE FUNCTION content_post_figures_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM content_post_figures;
  PERFORM content_post_figures_refresh(ARRAY(SELECT id FROM submissions ORDER BY id));
END $$;
--> statement-breakpoint
CREATE FUNCTION content_post_figures_snapshots_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM content_post_figures_refresh(ARRAY(SELECT DISTINCT submission_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION content_post_figures_snapshots_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the columns the counted figures read: a confirmation counts, a change of who confirmed does not.
  PERFORM content_post_figures_refresh(ARRAY(
    SELECT DISTINCT x.submission_id FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL (VALUES (o.submission_id), (n.submission_id)) x(submission_id)
    WHERE (o.submission_id, o.post_url, o.source, o.confirmed_at IS NULL, o.views, o.likes, o.comments, o.shares,
        o.saves, o.reach, o.measured_at)
      IS DISTINCT FROM (n.submission_id, n.post_url, n.source, n.confirmed_at IS NULL, n.views, n.likes, n.comments,
        n.shares, n.saves, n.reach, n.measured_at)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION content_post_figures_snapshots_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM content_post_figures_refresh(ARRAY(SELECT DISTINCT submission_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION content_post_figures_submissions_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM content_post_figures_refresh(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION content_post_figures_submissions_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A review (status), new links or a move: the submission's posts are counted again; a note or message is not.
  PERFORM content_post_figures_refresh(ARRAY(
    SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status, o.urls, o.created_at, o.application_id) IS DISTINCT FROM (n.status, n.urls, n.created_at, n.application_id)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION content_post_figures_applications_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM content_post_figures_refresh(ARRAY(
    SELECT s.id FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN submissions s ON s.application_id = n.id
    WHERE (o.campaign_id, o.influencer_id) IS DISTINCT FROM (n.campaign_id, n.influencer_id)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION content_post_figures_campaigns_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM content_post_figures_refresh(ARRAY(
    SELECT s.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN applications a ON a.campaign_id = n.id JOIN submissions s ON s.application_id = a.id
    WHERE o.platform IS DISTINCT FROM n.platform
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION content_post_figures_recount_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM content_post_figures_rebuild();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER content_post_figures_snapshots_insert AFTER INSERT ON content_metric_snapshots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_post_figures_snapshots_inserted();
--> statement-breakpoint
CREATE TRIGGER content_post_figures_snapshots_update AFTER UPDATE ON content_metric_snapshots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION content_post_figures_snapshots_updated();
--> statement-breakpoint
CREATE TRIGGER content_post_figures_snapshots_delete AFTER DELETE ON content_metric_snapshots
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION content_post_figures_snapshots_deleted();
--> statement-breakpoint
CREATE TRIGGER content_post_figures_submissions_insert AFTER INSERT ON submissions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_post_figures_submissions_inserted();
--> statement-breakpoint
CREATE TRIGGER content_post_figures_submissions_update AFTER UPDATE ON submissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION content_post_figures_submissions_updated();
--> statement-breakpoint
CREATE TRIGGER content_post_figures_applications_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION content_post_figures_applications_updated();
--> statement-breakpoint
CREATE TRIGGER content_post_figures_campaigns_update AFTER UPDATE ON campaigns
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION content_post_figures_campaigns_updated();
--> statement-breakpoint
CREATE TRIGGER content_post_figures_snapshots_truncate AFTER TRUNCATE ON content_metric_snapshots
  FOR EACH STATEMENT EXECUTE FUNCTION content_post_figures_recount_all();
--> statement-breakpoint
CREATE TRIGGER content_post_figures_submissions_truncate AFTER TRUNCATE ON submissions
  FOR EACH STATEMENT EXECUTE FUNCTION content_post_figures_recount_all();
--> statement-breakpoint
-- The posts already there, counted once; the triggers keep them from here on.
SELECT content_post_figures_rebuild();
