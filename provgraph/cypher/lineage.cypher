// name: lineage
// description: The lineage of one claim as of $t for question scope $q: its predecessors and successors (transitive,
// description: through revision and amendment edges visible at $t whose scope covers q, whatever the reviser's lifecycle), its premises (DEPENDS_ON closure), its
// description: explicit conflict partners, RELATES neighbours and direct dependents. Returns one row: claim, nodes (uids), edges
// description: (from, to, kind, verb, scope, via, force: IN_FORCE, PENDING or VOID for revision and amendment edges, valid_from,
// description: valid_to, recorded_by: {snapshot, commit, author, committer, file, line} of the first record that states it) among them,
// description: adjudications touching them (keep/retire, `--distinct` dismissals of a suspect pair: kind 'distinct', and
// description: `--relates` / `--depends-on` links: kind 'relates' or 'depends_on', links = [[source, target]] of the edge it implies),
// description: citations (each claim's citing snapshots with source, sha256, revised_at, until, deleted, lines, current
// description: at $t), and external references (lineage links from these claims to things never ingested: claim, target,
// description: verb, inbound).
// param claim: the claim uid
// param q: the question scope, or null for the claim's own scope
// param t: the as-of time (DateTime)
MATCH (c:Claim {uid: $claim})
WITH c, coalesce($q, c.scope, '') AS q
WITH c, q, COLLECT {
  MATCH (c)<-[revs:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS*1..]-(later:Claim)
  WHERE all(rev IN revs WHERE /*INCLUDE edge-visible(rev)*/
    AND /*INCLUDE scope-covers(rev.scope, q)*/)
  RETURN DISTINCT later
} AS successors, COLLECT {
  MATCH (c)-[revs:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS*1..]->(earlier:Claim)
  WHERE all(rev IN revs WHERE /*INCLUDE edge-visible(rev)*/
    AND /*INCLUDE scope-covers(rev.scope, q)*/)
  RETURN DISTINCT earlier
} AS predecessors, COLLECT {
  MATCH (c)-[deps:DEPENDS_ON*1..]->(premise:Claim)
  WHERE all(dep IN deps WHERE /*INCLUDE edge-visible(dep)*/)
  RETURN DISTINCT premise
} AS premises, COLLECT {
  // direct revisers whose edge acts only in a scope q does not cover: shown, with that scope, never walked on
  MATCH (c)<-[rev:CORRECTS|SUPERSEDES|INVALIDATES]-(other:Claim)
  WHERE /*INCLUDE edge-visible(rev)*/
    AND NOT /*INCLUDE scope-covers(rev.scope, q)*/
  RETURN DISTINCT other
} AS elsewhere
CALL (c) {
  OPTIONAL MATCH (c)-[link:CONFLICTS_WITH|RELATES|DEPENDS_ON]-(other:Claim)
  WHERE /*INCLUDE edge-visible(link)*/
  RETURN collect(DISTINCT other) AS neighbours
}
WITH c, q, [c] + successors + predecessors + premises + neighbours + elsewhere AS found
CALL (found) {
  UNWIND found AS n
  WITH DISTINCT n
  RETURN collect(n) AS nodes
}
CALL (nodes, q, c) {
  UNWIND nodes AS a
  MATCH (a)-[r:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS|CONFLICTS_WITH|DEPENDS_ON|RELATES]->(b:Claim)
  WHERE b IN nodes
    AND /*INCLUDE edge-visible(r)*/
    AND (NOT type(r) IN ['CORRECTS', 'SUPERSEDES', 'INVALIDATES', 'AMENDS']
         OR /*INCLUDE scope-covers(r.scope, q)*/
         OR (b = c AND type(r) <> 'AMENDS'))
  WITH a, b, r AS rev
  // INCLUDE revision-force
  // the record that first states the edge: its snapshot, commit, author, file and line (provgraph/engine/account.py)
  OPTIONAL CALL (rev) {
    UNWIND range(0, size(coalesce(rev.recorded_in, [])) - 1) AS i
    MATCH (recorded:Snapshot {uid: rev.recorded_in[i]})-[:OF]->(recordedSource:Source)
    WITH recorded, recordedSource, coalesce(rev.recorded_lines, [])[i] AS line
    ORDER BY recorded.revised_at, recorded.uid LIMIT 1
    RETURN {snapshot: recorded.uid, commit: recorded.version, author: recorded.author, committer: recorded.committer,
            file: coalesce(recorded.path, recordedSource.locator), line: CASE WHEN line > 0 THEN line END} AS recordedBy
  }
  WITH a, b, rev AS r, force, recordedBy ORDER BY a.uid, b.uid, type(rev)
  RETURN collect({from: a.uid, to: b.uid, kind: type(r), verb: r.verb, scope: r.scope, via: r.via,
                  elsewhere: type(r) IN ['CORRECTS', 'SUPERSEDES', 'INVALIDATES']
                    AND NOT /*INCLUDE scope-covers(r.scope, q)*/,
                  valid_from: r.valid_from, valid_to: r.valid_to, recorded_by: recordedBy,
                  force: CASE WHEN type(r) IN ['CORRECTS', 'SUPERSEDES', 'INVALIDATES', 'AMENDS'] THEN force END}) AS edges
}
CALL (nodes) {
  UNWIND nodes AS n
  MATCH (adj:Adjudication)-[:KEEPS|RETIRES|DISTINGUISHES|LINKS]->(n)
  WITH DISTINCT adj
  WHERE adj.decided_at <= $t
  ORDER BY adj.decided_at, adj.uid
  RETURN collect({uid: adj.uid, decided_at: adj.decided_at, revoked_at: adj.revoked_at, by: adj.by, why: adj.why,
                  policy: adj.policy, scope: adj.scope, kind: adj.kind,
                  distinct: COLLECT { MATCH (adj)-[:DISTINGUISHES]->(d:Claim) RETURN d.uid ORDER BY d.uid },
                  keeps: COLLECT { MATCH (adj)-[:KEEPS]->(k:Claim) RETURN k.uid ORDER BY k.uid },
                  retires: COLLECT { MATCH (adj)-[:RETIRES]->(r:Claim) RETURN r.uid ORDER BY r.uid },
                  links: COLLECT { MATCH (adj)-[:LINKS]->(s:Claim)-[link:DEPENDS_ON|RELATES]->(o:Claim)<-[:LINKS]-(adj)
                                   WHERE link.via = adj.uid RETURN [s.uid, o.uid] }}) AS adjudications
}
CALL (nodes) {
  UNWIND nodes AS n
  MATCH (n)-[cited:CITED_AT]->(snap:Snapshot)-[:OF]->(source:Source)
  WHERE snap.revised_at <= $t
  WITH n, cited, snap, source ORDER BY n.uid, snap.revised_at
  RETURN collect({claim: n.uid, source: source.uid, url: source.url, snapshot: snap.sha256, snapshot_uid: snap.uid,
                  revised_at: snap.revised_at, until: snap.until, deleted: coalesce(snap.deleted, false),
                  line_start: cited.line_start, line_end: cited.line_end,
                  current: snap.until IS NULL OR snap.until > $t}) AS citations
}
CALL (nodes) {
  UNWIND nodes AS n
  MATCH (n)-[ref:REFERENCES]->(target:ExternalRef)
  WHERE /*INCLUDE edge-visible(ref)*/
  WITH n, ref, target ORDER BY n.uid, target.uid, ref.verb
  RETURN collect({claim: n.uid, target: target.uid, verb: ref.verb, inbound: coalesce(ref.inbound, false)}) AS external
}
RETURN c.uid AS claim, q AS question_scope, [n IN nodes | n.uid] AS nodes, edges, adjudications, citations, external
;
