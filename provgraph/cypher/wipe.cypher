// name: wipe
// description: Delete every node carrying one of the given labels, with its relationships, in batches of 10,000 (run as an auto-commit transaction: `provgraph reset --yes`); other data is left alone.
// param labels: list of node labels to delete, e.g. provgraph's own labels
// mode: write
MATCH (n) WHERE any(label IN labels(n) WHERE label IN $labels)
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS
;
