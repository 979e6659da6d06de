"""The Python API: `provgraph.connect()` returns one `Provgraph`, and every question and write is a method on it.

The CLI, the MCP server and the LangChain/LlamaIndex filters are thin over this object. Each method returns
the engine's own result type (`ClaimStatus`, `Lineage`, `Verdict`, `Conflict`, `Suspect`, `IngestSummary`,
`CheckResult`, `ReportResult`), or a `Results` list of them, and `to_json()` on any of them is the text
the matching CLI command prints with `--format json` (without the final newline).
"""
from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Sequence

from provgraph.base.cites import DEFAULT_STORE
from provgraph.base.config import Settings
from provgraph.base.errors import NotFound, UsageError
from provgraph.base.ids import ids_of
from provgraph.base.results import Decision, Results
from provgraph.base.times import parse_moment
from provgraph.engine import status, suspects, verify
from provgraph.engine.claim_status import ClaimStatus
from provgraph.engine.suspects import Suspect, kept_not_found_now
from provgraph.engine.verify import BatchVerdict, Verdict

# The questions' modules above are imported with the API; every other engine, ingest and report module by the method
# that needs it, when first called, so a command pays for what it asks (bench/README.md, "CLI start").
if TYPE_CHECKING:
    from provgraph.engine import changes, citations, cites
    from provgraph.engine.conflicts import Conflict
    from provgraph.engine.lineage import Lineage
    from provgraph.engine.queries import QueryResult
    from provgraph.engine.status_rows import StatusRow
    from provgraph.engine.stored_check import CheckResult
    from provgraph.graph.connection import Graph
    from provgraph.ingest.pipeline import IngestSummary
    from provgraph.ingest.pipeline.scan import ScanSummary
    from provgraph.report import ReportResult

Progress = Callable[[str, int, "int | None"], None]
When = datetime | str | int | None


def _status_json(rows: list[ClaimStatus]) -> str:
    return "".join(status.json_array(rows))


def _suspects_json(found: list[Suspect]) -> str:
    return json.dumps([s.to_dict() for s in found], indent=2, sort_keys=True)


class Provgraph:
    """One connection to a provgraph graph and every operation on it. Close it (or use `with`) when done.

    Ids may be claim uids or aliases. Times (`at`) are datetimes, ISO 8601 text, YYYYMMDD or epoch ms.
    """

    def __init__(self, graph: Graph, *, owned: bool = False) -> None:
        self.graph = graph
        self._owned = owned

    def __enter__(self) -> "Provgraph":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection (a `Graph` handed to the constructor stays open: its owner closes it)."""
        if self._owned:
            self.graph.close()

    @property
    def settings(self) -> Settings:
        return self.graph.settings

    # -- questions --------------------------------------------------------------------------------

    def status(self, ids: str | Iterable[str] | None = None, *, scope: str | None = None, at: When = None,
               subject: str | None = None, only: str | Iterable[str] | None = None) -> Results[ClaimStatus]:
        """The status of the given claims (every claim when `ids` is None), sorted by uid. Unknown ids raise NotFound."""
        return Results(self.iter_status(ids, scope=scope, at=at, subject=subject, only=only), _status_json)

    def iter_status(self, ids: str | Iterable[str] | None = None, *, scope: str | None = None, at: When = None,
                    subject: str | None = None, only: str | Iterable[str] | None = None) -> Iterator[ClaimStatus]:
        """As `status`, streamed: every claim's status one at a time, memory bounded however large the graph."""
        wanted = ids_of(ids, "ids")
        moment = parse_moment(at, missing="none")
        if wanted is not None:
            return iter(status.status(self.graph, wanted, scope=scope, at=moment, subject=subject, only=only))
        return status.iter_status(self.graph, scope=scope, at=moment, subject=subject, only=only)

    def status_rows(self, ids: str | Iterable[str] | None = None, *, scope: str | None = None, at: When = None,
                    subject: str | None = None, only: str | Iterable[str] | None = None) -> Iterator[StatusRow]:
        """As `iter_status`, each status as a `provgraph.engine.status_rows.StatusRow` (a named tuple of its `to_dict()`
        values): what `provgraph status` renders, without a `ClaimStatus` a claim over the whole graph."""
        from provgraph.engine import status_rows

        wanted = ids_of(ids, "ids")
        moment = parse_moment(at, missing="none")
        if wanted is not None:
            return iter([status_rows.row_of(row) for row in status.status(self.graph, wanted, scope=scope, at=moment,
                                                                          subject=subject, only=only)])
        return status_rows.iter_rows(self.graph, scope=scope, at=moment, subject=subject, only=only)

    def lineage(self, claim: str, *, scope: str | None = None, at: When = None) -> Lineage:
        """Predecessors, successors, premises, rivals, adjudications and citations of one claim."""
        from provgraph.engine import lineage
        return lineage.lineage(self.graph, claim, scope=scope, at=parse_moment(at, missing="none"))

    def conflicts(self, *, scope: str | None = None, at: When = None) -> Results[Conflict]:
        """Unresolved conflicts and what would resolve each."""
        from provgraph.engine import conflicts
        return Results(conflicts.conflicts(self.graph, scope=scope, at=parse_moment(at, missing="none")), conflicts.to_json)

    def suspects(self, *, since: When = None, scope: str | None = None, store: str | None = None,
                 claims: str | Iterable[str] | None = None, min_score: float | None = None,
                 per_claim: int = suspects.PER_CLAIM, refresh: bool = False) -> Results[Suspect]:
        """Possible unlinked revisions, best first (advisory: nothing records them), read from the pairs kept at write
        time; `refresh`: look every claim up again first, against the store as it is now."""
        if refresh:
            suspects.refresh(self.graph)
        found = suspects.suspects(self.graph, since=since, scope=scope, store=store, claims=ids_of(claims, "claims"),
                                  min_score=min_score, per_claim=per_claim)
        return Results(found, _suspects_json)

    def verify(self, evidence: str | Sequence[Any], candidates: str | Iterable[str] | None = None, *,
               scope: str | None = None, at: When = None, subject: str | None = None, suspects: bool = True) -> Verdict:
        """Does the evidence an answer cites still govern, given the candidate set the retriever used?

        `evidence`: ids, "ID@sha256:HEX", (id, hex) or {"claim", "snapshot"}; `candidates`: a list of ids, or
        None (then CANDIDATE_SET_UNBOUND). Unknown ids give a verdict, not an error.
        """
        given = ids_of(evidence, "evidence") if isinstance(evidence, str) else evidence
        question = verify.Question.prepare(given or [], ids_of(candidates, "candidates"), scope=scope, at=at,
                                           subject=subject)
        return verify.check(self.graph, question, suspects=suspects)

    def verify_many(self, requests: Iterable[Mapping[str, Any] | str], *, suspects: bool = True) -> list[BatchVerdict]:
        """Many questions at once, set-wise (one query per 200): one `BatchVerdict` per request, in order.

        A request is {"evidence": [...], "candidates": [...] or None, "scope", "at", "subject", "id"}
        (or its JSON text); a malformed one gives an answer with `error` set, and the rest go on.
        """
        return list(self.iter_verify_many(requests, suspects=suspects))

    def iter_verify_many(self, requests: Iterable[Mapping[str, Any] | str], *,
                         suspects: bool = True) -> Iterator[BatchVerdict]:
        """As `verify_many`, streamed chunk by chunk (what `verify --batch` prints line by line)."""
        return verify.answers(self.graph, requests, suspects=suspects)

    def claims_cited_at(self, cited: Sequence[citations.Citation]) -> list[str | None]:
        """The claim each `Citation(source, snapshot, line)` names, in order (None: no single claim there)."""
        from provgraph.engine import citations
        return citations.claims_cited_at(self.graph, cited)

    def chunk_sources(self, chunks: Sequence[tuple[str, str]]) -> list[citations.ChunkSource | None]:
        """For each (file path as a loader set it, chunk text): the claim and snapshot it was read from (the version
        whose text contains it), and whether the file changed since ingest; None where the path names no record file."""
        from provgraph.engine import citations
        return citations.chunk_sources(self.graph, chunks)

    def claim_uids(self, ids: Iterable[str]) -> dict[str, str | None]:
        """Each id (a uid or an alias) with the uid of the claim it names; None where the graph holds none."""
        from provgraph.engine import citations
        return citations.claim_uids(self.graph, ids_of(ids, "ids") or [])

    def citations(self, files: str | Iterable[str] | None = None, *, store: str | None = None, scope: str | None = None,
                  at: When = None, governing: bool = False) -> list[cites.CitationFinding]:
        """The citations `scan` kept (of `store`, else every scan store; of `files`, else all) whose claim does not govern
        for the question (every one with `governing`), each with its status, reason and what to cite instead."""
        from provgraph.engine import cites
        return cites.findings(self.graph, store=store, files=ids_of(files, "files"), scope=scope, at=parse_moment(at, missing="none"),
                              governing=governing)

    def citations_in(self, file: str | Path, *, store: str = DEFAULT_STORE, scope: str | None = None,
                     at: When = None) -> list[cites.CitationFinding]:
        """Every citation a scanned file holds, each with its claim's status for the question (those that govern too).
        A file the scan store holds no snapshot of raises NotFound: scan it first."""
        from provgraph.engine import cites
        from provgraph.ingest.scan import locator_of
        kept = cites.scan_store(self.graph, store)
        locator = locator_of(Path(file).resolve(), Path(kept["root"] if kept and kept["root"] else Path.cwd()))
        if not cites.stored(self.graph, store, [locator]):
            raise NotFound(f"{file}: no scan of it is kept in store {store!r}; run `provgraph scan {file}` first")
        return cites.findings(self.graph, store=store, files=[locator], scope=scope, at=parse_moment(at, missing="none"), governing=True)

    def cited_in(self, file: str | Path, *, store: str = DEFAULT_STORE) -> list[str]:
        """What a scanned file cites, as evidence: each claim's uid (an unresolved citation's id), in order, once each."""
        return list(dict.fromkeys(f.claim or f.id for f in self.citations_in(file, store=store)))

    def changes(self, start: When, end: When = None, *, scope: str | None = None,
                store: str | None = None) -> list[changes.Change]:
        """Every claim whose status differs between `start` and `end` (default now), with the account of the change."""
        from provgraph.engine import changes
        return changes.changes(self.graph, parse_moment(start, "--from", missing="now"), parse_moment(end, "--to", missing="now"),
                               scope=scope, store=store)

    def check(self, *, at: When = None, fix: bool = False, suspects: bool = True) -> CheckResult:
        """Compare every claim's stored status with the full computation (and recompute drifted ones with `fix`); report
        kept suspect pairs a fresh computation would no longer list (information, never drift), unless `suspects` is
        False (then `suspects_not_found_now` is None: not compared)."""
        from provgraph.engine import stored_check
        result = stored_check.check(self.graph, at=parse_moment(at, missing="none"), fix=fix)
        result.suspects_not_found_now, result.suspects_owed = kept_not_found_now(self.graph, compare=suspects)
        return result

    def cypher(self, query: str, params: Mapping[str, Any] | None = None, *, write: bool = False) -> QueryResult:
        """Run Cypher read-only (the server refuses a write unless `write`)."""
        from provgraph.engine import queries
        return queries.run_cypher(self.graph, query, params, write=write)

    def query(self, name: str, params: Mapping[str, Any] | None = None, *, write: bool = False) -> QueryResult:
        """Run a named query of provgraph/cypher/ (`provgraph query --list`)."""
        from provgraph.engine import queries
        return queries.named_query(self.graph, name, params, write=write)

    def export(self, fmt: str, out: Path | None = None, namespace: str | None = None, *, at: When = None,
               store: str | None = None, scope: str | None = None) -> str:
        """The graph, or one store's or scope's part, as a W3C PROV document (prov-json, prov-n or prov-o), with each
        claim's status at `at` (default now); `namespace` defaults to urn:provgraph:."""
        from provgraph.engine import prov
        return prov.export(self.graph, fmt, out=out, namespace=prov.DEFAULT_NAMESPACE if namespace is None else namespace,
                           at=parse_moment(at, missing="none"), store=store, scope=scope)

    # -- writes -----------------------------------------------------------------------------------

    def ingest(self, kind: str, path: str | Path, *, fmt: str = "default", store: str | None = None, scope: str = "",
               policy: str | None = None, options: Mapping[str, Any] | None = None,
               progress: Progress | None = None, rebuild: bool = False) -> IngestSummary:
        """Read `path` with the (kind, fmt) ingester and write it. Re-ingesting unchanged input changes nothing.

        `rebuild` reads the store again from scratch (its other stores, claims and adjudications stay).
        The store remembers `path` and the git work tree holding it (else the working directory): SARIF locations are relative to it."""
        from provgraph.engine import stores
        from provgraph.ingest import pipeline
        summary = pipeline.ingest(self.graph, kind, Path(path), fmt=fmt, store=store, scope=scope, policy=policy,
                                  options=dict(options or {}), progress=progress, rebuild=rebuild)
        stores.record_paths(self.graph, summary.store, path, Path.cwd())
        return summary

    def ingest_files(self, path: str | Path, *, git: bool = False, include: Iterable[str] = (),
                     exclude: Iterable[str] = (), dayfirst: bool | None = None, store: str | None = None,
                     scope: str = "", progress: Progress | None = None, rebuild: bool = False,
                     record: str | dict[str, Any] | None = None) -> IngestSummary:
        """Decision records under `path`; `git` walks its history. `record` is the record format: a preset name
        ("adr", the default Markdown reading; "pep"; "kep") or a declaration table (`{"preset": "pep", "fields":
        {"status": "State"}, "words": {"living": "accepted"}}`, see provgraph/ingest/formats/declaration.py)."""
        from provgraph.ingest.config import files_options, record_table
        include = [include] if isinstance(include, str) else list(include)
        exclude = [exclude] if isinstance(exclude, str) else list(exclude)
        table = record_table(record) if isinstance(record, str) else record_table(table=record)
        return self.ingest("files", path, fmt="git" if git else "default", store=store, scope=scope,
                           options=files_options(include, exclude, dayfirst, table), progress=progress, rebuild=rebuild)

    def ingest_git(self, path: str | Path, **options: Any) -> IngestSummary:
        """`ingest_files(path, git=True)`: a snapshot per commit that touched a file."""
        return self.ingest_files(path, git=True, **options)

    def ingest_tickets(self, path: str | Path, *, format: str, store: str | None = None, scope: str = "",
                       progress: Progress | None = None, rebuild: bool = False) -> IngestSummary:
        """Issue-tracker exports: format github, jira-csv or jira-json."""
        return self.ingest("tickets", path, fmt=format, store=store, scope=scope, progress=progress, rebuild=rebuild)

    def ingest_logs(self, path: str | Path, *, format: str = "jsonl", policy: str | None = None,
                    store: str | None = None, scope: str = "", progress: Progress | None = None,
                    rebuild: bool = False) -> IngestSummary:
        """Append-only decision or config logs (jsonl or logfmt); policy "latest-wins" adjudicates as it writes."""
        return self.ingest("logs", path, fmt=format, store=store, scope=scope, policy=policy, progress=progress,
                           rebuild=rebuild)

    def ingest_cards(self, path: str | Path, *, store: str | None = None, scope: str = "",
                     progress: Progress | None = None, rebuild: bool = False) -> IngestSummary:
        """Board cards: a JSON card, a JSON array, JSONL, or a folder of them."""
        return self.ingest("cards", path, store=store, scope=scope, progress=progress, rebuild=rebuild)

    def ingest_config(self, config: str | Path, *, progress: Callable[[], Any] | None = None) -> list[IngestSummary]:
        """Every store of a provgraph.toml, all read before any is written (one unusable input writes nothing).

        `progress`, if given, is called once per store and returns a context manager yielding a progress callback.
        """
        from provgraph.engine import stores
        from provgraph.ingest import pipeline
        from provgraph.ingest.config import load_config
        config_path = Path(config)
        configured = load_config(config_path)
        inputs = pipeline.read_every_store(config_path, configured, self.graph)
        summaries = []
        for source, summary in pipeline.write_every_store(self.graph, config_path, configured, inputs, progress):
            stores.record_paths(self.graph, summary.store, source.path, config_path.parent, chosen=True)
            summaries.append(summary)
        return summaries

    def scan(self, paths: Iterable[str | Path] = (), *, files: Iterable[str] | None = None, store: str = DEFAULT_STORE,
             root: str | Path | None = None, config: str | Path | None = None) -> ScanSummary:
        """Find the citations of decisions in the text files under `paths` (or only `files`, a changed set) and keep them
        in the scan store; `config`: a provgraph.toml whose stores declare `cite` patterns. Unchanged files write nothing."""
        from provgraph.ingest.pipeline.scan import scan
        return scan(self.graph, [Path(p) for p in paths], files=None if files is None else list(files), store=store,
                    root=Path(root) if root else None, config=Path(config) if config else None)

    def adjudicate(self, keep: str, retire: str | Iterable[str], *, scope: str | None = None, why: str = "",
                   by: str | None = None, at: When = None) -> Decision:
        """Record that `keep` governs over `retire` (one id or a list) from `at` (default now) on."""
        from provgraph.engine import adjudication
        found = adjudication.adjudicate(self.graph, keep, ids_of(retire, "retire") or [], scope=scope, why=why, by=by, at=at)
        return Decision(found["adjudication"], found)

    def distinguish(self, first: str, second: str, *, why: str = "", by: str | None = None, at: When = None) -> Decision:
        """Record that two claims are not the same matter: `suspects` never suggests the pair again."""
        from provgraph.engine import adjudication
        found = adjudication.distinguish(self.graph, first, second, why=why, by=by, at=at)
        return Decision(found["adjudication"], found)

    def link(self, source: str, target: str, kind: str, *, scope: str | None = None, why: str = "",
             by: str | None = None, at: When = None) -> Decision:
        """Record that `source` relates to `target` (kind 'relates') or rests on it ('depends_on'), from `at` on."""
        from provgraph.engine import adjudication
        found = adjudication.link(self.graph, source, target, kind, scope=scope, why=why, by=by, at=at)
        return Decision(found["adjudication"], found)

    def revoke(self, adjudication_uid: str, *, at: When = None) -> Decision:
        """Revoke an adjudication from `at` (default now) on."""
        from provgraph.engine import adjudication
        found = adjudication.revoke(self.graph, adjudication_uid, at=at)
        return Decision(found["adjudication"], found)

    def report(self, out: str | Path = "provgraph-report", *, scope: str | None = None,
               formats: str | Iterable[str] | None = None, fail_on: str | Iterable[str] | None = None,
               baseline: str | None = None, record: bool = True, now: datetime | None = None,
               repo_root: str | Path | None = None) -> ReportResult:
        """The staleness report: write its files into `out`, record the run, say which --fail-on conditions hold.

        `formats`: md, html, csv, json (the default) and sarif; report.sarif's locations are relative to `repo_root`
        (default: the folder each store's ingest ran from)."""
        from provgraph.report import run_report
        return run_report(self.graph, out, scope=scope, formats=formats, fail_on=fail_on, baseline=baseline,
                          record=record, now=now, repo_root=repo_root)

    def init(self) -> list[str]:
        """Install provgraph's constraints and indexes (safe to re-run), and keep the suspects of claims an older
        provgraph wrote (the write-time pass); the names of the constraints and indexes."""
        from provgraph.graph.schema import install_schema
        names = install_schema(self.graph)
        suspects.keep_pending(self.graph)
        return names

    def reset(self) -> int:
        """Delete every provgraph node and relationship (the schema stays); how many nodes went."""
        from provgraph.graph.schema import wipe
        return wipe(self.graph)


def connect(uri: str | None = None, *, username: str | None = None, password: str | None = None,
            database: str | None = None, settings: Settings | None = None) -> Provgraph:
    """Open a `Provgraph`: the arguments given, else the NEO4J_* environment variables, else the local server."""
    if settings is None:
        settings = Settings.from_env(uri=uri, username=username, password=password, database=database)
    elif any(value is not None for value in (uri, username, password, database)):
        raise UsageError("connect: give settings or uri/username/password/database, not both")
    from provgraph.graph.connection import Graph  # the driver loads here
    return Provgraph(Graph(settings), owned=True)


__all__ = ["BatchVerdict", "Decision", "Provgraph", "Results", "connect", "ids_of"]
