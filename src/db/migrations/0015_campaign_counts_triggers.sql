-- campaign_counts holds how many campaigns there are per status and platform (decision 0020). Statement triggers
-- keep it exact in the transaction of every write to campaigns: one upsert of signed deltas per statement,
-- whatever its row count (the bench seeds a million rows in one INSERT). An UPDATE touches the counts only for
-- rows whose status or platform changed, so the frequent updates (applications_count, texts) lock no count row.
-- Deltas are applied in key order so that two transactions take the count rows' locks in the same order.
CREATE FUNCTION campaign_counts_add_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_counts AS counts (status, platform, total)
    SELECT status, platform, count(*) FROM new_campaigns GROUP BY status, platform ORDER BY status, platform
  ON CONFLICT (status, platform) DO UPDATE SET total = counts.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION campaign_counts_move_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_counts AS counts (status, platform, total)
    SELECT status, platform, sum(delta) FROM (
      SELECT n.status, n.platform, 1 AS delta
        FROM old_campaigns o JOIN new_campaigns n ON n.id = o.id
        WHERE (o.status, o.platform) IS DISTINCT FROM (n.status, n.platform)
      UNION ALL
      SELECT o.status, o.platform, -1
        FROM old_campaigns o JOIN new_campaigns n ON n.id = o.id
        WHERE (o.status, o.platform) IS DISTINCT FROM (n.status, n.platform)
    ) moves
    GROUP BY status, platform
    ORDER BY status, platform
  ON CONFLICT (status, platform) DO UPDATE SET total = counts.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION campaign_counts_remove_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_counts AS counts (status, platform, total)
    SELECT status, platform, -count(*) FROM old_campaigns GROUP BY status, platform ORDER BY status, platform
  ON CONFLICT (status, platform) DO UPDATE SET total = counts.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION campaign_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM campaign_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaign_counts_insert AFTER INSERT ON campaigns
  REFERENCING NEW TABLE AS new_campaigns FOR EACH STATEMENT EXECUTE FUNCTION campaign_counts_add_inserted();
--> statement-breakpoint
CREATE TRIGGER campaign_counts_update AFTER UPDATE ON campaigns
  REFERENCING OLD TABLE AS old_campaigns NEW TABLE AS new_campaigns
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_counts_move_updated();
--> statement-breakpoint
CREATE TRIGGER campaign_counts_delete AFTER DELETE ON campaigns
  REFERENCING OLD TABLE AS old_campaigns FOR EACH STATEMENT EXECUTE FUNCTION campaign_counts_remove_deleted();
--> statement-breakpoint
CREATE TRIGGER campaign_counts_truncate AFTER TRUNCATE ON campaigns
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_counts_clear();
--> statement-breakpoint
-- The campaigns that exist already, counted once; the triggers keep the figures from here on.
INSERT INTO campaign_counts (status, platform, total)
  SELECT status, platform, count(*) FROM campaigns GROUP BY status, platform;
