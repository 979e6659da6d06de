// name: claim_rival_backfill
// description: Give up to $limit claims that have a subject and no status_retired_since the far future (rules/never-retired:
// description: not retired), so the index on (subject, status_retired_since) holds them: a store written before schema 5.
// description: In uid order after $after; returns marked (how many) and last (the greatest uid marked, null when
// description: none); the caller repeats from last until it is null (graph/schema.py `_mark`).
// param after: the last uid the previous call marked ('' for the first)
// param limit: claims per transaction
// mode: write
MATCH (c:Claim)
WHERE c.uid > $after AND c.subject IS NOT NULL AND c.status_retired_since IS NULL
WITH c ORDER BY c.uid LIMIT $limit
SET c.status_retired_since = /*INCLUDE never-retired*/
RETURN count(c) AS marked, max(c.uid) AS last
;
