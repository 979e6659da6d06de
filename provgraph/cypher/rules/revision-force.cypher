CALL (rev) {
  WITH rev, startNode(rev) AS forceOf
  // no :Snapshot label (CITED_AT always ends at one): with it, a plan estimated on a small graph seeks every
  // snapshot by revised_at and expands into this claim, minutes on a 10,000-long chain; without it, it expands
  OPTIONAL MATCH (forceOf)-[forceSaid:CITED_AT]->(forceSnap)
  WHERE coalesce(forceSnap.revised_at <= $t, false)
  WITH rev, forceOf, forceSaid, forceSnap
  ORDER BY (forceSnap.until IS NULL OR forceSnap.until > $t) DESC, forceSnap.revised_at DESC, forceSnap.uid DESC
  LIMIT 1
  WITH rev, toLower(CASE WHEN forceSaid IS NULL THEN forceOf.declared ELSE forceSaid.declared END) AS forceWord
  RETURN CASE
    WHEN rev IS NULL THEN null
    WHEN coalesce(rev.via, '') <> '' THEN 'IN_FORCE'
    WHEN forceWord IN ['rejected', 'withdrawn'] THEN 'VOID'
    WHEN forceWord IS NULL OR forceWord = '' OR forceWord IN ['accepted', 'amended', 'deprecated', 'superseded'] THEN 'IN_FORCE'
    ELSE 'PENDING'
  END AS force
}
