#!/usr/bin/env bash
# The provgraph demo: one small story across four kinds of store (ADRs, tickets, a decision
# log, board cards), told in about a minute. See examples/story/README.md for the plot.
# Run through `make demo` (which installs and starts the local server), or set NEO4J_URI.
#   PROVGRAPH=path/to/provgraph      the CLI to use            [.venv/bin/provgraph]
#   PROVGRAPH_DEMO_OUT=DIR           where the report goes     [provgraph-report]
#   PROVGRAPH_DEMO_FORCE=1           wipe a graph that holds stores the demo did not make
set -euo pipefail
cd "$(dirname "$0")/.."
PG="${PROVGRAPH:-.venv/bin/provgraph}"
STORY=examples/story
OUT="${PROVGRAPH_DEMO_OUT:-provgraph-report}"

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
note() { printf '   %s\n' "$*"; }
COMMANDS=$($PG --help 2>/dev/null || true)
has() { grep -qE "^  $1 " <<<"$COMMANDS"; }  # adjudicate / verify may not be installed yet

# The demo owns the graph it builds: refuse to wipe someone's real data.
others=$($PG cypher "MATCH (s:Store) WHERE NOT s.name IN ['adr','github','jira','decisions','board','scan'] RETURN count(s) AS n" --format csv 2>/dev/null | tail -n 1 || echo 0)
if [ "${others:-0}" != "0" ] && [ "${PROVGRAPH_DEMO_FORCE:-}" != "1" ]; then
  echo "The graph at ${NEO4J_URI:-the local server} holds stores the demo did not make; set PROVGRAPH_DEMO_FORCE=1 to wipe it anyway." >&2
  exit 2
fi
$PG reset --yes >/dev/null

say "1. Ingest Acme's decisions from five stores (one config file, as a nightly job would)"
$PG ingest --config "$STORY/provgraph.toml"

say "2. Which decisions still govern? (status computed in Cypher, in the database)"
$PG status

say "3. Unresolved conflicts: Jira and GitHub disagree on the refund window"
$PG conflicts

if has adjudicate; then
  say "4. Legal decides: 14 days (GitHub #61) wins over 30 days (PAY-210)"
  $PG adjudicate --keep 'acme/payments#61' --retire PAY-210 --scope org/acme/payments \
    --why "Legal confirmed the 14-day window" --by demo
  $PG status PAY-210 'acme/payments#61'
fi

if has suspects; then
  say "4b. Revisions nobody linked: PAY-231 changes what PAY-220 decided, and neither says so"
  $PG suspects
  $PG adjudicate --keep PAY-231 --retire PAY-220 --why "PAY-231 caps the webhook backoff at 15 minutes" --by demo
  $PG status PAY-220
fi

if has verify; then
  say "5a. Verify an answer: \"Payments retry at most 5 times\" (cites the decision log)"
  $PG verify --evidence dec-2 --candidates card:retry-limit,dec-2 --scope org/acme/payments --format text \
    || note "(verify exited $?: not supported)"
  say "5b. Verify an answer: \"The ledger is in PostgreSQL\" (cites ADR-0001)"
  $PG verify --evidence ADR-0001 --candidates ADR-0001,ADR-0003 --scope org/acme/payments --format text \
    || note "(verify exited $?: not supported -- exit 1 is how a pipeline notices)"
fi

say "6. Lineage of ADR-0001 as Mermaid (paste into GitHub or mermaid.live)"
$PG lineage ADR-0001 --format mermaid

if has scan; then
  say "6b. Code and docs that still cite a retired decision (the team's src/ folder; ADR 1 is ADR-0001 by the adr store's cite pattern)"
  $PG scan "$STORY/src" --config "$STORY/provgraph.toml" --fail-on stale \
    || note "(scan exited $?: --fail-on stale tripped, as a pre-commit hook or CI job would see it)"
fi

say "7. The nightly report (first run: it says what it found; nothing is \"newly\" anything yet)"
$PG report --out "$OUT"

say "8. The next night: a new board card replaces the SQL settlement job"
$PG ingest cards "$STORY/next-night/board.jsonl" --store board
$PG report --out "$OUT" --fail-on new-stale \
  || note "(report exited $?: --fail-on new-stale tripped, as cron would see it)"
note "Open $OUT/report.md (renders on GitHub) or $OUT/report.html (offline)."

if has site; then
  say "8b. The decision site: a page per decision, what replaced it, who still cites it (docs/site.md)"
  $PG site --out "$OUT/site" --title "Acme decisions"
fi

if has changes; then
  say "9. The auditor's questions (docs/audit.md): what governed on 1 October 2025?"
  $PG status --at 2025-10-01 --only ACTIVE
  say "9b. Since when, and why, is ADR-0001 stale? Who decided PAY-210? (file and line on each row)"
  $PG status ADR-0001 PAY-210
  say "9c. What changed between 1 March and 1 June 2026?"
  $PG changes --from 2026-03-01 --to 2026-06-01
  say "9d. The same as Markdown for the review, and the lineage of ADR-0001 with who recorded each edge"
  $PG changes --from 2026-03-01 --to 2026-06-01 --format md
  $PG lineage ADR-0001
fi
