// name: ingest_resolve
// description: Resolve references to claim uids: each claim whose uid is a reference or lists one among its aliases (one scan for the aliases, index seeks for the uids).
// param refs: list of reference strings
CALL () {
  UNWIND $refs AS ref
  MATCH (c:Claim {uid: ref})
  RETURN ref, c.uid AS uid, c.placeholder AS placeholder, 'uid' AS matched
  UNION ALL
  MATCH (c:Claim)
  WHERE size(c.aliases) > 0 AND any(alias IN c.aliases WHERE alias IN $refs)
  UNWIND [alias IN c.aliases WHERE alias IN $refs] AS ref
  RETURN ref, c.uid AS uid, c.placeholder AS placeholder, 'alias' AS matched
}
RETURN ref, uid, placeholder, matched
ORDER BY ref, placeholder, matched DESC, uid
;
