// name: report_previous_run
// description: The latest recorded `provgraph report` run for a scope ('' = the whole graph): uid, ran_at, scope
// description: and summary (JSON map claim uid -> [status, reason]); the next report diffs against it.
// param scope: the report scope ('' for the whole graph)
MATCH (run:ReportRun)
WHERE coalesce(run.scope, '') = $scope
RETURN run.uid AS uid, run.ran_at AS ran_at, run.scope AS scope, run.summary AS summary
ORDER BY ran_at DESC, uid DESC
LIMIT 1
;
