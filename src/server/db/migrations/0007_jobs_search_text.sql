-- array_to_string is only STABLE, so a generated column cannot call it directly; joining a text[] is
-- deterministic, so this wrapper is declared IMMUTABLE. The unit separator (U+001F) keeps a search from
-- matching across two tags.
CREATE OR REPLACE FUNCTION jobs_search_text(title text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(title || E'\x1f' || array_to_string(tags, E'\x1f')) $$;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (jobs_search_text(title, skill_tags)) STORED;
