-- Month buckets in payment_totals (issue 28, decision 0030 "Payments summary from running totals"): the two "this
-- month" figures of /admin/payments were sums over the month's payouts and ledger entries, so they cost what a month
-- holds. The same statement triggers now also keep, per UTC month:
--   paid:YYYY-MM      payouts with status 'completed', by the month of completed_at (count, amount);
--   credited:YYYY-MM  ledger entries of kind 'reward', or 'adjustment' with amount > 0, by the month of created_at
--                     (count, amount).
-- The summary sums the buckets of the current month and later (the old reads counted every row on or after the
-- 1st), so it reads a few rows whatever the month's volume. A payout that leaves 'completed' (returned, or any other
-- move) leaves the bucket of its completed_at month, in the transaction of that write.
CREATE FUNCTION payment_totals_paid_figure(status text, completed_at timestamptz) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN status = 'completed' AND completed_at IS NOT NULL
    THEN 'paid:' || to_char(completed_at AT TIME ZONE 'UTC', 'YYYY-MM') END
$$;
--> statement-breakpoint
CREATE FUNCTION payment_totals_credited_figure(kind text, amount integer, created_at timestamptz) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN kind = 'reward' OR (kind = 'adjustment' AND amount > 0)
    THEN 'credited:' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_totals_payouts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_totals AS t (figure, shard, count, amount)
    SELECT figure, pg_backend_pid() % 16, count(*), sum(amount) FROM (
      SELECT 'payouts:' || status AS figure, amount FROM new_payouts
      UNION ALL
      SELECT payment_totals_paid_figure(status, completed_at), amount FROM new_payouts
    ) added
    WHERE figure IS NOT NULL
    GROUP BY figure ORDER BY 1
  ON CONFLICT (figure, shard) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_totals_payouts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_totals AS t (figure, shard, count, amount)
    SELECT figure, pg_backend_pid() % 16, sum(n), sum(amount) FROM (
      SELECT 'payouts:' || n.status AS figure, 1 AS n, n.amount
        FROM old_payouts o JOIN new_payouts n ON n.id = o.id
        WHERE (o.status, o.amount) IS DISTINCT FROM (n.status, n.amount)
      UNION ALL
      SELECT 'payouts:' || o.status, -1, -o.amount
        FROM old_payouts o JOIN new_payouts n ON n.id = o.id
        WHERE (o.status, o.amount) IS DISTINCT FROM (n.status, n.amount)
      UNION ALL
      SELECT payment_totals_paid_figure(n.status, n.completed_at), 1, n.amount
        FROM old_payouts o JOIN new_payouts n ON n.id = o.id
        WHERE (o.status, o.amount, o.completed_at) IS DISTINCT FROM (n.status, n.amount, n.completed_at)
      UNION ALL
      SELECT payment_totals_paid_figure(o.status, o.completed_at), -1, -o.amount
        FROM old_payouts o JOIN new_payouts n ON n.id = o.id
        WHERE (o.status, o.amount, o.completed_at) IS DISTINCT FROM (n.status, n.amount, n.completed_at)
    ) moves
    WHERE figure IS NOT NULL
    GROUP BY figure
    HAVING sum(n) <> 0 OR sum(amount) <> 0
    ORDER BY 1
  ON CONFLICT (figure, shard) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_totals_payouts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_totals AS t (figure, shard, count, amount)
    SELECT figure, pg_backend_pid() % 16, -count(*), -sum(amount) FROM (
      SELECT 'payouts:' || status AS figure, amount FROM old_payouts
      UNION ALL
      SELECT payment_totals_paid_figure(status, completed_at), amount FROM old_payouts
    ) removed
    WHERE figure IS NOT NULL
    GROUP BY figure ORDER BY 1
  ON CONFLICT (figure, shard) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_totals_payouts_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM payment_totals WHERE figure LIKE 'payouts:%' OR figure LIKE 'paid:%';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_totals_ledger_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_totals AS t (figure, shard, count, amount)
    SELECT figure, pg_backend_pid() % 16, count(*), sum(amount) FROM (
      SELECT 'ledger:' || kind || CASE WHEN amount > 0 THEN ':credit' ELSE ':debit' END AS figure, amount
        FROM new_entries
      UNION ALL
      SELECT payment_totals_credited_figure(kind, amount, created_at), amount FROM new_entries
    ) added
    WHERE figure IS NOT NULL
    GROUP BY figure ORDER BY 1
  ON CONFLICT (figure, shard) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_totals_ledger_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_totals AS t (figure, shard, count, amount)
    SELECT figure, pg_backend_pid() % 16, -count(*), -sum(amount) FROM (
      SELECT 'ledger:' || kind || CASE WHEN amount > 0 THEN ':credit' ELSE ':debit' END AS figure, amount
        FROM old_entries
      UNION ALL
      SELECT payment_totals_credited_figure(kind, amount, created_at), amount FROM old_entries
    ) removed
    WHERE figure IS NOT NULL
    GROUP BY figure ORDER BY 1
  ON CONFLICT (figure, shard) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The app never updates an entry; an update made by hand (psql) still moves its figures, so they stay exact.
CREATE FUNCTION payment_totals_ledger_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_totals AS t (figure, shard, count, amount)
    SELECT figure, pg_backend_pid() % 16, sum(n), sum(amount) FROM (
      SELECT 'ledger:' || n.kind || CASE WHEN n.amount > 0 THEN ':credit' ELSE ':debit' END AS figure, 1 AS n,
          n.amount
        FROM old_entries o JOIN new_entries n ON n.id = o.id
        WHERE (o.kind, o.amount, o.created_at) IS DISTINCT FROM (n.kind, n.amount, n.created_at)
      UNION ALL
      SELECT 'ledger:' || o.kind || CASE WHEN o.amount > 0 THEN ':credit' ELSE ':debit' END, -1, -o.amount
        FROM old_entries o JOIN new_entries n ON n.id = o.id
        WHERE (o.kind, o.amount, o.created_at) IS DISTINCT FROM (n.kind, n.amount, n.created_at)
      UNION ALL
      SELECT payment_totals_credited_figure(n.kind, n.amount, n.created_at), 1, n.amount
        FROM old_entries o JOIN new_entries n ON n.id = o.id
        WHERE (o.kind, o.amount, o.created_at) IS DISTINCT FROM (n.kind, n.amount, n.created_at)
      UNION ALL
      SELECT payment_totals_credited_figure(o.kind, o.amount, o.created_at), -1, -o.amount
        FROM old_entries o JOIN new_entries n ON n.id = o.id
        WHERE (o.kind, o.amount, o.created_at) IS DISTINCT FROM (n.kind, n.amount, n.created_at)
    ) moves
    WHERE figure IS NOT NULL
    GROUP BY figure
    HAVING sum(n) <> 0 OR sum(amount) <> 0
    ORDER BY 1
  ON CONFLICT (figure, shard) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_totals_ledger_update AFTER UPDATE ON ledger_entries
  REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_ledger_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_totals_ledger_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM payment_totals WHERE figure LIKE 'ledger:%' OR figure LIKE 'credited:%';
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The exact rebuild: every figure from scratch (the same rules the triggers apply), one row per figure (shard 0).
-- The three tables are held against writes until the caller's transaction ends, so no write is counted twice or
-- lost between the delete and the sums.
CREATE FUNCTION payment_totals_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE payouts, ledger_entries, mint_balances IN SHARE MODE;
  DELETE FROM payment_totals;
  INSERT INTO payment_totals (figure, shard, count, amount)
    SELECT figure, 0, count(*), sum(amount) FROM (
      SELECT 'payouts:' || status AS figure, amount FROM payouts
      UNION ALL
      SELECT payment_totals_paid_figure(status, completed_at), amount FROM payouts
      UNION ALL
      SELECT 'ledger:' || kind || CASE WHEN amount > 0 THEN ':credit' ELSE ':debit' END, amount FROM ledger_entries
      UNION ALL
      SELECT payment_totals_credited_figure(kind, amount, created_at), amount FROM ledger_entries
    ) figures
    WHERE figure IS NOT NULL
    GROUP BY figure ORDER BY 1;
  INSERT INTO payment_totals (figure, shard, count, amount)
    SELECT 'balances', 0, count(*) FILTER (WHERE balance > 0), coalesce(sum(balance), 0) FROM mint_balances;
END $$;
--> statement-breakpoint
-- The month buckets of the rows that exist already (and every other figure, recounted exactly).
SELECT payment_totals_rebuild();
--> statement-breakpoint
-- The metrics job's window of recent approvals (addMissingFetches): read by reviewed_at, the approved rows only.
CREATE INDEX "submissions_approved_reviewed_idx" ON "submissions" USING btree ("reviewed_at") WHERE "submissions"."status" = 'approved';
