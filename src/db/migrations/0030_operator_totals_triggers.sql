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
--> statement-breakpoint
-- payment_totals: the running totals of /admin/payments (issue 28, decision 0030), kept as the counts above: per
-- figure a count and a sum of Mint, one upsert of signed deltas per statement into the writing connection's shard.
-- payouts:<status> (count, amount); ledger:<kind>:credit|debit (count, amount as stored: debits negative);
-- balances (count = creators with a balance above 0, amount = the sum of balances).
CREATE FUNCTION payment_totals_payouts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_totals AS t (figure, shard, count, amount)
    SELECT 'payouts:' || status, pg_backend_pid() % 16, count(*), sum(amount) FROM new_payouts
    GROUP BY status ORDER BY 1
  ON CONFLICT (figure, shard) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION payment_totals_payouts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_totals AS t (figure, shard, count, amount)
    SELECT 'payouts:' || status, pg_backend_pid() % 16, sum(n), sum(amount) FROM (
      SELECT n.status, 1 AS n, n.amount
        FROM old_payouts o JOIN new_payouts n ON n.id = o.id
        WHERE (o.status, o.amount) IS DISTINCT FROM (n.status, n.amount)
      UNION ALL
      SELECT o.status, -1, -o.amount
        FROM old_payouts o JOIN new_payouts n ON n.id = o.id
        WHERE (o.status, o.amount) IS DISTINCT FROM (n.status, n.amount)
    ) moves
    GROUP BY status ORDER BY 1
  ON CONFLICT (figure, shard) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION payment_totals_payouts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_totals AS t (figure, shard, count, amount)
    SELECT 'payouts:' || status, pg_backend_pid() % 16, -count(*), -sum(amount) FROM old_payouts
    GROUP BY status ORDER BY 1
  ON CONFLICT (figure, shard) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION payment_totals_payouts_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM payment_totals WHERE figure LIKE 'payouts:%';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_totals_payouts_insert AFTER INSERT ON payouts
  REFERENCING NEW TABLE AS new_payouts FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_payouts_inserted();
--> statement-breakpoint
CREATE TRIGGER payment_totals_payouts_update AFTER UPDATE ON payouts
  REFERENCING OLD TABLE AS old_payouts NEW TABLE AS new_payouts
  FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_payouts_updated();
--> statement-breakpoint
CREATE TRIGGER payment_totals_payouts_delete AFTER DELETE ON payouts
  REFERENCING OLD TABLE AS old_payouts FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_payouts_deleted();
--> statement-breakpoint
CREATE TRIGGER payment_totals_payouts_truncate AFTER TRUNCATE ON payouts
  FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_payouts_cleared();
--> statement-breakpoint
CREATE FUNCTION payment_totals_ledger_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_totals AS t (figure, shard, count, amount)
    SELECT 'ledger:' || kind || CASE WHEN amount > 0 THEN ':credit' ELSE ':debit' END, pg_backend_pid() % 16,
      count(*), sum(amount)
    FROM new_entries GROUP BY 1 ORDER BY 1
  ON CONFLICT (figure, shard) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION payment_totals_ledger_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_totals AS t (figure, shard, count, amount)
    SELECT 'ledger:' || kind || CASE WHEN amount > 0 THEN ':credit' ELSE ':debit' END, pg_backend_pid() % 16,
      -count(*), -sum(amount)
    FROM old_entries GROUP BY 1 ORDER BY 1
  ON CONFLICT (figure, shard) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION payment_totals_ledger_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM payment_totals WHERE figure LIKE 'ledger:%';
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The ledger is append-only (entries are never updated): inserts and deletes only.
CREATE TRIGGER payment_totals_ledger_insert AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_ledger_inserted();
--> statement-breakpoint
CREATE TRIGGER payment_totals_ledger_delete AFTER DELETE ON ledger_entries
  REFERENCING OLD TABLE AS old_entries FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_ledger_deleted();
--> statement-breakpoint
CREATE TRIGGER payment_totals_ledger_truncate AFTER TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_ledger_cleared();
--> statement-breakpoint
CREATE FUNCTION payment_totals_balances_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_totals AS t (figure, shard, count, amount)
    SELECT 'balances', pg_backend_pid() % 16, count(*) FILTER (WHERE balance > 0), sum(balance) FROM new_balances
    HAVING count(*) > 0
  ON CONFLICT (figure, shard) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION payment_totals_balances_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_totals AS t (figure, shard, count, amount)
    SELECT 'balances', pg_backend_pid() % 16,
      count(*) FILTER (WHERE n.balance > 0) - count(*) FILTER (WHERE o.balance > 0), sum(n.balance - o.balance)
    FROM old_balances o JOIN new_balances n ON n.influencer_id = o.influencer_id
    WHERE n.balance <> o.balance
    HAVING count(*) > 0
  ON CONFLICT (figure, shard) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION payment_totals_balances_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_totals AS t (figure, shard, count, amount)
    SELECT 'balances', pg_backend_pid() % 16, -count(*) FILTER (WHERE balance > 0), -sum(balance) FROM old_balances
    HAVING count(*) > 0
  ON CONFLICT (figure, shard) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION payment_totals_balances_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM payment_totals WHERE figure = 'balances';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_totals_balances_insert AFTER INSERT ON mint_balances
  REFERENCING NEW TABLE AS new_balances FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_balances_inserted();
--> statement-breakpoint
CREATE TRIGGER payment_totals_balances_update AFTER UPDATE ON mint_balances
  REFERENCING OLD TABLE AS old_balances NEW TABLE AS new_balances
  FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_balances_updated();
--> statement-breakpoint
CREATE TRIGGER payment_totals_balances_delete AFTER DELETE ON mint_balances
  REFERENCING OLD TABLE AS old_balances FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_balances_deleted();
--> statement-breakpoint
CREATE TRIGGER payment_totals_balances_truncate AFTER TRUNCATE ON mint_balances
  FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_balances_cleared();
--> statement-breakpoint
-- The rows that exist already, summed once (shard 0).
INSERT INTO payment_totals (figure, shard, count, amount)
  SELECT 'payouts:' || status, 0, count(*), sum(amount) FROM payouts GROUP BY status;
--> statement-breakpoint
INSERT INTO payment_totals (figure, shard, count, amount)
  SELECT 'ledger:' || kind || CASE WHEN amount > 0 THEN ':credit' ELSE ':debit' END, 0, count(*), sum(amount)
  FROM ledger_entries GROUP BY 1;
--> statement-breakpoint
INSERT INTO payment_totals (figure, shard, count, amount)
  SELECT 'balances', 0, count(*) FILTER (WHERE balance > 0), coalesce(sum(balance), 0) FROM mint_balances;
