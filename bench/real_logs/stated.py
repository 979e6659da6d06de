"""Real proposal logs, read as their authors state them: ingest a whole repository, compare each record's status.

    python -m bench.real_logs.stated --repo peps=/tmp/peps --repo enhancements=/tmp/enhancements --repo swift=/tmp/swift
    python -m bench.real_logs.stated --repo peps=/tmp/peps --git peps     # also time `ingest files --git` on that log

Each repository is ingested whole (its root, as a new user would) into the bench's own Neo4j with the preset its
name suggests (`peps` -> pep, `enhancements`/`keps` -> kep, else the default adr; `--preset NAME=PRESET` to choose).
The oracle is the raw status field read here, independently of provgraph's readers: the `Status:` header of a
`pep-NNNN.rst`, the `status:` of a `kep.yaml`, the `* Status:` bullet of a Markdown proposal. Its word is mapped:
in force (final, active, accepted, implemented, implementable, living, ...) -> ACTIVE; draft, review, provisional,
deferred, returned for revision -> UNKNOWN; rejected, withdrawn, superseded, replaced, removed -> STALE. A record
that names its own successor in its header (`Superseded-By: 3333` under `Status: Final`; `superseded-by:` in a
kep.yaml) is stated superseded: STALE. A record whose word is none of these is counted as "no oracle word" and left
out of the percentage.

Printed per log: records with a status, judged as stated (%), dropped (no claim at all), mismatches (the first
10 with their reasons); with `--git`, the time of the history ingest and, for a PEP log, `status --at` the times
of sampled commits against the Status header each sampled PEP had in that commit.
"""
from __future__ import annotations

import argparse
import fnmatch
import os
import random
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar

import yaml

from bench.common import harness
from provgraph.engine.status import iter_status
from provgraph.engine.status import status as status_at
from provgraph.graph.connection import Graph
from provgraph.graph.schema import install_schema, wipe
from provgraph.ingest.config import files_options, record_table
from provgraph.ingest.pipeline import ingest

# phrases first, then the first word
_PHRASES = {"active review": "UNKNOWN", "returned for revision": "UNKNOWN", "awaiting review": "UNKNOWN",
            "scheduled for review": "UNKNOWN", "partially implemented": "ACTIVE", "accepted with": "ACTIVE",
            "implemented with": "ACTIVE"}
_FIRST_WORDS = {
    "ACTIVE": ("final", "active", "accepted", "implemented", "implementable", "living", "approved", "adopted"),
    "UNKNOWN": ("draft", "review", "provisional", "deferred", "proposed", "pending"),
    "STALE": ("rejected", "withdrawn", "superseded", "replaced", "removed", "obsolete", "deprecated"),
}
_DEFAULT_PRESETS = {"peps": "pep", "python-peps": "pep", "enhancements": "kep", "keps": "kep"}


@dataclass
class Stated:
    path: str  # store-relative
    uid: str | None  # the id the log gives it, as provgraph's preset names it (None: the default path uid)
    word: str
    expected: str | None  # ACTIVE / UNKNOWN / STALE, None when the word is none of the oracle's


@dataclass
class LogResult:
    name: str
    preset: str
    seconds: float
    stated: list[Stated] = field(default_factory=list)
    judged: dict[str, tuple[str, str, str | None]] = field(default_factory=dict)  # path -> (status, reason, declared)
    git_seconds: float | None = None
    at_checked: int = 0  # --git: sampled (record, commit) pairs whose `status --at` was compared with the header then
    at_mismatches: list[str] = field(default_factory=list)


def expected_of(word: str) -> str | None:
    words = re.findall(r"[a-z]+", word.casefold())
    text = " ".join(words)
    for phrase, verdict in _PHRASES.items():
        if text.startswith(phrase):
            return verdict
    return next((verdict for verdict, firsts in _FIRST_WORDS.items() if words and words[0] in firsts), None)


def oracle(root: Path, preset: str) -> list[Stated]:
    """The status each record's authors state, read straight from the files."""
    stated: list[Stated] = []
    for directory, subdirectories, names in os.walk(root):
        subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
        for name in sorted(names):
            file = Path(directory) / name
            relpath = file.relative_to(root).as_posix()
            found = _stated(file, name, preset)
            if found is not None:
                uid, word = found
                stated.append(Stated(relpath, uid, word, expected_of(word)))
    return stated


def _stated(file: Path, name: str, preset: str) -> tuple[str | None, str] | None:
    if preset == "pep" and fnmatch.fnmatch(name, "pep-[0-9]*.rst"):
        head = file.read_text(encoding="utf-8", errors="replace").split("\n\n", 1)[0]
        number = re.search(r"^PEP:\s*(\d+)", head, re.MULTILINE)
        status = re.search(r"^Status:\s*(.+)$", head, re.MULTILINE)
        successor = re.search(r"^Superseded-By:\s*(\S.*)$", head, re.MULTILINE)
        word = f"superseded (Superseded-By: {successor.group(1).strip()})" if successor and status else (
            status.group(1).strip() if status else None)
        return (f"PEP {int(number.group(1))}" if number else None, word) if word else None
    if preset == "kep" and name == "README.md" and (file.parent / "kep.yaml").is_file():
        if "nnnn-kep-template" in file.as_posix().lower():
            return None
        data = yaml.load((file.parent / "kep.yaml").read_text(encoding="utf-8", errors="replace"),
                         Loader=yaml.BaseLoader) or {}  # noqa: S506 - BaseLoader builds strings, lists and maps only
        status, number, successors = data.get("status"), data.get("kep-number"), data.get("superseded-by")
        successors = [item for item in (successors if isinstance(successors, list) else [successors])
                      if item and str(item).strip().casefold() not in ("n/a", "none", "-", "~", "tbd")]
        if status and successors:
            status = f"superseded (superseded-by: {successors})"
        return (f"KEP-{int(number)}" if str(number).isdigit() else None, str(status)) if status else None
    if preset == "adr" and name.endswith(".md"):
        for line in file.read_text(encoding="utf-8", errors="replace").split("\n")[:40]:
            bullet = re.match(r"\s*[*-]\s+(?:\*\*)?Status(?:\*\*)?:\s*(.+)", line)
            if bullet:
                return None, bullet.group(1).replace("*", "").strip()
    return None


def run_log(graph: Graph, name: str, root: Path, preset: str, git: bool, samples: int = 100) -> LogResult:
    wipe(graph)
    install_schema(graph)
    options = files_options(record=record_table(preset) if preset != "adr" else None)
    started = time.perf_counter()
    ingest(graph, "files", root, store=name, options=options)
    result = LogResult(name, preset, time.perf_counter() - started, stated=oracle(root, preset))
    for row in iter_status(graph):
        path = (row.source or "").split(":", 1)[-1]
        result.judged[path] = (row.status, row.reason, row.declared)
        result.judged.setdefault(row.claim, (row.status, row.reason, row.declared))
    if git:
        wipe(graph)
        install_schema(graph)
        started = time.perf_counter()
        ingest(graph, "files", root, fmt="git", store=name, options=options)
        result.git_seconds = time.perf_counter() - started
        if preset == "pep":
            check_history(graph, root, result, samples)
    return result


def check_history(graph: Graph, root: Path, result: LogResult, samples: int) -> None:
    """`status --at` a commit's time against the Status header the PEP had in that commit, for sampled commits."""
    log = subprocess.run(["git", "log", "--first-parent", "--format=%x01%H %cI", "--name-only", "--", "."], cwd=root,
                         capture_output=True, text=True, check=True).stdout
    pairs = []
    for block in log.split("\x01")[1:]:
        head, *names = block.strip().split("\n")
        commit, when = head.split(" ", 1)
        peps = [name for name in names if re.search(r"(^|/)pep-\d+\.(rst|txt)$", name)]
        if peps:
            pairs.append((commit, when, peps[0]))
    chosen = random.Random(7).sample(pairs, min(samples, len(pairs)))
    for commit, when, name in chosen:
        shown = subprocess.run(["git", "show", f"{commit}:{name}"], cwd=root, capture_output=True, check=False)
        if shown.returncode != 0:
            continue
        head = shown.stdout.decode("utf-8", errors="replace").split("\n\n", 1)[0]
        number = re.search(r"^PEP:\s*(\d+)", head, re.MULTILINE)
        status = re.search(r"^Status:\s*(.+)$", head, re.MULTILINE)
        successor = re.search(r"^Superseded-By:\s*(\S.*)$", head, re.MULTILINE)
        if not number or not status:
            continue
        expected = "STALE" if successor else expected_of(status.group(1))
        if expected is None:
            continue
        rows = status_at(graph, [f"PEP {int(number.group(1))}"], at=when)
        result.at_checked += 1
        if not rows or rows[0].status != expected:
            got = f"{rows[0].status} {rows[0].reason}" if rows else "no claim"
            result.at_mismatches.append(f"PEP {int(number.group(1))} at {when} ({commit[:9]}): header "
                                        f"{status.group(1).strip()!r} -> {expected}, judged {got}")


class _Oracled(Protocol):
    path: str
    expected: str | None


_S = TypeVar("_S", bound=_Oracled)
Judged = tuple[str, str, str | None]  # (status, reason, declared)


def compare(stated: list[_S], judged: dict[str, Judged]) -> tuple[list[_S], list[_S], list[tuple[_S, Judged]], int, float]:
    """The records in the oracle's words, those dropped, those judged otherwise, how many judged as stated and the share."""
    counted = [s for s in stated if s.expected is not None]
    dropped = [s for s in counted if s.path not in judged]
    mismatches = [(s, judged[s.path]) for s in counted if s.path in judged and judged[s.path][0] != s.expected]
    right = len(counted) - len(dropped) - len(mismatches)
    share = 100.0 * right / len(counted) if counted else 0.0
    return counted, dropped, mismatches, right, share


def report(result: LogResult) -> list[str]:
    counted, dropped, mismatches, right, share = compare(result.stated, result.judged)
    lines = [f"{result.name} (preset {result.preset}): {len(result.stated)} records state a status, {len(counted)} in "
             f"the oracle's words; judged as stated {right}/{len(counted)} ({share:.1f}%), dropped {len(dropped)}, "
             f"mismatches {len(mismatches)}; no oracle word {len(result.stated) - len(counted)}; "
             f"ingest {result.seconds:.1f} s" + (f"; --git ingest {result.git_seconds:.1f} s" if result.git_seconds else "")]
    if result.at_checked:
        right_then = result.at_checked - len(result.at_mismatches)
        lines.append(f"  status --at a sampled commit as its Status header stood then: {right_then}/{result.at_checked}")
        lines += [f"  then      {line}" for line in result.at_mismatches[:10]]
    lines += [f"  dropped   {s.path}  ({s.word!r})" for s in dropped[:10]]
    lines += [f"  mismatch  {s.path}  stated {s.word!r} -> expected {s.expected}, judged {got[0]} {got[1]} "
              f"(declared {got[2]!r})" for s, got in mismatches[:10]]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.real_logs.stated", description=__doc__.splitlines()[0],
                                     epilog=harness.OWN_SERVER)
    parser.add_argument("--repo", action="append", default=[], metavar="NAME=PATH", help="a log to read (repeatable)")
    parser.add_argument("--preset", action="append", default=[], metavar="NAME=PRESET", help="the preset for log NAME")
    parser.add_argument("--git", action="append", default=[], metavar="NAME", help="also time the --git ingest of NAME")
    parser.add_argument("--at-samples", type=int, default=100,
                        help="--git on a PEP log: sampled commits whose status --at is checked [default: 100]")
    parser.add_argument("--uri", default=os.environ.get("PROVGRAPH_BENCH_URI"),
                        help="a Neo4j to use (it is WIPED); default: the bench's own server")
    args = parser.parse_args(argv)
    presets = dict(item.split("=", 1) for item in args.preset)
    with harness.bench_server(args.uri) as settings, Graph(settings) as graph:
        for item in args.repo:
            name, _, path = item.partition("=")
            preset = presets.get(name, _DEFAULT_PRESETS.get(name, "adr"))
            result = run_log(graph, name, Path(path), preset, name in args.git, args.at_samples)
            print("\n".join(report(result)), flush=True)
        wipe(graph)
    return 0


if __name__ == "__main__":
    sys.exit(main())
