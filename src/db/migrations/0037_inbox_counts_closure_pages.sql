CREATE TABLE "campaign_conversation_counts" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"conversations" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_conversation_counts" ADD CONSTRAINT "campaign_conversation_counts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_closures_closed_idx" ON "account_closures" USING btree ("closed_at","influencer_id");--> statement-breakpoint
-- campaign_conversation_counts (issue 28) holds per campaign how many of its conversations have a message
-- (last_message_id set): the admins' inbox filters by those campaigns. Statement triggers keep it exact in the
-- transaction of every write, as campaign_counts (migration 0015): one upsert of signed deltas per statement, in
-- campaign order (two transactions take the count rows' locks in the same order). A message written to a
-- conversation that already has one changes no count and takes no lock; only a conversation's first message (or
-- its last one hidden) moves a count.
CREATE FUNCTION campaign_conversation_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_conversation_counts AS counts (campaign_id, conversations)
    SELECT campaign_id, count(*) FROM new_conversations WHERE last_message_id IS NOT NULL
    GROUP BY campaign_id ORDER BY campaign_id
  ON CONFLICT (campaign_id) DO UPDATE SET conversations = counts.conversations + excluded.conversations;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION campaign_conversation_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_conversation_counts AS counts (campaign_id, conversations)
    SELECT campaign_id, sum(delta) FROM (
      SELECT n.campaign_id, 1 AS delta
        FROM old_conversations o JOIN new_conversations n ON n.id = o.id
        WHERE n.last_message_id IS NOT NULL
          AND (o.last_message_id IS NULL OR o.campaign_id <> n.campaign_id)
      UNION ALL
      SELECT o.campaign_id, -1
        FROM old_conversations o JOIN new_conversations n ON n.id = o.id
        WHERE o.last_message_id IS NOT NULL
          AND (n.last_message_id IS NULL OR o.campaign_id <> n.campaign_id)
    ) moves
    GROUP BY campaign_id
    HAVING sum(delta) <> 0
    ORDER BY campaign_id
  ON CONFLICT (campaign_id) DO UPDATE SET conversations = counts.conversations + excluded.conversations;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION campaign_conversation_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A campaign whose counts row went with it (ON DELETE CASCADE) takes no new row.
  UPDATE campaign_conversation_counts counts SET conversations = counts.conversations - gone.n
    FROM (SELECT campaign_id, count(*) AS n FROM old_conversations WHERE last_message_id IS NOT NULL
          GROUP BY campaign_id ORDER BY campaign_id) gone
    WHERE counts.campaign_id = gone.campaign_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION campaign_conversation_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM campaign_conversation_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaign_conversation_counts_insert AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS new_conversations
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_conversation_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER campaign_conversation_counts_update AFTER UPDATE ON conversations
  REFERENCING OLD TABLE AS old_conversations NEW TABLE AS new_conversations
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_conversation_counts_updated();
--> statement-breakpoint
CREATE TRIGGER campaign_conversation_counts_delete AFTER DELETE ON conversations
  REFERENCING OLD TABLE AS old_conversations
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_conversation_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER campaign_conversation_counts_truncate AFTER TRUNCATE ON conversations
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_conversation_counts_clear();
--> statement-breakpoint
-- The conversations that exist already, counted once; the triggers keep the figures from here on.
INSERT INTO campaign_conversation_counts (campaign_id, conversations)
  SELECT campaign_id, count(*) FROM conversations WHERE last_message_id IS NOT NULL GROUP BY campaign_id;
