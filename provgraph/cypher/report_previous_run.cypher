// name: report_previous_run
// description: The latest recorded `provgraph report` run of a baseline for a scope ('' = the whole graph): uid,
// description: ran_at, scope, baseline and summary (JSON map claim uid -> [status, reason]); the next report diffs against it.
// param scope: the report scope ('' for the whole graph)
// param baseline: the baseline name (runs of other baselines, such as ad-hoc reports, are never compared with)
// param before: only runs before this instant (`report --at`: the run before that instant), or null for any run
MATCH (run:ReportRun)
WHERE coalesce(run.scope, '') = $scope AND run.baseline = $baseline AND ($before IS NULL OR run.ran_at < $before)
RETURN run.uid AS uid, run.ran_at AS ran_at, run.scope AS scope, run.baseline AS baseline, run.summary AS summary
ORDER BY ran_at DESC, uid DESC
LIMIT 1
;
