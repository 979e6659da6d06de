// name: verify_requests
// description: Many verify requests in one query (the set-wise check behind verify and verify --batch). For each
// description: request, one row: index; items (as the test oracle's verify_evidence, tests/stored_status/queries: every evidence and candidate item resolved by uid
// description: or alias, with the snapshot the reader saw checked as of the request's $t; a candidate item only {index, claim}); statuses (each resolved
// description: evidence claim's stored status row, times as epoch microseconds, when it is fresh at $t and stored for the request's question scope,
// description: else {claim, usable: false}); closure (as the oracle's verify_closure: every (claim, successor) of the candidate
// description: set's successor closure, less the rows that cannot change the verdict: a successor already in the set,
// description: unless it is a current head of an evidence claim's closure); rivals (as rivals, each rival judged by rules 1-9 from its stored status at
// description: the request's question scope, which is exact when the stored status is fresh at $t and every revision
// description: edge scope it depends on covers that scope as it covers the rival's own; rivals in the set, and STALE or UNKNOWN ones, left out) and fallback (the candidate
// description: claims whose rivals cannot be judged from stored statuses: their caller asks the rivals query). A candidate's closure
// description: is read from the rows kept with its stored status (status_closure) when they answer the question (rules/closure-kept);
// description: the candidate claims are matched once, for the closure and the rivals.
// description: A claim retired at $t (status_retired_since <= $t, rules/retired) is not read as a rival: the seek leaves it out.
// param requests: list of {index, q: question scope or null, subject: or null, items: [{id, snapshot}], evidence: how many of the items are evidence (the first ones), candidates: true when a candidate set was given}
// param t: the as-of time of every request in this call (DateTime)
// a store of schema 5 or later keeps status_retired_since on every claim with a subject (rules/rival-candidates-live)
OPTIONAL MATCH (retiredSchema:ProvgraphSchema {name: 'schema'})
WITH coalesce(retiredSchema.version, 0) >= 5 AS retiredIndexed
UNWIND $requests AS request
WITH retiredIndexed, request, request.q AS rq, request.subject AS subject
// 1. the items, as verify_evidence
CALL (request) {
  UNWIND range(0, size(request.items) - 1) AS position
  WITH position, request.items[position] AS item
  OPTIONAL MATCH (exact:Claim {uid: item.id})
  OPTIONAL CALL (item, exact) {
    WITH item.id AS wanted WHERE exact IS NULL
    // INCLUDE alias-claims (the claims listing the id among their aliases; written in rules/alias-claims.cypher)
    RETURN aliasOf AS alias ORDER BY alias.uid LIMIT 1
  }
  WITH position, item, coalesce(exact, alias) AS c
  // which snapshot the reader saw and which is current: asked for the evidence only (a candidate needs its uid)
  OPTIONAL CALL (position, item, c, request) {
    WITH item, c WHERE position < request.evidence
    // INCLUDE cited-snapshots(c, item.snapshot) (written in rules/cited-snapshots.cypher)
    RETURN now.cited AS now_cited, now.snap AS now_snap, seen.cited AS seen_cited, seen.snap AS seen_snap
  }
  WITH position, item, c, now_cited, now_snap, seen_cited, seen_snap
  ORDER BY position
  RETURN collect(CASE WHEN position >= request.evidence THEN {index: position, claim: c.uid} ELSE {
    index: position,
    id: item.id,
    claim: c.uid,
    placeholder: coalesce(c.placeholder, false),
    snapshot: item.snapshot,
    seen_cites: seen_snap IS NOT NULL,
    current_sha256: now_snap.sha256,
    seen_changed: CASE
      WHEN seen_snap IS NULL THEN null
      WHEN now_snap IS NULL THEN true
      WHEN seen_snap = now_snap THEN false
      WHEN seen_cited.quote_sha256 IS NOT NULL AND now_cited.quote_sha256 IS NOT NULL
        THEN seen_cited.quote_sha256 <> now_cited.quote_sha256
      ELSE coalesce(seen_cited.text, '') <> coalesce(now_cited.text, '')
    END
  } END) AS items
}
WITH retiredIndexed, request, rq, subject, items,
  COLLECT { UNWIND items[0..request.evidence] AS i WITH i WHERE i.claim IS NOT NULL RETURN DISTINCT i.claim } AS evidenceUids,
  CASE WHEN request.candidates
    THEN COLLECT { UNWIND items AS i WITH i WHERE i.claim IS NOT NULL RETURN DISTINCT i.claim AS uid ORDER BY uid }
    ELSE [] END AS setUids
// the candidate claims, matched once for the closure and the rivals
WITH retiredIndexed, request, rq, subject, items, evidenceUids, setUids,
  COLLECT { UNWIND setUids AS uid MATCH (c:Claim {uid: uid}) RETURN c ORDER BY c.uid } AS setNodes
// 2. the evidence claims' stored status, when it answers this question
CALL (rq, evidenceUids) {
  UNWIND evidenceUids AS uid
  MATCH (c:Claim {uid: uid})
  WITH c, /*INCLUDE stored-fresh(c)*/
          AND (rq IS NULL OR rq = c.status_question_scope) AS usable
  RETURN collect(CASE WHEN usable THEN {
    usable: true, claim: c.uid, status: c.status, reason: c.status_reason, question_scope: c.status_question_scope,
    scope: c.status_scope, subject: c.status_subject, value: c.status_value, declared: c.status_declared,
    text: c.status_text, placeholder: coalesce(c.placeholder, false), source: c.status_source,
    path: c.status_path, aliases: coalesce(c.status_aliases, []),
    snapshot: c.status_snapshot, snapshot_uid: c.status_snapshot_uid, line_start: c.status_line_start,
    line_end: c.status_line_end, asserted_at: /*INCLUDE epoch-us(c.asserted_at)*/, valid_from: /*INCLUDE epoch-us(c.status_valid_from)*/,
    valid_until: /*INCLUDE epoch-us(c.status_valid_until)*/, successors: c.status_successors, conflicts_with: c.status_conflicts_with,
    premises: c.status_premises, premises_not_current: c.status_premises_not_current,
    premise_verdicts: coalesce(c.status_premise_verdicts, []), successor_scopes: coalesce(c.status_successor_scopes, []),
    successors_elsewhere: coalesce(c.status_successors_elsewhere, []),
    successors_elsewhere_scopes: coalesce(c.status_successors_elsewhere_scopes, []),
    pending: c.status_pending, amendments: c.status_amendments
  } ELSE {usable: false, claim: c.uid} END) AS statuses
}
// 3. the candidate set's successor closure, as verify_closure: kept at write time when it answers the question
CALL (rq, setUids, setNodes, evidenceUids) {
  UNWIND setNodes AS c
  WITH c, coalesce(rq, c.scope, '') AS q
  WITH c, q, /*INCLUDE closure-kept(c, q)*/ AS kept
  CALL (c, q, kept) {
    WITH c WHERE kept
    // INCLUDE closure-kept-rows (the rows kept at write time; written in rules/closure-kept-rows.cypher)
    RETURN row
    UNION ALL
    WITH c, q, kept WHERE NOT kept
    // INCLUDE closure-rows (one row per successor of c for q at $t; written in rules/closure-rows.cypher)
    RETURN row
  }
  // a successor in the candidate set matters only as a head of an evidence claim's closure
  WITH c, row
  WHERE NOT row.successor IN setUids OR (row.head AND c.uid IN evidenceUids)
  ORDER BY c.uid, row.successor
  RETURN collect(row {claim: c.uid, .*}) AS closure
}
// 4. rivals of the candidate set, as the rivals query, judged from stored statuses
CALL (rq, subject, setNodes, retiredIndexed) {
  UNWIND setNodes AS c
  WITH c, subject, retiredIndexed,
    /*INCLUDE stored-fresh(c)*/ AS ownFresh,
    coalesce(rq, c.status_question_scope) AS q
  CALL (c, q, subject, ownFresh, setNodes, retiredIndexed) {
    WITH c, q, subject, ownFresh, setNodes, retiredIndexed
    WHERE ownFresh
    WITH c, q, subject, setNodes, retiredIndexed, c AS rivalOf, [c.subject, subject] AS abouts
    // INCLUDE rival-candidates-live (explicit partners and the live claims on the subjects; written in rules/rival-candidates-live.cypher)
    // a rival in the candidate set is no missing claim
    WITH c, q, subject, other, kind
    WHERE NOT other IN setNodes
    WITH c, q, subject, other, kind,
      /*INCLUDE stored-fresh(other)*/
        AND (other.status_reason IN ['UNBOUND', 'NOT_YET_ASSERTED']
             // rule 3 at q, from the stored scope
             OR NOT /*INCLUDE scope-covers(other.status_scope, q)*/
             // rules 4-9 as stored, when every edge scope they read covers q as it covers the rival's own scope
             OR (other.status_reason <> 'OUT_OF_SCOPE'
                 AND all(s IN coalesce(other.status_edge_scopes, [])
                         WHERE (s = q OR q STARTS WITH s + '/')
                             = (s = other.status_question_scope OR other.status_question_scope STARTS WITH s + '/'))))
        AS usable,
      coalesce(other.status_scope, '') AS scope
    WITH c, subject, other, kind, usable, scope,
      CASE
        WHEN other.status_reason IN ['UNBOUND', 'NOT_YET_ASSERTED'] THEN [other.status, other.status_reason]
        WHEN NOT /*INCLUDE scope-covers(scope, q)*/ THEN ['UNKNOWN', 'OUT_OF_SCOPE']
        WHEN /*INCLUDE past-rule-9(other.status_reason)*/ THEN ['ACTIVE', 'CURRENT']
        ELSE [other.status, other.status_reason]
      END AS base
    WHERE NOT usable
       OR kind = 'EXPLICIT_CONFLICT'
       OR (other.status_subject IS NOT NULL AND other.status_subject <> ''
           AND other.status_subject IN [c.status_subject, subject]
           AND NOT (other.status_value IS NOT NULL AND c.status_value IS NOT NULL AND other.status_value = c.status_value))
    RETURN collect({claim: c.uid, rival: other.uid, kind: kind, usable: usable, rival_status: base[0],
                    rival_reason: base[1], scope: scope, subject: other.status_subject,
                    value: other.status_value}) AS found
  }
  WITH c, ownFresh, coalesce(found, []) AS found
  RETURN
    // a STALE or UNKNOWN rival is no missing claim
    [f IN collect(CASE WHEN ownFresh THEN [r IN found WHERE NOT r.rival_status IN ['STALE', 'UNKNOWN']] ELSE [] END) | f]
      AS perClaim,
    [x IN collect(CASE WHEN NOT ownFresh OR any(f IN found WHERE NOT f.usable) THEN c.uid END) WHERE x IS NOT NULL]
      AS fallback
}
RETURN
  request.index AS index,
  items,
  statuses,
  closure,
  reduce(all = [], found IN perClaim | all + found) AS rivals,
  fallback
;
