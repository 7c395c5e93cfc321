-- tax_year_totals holds the admins' tax year per creator (issue 28, decision 0027): the USD of completed payouts
-- per UTC year of their paid date, and the pending payouts held for a tax form per UTC year of their request.
-- Statement triggers on payouts move the figures of the rows a statement touched, in the write's transaction, so
-- every writer counts (services, seed, the bench's generator, psql). One rule decides what a payout adds:
-- tax_year_totals_of(payout). A row exists only while paid or held is above 0.
CREATE FUNCTION tax_year_totals_of(p payouts)
  RETURNS TABLE (year smallint, influencer_id integer, paid numeric, held integer)
  LANGUAGE sql STABLE AS $$
  SELECT extract(year FROM p.completed_at AT TIME ZONE 'UTC')::smallint, p.influencer_id, p.amount::numeric, 0
    WHERE p.status = 'completed' AND p.completed_at IS NOT NULL
  UNION ALL
  SELECT extract(year FROM p.created_at AT TIME ZONE 'UTC')::smallint, p.influencer_id, 0::numeric, 1
    WHERE p.status = 'pending' AND p.held_for_tax_form
$$;
--> statement-breakpoint
-- Takes away what the rows `gone` added and adds what the rows `came` add. The deltas are applied in key order, so
-- two statements take the rows' locks in the same order; a row back to zero is deleted.
CREATE FUNCTION tax_year_totals_move(gone payouts[], came payouts[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(gone) = 0 AND cardinality(came) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO tax_year_totals AS t (year, influencer_id, paid, held)
    SELECT c.year, c.influencer_id, sum(c.paid * d.sign), sum(c.held * d.sign)::int
    FROM (SELECT g AS p, -1 AS sign FROM unnest(gone) g UNION ALL SELECT n, 1 FROM unnest(came) n) d,
      LATERAL tax_year_totals_of(d.p) c
    GROUP BY c.year, c.influencer_id
    HAVING sum(c.paid * d.sign) <> 0 OR sum(c.held * d.sign) <> 0
    ORDER BY c.year, c.influencer_id
  ON CONFLICT (year, influencer_id) DO UPDATE SET paid = t.paid + excluded.paid, held = t.held + excluded.held;
  DELETE FROM tax_year_totals t
    WHERE t.paid = 0 AND t.held = 0
      AND (t.year, t.influencer_id) IN (
        SELECT c.year, c.influencer_id
        FROM (SELECT g AS p FROM unnest(gone) g UNION ALL SELECT n FROM unnest(came) n) d,
          LATERAL tax_year_totals_of(d.p) c
      );
END $$;
--> statement-breakpoint
-- The exact rebuild: every creator and year from the payouts (the same rule the triggers apply).
CREATE FUNCTION tax_year_totals_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tax_year_totals;
  INSERT INTO tax_year_totals (year, influencer_id, paid, held)
    SELECT c.year, c.influencer_id, sum(c.paid), sum(c.held)::int
    FROM payouts p, LATERAL tax_year_totals_of(p) c
    GROUP BY c.year, c.influencer_id
    ORDER BY c.year, c.influencer_id;
END $$;
--> statement-breakpoint
CREATE FUNCTION tax_year_totals_payouts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tax_year_totals_move('{}'::payouts[], ARRAY(SELECT n::payouts FROM new_payouts n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION tax_year_totals_payouts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the columns the rule reads: PayPal status polls, references and batch ids move nothing.
  PERFORM tax_year_totals_move(
    ARRAY(SELECT o::payouts FROM old_payouts o JOIN new_payouts n ON n.id = o.id
      WHERE (o.status, o.amount, o.influencer_id, o.held_for_tax_form, o.created_at, o.completed_at)
        IS DISTINCT FROM (n.status, n.amount, n.influencer_id, n.held_for_tax_form, n.created_at, n.completed_at)),
    ARRAY(SELECT n::payouts FROM old_payouts o JOIN new_payouts n ON n.id = o.id
      WHERE (o.status, o.amount, o.influencer_id, o.held_for_tax_form, o.created_at, o.completed_at)
        IS DISTINCT FROM (n.status, n.amount, n.influencer_id, n.held_for_tax_form, n.created_at, n.completed_at))
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION tax_year_totals_payouts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tax_year_totals_move(ARRAY(SELECT o::payouts FROM old_payouts o), '{}'::payouts[]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION tax_year_totals_payouts_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tax_year_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tax_year_totals_payouts_insert AFTER INSERT ON payouts
  REFERENCING NEW TABLE AS new_payouts FOR EACH STATEMENT EXECUTE FUNCTION tax_year_totals_payouts_inserted();
--> statement-breakpoint
CREATE TRIGGER tax_year_totals_payouts_update AFTER UPDATE ON payouts
  REFERENCING OLD TABLE AS old_payouts NEW TABLE AS new_payouts
  FOR EACH STATEMENT EXECUTE FUNCTION tax_year_totals_payouts_updated();
--> statement-breakpoint
CREATE TRIGGER tax_year_totals_payouts_delete AFTER DELETE ON payouts
  REFERENCING OLD TABLE AS old_payouts FOR EACH STATEMENT EXECUTE FUNCTION tax_year_totals_payouts_deleted();
--> statement-breakpoint
CREATE TRIGGER tax_year_totals_payouts_truncate AFTER TRUNCATE ON payouts
  FOR EACH STATEMENT EXECUTE FUNCTION tax_year_totals_payouts_cleared();
--> statement-breakpoint
-- tax_year_counts: how many creators each year has (rows of tax_year_totals), kept as influencer_counts is
-- (decision 0030): one upsert of signed deltas per statement into the writing connection's shard. An upsert that
-- finds its row fires the update trigger, which moves no count; only rows inserted or deleted do.
CREATE FUNCTION tax_year_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tax_year_counts AS c (year, shard, creators)
    SELECT year, pg_backend_pid() % 16, count(*) FROM new_rows GROUP BY year ORDER BY year
  ON CONFLICT (year, shard) DO UPDATE SET creators = c.creators + excluded.creators;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION tax_year_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tax_year_counts AS c (year, shard, creators)
    SELECT year, pg_backend_pid() % 16, -count(*) FROM old_rows GROUP BY year ORDER BY year
  ON CONFLICT (year, shard) DO UPDATE SET creators = c.creators + excluded.creators;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION tax_year_counts_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tax_year_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tax_year_counts_insert AFTER INSERT ON tax_year_totals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tax_year_counts_added();
--> statement-breakpoint
CREATE TRIGGER tax_year_counts_delete AFTER DELETE ON tax_year_totals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tax_year_counts_removed();
--> statement-breakpoint
CREATE TRIGGER tax_year_counts_truncate AFTER TRUNCATE ON tax_year_totals
  FOR EACH STATEMENT EXECUTE FUNCTION tax_year_counts_cleared();
--> statement-breakpoint
-- The payouts that exist already, counted once; the triggers keep the figures from here on.
SELECT tax_year_totals_rebuild();
