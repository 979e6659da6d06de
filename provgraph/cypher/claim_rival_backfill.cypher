// name: claim_rival_backfill
// description: Give up to $limit claims that have a subject and no status_retired_since the far future (rules/never-retired:
// description: not retired), so the index on (subject, status_retired_since) holds them: a store written before schema 5.
// description: Returns marked (how many); the caller repeats until none.
// param limit: claims per transaction
// mode: write
MATCH (c:Claim)
WHERE c.subject IS NOT NULL AND c.status_retired_since IS NULL
WITH c LIMIT $limit
SET c.status_retired_since = /*INCLUDE never-retired*/
RETURN count(c) AS marked
;
