// name: verify_evidence
// description: The claims named in a verify request (evidence and candidates), each resolved by uid or alias, with
// description: what the reader saw checked against the graph as of $t. One row per item, in the order given: index,
// description: id (as given), claim (resolved uid, null when unknown), placeholder, snapshot (the sha256 hex the reader
// description: saw, or null), seen_cites (a snapshot with that hash, revised at or before $t, cites the claim),
// description: seen_uid / seen_revised_at (that snapshot), current_sha256 / current_uid (the claim's source snapshot
// description: current at $t, when it cites the claim) and seen_changed (the cited text the reader saw differs from
// description: the text cited now: quote_sha256, else the text; true when nothing current cites the claim).
// param items: list of maps {id: claim uid or alias, snapshot: sha256 hex the reader saw, or null}
// param t: the as-of time (DateTime)
UNWIND range(0, size($items) - 1) AS index
WITH index, $items[index] AS item
OPTIONAL MATCH (exact:Claim {uid: item.id})
// an alias is looked up only for an id that is no uid (a scan of the claims' alias lists)
OPTIONAL CALL (item, exact) {
  UNWIND CASE WHEN exact IS NULL THEN [item.id] ELSE [] END AS wanted
  MATCH (alias:Claim)
  WHERE wanted IN alias.aliases
  RETURN alias ORDER BY alias.uid LIMIT 1
}
WITH index, item, coalesce(exact, alias) AS c
// INCLUDE cited-snapshots(c, item.snapshot) (the snapshot current at $t and the one the reader saw)
WITH index, item, c, now.cited AS now_cited, now.snap AS now_snap, seen.cited AS seen_cited, seen.snap AS seen_snap
RETURN
  index,
  item.id AS id,
  c.uid AS claim,
  coalesce(c.placeholder, false) AS placeholder,
  item.snapshot AS snapshot,
  seen_snap IS NOT NULL AS seen_cites,
  seen_snap.uid AS seen_uid,
  seen_snap.revised_at AS seen_revised_at,
  now_snap.sha256 AS current_sha256,
  now_snap.uid AS current_uid,
  CASE
    WHEN seen_snap IS NULL THEN null
    WHEN now_snap IS NULL THEN true
    WHEN seen_snap = now_snap THEN false
    WHEN seen_cited.quote_sha256 IS NOT NULL AND now_cited.quote_sha256 IS NOT NULL
      THEN seen_cited.quote_sha256 <> now_cited.quote_sha256
    ELSE coalesce(seen_cited.text, '') <> coalesce(now_cited.text, '')
  END AS seen_changed
ORDER BY index
;
