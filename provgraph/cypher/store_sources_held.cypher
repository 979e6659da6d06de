// name: store_sources_held
// description: Which of the given source uids a store holds (a kept end's last entry, or an entry read after a kept
// description: end that repeats one stored: either makes the ingest read the file whole).
// param store: the store name
// param sources: list of source uids
UNWIND $sources AS source_uid
MATCH (source:Source {uid: source_uid})-[:IN]->(:Store {name: $store})
RETURN source.uid AS source
;
