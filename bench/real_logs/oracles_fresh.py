"""The held-out oracles that did not fit oracles.py's 400 lines (issue 55's fourth fresh check, s62-heldout4, on):
the same convention (each record's stated status read by a few lines of its own, each word mapped by the log's own
process document, cited beside it), and `LOGS`: every held-out log, oracles.py's and these. `heldout.py` runs them.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from bench.real_logs.oracles import LOGS as EARLIER
from bench.real_logs.oracles import HeldOut, Oracle, Written, _bullets, _first, _head_field, _table_status, _walk


def _html_table(pattern: str) -> Oracle:
    """`<tr><td> Status </td><td> Accepted </td></tr>` in an HTML table at the top (conda's CEPs)."""
    def read(root: Path) -> Iterator[Written]:
        for relpath, text in _walk(root, pattern):
            head = "\n".join(text.splitlines()[:15])
            yield Written(relpath, _first(r"<td>\s*Status\s*</td>\s*<td>\s*([^<]*?)\s*</td>", head), head)
    return read


def _stage(pattern: str) -> Oracle:
    """The front matter's `Stage:` (The Graph's GIPs); `<Draft>` (the template's brackets kept) is Draft."""
    fields = _head_field(pattern, "Stage", 15)

    def read(root: Path) -> Iterator[Written]:
        for record in fields(root):
            status = record.status.strip().strip("<>") if record.status else None
            yield Written(record.path, status if status and len(status) < 40 else record.status, record.head)
    return read


def _status_section(pattern: str) -> Oracle:
    """An ADR's `## Status` section (any level): its first line of text, blockquoted instructions left out, cut
    at the first `.`, `:` or bracket (`Accepted. Tracking issue: ...`); a section with no such line states none."""
    def read(root: Path) -> Iterator[Written]:
        for relpath, text in _walk(root, pattern):
            found = re.search(r"^#+\s*Status\s*\n(.*?)(?=^#|\Z)", text, re.MULTILINE | re.DOTALL | re.IGNORECASE)
            section = found.group(1) if found else ""
            lines = [line.strip() for line in section.splitlines() if line.strip() and not line.lstrip().startswith(">")]
            word = re.split(r"[.:(\[]", lines[0].replace("*", ""), maxsplit=1)[0].strip() if lines else None
            yield Written(relpath, word or None, section)
    return read


FRESH = {
    # TAP 1 "TAP Status": Draft, Deferred ("not being actively developed"); Active (Informational TAPs that keep
    # changing), Accepted ("ready to be integrated into the specification"), Final; Rejected, Withdrawn, Superseded.
    # TAP 2 is the template: its `<Draft | Active | ...>` is no word. The POUFs are another series.
    "taps": HeldOut("theupdateframework/taps", "TAP 1, TAP Status", _bullets(r"tap\d+\.md"), {
        "draft": "UNKNOWN", "deferred": "UNKNOWN", "active": "ACTIVE", "accepted": "ACTIVE", "final": "ACTIVE",
        "rejected": "STALE", "withdrawn": "STALE", "superseded": "STALE"}),
    # CEP 1 "Submission", "Resolution", "CEP Maintenance": draft, proposed, deferred ("can be re-submitted"); accepted,
    # implemented; rejected. Approved is no CEP 1 word: the README lists those CEPs under "Accepted CEPS".
    # CEP 0 is the template (`Draft | Proposed | ...`: no word).
    "ceps": HeldOut("conda/ceps", "CEP 1, Resolution and CEP Maintenance", _html_table(r"cep-(?!0000)\d+\.md"), {
        "draft": "UNKNOWN", "proposed": "UNKNOWN", "deferred": "UNKNOWN", "accepted": "ACTIVE", "approved": "ACTIVE",
        "implemented": "ACTIVE", "rejected": "STALE"}),
    # The CONTRIBUTING guide, "The RFC life-cycle": an RFC approved and merged is "active" (accepted); the template's words
    # Proposed, Accepted, Deprecated; the README's Implemented, and Not planned (Qiskit/RFCs#73: the RFC will not be
    # carried out). 0004 states the template's `Proposed/Accepted/Deprecated`: no word.
    "qiskit": HeldOut("Qiskit/RFCs", "CONTRIBUTING, The RFC life-cycle; README", _table_status(r"\d{4}-[^/]+\.md"), {
        "proposed": "UNKNOWN", "accepted": "ACTIVE", "active": "ACTIVE", "implemented": "ACTIVE",
        "deprecated": "STALE", "not planned": "STALE"}),
    # GIP-0001 "stages": Draft, Candidate (for the Council to decide), Deferred ("on hold"); Approved, Implemented,
    # Living; Withdrawn. Its first version (547ecf8): Proposal (before Draft), Accepted ("adopted"). Rollout is
    # defined by neither: left out. GIP-0000 is the template.
    "gips": HeldOut("graphprotocol/graph-improvement-proposals", "GIP-0001, stages", _stage(r"gips/\d{4}[^/]*\.md"), {
        "draft": "UNKNOWN", "proposal": "UNKNOWN", "candidate": "UNKNOWN", "deferred": "UNKNOWN", "approved": "ACTIVE",
        "accepted": "ACTIVE", "implemented": "ACTIVE", "living": "ACTIVE", "withdrawn": "STALE"}),
    # REP 1 "REP Work Flow": Draft, Deferred ("can re-assign it to draft"); Accepted, Final, Active ("never meant to be
    # completed"); Rejected, Withdrawn, Replaced ("rendering the original obsolete").
    "reps": HeldOut("ros-infrastructure/rep", "REP 1, REP Work Flow", _head_field(r"rep-\d+\.rst", "Status", 15), {
        "draft": "UNKNOWN", "deferred": "UNKNOWN", "accepted": "ACTIVE", "final": "ACTIVE", "active": "ACTIVE",
        "rejected": "STALE", "withdrawn": "STALE", "replaced": "STALE"}),
    # The ADR template, "Status": proposed (a PR is open); Accepted, Rejected, Deprecated, Superseded by; the two READMEs'
    # lists: Implemented, Accepted, "Accepted but Not (Yet) Implemented", Proposed, Deprecated, Rejected. By plain
    # meaning: Draft, In Review, Pending (undecided); Approved, Partially Accepted (in force); Declined (rejected),
    # Reverted (ADR-105: the decision undone). The template itself is no record.
    "cometbft": HeldOut("cometbft/cometbft (docs/references/architecture)", "the ADR template, Status; the READMEs",
                        _status_section(r"docs/references/architecture/(tendermint-core/)?adr-\d+[^/]*\.md"), {
        "proposed": "UNKNOWN", "draft": "UNKNOWN", "in review": "UNKNOWN", "pending": "UNKNOWN", "accepted": "ACTIVE",
        "partially accepted": "ACTIVE", "approved": "ACTIVE", "implemented": "ACTIVE", "rejected": "STALE",
        "declined": "STALE", "deprecated": "STALE", "superseded": "STALE", "reverted": "STALE"}),
}

LOGS = EARLIER | FRESH
