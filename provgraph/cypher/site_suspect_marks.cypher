// name: site_suspect_marks
// plan: kept
// description: What the suspects of a claim rest on besides its status and edges (a decision site compares it with its
// description: last build): every pair the write-time suspects pass kept, (a: the later claim)-[:MAY_REVISE]->(b: the
// description: earlier), with its similarity (x, as text: the site's manifest keeps it, and JSON writes and reads a
// description: float several times slower than text) and found_at (y, epoch microseconds); and every adjudication that
// description: dismisses or links two claims, (b: the adjudication) on each claim a, with decided_at (x) and revoked_at
// description: (y) as epoch microseconds. Returns kind ('pair' or 'adjudication'), a, b, x, y.
MATCH (later:Claim)-[kept:MAY_REVISE]->(earlier:Claim)
RETURN 'pair' AS kind, later.uid AS a, earlier.uid AS b, toString(kept.similarity) AS x,
       /*INCLUDE epoch-us(kept.found_at)*/ AS y
UNION ALL
MATCH (decision:Adjudication)-[:DISTINGUISHES|LINKS]->(c:Claim)
RETURN 'adjudication' AS kind, c.uid AS a, decision.uid AS b, /*INCLUDE epoch-us(decision.decided_at)*/ AS x,
       /*INCLUDE epoch-us(decision.revoked_at)*/ AS y
;
