// name: fulltext_index_info
// description: The index named `claim_search`, if any: its type and the properties it covers (`provgraph init`
// description: re-creates it when an older provgraph made it over other properties).
SHOW INDEXES YIELD name, type, properties
WHERE name = 'claim_search'
RETURN type, properties
;
