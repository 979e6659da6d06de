// The form of a read whose rows come back as one list (`provgraph.cypher.collected`), not a named query: the loader
// puts the query where ${query} stands and its columns, as `name`: `name` map entries, where ${columns} stands.
CALL () {
${query}
}
RETURN collect({${columns}}) AS rows
