"""Held-out proposal logs (issues 39, 55): public logs nobody tuned provgraph on, read with at most a declaration.

    python -m bench.real_logs.heldout --repo bips=/tmp/bips --repo eips=/tmp/EIPs --repo cips=/tmp/CIPs ...

Each log NAME is ingested whole with its declaration, `bench/logs/NAME.toml`: a `provgraph.toml` as the log's
users would write it (`path` relative to the repository's root), and nothing else: a log that needs a code edit
in provgraph to read is a finding, never a fix here. The oracle is the record's stated status, read by a few
lines below (a regular expression over the field each log keeps it in, independent of provgraph's readers), and
mapped to a verdict by the log's own process document (each oracle below cites it): in force -> ACTIVE;
not yet decided or dormant -> UNKNOWN; closed, withdrawn, moved, obsolete, superseded -> STALE.

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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from bench.real_logs.stated import compare
from provgraph.base.config import Settings
from provgraph.engine.status import iter_status
from provgraph.graph.connection import Graph
from provgraph.graph.schema import install_schema, wipe
from provgraph.ingest.config import load_config
from provgraph.ingest.pipeline import ingest


# -- the oracles: each record's stated status, read by a few lines of its own, and each word's verdict --------------

_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def stated_word(text: str) -> str:
    """`**[Implemented](url)** (Swift 5.5)` -> `implemented`: markup, links and what follows a bracket go."""
    text = _LINK.sub(r"\1", text).replace("*", "").replace("`", "")
    text = re.split(r"[(\[,;]", text, maxsplit=1)[0]
    return " ".join(text.casefold().split()).strip(" .'\"")


def _front_matter(text: str) -> str:
    parts = text.split("\n---", 1) if text.startswith("---") else ["", ""]
    return parts[0]


def _first(pattern: str, text: str) -> str | None:
    found = re.search(pattern, text, re.MULTILINE | re.IGNORECASE)
    return found.group(1).strip() if found else None


def _walk(root: Path, pattern: str) -> Iterator[tuple[str, str]]:
    for file in sorted(root.rglob("*")):
        relpath = file.relative_to(root).as_posix()
        if file.is_file() and re.fullmatch(pattern, relpath):
            yield relpath, file.read_text(encoding="utf-8", errors="replace")


# Each oracle: the store-relative path of every record and its status as written (None: it states none).
def _bips(root: Path) -> Iterator[tuple[str, str | None]]:
    for relpath, text in _walk(root, r"bip-\d+\.(mediawiki|md)"):
        yield relpath, _first(r"^\s*Status:\s*(.+)$", "\n".join(text.splitlines()[:40]))


def _front_matter_status(pattern: str) -> Callable[[Path], Iterator[tuple[str, str | None]]]:
    def read(root: Path) -> Iterator[tuple[str, str | None]]:
        for relpath, text in _walk(root, pattern):
            yield relpath, _first(r"^status:\s*['\"]?([^'\"\n]+)", _front_matter(text))
    return read


def _neps(root: Path) -> Iterator[tuple[str, str | None]]:
    for relpath, text in _walk(root, r"doc/neps/nep-\d+[^/]*\.rst"):
        yield relpath, _first(r"^:Status:\s*(.+)$", "\n".join(text.splitlines()[:30]))


def _keep(root: Path) -> Iterator[tuple[str, str | None]]:
    for relpath, text in _walk(root, r"proposals/(.+/)?KEEP-[^/]+\.md"):
        head = "\n".join(line for line in text.splitlines()[:20] if not line.startswith("##"))
        yield relpath, _first(r"^\s*[*-]\s+\**Status\**\s*:\s*\**(.+)$", head)


def _tensorflow(root: Path) -> Iterator[tuple[str, str | None]]:
    for relpath, text in _walk(root, r"rfcs/\d{8}-[^/]+\.md"):
        yield relpath, _first(r"^\s*\|?\s*\**Status\**\s*\|\s*(.+?)\s*(?:\||$)", "\n".join(text.splitlines()[:15]))


def _head_field(pattern: str, field: str, lines: int = 30) -> Callable[[Path], Iterator[tuple[str, str | None]]]:
    """`Status: x`, `:Status: x` or `status: x` at the start of a line in the first lines (a preamble in a
    fence, an RST field list, YAML front matter, `name: value` lines after an RST title)."""
    def read(root: Path) -> Iterator[tuple[str, str | None]]:
        for relpath, text in _walk(root, pattern):
            head = "\n".join(text.splitlines()[:lines])
            yield relpath, _first(rf"^:?{field}:?:\s*['\"]?([^'\"\n]+)", head)
    return read


def _table_status(pattern: str) -> Callable[[Path], Iterator[tuple[str, str | None]]]:
    """`| **Status** | Activated |` in the first rows of a Markdown table at the top, else front matter's status."""
    def read(root: Path) -> Iterator[tuple[str, str | None]]:
        for relpath, text in _walk(root, pattern):
            head = "\n".join(text.splitlines()[:20])
            yield relpath, (_first(r"^\s*\|\s*\**Status\**\s*\|\s*(.+?)\s*(?:\||$)", head)
                            or _first(r"^status:\s*['\"]?([^'\"\n]+)", _front_matter(text)))
    return read


@dataclass(frozen=True)
class HeldOut:
    origin: str  # the public repository
    process: str  # the document that says what each word means
    oracle: Callable[[Path], Iterator[tuple[str, str | None]]]
    verdicts: dict[str, str]  # the log's own words -> ACTIVE / UNKNOWN / STALE


_EIP = {"idea": "UNKNOWN", "draft": "UNKNOWN", "review": "UNKNOWN", "last call": "UNKNOWN", "stagnant": "UNKNOWN",
        "final": "ACTIVE", "living": "ACTIVE", "withdrawn": "STALE", "moved": "STALE"}
LOGS = {
    "bips": HeldOut("bitcoin/bips", "BIP 3", _bips, {
        "draft": "UNKNOWN", "complete": "ACTIVE", "deployed": "ACTIVE", "closed": "STALE"}),
    "eips": HeldOut("ethereum/EIPs", "EIP-1", _front_matter_status(r"EIPS/eip-\d+\.md"), _EIP),
    "ercs": HeldOut("ethereum/ERCs", "EIP-1", _front_matter_status(r"ERCS/erc-\d+\.md"), _EIP),
    "cips": HeldOut("cardano-foundation/CIPs", "CIP-1", _front_matter_status(r"CIP-\d+/README\.md"), {
        "proposed": "UNKNOWN", "active": "ACTIVE", "inactive": "STALE"}),
    "simds": HeldOut("solana-foundation/solana-improvement-documents", "SIMD-0001",
                     _front_matter_status(r"proposals/\d+-[^/]+\.md"), {
        "idea": "UNKNOWN", "draft": "UNKNOWN", "review": "UNKNOWN", "stagnant": "UNKNOWN", "accepted": "ACTIVE",
        "implemented": "ACTIVE", "activated": "ACTIVE", "living": "ACTIVE", "withdrawn": "STALE"}),
    "neps": HeldOut("numpy/numpy (doc/neps)", "NEP 0", _neps, {
        "draft": "UNKNOWN", "provisional": "UNKNOWN", "deferred": "UNKNOWN", "active": "ACTIVE", "accepted": "ACTIVE",
        "final": "ACTIVE", "rejected": "STALE", "withdrawn": "STALE", "superseded": "STALE"}),
    "keep": HeldOut("Kotlin/KEEP", "the KEEP README's statuses", _keep, {
        "public discussion": "UNKNOWN", "in progress": "UNKNOWN", "experimental": "UNKNOWN", "unknown": "UNKNOWN",
        "draft": "UNKNOWN", "design review": "UNKNOWN", "prototype": "UNKNOWN", "prototyped": "UNKNOWN", "working on": "UNKNOWN",
        "stable": "ACTIVE", "partially stable": "ACTIVE", "implemented": "ACTIVE", "declined": "STALE",
        "rejected": "STALE", "superseded": "STALE"}),
    "tensorflow": HeldOut("tensorflow/community", "rfcs/ (the RFC process, README)", _tensorflow, {
        "proposed": "UNKNOWN", "accepted": "ACTIVE", "approved": "ACTIVE", "implemented": "ACTIVE",
        "obsolete": "STALE"}),
}




# Issue 55: logs nobody here had read; each dict cites the process document that defines its words.
LOGS |= {
    # the core folder's README, "CAP Status Terms": Draft, Awaiting Decision, FCP: Acceptance/Rejection; Accepted ("ready for
    # implementation"), Implemented, Final; Rejected, Superseded.
    "caps": HeldOut("stellar/stellar-protocol (core)", "the core folder's README, CAP Status Terms",
                    _head_field(r"core/cap-\d+(-\d+)?\.md", "Status", 20), {
        "draft": "UNKNOWN", "awaiting decision": "UNKNOWN", "fcp": "UNKNOWN", "accepted": "ACTIVE",
        "implemented": "ACTIVE", "final": "ACTIVE", "rejected": "STALE", "superseded": "STALE"}),
    # the ecosystem folder's README, "SEP Status Terms": Draft, FCP (Final Comment Period), Active (a living document), Final;
    # Abandoned, Rejected (and Deprecated by its plain meaning).
    "seps": HeldOut("stellar/stellar-protocol (ecosystem)", "the ecosystem folder's README, SEP Status Terms",
                    _head_field(r"ecosystem/sep-\d+\.md", "Status", 20), {
        "draft": "UNKNOWN", "fcp": "UNKNOWN", "final comment period": "UNKNOWN", "active": "ACTIVE",
        "final": "ACTIVE", "abandoned": "STALE", "rejected": "STALE", "deprecated": "STALE"}),
    # APE 1 "APE Status": Discussion; Accepted; Rejected, Withdrawn, Superseded; Abandoned (dormant: "can be
    # picked up at any time ... changed back to Discussion").
    "apes": HeldOut("astropy/astropy-APEs", "APE 1, APE Status", _head_field(r"APE\d+\.rst", "status", 40), {
        "discussion": "UNKNOWN", "abandoned": "UNKNOWN", "accepted": "ACTIVE", "rejected": "STALE",
        "withdrawn": "STALE", "superseded": "STALE"}),
    # DEP 1 (final/0001-dep-process.rst): Draft; Accepted, Final; Withdrawn, Rejected, Superseded. The folder a DEP
    # sits in is its status too (final/0044 still says Draft: the oracle takes the stated field).
    "deps": HeldOut("django/deps", "DEP 1", _head_field(r"(accepted|draft|final|rejected|superseded|withdrawn)/"
                                                        r"(?!README)[^/]+\.(rst|md)", "Status", 20), {
        "draft": "UNKNOWN", "accepted": "ACTIVE", "final": "ACTIVE", "withdrawn": "STALE", "rejected": "STALE",
        "superseded": "STALE"}),
    # SLEP 000: Draft; Accepted, Final; Rejected, Withdrawn (Withdrawn "superseded by SLEP007").
    "sleps": HeldOut("scikit-learn/enhancement_proposals", "SLEP 000", _head_field(r"slep\d+/proposal\.rst",
                                                                                 "Status", 20), {
        "draft": "UNKNOWN", "accepted": "ACTIVE", "final": "ACTIVE", "rejected": "STALE", "withdrawn": "STALE"}),
    # README.md "FLIP status": Draft, Proposed; Accepted, Implemented, Released (live on mainnet); Rejected; and
    # Approved (governance FLIPs' word for accepted), Deprecated by its plain meaning.
    "flips": HeldOut("onflow/flips", "README.md, FLIP statuses",
                     _table_status(r"(application|cadence|governance|protocol)/\d{8}-[^/]+\.md"), {
        "draft": "UNKNOWN", "proposed": "UNKNOWN", "accepted": "ACTIVE", "approved": "ACTIVE",
        "implemented": "ACTIVE", "released": "ACTIVE", "rejected": "STALE", "deprecated": "STALE"}),
    # NEP-0001: Draft, Review, Voting; outcomes Approved, Rejected; Final (a Standards NEP in finality) and New.
    "nearneps": HeldOut("near/NEPs", "NEP-0001", _front_matter_status(r"neps/nep-\d+\.md"), {
        "new": "UNKNOWN", "draft": "UNKNOWN", "review": "UNKNOWN", "voting": "UNKNOWN", "approved": "ACTIVE",
        "final": "ACTIVE", "rejected": "STALE"}),
    # FIP-0001 "FIP Work Flow": WIP, Draft, Last Call, Deferred; Accepted, Final, Active; Rejected, Superseded,
    # Withdrawn.
    "fips": HeldOut("filecoin-project/FIPs", "FIP-0001", _front_matter_status(r"(FIPS/fip|FRCs/frc)-\d+\.md"), {
        "wip": "UNKNOWN", "draft": "UNKNOWN", "last call": "UNKNOWN", "deferred": "UNKNOWN", "accepted": "ACTIVE",
        "final": "ACTIVE", "active": "ACTIVE", "rejected": "STALE", "superseded": "STALE", "withdrawn": "STALE"}),
    # AIP-0: Draft, Review (`In Review`); Accepted, Final (deployed to mainnet); Rejected.
    "aips": HeldOut("aptos-foundation/AIPs", "AIP-0", _head_field(r"aips/aip-\d+[^/]*\.md", "status", 25), {
        "draft": "UNKNOWN", "review": "UNKNOWN", "in review": "UNKNOWN", "accepted": "ACTIVE", "final": "ACTIVE",
        "rejected": "STALE"}),
    # README.md "ACP Statuses": Proposed, Implementable ("ready for implementation" in its authors' view, not yet
    # activated); Activated; Stale (abandoned or replaced).
    "acps": HeldOut("avalanche-foundation/ACPs", "README.md, ACP Statuses", _table_status(r"ACPs/\d+-[^/]+/README\.md"), {
        "proposed": "UNKNOWN", "implementable": "UNKNOWN", "activated": "ACTIVE", "stale": "STALE"}),
}


def verdict(log: HeldOut, word: str) -> str | None:
    """The verdict of the longest of the log's words that the stated word starts with ("stable in 1.1": stable)."""
    starts = [key for key in log.verdicts if word == key or word.startswith(key + " ")]
    return log.verdicts[max(starts, key=len)] if starts else None

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
    started = time.perf_counter()
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    error = "" if done.returncode == 0 and "[[store]]" in done.stdout else f"exit {done.returncode}: {done.stderr.strip()}"
    return Proposal(folder, seconds, done.stdout, error)


def run_log(graph: Graph, name: str, root: Path, *, proposal_at: str | None = None) -> LogResult:
    """`proposal_at`: read the log with the proposer's declaration for that folder instead of bench/logs/NAME.toml."""
    log = LOGS[name]
    result = LogResult(name)
    for relpath, written in log.oracle(root):
        if written is None:
            result.no_status += 1
        else:
            word = stated_word(written)
            result.stated.append(Stated(relpath, word, verdict(log, word)))
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.real_logs.heldout", description=__doc__.splitlines()[0])
    parser.add_argument("--repo", action="append", default=[], metavar="NAME=PATH",
                        help=f"a checkout of a held-out log (repeatable); NAME one of {', '.join(LOGS)}")
    parser.add_argument("--uri", default=os.environ.get("PROVGRAPH_BENCH_URI"),
                        help="a Neo4j to use (it is WIPED); default: the bench's own server")
    parser.add_argument("--propose", action="store_true",
                        help="read each log with `provgraph formats propose`'s declaration for its folder, unedited")
    parser.add_argument("--propose-at", metavar="FOLDER",
                        help="with --propose: propose for this folder of every repository ('.': the root), not the "
                             "folder the log's declaration reads")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="with --propose: write each proposal to DIR/NAME.toml")
    args = parser.parse_args(argv)
    if args.uri:
        settings = Settings.from_env(uri=args.uri)
    else:
        from bench.common import harness

        settings = harness.start_server(harness.DEFAULT_PORT)
    with Graph(settings) as graph:
        for item in args.repo:
            name, _, path = item.partition("=")
            if name not in LOGS:
                parser.error(f"unknown log {name!r} (one of {', '.join(LOGS)})")
            folder = (args.propose_at or declared_folder(name)) if args.propose else None
            result = run_log(graph, name, Path(path), proposal_at=folder)
            if args.keep and result.proposal:
                args.keep.mkdir(parents=True, exist_ok=True)
                (args.keep / f"{name}.toml").write_text(result.proposal.text or result.proposal.error, encoding="utf-8")
            print("\n".join(report(result)), flush=True)
        wipe(graph)
    return 0


if __name__ == "__main__":
    sys.exit(main())
