// Which snapshot citing claim `c` is current at $t (now) and which the reader saw: the one with sha256 `seenHash`
// revised at or before $t (seen); of several, the latest revised, then the highest uid. Each is a map {cited: the
// CITED_AT edge, snap: the snapshot}, or null. Needs c; keeps every variable; out: now, seen.
// Pattern comprehensions expand from the claim: the planner cannot turn them into a scan of every snapshot's time.
// arguments: c, seenHash
WITH *,
  reduce(latest = null, cite IN [(c)-[cited:CITED_AT]->(snap:Snapshot)
      WHERE /*INCLUDE snapshot-current(snap)*/ | {cited: cited, snap: snap}] |
    CASE WHEN latest IS NULL OR cite.snap.revised_at > latest.snap.revised_at
           OR (cite.snap.revised_at = latest.snap.revised_at AND cite.snap.uid > latest.snap.uid)
         THEN cite ELSE latest END) AS now,
  reduce(latest = null, cite IN [(c)-[cited:CITED_AT]->(snap:Snapshot)
      WHERE seenHash IS NOT NULL AND snap.sha256 = seenHash AND snap.revised_at <= $t | {cited: cited, snap: snap}] |
    CASE WHEN latest IS NULL OR cite.snap.revised_at > latest.snap.revised_at
           OR (cite.snap.revised_at = latest.snap.revised_at AND cite.snap.uid > latest.snap.uid)
         THEN cite ELSE latest END) AS seen
