// name: resolve_claims
// description: For each id given, the claim uid it names: the claim with that uid, else the first (by uid) claim listing it among its aliases; uid is null for an unknown id.
// param ids: list of claim uids or aliases
UNWIND $ids AS id
OPTIONAL MATCH (exact:Claim {uid: id})
CALL (id, exact) {
  OPTIONAL MATCH (alias:Claim) WHERE exact IS NULL AND id IN alias.aliases
  RETURN alias.uid AS alias ORDER BY alias LIMIT 1 }
RETURN id, coalesce(exact.uid, alias) AS uid
;
