"""`provgraph scan` measured: a 2,000-file repository scanned, re-scanned unchanged, and a changed set of 20 files;
and, on a real codebase that cites a public proposal log (`PEP NNN`), recall against a plain grep of the declared
pattern and precision on status against the PEP headers.

    PROVGRAPH_BENCH_PORT=7803 python -m bench.citations.scan                                  # generated 2,000-file repository
    PROVGRAPH_BENCH_PORT=7803 python -m bench.citations.scan --peps PEPS_CHECKOUT --code CODE  # plus a real codebase

PEPS_CHECKOUT is a checkout of python/peps (its `peps/pep-NNNN.rst` headers become one Markdown record each, with
the PEP's status word and its Replaces / Superseded-By links); CODE is a checkout of a codebase citing PEPs.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.common import harness
from provgraph.api import Provgraph

CITE = "(?i)\\bpep[- ]?0*(?P<number>\\d+)"
STATUS_WORDS = {"final": "accepted", "active": "accepted", "accepted": "accepted", "provisional": "accepted",
                "draft": "draft", "deferred": "on-hold", "withdrawn": "withdrawn", "rejected": "rejected",
                "superseded": "superseded", "april fool!": "rejected"}
CURRENT = {"final", "active", "accepted", "provisional"}


def _adr_folder(folder: Path, records: int) -> dict[str, bool]:
    """`records` ADRs, every third superseding the one before; id -> whether it governs."""
    folder.mkdir(parents=True)
    governs = {}
    for number in range(1, records + 1):
        uid = f"ADR-{number:04d}"
        revises = number % 3 == 0
        governs[uid] = True
        if revises:
            governs[f"ADR-{number - 1:04d}"] = False
        front = f"---\nid: {uid}\nsubject: topic.{number}\nvalue: v{number}\nstatus: accepted\n"
        front += f"supersedes: ADR-{number - 1:04d}\n" if revises else ""
        (folder / f"{number:04d}-decision-{number}.md").write_text(
            front + f"---\n# {number}. Decision {number}\n\nDate: 2025-01-01\n\n## Decision\n\nWe decide {number}.\n",
            encoding="utf-8")
    return governs


def _repository(folder: Path, files: int, ids: list[str], seed: int) -> int:
    """`files` source, doc and config files, about 80 lines each, with citations and near misses; the citations."""
    rng = random.Random(seed)
    cited = 0
    for index in range(files):
        suffix = (".py", ".py", ".py", ".md", ".yaml")[index % 5]
        lines = []
        for line in range(80):
            if rng.random() < 0.04:
                uid = rng.choice(ids)
                lines.append(f"# see {uid} for why (line {line})" if suffix != ".md" else f"Per [{uid}](../adr/{uid[4:]}.md).")
                cited += 1
            elif rng.random() < 0.02:
                lines.append(f"# not citations: X{rng.choice(ids)} {rng.choice(ids)}9 v1.{rng.choice(ids)}")
            else:
                lines.append(f"value_{line} = compute({index}, {line})  # plain code")
        path = folder / f"pkg{index % 40}" / f"module_{index}{suffix}"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return cited


def _timed_scan(pg: Provgraph, **options: Any) -> tuple[float, Any]:
    with harness.timed() as clock:
        summary = pg.scan(**options)
    return clock["seconds"], summary


def generated(pg: Provgraph, files: int, seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        governs = _adr_folder(root / "adr", 300)
        pg.ingest_files(root / "adr", store="adr")
        repo = root / "repo"
        cited = _repository(repo, files, sorted(governs), seed)
        subprocess.run(["git", "init", "-q", str(repo)], check=True)
        first, summary = _timed_scan(pg, paths=[repo], root=repo)
        again, unchanged = _timed_scan(pg, paths=[repo], root=repo)
        changed = sorted(repo.rglob("*.py"))[:20]
        for path in changed:
            path.write_text(path.read_text(encoding="utf-8") + "# see ADR-0001 once more\n", encoding="utf-8")
        subset, partial = _timed_scan(pg, files=[str(p) for p in changed], root=repo)
        found = pg.citations(store="scan", governing=True)
        flagged = [f for f in found if not f.governs]
        wrong = [f for f in flagged if governs.get(f.claim or "", True)]
        missed = [f for f in found if f.governs and not governs.get(f.claim or "", True)]
    return {"files": summary.counts.files, "citations_written": len(found), "citations_generated": cited + len(changed),
            "scan_s": round(first, 2), "rescan_unchanged_s": round(again, 2), "rescan_ratio": round(again / first, 3),
            "rescan_written": unchanged.counts.written, "changed_files": len(changed), "changed_20_s": round(subset, 2),
            "changed_20_written": partial.counts.written, "flagged": len(flagged), "flagged_wrongly": len(wrong),
            "governing_missed": len(missed)}


def _pep_records(peps: Path, folder: Path) -> dict[str, str]:
    """One Markdown record per PEP from its header; PEP id -> its Status."""
    folder.mkdir(parents=True)
    statuses = {}
    for source in sorted((peps / "peps").glob("pep-*.rst")):
        header = source.read_text(encoding="utf-8", errors="replace").split("\n\n", 1)[0]
        fields = dict(re.findall(r"^([A-Za-z-]+):\s*(.*)$", header, re.M))
        if "PEP" not in fields or not fields["PEP"].strip().isdigit():
            continue
        uid, status = f"PEP-{int(fields['PEP'])}", fields.get("Status", "").strip().lower()
        statuses[uid] = status
        front = f"---\nid: {uid}\nstatus: {STATUS_WORDS.get(status, status)}\n"
        replaced = [f"PEP-{int(n)}" for n in re.findall(r"\d+", fields.get("Replaces", ""))]
        by = [f"PEP-{int(n)}" for n in re.findall(r"\d+", fields.get("Superseded-By", ""))]
        front += f"supersedes: [{', '.join(replaced)}]\n" if replaced else ""
        front += f"superseded_by: [{', '.join(by)}]\n" if by else ""
        title = fields.get("Title", uid).replace(":", " -")
        (folder / f"{source.stem}.md").write_text(front + f"---\n# {title}\n\nDate: 2020-01-01\n\n{title}.\n",
                                                  encoding="utf-8")
    return statuses


def real(pg: Provgraph, peps: Path, code: Path) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        statuses = _pep_records(peps, root / "peps")
        pg.ingest_files(root / "peps", store="peps")
        (root / "provgraph.toml").write_text(
            f'[[store]]\nname = "peps"\nkind = "files"\npath = "peps"\ncite = [{{pattern = {json.dumps(CITE)}, '
            f'id = "PEP-{{number}}"}}]\n', encoding="utf-8")
        first, summary = _timed_scan(pg, paths=[code], root=code, store="scan-real", config=root / "provgraph.toml")
        again, unchanged = _timed_scan(pg, paths=[code], root=code, store="scan-real", config=root / "provgraph.toml")
        found = pg.citations(store="scan-real", governing=True)
    grep = _grep(code)
    by_place = {(f.file, f.line, f.column) for f in found if f.kind == "pattern" or f.id.startswith("PEP-")}
    flagged = [f for f in found if not f.governs and f.claim]
    retired = [f for f in found if f.claim and statuses.get(f.claim) in ("superseded", "withdrawn", "rejected")]
    return {"files": summary.counts.files, "skipped": summary.counts.skipped, "scan_s": round(first, 2),
            "rescan_unchanged_s": round(again, 2), "rescan_ratio": round(again / first, 3),
            "rescan_written": unchanged.counts.written, "grep_matches": len(grep), "found": len(by_place),
            "recall": round(len(by_place & grep) / len(grep), 4) if grep else None,
            "unresolved": sum(1 for f in found if f.claim is None),
            "flagged": len(flagged),
            "flagged_current": sum(1 for f in flagged if statuses.get(f.claim or "") in CURRENT),
            "retired_cited": len(retired), "retired_not_flagged": sum(1 for f in retired if f.governs),
            "flagged_by_status": _count(statuses.get(f.claim or "", "?") for f in flagged)}


def _grep(code: Path) -> set[tuple[str, int, int]]:
    """Every match of the declared pattern in the files the scan reads, as (file, line, column): the plain grep."""
    from provgraph.base.cites import ScanCounts
    from provgraph.ingest.scan.walk import files_under, read_bytes, text_of

    pattern, counts, places = re.compile(CITE), ScanCounts(), set()
    for file in files_under([code], counts):
        data = read_bytes(file, counts)
        text = text_of(data, counts) if data is not None else None
        if text is None:
            continue
        for number, line in enumerate(text.split("\n"), 1):
            places.update((file.relative_to(code).as_posix(), number, m.start() + 1) for m in pattern.finditer(line))
    return places


def _count(values: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for value in values:
        out[value] = out.get(value, 0) + 1
    return dict(sorted(out.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.citations.scan", description=__doc__.splitlines()[0],
                                     epilog=harness.OWN_SERVER)
    parser.add_argument("--files", type=int, default=2000, help="files in the generated repository (default 2000)")
    parser.add_argument("--peps", type=Path, help="a checkout of python/peps")
    parser.add_argument("--code", type=Path, help="a checkout of a codebase that cites PEPs")
    parser.add_argument("--port", type=int, default=harness.DEFAULT_PORT, help="the bench server's port (env PROVGRAPH_BENCH_PORT)")
    parser.add_argument("--uri", help="a running server instead of the bench's own (its provgraph data is WIPED)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    results: dict[str, Any] = {}
    with harness.bench_server(args.uri, args.port) as settings, harness.connect(settings) as graph:
        pg = Provgraph(graph)
        harness.reset(graph)
        results["generated"] = generated(pg, args.files, args.seed)
        print(json.dumps(results["generated"]), file=sys.stderr, flush=True)
        if args.peps and args.code:
            harness.reset(graph)
            results["real"] = real(pg, args.peps.resolve(), args.code.resolve())
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
