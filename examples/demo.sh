#!/usr/bin/env bash
# The provgraph demo: ingest the bundled example stores into the local Neo4j and show
# which decisions still govern. Run through `make demo` (which installs and starts the server).
set -euo pipefail
cd "$(dirname "$0")/.."
PG="${PROVGRAPH:-.venv/bin/provgraph}"
EX=examples

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

$PG init >/dev/null
# The demo owns the graph it builds: refuse to wipe someone's real data.
others=$($PG cypher "MATCH (s:Store) WHERE NOT s.name IN ['adr','github','jira','ops','decisions','config','board'] RETURN count(s) AS n" --format csv 2>/dev/null | tail -n 1 || echo 0)
if [ "${others:-0}" != "0" ] && [ "${PROVGRAPH_DEMO_FORCE:-}" != "1" ]; then
  echo "The local graph holds stores the demo did not make; set PROVGRAPH_DEMO_FORCE=1 to wipe it anyway." >&2
  exit 2
fi
$PG reset --yes >/dev/null

say "Ingest five stores: ADRs, GitHub issues, Jira, decision logs, board cards"
$PG ingest files "$EX/adr" --store adr --scope org/acme
$PG ingest tickets "$EX/tickets/github-issues.json" --format github --store github
$PG ingest tickets "$EX/tickets/jira-export.csv" --format jira-csv --store jira
$PG ingest tickets "$EX/tickets/jira-search.json" --format jira-json --store ops
$PG ingest logs "$EX/logs/decisions.jsonl" --store decisions --policy latest-wins
$PG ingest logs "$EX/logs/config.logfmt" --format logfmt --store config
$PG ingest cards "$EX/cards/board.jsonl" --store board

say "Status of every claim (computed in Cypher, in the database)"
$PG status

say "Only what no longer governs"
$PG status --only STALE --format csv

say "Lineage of the retry-limit card that a later card corrected"
$PG lineage m:01AAA0000000000000000000D1 --format tree
