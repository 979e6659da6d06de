// name: resolve_claims
// description: For each id given, the claim uid it names: the claim with that uid, else the first (by uid) claim listing it among its aliases; uid is null for an unknown id.
// param ids: list of claim uids or aliases
UNWIND $ids AS id
OPTIONAL MATCH (exact:Claim {uid: id})
OPTIONAL CALL (id, exact) {
  WITH id AS wanted WHERE exact IS NULL
  // INCLUDE alias-claims (the claims listing the id among their aliases; written in rules/alias-claims.cypher)
  RETURN aliasOf.uid AS alias ORDER BY alias LIMIT 1
}
RETURN id, coalesce(exact.uid, alias) AS uid
;
