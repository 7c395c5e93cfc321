-- Keyword search over campaigns uses trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string is only STABLE in general, but for text[] it is deterministic: declaring the wrapper IMMUTABLE
-- lets a generated column and an index use it.
CREATE OR REPLACE FUNCTION campaign_search_text(name text, brand text, description text, tags text[])
RETURNS text
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$ SELECT lower(coalesce(name, '') || ' ' || coalesce(brand, '') || ' ' || coalesce(description, '') || ' ' || coalesce(array_to_string(tags, ' '), '')) $$;
