// name: report_suspects_of_run
// description: The suspect pairs (`earlier -> later` keys, JSON list) a `provgraph report` run listed, so the next run
// description: can mark which possible unlinked revisions are new. No row when the run does not exist; null suspects
// description: when it was recorded before reports listed them.
// param run: the ReportRun uid
MATCH (run:ReportRun {uid: $run})
RETURN run.suspects AS suspects
;
