CALL (c) {
  OPTIONAL MATCH (c)-[cited:CITED_AT]->(snap:Snapshot)
  WHERE coalesce(snap.revised_at <= $t, false)
  WITH c, cited ORDER BY (snap.until IS NULL OR snap.until > $t) DESC, snap.revised_at DESC
  WITH c, head(collect(cited.scope)) AS citedScope
  RETURN coalesce($q, citedScope, c.scope, '') AS q
}
