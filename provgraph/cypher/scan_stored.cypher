// name: scan_stored
// description: The scanned files a scan store holds, each with the sha256 of the bytes last scanned and the digest of the citations found in them: every file when $locators is null, else those named.
// param store: the scan store's name
// param locators: list of file locators (paths relative to the scan root), or null for every file
MATCH (store:Store {name: $store})<-[:IN]-(source:Source)<-[:OF]-(s:Snapshot)
WHERE $locators IS NULL OR source.uid IN [locator IN $locators | $store + ':' + locator]
RETURN source.locator AS locator, s.sha256 AS sha256, s.cites_digest AS digest
;
