// name: ingest_resolve
// description: Resolve references to claim uids: each claim whose uid is a reference or lists one among its aliases (index seeks for both).
// param refs: list of reference strings
CALL () {
  UNWIND $refs AS ref
  MATCH (c:Claim {uid: ref})
  RETURN ref, c.uid AS uid, c.placeholder AS placeholder, 'uid' AS matched
  UNION ALL
  UNWIND $refs AS ref
  WITH DISTINCT ref AS wanted
  // INCLUDE alias-claims (the claims listing the reference among their aliases; written in rules/alias-claims.cypher)
  RETURN wanted AS ref, aliasOf.uid AS uid, aliasOf.placeholder AS placeholder, 'alias' AS matched
}
RETURN ref, uid, placeholder, matched
ORDER BY ref, placeholder, matched DESC, uid
;
