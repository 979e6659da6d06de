// Claims `a` and `b` have the same title (their sources' titles, numbering dropped, compared without case or surrounding
// spaces) in one store: a log that keeps a record's title and says other words is writing a revision, so such a pair
// needs no other shared term and is a suspect at any score (bench/HISTORY.md "Suspects": cloud-platform's two
// "Multi-cluster" records, whose other shared words were the store's common terms). Two stores' records of one title
// are each log's own (its "Record architecture decisions" in its own template's words), not a revision.
// arguments: a, b
CASE WHEN coalesce(a.search_title, '') <> '' AND toLower(trim(a.search_title)) = toLower(trim(coalesce(b.search_title, '')))
     THEN EXISTS { (a)-[:CITED_AT]->(:Snapshot)-[:OF]->(:Source)-[:IN]->(titleStore:Store)
                   WHERE EXISTS { (b)-[:CITED_AT]->(:Snapshot)-[:OF]->(:Source)-[:IN]->(titleStore) } }
     ELSE false END
