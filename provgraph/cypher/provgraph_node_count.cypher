// name: provgraph_node_count
// description: How many nodes carry one of the given labels (provgraph's own: what `reset` would delete), as n.
// param labels: list of node labels, e.g. ["Store", "Source", "Snapshot", "Claim"]
MATCH (n) WHERE any(label IN labels(n) WHERE label IN $labels)
RETURN count(n) AS n
;
