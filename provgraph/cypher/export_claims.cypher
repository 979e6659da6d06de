// name: export_claims
// description: One page of claims for `provgraph export`, by uid after $after (keyset paging): the claim's
// description: properties, its citations (CITED_AT properties plus the snapshot uid) and its outgoing claim-to-claim
// description: edges (kind, to, and the edge's properties), and its external references (REFERENCES to an ExternalRef:
// description: verb, inbound, window, and the target's uid as `to`).
// param after: the last claim uid of the previous page, or null for the first page
// param page: how many rows to return
MATCH (claim:Claim)
WHERE $after IS NULL OR claim.uid > $after
WITH claim ORDER BY claim.uid LIMIT $page
RETURN claim.uid AS uid, claim {.*} AS properties,
       COLLECT { MATCH (claim)-[cited:CITED_AT]->(snapshot:Snapshot)
                 WITH cited, snapshot ORDER BY snapshot.uid
                 RETURN cited {.*, snapshot: snapshot.uid} } AS citations,
       COLLECT { MATCH (claim)-[edge]->(other:Claim)
                 WHERE type(edge) IN ['CORRECTS', 'SUPERSEDES', 'INVALIDATES', 'AMENDS', 'CONFLICTS_WITH', 'DEPENDS_ON', 'RELATES']
                 WITH edge, other ORDER BY other.uid, type(edge)
                 RETURN edge {.*, kind: type(edge), to: other.uid} } AS edges,
       COLLECT { MATCH (claim)-[ref:REFERENCES]->(target:ExternalRef)
                 WITH ref, target ORDER BY target.uid, ref.verb
                 RETURN ref {.*, kind: 'REFERENCES', to: target.uid} } AS external
ORDER BY uid
;
