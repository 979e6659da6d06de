// name: suspects_mark
// description: Mark up to $limit claims after uid $after (in uid order) as marked for a suspects lookup (SuspectsPending):
// description: with $unkept, only those never looked up (no suspects_at: a store written before suspects were kept);
// description: without, every claim with search fields (`suspects --refresh`). A keyed entry without free text
// description: (search_free_text false) is in no suspect pair (rules/suspect-texts-may-pair) and owes no lookup, unless
// description: it was looked up before (its kept pairs are then computed again: none). Returns the last uid seen and how
// description: many were marked.
// param after: the last uid of the previous call ('' for the first)
// param limit: claims per call
// param unkept: true: only claims without suspects_at
// mode: write
MATCH (c:Claim)
WHERE c.uid > $after
WITH c ORDER BY c.uid LIMIT $limit
WITH collect(c) AS seen
WITH seen, [c IN seen WHERE c.search_words IS NOT NULL AND (NOT $unkept OR c.suspects_at IS NULL)
                        AND (coalesce(c.search_free_text, true) OR c.suspects_at IS NOT NULL)] AS owing
FOREACH (c IN owing | SET c:SuspectsPending)
RETURN CASE WHEN size(seen) = 0 THEN null ELSE last(seen).uid END AS last, size(owing) AS marked
;
