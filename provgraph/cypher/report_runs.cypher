// name: report_runs
// description: The latest recorded `provgraph report` runs of a baseline for a scope ('' = the whole graph), newest first:
// description: ran_at, uid, counts (JSON map status -> claims; null on runs recorded before counts were kept)
// description: and, only where counts is null, the summary to count from. The report's trend chart reads it.
// param scope: the report scope ('' for the whole graph)
// param baseline: the baseline name (as report_previous_run: an ad-hoc run is no point of the nightly trend)
// param limit: how many runs at most
MATCH (run:ReportRun)
WHERE coalesce(run.scope, '') = $scope AND run.baseline = $baseline
RETURN run.uid AS uid, run.ran_at AS ran_at, run.counts AS counts,
       CASE WHEN run.counts IS NULL THEN run.summary END AS summary
ORDER BY ran_at DESC, uid DESC
LIMIT $limit
;
