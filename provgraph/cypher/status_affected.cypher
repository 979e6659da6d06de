// name: status_affected
// plan: kept
// description: The claims whose status for the default question (own scope, now) a write can change, given what it
// description: touched: the seed claims and every claim the touched sources' snapshots cite; their neighbours through
// description: any claim-to-claim edge (edges written, moved or re-windowed); the claims those revise and every claim
// description: that reaches them through revision edges (rules 5 and 6 read them); the rivals and explicit conflict
// description: partners of all those, by any subject they have ever been cited with (rule 10), less the claims on those
// description: subjects retired now (their status reads no rival); and every claim that
// description: depends on one of them through DEPENDS_ON (rule 11). Untimed and unscoped, so a superset: the inverse of
// description: what status_expiry reads for a claim's expiry. One row per claim: claim (uid), sorted; deep = its
// description: status reads more than $limit claims through one kind of link (revision reach for rule 5 when the claim
// description: has no revision rank, claims about its subject that no revision edge retires), so its status is not
// description: stored but computed when read (a bounded count each); chained = more than $limit premises (stored when
// description: the pass can order them bottom-up: engine/stored_status.py `premise_bands`).
// param seeds: list of claim uids the write touched
// param sources: list of source uids the write added snapshots to
// param limit: how many claims one kind of link may reach before a claim's status is too costly to store
CALL () {
  UNWIND $seeds AS seed
  MATCH (c:Claim {uid: seed})
  USING INDEX c:Claim(uid)
  RETURN c
  UNION
  UNWIND $sources AS source_uid
  MATCH (:Source {uid: source_uid})<-[:OF]-(:Snapshot)<-[:CITED_AT]-(c:Claim)
  RETURN c
}
WITH DISTINCT c
CALL (c) {
  RETURN c AS w
  UNION
  MATCH (c)-[:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS|CONFLICTS_WITH|DEPENDS_ON]-(w:Claim)
  RETURN w
}
WITH DISTINCT w
WITH collect(w) AS touched
UNWIND touched AS w
CALL (w, touched) {
  RETURN w AS r
  UNION
  MATCH (w)-[:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]->(r:Claim)
  RETURN r
  UNION
  // no walk from a claim that CORRECTS or SUPERSEDES a ranked touched claim: that claim's walk reaches it and all that
  // reaches it, and ranks fall along such edges, so following them ends at a claim that walks (a chain written at
  // once walks once, not once per claim)
  // (membership of the node, not of its uid: a uid list is planned as an index seek per uid, per claim)
  WITH w, touched
  WHERE NOT EXISTS {
    MATCH (w)-[:CORRECTS|SUPERSEDES]->(x:Claim)
    WHERE x.revision_rank IS NOT NULL AND x IN touched }
  MATCH (w)<-[:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS*1..]-(r:Claim)
  RETURN DISTINCT r
}
WITH DISTINCT r
// each subject's claims fetched once, however many of its claims were reached (a key of n claims: n, not n * n)
WITH collect(r) AS revised
CALL (revised) {
  UNWIND revised AS r
  UNWIND [about IN [r.subject] + COLLECT { MATCH (r)-[cited:CITED_AT]->(:Snapshot) RETURN cited.subject }
          WHERE about IS NOT NULL AND about <> ''] AS about
  RETURN collect(DISTINCT about) AS subjects
}
// less the claims retired now (rules/retired: STALE or UNKNOWN by rules 1-9 at every scope until a write changes
// them, and a write that can is one they are touched, revised or reached by): a new claim on a subject cannot change
// their status, so an append to a key costs its live claims, not its history. A seek in the index on (subject,
// status_retired_since); a store before schema 5 reads every claim on the subject.
CALL (subjects) {
  OPTIONAL MATCH (retiredSchema:ProvgraphSchema {name: 'schema'})
  WITH subjects, coalesce(retiredSchema.version, 0) >= 5 AS retiredIndexed
  CALL (subjects, retiredIndexed) {
    UNWIND CASE WHEN retiredIndexed THEN subjects ELSE [] END AS about
    MATCH (o:Claim)
    USING INDEX o:Claim(subject, status_retired_since)
    WHERE o.subject = about AND o.status_retired_since > datetime()
    RETURN o
    UNION
    UNWIND CASE WHEN retiredIndexed THEN [] ELSE subjects END AS about
    MATCH (o:Claim {subject: about})
    USING INDEX o:Claim(subject)
    RETURN o
  }
  RETURN collect(o) AS sharing
}
CALL (revised) {
  UNWIND revised AS r
  MATCH (r)-[:CONFLICTS_WITH]-(o:Claim)
  RETURN collect(o) AS partners
}
UNWIND revised + partners + sharing AS o
WITH DISTINCT o
CALL (o) {
  RETURN o AS a
  UNION
  MATCH (o)<-[:DEPENDS_ON*1..]-(a:Claim)
  RETURN DISTINCT a
}
WITH DISTINCT a
// INCLUDE status-deep (written in rules/status-deep.cypher)
;
