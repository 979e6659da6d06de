// name: claim_history
// description: Every snapshot that cited claim $claim (matched by uid or alias), oldest first: source, snapshot uid,
// description: sha256, revised_at, until (null = still the source's latest), the cited lines, and what the claim said
// description: in that snapshot (text, subject, value, scope, declared).
// param claim: a claim uid or one of its aliases
CALL () {
  MATCH (c:Claim {uid: $claim})
  RETURN c
  UNION
  WITH $claim AS wanted
  // INCLUDE alias-claims (the claims listing it among their aliases; written in rules/alias-claims.cypher)
  RETURN aliasOf AS c
}
MATCH (c)-[cited:CITED_AT]->(snapshot:Snapshot)-[:OF]->(source:Source)
RETURN c.uid AS claim, source.uid AS source, snapshot.uid AS snapshot, snapshot.sha256 AS sha256,
       snapshot.revised_at AS revised_at, snapshot.until AS until,
       cited.line_start AS line_start, cited.line_end AS line_end,
       cited.text AS text, cited.subject AS subject, cited.value AS value, cited.scope AS scope,
       cited.declared AS declared
ORDER BY claim, revised_at, snapshot
;
