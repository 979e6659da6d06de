// name: ingest_graph_empty
// description: Whether the graph holds no claim at all (asked under the write lock by a first load's first batch: a
// description: load into an empty graph leaves the write-time marks of its batches to its end, provgraph/ingest/pipeline/batch.py).
// description: One row: empty (boolean).
RETURN NOT EXISTS { MATCH (:Claim) } AS empty
;
