"""Two defects the nineteenth held-out check found (issue 55, bench/HISTORY.md): Spinnaker's RFCs keep the template's
list of status words with their own in bold (`_Proposed, **Accepted**, Implemented, Obsolete_`), and `plugins-ui`
beside `plugins` is the plugins' UI, no translation. Pure (no database)."""
from __future__ import annotations

from pathlib import Path

from proposal_claims import MD, read_as_claims

from provgraph import propose_format
from provgraph.ingest import placeholders
from provgraph.ingest.formats.proposal.aside import translated

_LIST = "Proposed, Accepted, Implemented, Obsolete"


def _rfc(path: Path, name: str, status: str) -> None:
    path.write_text(f"# {name}\n\n| | |\n|-|-|\n| **Status** | {status} |\n| **RFC #** | [1](https://x.org/1) |\n"
                    f"| **Author(s)** | A. Author |\n\n## Overview\n\nThe design of {name}.\n", encoding="utf-8")


def test_the_one_word_emphasised_in_a_kept_list_of_the_process_words_is_the_status_it_states() -> None:
    assert placeholders.stated("_Proposed, Accepted, **Implemented**, Obsolete_") == "Implemented"
    assert placeholders.stated("_*Accepted*, Proposed, Implemented, Obsolete_") == "Accepted"
    assert placeholders.stated("Proposed, **Accepted**, Implemented, Obsolete") == "Accepted"
    assert placeholders.stated("Draft | **Final** | Withdrawn") == "Final"


def test_a_list_with_no_word_or_two_words_emphasised_states_no_one_word() -> None:
    for kept in (_LIST, f"_{_LIST}_", "**Proposed**, **Accepted**, Implemented, Obsolete", "**Accepted**",
                 "Accepted, **Implemented**"):
        assert placeholders.stated(kept) == kept
    assert placeholders.placeholder(_LIST)


def test_a_record_keeping_the_templates_list_with_its_word_in_bold_is_read_by_that_word(tmp_path: Path) -> None:
    # spinnaker/governance rfc/: `| **Status** | _Proposed, Accepted, **Implemented**, Obsolete_ |`
    statuses = {"java17": "_Proposed, Accepted, **Implemented**, Obsolete_", "halyard": "_Proposed, **Accepted**, "
                "Implemented, Obsolete_", "plugins": "Proposed, **Accepted**, Implemented, Obsolete",
                "artifacts": "_**Proposed**, Accepted, Implemented, Obsolete_", "eol": "Implemented",  # words: accepted
                "lite": "**Proposed**"}
    for name, status in statuses.items():
        _rfc(tmp_path / f"{name}{MD}", name, status)
    claims = read_as_claims(propose_format(tmp_path), tmp_path)
    assert {path: word for path, (_, word) in claims.items()} == {
        f"java17{MD}": "accepted", f"halyard{MD}": "accepted", f"plugins{MD}": "accepted",
        f"artifacts{MD}": "proposed", f"eol{MD}": "accepted", f"lite{MD}": "proposed"}


def test_a_name_ending_in_two_letters_that_name_no_language_is_no_translation() -> None:
    paths = [f"a/{name}{MD}" for name in ("plugins", "plugins-ui", "readme", "readme-fr", "x", "x.zh-CN")]
    assert [translated(path, paths) for path in paths] == [None, None, None, f"a/readme{MD}", None, f"a/x{MD}"]


def test_a_record_named_as_another_with_ui_after_it_is_a_record_not_set_aside(tmp_path: Path) -> None:
    # spinnaker/governance rfc/: plugins-ui (the plugins' UI, Proposed) beside plugins
    for name, status in {"plugins": "Accepted", "plugins-ui": "Proposed", "java17": "Implemented"}.items():
        _rfc(tmp_path / f"{name}{MD}", name, status)
    proposal = propose_format(tmp_path)
    assert "translation" not in proposal.counts.aside and proposal.counts.records == 3
    assert read_as_claims(proposal, tmp_path)[f"plugins-ui{MD}"][1] == "proposed"
