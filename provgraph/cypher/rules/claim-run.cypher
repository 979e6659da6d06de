// The run of claim `y` at $t (docs/design.md "The account of a status"): start, the first snapshot of the unbroken
// run (newest first) of its source's snapshots that cite y with the word the latest citing snapshot at $t has, and
// latest, the newest of them; each {snapshot, at, cited, word, line, until, valid_until}, null when there is none.
// Needs y; out: start, latest.
CALL (y) {
  OPTIONAL MATCH (y)-[:CITED_AT]->(s0:Snapshot)
  WHERE coalesce(s0.revised_at <= $t, false)
  WITH y, s0 ORDER BY s0.revised_at DESC, s0.uid DESC LIMIT 1
  // two MATCH clauses: in one pattern the OF of s0 could not be walked twice, so s0 itself would be left out
  OPTIONAL MATCH (s0)-[:OF]->(source:Source)
  OPTIONAL MATCH (source)<-[:OF]-(s:Snapshot)
  WHERE coalesce(s.revised_at <= s0.revised_at, false)
  OPTIONAL MATCH (y)-[said:CITED_AT]->(s)
  WITH y, s, said ORDER BY s.revised_at DESC, s.uid DESC
  WITH collect({snapshot: s.uid, at: s.revised_at, cited: said IS NOT NULL, word: toLower(coalesce(said.declared, '')),
                line: coalesce(said.status_line, said.line_start), until: s.until, valid_until: said.valid_until}) AS history
  WITH history, reduce(acc = {run: [], open: true}, h IN history |
    CASE WHEN acc.open AND h.cited AND h.word = history[0].word THEN {run: acc.run + [h], open: true}
         ELSE {run: acc.run, open: false} END).run AS run
  RETURN CASE WHEN size(run) = 0 THEN null ELSE last(run) END AS start,
         CASE WHEN size(run) = 0 THEN null ELSE head(run) END AS latest
}
