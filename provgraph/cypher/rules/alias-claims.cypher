// The claims that list `wanted` among their aliases, one row each (`aliasOf`), none for an empty or unknown name: a
// seek in the keyword full-text index claim_aliases (schema 4: exact, case-sensitive, the name quoted so no
// character of it is query syntax, then compared again), or, on a store an older provgraph wrote, which lacks the
// index, a scan of every claim. Needs wanted; out: aliasOf.
OPTIONAL MATCH (aliasSchema:ProvgraphSchema {name: 'schema'})
WITH *, coalesce(aliasSchema.version, 0) >= 4 AS aliasIndexed
CALL (wanted, aliasIndexed) {
  WITH wanted WHERE aliasIndexed AND wanted IS NOT NULL AND wanted <> ''
  CALL db.index.fulltext.queryNodes('claim_aliases', '"' + replace(replace(wanted, '\\', '\\\\'), '"', '\\"') + '"')
    YIELD node
  WITH wanted, node WHERE node:Claim AND wanted IN node.aliases
  RETURN node AS aliasOf
  UNION
  // the guard as a row source, so that the scan runs only behind it (a WHERE is planned after the scan)
  UNWIND CASE WHEN aliasIndexed THEN [] ELSE [wanted] END AS scanned
  MATCH (aliasOf:Claim)
  WHERE scanned IN aliasOf.aliases
  RETURN aliasOf
}
