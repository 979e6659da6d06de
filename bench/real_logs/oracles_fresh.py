"""The held-out oracles that did not fit oracles.py's 400 lines (issue 55's fourth fresh check, s62-heldout4, on):
the same convention (each record's stated status read by a few lines of its own, each word mapped by the log's own
process document, cited beside it), and `LOGS`: every held-out log, oracles.py's and these. `heldout.py` runs them.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from bench.real_logs.oracles import LOGS as EARLIER
from bench.real_logs.oracles import (HeldOut, Oracle, Written, _bullets, _first, _front_matter_status, _head_field,
                                     _table_status, _walk)


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


def _eep(root: Path) -> Iterator[Written]:
    """An EEP's indented RFC 822 header (before `****`, or the first blank line): the word before `/` of `Status:
    Final/24.0 Implemented in OTP release 24`; a status that says `Replaced by EEP 33` (or `with EEP-11 and EEP-31`)
    names its successors, kept in the head as `Superseded-By:` as a header would."""
    for relpath, text in _walk(root, r"eeps/eep-\d{4}\.md"):
        head: list[str] = []
        for line in text.splitlines()[:40]:
            if not line.strip() or line.startswith("****"):
                break
            head.append(line)
        status = _first(r"^\s*Status:\s*(.+)$", "\n".join(head))
        replaced = re.search(r"replaced (?:by|with) (.*)", status or "", re.IGNORECASE)
        if replaced:
            head.append("Superseded-By: " + ", ".join(re.findall(r"EEP[- ]?(\d+)", replaced.group(1))))
        yield Written(relpath, status.split("/")[0] if status else None, "\n".join(head))


def _xep(root: Path) -> Iterator[Written]:
    """A XEP's `<header>` (up to its first `<revision>`): `<status>Stable</status>`; the XEPs named under
    `<supersedes>` and `<supersededby>` (`<spec>XEP-0065</spec>`; an RFC there is no record) kept in the head as
    `Replaces:` and `Superseded-By:` lines."""
    for relpath, text in _walk(root, r"xep-\d{4}\.xml"):
        header = text.split("<revision>", 1)[0]
        head = [header]
        for element, key in (("supersedes", "Replaces"), ("supersededby", "Superseded-By")):
            found = re.search(rf"<{element}>(.*?)</{element}>", header, re.DOTALL)
            numbers = re.findall(r"<spec>\s*XEP-(\d+)\s*</spec>", found.group(1)) if found else []
            head.append(f"{key}: {', '.join(numbers)}" if numbers else "")
        yield Written(relpath, _first(r"<status>\s*([^<]+?)\s*</status>", header), "\n".join(head))


def _cell_status(pattern: str) -> Oracle:
    """`| Status:         | Accepted |` (D's DIPs: the field cell keeps its colon) in the first lines' table."""
    def read(root: Path) -> Iterator[Written]:
        for relpath, text in _walk(root, pattern):
            head = "\n".join(text.splitlines()[:15])
            yield Written(relpath, _first(r"^\s*\|\s*Status:?\s*\|\s*(.+?)\s*(?:\||$)", head), head)
    return read


def _indented_field(pattern: str, field: str, lines: int) -> Oracle:
    """`    Status:  Implemented`: an indented (Markdown code block) `name: value` line in the first lines (Perl's
    PPCs, under `## Preamble`)."""
    def read(root: Path) -> Iterator[Written]:
        for relpath, text in _walk(root, pattern):
            head = "\n".join(text.splitlines()[:lines])
            yield Written(relpath, _first(rf"^\s+{field}:\s*(.+)$", head), head)
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

FRESH |= {  # a fifth fresh check (s62-heldout5)
    # EEP 1 (in eeps/), "EEP Work Flow" and the header template: Draft, Deferred ("can re-assign it to draft");
    # Accepted, Final, Active ("never meant to be completed"); Rejected, Replaced ("rendering the original obsolete").
    "eeps": HeldOut("erlang/eep", "EEP 1, EEP Work Flow", _eep, {
        "draft": "UNKNOWN", "deferred": "UNKNOWN", "accepted": "ACTIVE", "final": "ACTIVE", "active": "ACTIVE",
        "rejected": "STALE", "replaced": "STALE"}),
    # XEP-0001 "XEP States": Experimental, Proposed (Last Call), Deferred (may return to Experimental); Stable ("Draft"
    # before XEP-0001 1.24: the same state renamed), Final, Active; Retracted, Rejected, Deprecated ("new
    # implementations are no longer encouraged"), Obsolete. ProtoXEP: not yet accepted for publication (the template).
    "xeps": HeldOut("xsf/xeps", "XEP-0001, XEP States", _xep, {
        "protoxep": "UNKNOWN", "experimental": "UNKNOWN", "proposed": "UNKNOWN", "deferred": "UNKNOWN",
        "draft": "ACTIVE", "stable": "ACTIVE", "final": "ACTIVE", "active": "ACTIVE", "retracted": "STALE",
        "rejected": "STALE", "deprecated": "STALE", "obsolete": "STALE"}),
    # The DIPs folder's README, "DIP Status" (in review, Accepted, Rejected, Postponed, Superseded, Abandoned,
    # Withdrawn) and the docs folder's DIP Authoring Process (Draft, Formal Assessment: "rejection or indefinite
    # postponement"); archive/README's Implemented, Approved (the wiki-era DIPs) in force by their plain meaning.
    # 1NNN-RAC is a draft (named `1NNN-(initials)` until the DIP manager numbers it).
    "dips": HeldOut("dlang/DIPs", "the DIPs README, DIP Status; The DIP Authoring Process",
                    _cell_status(r"DIPs/(\w+/)?(DIP\d+|1NNN-[^/]+)\.md"), {
        "draft": "UNKNOWN", "formal assessment": "UNKNOWN", "postponed": "UNKNOWN", "accepted": "ACTIVE",
        "approved": "ACTIVE", "implemented": "ACTIVE", "rejected": "STALE", "superseded": "STALE",
        "abandoned": "STALE", "withdrawn": "STALE"}),
    # adr-template.md's Status (the only list of words): Proposed; Approved, Partially Implemented, Implemented;
    # Deprecated (the README's "Deprecated" section). `Updates: ADR-8` is a refinement, no succession.
    "natsadrs": HeldOut("nats-io/nats-architecture-and-design", "adr-template.md, Status; README.md, Deprecated",
                        _table_status(r"adr/ADR-\d+\.md"), {
        "proposed": "UNKNOWN", "approved": "ACTIVE", "partially implemented": "ACTIVE", "implemented": "ACTIVE",
        "deprecated": "STALE"}),
    # TEP-0001 "TEP Workflow": proposed, deferred ("not actively being worked on"); implementable ("approved ... for
    # implementation"), implemented; withdrawn, replaced (`superseded-by` names the new TEP). Implementing (TEP-0037)
    # is no TEP-0001 word: between implementable and implemented, in force by its plain meaning.
    "tekton": HeldOut("tektoncd/community", "TEP-0001, TEP Workflow",
                      _front_matter_status(r"teps/\d{4}-[^/]+\.md"), {
        "proposed": "UNKNOWN", "deferred": "UNKNOWN", "implementable": "ACTIVE", "implementing": "ACTIVE",
        "implemented": "ACTIVE", "withdrawn": "STALE", "replaced": "STALE"}),
    # The docs folder's process page, "The Process": Draft (before the tracker), Exploratory (under the PSC's
    # consideration), Implementing, Testing (accepted for implementation, not yet merged: undecided, "the document
    # moves to Rejected" may follow); Accepted ("code merged as a new ... feature"); Rejected, Expired. Implemented
    # (the README: "a completed implemented PPC", the template) in force by its plain meaning.
    "ppcs": HeldOut("Perl/PPCs", "the PPC process page (docs), The Process",
                    _indented_field(r"ppcs/ppc\d{4}-[^/]+\.md", "Status", 15), {
        "draft": "UNKNOWN", "exploratory": "UNKNOWN", "implementing": "UNKNOWN", "testing": "UNKNOWN",
        "accepted": "ACTIVE", "implemented": "ACTIVE", "rejected": "STALE", "expired": "STALE"}),
}

LOGS = EARLIER | FRESH
