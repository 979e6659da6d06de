// name: verify_requests
// description: Many verify requests in one query (the set-wise check behind verify and verify --batch). For each
// description: request, one row: index; items (as the test oracle's verify_evidence, tests/stored_status/queries: every evidence item resolved by uid
// description: or alias, with the snapshot the reader saw checked as of the request's $t); candidates (the candidate set: the uids of the claims every item,
// description: evidence and candidate, names, sorted; [] when the request gives no candidate set); statuses (each resolved
// description: evidence claim's stored status row, times as epoch microseconds, when it is fresh at $t and stored for the request's question scope,
// description: else {claim, usable: false}); closure (as the oracle's verify_closure: every (claim, successor) of the candidate
// description: set's revision closure, less the rows that cannot change the verdict: a successor already in the set,
// description: unless it is a current head of an evidence claim's closure); rivals (as rivals, each rival judged by rules 1-9 from its stored status at
// description: the request's question scope, which is exact when the stored status is fresh at $t and every revision
// description: edge scope it depends on covers that scope as it covers the rival's own; rivals in the set, and STALE or UNKNOWN ones, left out) and fallback (the candidate
// description: claims whose rivals cannot be judged from stored statuses: their caller asks the rivals query). A candidate's closure
// description: is read from the rows kept with its stored status (revision_closure_rows) when they answer the question (rules/closure-kept);
// description: the candidate claims are the items' own nodes, each read once for the closure and the rivals, and the claims on the
// description: subjects the request and its candidates name are sought once per request (rules/subject-live).
// description: A claim retired at $t (status_retired_since <= $t, rules/retired) is not read as a rival: the seek leaves it out.
// param requests: list of {index, q: question scope or null, subject: or null, items: [{id, snapshot}], evidence: how many of the items are evidence (the first ones), candidates: true when a candidate set was given}
// param t: the as-of time of every request in this call (DateTime)
// a store of schema 5 or later keeps status_retired_since on every claim with a subject (rules/subject-live)
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
  // a candidate item gives only its claim's uid (in itemUids; collect leaves its null out of items)
  RETURN collect(CASE WHEN position >= request.evidence THEN null ELSE {
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
  } END) AS items, collect(c) AS itemNodes, collect(c.uid) AS itemUids
}
WITH retiredIndexed, request, rq, subject, items, itemNodes,
  COLLECT { UNWIND items AS i WITH i WHERE i.claim IS NOT NULL RETURN DISTINCT i.claim } AS evidenceUids,
  CASE WHEN request.candidates THEN COLLECT { UNWIND itemUids AS uid RETURN DISTINCT uid ORDER BY uid } ELSE [] END
    AS setUids
// the candidate claims, as the items found them
WITH retiredIndexed, request, rq, subject, items, evidenceUids, setUids,
  CASE WHEN request.candidates THEN COLLECT { UNWIND itemNodes AS c RETURN DISTINCT c } ELSE [] END AS setNodes
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
    valid_until: /*INCLUDE epoch-us(c.status_valid_until)*/, successors: coalesce(c.status_successors, []), conflicts_with: coalesce(c.status_conflicts_with, []),
    premises: coalesce(c.status_premises, []), premises_not_current: coalesce(c.status_premises_not_current, []),
    premise_verdicts: coalesce(c.status_premise_verdicts, []), successor_scopes: coalesce(c.status_successor_scopes, []),
    successors_elsewhere: coalesce(c.status_successors_elsewhere, []),
    successors_elsewhere_scopes: coalesce(c.status_successors_elsewhere_scopes, []),
    pending: coalesce(c.status_pending, []), amendments: coalesce(c.status_amendments, [])
  } ELSE {usable: false, claim: c.uid} END) AS statuses
}
// 3-4. each candidate claim once: its revision closure (as verify_closure, kept at write time when it answers
// the question) and its rivals (as the rivals query, judged from stored statuses)
CALL (rq, subject, setUids, setNodes, evidenceUids, retiredIndexed) {
  // the claims that may be rivals on the request's subject and on each candidate's, read once for all candidates
  // (one in the candidate set is no missing claim: left out here)
  CALL (subject, setNodes, retiredIndexed) {
    WITH setNodes, retiredIndexed,
      COLLECT { UNWIND CASE WHEN size(setNodes) > 0 THEN [subject] + [c IN setNodes | c.subject] ELSE [] END AS about
                WITH about WHERE about IS NOT NULL AND about <> '' RETURN DISTINCT about } AS named
    // a crowded subject with a roster is not read here: the rivals query reads the roster (the fallback below)
    WITH setNodes, retiredIndexed, named, COLLECT {
      MATCH (roster:RivalRoster) WHERE roster.subject IN named AND NOT roster.owed RETURN roster.subject
    } AS rostered
    CALL (setNodes, retiredIndexed, named, rostered) {
      WITH setNodes, retiredIndexed, [about IN named WHERE NOT about IN rostered] AS abouts
      // the claims on the subjects `abouts` that may be a rival at $t, one row per (about, member): every claim on
      // them less those retired at $t (rules/retired: STALE or UNKNOWN at any question scope, so no rival verify could
      // miss), left out by the seek in the index on (subject, status_retired_since); on a store before schema 5
      // (`retiredIndexed` false) every claim on the subjects is read
      CALL (abouts, retiredIndexed) {
        UNWIND CASE WHEN retiredIndexed THEN abouts ELSE [] END AS about
        MATCH (live:Claim)
        USING INDEX live:Claim(subject, status_retired_since)
        WHERE live.subject = about AND live.status_retired_since > $t
        RETURN about, live AS member
        UNION ALL
        UNWIND CASE WHEN retiredIndexed THEN [] ELSE abouts END AS about
        MATCH (member:Claim {subject: about})
        USING INDEX member:Claim(subject)
        RETURN about, member
      }
      WITH about, member WHERE NOT member IN setNodes
      WITH about, /*INCLUDE rival-record(member)*/ AS record
      RETURN collect(record {.*, about: about}) AS subjectRecords
    }
    RETURN subjectRecords, rostered
  }
  UNWIND setNodes AS c
  WITH c, rq, subject, setUids, setNodes, evidenceUids, subjectRecords,
    /*INCLUDE stored-fresh(c)*/ AS ownFresh, coalesce(rq, c.scope, '') AS closureQ,
    coalesce(c.subject IN rostered, false) OR coalesce(subject IN rostered, false) AS onRoster
  WITH *, /*INCLUDE closure-kept(c, closureQ)*/ AS kept
  CALL (c, closureQ, kept, setUids, evidenceUids) {
    CALL (c, closureQ, kept) {
      WITH c, closureQ AS q WHERE kept
      // INCLUDE closure-kept-rows (the rows kept at write time; written in rules/closure-kept-rows.cypher)
      RETURN row
      UNION ALL
      WITH c, closureQ AS q, kept WHERE NOT kept
      // INCLUDE revision-walk (the revision closure of c for q at $t; written in rules/revision-walk.cypher)
      // INCLUDE closure-rows (one row per successor of c for q at $t; written in rules/closure-rows.cypher)
      RETURN row
    }
    // a successor in the candidate set matters only as a head of an evidence claim's closure
    WITH c, row
    WHERE NOT row.successor IN setUids OR (row.head AND c.uid IN evidenceUids)
    RETURN collect(row {claim: c.uid, .*}) AS closureRows
  }
  OPTIONAL CALL (c, rq, subject, ownFresh, onRoster, setNodes, subjectRecords) {
    WITH c, coalesce(rq, c.status_question_scope) AS q, subject, setNodes, subjectRecords,
      [c.subject, subject] AS abouts, [c.status_subject, subject] AS judgedAbouts, c.status_value AS ownValue
    WHERE ownFresh AND NOT onRoster
    // the claims on the subjects that may be rivals (the candidate set's left out); only when there are any, the
    // claims revision-linked to c (a walk of its edges that most candidates need not pay)
    WITH *, [r IN subjectRecords WHERE r.about IN abouts] AS onSubjects
    WITH *, CASE WHEN size(onSubjects) = 0 THEN [] ELSE /*INCLUDE revision-linked(c)*/ END AS linked,
      // its explicit partners (rule 10), each once
      reduce(seen = [], other IN [(c)-[link:CONFLICTS_WITH]-(other:Claim)
                                  WHERE other <> c AND NOT other IN setNodes AND /*INCLUDE edge-visible(link)*/
                                    AND /*INCLUDE scope-covers(link.scope, q)*/ | other] |
        CASE WHEN other IN seen THEN seen ELSE seen + other END) AS partners
    // the rival candidates, as rules/rival-candidates finds them less the retired
    WITH c, q, judgedAbouts, ownValue,
      [r IN [other IN partners | /*INCLUDE rival-record(other)*/] | r {.*, kind: 'EXPLICIT_CONFLICT'}]
      + [r IN onSubjects WHERE r.node <> c AND NOT r.node IN linked | r {.*, kind: 'RIVAL_CLAIM'}] AS pool
    WITH c, q, judgedAbouts, ownValue, [r IN pool | r {.*,
      usable: r.fresh
        AND (r.reason IN ['UNBOUND', 'NOT_YET_ASSERTED']
             // rule 3 at q, from the stored scope
             OR NOT /*INCLUDE scope-covers(r.scope, q)*/
             // rules 4-9 as stored, when every edge scope they read covers q as it covers the rival's own scope
             OR (r.reason <> 'OUT_OF_SCOPE'
                 AND all(s IN r.edge_scopes
                         WHERE (s = q OR q STARTS WITH s + '/')
                             = (s = r.question_scope OR r.question_scope STARTS WITH s + '/')))),
      base: CASE
        WHEN r.reason IN ['UNBOUND', 'NOT_YET_ASSERTED'] THEN [r.status, r.reason]
        WHEN NOT /*INCLUDE scope-covers(r.scope, q)*/ THEN ['UNKNOWN', 'OUT_OF_SCOPE']
        WHEN r.reason IN ['EXPLICIT_CONFLICT', 'RIVAL_CLAIM', 'PREMISE_NOT_CURRENT', 'CURRENT'] THEN ['ACTIVE', 'CURRENT']
        ELSE [r.status, r.reason]
      END}] AS judged
    RETURN [r IN judged
            WHERE NOT r.usable
               OR r.kind = 'EXPLICIT_CONFLICT'
               OR (r.subject IS NOT NULL AND r.subject <> '' AND r.subject IN judgedAbouts
                   AND NOT (r.value IS NOT NULL AND ownValue IS NOT NULL AND r.value = ownValue))
            | {claim: c.uid, rival: r.uid, kind: r.kind, usable: r.usable, rival_status: r.base[0],
               rival_reason: r.base[1], scope: r.scope, subject: r.subject, value: r.value}] AS found
  }
  WITH c, ownFresh AND NOT onRoster AS judgedHere, closureRows, coalesce(found, []) AS found
  WITH
    collect(closureRows) AS closures,
    // a STALE or UNKNOWN rival is no missing claim
    [f IN collect(CASE WHEN judgedHere THEN [r IN found WHERE NOT r.rival_status IN ['STALE', 'UNKNOWN']] ELSE [] END) | f]
      AS perClaim,
    [x IN collect(CASE WHEN NOT judgedHere OR any(f IN found WHERE NOT f.usable) THEN c.uid END) WHERE x IS NOT NULL]
      AS fallback
  RETURN COLLECT { UNWIND closures AS rows UNWIND rows AS row RETURN row ORDER BY row.claim, row.successor } AS closure,
    perClaim, fallback
}
RETURN
  request.index AS index,
  items,
  setUids AS candidates,
  statuses,
  closure,
  reduce(all = [], found IN perClaim | all + found) AS rivals,
  fallback
;
