// name: status_expiry
// plan: kept
// description: For each claim whose status rows are about to be stored (status_store), the earliest instant after $t at
// description: which any time the rules compare with $t changes side, among the claim and everything its status reads
// description: (its DEPENDS_ON premises, the rivals and explicit partners of both, and for all of those the claims
// description: revising them and the claims they reach through revision edges): asserted_at, valid_from, valid_until of
// description: claims and citations, revised_at and until of every snapshot of their sources, valid_from and valid_to of
// description: their edges; null when nothing is pending. Untimed and unscoped, so never later than the true instant.
// description: edge_scopes: the non-empty scopes of the revision edges around the claim and its revision closure (what
// description: rules 5 and 6 compare with the question scope). A read: the write-time pass runs it outside the lock.
// description: Two things a status reads nothing of are left out: a claim whose status rules 1-9 decide ($settled) reads
// description: no premise, rival or partner (the first rule that matches wins, so only what rules 1-9 read can change
// description: it); a claim with a revision rank lies on no cycle, so rule 5 reads nothing of its reach. No walk goes
// description: past a premise whose fresh stored status read all it rests on (rules/premise-judged.cypher): its own
// description: stored expiry stands for what is below it.
// param claims: list of claim uids
// param settled: the claims among them whose status rules 1-9 decide (a reason of rules 1-9)
// param t: the time the statuses are computed for (DateTime)
UNWIND $claims AS uid
MATCH (c:Claim {uid: uid})
USING INDEX c:Claim(uid)
WITH c, uid IN $settled AS settled
CALL (c, settled) {
  CALL (c, settled) {
    RETURN c AS p
    UNION
    // no walk past a premise whose fresh stored status read all it rests on: its expiry stands for them
    WITH c, settled WHERE NOT settled
    MATCH (c)-[deps:DEPENDS_ON*1..]->(p:Claim)
    WHERE all(dep IN deps WHERE startNode(dep) = c OR NOT /*INCLUDE premise-judged(startNode(dep))*/)
    RETURN DISTINCT p
  }
  WITH c, settled, collect(DISTINCT p) AS reached
  CALL (settled, reached) {
    UNWIND reached AS p
    CALL (p, settled) {
      RETURN p AS o
      UNION
      WITH p, settled WHERE NOT settled
      MATCH (p)-[:CONFLICTS_WITH]-(o:Claim)
      RETURN o
      UNION
      // the guard in the seek itself: a WHERE before it is planned after the seek, which reads every claim on the subject
      WITH p, CASE WHEN settled OR p.subject = '' THEN null ELSE p.subject END AS about
      MATCH (o:Claim {subject: about})
      USING INDEX o:Claim(subject)
      RETURN o
    }
    WITH DISTINCT o
    CALL (o) {
      RETURN o AS y
      UNION
      MATCH (o)<-[:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]-(y:Claim)
      RETURN y
      UNION
      WITH o WHERE o.revision_rank IS NULL
      MATCH (o)-[:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS*1..]->(y:Claim)
      RETURN DISTINCT y
    }
    RETURN collect(DISTINCT y) AS read
  }
  // a premise no walk went past stands for what it rests on by its own expiry
  RETURN read, reduce(soonest = null, moment IN [p IN reached WHERE p <> c AND /*INCLUDE premise-judged(p)*/ | p.status_expires] |
    CASE WHEN moment > $t AND (soonest IS NULL OR moment < soonest) THEN moment ELSE soonest END) AS judged
}
// the times of each claim read (y) are read once for all the claims of $claims that read it (chain members and rivals
// share most of theirs), then each claim takes the soonest of its own (every claim reads itself: none is left out)
UNWIND read AS y
WITH y, collect({claim: c, judged: judged}) AS readers
CALL (y) {
  CALL (y) {
    UNWIND [y.asserted_at, y.valid_from, y.valid_until] AS moment
    RETURN moment
    UNION ALL
    // one walk of the citations for both: the citation's window, and the other snapshots of the cited source (one
    // pattern, so not the cited snapshot itself through its own OF)
    MATCH (y)-[cited:CITED_AT]->(citedSnap:Snapshot)
    OPTIONAL MATCH (citedSnap)-[:OF]->(:Source)<-[:OF]-(snap:Snapshot)
    UNWIND [cited.valid_from, cited.valid_until, snap.revised_at, snap.until] AS moment
    RETURN moment
    UNION ALL
    MATCH (y)-[edge:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS|CONFLICTS_WITH|DEPENDS_ON]-(:Claim)
    UNWIND [edge.valid_from, edge.valid_to] AS moment
    RETURN moment
  }
  WITH moment
  WHERE moment > $t
  RETURN min(moment) AS soonest
}
UNWIND readers AS reader
WITH reader.claim AS c, reader.judged AS judged, min(soonest) AS walked
WITH c, CASE WHEN judged IS NOT NULL AND (walked IS NULL OR judged < walked) THEN judged ELSE walked END AS expires
// the scopes of the revision edges rules 5 and 6 can read for this claim (verify_requests judges a rival at another
// question scope from the stored status when each of them covers both scopes alike)
CALL (c) {
  CALL (c) {
    RETURN c AS m
    UNION
    WITH c WHERE c.revision_rank IS NULL
    MATCH (c)-[:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS*1..]->(m:Claim)
    RETURN DISTINCT m
  }
  OPTIONAL MATCH (m)-[edge:CORRECTS|SUPERSEDES|INVALIDATES|AMENDS]-(:Claim)
  WITH DISTINCT coalesce(edge.scope, '') AS edgeScope
  WHERE edgeScope <> ''
  RETURN collect(edgeScope) AS edgeScopes
}
RETURN c.uid AS claim, expires, edgeScopes AS edge_scopes
;
