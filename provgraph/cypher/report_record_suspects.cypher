// name: report_record_suspects
// description: Keep on a `provgraph report` run the suspect pairs it listed (JSON list of `earlier -> later` keys).
// param run: the ReportRun uid
// param suspects: JSON list of pair keys
// mode: write
MATCH (run:ReportRun {uid: $run})
SET run.suspects = $suspects
RETURN run.uid AS uid
;
