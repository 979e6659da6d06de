// name: schema_await_indexes
// description: Wait (up to 300 seconds) until every index is online, so a query right after `provgraph init` uses them; returns nothing.
CALL db.awaitIndexes(300)
;
