// name: graph_shape
// description: Every (node label, property key) and (relationship type, property key) pair present in the graph, with how many nodes or relationships carry it (key is null for one without properties); scans the whole graph.
MATCH (n)
UNWIND labels(n) AS name
UNWIND CASE WHEN size(keys(n)) = 0 THEN [null] ELSE keys(n) END AS key
RETURN 'node' AS entity, name, key, count(*) AS count
UNION ALL
MATCH ()-[r]->()
UNWIND CASE WHEN size(keys(r)) = 0 THEN [null] ELSE keys(r) END AS key
RETURN 'relationship' AS entity, type(r) AS name, key, count(*) AS count
;
