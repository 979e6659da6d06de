// name: scan_forget
// description: Forget scanned files that are gone (deleted, or no longer read): their sources, snapshots and citations; how many sources went.
// param store: the scan store's name
// param locators: list of file locators
// mode: write
UNWIND $locators AS locator
MATCH (source:Source {uid: $store + ':' + locator})-[:IN]->(:Store {name: $store})
OPTIONAL MATCH (s:Snapshot)-[:OF]->(source)
DETACH DELETE s, source
RETURN count(DISTINCT locator) AS removed
;
