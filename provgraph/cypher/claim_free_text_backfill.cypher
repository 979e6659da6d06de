// name: claim_free_text_backfill
// description: Give up to $limit claims that have search fields and no search_free_text the value true (a claim written
// description: before search_free_text existed has free text: rules/suspect-texts-may-pair), so the index on
// description: search_free_text holds every claim with free text (suspect_common_terms seeks it): a store written before
// description: schema 7. In uid order after $after; returns marked (how many) and last (the greatest uid marked, null
// description: when none); the caller repeats from last until it is null (graph/schema.py `_mark`).
// param after: the last uid the previous call marked ('' for the first)
// param limit: claims per transaction
// mode: write
MATCH (c:Claim)
WHERE c.uid > $after AND c.search_terms IS NOT NULL AND c.search_free_text IS NULL
WITH c ORDER BY c.uid LIMIT $limit
SET c.search_free_text = true
RETURN count(c) AS marked, max(c.uid) AS last
;
