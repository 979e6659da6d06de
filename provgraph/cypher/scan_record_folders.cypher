// name: scan_record_folders
// description: The folders the record stores (files and git) were last ingested from, absolute: `provgraph scan` reads the remotes of the git work trees holding them, so a forge URL of a record's file cites its claim.
MATCH (store:Store)
WHERE store.kind IN ['files', 'git'] AND store.path IS NOT NULL
RETURN DISTINCT store.path AS path
ORDER BY path
;
