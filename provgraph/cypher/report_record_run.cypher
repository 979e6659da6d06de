// name: report_record_run
// description: Record one `provgraph report` run (ReportRun) so the next run can diff against it.
// param uid: the run's uid
// param ran_at: when it ran (DateTime)
// param scope: the report scope ('' for the whole graph)
// param baseline: the baseline this run belongs to (the next run of the same baseline diffs against it)
// param summary: JSON map claim uid -> [status, reason]
// param counts: JSON map status -> claims (the report's trend chart)
// mode: write
MERGE (run:ReportRun {uid: $uid})
SET run.ran_at = $ran_at, run.scope = $scope, run.baseline = $baseline, run.summary = $summary, run.counts = $counts
RETURN run.uid AS uid
;
