// name: report_runs
// description: The latest recorded `provgraph report` runs for a scope ('' = the whole graph), newest first:
// description: ran_at, uid, counts (JSON map status -> claims; null on runs recorded before counts were kept)
// description: and, only where counts is null, the summary to count from. The report's trend chart reads it.
// param scope: the report scope ('' for the whole graph)
// param limit: how many runs at most
MATCH (run:ReportRun)
WHERE coalesce(run.scope, '') = $scope
RETURN run.uid AS uid, run.ran_at AS ran_at, run.counts AS counts,
       CASE WHEN run.counts IS NULL THEN run.summary END AS summary
ORDER BY ran_at DESC, uid DESC
LIMIT $limit
;
