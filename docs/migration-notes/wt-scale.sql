-- transaction_counts and influencer_counts (issue 28, decision 0030) hold how many transactions there are per kind
-- and status and how many creators there are. Statement triggers keep them exact in the transaction of every write,
-- as campaign_counts (migration 0015, decision 0020): one upsert of signed deltas per statement, whatever its row
-- count. Unlike campaigns, transactions are written by every money action, often at once: the deltas go to the
-- writing connection's shard (pg_backend_pid() % 16), so two connections crediting rewards at the same time do not
-- wait on one counter row; a total is the sum of its shards. Deltas are applied in key order (one shard per
-- statement), so two transactions take the count rows' locks in the same order.
CREATE FUNCTION transaction_counts_add_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO transaction_counts AS counts (kind, status, shard, total)
    SELECT kind, status, pg_backend_pid() % 16, count(*) FROM new_transactions
    GROUP BY kind, status ORDER BY kind, status
  ON CONFLICT (kind, status, shard) DO UPDATE SET total = counts.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION transaction_counts_move_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO transaction_counts AS counts (kind, status, shard, total)
    SELECT kind, status, pg_backend_pid() % 16, sum(delta) FROM (
      SELECT n.kind, n.status, 1 AS delta
        FROM old_transactions o JOIN new_transactions n ON n.id = o.id
        WHERE (o.kind, o.status) IS DISTINCT FROM (n.kind, n.status)
      UNION ALL
      SELECT o.kind, o.status, -1
        FROM old_transactions o JOIN new_transactions n ON n.id = o.id
        WHERE (o.kind, o.status) IS DISTINCT FROM (n.kind, n.status)
    ) moves
    GROUP BY kind, status
    ORDER BY kind, status
  ON CONFLICT (kind, status, shard) DO UPDATE SET total = counts.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION transaction_counts_remove_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO transaction_counts AS counts (kind, status, shard, total)
    SELECT kind, status, pg_backend_pid() % 16, -count(*) FROM old_transactions
    GROUP BY kind, status ORDER BY kind, status
  ON CONFLICT (kind, status, shard) DO UPDATE SET total = counts.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION transaction_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM transaction_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transaction_counts_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_transactions FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_add_inserted();
--> statement-breakpoint
CREATE TRIGGER transaction_counts_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_transactions NEW TABLE AS new_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_move_updated();
--> statement-breakpoint
CREATE TRIGGER transaction_counts_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_transactions FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_remove_deleted();
--> statement-breakpoint
CREATE TRIGGER transaction_counts_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_clear();
--> statement-breakpoint
CREATE FUNCTION influencer_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO influencer_counts AS counts (shard, total)
    SELECT pg_backend_pid() % 16, count(*) FROM new_influencers HAVING count(*) > 0
  ON CONFLICT (shard) DO UPDATE SET total = counts.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION influencer_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO influencer_counts AS counts (shard, total)
    SELECT pg_backend_pid() % 16, -count(*) FROM old_influencers HAVING count(*) > 0
  ON CONFLICT (shard) DO UPDATE SET total = counts.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION influencer_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM influencer_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER influencer_counts_insert AFTER INSERT ON influencers
  REFERENCING NEW TABLE AS new_influencers FOR EACH STATEMENT EXECUTE FUNCTION influencer_counts_add();
--> statement-breakpoint
CREATE TRIGGER influencer_counts_delete AFTER DELETE ON influencers
  REFERENCING OLD TABLE AS old_influencers FOR EACH STATEMENT EXECUTE FUNCTION influencer_counts_remove();
--> statement-breakpoint
CREATE TRIGGER influencer_counts_truncate AFTER TRUNCATE ON influencers
  FOR EACH STATEMENT EXECUTE FUNCTION influencer_counts_clear();
--> statement-breakpoint
-- The rows that exist already, counted once (shard 0); the triggers keep the figures from here on.
INSERT INTO transaction_counts (kind, status, shard, total)
  SELECT kind, status, 0, count(*) FROM transactions GROUP BY kind, status;
--> statement-breakpoint
INSERT INTO influencer_counts (shard, total) SELECT 0, count(*) FROM influencers;
