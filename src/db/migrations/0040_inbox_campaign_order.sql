-- The inbox's campaign filter (issue 28) opens on the campaigns with most conversations: this index gives them in
-- that order, so the first 20 cost 20 rows, not the whole counts table (names only order the ties).
CREATE INDEX "campaign_conversation_counts_most_idx" ON "campaign_conversation_counts" USING btree ("conversations" DESC NULLS FIRST,"campaign_id") WHERE "campaign_conversation_counts"."conversations" > 0;
