"""Held-out proposal logs (issues 39, 55): public logs nobody tuned provgraph on, read with at most a declaration.

    python -m bench.real_logs.heldout --repo bips=/tmp/bips --repo eips=/tmp/EIPs --repo cips=/tmp/CIPs ...
    python -m bench.real_logs.heldout --repos /tmp/logs [--log beps --log xls ...] [--propose]

With --repos DIR, every log whose repository is checked out in DIR as OWNER+NAME (`DIR/bnb-chain+BEPs`, the name
the fetch tool gives a repository; the OWNER/NAME of the oracle's origin) is read (with --log, only those).

Each log NAME is ingested whole with its declaration, `bench/logs/NAME.toml`: a `provgraph.toml` as the log's
users would write it (`path` relative to the repository's root), and nothing else: a log that needs a code edit
in provgraph to read is a finding, never a fix here. The oracle (oracles.py, one per log)
is the record's stated status, read by a few lines of its own (independent of provgraph's readers), and
mapped to a verdict by the log's own process document: in force -> ACTIVE; not yet decided or dormant -> UNKNOWN;
closed, withdrawn, moved, obsolete, superseded -> STALE.

With --propose the declaration is instead the one `provgraph formats propose FOLDER` prints, run in the
repository's root for the folder the log's own declaration reads (or --propose-at's), applied unedited.

Printed per log: records that state a status, judged as stated (%), dropped (no claim at all), the words a log
uses that its oracle does not map (left out of the percentage), and the first mismatches with provgraph's reason
and declared word, the first place to look for their cause (a word to declare, or a reading to add).
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import provgraph
from bench.common import harness
from bench.real_logs.oracles import judged_by_authors
from bench.real_logs.oracles import LOGS
from bench.real_logs.stated import compare
from provgraph.base.config import Settings
from provgraph.engine.status import iter_status
from provgraph.graph.connection import Graph
from provgraph.graph.schema import install_schema, wipe
from provgraph.ingest.config import load_config
from provgraph.ingest.pipeline import ingest

DECLARATIONS = Path(__file__).resolve().parents[1] / "logs"
SUMMARY_LINES = 8


@dataclass
class Stated:
    path: str
    word: str
    expected: str | None


@dataclass
class LogResult:
    name: str
    seconds: float = 0.0
    stated: list[Stated] = field(default_factory=list)
    no_status: int = 0
    judged: dict[str, tuple[str, str, str | None]] = field(default_factory=dict)  # path -> (status, reason, declared)
    summary: list[str] = field(default_factory=list)  # the ingest summary's lines after the first
    proposal: Proposal | None = None


@dataclass
class Proposal:
    """`provgraph formats propose FOLDER` run in the repository's root, as a user there would."""
    folder: str
    seconds: float
    text: str  # its stdout: a `[[store]]` table, its counts and doubts as `#` comments
    error: str = ""


def configured(name: str, root: Path, into: Path) -> Path:
    """The declaration as the log's own provgraph.toml, its `path` taken from the repository's root."""
    text = (DECLARATIONS / f"{name}.toml").read_text(encoding="utf-8")
    text = _rooted(text, root)
    config = into / "provgraph.toml"
    config.write_text(text, encoding="utf-8")
    return config


def _rooted(text: str, root: Path) -> str:
    return re.sub(r'^path\s*=\s*"([^"]*)"', lambda m: f'path = "{(root / m.group(1)).as_posix()}"', text,
                  flags=re.MULTILINE)


def declared_folder(name: str) -> str:
    """The folder the log's declaration reads (its `path`), relative to the repository's root."""
    found = re.search(r'^path\s*=\s*"([^"]*)"', (DECLARATIONS / f"{name}.toml").read_text(encoding="utf-8"),
                      re.MULTILINE)
    return found.group(1) if found else "."


def propose(root: Path, folder: str) -> Proposal:
    """The proposer's declaration for `folder`, unedited (the CLI of the provgraph this Python imports, run in `root`)."""
    command = [sys.executable, "-c", "from provgraph.cli import main; main()", "formats", "propose", folder]
    here = str(Path(provgraph.__file__).resolve().parents[1])  # run in `root`, Python would import the installed one
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH")]))}
    started = time.perf_counter()
    done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    error = "" if done.returncode == 0 and "[[store]]" in done.stdout else f"exit {done.returncode}: {done.stderr.strip()}"
    return Proposal(folder, seconds, done.stdout, error)


def run_log(graph: Graph, name: str, root: Path, *, proposal_at: str | None = None) -> LogResult:
    """`proposal_at`: read the log with the proposer's declaration for that folder instead of bench/logs/NAME.toml."""
    log = LOGS[name]
    result = LogResult(name)
    for record in judged_by_authors(log, root):
        if record.word is None:
            result.no_status += 1
        else:
            result.stated.append(Stated(record.path, record.word, record.expected))
    wipe(graph)
    install_schema(graph)
    with tempfile.TemporaryDirectory() as scratch:
        if proposal_at is None:
            config = configured(name, root, Path(scratch))
        else:
            result.proposal = propose(root, proposal_at)
            if result.proposal.error:
                return result
            config = Path(scratch) / "provgraph.toml"
            config.write_text(_rooted(result.proposal.text, root), encoding="utf-8")
        [store] = load_config(config)
    prefix = store.path.relative_to(root.resolve()).as_posix()
    started = time.perf_counter()
    summary = ingest(graph, store.kind, store.path, fmt=store.fmt, store=store.name or name, scope=store.scope,
                     options=store.options)
    result.summary = summary.text_lines()[1:]
    result.seconds = time.perf_counter() - started
    for row in iter_status(graph):
        path = (row.source or "").split(":", 1)[-1]
        path = path if prefix in ("", ".") else f"{prefix}/{path}"
        result.judged[path] = (row.status, row.reason, row.declared)
    return result


def report(result: LogResult) -> list[str]:
    proposal = result.proposal
    if proposal and proposal.error:
        return [f"{result.name}: no proposal for {proposal.folder!r} ({proposal.seconds:.1f} s): {proposal.error}"]
    counted, dropped, mismatches, right, share = compare(result.stated, result.judged)
    unmapped = Counter(s.word for s in result.stated if s.expected is None)
    log = LOGS[result.name]
    lines = [f"{result.name} ({log.origin}, words per {log.process}): {len(result.stated)} records state a status "
             f"({result.no_status} state none); judged as stated {right}/{len(counted)} ({share:.1f}%), "
             f"dropped {len(dropped)}, mismatches {len(mismatches)}; ingest {result.seconds:.1f} s"
             + (f"; with the proposal for {proposal.folder!r} ({proposal.seconds:.1f} s)" if proposal else "")]
    if unmapped:
        lines.append("  words the oracle does not map (left out): " + ", ".join(f"{w!r} x{n}" for w, n in unmapped.items()))
    causes: dict[tuple[str, str, str, str | None], list[str]] = {}
    for stated, got in mismatches:
        causes.setdefault((stated.word, *got), []).append(stated.path)
    lines += [f"  mismatch x{len(paths)}: stated {word!r} -> judged {status} {reason} (declared {declared!r}): "
              + ", ".join(paths[:3]) for (word, status, reason, declared), paths in
              sorted(causes.items(), key=lambda item: -len(item[1]))[:8]]
    if dropped:
        lines.append(f"  dropped x{len(dropped)}: " + ", ".join(f"{s.path} ({s.word!r})" for s in dropped[:8]))
    lines += [f"  summary: {line.strip()}" for line in result.summary[:SUMMARY_LINES]]
    return lines


def checkouts(folder: Path, names: list[str]) -> list[tuple[str, Path]]:
    """The logs whose repository is checked out in `folder` as OWNER+NAME (`bnb-chain+BEPs`, as the fetch tool
    names them), in LOGS' order; `names`: only those, each of which must be there."""
    found = [(name, folder / log.origin.split()[0].replace("/", "+")) for name, log in LOGS.items()]
    found = [(name, path) for name, path in found if path.is_dir() and (not names or name in names)]
    missing = sorted(set(names) - {name for name, _ in found})
    if missing:
        raise ValueError(", ".join(f"{name}: no {folder / LOGS[name].origin.split()[0].replace('/', '+')}"
                                   if name in LOGS else f"{name}: not a log" for name in missing))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.real_logs.heldout", description=__doc__.splitlines()[0],
                                     epilog=harness.OWN_SERVER)
    parser.add_argument("--repo", action="append", default=[], metavar="NAME=PATH",
                        help=f"a checkout of a held-out log (repeatable); NAME one of {', '.join(LOGS)}")
    parser.add_argument("--repos", type=Path, metavar="DIR",
                        help="read every log whose repository is checked out in DIR as OWNER+NAME (e.g. DIR/bnb-chain+BEPs)")
    parser.add_argument("--log", action="append", default=[], metavar="NAME",
                        help="with --repos: only this log (repeatable)")
    parser.add_argument("--uri", default=os.environ.get("PROVGRAPH_BENCH_URI"),
                        help="a Neo4j to use (it is WIPED); default: the bench's own server")
    parser.add_argument("--propose", action="store_true",
                        help="read each log with `provgraph formats propose`'s declaration for its folder, unedited")
    parser.add_argument("--propose-at", metavar="FOLDER",
                        help="with --propose: propose for this folder of every repository ('.': the root), not the "
                             "folder the log's declaration reads")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="with --propose: write each proposal to DIR/NAME.toml")
    args = parser.parse_args(argv)
    repos = [tuple(item.partition("=")[::2]) for item in args.repo]
    for name, _path in repos:
        if name not in LOGS:
            parser.error(f"unknown log {name!r} (one of {', '.join(LOGS)})")
    if args.repos:
        try:
            repos += [(name, str(path)) for name, path in checkouts(args.repos, args.log)]
        except ValueError as error:
            parser.error(str(error))
    if not repos:
        parser.error("no log to read: --repo NAME=PATH or --repos DIR")
    with harness.bench_server(args.uri) as settings:
        _run_logs(args, repos, settings)
    return 0


def _run_logs(args: argparse.Namespace, repos: list[tuple[str, str]], settings: Settings) -> None:
    with Graph(settings) as graph:
        for name, path in repos:
            folder = (args.propose_at or declared_folder(name)) if args.propose else None
            result = run_log(graph, name, Path(path), proposal_at=folder)
            if args.keep and result.proposal:
                args.keep.mkdir(parents=True, exist_ok=True)
                (args.keep / f"{name}.toml").write_text(result.proposal.text or result.proposal.error, encoding="utf-8")
            print("\n".join(report(result)), flush=True)
        wipe(graph)


if __name__ == "__main__":
    sys.exit(main())
