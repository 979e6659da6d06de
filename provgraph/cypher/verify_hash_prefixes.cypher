// name: verify_hash_prefixes
// description: The full sha256 of the snapshots citing a claim (by uid or alias) whose hash starts with a short
// description: prefix the reader gave (`verify --evidence ID@sha256:2bf0632c9a65`, as git takes a short hash). One row
// description: per item: index, hashes (distinct, sorted; one: the prefix is unique; more: ambiguous; none: no
// description: citing snapshot has it).
// param items: list of maps {id: claim uid or alias, prefix: 12 to 63 lower-case hex digits}
UNWIND range(0, size($items) - 1) AS index
WITH index, $items[index] AS item
OPTIONAL MATCH (exact:Claim {uid: item.id})
OPTIONAL CALL (item, exact) {
  WITH item.id AS wanted WHERE exact IS NULL
  // INCLUDE alias-claims (the claims listing the id among their aliases; written in rules/alias-claims.cypher)
  RETURN aliasOf AS alias ORDER BY alias.uid LIMIT 1
}
WITH index, item, coalesce(exact, alias) AS c
RETURN index,
  COLLECT {
    MATCH (c)-[:CITED_AT]->(snap:Snapshot)
    WHERE snap.sha256 STARTS WITH item.prefix
    RETURN DISTINCT snap.sha256 AS sha256 ORDER BY sha256
  } AS hashes
ORDER BY index
;
