"""A status written as a block quote under a status heading (issue 55, the thirteenth check's GOV.UK Forms ADRs): a
template writes its instruction as a quote (`> Accepted or Rejected` over the valid statuses) and a record that kept
the quote but replaced its text (`> Accepted`) states its status there. Read so by a declaration's `headings` place,
by the `adr` reading and by a proposal. Small samples of our own making, in tmp_path. Pure (no database)."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from proposal_claims import read_as_claims

from provgraph import propose_format
from provgraph.ingest import placeholders
from provgraph.ingest.formats.declaration import declared
from provgraph.ingest.formats.reader import Version, read_record
from provgraph.ingest.markdown import parse_markdown
from provgraph.ingest.records import IngestOptions, Observation

WHEN = datetime(2026, 1, 1, tzinfo=timezone.utc)
TEMPLATE_QUOTE = '> Accepted or Rejected\n>\n> Valid statuses are: "Proposed", "Accepted", "Rejected", "Superseded by X".'
STATUSES = {
    "DR001-keep-logs.md": "> Accepted",
    "DR002-use-a-queue.md": "> Superseded by [DR004 Use a stream](DR004-use-a-stream.md)",
    "DR003-send-mail.md": "Accepted",
    "DR004-use-a-stream.md": "> **Accepted**",
    "DR005-page-on-call.md": TEMPLATE_QUOTE,
    "DR006-cache-pages.md": '> A decision may be "proposed" or "accepted".\n\nRejected',
    "DR007-sign-requests.md": "> On hold",
    "DR008-rotate-keys.md": '> Must be one of "Accepted" or "Rejected", for example:\n>\n>     Accepted\n\n'
                            'Accepted | Rejected',
}


def _write(root: Path) -> None:
    for name, status in STATUSES.items():
        title = name.removesuffix(".md").replace("-", " ")
        (root / name).write_text(f"# {title}\n\nDate: 2024-05-17\n\n## Status\n\n{status}\n\n## Context\n\nWhy {title}.\n"
                                 f"\n## Decision\n\nWe do it.\n", encoding="utf-8")


def _declared_words(root: Path) -> dict[str, str | None]:
    fmt = declared({"records": ["DR*.md"], "metadata": ["headings"], "fields": {"status": "Status"}}, "s")
    found = {}
    for file in sorted(root.glob("*.md")):
        read = read_record(fmt, Version(file.name, WHEN), file.read_bytes(), IngestOptions(store="s"))
        (observation,) = [record for record in read.records if isinstance(record, Observation)]
        found[file.name] = observation.claims[0].declared if observation.claims else None
    return found


EXPECTED = {"DR001-keep-logs.md": "accepted", "DR002-use-a-queue.md": "superseded", "DR003-send-mail.md": "accepted",
            "DR004-use-a-stream.md": "accepted", "DR005-page-on-call.md": None, "DR006-cache-pages.md": "rejected",
            "DR007-sign-requests.md": "on-hold", "DR008-rotate-keys.md": None}


def test_a_quoted_status_alone_under_a_status_heading_is_the_records_and_the_templates_quote_states_none(
        tmp_path: Path) -> None:
    _write(tmp_path)
    assert _declared_words(tmp_path) == EXPECTED


def test_a_quote_is_a_status_only_when_it_holds_one_status_phrase_or_one_ending_in_by_and_what_it_names() -> None:
    assert not placeholders.instruction("> Accepted") and not placeholders.instruction(">  `Rejected`.")
    assert not placeholders.instruction("> Superseded by ADR025") and not placeholders.instruction("> > On hold")
    assert placeholders.instruction("> Accepted or Rejected") and placeholders.instruction("> Accepted | Rejected")
    assert placeholders.instruction("> Accepted decisions are kept here.") and placeholders.instruction(">")
    assert placeholders.instruction("> Lit") and not placeholders.instruction("> Lit", {"lit": "accepted"})
    assert placeholders.instruction(">     Accepted", above="> for example:")  # an example inside a template's quote
    assert placeholders.unquoted(">  > Accepted") == "Accepted"


def test_the_adr_reading_takes_a_quoted_status_alone_and_passes_over_the_templates_quote(tmp_path: Path) -> None:
    _write(tmp_path)
    found = {}
    for file in sorted(tmp_path.glob("*.md")):
        (observation, *_) = parse_markdown(file.name, file.read_bytes(), WHEN, IngestOptions(store="s"))
        assert isinstance(observation, Observation)
        found[file.name] = observation.claims[0].declared if observation.claims else None
    assert found == EXPECTED


def test_a_proposal_reads_a_quoted_status_alone_and_names_only_the_files_that_kept_the_templates_quote(
        tmp_path: Path) -> None:
    _write(tmp_path)
    proposal = propose_format(tmp_path)
    claims = {path: word for path, (_, word) in read_as_claims(proposal, tmp_path).items()}
    assert claims == {path: word for path, word in EXPECTED.items() if word is not None}
    assert proposal.counts.records == 6  # DR005 and DR008 state none
