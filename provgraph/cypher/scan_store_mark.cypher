// name: scan_store_mark
// description: Record on a scan store the folder its locators are relative to and the vocabulary it was last matched against (creating the store on its first scan).
// param store: the scan store's name
// param root: the absolute folder file locators are relative to
// param vocabulary: the digest of the ids, files and patterns the scan matched against
// mode: write
MERGE (store:Store {name: $store})
  ON CREATE SET store.kind = 'scan'
SET store.root = $root, store.vocabulary = $vocabulary
RETURN store.name AS store
;
