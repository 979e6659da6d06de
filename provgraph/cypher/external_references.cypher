// name: external_references
// description: Lineage-only links (source, cites, uses, continues, ...) from claims to things never ingested (ExternalRef:
// description: a URL, an unknown id), visible at $t: claim, claim_scope, verb, target, inbound (the record said target ->
// description: claim), recorded_by (source uids). These are not placeholders and have no status. Sorted by claim, target.
// param t: the as-of time (DateTime); pass datetime() for now
MATCH (c:Claim)-[ref:REFERENCES]->(target:ExternalRef)
WHERE /*INCLUDE edge-visible(ref)*/
RETURN c.uid AS claim, coalesce(c.scope, '') AS claim_scope, ref.verb AS verb, target.uid AS target,
       coalesce(ref.inbound, false) AS inbound, ref.sources AS recorded_by
ORDER BY claim, target, verb
;
