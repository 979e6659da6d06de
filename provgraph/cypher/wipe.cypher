// name: wipe
// description: Delete every node carrying one of the given labels, with its relationships, in batches of 1,000 (run as an auto-commit transaction: `provgraph reset --yes`); other data is left alone.
// description: 1,000, not more: a batch of 10,000 claims with their texts and relationships exceeded the default 1 GiB
// description: transaction memory pool when the bench wiped a 1M-claim store.
// param labels: list of node labels to delete, e.g. provgraph's own labels
// mode: write
MATCH (n) WHERE any(label IN labels(n) WHERE label IN $labels)
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 1000 ROWS
;
