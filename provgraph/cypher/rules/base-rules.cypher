CALL (x, q) {
  OPTIONAL MATCH (x)-[cited:CITED_AT]->(snap:Snapshot)
  // not an index range on Snapshot(revised_at): provgraph/cypher/rules/README.md
  WHERE coalesce(snap.revised_at <= $t, false)
  WITH x, q, cited, snap, (snap.until IS NULL OR snap.until > $t) AS current
  ORDER BY current DESC, snap.revised_at DESC, snap.uid DESC
  WITH x, q, head(collect(CASE WHEN snap IS NULL THEN null ELSE {cited: cited, snap: snap, current: current} END)) AS cur
  WITH x, q, cur, cur.cited AS cited, cur.snap AS snap,
       coalesce(cur.cited.scope, x.scope, '') AS scope,
       coalesce(cur.cited.subject, x.subject) AS subject,
       CASE WHEN cur IS NULL THEN x.value ELSE cur.cited.value END AS value,
       toLower(CASE WHEN cur IS NULL THEN x.declared ELSE cur.cited.declared END) AS declared,
       CASE WHEN cur IS NULL THEN x.valid_from ELSE cur.cited.valid_from END AS valid_from,
       CASE WHEN cur IS NULL THEN x.valid_until ELSE cur.cited.valid_until END AS valid_until
  WITH x, q, cur, cited, snap, scope, subject, value, declared, valid_from, valid_until,
    CASE
      WHEN coalesce(x.placeholder, false) OR NOT EXISTS { (x)-[:CITED_AT]->(:Snapshot) }
        THEN ['UNKNOWN', 'UNBOUND']
      WHEN cur IS NULL OR x.asserted_at > $t
        THEN ['UNKNOWN', 'NOT_YET_ASSERTED']
      WHEN NOT /*INCLUDE scope-covers(scope, q)*/
        THEN ['UNKNOWN', 'OUT_OF_SCOPE']
      WHEN valid_until IS NOT NULL AND valid_until <= $t
        THEN ['STALE', 'EXPIRED']
      WHEN valid_from IS NOT NULL AND valid_from > $t
        THEN ['UNKNOWN', 'NOT_YET_VALID']
      ELSE null
    END AS early
  // rule 5: x lies on a cycle when it is among the claims its own revision edges reach. The reach is a
  // pruning BFS in a CALL (inside an expression it would be planned as a path-enumerating expand). A claim with a
  // revision rank lies on no cycle (ranks fall along every edge from it: provgraph/engine/ranks.py), so no walk
  CALL (x, q, early) {
    WITH x, q, early
    WHERE early IS NULL AND x.revision_rank IS NULL AND EXISTS { (x)<-[:CORRECTS|SUPERSEDES]-(:Claim) }
    OPTIONAL MATCH (x)-[loops:CORRECTS|SUPERSEDES*1..]->(reached:Claim)
    WHERE all(loop IN loops WHERE /*INCLUDE edge-visible(loop)*/
      AND /*INCLUDE scope-covers(loop.scope, q)*/)
    WITH DISTINCT reached
    RETURN collect(reached) AS reach
  }
  // the edges of a reviser rejected or withdrawn at $t (void, rule 6) make no cycle: only when x is on one, the
  // edges out of the claims it reaches are checked, and the walk is run again without the void ones
  CALL (x, reach) {
    WITH x, reach WHERE x IN reach
    UNWIND reach AS loopFrom
    MATCH (loopFrom)-[rev:CORRECTS|SUPERSEDES]->(:Claim)
    // INCLUDE revision-force
    WITH rev, force WHERE force = 'VOID'
    RETURN collect(rev) AS loopVoid
  }
  CALL (x, q, loopVoid) {
    WITH x, q, loopVoid WHERE size(loopVoid) > 0
    OPTIONAL MATCH (x)-[kept:CORRECTS|SUPERSEDES*1..]->(keptReached:Claim)
    WHERE all(loop IN kept WHERE /*INCLUDE edge-visible(loop)*/
      AND /*INCLUDE scope-covers(loop.scope, q)*/ AND NOT loop IN loopVoid)
    WITH DISTINCT keptReached
    RETURN collect(keptReached) AS reachKept
  }
  WITH x, q, cur, cited, snap, scope, subject, value, declared, valid_from, valid_until,
    CASE WHEN early IS NULL AND x IN (CASE WHEN size(loopVoid) = 0 THEN reach ELSE reachKept END)
      THEN ['CONFLICT', 'REVISION_CYCLE'] ELSE early END AS early
  WITH x, q, cur, cited, snap, scope, subject, value, declared, valid_from, valid_until, early,
    CASE WHEN early IS NULL THEN COLLECT {
      MATCH (x)<-[rev:CORRECTS|SUPERSEDES|INVALIDATES]-(successor:Claim)
      WHERE /*INCLUDE edge-visible(rev)*/
        AND /*INCLUDE scope-covers(rev.scope, q)*/
        AND NOT coalesce(successor.placeholder, false)
      // a successor retires x only while its own lifecycle at $t puts it in force (rule 6): force of the edge rev
      // INCLUDE revision-force
      WITH rev, force WHERE force = 'IN_FORCE'
      RETURN DISTINCT type(rev)
    } ELSE [] END AS revisions
  WITH x, q, cur, cited, snap, scope, subject, value, declared, valid_from, valid_until,
    CASE
      WHEN early IS NOT NULL THEN early
      WHEN 'CORRECTS' IN revisions THEN ['STALE', 'CORRECTED']
      WHEN 'SUPERSEDES' IN revisions THEN ['STALE', 'SUPERSEDED']
      WHEN 'INVALIDATES' IN revisions THEN ['STALE', 'INVALIDATED']
      WHEN NOT cur.current AND EXISTS {
          MATCH (snap)-[:OF]->(:Source)<-[:OF]-(now:Snapshot)
          WHERE /*INCLUDE snapshot-current(now)*/ AND coalesce(now.deleted, false) }
        THEN ['STALE', 'SOURCE_DELETED']
      WHEN NOT cur.current OR coalesce(cited.rewritten, false)
        THEN ['STALE', 'SOURCE_REVISED']
      WHEN declared = 'rejected' THEN ['STALE', 'REJECTED']
      WHEN declared = 'withdrawn' THEN ['STALE', 'WITHDRAWN']
      WHEN declared = 'deprecated' THEN ['STALE', 'DEPRECATED']
      WHEN declared = 'superseded' THEN ['STALE', 'SUPERSEDED']
      WHEN declared IN ['proposed', 'draft', 'incomplete'] THEN ['UNKNOWN', 'PROPOSED']
      WHEN declared = 'on-hold' THEN ['UNKNOWN', 'ON_HOLD']
      // a word outside the canonical set (provgraph/ingest/lifecycle.py) never means current
      WHEN declared IS NOT NULL AND declared <> '' AND NOT declared IN ['accepted', 'amended'] THEN ['UNKNOWN', 'UNRECOGNISED_STATUS']
      ELSE [null, null]
    END AS verdict
  RETURN {status: verdict[0], reason: verdict[1], scope: scope, subject: subject, value: value,
          declared: declared, valid_from: valid_from, valid_until: valid_until, text: coalesce(cited.text, x.text),
          snapshot_uid: snap.uid, cited_now: coalesce(cur.current, false)} AS base
}
