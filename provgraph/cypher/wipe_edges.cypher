// name: wipe_edges
// description: Delete up to $batch relationships of nodes carrying one of the given labels; returns deleted (how many).
// description: For what wipe leaves: a node with more than wipe's $degree relationships to nodes it does not delete.
// param labels: list of node labels whose relationships to delete
// param batch: how many relationships one transaction deletes at most
// mode: write
MATCH (n)-[r]-() WHERE any(label IN labels(n) WHERE label IN $labels)
WITH DISTINCT r LIMIT $batch
DELETE r
RETURN count(*) AS deleted
;
