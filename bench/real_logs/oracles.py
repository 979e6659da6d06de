"""The held-out logs' oracles (issues 39, 55): each record's stated status, read by a few lines of its own, and what
each of the log's words means by its own process document (each entry below cites it): in force -> ACTIVE; not yet
decided or dormant -> UNKNOWN; closed, withdrawn, moved, obsolete, superseded -> STALE. Independent of provgraph's
readers; `heldout.py` runs them.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def stated_word(text: str) -> str:
    """`**[Implemented](url)** (Swift 5.5)` -> `implemented`: markup, links and what follows a bracket go."""
    text = _LINK.sub(r"\1", text).replace("*", "").replace("`", "")
    text = re.split(r"[(\[,;]", text, maxsplit=1)[0]
    return " ".join(text.casefold().split()).strip(" .'\"")


def _front_matter(text: str) -> str:
    return text.split("\n---", 1)[0] if text.startswith("---") else ""


def _first(pattern: str, text: str) -> str | None:
    found = re.search(pattern, text, re.MULTILINE | re.IGNORECASE)
    return found.group(1).strip() if found else None


@dataclass(frozen=True)
class Written:
    """A record file as its authors wrote it: its status (None: it states none) and the head it was read from."""
    path: str  # store-relative
    status: str | None
    head: str  # the record's metadata (front matter, header block, first lines): where a successor is named


Oracle = Callable[[Path], Iterator[Written]]


def _walk(root: Path, pattern: str) -> Iterator[tuple[str, str]]:
    for file in sorted(root.rglob("*")):
        relpath = file.relative_to(root).as_posix()
        if file.is_file() and re.fullmatch(pattern, relpath):
            yield relpath, file.read_text(encoding="utf-8", errors="replace")


# Each oracle: every record file of the log, its status as written and its head.
def _bips(root: Path) -> Iterator[Written]:
    for relpath, text in _walk(root, r"bip-\d+\.(mediawiki|md)"):
        head = "\n".join(text.splitlines()[:40])
        yield Written(relpath, _first(r"^\s*Status:\s*(.+)$", head), head)


def _front_matter_status(pattern: str) -> Oracle:
    def read(root: Path) -> Iterator[Written]:
        for relpath, text in _walk(root, pattern):
            head = _front_matter(text)
            yield Written(relpath, _first(r"^status:\s*['\"]?([^'\"\n]+)", head), head)
    return read


def _bullets(pattern: str) -> Oracle:
    """`* Status: x`, `- **status**: x` in the first 20 lines, headings left out."""
    def read(root: Path) -> Iterator[Written]:
        for relpath, text in _walk(root, pattern):
            head = "\n".join(line for line in text.splitlines()[:20] if not line.startswith("##"))
            yield Written(relpath, _first(r"^\s*[*-]\s+\**Status\**\s*:\s*\**(.+)$", head), head)
    return read


_keep = _bullets(r"proposals/(.+/)?KEEP-[^/]+\.md")


def _tensorflow(root: Path) -> Iterator[Written]:
    for relpath, text in _walk(root, r"rfcs/\d{8}-[^/]+\.md"):
        head = "\n".join(text.splitlines()[:15])
        yield Written(relpath, _first(r"^\s*\|?\s*\**Status\**\s*\|\s*(.+?)\s*(?:\||$)", head), head)


def _head_match(pattern: str, status: str, lines: int) -> Oracle:
    """The first group of `status` (a regular expression) in each record's first `lines` lines."""
    def read(root: Path) -> Iterator[Written]:
        for relpath, text in _walk(root, pattern):
            head = "\n".join(text.splitlines()[:lines])
            yield Written(relpath, _first(status, head), head)
    return read


def _head_field(pattern: str, field: str, lines: int = 30) -> Oracle:
    """`Status: x`, `:Status: x` or `status: x` at the start of a line in the first lines (a preamble in a
    fence, an RST field list, YAML front matter, `name: value` lines after an RST title)."""
    return _head_match(pattern, rf"^:?{field}:?:\s*['\"]?([^'\"\n]+)", lines)


def _table_status(pattern: str) -> Oracle:
    """`| **Status** | Activated |` in the first rows of a Markdown table at the top, else front matter's status."""
    def read(root: Path) -> Iterator[Written]:
        for relpath, text in _walk(root, pattern):
            head = "\n".join(text.splitlines()[:20])
            front = _front_matter(text)
            yield Written(relpath, (_first(r"^\s*\|\s*\**Status\**\s*\|\s*(.+?)\s*(?:\||$)", head)
                                    or _first(r"^status:\s*['\"]?([^'\"\n]+)", front)), head + "\n" + front)
    return read


def _anywhere(pattern: str) -> Oracle:
    """For a loosely kept log: the first `status: x` line of the first 30 (front matter, `**Status:** x`,
    `## **status:** x`), else the cell under a `Status` column of a table there (`| PIP | ... | Status |`)."""
    def read(root: Path) -> Iterator[Written]:
        for relpath, text in _walk(root, pattern):
            head = text.splitlines()[:30]
            yield Written(relpath, _first(r"^[#*\s]*status\W*:\W*?\s*([^|\n*]+)", "\n".join(head))
                          or _column(head, "status"), "\n".join(head))
    return read


def _column(lines: list[str], name: str) -> str | None:
    for index, line in enumerate(lines[:-2]):
        cells = [cell.strip(" *").casefold() for cell in line.strip().strip("|").split("|")]
        values = lines[index + 2].strip().strip("|").split("|")
        if name in cells and set(lines[index + 1].strip()) <= set("|-: ") and len(values) > cells.index(name):
            return values[cells.index(name)].strip() or None
    return None


@dataclass(frozen=True)
class HeldOut:
    origin: str  # the public repository
    process: str  # the document that says what each word means
    oracle: Oracle
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
    "neps": HeldOut("numpy/numpy (doc/neps)", "NEP 0", _head_field(r"doc/neps/nep-\d+[^/]*\.rst", "Status"), {
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


# Issue 55's fresh check: logs chosen and their oracles and declarations committed before provgraph proposed for them.
LOGS |= {
    # CIP-0000 "CIPs Process": Idea, Draft, Last Call; Accepted (Ring 0-1: decided, client developers to include it),
    # Final, Active; Rejected, Superseded; Abandoned ("no longer pursued", may return to Draft: dormant).
    "celo": HeldOut("celo-org/celo-proposals", "CIP-0000", _front_matter_status(r"CIPs/cip-\d+\.md"), {
        "idea": "UNKNOWN", "draft": "UNKNOWN", "last call": "UNKNOWN", "abandoned": "UNKNOWN", "accepted": "ACTIVE",
        "final": "ACTIVE", "active": "ACTIVE", "rejected": "STALE", "superseded": "STALE"}),
    # README.md "Process": Draft, Withdrawn, Final; Proposal, Active, Withdrawn, Rejected, Obsolete (no translations).
    "nervos": HeldOut("nervosnetwork/rfcs", "README.md, Process", _front_matter_status(r"rfcs/\d{4}-[^/]+/\d{4}-[^/.]+\.md"), {
        "draft": "UNKNOWN", "proposal": "UNKNOWN", "final": "ACTIVE", "active": "ACTIVE", "withdrawn": "STALE",
        "rejected": "STALE", "obsolete": "STALE"}),
    # SIP-1 "SIP status": Draft, Review, Fast Track, Last Call, Stagnant (revivable); Final, Living; Withdrawn.
    "suisips": HeldOut("sui-foundation/sips", "SIP-1, SIP status", _table_status(r"(withdrawn-)?sips/sip-\d+\.md"), {
        "draft": "UNKNOWN", "review": "UNKNOWN", "fast track": "UNKNOWN", "last call": "UNKNOWN", "stagnant": "UNKNOWN",
        "final": "ACTIVE", "living": "ACTIVE", "withdrawn": "STALE"}),
    # SNIP-1: Idea, Draft, Review, Last Call, Stagnant (may be resurrected); Final, Living; Withdrawn (snip-x: a draft).
    "snips": HeldOut("starknet-io/SNIPs", "SNIP-1", _anywhere(r"SNIPS/snip-(?!template)[^/]+\.md"),
                     {word: verdict for word, verdict in _EIP.items() if word != "moved"}),
    # PIP-1: Draft, Review (Peer Review), Last Call; Final (live on mainnet), Continuous (living); Withdrawn. Stagnant
    # is not in PIP-1: as EIP-1, which PIP-1 follows (dormant). PRC-34 (PRC/) is PIP 34, PIP-34 its placeholder.
    "pips": HeldOut("0xPolygon/Polygon-Improvement-Proposals", "PIP-1", _anywhere(r"PIPs/(PIP|PRC/PRC)-\d+\.md"), {
        "draft": "UNKNOWN", "review": "UNKNOWN", "peer review": "UNKNOWN", "last call": "UNKNOWN", "stagnant": "UNKNOWN",
        "final": "ACTIVE", "continuous": "ACTIVE", "withdrawn": "STALE"}),
    # HIP-1: Idea, Draft, Review, Last Call, Council (Hiero) Review, Deferred, Stagnant; Accepted (the Council voted
    # yes), Final, Active; Withdrawn, Rejected, Replaced (superseded by a newer HIP).
    "hips": HeldOut("hashgraph/hedera-improvement-proposal", "HIP-1", _front_matter_status(r"HIP/hip-\d+\.md"), {
        "idea": "UNKNOWN", "draft": "UNKNOWN", "review": "UNKNOWN", "last call": "UNKNOWN", "council review": "UNKNOWN",
        "hiero review": "UNKNOWN", "deferred": "UNKNOWN", "stagnant": "UNKNOWN", "accepted": "ACTIVE", "final": "ACTIVE",
        "active": "ACTIVE", "withdrawn": "STALE", "rejected": "STALE", "replaced": "STALE"}),
    # LIP-0001: Draft, Proposed, Deferred; Final, Active; Rejected, Withdrawn, Replaced (no longer relevant), Obsolete.
    "lips": HeldOut("LiskHQ/lips", "LIP-0001", _head_field(r"proposals/lip-\d+\.md", "Status", 15), {
        "draft": "UNKNOWN", "proposed": "UNKNOWN", "deferred": "UNKNOWN", "final": "ACTIVE", "active": "ACTIVE",
        "rejected": "STALE", "withdrawn": "STALE", "replaced": "STALE", "obsolete": "STALE"}),
}

# Issue 55's second fresh check (s61-heldout): six more logs, oracles and declarations committed before provgraph read them.
def _beps(root: Path) -> Iterator[Written]:
    """The `Status:` line of the preamble (`<pre>` at the top, BEP-1 section 5); the older BEPs, with no preamble,
    state it as a sentence under their `Status` heading (`## 3. Status` / `This BEP is already implemented.`)."""
    for relpath, text in _walk(root, r"BEPs/BEP-?\d+\.md"):
        head = "\n".join(text.splitlines()[:15])
        yield Written(relpath, _first(r"^\s*Status:\s*(.+)$", head)
                      or _first(r"^#+\s*(?:\d+\.\s*)?Status\s*\n\s*This BEP is\s+(.+)$", text), head)


LOGS |= {
    # BEP-1 "BEP Workflow": Draft, Review (vote); Candidate ("review is passed and the BEP is accepted"), Enabled (on
    # mainnet), Living; Stagnant (not updated for 6 months); Withdrawn ("dropped and will not be implemented"). The older
    # BEPs' sentences: "already implemented" (enabled, plain meaning), "a draft"; "under implementation" is no BEP-1 word.
    "beps": HeldOut("bnb-chain/BEPs", "BEP-1, BEP Workflow", _beps, {
        "draft": "UNKNOWN", "review": "UNKNOWN", "stagnant": "UNKNOWN", "candidate": "ACTIVE", "enabled": "ACTIVE",
        "living": "ACTIVE", "withdrawn": "STALE", "already implemented": "ACTIVE", "a draft": "UNKNOWN"}),
    # XLS-0001 "XLS statuses": Idea, Draft; Final, Living; Stagnant ("may be resurrected ... back to Draft"); Deprecated
    # ("no longer supported"), Withdrawn.
    "xls": HeldOut("XRPLF/XRPL-Standards", "XLS-0001, statuses", _anywhere(r"XLS-\d+[^/]*/README\.md"), {
        "idea": "UNKNOWN", "draft": "UNKNOWN", "stagnant": "UNKNOWN", "final": "ACTIVE", "living": "ACTIVE",
        "deprecated": "STALE", "withdrawn": "STALE"}),
    # SIP-000 "SIP Workflow": Draft; Accepted (complete, "ready for ratification"), Recommended, Activation-In-Progress
    # ("tentatively approved", awaiting activation): not yet ratified; Ratified ("remains ratified in perpetuity");
    # Rejected, Obsolete ("may not be ratified"), Replaced ("superseded by a different SIP"), Withdrawn.
    "stacks": HeldOut("stacksgov/sips", "SIP-000, SIP Workflow", _anywhere(r"sips/sip-\d+/sip-[^/]+\.md"), {
        "draft": "UNKNOWN", "accepted": "UNKNOWN", "recommended": "UNKNOWN", "activation-in-progress": "UNKNOWN",
        "ratified": "ACTIVE", "rejected": "STALE", "obsolete": "STALE", "replaced": "STALE", "withdrawn": "STALE"}),
    # TEP-1 (0001-tep-lifecycle): Draft, Review; Active ("accepted by reviewers"); Rejected, Replaced (deprecated, "replaced
    # by" names the new TEP). Implemented is not a TEP-1 word: in force by its plain meaning.
    "teps": HeldOut("ton-blockchain/TEPs", "TEP-1, TEP lifecycle", _bullets(r"text/\d{4}-[^/]+\.md"), {
        "draft": "UNKNOWN", "review": "UNKNOWN", "active": "ACTIVE", "implemented": "ACTIVE", "rejected": "STALE",
        "replaced": "STALE"}),
    # TIP-1: Draft, Proposed (on testnet), Deferred; Active (deployed on mainnet); Withdrawn, Rejected, Replaced (by a newer
    # TIP), Obsolete (the feature deprecated).
    "tips": HeldOut("iotaledger/tips", "TIP-1", _front_matter_status(r"tips/TIP-\d+/tip-\d+\.md"), {
        "draft": "UNKNOWN", "proposed": "UNKNOWN", "deferred": "UNKNOWN", "active": "ACTIVE", "withdrawn": "STALE",
        "rejected": "STALE", "replaced": "STALE", "obsolete": "STALE"}),
    # ECIP-1000 "ECIP Status Field": WIP, Draft, Last Call, Deferred; Accepted, Final, Active (process ECIPs never meant
    # to be completed); Rejected, Withdrawn, Replaced ("no longer relevant"); Superseded by its plain meaning (the header's
    # Superseded-By). The Chinese translation in _specs/zh/ is not a record.
    "ecips": HeldOut("ethereumclassic/ECIPs", "ECIP-1000, ECIP Status Field", _front_matter_status(r"_specs/ecip-\d+\.md"), {
        "wip": "UNKNOWN", "draft": "UNKNOWN", "last call": "UNKNOWN", "deferred": "UNKNOWN", "accepted": "ACTIVE",
        "final": "ACTIVE", "active": "ACTIVE", "rejected": "STALE", "withdrawn": "STALE", "replaced": "STALE",
        "superseded": "STALE"}),
}

LOGS |= {  # a third fresh check (s61-heldout3)
    # DCP-0000 "Status": Defined, Voting, Locked In (the on-chain vote); Active, Failed; Replaced, Obsolete.
    "dcps": HeldOut("decred/dcps", "DCP-0000, Status", _head_field(r"dcp-\d+/dcp-\d+\.mediawiki", "Status", 15), {
        "defined": "UNKNOWN", "voting": "UNKNOWN", "locked in": "UNKNOWN", "active": "ACTIVE", "failed": "STALE", "replaced": "STALE",
        "obsolete": "STALE"}),  # tron's README "statuses": Draft, Last Call, Deferred; Accepted, Final, Active; Abandoned, Rejected, Superseded.
    "trontips": HeldOut("tronprotocol/tips", "README.md, statuses", _head_field(r"tip-\d+\.md", "status", 15), {
        "draft": "UNKNOWN", "last call": "UNKNOWN", "deferred": "UNKNOWN", "accepted": "ACTIVE", "final": "ACTIVE", "active": "ACTIVE",
        "abandoned": "STALE", "rejected": "STALE", "superseded": "STALE"}),
    # CIP-1: Idea, Draft, Review, Last Call, Stagnant; Final, Living; Withdrawn. In Review, Implemented: plain meaning.
    "celestia": HeldOut("celestiaorg/CIPs", "CIP-1, CIP Work Flow", _table_status(r"cips/cip-\d+\.md"), {
        "idea": "UNKNOWN", "draft": "UNKNOWN", "review": "UNKNOWN", "in review": "UNKNOWN", "last call": "UNKNOWN", "stagnant": "UNKNOWN",
        "final": "ACTIVE", "living": "ACTIVE", "implemented": "ACTIVE", "withdrawn": "STALE"}),
    # The README (an implementation-stage SIP's state is its front matter) and the statuses of its site generator
    # (.github/scripts/generate-docs.scala): submitted, under-review, vote-requested, waiting-for-implementation (the
    # design accepted, the implementation not yet voted); accepted, shipped; rejected, withdrawn.
    "scalasips": HeldOut("scala/improvement-proposals", "README.md, generate-docs.scala Status", _front_matter_status(r"content/\d+-[^/]+\.md"), {
        "submitted": "UNKNOWN", "under-review": "UNKNOWN", "vote-requested": "UNKNOWN", "waiting-for-implementation": "UNKNOWN",
        "accepted": "ACTIVE", "shipped": "ACTIVE", "rejected": "STALE", "withdrawn": "STALE"}),
    # README "Status Key" and KIP-0001 "KIP statuses": Draft, In Discussion, Voting Open, Deferred; Approved, Deployed,
    # Final, Active; Rejected, Closed, Withdrawn, Replaced, Obsolete. Accepted (an EIP word by KIP-0001): in force (KIP-0028: no `---`).
    "kips": HeldOut("kadena-io/KIPs", "README.md Status Key, KIP-0001", _head_field(r"kip-\d+(/kip-\d+)?\.md", "Status", 12), {
        "draft": "UNKNOWN", "in discussion": "UNKNOWN", "voting open": "UNKNOWN", "deferred": "UNKNOWN", "approved": "ACTIVE",
        "deployed": "ACTIVE", "final": "ACTIVE", "active": "ACTIVE", "accepted": "ACTIVE", "rejected": "STALE", "closed": "STALE",
        "withdrawn": "STALE", "replaced": "STALE", "obsolete": "STALE"}),
    "vips": HeldOut("vechain/VIPs", "README.md, VIP stages", _front_matter_status(r"vips/VIP-\d+\.md"), {  # Idea, Draft, Stagnant; Accepted,
        "idea": "UNKNOWN", "draft": "UNKNOWN", "stagnant": "UNKNOWN", "accepted": "ACTIVE", "final": "ACTIVE", "rejected": "STALE",
        "withdrawn": "STALE", "superseded": "STALE"}),  # Final; Rejected, Withdrawn, Superseded (`VIP-180-zh_CN`: a translation)
}


def verdict(log: HeldOut, word: str) -> str | None:
    """The verdict of the longest of the log's words that the stated word starts with ("stable in 1.1": stable)."""
    starts = [key for key in log.verdicts if word == key or word.startswith(key + " ")]
    return log.verdicts[max(starts, key=len)] if starts else None


# A record's own metadata naming its successor, or an in-force record naming what it replaces: the authors' statement
# that the record no longer governs, as stated.py counts a PEP's `Superseded-By:` and a kep.yaml's `superseded-by`.
# `requires` is not followed: that a premise no longer holds is provgraph's inference, not the authors' statement.
_SUCCESSION = re.compile(r"^[\s>*#|:`-]*(superseded[-_ ]?by|replaced[-_ ]?by|replaces|supersedes)[*`]*\s*[:|]\s*(.*)$",
                         re.IGNORECASE)
_SUCCESSORS = ("supersededby", "replacedby")


def _successions(head: str) -> dict[str, set[int]]:
    """{'successors': numbers a record names as its successors, 'replaced': numbers it says it replaces}; a YAML
    list under an empty value is read too."""
    named: dict[str, set[int]] = {"successors": set(), "replaced": set()}
    lines = head.splitlines()
    for index, line in enumerate(lines):
        found = _SUCCESSION.match(line)
        if not found:
            continue
        values = [found.group(2)]
        if not found.group(2).strip():
            values += [item.group(1) for item in (re.match(r"\s*-\s+(.+)", rest) for rest in lines[index + 1:index + 20])
                       if item] or []
        text = _LINK.sub(r"\1", " ".join(values)).split("|")[0]
        key = "successors" if re.sub(r"[-_ ]", "", found.group(1).casefold()) in _SUCCESSORS else "replaced"
        named[key] |= {int(number) for number in re.findall(r"\d+", text)}
    return named


def _number(path: str) -> int | None:
    """The record's number in the log: the first in its file name, else in its folder's (`CIP-0001/README.md`)."""
    parts = path.split("/")
    for part in (parts[-1], *reversed(parts[:-1])):
        found = re.search(r"\d+", part)
        if found:
            return int(found.group())
    return None


@dataclass(frozen=True)
class Oracled:
    path: str
    word: str | None  # None: the record states no status
    expected: str | None  # ACTIVE / UNKNOWN / STALE; None: a word the log's process does not define


def judged_by_authors(log: HeldOut, root: Path) -> list[Oracled]:
    """Each record's verdict as its authors state it: its word per the log's process, STALE when its own metadata
    names a successor that is a record of the log, or a record in force by its own word names it in `replaces`."""
    written = list(log.oracle(root))
    numbers = {_number(record.path) for record in written} - {None}
    named = {record.path: _successions(record.head) for record in written}
    replaced: dict[int, int] = {}
    for record in written:
        number = _number(record.path)
        if record.status and verdict(log, stated_word(record.status)) == "ACTIVE":
            replaced |= {old: number for old in named[record.path]["replaced"] if old != number and number is not None}
    result = []
    for record in written:
        if record.status is None:
            result.append(Oracled(record.path, None, None))
            continue
        word, number = stated_word(record.status), _number(record.path)
        if verdict(log, word) == "STALE":
            result.append(Oracled(record.path, word, "STALE"))
        elif named[record.path]["successors"] & numbers - {number}:
            result.append(Oracled(record.path, f"{word} + superseded-by", "STALE"))
        elif number in replaced:
            result.append(Oracled(record.path, f"{word} + replaced by an in-force record", "STALE"))
        else:
            result.append(Oracled(record.path, word, verdict(log, word)))
    return result


def _html_table(pattern: str) -> Oracle:
    """`<tr><td> Status </td><td> Accepted </td></tr>` in an HTML table at the top (conda's CEPs)."""
    return _head_match(pattern, r"<td>\s*Status\s*</td>\s*<td>\s*([^<]*?)\s*</td>", 15)


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
    return _head_match(pattern, r"^\s*\|\s*Status:?\s*\|\s*(.+?)\s*(?:\||$)", 15)


def _indented_field(pattern: str, field: str, lines: int) -> Oracle:
    """`    Status:  Implemented`: an indented (Markdown code block) `name: value` line in the first lines (Perl's
    PPCs, under `## Preamble`)."""
    return _head_match(pattern, rf"^\s+{field}:\s*(.+)$", lines)


LOGS |= {  # a fourth fresh check (s62-heldout4)
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

LOGS |= {  # a fifth fresh check (s62-heldout5)
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


def _aries(root: Path) -> Iterator[Written]:
    """`- Status: [ADOPTED](...)` in an Aries RFC's bullets (the word a link); its head keeps a `Supersedes:` line of
    the Aries RFCs its `Supersedes` bullet links (a relative path to `0036-issue-credential/`, an aries-rfcs URL), not the
    Indy HIPEs and pull requests it names, nor what follows `uses concepts from`, nor a part of one (`Invitation
    Message in [0023-DID-Exchange](...)`: RFC 0023 stays in force)."""
    bullets = _bullets(r"(concepts|features)/\d{4}-[^/]+/README\.md")
    for record in bullets(root):
        value = _first(r"^\s*[*-]\s+Supersedes:\s*(.*)$", record.head) or ""
        value = re.split(r",?\s*uses concepts from|\bin \[", value)[0]
        numbers = re.findall(r"(?:\(\.\./|\(\.\./\.\./|aries-rfcs/(?:blob|tree)/\w+/)(?:(?:concepts|features)/)?(\d{4})-",
                             value)
        yield Written(record.path, record.status, "Supersedes: " + ", ".join(numbers) if numbers else "")


def _grpc(root: Path) -> Iterator[Written]:
    """`* Status: Approved` in a gRFC's bullets; the template's unfilled `{Draft, In Review, ...}` states none,
    `{In Review}` is In Review, and what follows ` {` goes (`In Review {Draft, ...}`)."""
    for relpath, text in _walk(root, r"[AGLP]\d+-[^/]+\.md"):
        head = "\n".join(text.splitlines()[:25])
        status = _first(r"^\s*[*-]\s+\**Status\**\s*:\s*\**(.*)$", head) or ""
        if status.startswith("{"):
            status = "" if "," in status else status.strip("{} ")
        yield Written(relpath, status.split(" {")[0].strip() or None, "")


def _adoc_row(name: str, text: str) -> str | None:
    """An AsciiDoc table's row as JEPs write it: `| Status` on one line, `| Accepted :ok_hand:` on the next."""
    return _first(rf"^\|\s*{name}\s*\n\|\s*(.*)$", text)


def _jep(root: Path) -> Iterator[Written]:
    """A JEP's `.Metadata` table (AsciiDoc, a cell a line): its `Status` cell, emoji codes (`:lock:`) left out; its
    head keeps the `Superseded-By` and `Replaces` rows' JEP numbers (a `//` comment row is no row)."""
    for relpath, text in _walk(root, r"jep/\d+/README\.adoc"):
        head = "\n".join(text.splitlines()[:80])
        status = re.sub(r":\w+:", "", _adoc_row("Status", head) or "").strip()
        lines = [key + ": " + ", ".join(re.findall(r"JEP-(\d+)", _adoc_row(key, head) or ""))
                 for key in ("Superseded-By", "Replaces")]
        yield Written(relpath, status or None, "\n".join(lines))


def _cilium(root: Path) -> Iterator[Written]:
    """A CFP's `**Status:** Implementable` line (or `**Status**:`), or its value on the next line of text, or the
    first line under a `## Status` heading; the template (cfps/) is no record."""
    for relpath, text in _walk(root, r"(cilium|hubble|tetragon)/(.+/)?CFP-[^/]+\.md"):
        lines = text.splitlines()[:40]
        status = None
        for index, line in enumerate(lines):
            found = re.match(r"^(?:\*\*Status:?\*\*:?|#+\s*Status\s*$)\s*(.*)$", line, re.IGNORECASE)
            if found:
                after = [rest.strip() for rest in lines[index + 1:] if rest.strip()]
                status = found.group(1).strip() or (after[0] if after and not after[0].startswith("#") else None)
                break
        yield Written(relpath, status, "")


def _buildpacks(root: Path) -> Iterator[Written]:
    """`- Status: Approved` in an RFC's `# Meta` bullets (`<!-- Acceptable values ... -->` left out); its head keeps
    a `Supersedes:` line of the RFC files its `Supersedes` bullet names (the file `0069-stack-buildpacks` in `text/`,
    by a URL or bare), not the pull requests (`rfcs/pull/25`, `PR#95`)."""
    for record in _bullets(r"text/\d{4}-[^/]+\.md")(root):
        value = _first(r"^\s*[*-]\s+Supersedes:\s*(.*)$", record.head) or ""
        numbers = re.findall(r"(?:^|[/(\s])(\d{4})-[\w.-]+\.md", value)
        status = record.status.split("<!--")[0].strip() if record.status else None
        yield Written(record.path, status or None, "Supersedes: " + ", ".join(numbers) if numbers else "")


LOGS |= {  # a sixth fresh check (s63-heldout6)
    # The README's "RFC Lifecycle": PROPOSED ("a work in progress", not endorsed), DEMONSTRATED (implemented, "not
    # endorsed by the community"), STALLED (no progress, "on the off chance" back to PROPOSED: dormant); ACCEPTED
    # ("the community has decided to polish it"), ADOPTED (a de facto standard); RETIRED (withdrawn or superseded).
    "ariesrfcs": HeldOut("hyperledger/aries-rfcs", "README, RFC Lifecycle", _aries, {
        "proposed": "UNKNOWN", "demonstrated": "UNKNOWN", "stalled": "UNKNOWN", "accepted": "ACTIVE",
        "adopted": "ACTIVE", "retired": "STALE"}),
    # The README, "Process": a proposal merged is "approved" and implemented or ready to implement; the words the
    # records use (the `{Draft, In Review, Ready for Implementation, Implemented}` placeholder's and others) by their
    # plain meaning: Draft, In Review, Proposed undecided; Approved (`Aprroved`: a typo), Ready for Implementation,
    # Implementation in progress, Implemented, Final in force. No record names a successor (`Updated by` amends).
    "grpc": HeldOut("grpc/proposal", "README, Process", _grpc, {
        "draft": "UNKNOWN", "in review": "UNKNOWN", "proposed": "UNKNOWN", "approved": "ACTIVE", "aprroved": "ACTIVE",
        "ready for implementation": "ACTIVE", "implementation in progress": "ACTIVE", "implemented": "ACTIVE",
        "final": "ACTIVE"}),
    # JEP-1 (jep/1), "JEP Workflow" and "Status" in the header's rows: Draft, Deferred ("a JEP editor can re-assign
    # it to draft"); Accepted, Final, Active; Rejected, Withdrawn, Replaced ("rendering the original obsolete").
    "jeps": HeldOut("jenkinsci/jep", "JEP-1, JEP Workflow", _jep, {
        "draft": "UNKNOWN", "deferred": "UNKNOWN", "accepted": "ACTIVE", "final": "ACTIVE", "active": "ACTIVE",
        "rejected": "STALE", "withdrawn": "STALE", "replaced": "STALE"}),
    # The README, "Status": Draft (not merged), Dormant ("can be reactivated at any time"); Implementable ("agreed in
    # principle"), Released [Project] X.Y; Declined ("ultimately rejected").
    "ciliumcfps": HeldOut("cilium/design-cfps", "README, Status", _cilium, {
        "draft": "UNKNOWN", "dormant": "UNKNOWN", "implementable": "ACTIVE", "released": "ACTIVE",
        "declined": "STALE"}),
    # RFC 0094 ("Add Status to RFC Metadata"), "What it is": Draft (not yet approved), On Hold (approved, PRs not
    # accepted, pending discussion: dormant); Approved, Implemented; Superseded ("replaced with another RFC").
    "buildpacks": HeldOut("buildpacks/rfcs", "RFC 0094, What it is", _buildpacks, {
        "draft": "UNKNOWN", "on hold": "UNKNOWN", "approved": "ACTIVE", "implemented": "ACTIVE",
        "superseded": "STALE"}),
    # PLEP-0001, "PLEP status": In preparation, Discussion; Accepted ("come into effect"), Implemented, Informational
    # (an informational PLEP complete); Declined, Superseded ("superseded by PLEP N"), Obsolete. PLEP-0000 (the
    # index) and PLEP-0003 (the committee's members) state none.
    "pleps": HeldOut("PlasmaPy/PlasmaPy-PLEPs", "PLEP-0001, PLEP status",
                     _head_match(r"PLEP-\d{4}\.rst", r"^\|\s*status\s*\|\s*(.+?)\s*\|", 30), {
        "in preparation": "UNKNOWN", "discussion": "UNKNOWN", "accepted": "ACTIVE", "implemented": "ACTIVE",
        "informational": "ACTIVE", "declined": "STALE", "superseded": "STALE", "obsolete": "STALE"}),
}


def _tor(root: Path) -> Iterator[Written]:
    """A Tor proposal's RFC 822 header at the top (`Filename:`, `Title:`, `Status: Closed`, `Supersedes: 112`,
    `Superseded-By: 186-multiple-orports.txt`), up to the first blank line; in a `.md` proposal inside a code fence
    at the top. The head is the header, where a successor is named."""
    for relpath, text in _walk(root, r"proposals/\d{3}-[^/]+\.(txt|md)"):
        lines = text.splitlines()
        if lines and lines[0].startswith("```"):
            lines = lines[1:]
        head: list[str] = []
        for line in lines[:40]:
            if not line.strip() or line.startswith("```"):
                break
            head.append(line)
        yield Written(relpath, _first(r"^Status:[ \t]*(\S.*)$", "\n".join(head)), "\n".join(head))


def _powershell(root: Path) -> Iterator[Written]:
    """A PowerShell RFC's front matter (`RFC: 0007`, `Status: Rejected`, `SupercededBy: RFC0037`, the log's
    spelling, kept in the head as `Superseded-By:`), in the status folders and at the root (RFC0000, the process)."""
    for relpath, text in _walk(root, r"((Archive/)?[\w-]+/)?RFC\d{4}-[^/]+\.md"):
        head = _front_matter(text.lstrip("\ufeff"))  # RFC0056 opens with a byte-order mark
        successor = _first(r"^Supe[rs]{1,2}[ec]dedBy:[ \t]*(\S.*)$", head) or ""
        yield Written(relpath, _first(r"^Status:[ \t]*(\S.*)$", head),
                      "Superseded-By: " + ", ".join(re.findall(r"RFC\s*(\d{4})", successor)) if successor else "")


def _crossplane(root: Path) -> Iterator[Written]:
    """A Crossplane design document's `* Status: Accepted, revision 1.0` bullet under its `#` title (before the
    first `##`), in design/ and design/defunct/; no document names a successor."""
    for record in _bullets(r"design/(defunct/)?(?!README)[^/]+\.md")(root):
        yield Written(record.path, record.status, "")


def _moj(root: Path) -> Iterator[Written]:
    """An MoJ Cloud Platform ADR's `## Status` section: its first line of text (`✅ Accepted`, `⌛️ Superseded by
    [036. Multi-cluster](...)`), the emoji the README's key gives each word left out; the
    successor a `Superseded by` line links is kept in the head. The four security ADRs kept privately (028-031)
    have no Status section: they state none."""
    return _emoji_status(root, r"architecture-decision-record/\d{3}-[^/]+\.md", r"superseded by\s*(.*)")


def _emoji_status(root: Path, files: str, superseded: str) -> Iterator[Written]:
    """The first line of text under `## Status`, an emoji key's marks left out; the successor a `superseded` line
    names kept in the head."""
    for relpath, text in _walk(root, files):
        found = re.search(r"^##\s*Status\s*\n(.*?)(?=^#|\Z)", text, re.MULTILINE | re.DOTALL)
        lines = [line.strip() for line in (found.group(1) if found else "").splitlines() if line.strip()]
        status = re.sub(r"^[^\w\[]+", "", lines[0]) if lines else ""
        successor = re.match(superseded, status, re.IGNORECASE)
        yield Written(relpath, status or None, "Superseded-By: " + successor.group(1) if successor else "")


def _gep(root: Path) -> Iterator[Written]:
    """A GEP's `metadata.yaml` beside its index page (`status: Standard`): the overview's "GEP metadata file", kept
    up to date as the GEP changes (the index page's `* Status:` bullet lags it in GEP-1651 and GEP-3567). Every GEP a
    `relationships: obsoletedBy:` names is Declined itself. GEP-696 is the template (its index page's status the
    list of every state): no record."""
    for relpath, _text in _walk(root, r"geps/gep-(?!696/)\d+/index\.md"):
        sidecar = (root / relpath).with_name("metadata.yaml")
        meta = sidecar.read_text(encoding="utf-8") if sidecar.is_file() else ""
        yield Written(relpath, _first(r"^status:[ \t]*['\"]?([^'\"\n]+)", meta), "")


def _libp2p(root: Path) -> Iterator[Written]:
    """A libp2p spec's lifecycle table under its title (`| Lifecycle Stage | Maturity | Status | Latest Revision |`
    over `| 3A | Recommendation | Active | r5, ... |`): its maturity level and status together, `recommendation /
    active`, as the framework's document header writes them (`1A – Working Draft / Active`)."""
    for relpath, text in _walk(root, r"(?!_archive/)[^/]+/(.+/)?[^/]+\.md|00-framework-[^/]+\.md"):
        lines = text.splitlines()[:40]
        status = None
        for index, line in enumerate(lines[:-2]):
            if "lifecycle stage" in line.casefold() and line.lstrip().startswith("|"):
                cells = [cell.strip() for cell in lines[index + 2].strip().strip("|").split("|")]
                status = f"{cells[1]} / {cells[2]}" if len(cells) > 2 else None
                break
        yield Written(relpath, status, "")


LOGS |= {  # a seventh fresh check (s63-heldout7)
    # 001-process (proposals/), "Proposal status": Open ("under discussion"), Draft, Needs-Revision, Needs-Research,
    # Dead ("can become Open again"), Reserve ("might want to resurrect it some day"); Accepted ("we intend to
    # implement it"), Finished (implemented), Closed (implemented and merged into the specification), Informational
    # ("the last word on what it's doing"), Meta ("a document about proposals": the process, the index, in force);
    # Rejected, Obsolete ("superseded by another proposal"); Superseded (no 001 word) by its plain meaning.
    "torprops": HeldOut("torproject/torspec (proposals)", "proposal 001, Proposal status", _tor, {
        "open": "UNKNOWN", "draft": "UNKNOWN", "needs-revision": "UNKNOWN", "needs-research": "UNKNOWN",
        "dead": "UNKNOWN", "reserve": "UNKNOWN", "accepted": "ACTIVE", "finished": "ACTIVE", "closed": "ACTIVE",
        "informational": "ACTIVE", "meta": "ACTIVE", "rejected": "STALE", "obsolete": "STALE",
        "superseded": "STALE"}),
    # RFC0000 (the process, v2.0), "RFC Workflow": Draft; Experimental (an experimental implementation approved, the
    # Committee still to vote to merge or reject: pending); Accepted, Final ("fully complete and implemented");
    # Rejected, Withdrawn. Draft-Accepted (v1.4 of RFC0000, 0fe4df7): "voted to accept the RFC as a Draft", no one
    # implementing it: accepted, in force.
    "psrfcs": HeldOut("PowerShell/PowerShell-RFC", "RFC0000, RFC Workflow (v2.0; v1.4 for Draft-Accepted)",
                      _powershell, {
        "draft": "UNKNOWN", "experimental": "UNKNOWN", "draft-accepted": "ACTIVE", "accepted": "ACTIVE",
        "final": "ACTIVE", "rejected": "STALE", "withdrawn": "STALE"}),
    # design/README, "document status": Speculative (explores an idea, not yet proposing), Draft ("strive toward
    # acceptance"); Accepted ("the current or impending state of the codebase"); Defunct (never accepted, or no
    # longer reflective of the codebase). Proposed and Approved (no README word) by their plain meaning.
    "crossplane": HeldOut("crossplane/crossplane (design)", "design/README, document status", _crossplane, {
        "speculative": "UNKNOWN", "draft": "UNKNOWN", "proposed": "UNKNOWN", "accepted": "ACTIVE",
        "approved": "ACTIVE", "defunct": "STALE"}),
    # architecture-decision-record/README, "Statuses": Proposed; Accepted, Amended; Rejected, Superseded (ADR 000:
    # "mark it as superseded ... no longer the decision"). Incomplete (no README word) by its plain meaning: undecided.
    "mojadrs": HeldOut("ministryofjustice/cloud-platform (architecture-decision-record)",
                       "the ADR folder's README, Statuses; ADR 000", _moj, {
        "proposed": "UNKNOWN", "incomplete": "UNKNOWN", "accepted": "ACTIVE", "amended": "ACTIVE",
        "rejected": "STALE", "superseded": "STALE"}),
    # The GEP overview (site content, geps/overview), "GEP States": Provisional (goals agreed, details not yet),
    # Prototyping, Deferred ("may be revisited"); Implementable (goals and details "have consensus"), Experimental,
    # Standard, Completed (implemented), Memorandum (an agreement or a process update: "a single stage - Accepted"),
    # Accepted; Declined ("ultimately rejected"; an obsoleted GEP "is moved to the Declined state"), Withdrawn.
    "geps": HeldOut("kubernetes-sigs/gateway-api (geps)", "the GEP overview, GEP States", _gep, {
        "provisional": "UNKNOWN", "prototyping": "UNKNOWN", "deferred": "UNKNOWN", "implementable": "ACTIVE",
        "experimental": "ACTIVE", "standard": "ACTIVE", "completed": "ACTIVE", "memorandum": "ACTIVE",
        "accepted": "ACTIVE", "declined": "STALE", "withdrawn": "STALE"}),
    # 00-framework-01-spec-lifecycle, "Maturity levels" and statuses: a Working Draft is "under development" (Active:
    # pending), a Candidate Recommendation "technically complete", a Recommendation "the supreme stage" (Active: in
    # force); Deprecated ("no longer applicable"), Terminated (a Working Draft that "aged without amassing consensus").
    "libp2p": HeldOut("libp2p/specs", "00-framework-01-spec-lifecycle, Maturity levels and statuses", _libp2p, {
        "working draft / active": "UNKNOWN", "working draft / terminated": "STALE",
        "candidate recommendation / active": "ACTIVE", "candidate recommendation / deprecated": "STALE",
        "recommendation / active": "ACTIVE", "recommendation / deprecated": "STALE",
        "terminated / deprecated": "STALE"}),  # connections/simopen: `| 1T | Terminated | Deprecated |`
}


def _mapserver(root: Path) -> Iterator[Written]:
    """A MapServer RFC's field list under its title (`:Status: Adopted on 2011-01-17`, `:Status: Superseded by
    :ref:`rfc23``); RFC 7 keeps `:Status: Adopted` but says in the note right under its fields "This RFC is superseded
    by RFC 7.1" (which says it obsoletes RFC 7): its authors' statement, read as its status."""
    for relpath, text in _walk(root, r"en/development/rfc/ms-rfc-[^/]+\.txt"):
        head = "\n".join(text.splitlines()[:40])
        status = _first(r"^:Status:[ \t]*(\S.*)$", head)
        note = _first(r"^\s+(This RFC is superseded by .+)$", head)
        yield Written(relpath, note.replace("`", "") if note and status else status, "")


def _bazel(root: Path) -> Iterator[Written]:
    """A Bazel design's front matter `status: Approved` (`[Implemented](commit URL)`, `To be reviewed (issue URL)`), or,
    in the one design whose front matter is never closed, the `**Status**: Draft` line under its title. template.md
    (its `status: To be reviewed` the template's) is no record."""
    status = r"^(?:\*\*)?status(?:\*\*)?[ \t]*:(?:\*\*)?[ \t]*(\S.*)$"
    return _head_match(r"designs/(?!template\.md)[^/]+\.md", status, 25)(root)


def _sentry(root: Path) -> Iterator[Written]:
    """A Sentry RFC's bullets at the top (`* RFC Status: approved` or `- RFC Status: draft`, under a `#` title in some);
    `-` (the workflow RFC's own, 0036's) states none."""
    for relpath, text in _walk(root, r"text/\d{4}-[^/]+\.md"):
        status = _first(r"^\s*[*-]\s+RFC Status:[ \t]*(.*)$", "\n".join(text.splitlines()[:20]))
        yield Written(relpath, status if status and status.strip("- ") else None, "")


LOGS |= {  # a ninth fresh check (s64-heldout9)
    # MS RFC 23 (Technical Steering Committee Guidelines, which superseded RFC 1): a proposal is "accepted" or "passes"
    # by vote, or its proposer is "withdrawing" it; the RFCs' own words by that and their plain meaning: Draft,
    # Discussion Draft, Proposed, Planning, Pending, Development (no vote yet: RFC 32, 36 "Voting History: None")
    # undecided; Adopted, Passed, Accepted, Implemented, Completed, Complete, Done in force; Withdrawn, Abandoned,
    # Superseded no longer.
    "mapserver": HeldOut("MapServer/MapServer-documentation (en/development/rfc)", "MS RFC 23, the PSC's voting",
                         _mapserver, {
        "draft": "UNKNOWN", "discussion draft": "UNKNOWN", "proposed": "UNKNOWN", "planning": "UNKNOWN",
        "pending": "UNKNOWN", "development": "UNKNOWN", "adopted": "ACTIVE", "passed": "ACTIVE", "accepted": "ACTIVE",
        "implemented": "ACTIVE", "completed": "ACTIVE", "complete": "ACTIVE", "done": "ACTIVE", "withdrawn": "STALE",
        "abandoned": "STALE", "superseded": "STALE", "this rfc is superseded by": "STALE"}),
    # The README's "State diagram of the design process": Draft, Under review; Approved, Implemented (success);
    # Dropped (failure). "To be reviewed" (no diagram word) by its plain meaning: awaiting review, undecided.
    "bazel": HeldOut("bazelbuild/proposals (designs)", "README, State diagram of the design process", _bazel, {
        "draft": "UNKNOWN", "under review": "UNKNOWN", "to be reviewed": "UNKNOWN", "approved": "ACTIVE",
        "implemented": "ACTIVE", "dropped": "STALE"}),
    # the adrs folder's README, "Status Types": "accepted", "rejected", "superseded by `doc`" (review happens in the PR);
    # Nygard's "proposed" (the README quotes his four) undecided; Approved (no README word) by its plain meaning.
    "rke2": HeldOut("rancher/rke2 (the adrs folder in docs)", "the adrs folder's README, Status Types", _status_section(
        r"docs/adrs/\d{3}-[^/]+\.md"), {
        "proposed": "UNKNOWN", "accepted": "ACTIVE", "approved": "ACTIVE", "rejected": "STALE", "superseded": "STALE"}),
    # ADR 1 adopts Nygard's conventions; the ADR template in docs/, Status: "proposed, accepted, rejected, deprecated,
    # superseded"; Approved ("Approved by @x, @y") by its plain meaning. "Discussed by ..." (ADR 9) and "Ongoing."
    # (ADR 42) are no template word: left out.
    "zooniverse": HeldOut("zooniverse/front-end-monorepo (docs/arch)", "ADR 1; the ADR template in docs/, Status",
                          _status_section(r"docs/arch/adr-\d+\.md"), {
        "proposed": "UNKNOWN", "accepted": "ACTIVE", "approved": "ACTIVE", "rejected": "STALE",
        "deprecated": "STALE", "superseded": "STALE"}),
    # the ADR template in docs/adr, Status: "proposed, accepted, rejected, deprecated, superseded" (Nygard's, as the
    # README says).
    "wikibase": HeldOut("wikimedia/mediawiki-extensions-Wikibase (docs/adr)", "NNNN-adr-template.md, Status",
                        _status_section(r"docs/adr/\d{4}[-_][^/]+\.md"), {
        "proposed": "UNKNOWN", "accepted": "ACTIVE", "rejected": "STALE", "deprecated": "STALE",
        "superseded": "STALE"}),
    # 0001-workflow, "Status": draft; active ("supposed to be followed"), approved ("the approver ... approved the
    # decision"); withdrawn, replaced. Decided (a DACI decided), implementation, done (no workflow word) by their
    # plain meaning: in force.
    "sentry": HeldOut("getsentry/rfcs (text)", "0001-workflow, Status", _sentry, {
        "draft": "UNKNOWN", "active": "ACTIVE", "approved": "ACTIVE", "decided": "ACTIVE", "implementation": "ACTIVE",
        "done": "ACTIVE", "withdrawn": "STALE", "replaced": "STALE"}),
}


def _rskip(root: Path) -> Iterator[Written]:
    """An RSKIP's front matter `status: Adopted`, else the `|**Status**     |Draft |` row of the table under its
    title (the older RSKIPs have only the table, the newest only front matter); the template is no record."""
    for relpath, text in _walk(root, r"IPs/RSKIP\d+\.md"):
        head = "\n".join(text.splitlines()[:30])
        status = (_first(r"^status:\s*['\"]?([^'\"\n]+)", _front_matter(text))
                  or _first(r"^\s*\|\s*\*\*Status\*\*\s*\|\s*(.+?)\s*(?:\||$)", head))
        yield Written(relpath, status, head)


def _oep_row(name: str, lines: list[str]) -> str | None:
    """An OEP's header row, `| Status | Accepted |` in an RST grid table or `* - Status` over `  - Accepted` in a
    `.. list-table::` (the OEPs use both)."""
    for index, line in enumerate(lines):
        found = re.match(rf"^\|\s*`?{name}`?\s*\|\s*(.*?)\s*\|\s*$", line)
        if found:
            return found.group(1) or None
        if re.match(rf"^\s*\*\s+-\s+{name}\s*$", line) and index + 1 < len(lines):
            value = re.match(r"^\s*-\s+(.*)$", lines[index + 1])
            return value.group(1).strip() if value else None
    return None


def _oep(root: Path) -> Iterator[Written]:
    """An OEP's header table under its title (the first 80 lines): its Status row; its head keeps the `Replaces` and
    `Replaced-By` rows as lines. The ADRs in an OEP's `decisions/` folder are another log."""
    for relpath, text in _walk(root, r"oeps/[a-z-]+/oep-\d{4}[^/]*\.rst"):
        lines = text.splitlines()[:80]
        head = [f"{key}: {value}" for key in ("Replaces", "Replaced-By") if (value := _oep_row(key, lines))]
        yield Written(relpath, _oep_row("Status", lines), "\n".join(head))


def _cypher(root: Path) -> Iterator[Written]:
    """A CIP's status is the folder it sits in (cip/1.adopted/, cip/2.testable/), as cip/README.adoc describes them;
    the files state no status field (one keeps an old `:Status: Accepted` attribute)."""
    for relpath, _text in _walk(root, r"cip/\d\.[a-z]+/CIP[^/]+\.adoc"):
        yield Written(relpath, relpath.split("/")[1].split(".", 1)[1], "")


LOGS |= {  # an eighth fresh check (s64-heldout8)
    # The README's "RSKIP status terms": Draft ("open for consideration"), Deferred ("may be reconsidered"); Active
    # (implementation completed and accepted), Accepted ("planned for immediate adoption"), Adopted ("adopted in a
    # previous reference client release"); Rejected, Withdrawn, Superseded.
    "rskips": HeldOut("rsksmart/RSKIPs", "README.md, RSKIP status terms", _rskip, {
        "draft": "UNKNOWN", "deferred": "UNKNOWN", "active": "ACTIVE", "accepted": "ACTIVE", "adopted": "ACTIVE",
        "rejected": "STALE", "withdrawn": "STALE", "superseded": "STALE"}),
    # ADR-1 (the ADR process, in content/), the statuses under the process chart: Idea, Draft, Review, Last Call,
    # Stagnant ("may be resurrected"); Final, Living ("continually updated"); Withdrawn ("has finality"), Deprecated
    # ("obsolete or no longer relevant"). `LastCall` is the README's spelling.
    "dcladrs": HeldOut("decentraland/adr", "ADR-1, statuses", _front_matter_status(r"content/ADR-\d+[^/]*\.md"), {
        "idea": "UNKNOWN", "draft": "UNKNOWN", "review": "UNKNOWN", "last call": "UNKNOWN", "lastcall": "UNKNOWN",
        "stagnant": "UNKNOWN", "final": "ACTIVE", "living": "ACTIVE", "withdrawn": "STALE", "deprecated": "STALE"}),
    # OEP-1, "OEP Status": Draft, Under Review, Deferred ("can change it back"), Provisional ("not yet fully
    # Accepted"); Accepted, Final, Needs Revision (stays relevant, "requires some renewed attention"); Replaced
    # ("superseded by a different OEP"), Obsolete. Approved (no OEP-1 word) by its plain meaning.
    "oeps": HeldOut("openedx/open-edx-proposals", "OEP-1, OEP Status", _oep, {
        "draft": "UNKNOWN", "under review": "UNKNOWN", "deferred": "UNKNOWN", "provisional": "UNKNOWN",
        "accepted": "ACTIVE", "final": "ACTIVE", "approved": "ACTIVE", "needs revision": "ACTIVE",
        "replaced": "STALE", "obsolete": "STALE"}),
    # The stages page (stages.html, removed in e7884fcd; its words stay in the records): 0 Strawperson (the premise
    # not obviously useless), 1 Draft (the premise accepted, "commits to considering"); 2 Candidate (the definitions
    # "comprehensively model the addition", committed to the schema as beta), 3 Finished (GA); X Abandoned ("will no
    # longer advance"). the rfcs folder's process document now: a single Proposal stage, merged "on approval": in force.
    "ecsrfcs": HeldOut("elastic/ecs (rfcs/text)", "stages.html (at e7884fcd^); the rfcs folder's process document",
                       _head_match(r"rfcs/text/\d{4}-[^/]+\.md", r"^(?:[-*]\s+)?Stage:\s*\**\s*([^*<\n]+)", 10), {
        "0": "UNKNOWN", "1": "UNKNOWN", "2": "ACTIVE", "3": "ACTIVE", "x": "STALE", "proposal": "ACTIVE"}),
    # cip/README.adoc, "The CIP Lifecycle": Adopted ("adopted to openCypher"), Testable (with "a sufficient set of TCK
    # scenarios"; CIP-PROCESS.adoc: reviewed, then "adopted or not"): both in the specification, in force.
    "opencypher": HeldOut("opencypher/openCypher (cip)", "cip/README.adoc, The CIP Lifecycle", _cypher, {
        "adopted": "ACTIVE", "testable": "ACTIVE"}),
    # The README: a BUIP is voted by the members; "To pass, your proposal need to gather a majority ... and at the same
    # time reach the quorum": passed in force, draft not yet voted, rejected / no quorum / withdrawn not in force;
    # closed by its plain meaning, not passed (BUIP007's candidacy closed, BUIP011's passed: its candidate the
    # president). Voted (the membership elections) states no outcome: left out.
    "buips": HeldOut("BitcoinUnlimited/BUIP", "README.md (To pass ...)", _indented_field(r"\d{3}\.md", "Status", 8), {
        "draft": "UNKNOWN", "passed": "ACTIVE", "rejected": "STALE", "no quorum": "STALE", "withdrawn": "STALE",
        "closed": "STALE"}),
}


def _odh(root: Path) -> Iterator[Written]:
    """An Open Data Hub ADR's key-value table under its title (`| Status | Approved |`, `| **Status** | Proposed |`);
    the template (ADR 0000, its `Approved` the template's) is no record."""
    return _head_match(r"architecture-decision-records/(.+/)?ODH-ADR-(?!0000-template)[^/]+\.md",
                       r"^\s*\|\s*\**Status\**\s*\|\s*(.+?)\s*(?:\||$)", 20)(root)


_EDGEX_ENTRY = re.compile(r"^\s*-\s*\[\s*(\w+)\s*\]\([^)]*\)(?:\s*-\s*(\w+))?", re.MULTILINE)


def _edgex(root: Path) -> Iterator[Written]:
    """An EdgeX ADR's `## Status` section (its first line: `**Approved** (by TSC vote on 3/25/21)`), or, in the newer
    template, its `## Change Log` (`Changelog`): each change a `- [state](PR URL) (date)` line (`- [original](PR) -
    approved (date)` in one), the last one the record's state now. The template's own example lines, inside `<!--
    -->`, state nothing (0030 has only those)."""
    for relpath, text in _walk(root, r"docs_src/design/adr/(.+/)?\d+-[^/]+\.md"):
        section = re.search(r"^#+\s*Status\s*\n(.*?)(?=^#|\Z)", text, re.MULTILINE | re.DOTALL | re.IGNORECASE)
        lines = [line.strip() for line in (section.group(1) if section else "").splitlines() if line.strip()]
        if lines:
            yield Written(relpath, re.split(r"[(]", lines[0].replace("*", ""), maxsplit=1)[0].strip(), "")
            continue
        log = re.search(r"^#+\s*Change\s*log\s*\n(.*?)(?=^#|\Z)", text, re.MULTILINE | re.DOTALL | re.IGNORECASE)
        changes = re.sub(r"<!--.*?-->", "", log.group(1), flags=re.DOTALL) if log else ""
        entries = [entry.group(2) or entry.group(1) for entry in _EDGEX_ENTRY.finditer(changes)]
        yield Written(relpath, entries[-1] if entries else None, "")


def _openedx_adr(root: Path) -> Iterator[Written]:
    """An Open edX ADR's `Status` section (RST: `Status` over `******`, `======`; Markdown `## Status` in one): its
    first line, markup and what follows a dash or a bracket left out (`**Accepted**`, `Accepted - January 2021`)."""
    heading = r"^(?:Status[ \t]*\n[=*#~^-]{3,}|#+[ \t]*Status)[ \t]*\n(.*?)(?=^\S[^\n]*\n[=*#~^-]{3,}[ \t]*$|^#|\Z)"
    for relpath, text in _walk(root, r"docs/decisions/\d{4}-[^/]+\.(rst|md)"):
        found = re.search(heading, text, re.MULTILINE | re.DOTALL)
        lines = [line.strip() for line in (found.group(1) if found else "").splitlines() if line.strip()]
        word = re.split(r"\s+-\s+|[(]", lines[0].replace("*", ""), maxsplit=1)[0].strip() if lines else None
        yield Written(relpath, word or None, "")


def _madr_bullet(pattern: str) -> Oracle:
    """A MADR's `* Status: accepted` (`- Status:`) line near the top; `superseded by [MADR-077](link to MADR 77)` keeps
    its successor in the head."""
    def read(root: Path) -> Iterator[Written]:
        for relpath, text in _walk(root, pattern):
            status = _first(r"^\s*[*-]\s+\**Status\**\s*:\s*\**(.+?)\**\s*(?:<!--.*)?$", "\n".join(text.splitlines()[:15]))
            successor = re.match(r"superseded by\s*(.*)", status or "", re.IGNORECASE)
            yield Written(relpath, status, "Superseded-By: " + successor.group(1) if successor else "")
    return read


def _moj_mp(root: Path) -> Iterator[Written]:
    """A Modernisation Platform ADR's `## Status` section, as the Cloud Platform's (`✅ Accepted`, `⌛️ Superseded
    [0019](link to ADR 19)`): its first line, the README key's emoji left out."""
    return _emoji_status(root, r"architecture-decision-record/\d{4}-[^/]+\.md", r"superseded(?: by)?\s*(.*)")


LOGS |= {  # a tenth fresh check (s65-heldout10)
    # The ADR template (ADR 0000): "for the Status of new ADRs, please use Approved, since it will be
    # approved by the time it is merged"; its Open Questions section is removed "before transitioning from
    # Draft/Proposed to Accepted"; the README: a reversed decision is marked superseded. Approved, Accepted in force;
    # Draft, Proposed, Review, TBD (to be decided) undecided. "Refinement completed. TP in 3.4" (MR-0001) is no
    # template word: left out.
    "odhadrs": HeldOut("opendatahub-io/architecture-decision-records", "the ADR template (ADR 0000); the README", _odh, {
        "draft": "UNKNOWN", "proposed": "UNKNOWN", "review": "UNKNOWN", "tbd": "UNKNOWN", "approved": "ACTIVE",
        "accepted": "ACTIVE", "superseded": "STALE"}),
    # the design folder's process document, "ADR Review and Approval Process": approved designs are "approved" records; they "may
    # get deprecated" if another design supersedes them; the ADR template's Change Log: "State is one of: pending,
    # approved, amended, deprecated"; the adr folder's README: "proposed, accepted, rejected, deprecated, superseded".
    "edgexadrs": HeldOut("edgexfoundry/edgex-docs (docs_src/design/adr)", "the design process document; the ADR template",
                         _edgex, {
        "pending": "UNKNOWN", "proposed": "UNKNOWN", "approved": "ACTIVE", "accepted": "ACTIVE", "amended": "ACTIVE",
        "rejected": "STALE", "deprecated": "STALE", "superseded": "STALE"}),
    # OEP-19 (Open edX developer documentation; the open-edx-proposals repository), ADRs: "draft if the decision is
    # newly proposed and in active discussion", "provisional" (preliminary, experimental), "accepted once it is agreed
    # upon", "superseded ... if a later ADR changes or reverses the decision"; Proposed by Nygard's meaning: undecided.
    "edxentadrs": HeldOut("openedx/edx-enterprise (docs/decisions)", "OEP-19, Architecture Decision Records",
                          _openedx_adr, {
        "draft": "UNKNOWN", "provisional": "UNKNOWN", "proposed": "UNKNOWN", "accepted": "ACTIVE",
        "superseded": "STALE"}),
    # the adr folder's template: "Status: [proposed | rejected | accepted | deprecated | … | superseded by ADR-0005]" (MADR's);
    # the adr folder's readme: the content follows that template.
    "sylius": HeldOut("Sylius/Sylius (adr)", "the adr folder's template, Status", _madr_bullet(r"adr/\d{4}_\d{2}_\d{2}_[^/]+\.md"), {
        "proposed": "UNKNOWN", "accepted": "ACTIVE", "rejected": "STALE", "deprecated": "STALE",
        "superseded": "STALE"}),
    # the MADR template (000 in the decisions folder): "Status: {rejected | accepted}" ("recommended to have the status as
    # accepted proactively and then to change it if needed"); the madr folder's README lists MADRs by that status;
    # superseded (MADR's "superseded by") by its plain meaning.
    "kuma": HeldOut("kumahq/kuma (docs/madr)", "the MADR template, Status",
                    _madr_bullet(r"docs/madr/decisions/(?!000-)\d{3}-[^/]+\.md"), {
        "accepted": "ACTIVE", "rejected": "STALE", "superseded": "STALE"}),
    # the ADR folder's README, "Statuses": Accepted, Rejected, Proposed, Superseded, Amended (an amended
    # decision stands, as amended).
    "mpadrs": HeldOut("ministryofjustice/modernisation-platform (architecture-decision-record)",
                      "the ADR folder's README, Statuses", _moj_mp, {
        "proposed": "UNKNOWN", "accepted": "ACTIVE", "amended": "ACTIVE", "rejected": "STALE", "superseded": "STALE"}),
}


def _poem(root: Path) -> Iterator[Written]:
    """A POEM's status is the one ticked box of the checklist under `Status:` (or a `## Status` heading) in its
    header: `- [x] Integrated` among `- [ ] Active`, `- [ ] Requesting decision`, ... The template (POEM_template) is no record."""
    return _head_match(r"POEM_\d{3}\.md", r"^\s*[-*]\s*\[[xX]\]\s*(\S[^\n]*?)\s*$", 40)(root)


def _ytep(root: Path) -> Iterator[Written]:
    """A YTEP's `Status` section (RST, `Status` over `------`): its first line cut at the first `.`, `:` or `,`
    (`Completed`, `In-Progress: This has been ...`, `This YTEP is in progress.  Most aspects ...`). Where the
    template's "Status should be one of the following:" was kept, its list's one item is the status (YTEP-0009:
    `#. Implemented in yt-3.0 PR77`); a list of two left in place (YTEP-0015: Proposed, In Progress) states none."""
    section = re.compile(r"^Status\n-{3,}\n(.*?)(?=^\S[^\n]*\n[-=+~^]{3,}\n|\Z)", re.MULTILINE | re.DOTALL)
    for relpath, text in _walk(root, r"source/YTEPs/YTEP-\d{4}\.rst"):
        found = section.search(text)
        lines = [line.strip() for line in found.group(1).splitlines() if line.strip()] if found else []
        if lines and lines[0].startswith("Status should be one of the following"):
            items = [line[2:].strip() for line in lines if line.startswith("#.")]
            lines = items if len(items) == 1 else []
        word = re.split(r"[.:,]", lines[0], maxsplit=1)[0].strip() if lines else None
        yield Written(relpath, word or None, "")


def _chef(root: Path) -> Iterator[Written]:
    """A Chef RFC's front matter (`Status: Accepted`, `Replaced-By: 86`, `Replaces: RFC047, RFC081`): the RFCs at the
    top and the unnumbered drafts in new/ (rfc_closure, `RFC: unassigned`); the template RFC000 shows (new/, rfc-template)
    is no record."""
    return _front_matter_status(r"(new/)?rfc(?!-template)[^/]*\.md")(root)


LOGS |= {  # an eleventh fresh check (s65-heldout11)
    # POEM_000, the states' list: active ("submitted and is currently being discussed"), requesting decision
    # ("ready to be reviewed by the Devs") undecided; accepted ("accepted by the dev team"), integrated ("The
    # associated PR for an accepted POEM has been merged") in force; rejected.
    "poems": HeldOut("OpenMDAO/POEMs", "POEM_000.md, the POEM states", _poem, {
        "active": "UNKNOWN", "requesting decision": "UNKNOWN", "accepted": "ACTIVE", "integrated": "ACTIVE",
        "rejected": "STALE"}),
    # The template (source/YTEP-template.rst), Status: "Proposed, Completed, In Progress, Declined"; source/index.rst,
    # the stages: writing, discussion, then "Implementation and integration, or possibly declination": In Progress is
    # that implementation (YTEP-0001 "largely implemented ... in yt-3.0", YTEP-0032 "mostly finished"), a design
    # acted on: in force. `This YTEP is in progress` / `is proposed` and `Implemented` (YTEP-0009) by the same words;
    # Withdrawn (YTEP-0039) by its plain meaning. YTEP-0017's "Proposed and in completed." reads as proposed (its
    # first word: still to be implemented, "This would only be implemented in yt 3.0"). YTEP-0010's "Open to changes
    # through pull requests." is no template word: left out.
    "ytep": HeldOut("yt-project/ytep (source/YTEPs)", "YTEP-template.rst, Status; index.rst, the stages", _ytep, {
        "proposed": "UNKNOWN", "this ytep is proposed": "UNKNOWN", "completed": "ACTIVE", "implemented": "ACTIVE",
        "in progress": "ACTIVE", "in-progress": "ACTIVE", "this ytep is in progress": "ACTIVE", "declined": "STALE",
        "withdrawn": "STALE"}),
    # RFC 1 (text/0001-rfc-process.rst), "RFC Types and Statuses": Draft, Deferred; Accepted, Final ("once they are
    # implemented"), Active (accepted processes and guidelines); Rejected, Inactive ("abandoned or replaced").
    # Withdrawn (RFC 1003, which RFC 1006 `Supersedes`) by its plain meaning.
    "edgedb": HeldOut("edgedb/rfcs (text)", "RFC 1, RFC Types and Statuses", _indented_field(
        r"text/\d{4}-[^/]+\.rst", "Status", 12), {
        "draft": "UNKNOWN", "deferred": "UNKNOWN", "accepted": "ACTIVE", "final": "ACTIVE", "active": "ACTIVE",
        "rejected": "STALE", "inactive": "STALE", "withdrawn": "STALE"}),
    # RFC000 (rfc000-rfc-process), "RFC Status Reference": Draft ("under discussion"), On Hold ("approved but not
    # currently under development": dormant, a side state off Accepted in its diagram); Accepted ("approved for
    # implementation"), Final ("implemented"); Withdrawn, Replaced ("superseded by another RFC"), Removed ("removed
    # after being accepted"). The README calls the whole process superseded (chef-oss-practices); each RFC's own
    # status is read as it stands.
    "chef": HeldOut("chef-boneyard/chef-rfc", "RFC000, RFC Status Reference", _chef, {
        "draft": "UNKNOWN", "on hold": "UNKNOWN", "accepted": "ACTIVE", "final": "ACTIVE", "withdrawn": "STALE",
        "replaced": "STALE", "removed": "STALE"}),
    # GEP-1 (site/src/site/wiki/GEP-1.adoc), the GEP statuses: Draft ("in discussion"), deferred; Accepted ("ready to
    # be integrated"), Final ("integrated into a released version"); Rejected.
    "groovy": HeldOut("apache/groovy-website (site/src/site/wiki)", "GEP-1, statuses", _head_match(
        r"site/src/site/wiki/GEP-\d+\.adoc", r"^\*Status\*::[ \t]*(\S.*)$", 20), {
        "draft": "UNKNOWN", "deferred": "UNKNOWN", "accepted": "ACTIVE", "final": "ACTIVE", "rejected": "STALE"}),
    # The README: its list is of "accepted proposals", each with its status; "If the HXP is accepted, the core team
    # will work on implementing it": `to be implemented` and `implemented in 4.3.0` in force; `superseded` (HXP-0008,
    # by a compiler pull request) not.
    "haxe": HeldOut("HaxeFoundation/haxe-evolution (proposals)", "README.md, accepted proposals", _bullets(
        r"proposals/\d{4}-[^/]+\.md"), {
        "to be implemented": "ACTIVE", "implemented": "ACTIVE", "superseded": "STALE"}),
}


def _rfd(root: Path) -> Iterator[Written]:
    """An RFD's README in its numbered folder: its front matter `state:`, or in an AsciiDoc RFD (`README.adoc`) the
    `:state:` attribute at its top; the rendered `README.html` beside one is no record."""
    for relpath, text in _walk(root, r"rfd/\d{4}/README\.(md|adoc)"):
        head = _front_matter(text) if relpath.endswith(".md") else "\n".join(text.splitlines()[:10])
        yield Written(relpath, _first(r"^:?state:?:\s*(\S[^\n]*)", head) or None, head)


def _metal3(root: Path) -> Iterator[Written]:
    """A design's `## Status` section, its first line: `One of: implementable` (the template's line with the
    author's choice in place of its list) is that choice, a link its text."""
    for record in _status_section(r"design/(?!_template)(.+/)?[^/]+\.md")(root):
        word = record.status
        if word and word.casefold().startswith("one of"):
            found = re.search(r"^\s*One of:\s*(\S[^\n]*)", record.head, re.MULTILINE | re.IGNORECASE)
            word = found.group(1) if found and "|" not in found.group(1) else None
        yield Written(record.path, word, record.head)


def _ember(root: Path) -> Iterator[Written]:
    """An Ember RFC's front matter `stage:`, a YAML comment after it (`# FIXME: ...`) no part of it."""
    for relpath, text in _walk(root, r"text/\d{4}-[^/]+\.md"):
        head = _front_matter(text)
        stage = _first(r"^stage:\s*([^#\n]*)", head)
        yield Written(relpath, stage.strip() or None if stage else None, head)


def _mongo(root: Path) -> Iterator[Written]:
    """A specification's `- Status: Accepted` bullet under its title (Markdown), or `:Status: Deprecated` in the
    field list of one still in reStructuredText; the `.rst` stubs that point to the Markdown state none."""
    for relpath, text in _walk(root, r"source/(.+/)?[^/]+\.(md|rst)"):
        head = "\n".join(text.splitlines()[:12])
        yield Written(relpath, _first(r"^(?:-|:)[ \t]*Status:?[ \t]*([^\n]*)$", head) or None, head)


LOGS |= {  # a twelfth fresh check (s65-heldout12)
    # The repository's README, "RFD Metadata and State": predraft ("not yet ready for discussion ... a placeholder"),
    # draft ("under active discussion"), publish ("discussion has converged and the document has come to reflect
    # reality rather than propose it"), abandoned ("non-viable ... deliberately never implemented", "should be
    # ignored").
    "joyentrfds": HeldOut("joyent/rfd", "the README, RFD Metadata and State", _rfd, {
        "predraft": "UNKNOWN", "draft": "UNKNOWN", "publish": "ACTIVE", "abandoned": "STALE"}),
    # The design template's Status section lists provisional|implementable|implemented|deferred|rejected|withdrawn|
    # replaced, and its instructions call `provisional` "a working document and subject to change": provisional and
    # deferred not decided; implementable (agreed, to be built) and implemented in force; rejected, withdrawn,
    # replaced not. in-progress (no template word) by its plain meaning: an agreed design being built, in force.
    "metal3": HeldOut("metal3-io/metal3-docs (design)", "the design template, Status", _metal3, {
        "provisional": "UNKNOWN", "deferred": "UNKNOWN", "implementable": "ACTIVE", "implemented": "ACTIVE",
        "in-progress": "ACTIVE", "rejected": "STALE", "withdrawn": "STALE", "replaced": "STALE"}),
    # The README's Stages: Proposed, Exploring ("may still need some more work"); Accepted ("a fully specified
    # RFC ... ready for implementation"), Ready for Release, Released, Recommended; Discontinued ("in conflict with
    # Ember's evolving programming model or ... superseded"), Closed ("will not be moved into the next stage").
    "emberrfcs": HeldOut("emberjs/rfcs (text)", "the README, Stages", _ember, {
        "proposed": "UNKNOWN", "exploring": "UNKNOWN", "accepted": "ACTIVE", "ready-for-release": "ACTIVE",
        "released": "ACTIVE", "recommended": "ACTIVE", "discontinued": "STALE", "closed": "STALE"}),
    # No process document in the repository defines the words; the specifications use them: a spec is "Accepted"
    # once consensus on it is reached (the causal consistency and sessions specifications' Q&A; bulk write's
    # change log, "Update specification status to Accepted"), in force; In progress not yet; Obsolete and
    # Deprecated by their plain meaning, no longer in force.
    "mongospecs": HeldOut("mongodb/specifications (source)", "the specifications' own use of Accepted", _mongo, {
        "accepted": "ACTIVE", "in progress": "UNKNOWN", "obsolete": "STALE", "deprecated": "STALE"}),
    # The ADR index page's "Status definition": Proposed ("actively being written, discussed, and reviewed");
    # Accepted ("ratified ... the current architectural direction"); Rejected ("not adopted"), Deprecated ("no
    # longer valid or recommended"); Superseded by its plain meaning.
    "bwadrs": HeldOut("bitwarden/contributing-docs (docs/architecture/adr)", "the ADR index page, Status definition",
                      _front_matter_status(r"docs/architecture/adr/\d{4}-[^/]+\.md"), {
        "proposed": "UNKNOWN", "accepted": "ACTIVE", "rejected": "STALE", "deprecated": "STALE",
        "superseded": "STALE"}),
    # The ADR folder's README, "Lifecycle": Proposed ("under discussion"), Accepted ("ratified by the team"),
    # Deprecated ("no longer relevant"), Superseded ("replaced by a newer ADR"). adr-000 is the template.
    "otsadrs": HeldOut("onetimesecret/onetimesecret (docs/adr)", "the ADR folder's README, Lifecycle",
                       _front_matter_status(r"docs/adr/adr-\d{3}-[^/]+\.md"), {
        "proposed": "UNKNOWN", "accepted": "ACTIVE", "deprecated": "STALE", "superseded": "STALE"}),
}


def _gds_forms(root: Path) -> Iterator[Written]:
    """A GOV.UK Forms ADR's `## Status` section: its first line, a block quote's `>` and backticks left out (`>
    Accepted`, `` `Rejected` ``, `Superseded by [ADR019 Use Amazon SES](link to ADR 19)`). The template's own line
    kept in place (`> Accepted or Rejected`, over its list of valid statuses) states none; the template (ADRXXX) is no
    record."""
    for relpath, text in _walk(root, r"ADR/ADR\d{3}-[^/]+\.md"):
        found = re.search(r"^##\s*Status\s*\n(.*?)(?=^#|\Z)", text, re.MULTILINE | re.DOTALL)
        lines = [line.strip().lstrip(">").strip() for line in (found.group(1) if found else "").splitlines()]
        lines = [line for line in lines if line]
        status = lines[0].strip("`").strip() if lines else ""
        yield Written(relpath, None if not status or status == "Accepted or Rejected" else status, "")


def _cf_rfc(root: Path) -> Iterator[Written]:
    """A Cloud Foundry RFC's Meta list: `- Status: Accepted` (the template's comment after it, `<!-- Acceptable values:
    Draft, Approved, On Hold, Superseded -->`, left out), `**Status:** Accepted` in one; the archived RFCs too. The
    template (rfc-template) is no record, nor a symbolic link to an RFC under its old name (rfc-0055-domain-scoped-mtls-
    gorouter links to the renamed rfc-0055-identity-aware-routing-for-gorouter: one record)."""
    for relpath, text in _walk(root, r"toc/rfc/(archived/)?rfc-\d+-[^/]+\.md"):
        if (root / relpath).is_symlink():
            continue
        head = re.sub(r"<!--.*?-->", "", "\n".join(text.splitlines()[:15]))
        yield Written(relpath, _first(r"^[-*\s]*\**Status:?\**\s*:?\s*(\w[^\n]*?)\s*$", head), head)


def _valkey(root: Path) -> Iterator[Written]:
    """A Valkey RFC's front matter (`RFC: 4`, `Status: Accepted`); the README is RFC 1 (`Status: Informational`); the
    template (TEMPLATE) is no record; the graph primitives PRFAQ has no front matter (supporting material)."""
    return _front_matter_status(r"(?!TEMPLATE\.md)[^/]+\.md")(root)


LOGS |= {  # a thirteenth fresh check (s65-heldout13)
    # The ADR template (ADRXXX) and the line later ADRs keep under Status: "Valid ADR statuses are: Proposed, Accepted,
    # Rejected, Deprecated, Superseded by ADRzzz, but since we use the GitHub Pull request mechanism to approve ADRs,
    # Proposed isn't applicable"; ADR000 adopts Nygard's ADRs. Proposed undecided; Accepted, Approved (ADR038, by its
    # plain meaning) in force; Rejected, Deprecated, Superseded not.
    "govforms": HeldOut("alphagov/forms (ADR)", "the ADR template, Status; ADR000", _gds_forms, {
        "proposed": "UNKNOWN", "accepted": "ACTIVE", "approved": "ACTIVE", "rejected": "STALE",
        "deprecated": "STALE", "superseded": "STALE", "superseded by": "STALE"}),
    # The enhancement template's metadata: "status: provisional|implementable|implemented|deferred|rejected|withdrawn|
    # replaced"; its text: "View anything marked as provisional as an idea worth exploring in the future, but not
    # accepted as ready to execute. Anything marked as implementable should clearly communicate how an enhancement
    # is coded up and delivered" (the Kubernetes enhancements process it follows, per the README). Provisional,
    # deferred undecided; implementable, implemented in force; rejected, withdrawn, replaced not.
    "ofenh": HeldOut("operator-framework/enhancements", "the enhancement template, status",
                     _front_matter_status(r"enhancements/(?!template\.md|README\.md)[^/]+\.md"), {
        "provisional": "UNKNOWN", "deferred": "UNKNOWN", "implementable": "ACTIVE", "implemented": "ACTIVE",
        "rejected": "STALE", "withdrawn": "STALE", "replaced": "STALE"}),
    # The RFC folder's README, the process: a draft RFC is discussed, then "accepted" or "rejected" after a final
    # comment period and numbered; to change a standard or process a new RFC supersedes it: "change the status of the
    # original RFC to Superseded ... move it into the archived directory"; the template's values: Draft, Approved, On
    # Hold, Superseded. Draft, On Hold undecided; Accepted, Approved in force; Superseded, Rejected not.
    "cfrfcs": HeldOut("cloudfoundry/community (toc/rfc)", "the RFC folder's README; the RFC template, Status", _cf_rfc, {
        "draft": "UNKNOWN", "on hold": "UNKNOWN", "accepted": "ACTIVE", "approved": "ACTIVE", "rejected": "STALE",
        "superseded": "STALE", "superseded by": "STALE"}),
    # The README (RFC 1), its statuses: Proposed ("added but there's no decision about it yet"), Approved ("the core
    # team has made a decision to accept the feature"), Rejected, Informational ("information that is not a feature,
    # like this README file": in force as written). Accepted as Approved, by its plain meaning.
    "valkey": HeldOut("valkey-io/valkey-rfc", "the README (RFC 1), statuses", _valkey, {
        "proposed": "UNKNOWN", "approved": "ACTIVE", "accepted": "ACTIVE", "informational": "ACTIVE",
        "rejected": "STALE"}),
    # The ADR template's Status (`Draft`); the README: records "that need to be agreed at TDDA" (the technical design
    # authority); Nygard's ADRs (adr-tools' numbering and Date line). Draft, Proposed undecided; Accepted, Approved in
    # force; Superseded, Deprecated, Rejected not.
    "ccsadrs": HeldOut("Crown-Commercial-Service/CCS-Architecture-Decision-Records (doc/adr)",
                       "the ADR template, Status; the README", _head_match(
        r"doc/adr/\d{4}-[^/]+\.md", r"^#+\s*Status\s*\n\s*\n?\s*(\w[^\n]*?)\s*$", 12), {
        "draft": "UNKNOWN", "proposed": "UNKNOWN", "accepted": "ACTIVE", "approved": "ACTIVE", "superseded": "STALE",
        "deprecated": "STALE", "rejected": "STALE"}),
    # The README's lists: "In progress", "Implemented and waiting to be released", "Still drafting or not yet
    # implemented", and the implemented ones; the template's `* Status: Draft`. Draft undecided (still drafting);
    # Accepted, Implemented (`Implemented but unreleased`) in force.
    "informie": HeldOut("ganelson/inform-evolution (proposals)", "the README's lists; the proposal template, Status",
                        _bullets(r"proposals/\d{4}-[^/]+\.md"), {
        "draft": "UNKNOWN", "accepted": "ACTIVE", "implemented": "ACTIVE"}),
}


def _bsip(root: Path) -> Iterator[Written]:
    """A BSIP's RFC 822 preamble at the top, indented, in a code fence, or (BSIP 44) as lines ending in a Markdown
    line break `\\`: its `Status:` (the break no part of it), the preamble up to the first heading as its head
    (`Superseded-By: 0038 (partly)`, `Replaces: 0002`)."""
    for relpath, text in _walk(root, r"bsip-\d{4}\.md"):
        head = "\n".join(text.split("\n#", 1)[0].splitlines()[:30])
        yield Written(relpath, _first(r"^[ \t]*Status:[ \t]*([^\\\n]+)", head), head)


def _front_matter_key(pattern: str, key: str) -> Oracle:
    """The front matter's `key:` (an IBC standard's `stage: draft`); a file with none states none."""
    def read(root: Path) -> Iterator[Written]:
        for relpath, text in _walk(root, pattern):
            head = _front_matter(text)
            yield Written(relpath, _first(rf"^{key}:\s*['\"]?([^'\"\n]+)", head), head)
    return read


def _zip_table(root: Path) -> Iterator[Written]:
    """A ZIP's one-row table at the top, `| ZIP | Title | Status | Type | ...` over `| 1 | ... | Implemented | ...`:
    the cell under `Status`."""
    for relpath, text in _walk(root, r"zips/zip-\d+\.md"):
        head = text.splitlines()[:10]
        yield Written(relpath, _column(head, "status"), "\n".join(head))


LOGS |= {  # a fourteenth fresh check (s66-heldout14)
    # BSIP 1 (the process): a BSIP starts as "Draft"; "Once consensus among discussion participants is reached, the
    # status can be switched to accepted", "implemented only if shareholders have approved a corresponding worker or
    # hard fork proposal"; "Deferred" when "no progress is being made" (it can be reassigned to draft); "Rejected"
    # by shareholders; "superseded by a different BSIP, rendering the original obsolete". The template's list: Draft |
    # Accepted | Installed | Voting | Deferred | Rejected | Superseded | Obsoleted; the README lists the protocol
    # BSIPs installed in the chain as `Installed`. Draft, Deferred, Voting (`Up for voting`) undecided; Accepted,
    # Approved and Final (their plain meaning), Installed, and BSIP 40's `Milestone 1 accepted, other Milestones
    # postponed` (a part accepted) in force; Rejected, Superseded, Obsoleted (`Obsoleted by BSIP-0043`) not.
    "bsips": HeldOut("bitshares/bsips", "BSIP 1; the BSIP template's Status list; the README", _bsip, {
        "draft": "UNKNOWN", "deferred": "UNKNOWN", "voting": "UNKNOWN", "up for voting": "UNKNOWN",
        "accepted": "ACTIVE", "approved": "ACTIVE", "final": "ACTIVE", "installed": "ACTIVE",
        "milestone 1 accepted": "ACTIVE", "rejected": "STALE", "superseded": "STALE", "obsoleted": "STALE"}),
    # The ADR template's Status: 'A decision may be "proposed" if it hasn't been agreed upon yet, or "accepted" once
    # it is agreed upon. If a later ADR changes or reverses a decision, it may be marked as "superseded by"', over
    # `{Proposed|Accepted|Rejected|Superseded By XXX}`. Proposed undecided; Accepted in force; Informative (ADR 0009,
    # no template word: a record of how things are, proposing no change) in force as written; Rejected, Superseded
    # not.
    "oasisadrs": HeldOut("oasisprotocol/adrs", "the ADR template, Status", _status_section(
        r"(?!template\.md)\d{4}-[^/]+\.md"), {
        "proposed": "UNKNOWN", "accepted": "ACTIVE", "informative": "ACTIVE", "rejected": "STALE",
        "superseded": "STALE", "superseded by": "STALE"}),
    # SIP-1 (SIP Process), its statuses: Draft ("in development"), Review ("ready for peer review"); Implementation
    # ("being implemented. Only critical changes based on implementation experience are expected": past review, the
    # design settled, in force as a KEP's implementable), Final ("a final standard"), Living ("continually updated and
    # never final", SIP-1 itself); Withdrawn ("This status is final").
    "metamasksips": HeldOut("MetaMask/SIPs", "SIP-1, the SIP statuses", _front_matter_status(r"SIPS/sip-\d+\.md"), {
        "draft": "UNKNOWN", "review": "UNKNOWN", "implementation": "ACTIVE", "final": "ACTIVE", "living": "ACTIVE",
        "withdrawn": "STALE"}),
    # LIP-1 (LIP Purpose and Guidelines), the statuses: WIP, Draft, Last Call undecided; Accepted, Final ("the current
    # state-of-the-art"), Active in force; Superseded not. The LSPs also write Review and RFC (request for comments),
    # no LIP-1 word: by their plain meaning, under review, undecided.
    "lsps": HeldOut("lukso-network/LIPs (LSPs)", "LIP-1, the LIP statuses", _front_matter_status(
        r"LSPs/LSP-\d+-[^/]+\.md"), {
        "wip": "UNKNOWN", "draft": "UNKNOWN", "last call": "UNKNOWN", "review": "UNKNOWN", "rfc": "UNKNOWN",
        "accepted": "ACTIVE", "final": "ACTIVE", "active": "ACTIVE", "superseded": "STALE"}),
    # The README, "ZIP Status": Draft ("not yet ready for submission"), Ready ("ready for review") undecided; Approved
    # ("a finalized version ... any technical changes that were requested have been addressed"; "If the community
    # agrees to include it, the ZIP editors will update the state of your ZIP to 'Approved'"), Implemented ("the Core
    # Devs have decided to implement and release") in force.
    "zilliqazips": HeldOut("Zilliqa/ZIP", "the README, ZIP Status", _zip_table, {
        "draft": "UNKNOWN", "ready": "UNKNOWN", "approved": "ACTIVE", "implemented": "ACTIVE"}),
    # spec/PROCESS (the process document), the stages: Strawman, Draft ("Make the case for the addition ... expects that this proposal will
    # be finalised"), Candidate ("design work is complete and further refinement will require implementation
    # experience") undecided; Finalised ("included in the formal ICS standard set") in force. EXPERIMENTAL (IBC v2's
    # overview), no stage of the process, by its plain meaning undecided. ICS 1: `stage` is the "Current ICS stage".
    # The ICS template (spec/ics-template, `stage: (current process stage)`) is no record.
    "ibcspecs": HeldOut("cosmos/ibc (spec)", "spec/PROCESS.md, the stages; ICS 1", _front_matter_key(
        r"spec/(?!ics-template\.md).+\.md", "stage"), {
        "strawman": "UNKNOWN", "draft": "UNKNOWN", "candidate": "UNKNOWN", "experimental": "UNKNOWN",
        "finalised": "ACTIVE", "finalized": "ACTIVE"}),
}


def _i2p(root: Path) -> Iterator[Written]:
    """An I2P proposal's `.. meta::` directive under its RST title, its options indented: `    :status: Closed`,
    `    :supercededby: 123` (the process record 001's literal block of empty fields further down states none)."""
    return _head_match(r"i2p2www/spec/proposals/\d{3}-[^/]+\.rst", r"^[ \t]+:status:[ \t]*(\S[^\n]*?)\s*$", 15)(root)


def _chip(root: Path) -> Iterator[Written]:
    """A CHIP's preamble table at the top, outer pipes or not: `Status        | Final` under `CHIP Number | 0002` and
    its `:---|:---` rule (a tab in one, CRLF in others)."""
    return _head_match(r"CHIPs/chip-\d{4}\.md", r"^[ \t]*\|?[ \t]*Status[ \t]*\|[ \t]*([^|\n]+?)\s*(?:\||$)", 20)(root)


def _ocm(root: Path) -> Iterator[Written]:
    """An Open Cluster Management enhancement: its text (README.md, or one named for it) and the `metadata.yaml` beside
    it, whose `status:` is the record's (the guidelines' own metadata.yaml is the template); a folder with no
    metadata.yaml states none."""
    for relpath, _text in _walk(root, r"enhancements/sig-[^/]+/[^/]+/[^/]+\.md"):
        sidecar = (root / relpath).parent / "metadata.yaml"
        head = sidecar.read_text(encoding="utf-8") if sidecar.is_file() else ""
        yield Written(relpath, _first(r"^status:[ \t]*(\S[^\n]*?)\s*$", head), head)


def _paas_adr(root: Path) -> Iterator[Written]:
    """A GOV.UK PaaS ADR (Nygard's): the first line under its `# Status` heading (`Status` over `------` in one), near
    its end, after Decision: `Accepted.`, `Superceded by [ADR021](...)`. ADR019 has no Status section."""
    for relpath, text in _walk(root, r"source/architecture_decision_records/ADR\d+-[^/]+\.md"):
        found = re.search(r"^(?:#+[ \t]*Status[ \t]*|Status[ \t]*\n-{3,}[ \t]*)\n(?:[ \t]*\n)*[ \t]*(\S[^\n]*?)[ \t]*$",
                          text, re.MULTILINE | re.IGNORECASE)
        yield Written(relpath, found.group(1) if found else None, "")


LOGS |= {  # a fifteenth fresh check (s66-heldout15)
    # Proposal 001, "Proposal status": Open ("under discussion"), Draft ("not a complete proposal yet"), Needs-Revision,
    # Needs-Research, Dead ("hasn't been touched in a long time ... can become Open again if it gets a new
    # proponent"), Reserve ("might want to resurrect it some day") not decided or dormant; Accepted ("we intend to
    # implement it"), Finished ("accepted and implemented"), Closed ("accepted, implemented, and merged into the main
    # specification"), Meta ("a document about proposals"), Informational ("the last word on what it's doing") in
    # force; Rejected not (superseded proposals "should be Rejected and have their supercededby field set").
    "i2pprops": HeldOut("i2p/i2p.www", "proposal 001, Proposal status", _i2p, {
        "open": "UNKNOWN", "draft": "UNKNOWN", "needs-revision": "UNKNOWN", "needs-research": "UNKNOWN",
        "dead": "UNKNOWN", "reserve": "UNKNOWN", "accepted": "ACTIVE", "finished": "ACTIVE", "closed": "ACTIVE",
        "meta": "ACTIVE", "informational": "ACTIVE", "rejected": "STALE"}),
    # No process document in the repository defines the words; the proposals use them for their own state: Proposed,
    # Proposal, Draft (not yet decided; `Proposed, partially implemented` states Proposed first); Accepted (`Accepted,
    # Implemented in PR #3879`) in force; Deprecated, `Replaced with [migration guide]` by their plain meaning not.
    "cortexprops": HeldOut("cortexproject/cortex (docs/proposals)", "the proposals' own use of the words",
                           _bullets(r"docs/proposals/(?!_index)[^/]+\.md"), {
        "proposed": "UNKNOWN", "proposal": "UNKNOWN", "draft": "UNKNOWN", "accepted": "ACTIVE", "deprecated": "STALE",
        "replaced": "STALE"}),
    # CHIP-0001, "CHIP Status": Idea, Draft, Review, Review (Fast Track), Last Call, Stagnant ("The author may petition
    # the Editor to move the CHIP back"); Final ("finalized and can no longer be modified"), Living ("will never be
    # finalized because changes will occasionally need to be made", CHIP-0001 itself); Withdrawn, Obsolete ("must be
    # replaced").
    "chips": HeldOut("Chia-Network/chips", "CHIP-0001, CHIP Status", _chip, {
        "idea": "UNKNOWN", "draft": "UNKNOWN", "review": "UNKNOWN", "last call": "UNKNOWN", "stagnant": "UNKNOWN",
        "final": "ACTIVE", "living": "ACTIVE", "withdrawn": "STALE", "obsolete": "STALE"}),
    # The guidelines' README (the metadata template's): status "Must be one of provisional, implementable, implemented,
    # deferred, rejected, withdrawn, or replaced"; "View anything marked as provisional as an idea worth exploring in
    # the future, but not accepted as ready to execute. Anything marked as implementable should clearly communicate how
    # an enhancement is coded up and delivered". Provisional, deferred undecided; implementable, implemented (and its
    # misspelling `implemeted`, one record) in force; rejected, withdrawn, replaced not. `provisionable` (one record)
    # is neither of the words and could be either: left out.
    "ocmenh": HeldOut("open-cluster-management-io/enhancements", "the guidelines' README, status", _ocm, {
        "provisional": "UNKNOWN", "deferred": "UNKNOWN", "implementable": "ACTIVE", "implemented": "ACTIVE",
        "implemeted": "ACTIVE", "rejected": "STALE", "withdrawn": "STALE", "replaced": "STALE"}),
    # The manual's index: "Architecture Decision Records (ADR) as described in" Nygard's post (its statuses proposed,
    # accepted, deprecated, superseded). Proposed undecided; Accepted, Approved (one ADR, by its plain meaning) in
    # force; Deprecated, Superseded (spelt `Superceded by`, `Superceeded by` here) not.
    "paasadrs": HeldOut("alphagov/paas-team-manual (source/architecture_decision_records)",
                        "the manual's index, Architecture decision records (Nygard's)", _paas_adr, {
        "proposed": "UNKNOWN", "accepted": "ACTIVE", "approved": "ACTIVE", "deprecated": "STALE",
        "superseded": "STALE", "superceded": "STALE", "superceeded": "STALE"}),
    # The proposal template's `* Status: **Awaiting implementation**` and the README's incubation process (the
    # swift-evolution review its proposals follow): Active Review (`Active Review 28 Oct 2020 ..< 12 Nov 2020`) not yet
    # decided; Accepted (`Accepted as Sandbox Maturity`, `Accepted (Incubating)`), Awaiting implementation,
    # Implemented (`Implementated` in one), Graduated (the last maturity level) in force. 0000-template is no record.
    "sswg": HeldOut("swift-server/sswg (proposals)", "the proposal template, Status; the README, Incubation Process",
                    _bullets(r"proposals/(?!0000)\d{4}-[^/]+\.md"), {
        "active review": "UNKNOWN", "accepted": "ACTIVE", "awaiting implementation": "ACTIVE", "implemented": "ACTIVE",
        "implementated": "ACTIVE", "graduated": "ACTIVE"}),
}


def _nostr(root: Path) -> Iterator[Written]:
    """A NIP's tags under its title: `` `draft` `optional` ``, `` `final` `mandatory` ``; one that also carries
    `` `unrecommended` `` (the README strikes it through: "unrecommended: deprecated in favor of NIP-17") states that;
    NIP-A0 writes `**Status:** Draft` instead. A NIP whose tags are only `` `optional` `` states none."""
    for relpath, text in _walk(root, r"[0-9A-F]{2}\.md"):
        head = text.splitlines()[:15]
        tags = next((line for line in head if re.match(r"`(draft|final)`", line)), None)
        if tags:
            status: str | None = "unrecommended" if "`unrecommended`" in tags else tags.split("`")[1]
        else:
            status = _first(r"^\*\*Status:\*\*\s*(\w+)", "\n".join(head))
        yield Written(relpath, status, "")


def _lido(root: Path) -> Iterator[Written]:
    """A LIP's front matter (`status: Implemented`); LIP-3 writes it as a table instead, its header row the front
    matter's keys (`| lip: | title: | status: | ... |`) over one row of values."""
    for relpath, text in _walk(root, r"LIPS/lip-\d+\.md"):
        head = _front_matter(text)
        yield Written(relpath, _first(r"^status:\s*['\"]?([^'\"\n]+)", head)
                      or _column(text.splitlines()[:5], "status:"), head)


LOGS |= {  # a sixteenth fresh check (s66-heldout16)
    # SIP-1 (the first SIP), its statuses: Draft ("work-in-progress"), Feasibility, SC Review Pending, Vote
    # Pending; Approved ("passed community governance and is now being prioritised for development"), Implemented
    # ("implemented and deployed to mainnet"); Rejected ("failed to reach community consensus").
    "synthetix": HeldOut("Synthetixio/SIPs (content/sips)", "SIP-1, the statuses",
                         _front_matter_status(r"content/sips/sip-\d+\.md"), {
        "draft": "UNKNOWN", "feasibility": "UNKNOWN", "sc review pending": "UNKNOWN", "vote pending": "UNKNOWN",
        "approved": "ACTIVE", "implemented": "ACTIVE", "rejected": "STALE"}),
    # RPIP-1, "RPIP Process": Draft, Review; Final ("a state of finality"), Living ("continually updated"; "Only
    # Final and Living RPIPs are eligible for official adoption"); Stagnant ("may be resurrected": dormant);
    # Withdrawn ("can no longer be resurrected"), Obsolete ("replaced, superseded or removed").
    "rpips": HeldOut("rocket-pool/RPIPs", "RPIP-1, RPIP Process", _front_matter_status(r"RPIPs/RPIP-\d+\.md"), {
        "draft": "UNKNOWN", "review": "UNKNOWN", "stagnant": "UNKNOWN", "final": "ACTIVE", "living": "ACTIVE",
        "withdrawn": "STALE", "obsolete": "STALE"}),
    # LIP-0 and the README, "LIP Statuses": WIP ("still being developed"), Proposed ("ready to be reviewed"),
    # Deferred; Approved ("accepted for implementation"), Implemented ("released to mainnet"); Rejected, Withdrawn,
    # Moribund ("implemented but is now obsolete").
    "lidolips": HeldOut("lidofinance/lido-improvement-proposals (LIPS)", "LIP-0; the README, LIP Statuses", _lido, {
        "wip": "UNKNOWN", "proposed": "UNKNOWN", "deferred": "UNKNOWN", "approved": "ACTIVE", "implemented": "ACTIVE",
        "rejected": "STALE", "withdrawn": "STALE", "moribund": "STALE"}),
    # No document defines the words; the README's "List of LNP/BP standards and proposals" gives each a Status of
    # Draft, Proposal, Final or Rejected, and the preamble copies the BIPs' (`Finalized: not yet`): Draft and
    # Proposal (proposed, not yet final) undecided; Final in force; Rejected not. lnpbp-template is the template.
    "lnpbps": HeldOut("LNP-BP/LNPBPs", "the README's list of standards and proposals, Status",
                      _head_field(r"lnpbp-\d{4}\.md", "Status", 25), {
        "draft": "UNKNOWN", "proposal": "UNKNOWN", "final": "ACTIVE", "rejected": "STALE"}),
    # The README, "Criteria for acceptance in this repository" (a NIP is merged once "fully implemented in at least
    # two clients and one relay"): every NIP there is in force, `draft` (its text may still change; NIP-01, the
    # basic protocol everybody implements, is `draft` `mandatory`) as `final` ("finalize some NIPs we will not going
    # to change anymore", 743e43a8); `unrecommended` (struck through in the README's list: "deprecated in favor
    # of", "superseded by", "try NIP-29 instead") no longer.
    "nostrnips": HeldOut("nostr-protocol/nips", "the README, Criteria for acceptance and its list of NIPs", _nostr, {
        "draft": "ACTIVE", "final": "ACTIVE", "unrecommended": "STALE"}),
    # KIP-1, "KIPs Process": Idea, Draft, Last Call (and Review by its plain meaning) undecided; Accepted ("client
    # developers should consider this KIP for inclusion"), Final ("the current state-of-the-art"), Active ("never
    # meant to be completed", KIP 1) in force; Abandoned ("no longer pursued", may return to Draft: dormant);
    # Rejected, Superseded not.
    "kaiakips": HeldOut("kaiachain/kips (KIPs)", "KIP-1, KIPs Process", _front_matter_status(r"KIPs/kip-\d+\.md"), {
        "idea": "UNKNOWN", "draft": "UNKNOWN", "last call": "UNKNOWN", "review": "UNKNOWN", "abandoned": "UNKNOWN",
        "accepted": "ACTIVE", "final": "ACTIVE", "active": "ACTIVE", "rejected": "STALE", "superseded": "STALE"}),
}


def _ensip(root: Path) -> Iterator[Written]:
    """An ENSIP's front matter keeps its status under a key of its own: `ensip:` over `  created: '2016-04-04'`,
    `  status: final` (indented two or four spaces)."""
    for relpath, text in _walk(root, r"ensips/\d+\.md"):
        head = _front_matter(text)
        yield Written(relpath, _first(r"^\s+status:\s*['\"]?(\w+)", head), head)


def _ark(root: Path) -> Iterator[Written]:
    """An AIP's preamble at the top, in `<pre>`, a code fence or between `---` lines, indented or not, its values in
    emphasis at times (`Status: *Draft*`): the first `Status:` line. A value that still offers the template's choices
    (`*Draft | Active*`, `Draft, Rejected or Active`, AIP-1's `<Draft | Active | Accepted | ...>` cut down) states
    none of its own."""
    for relpath, text in _walk(root, r"AIPS/aip-\d+\.md"):
        head = "\n".join(text.splitlines()[:20])
        status = _first(r"^\s*Status:\s*(.+)$", head)
        yield Written(relpath, None if status and re.search(r"\||\bor\b", status) else status, head)


LOGS |= {  # an eighteenth fresh check (s67-heldout18)
    # The README: "SLIP repository is an extension to Bitcoin Improvement Proposal (BIP) process", its table giving
    # each SLIP a Status of Draft, Accepted, Final or Active, as BIP 1 and 2 use them: Draft undecided; Accepted
    # (BIP 1: accepted, its implementation to be completed), Final, Active (Informational and Process SLIPs never
    # meant to be completed: the registries 0044, 0132, 0173) in force. slip-0000 is the SLIP Template.
    "slips": HeldOut("satoshilabs/slips", "the README (an extension to the BIP process), its table's Status",
                     _head_field(r"slip-(?!0000)\d{4}\.md", "Status", 15), {
        "draft": "UNKNOWN", "accepted": "ACTIVE", "final": "ACTIVE", "active": "ACTIVE", "rejected": "STALE",
        "withdrawn": "STALE", "replaced": "STALE"}),
    # CAIP-1, the front matter's `status: <Draft | Rejected | Review | Last Call | Withdrawn | Final | Superseded>`
    # (EIP-1's workflow): Draft, Review, Last Call not yet decided; Final in force; Rejected, Withdrawn, Superseded
    # ("rendered obsolete by a later document", the `superseded-by` header) not.
    "caips": HeldOut("ChainAgnostic/CAIPs (CAIPs)", "CAIP-1, the status header",
                     _front_matter_status(r"CAIPs/caip-\d+\.md"), {
        "draft": "UNKNOWN", "review": "UNKNOWN", "last call": "UNKNOWN", "final": "ACTIVE", "rejected": "STALE",
        "withdrawn": "STALE", "superseded": "STALE"}),
    # The README, "Submission Checklist": `status` under `ensip` is one of draft, obsolete, final; the template:
    # "Status of the proposal, draft by default, updated by the editors". Draft undecided; final in force (the
    # README: ENSIPs "accepted as standard"); obsolete no longer.
    "ensips": HeldOut("ensdomains/ensips (ensips)", "the README, Submission Checklist; template.md", _ensip, {
        "draft": "UNKNOWN", "final": "ACTIVE", "obsolete": "STALE"}),
    # LIP-1, "LIP Statuses": Draft ("open for consideration"), Last Call, Proposed ("ready to be the subject of a
    # poll") undecided; Accepted ("planned for immediate adoption", the poll said yes), Final ("adopted in a previous
    # protocol upgrade") in force; Rejected (the poll said no), Abandoned ("inactive ... or no longer has a
    # champion"; no way back is given) not.
    "livepeerlips": HeldOut("livepeer/LIPs (LIPs)", "LIP-1, LIP Statuses", _front_matter_status(r"LIPs/LIP-\d+\.md"), {
        "draft": "UNKNOWN", "last call": "UNKNOWN", "proposed": "UNKNOWN", "accepted": "ACTIVE", "final": "ACTIVE",
        "rejected": "STALE", "abandoned": "STALE"}),
    # AIP-1, "Possible AIP Statuses" (BIP-0001's): Draft (and `Draft/WIP`, `Draft / Open Discussion`), Deferred ("can
    # re-assign it to draft") undecided; Accepted, Final, Active ("never meant to be completed") in force, and
    # Implemented (the README's table: the AIPs built, 8, 11, 14-17, 19); Rejected, Withdrawn, Superseded not.
    "arkaips": HeldOut("ArkEcosystem/AIPs (AIPS)", "AIP-1, Possible AIP Statuses; the README's table", _ark, {
        "draft": "UNKNOWN", "draft/wip": "UNKNOWN", "deferred": "UNKNOWN", "accepted": "ACTIVE", "final": "ACTIVE",
        "active": "ACTIVE", "implemented": "ACTIVE", "rejected": "STALE", "withdrawn": "STALE",
        "superseded": "STALE"}),
    # The ADR template's Status: "A decision may be "proposed" if it hasn't been agreed upon yet, or "accepted" once
    # it is agreed upon. If a later ADR changes or reverses a decision, it may be marked as "deprecated" or
    # "superseded""; the Overview page's (intro) table of contents lists Accepted (ADR 010, `Implemented`, among
    # them), Proposed, Rejected and Deprecated ADRs.
    "icsadrs": HeldOut("cosmos/interchain-security (docs/docs/adrs)", "the ADR template's Status; intro.md's contents",
                       _status_section(r"docs/docs/adrs/adr-\d{3}-[^/]+\.md"), {
        "proposed": "UNKNOWN", "accepted": "ACTIVE", "implemented": "ACTIVE", "rejected": "STALE",
        "deprecated": "STALE", "superseded": "STALE"}),
}


def _kubebuilder(root: Path) -> Iterator[Written]:
    """A Kubebuilder design's table at the top, read by its columns: `| Authors | Creation Date | Status | Extra |`
    over a rule and one row (two in the update action's design, both `Implementable`); the first row's Status cell."""
    for relpath, text in _walk(root, r"designs/(?!README\.md|template\.md)[^/]+\.md"):
        head = text.splitlines()[:8]
        yield Written(relpath, _column(head, "status"), "\n".join(head))


def _kueue(root: Path) -> Iterator[Written]:
    """A Kueue KEP's folder: its README.md and the `kep.yaml` beside it, whose `status:` is the record's (a comment
    after it, `replaced  # Replaced by KEP #2076`, left out); the template folder NNNN-template is none. A KEP whose
    folder an implementable or implemented KEP's `replaces:` names is stated replaced, as the convention above reads
    `replaces`: 168-pending-workloads-visibility by 168-2, whose number the folder names share."""
    status = r"^status:[ \t]*([^#\n]*?)\s*(?:#.*)?$"
    heads: dict[str, str] = {}
    for relpath, _text in _walk(root, r"keps/(?!NNNN)[^/]+/README\.md"):
        sidecar = (root / relpath).parent / "kep.yaml"
        heads[relpath] = sidecar.read_text(encoding="utf-8") if sidecar.is_file() else ""
    replaced = {f"keps/{folder}/README.md" for head in heads.values()
                if (_first(status, head) or "") in ("implementable", "implemented")
                for items in re.findall(r"^replaces:[ \t]*\n((?:[ \t]*-.*\n)*)", head, re.MULTILINE)
                for folder in re.findall(r'-\s*"?/keps/([^/"\s]+)', items)}
    for relpath, head in heads.items():
        yield Written(relpath, "replaced" if relpath in replaced else _first(status, head) or None, head)


def _front_matter_indented(pattern: str) -> Oracle:
    """The front matter's `status: implementable` (KEP-style keys), indented in some where an authors list before it
    broke the YAML (`  status: implementable`); an empty `status:`, or no front matter, states none."""
    def read(root: Path) -> Iterator[Written]:
        for relpath, text in _walk(root, pattern):
            head = _front_matter(text)
            yield Written(relpath, _first(r"^[ \t]*status:[ \t]*['\"]?([^'\"\n]*)", head) or None, head)
    return read


def _spinnaker(root: Path) -> Iterator[Written]:
    """A Spinnaker RFC's two-column table under its title: `| **Status** | Proposed |`, or the template's list kept
    with the chosen word emphasised (`_Proposed, Accepted, **Implemented**, Obsolete_`, `*Proposed*, Accepted, ...`):
    that word. The hidden template file is none; the hidden manual judgment navigation RFC (#195) is one all the same."""
    for relpath, text in _walk(root, r"rfc/(?:[^/]+/)?(?!\.template\.md)[^/]+\.md"):
        head = "\n".join(text.splitlines()[:12])
        cell = _first(r"^\s*\|\s*\**Status\**\s*\|\s*(.+?)\s*(?:\||$)", head)
        if cell and "," in cell:
            chosen = re.search(r"\*{1,2}([A-Za-z][A-Za-z ]*?)\*{1,2}", cell.replace("_", ""))
            cell = chosen.group(1) if chosen else None
        yield Written(relpath, cell, head)


LOGS |= {  # a nineteenth fresh check (s67-heldout19): cloud-native and infrastructure proposals and ADRs
    # No document defines the words: the designs README ("Out-of-Date Designs": mark one out of date) and the designs'
    # template, whose table's Status is `Implementable` (KEP-style: approved for implementation). A merged
    # design marked Implementable or Implemented (`partial implemented` in one) is in force.
    "kbdesigns": HeldOut("kubernetes-sigs/kubebuilder (designs)", "the designs README and template, Status", _kubebuilder, {
        "implementable": "ACTIVE", "implemented": "ACTIVE", "partial implemented": "ACTIVE"}),
    # The KEP template's kep.yaml (keps/NNNN-template, the Kubernetes KEP process's): `status: provisional|implementable|
    # implemented|deferred|rejected|withdrawn|replaced`; provisional (being defined) and deferred not decided;
    # implementable ("approved for implementation"), implemented in force; rejected, withdrawn, replaced not. `draft`
    # (3 KEPs) is no template word: by its plain meaning not yet decided.
    "kueuekeps": HeldOut("kubernetes-sigs/kueue (keps)", "the KEP template's kep.yaml, status", _kueue, {
        "provisional": "UNKNOWN", "draft": "UNKNOWN", "deferred": "UNKNOWN", "implementable": "ACTIVE",
        "implemented": "ACTIVE", "rejected": "STALE", "withdrawn": "STALE", "replaced": "STALE"}),
    # ADR 1 ("as described by Michael Nygard": proposed, accepted, deprecated, superseded) and the template (ADR
    # 0): `Pending` until "the decision is approved, set the status to "Approved"". Pending, Proposed
    # undecided; Accepted, Approved in force; Deprecated (`Deprecated (no superseding ADR)`), Superseded not.
    "govukinfra": HeldOut("alphagov/govuk-infrastructure (docs/architecture/decisions)",
                          "ADR 1 (Nygard's) and the template, Status",
                          _status_section(r"docs/architecture/decisions/(?!0000)\d{4}-[^/]+\.md"), {
        "pending": "UNKNOWN", "proposed": "UNKNOWN", "accepted": "ACTIVE", "approved": "ACTIVE",
        "deprecated": "STALE", "superseded": "STALE"}),
    # No document in the repository defines the words; the proposals' front matter copies the Kubernetes KEP
    # template's keys, whose statuses they use: implementable ("approved for implementation"), implemented in force,
    # and by their plain meaning Complete in force, Pending and WIP not yet decided, deprecated not in force.
    "kubeedgeprops": HeldOut("kubeedge/kubeedge (docs/proposals)", "the KEP template's status (the front matter's keys)",
                             _front_matter_indented(r"docs/proposals/.+\.md"), {
        "implementable": "ACTIVE", "implemented": "ACTIVE", "complete": "ACTIVE", "pending": "UNKNOWN",
        "wip": "UNKNOWN", "deprecated": "STALE"}),
    # The proposal template (dated YYYYMMDD, Cluster API's): `status: provisional|experimental|implementable|
    # implemented|deferred|rejected|withdrawn|replaced`; provisional, experimental, deferred not decided; implementable,
    # implemented in force; rejected, withdrawn, replaced not. The files named `-zh` are translations of records.
    "kruiseprops": HeldOut("openkruise/kruise (docs/proposals)", "the proposal template, status",
                           _front_matter_indented(r"docs/proposals/\d{8}-[^/]+(?<!-zh)\.md"), {
        "provisional": "UNKNOWN", "experimental": "UNKNOWN", "deferred": "UNKNOWN", "implementable": "ACTIVE",
        "implemented": "ACTIVE", "rejected": "STALE", "withdrawn": "STALE", "replaced": "STALE"}),
    # The RFC template (a hidden file in the rfc folder): Status is one of "Proposed, Accepted, Implemented, Obsolete" (the chosen one
    # in bold): Proposed undecided; Accepted, Implemented in force; Obsolete not. `In Progress` (one RFC, the website
    # revamp) is none of the four and could be either an RFC still open or one accepted and being done: left out.
    "spinrfcs": HeldOut("spinnaker/governance (rfc)", "the RFC template, Status", _spinnaker, {
        "proposed": "UNKNOWN", "accepted": "ACTIVE", "implemented": "ACTIVE", "obsolete": "STALE"}),
}


def _csharp(root: Path) -> Iterator[Written]:
    """A C# proposal's status is the folder it sits in (the proposals README): directly in proposals/ it is active,
    in inactive/ or rejected/ so, in a language version's folder (`csharp-7.3/`) done. The READMEs (indexes), the
    proposal template and the speclet disclaimer are no proposals."""
    for relpath, _text in _walk(root, r"proposals/(?:[^/]+/)?(?!(?:README|proposal-template|speclet-disclaimer)\.md)"
                                      r"[^/]+\.md"):
        folder = relpath.split("/")[-2]
        yield Written(relpath, "active" if folder == "proposals" else "done" if folder.startswith("csharp-") else folder,
                      "")


def _luma(root: Path) -> Iterator[Written]:
    """A luma.gl RFC's `* **Status**: **Implemented**` bullet under its title, else the first line under its
    `## Status` heading (`Implemented experimentally for WebGPU.`); README.md is the index."""
    for relpath, text in _walk(root, r"dev-docs/RFCs/v[^/]+/[^/]+\.md"):
        lines = text.splitlines()
        head = "\n".join(lines[:20])
        status = _first(r"^\s*[*-]\s+\**Status\**\s*:\s*\**(.+)$", head)
        if status is None and "## Status" in lines:
            status = next((line for line in lines[lines.index("## Status") + 1:] if line.strip()), None)
        yield Written(relpath, status, head)


LOGS |= {  # a seventeenth fresh check (s67-heldout17)
    # rfcs/0000.rst, "PHP-RFC Status Definitions": Draft ("All RFCs begin as drafts"), Voting not yet decided; Unknown
    # ("historic RFCs for which the status could not be automatically determined") not known; Accepted ("approved for
    # implementation"), Active ("in full force"), Implemented ("the code ... is complete") in force; Declined ("failed
    # to receive a 2/3 majority"), Withdrawn ("no longer drafts"; "historically inactive and abandoned draft RFCs"),
    # Superseded ("the new RFC takes precedence") not. 0000 itself is the index, a record (Active), as PEP 0.
    "phprfcs": HeldOut("ramsey/php-rfcs (rfcs, branch old-importer)", "rfcs/0000.rst, PHP-RFC Status Definitions",
                       _head_field(r"rfcs/\d{4}\.rst", "Status", 15), {
        "draft": "UNKNOWN", "voting": "UNKNOWN", "unknown": "UNKNOWN", "accepted": "ACTIVE", "active": "ACTIVE",
        "implemented": "ACTIVE", "declined": "STALE", "withdrawn": "STALE", "superseded": "STALE"}),
    # PIG 1, "PIG status": "draft" (in the writing or discussion phase), "withdrawn" (by the author), "accepted" (by
    # the coordination committee), "rejected" (by the coordination committee).
    "gammapypigs": HeldOut("gammapy/gammapy (docs/development/pigs)", "PIG 1, PIG status",
                           _bullets(r"docs/development/pigs/pig-\d+\.rst"), {
        "draft": "UNKNOWN", "accepted": "ACTIVE", "withdrawn": "STALE", "rejected": "STALE"}),
    # The Foundation Evolution Process document at the root (after swift-evolution's): a Pitch socialises the idea; a
    # proposal under Review (`Review: 2026-05-20...2026-05-27`, `Second review: ...`) awaits the workgroup's
    # decision; "the review manager will update the proposal's state ... to reflect that decision": Accepted
    # (`Accepted as 0.1`, `Accepted; pending implementation`, `Accepted & Implemented`), Approved (`Approved and
    # Implemented`), Implemented in force. 0038 keeps the template's `**Awaiting implementation** or **Awaiting
    # review**`, two choices: left out. 0000-template is no record.
    "sfproposals": HeldOut("swiftlang/swift-foundation (Proposals)", "the Foundation Evolution Process",
                           _bullets(r"Proposals/(?!0000)\d{4}-[^/]+\.md"), {
        "pitch": "UNKNOWN", "review:": "UNKNOWN", "second review:": "UNKNOWN", "accepted": "ACTIVE",
        "approved": "ACTIVE", "implemented": "ACTIVE"}),
    # The proposals folder's README, "Lifetime of a proposal": active ("moving forward through design and
    # implementation toward an upcoming release", not yet done) and inactive ("not currently being prioritized", may
    # be "resurrected") not decided; done ("an implementation has been merged into a release and the feature has been
    # specified", moved to its release's folder) in force; rejected ("not likely to make it into the language at all")
    # not.
    "csharplang": HeldOut("dotnet/csharplang (proposals)", "the proposals README, Lifetime of a proposal", _csharp, {
        "active": "UNKNOWN", "inactive": "UNKNOWN", "done": "ACTIVE", "rejected": "STALE"}),
    # NAP 0, "Review and Resolution": Draft, Provisional ("may still be Rejected or Withdrawn"), Deferred ("no progress
    # is being made") not decided; Accepted, Final ("incorporated into the main source code repository"), Active
    # ("never meant to be completed", NAP 0) in force; Rejected, Withdrawn, Superseded ("rendering the original
    # obsolete") not. template.md and index.md are no records.
    "naps": HeldOut("napari/docs (docs/naps)", "NAP 0, Review and Resolution",
                    _head_match(r"docs/naps/\d+-[^/]+\.md", r"^\s*:Status:\s*(.+)$", 25), {
        "draft": "UNKNOWN", "provisional": "UNKNOWN", "deferred": "UNKNOWN", "accepted": "ACTIVE", "final": "ACTIVE",
        "active": "ACTIVE", "rejected": "STALE", "withdrawn": "STALE", "superseded": "STALE"}),
    # The RFC Guidelines in dev-docs, their status table: Proposed, Draft (`Early Draft`, `Continuous Draft.` by their
    # plain meaning), Pre-Approved ("pre-approved for prototyping"), Review (and `Pending Review`), Deferred ("not to
    # proceed at this time") not decided; Approved ("ready for implementation"), Experimental ("implemented as
    # experimental API"; `Implemented experimentally for WebGPU.`), Implemented (and `Partially Implemented`) in
    # force; Rejected not.
    "lumarfcs": HeldOut("visgl/luma.gl (dev-docs/RFCs)", "the RFC Guidelines, RFC Status", _luma, {
        "proposed": "UNKNOWN", "draft": "UNKNOWN", "early draft": "UNKNOWN", "continuous draft": "UNKNOWN",
        "pre-approved": "UNKNOWN", "review": "UNKNOWN", "pending review": "UNKNOWN", "deferred": "UNKNOWN",
        "approved": "ACTIVE", "experimental": "ACTIVE", "implemented": "ACTIVE", "partially implemented": "ACTIVE",
        "rejected": "STALE"}),
}
