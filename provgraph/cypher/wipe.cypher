// name: wipe
// description: Delete up to $batch nodes carrying one of the given labels and having at most $degree relationships, with
// description: those relationships; returns deleted (how many). `provgraph reset --yes` runs it (and wipe_edges), one
// description: transaction at a time, until neither deletes anything; other data is left alone. Bounded statements, not
// description: CALL { } IN TRANSACTIONS: one DETACH DELETE of a Store node deletes every Source link it has, and on the
// description: bench's 1M-claim store that exceeded the default 1 GiB transaction memory pool. The low-degree nodes go
// description: first, which leaves a Store with none.
// param labels: list of node labels to delete, e.g. provgraph's own labels
// param batch: how many nodes one transaction deletes at most
// param degree: only nodes with at most this many relationships
// mode: write
MATCH (n) WHERE any(label IN labels(n) WHERE label IN $labels) AND COUNT { (n)--() } <= $degree
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
;
