"""Suspects on real decision logs with their supersession links stripped: `python -m bench.suspects.real
--adr GITDIR:FOLDER ... --peps GITDIR [--bips GITDIR] [--simds GITDIR] [--min-score X] [--json FILE]`.

Held out: public logs nobody here wrote, read from git directories on this machine (a bare mirror is fine; nothing
of them is committed). Each is ingested alone, as its authors' team would, through the real ingesters and pipeline,
with what records a supersession taken out of the records and kept as the truth:

- **ADR logs** (`--adr GITDIR:FOLDER`, e.g. `cloud-platform.git:architecture-decision-record`): the folder's git
  history (`ingest files FOLDER --git`) from a local clone. The revision edges (CORRECTS, SUPERSEDES, INVALIDATES)
  are dropped, as `bench.suspects.generated` drops them; and so is a declared `superseded`: "Superseded by [..]" is the link
  in words, and a record that still said it would be STALE by rule 8 without any suspect, so the record is read as
  it stood before anyone marked it.
- **PEPs** (`--peps GITDIR`, python/peps): each `peps/pep-NNNN.rst` (or `.txt`) read here, not by an ingester:
  its RFC 822 header block (PEP, Title, Status, Created, Superseded-By, Replaces) and its Abstract (else its first
  words) as one claim `PEP-N`, asserted at its Created date, with its status as the community states it. The
  `Superseded-By` and `Replaces` pairs are the truth and reach the graph as no edge; a `Superseded` status is read as
  the status it had before (Final). Its whole body is what it names (provgraph/base/mentions.py), as the
  Markdown reader takes a record's body less its declared link lines; the header's links are not in it.
- **BIPs** (`--bips GITDIR`, bitcoin/bips): `bip-NNNN.mediawiki` / `bip-NNNN.md` at the top of the repository, read
  the same way: an RFC 822 header block inside `<pre>` (or a code fence): `BIP`, `Title`, `Status`, `Created` (older)
  or `Assigned` (newer), `Replaces` and `Proposed-Replacement` (the successor, as BIP 2 names it); the Abstract.
- **SIMDs** (`--simds GITDIR`, the Solana improvement documents): `proposals/NNNN-*.md`, YAML front matter with
  `simd`, `title`, `status`, `created`, `supersedes` and `superseded-by`; the Summary, else the first words.

Then `provgraph suspects` at its defaults, and `bench.suspects.generated.score`: recall@3 of the true successor and false
suspects per 100 claims (a pair in one supersession chain is the same matter).
"""
from __future__ import annotations

import argparse
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from bench.common import harness
from bench.suspects import generated as bench_suspects
from provgraph.base.mentions import changed, mentions
from provgraph.graph.connection import Graph
from provgraph.graph.schema import install_schema, wipe
from provgraph.ingest import pipeline
from provgraph.ingest.records import (ClaimRecord, IngestOptions, Observation, Record, SnapshotRecord, SourceRecord,
                                      sha256_hex)


def unmarked(records: Iterable[Record]) -> Iterator[Record]:
    """The records with a declared `superseded` taken out: the status word is the link in words."""
    for record in records:
        if isinstance(record, Observation) and any(claim.declared == "superseded" for claim in record.claims):
            record = replace(record, claims=tuple(replace(claim, declared=None, status_line=None)
                                                  if claim.declared == "superseded" else claim
                                                  for claim in record.claims))
        yield record


def adr_log(graph: Graph, git_dir: Path, folder: str, workdir: Path) -> dict[str, Any]:
    """One ADR log's quality: its folder's git history ingested alone, links and `superseded` stripped."""
    from provgraph.ingest import get as get_ingester

    wipe(graph)
    name = git_dir.parent.name if git_dir.name in ("repo", ".git") else git_dir.stem
    clone = workdir / name
    if not clone.exists():
        subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(git_dir), str(clone)], check=True)
    path = clone / folder
    store = name.split("+")[-1]
    truth_refs: list[tuple[str, str]] = []
    records = get_ingester("files", "git")(path, IngestOptions(store=store, path=str(path)))
    pipeline.write(graph, unmarked(bench_suspects.strip_links(records, truth_refs)), store=store, store_kind="git",
                   path=str(path))
    resolved = bench_suspects._resolve_refs(graph, {ref for pair in truth_refs for ref in pair})
    truth = {resolved[earlier]: resolved[later] for earlier, later in truth_refs}
    chains = bench_suspects._chains(truth)
    return bench_suspects.score(graph, truth, lambda a, b: chains.get(a, a) == chains.get(b, b),
                                f"ADR log {name.replace('+', '/')} ({folder})")


# -- what every proposal log shares -----------------------------------------------------------------------------

NUMBER = re.compile(r"\d+")
ABSTRACT_WORDS = 300  # a proposal without an Abstract (or Summary) section: its first words


def pep_date(text: str | None) -> datetime | None:
    """A header's date (`13-Mar-2001`, `13-March-2001`, `2001-03-13`; what follows a comma left out), UTC."""
    for pattern in ("%d-%b-%Y", "%d-%B-%Y", "%Y-%m-%d"):
        try:
            return datetime.strptime((text or "").strip().split(",")[0].strip(), pattern).replace(tzinfo=timezone.utc)
        except ValueError:
            continue
    return None


# -- python/peps ------------------------------------------------------------------------------------------------

PEP_FILE = re.compile(r"^peps/pep-(\d{4})\.(rst|txt)$")
HEADER = re.compile(r"^([A-Za-z][A-Za-z\-]*):\s*(.*)$")
PEP_STATUS = {  # the header's word -> the declared word (provgraph/ingest/lifecycle.py CANONICAL)
    "final": "accepted", "active": "accepted", "accepted": "accepted", "provisional": "proposed",
    "draft": "draft", "deferred": "on-hold", "rejected": "rejected", "withdrawn": "withdrawn",
    "superseded": "accepted",  # as it stood before it was marked (the mark is the link in words)
    "april fool!": "rejected",
}


def pep_files(git_dir: Path) -> dict[int, bytes]:
    """PEP number -> the file's bytes at HEAD of `git_dir` (one `git archive`)."""
    archive = subprocess.run(["git", f"--git-dir={git_dir}", "archive", "--format=tar", "HEAD", "peps"],
                             check=True, capture_output=True).stdout
    found: dict[int, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            match = PEP_FILE.match(member.name)
            handle = tar.extractfile(member) if match and member.isfile() else None
            if match and handle is not None:
                found[int(match.group(1))] = handle.read()
    return found


def pep_header(text: str) -> tuple[dict[str, str], str]:
    """(the RFC 822 header block as field -> value, continuation lines joined; the body after it)."""
    lines = text.splitlines()
    while lines and not lines[0].strip():
        lines.pop(0)
    fields: dict[str, str] = {}
    last = None
    end = next((index for index, line in enumerate(lines) if not line.strip()), len(lines))
    for line in lines[:end]:
        match = HEADER.match(line)
        if match:
            last = match.group(1).lower()
            fields[last] = match.group(2).strip()
        elif last and line[:1] in (" ", "\t"):
            fields[last] += " " + line.strip()
    return fields, "\n".join(lines[end + 1:])


def pep_abstract(body: str) -> str:
    """The Abstract section's text, else the first ABSTRACT_WORDS words of the body."""
    lines = body.splitlines()
    for index, line in enumerate(lines):
        if line.strip().lower() == "abstract" and index + 1 < len(lines) and set(lines[index + 1].strip()) <= set("=-~"):
            section: list[str] = []
            for later, text in enumerate(lines[index + 2:], start=index + 2):
                if later + 1 < len(lines) and lines[later + 1].strip() and set(lines[later + 1].strip()) <= set("=-~") \
                        and len(lines[later + 1].strip()) >= 3 and text.strip():
                    break
                section.append(text)
            return " ".join(" ".join(section).split())
    return " ".join(body.split()[:ABSTRACT_WORDS])


def pep_records(files: dict[int, bytes], truth: list[tuple[str, str]]) -> Iterator[Record]:
    """One Observation per PEP with a Created date (its claim `PEP-N`); the supersession pairs go to `truth`."""
    for number, data in sorted(files.items()):
        fields, body = pep_header(data.decode("utf-8", errors="replace"))
        created = pep_date(fields.get("created"))
        if created is None:
            continue
        uid = f"PEP-{number}"
        truth.extend((uid, f"PEP-{int(later)}") for later in NUMBER.findall(fields.get("superseded-by", "")))
        truth.extend((f"PEP-{int(earlier)}", uid) for earlier in NUMBER.findall(fields.get("replaces", "")))
        status = fields.get("status", "").strip().lower()
        claim = ClaimRecord(uid=uid, text=pep_abstract(body), asserted_at=created,
                            declared=PEP_STATUS.get(status, status or None), mentions=tuple(mentions(body)),
                            changes=tuple(changed(body)))
        source = SourceRecord(uid=f"peps:peps/pep-{number:04d}", locator=f"peps/pep-{number:04d}", kind="markdown",
                              title=fields.get("title"))
        yield Observation(source=source, snapshot=SnapshotRecord(sha256=sha256_hex(data), revised_at=created),
                          claims=(claim,))


def peps(graph: Graph, git_dir: Path) -> dict[str, Any]:
    """The PEPs' quality: every PEP one claim, Superseded-By and Replaces as the truth, never as edges."""
    return proposal_log(graph, git_dir, "peps", lambda pairs: pep_records(pep_files(git_dir), pairs),
                        "python/peps (Superseded-By, Replaces)")


# -- bitcoin/bips, Solana SIMDs ---------------------------------------------------------------------------------

BIP_FILE = re.compile(r"^bip-(\d{4})\.(mediawiki|md)$")
SIMD_FILE = re.compile(r"^proposals/(\d{4})-[^/]+\.md$")
# the header's word -> the declared word; a word that marks the record replaced is read as the status it had before
PROPOSAL_STATUS = {
    "final": "accepted", "active": "accepted", "deployed": "accepted", "activated": "accepted", "living": "accepted",
    "implemented": "accepted", "accepted": "accepted", "complete": "accepted", "replaced": "accepted",
    "superseded": "accepted", "obsolete": "accepted", "proposed": "proposed", "review": "proposed",
    "draft": "draft", "idea": "draft", "preliminary": "draft", "deferred": "on-hold", "rejected": "rejected",
    "withdrawn": "withdrawn", "closed": "withdrawn", "abandoned": "withdrawn",
}
_FIELD = re.compile(r"^\s*([A-Za-z][A-Za-z\-]*):\s*(.*)$")


def proposal_files(git_dir: Path, pattern: re.Pattern[str], *paths: str) -> dict[int, tuple[str, bytes]]:
    """Number -> (path, bytes) of the files at HEAD of `git_dir` whose path matches `pattern` (read one by one: a
    mirror may lack some large files elsewhere in the tree, which `git archive` would stop at)."""
    listed = subprocess.run(["git", f"--git-dir={git_dir}", "ls-tree", "-r", "--name-only", "HEAD", *paths],
                            check=True, capture_output=True, text=True).stdout.splitlines()
    found: dict[int, tuple[str, bytes]] = {}
    for name in listed:
        match = pattern.match(name)
        if match:
            data = subprocess.run(["git", f"--git-dir={git_dir}", "show", f"HEAD:{name}"], check=True,
                                  capture_output=True).stdout
            found[int(match.group(1))] = (name, data)
    return found


def bip_header(text: str) -> tuple[dict[str, str], str]:
    """(the header block in `<pre>` or a code fence at the top, field -> value; the body after it)."""
    match = re.search(r"(?:<pre>|```[^\n]*)\n(.*?)(?:</pre>|```)", text[:8000], re.S)
    if not match:
        return {}, text
    fields: dict[str, str] = {}
    last = None
    for line in match.group(1).splitlines():
        field = _FIELD.match(line)
        if field and not line.startswith(("     ", "\t")):
            last = field.group(1).lower()
            fields[last] = field.group(2).strip()
        elif last and line.strip():
            fields[last] += " " + line.strip()
    return fields, text[match.end():]


def simd_header(text: str) -> tuple[dict[str, str], str]:
    """(the YAML front matter's top-level scalar fields, quotes dropped; the body after it)."""
    match = re.match(r"---\s*\n(.*?)\n---\s*\n", text, re.S)
    if not match:
        return {}, text
    fields = {}
    for line in match.group(1).splitlines():
        field = _FIELD.match(line)
        if field and not line[:1].isspace():
            fields[field.group(1).lower()] = field.group(2).strip().strip("'\"")
    return fields, text[match.end():]


def proposal_abstract(body: str, names: tuple[str, ...]) -> str:
    """The section named one of `names` (a Markdown or MediaWiki heading), else the first ABSTRACT_WORDS words."""
    heading = re.compile(r"^\s*(?:#{1,6}\s*|={1,6}\s*)(" + "|".join(names) + r")\s*=*\s*$", re.I | re.M)
    found = heading.search(body)
    if found:
        rest = body[found.end():]
        end = re.search(r"^\s*(?:#{1,6}\s|={1,6}\s*\w)", rest, re.M)
        return " ".join(rest[: end.start() if end else len(rest)].split())
    return " ".join(body.split()[:ABSTRACT_WORDS])


def proposal_records(found: dict[int, tuple[str, bytes]], store: str, prefix: str, header: Callable[[str], tuple[dict[str, str], str]],
            created: tuple[str, ...], later: str, earlier: str, sections: tuple[str, ...],
            truth: list[tuple[str, str]]) -> Iterator[Record]:
    """One Observation per proposal with a date (claim `PREFIX-N`); its supersession fields go to `truth`."""
    for number, (path, data) in sorted(found.items()):
        fields, body = header(data.decode("utf-8", errors="replace"))
        at: datetime | None = next((pep_date(fields[name]) for name in created if pep_date(fields.get(name))), None)
        if at is None:
            continue
        uid = f"{prefix}-{number}"
        truth.extend((uid, f"{prefix}-{int(n)}") for n in NUMBER.findall(fields.get(later, "")))
        truth.extend((f"{prefix}-{int(n)}", uid) for n in NUMBER.findall(fields.get(earlier, "")))
        status = fields.get("status", "").strip().lower()
        if status == "closed" and NUMBER.search(fields.get(later, "")):
            status = "replaced"  # BIP 3's one word for withdrawn, replaced and obsolete: with a successor named, replaced
        claim = ClaimRecord(uid=uid, text=proposal_abstract(body, sections), asserted_at=at,
                            declared=PROPOSAL_STATUS.get(status, status or None), mentions=tuple(mentions(body)),
                            changes=tuple(changed(body)))
        source = SourceRecord(uid=f"{store}:{path}", locator=path, kind="markdown", title=fields.get("title"))
        yield Observation(source=source, snapshot=SnapshotRecord(sha256=sha256_hex(data), revised_at=at), claims=(claim,))


def bip_records(git_dir: Path, truth: list[tuple[str, str]]) -> Iterator[Record]:
    return proposal_records(proposal_files(git_dir, BIP_FILE), "bips", "BIP", bip_header, ("created", "assigned"),
                   "proposed-replacement", "replaces", ("abstract",), truth)


def simd_records(git_dir: Path, truth: list[tuple[str, str]]) -> Iterator[Record]:
    return proposal_records(proposal_files(git_dir, SIMD_FILE, "proposals"), "simds", "SIMD", simd_header, ("created",),
                   "superseded-by", "supersedes", ("summary", "abstract"), truth)


def proposal_log(graph: Graph, git_dir: Path, store: str, read: Callable[[list[tuple[str, str]]], Iterable[Record]],
                 label: str) -> dict[str, Any]:
    """A proposal log's quality: `read` yields its records and puts the supersession pairs in the list it is given."""
    wipe(graph)
    pairs: list[tuple[str, str]] = []
    pipeline.write(graph, read(pairs), store=store, store_kind="files", path=str(git_dir))
    truth = dict(sorted(set(pairs)))
    chains = bench_suspects._chains(truth)
    result = bench_suspects.score(graph, truth, lambda a, b: chains.get(a, a) == chains.get(b, b), label)
    result["pairs"] = len(set(pairs))
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.suspects.real", description=__doc__.splitlines()[0],
                                     epilog=harness.OWN_SERVER)
    parser.add_argument("--uri", default=os.environ.get("PROVGRAPH_BENCH_URI"),
                        help="a Neo4j to use (it is WIPED); default: the bench's own server")
    parser.add_argument("--adr", action="append", default=[], metavar="GITDIR:FOLDER",
                        help="an ADR log: a git directory (bare is fine) and the folder of its records")
    parser.add_argument("--peps", type=Path, default=None, help="a git directory of python/peps")
    parser.add_argument("--bips", type=Path, default=None, help="a git directory of bitcoin/bips")
    parser.add_argument("--simds", type=Path, default=None,
                        help="a git directory of solana-foundation/solana-improvement-documents")
    parser.add_argument("--min-score", type=float, default=None, help="the suspects threshold to measure (an override)")
    parser.add_argument("--no-names", action="store_true",
                        help="leave out the rule that a later record naming the earlier one as replaced is a suspect")
    parser.add_argument("--json", type=Path, default=None, help="also write the results here")
    args = parser.parse_args(argv)
    bench_suspects.NAMES = not args.no_names
    if args.min_score is not None:
        bench_suspects.MIN_SCORE = args.min_score
    quality: list[dict[str, Any]] = []
    with (harness.bench_server(args.uri) as settings, Graph(settings) as graph,
          tempfile.TemporaryDirectory(prefix="provgraph-suspects-real-") as folder):
        install_schema(graph)
        for spec in args.adr:
            git_dir, _, sub = spec.partition(":")
            quality.append(adr_log(graph, Path(git_dir), sub, Path(folder)))
        if args.peps:
            quality.append(peps(graph, args.peps))
        if args.bips:
            quality.append(proposal_log(graph, args.bips, "bips", lambda pairs: bip_records(args.bips, pairs),
                                        "bitcoin/bips (Replaces, Proposed-Replacement)"))
        if args.simds:
            quality.append(proposal_log(graph, args.simds, "simds", lambda pairs: simd_records(args.simds, pairs),
                                        "solana SIMDs (supersedes, superseded-by)"))
        wipe(graph)
    logs = [q for q in quality if q["corpus"].startswith("ADR log")]
    if logs:
        quality.append(total(logs, f"{len(logs)} ADR logs together"))
    print(bench_suspects._table(quality, []))
    for q in quality:
        if q["missed"] or q["false_pairs"]:
            print(f"\n{q['corpus']}: missed {q['missed'][:12]}; false {q['false_pairs'][:12]}")
    if args.json:
        args.json.write_text(json.dumps({"quality": quality}, indent=2) + "\n", encoding="utf-8")
    return 0


def total(results: list[dict[str, Any]], label: str) -> dict[str, Any]:
    """The sum of several corpora's results, as one row."""
    claims = sum(q["claims"] for q in results)
    found, revisions = sum(q["found"] for q in results), sum(q["revisions"] for q in results)
    false, across = sum(q["false"] for q in results), sum(q["false_across_stores"] for q in results)
    return {"corpus": label, "claims": claims, "revisions": revisions,
            "rival_revisions": sum(q["rival_revisions"] for q in results),
            "stale_revisions": sum(q.get("stale_revisions", 0) for q in results),
            "not_later_revisions": sum(q.get("not_later_revisions", 0) for q in results), "found": found,
            "recall_at_3": round(found / revisions, 3) if revisions else None,
            "suspects": sum(q["suspects"] for q in results), "false": false,
            "false_per_100": round(100.0 * false / claims, 2) if claims else 0.0, "false_across_stores": across,
            "false_across_stores_per_100": round(100.0 * across / claims, 2) if claims else 0.0,
            "missed": [], "false_pairs": []}


if __name__ == "__main__":
    sys.exit(main())
