"""More proposal logs for `python -m bench.suspects.real`: bitcoin/bips (`--bips GITDIR`) and the Solana improvement
documents (`--simds GITDIR`), read here as the PEPs are (bench/suspects/real.py): one claim per proposal with a
date, its header's supersession fields kept as the truth and never written as links.

- **BIPs**: `bip-NNNN.mediawiki` / `bip-NNNN.md` at the top of the repository, an RFC 822 header block inside
  `<pre>` (or a code fence): `BIP`, `Title`, `Status`, `Created` (older) or `Assigned` (newer), `Replaces` and
  `Proposed-Replacement` (the successor, as BIP 2 names it); the Abstract, else the first words.
- **SIMDs**: `proposals/NNNN-*.md`, YAML front matter with `simd`, `title`, `status`, `created`, `supersedes` and
  `superseded-by`; the Summary, else the first words.
"""
from __future__ import annotations

import re
import subprocess
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterator

from provgraph.base.mentions import changed, mentions
from provgraph.ingest.records import ClaimRecord, Observation, Record, SnapshotRecord, SourceRecord, sha256_hex

NUMBER = re.compile(r"\d+")
ABSTRACT_WORDS = 300  # a proposal without an Abstract (or Summary) section: its first words
BIP_FILE = re.compile(r"^bip-(\d{4})\.(mediawiki|md)$")
SIMD_FILE = re.compile(r"^proposals/(\d{4})-[^/]+\.md$")
# the header's word -> the declared word; a word that marks the record replaced is read as the status it had before
STATUS = {
    "final": "accepted", "active": "accepted", "deployed": "accepted", "activated": "accepted", "living": "accepted",
    "implemented": "accepted", "accepted": "accepted", "complete": "accepted", "replaced": "accepted",
    "superseded": "accepted", "obsolete": "accepted", "proposed": "proposed", "review": "proposed",
    "draft": "draft", "idea": "draft", "preliminary": "draft", "deferred": "on-hold", "rejected": "rejected",
    "withdrawn": "withdrawn", "closed": "withdrawn", "abandoned": "withdrawn",
}
_FIELD = re.compile(r"^\s*([A-Za-z][A-Za-z\-]*):\s*(.*)$")


def pep_date(text: str | None) -> datetime | None:
    for pattern in ("%d-%b-%Y", "%d-%B-%Y", "%Y-%m-%d"):
        try:
            return datetime.strptime((text or "").strip().split(",")[0].strip(), pattern).replace(tzinfo=timezone.utc)
        except ValueError:
            continue
    return None


def files(git_dir: Path, pattern: re.Pattern[str], *paths: str) -> dict[int, tuple[str, bytes]]:
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


def abstract(body: str, names: tuple[str, ...]) -> str:
    """The section named one of `names` (a Markdown or MediaWiki heading), else the first ABSTRACT_WORDS words."""
    heading = re.compile(r"^\s*(?:#{1,6}\s*|={1,6}\s*)(" + "|".join(names) + r")\s*=*\s*$", re.I | re.M)
    found = heading.search(body)
    if found:
        rest = body[found.end():]
        end = re.search(r"^\s*(?:#{1,6}\s|={1,6}\s*\w)", rest, re.M)
        return " ".join(rest[: end.start() if end else len(rest)].split())
    return " ".join(body.split()[:ABSTRACT_WORDS])


def records(found: dict[int, tuple[str, bytes]], store: str, prefix: str, header: Callable[[str], tuple[dict[str, str], str]],
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
        claim = ClaimRecord(uid=uid, text=abstract(body, sections), asserted_at=at,
                            declared=STATUS.get(status, status or None), mentions=tuple(mentions(body)),
                            changes=tuple(changed(body)))
        source = SourceRecord(uid=f"{store}:{path}", locator=path, kind="markdown", title=fields.get("title"))
        yield Observation(source=source, snapshot=SnapshotRecord(sha256=sha256_hex(data), revised_at=at), claims=(claim,))


def bip_records(git_dir: Path, truth: list[tuple[str, str]]) -> Iterator[Record]:
    return records(files(git_dir, BIP_FILE), "bips", "BIP", bip_header, ("created", "assigned"),
                   "proposed-replacement", "replaces", ("abstract",), truth)


def simd_records(git_dir: Path, truth: list[tuple[str, str]]) -> Iterator[Record]:
    return records(files(git_dir, SIMD_FILE, "proposals"), "simds", "SIMD", simd_header, ("created",),
                   "superseded-by", "supersedes", ("summary", "abstract"), truth)
