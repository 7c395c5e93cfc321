CREATE TABLE "applicant_counts" (
	"campaign_id" integer NOT NULL,
	"status" text NOT NULL,
	"clean" boolean NOT NULL,
	"shard" smallint NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "applicant_counts_campaign_id_status_clean_shard_pk" PRIMARY KEY("campaign_id","status","clean","shard")
);
--> statement-breakpoint
CREATE TABLE "applicant_keys" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"on_time" integer NOT NULL,
	"missed" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applicant_keys" ADD CONSTRAINT "applicant_keys_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_keys_on_time_idx" ON "applicant_keys" USING btree ("campaign_id",(-"on_time"),"missed",(-"application_id"));--> statement-breakpoint
CREATE INDEX "applicant_keys_newest_idx" ON "applicant_keys" USING btree ("campaign_id","created_at","application_id");
--> statement-breakpoint
-- applicant_keys holds the review's sort and filter keys per application (issue 28, decision 0029): its status,
-- campaign and creation time, and its creator's posts on time and missed. creator_reliability_refresh, which every
-- write the record follows already calls, writes them in the same transaction, so a page of a campaign's applicants
-- reads its rows from one index in order (no join with every creator's record, no sort of the whole campaign).
-- applicant_counts holds how many applicants a campaign has per status and "never missed" (clean), as signed deltas
-- of the writing connection's shard (pg_backend_pid() % 16, as transaction_counts, decision 0030), applied in key
-- order; a count is the sum of its shards.
CREATE OR REPLACE FUNCTION creator_reliability_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
  -- The review's keys of these creators' applications (issue 28), written where they changed: the counts below
  -- follow each written row. Every write that moves a key (status, owner, campaign, creation time, a recounted record)
  -- comes through here, under the creators' locks taken above.
  INSERT INTO applicant_keys AS k (application_id, campaign_id, status, created_at, on_time, missed)
    SELECT a.id, a.campaign_id, a.status, a.created_at, r.on_time, r.missed
    FROM applications a JOIN creator_reliability r ON r.influencer_id = a.influencer_id
    WHERE a.influencer_id = ANY(ids)
    ORDER BY a.id
  ON CONFLICT (application_id) DO UPDATE SET
    campaign_id = excluded.campaign_id, status = excluded.status, created_at = excluded.created_at,
    on_time = excluded.on_time, missed = excluded.missed
  WHERE (k.campaign_id, k.status, k.created_at, k.on_time, k.missed)
    IS DISTINCT FROM (excluded.campaign_id, excluded.status, excluded.created_at, excluded.on_time, excluded.missed);
END $$;
--> statement-breakpoint
-- A changed creation time moves the application in the newest-first order: it is a key too.
CREATE OR REPLACE FUNCTION creator_reliability_applications_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the columns the record or the review's keys read: a reminder, a message or a tracking fix touches no row.
  PERFORM creator_reliability_refresh(ARRAY(
    SELECT DISTINCT x.influencer_id FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL (VALUES (o.influencer_id), (n.influencer_id)) x(influencer_id)
    WHERE (o.status, o.shipped_at, o.delivered_at, o.influencer_id, o.campaign_id, o.created_at)
      IS DISTINCT FROM (n.status, n.shipped_at, n.delivered_at, n.influencer_id, n.campaign_id, n.created_at)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION applicant_counts_add_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO applicant_counts AS counts (campaign_id, status, clean, shard, total)
    SELECT campaign_id, status, missed = 0, pg_backend_pid() % 16, count(*) FROM new_keys
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (campaign_id, status, clean, shard) DO UPDATE SET total = counts.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION applicant_counts_move_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO applicant_counts AS counts (campaign_id, status, clean, shard, total)
    SELECT campaign_id, status, clean, pg_backend_pid() % 16, sum(delta) FROM (
      SELECT n.campaign_id, n.status, n.missed = 0 AS clean, 1 AS delta
        FROM old_keys o JOIN new_keys n ON n.application_id = o.application_id
        WHERE (o.campaign_id, o.status, o.missed = 0) IS DISTINCT FROM (n.campaign_id, n.status, n.missed = 0)
      UNION ALL
      SELECT o.campaign_id, o.status, o.missed = 0, -1
        FROM old_keys o JOIN new_keys n ON n.application_id = o.application_id
        WHERE (o.campaign_id, o.status, o.missed = 0) IS DISTINCT FROM (n.campaign_id, n.status, n.missed = 0)
    ) moves
    GROUP BY campaign_id, status, clean
    HAVING sum(delta) <> 0
    ORDER BY campaign_id, status, clean
  ON CONFLICT (campaign_id, status, clean, shard) DO UPDATE SET total = counts.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION applicant_counts_remove_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO applicant_counts AS counts (campaign_id, status, clean, shard, total)
    SELECT campaign_id, status, missed = 0, pg_backend_pid() % 16, -count(*) FROM old_keys
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (campaign_id, status, clean, shard) DO UPDATE SET total = counts.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION applicant_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM applicant_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER applicant_counts_insert AFTER INSERT ON applicant_keys
  REFERENCING NEW TABLE AS new_keys FOR EACH STATEMENT EXECUTE FUNCTION applicant_counts_add_inserted();
--> statement-breakpoint
CREATE TRIGGER applicant_counts_update AFTER UPDATE ON applicant_keys
  REFERENCING OLD TABLE AS old_keys NEW TABLE AS new_keys
  FOR EACH STATEMENT EXECUTE FUNCTION applicant_counts_move_updated();
--> statement-breakpoint
CREATE TRIGGER applicant_counts_delete AFTER DELETE ON applicant_keys
  REFERENCING OLD TABLE AS old_keys FOR EACH STATEMENT EXECUTE FUNCTION applicant_counts_remove_deleted();
--> statement-breakpoint
CREATE TRIGGER applicant_counts_truncate AFTER TRUNCATE ON applicant_keys
  FOR EACH STATEMENT EXECUTE FUNCTION applicant_counts_clear();
--> statement-breakpoint
-- The keys of the applications already there, once; the refresh keeps them from here on.
INSERT INTO applicant_keys (application_id, campaign_id, status, created_at, on_time, missed)
  SELECT a.id, a.campaign_id, a.status, a.created_at, coalesce(r.on_time, 0), coalesce(r.missed, 0)
  FROM applications a LEFT JOIN creator_reliability r ON r.influencer_id = a.influencer_id;
