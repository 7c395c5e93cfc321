-- creator_reliability holds each creator's reliability record (issue 27, decision 0029). Statement triggers on the
-- tables it is computed from recompute the rows of the creators a statement touched, in the same transaction, from
-- their own records (a few hundred rows at most per creator, read through applications_influencer_idx): the kept
-- row is always what a computation from scratch gives, whoever writes (API, sweep, seed, bench, psql).
-- Concurrency: the creators' rows are locked in id order before the figures are read, and each statement of a
-- plpgsql function reads a fresh snapshot under READ COMMITTED, so a second writer waits for the first and then
-- counts its committed rows too (no lost update).
CREATE FUNCTION creator_reliability_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  -- Only creators that still exist (a creator's deletion cascades to their applications).
  INSERT INTO creator_reliability (influencer_id)
    SELECT i.id FROM influencers i WHERE i.id = ANY(ids) ORDER BY i.id
  ON CONFLICT (influencer_id) DO NOTHING;
  PERFORM 1 FROM creator_reliability WHERE influencer_id = ANY(ids) ORDER BY influencer_id FOR UPDATE;
  UPDATE creator_reliability r SET (
      applications, accepted, on_time, late, missed, first_reviewed, first_approved, boxes_shipped,
      problems_reported, delivery_to_post_count, delivery_to_post_seconds
    ) = (
      SELECT
        count(*)::int,
        count(*) FILTER (WHERE f.status IN ('accepted','shipped','delivered','content_submitted','changes_requested','approved','missed'))::int,
        count(*) FILTER (WHERE f.first_at < f.due_end)::int,
        count(*) FILTER (WHERE f.first_at >= f.due_end)::int,
        count(*) FILTER (WHERE f.status = 'missed')::int,
        count(*) FILTER (WHERE f.first_status IN ('approved','changes_requested'))::int,
        count(*) FILTER (WHERE f.first_status = 'approved')::int,
        count(*) FILTER (WHERE f.shipped_at IS NOT NULL)::int,
        coalesce(sum(f.problems), 0)::int,
        count(*) FILTER (WHERE f.delivered_at IS NOT NULL AND f.first_at IS NOT NULL)::int,
        coalesce(sum(greatest(0, floor(extract(epoch FROM f.first_at - f.delivered_at))))
          FILTER (WHERE f.delivered_at IS NOT NULL AND f.first_at IS NOT NULL), 0)::bigint
      FROM (
        SELECT a.status, a.shipped_at, a.delivered_at, fs.created_at AS first_at, fs.status AS first_status,
          -- Due by the end (24:00 UTC) of the campaign's upload deadline, or of 7 days after a late box.
          ((greatest(c.deadline + 7, (a.delivered_at AT TIME ZONE 'UTC')::date + 7) + 1)::timestamp
            AT TIME ZONE 'UTC') AS due_end,
          (SELECT count(*) FROM delivery_problems d WHERE d.application_id = a.id) AS problems
        FROM applications a
        JOIN campaigns c ON c.id = a.campaign_id
        LEFT JOIN LATERAL (
          SELECT s.created_at, s.status FROM submissions s
          WHERE s.application_id = a.id ORDER BY s.created_at, s.id LIMIT 1
        ) fs ON true
        WHERE a.influencer_id = r.influencer_id
      ) f
    )
  WHERE r.influencer_id = ANY(ids);
END $$;
--> statement-breakpoint
-- The exact rebuild: every creator from scratch (the same computation the triggers run).
CREATE FUNCTION creator_reliability_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM creator_reliability;
  PERFORM creator_reliability_refresh(ARRAY(SELECT DISTINCT influencer_id FROM applications));
END $$;
--> statement-breakpoint
CREATE FUNCTION creator_reliability_applications_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM creator_reliability_refresh(ARRAY(SELECT DISTINCT influencer_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION creator_reliability_applications_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the columns the record reads: a reminder, a message or a tracking fix touches no record row.
  PERFORM creator_reliability_refresh(ARRAY(
    SELECT DISTINCT x.influencer_id FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL (VALUES (o.influencer_id), (n.influencer_id)) x(influencer_id)
    WHERE (o.status, o.shipped_at, o.delivered_at, o.influencer_id, o.campaign_id)
      IS DISTINCT FROM (n.status, n.shipped_at, n.delivered_at, n.influencer_id, n.campaign_id)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION creator_reliability_applications_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM creator_reliability_refresh(ARRAY(SELECT DISTINCT influencer_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION creator_reliability_children_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM creator_reliability_refresh(ARRAY(
    SELECT DISTINCT a.influencer_id FROM new_rows n JOIN applications a ON a.id = n.application_id
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION creator_reliability_children_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM creator_reliability_refresh(ARRAY(
    SELECT DISTINCT a.influencer_id FROM old_rows o JOIN applications a ON a.id = o.application_id
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION creator_reliability_submissions_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM creator_reliability_refresh(ARRAY(
    SELECT DISTINCT a.influencer_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN applications a ON a.id IN (o.application_id, n.application_id)
    WHERE (o.status, o.created_at, o.application_id) IS DISTINCT FROM (n.status, n.created_at, n.application_id)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION creator_reliability_campaigns_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A moved deadline changes which posts were on time: the campaign's creators are counted again.
  PERFORM creator_reliability_refresh(ARRAY(
    SELECT DISTINCT a.influencer_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN applications a ON a.campaign_id = n.id
    WHERE o.deadline IS DISTINCT FROM n.deadline
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION creator_reliability_recount_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM creator_reliability_rebuild();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER creator_reliability_applications_insert AFTER INSERT ON applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_reliability_applications_inserted();
--> statement-breakpoint
CREATE TRIGGER creator_reliability_applications_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION creator_reliability_applications_updated();
--> statement-breakpoint
CREATE TRIGGER creator_reliability_applications_delete AFTER DELETE ON applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_reliability_applications_deleted();
--> statement-breakpoint
CREATE TRIGGER creator_reliability_submissions_insert AFTER INSERT ON submissions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_reliability_children_inserted();
--> statement-breakpoint
CREATE TRIGGER creator_reliability_submissions_update AFTER UPDATE ON submissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION creator_reliability_submissions_updated();
--> statement-breakpoint
CREATE TRIGGER creator_reliability_submissions_delete AFTER DELETE ON submissions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_reliability_children_deleted();
--> statement-breakpoint
CREATE TRIGGER creator_reliability_problems_insert AFTER INSERT ON delivery_problems
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_reliability_children_inserted();
--> statement-breakpoint
CREATE TRIGGER creator_reliability_problems_delete AFTER DELETE ON delivery_problems
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_reliability_children_deleted();
--> statement-breakpoint
CREATE TRIGGER creator_reliability_campaigns_update AFTER UPDATE ON campaigns
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION creator_reliability_campaigns_updated();
--> statement-breakpoint
CREATE TRIGGER creator_reliability_applications_truncate AFTER TRUNCATE ON applications
  FOR EACH STATEMENT EXECUTE FUNCTION creator_reliability_recount_all();
--> statement-breakpoint
CREATE TRIGGER creator_reliability_submissions_truncate AFTER TRUNCATE ON submissions
  FOR EACH STATEMENT EXECUTE FUNCTION creator_reliability_recount_all();
--> statement-breakpoint
CREATE TRIGGER creator_reliability_problems_truncate AFTER TRUNCATE ON delivery_problems
  FOR EACH STATEMENT EXECUTE FUNCTION creator_reliability_recount_all();
--> statement-breakpoint
-- The records already there, counted once; the triggers keep them from here on.
SELECT creator_reliability_rebuild();
