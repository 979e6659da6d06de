"""The twelfth fresh check's defects, each mended as a general rule (issue 55): a word read by its spelling only
when it is a form of a known word, a link reference line never a definition's text, a README stating a status in a
folder of its own a record. Small samples of our own making, in tmp_path."""
from __future__ import annotations

from pathlib import Path

from provgraph import propose_format
from provgraph.ingest.formats.proposal.definitions import definitions
from provgraph.ingest.formats.proposal.words import words


def _read(texts: list[str]) -> dict[str, tuple[str | None, str | None]]:
    return {word.phrase: (word.reads_as, word.unsure) for word in words(texts)}


def test_a_word_sharing_only_its_first_letters_with_a_known_phrase_is_left_unread_with_the_near_phrase_named() -> None:
    read = _read(["publish", "publish", "ready-for-release"])
    assert read["publish"][0] is None and "'public review'" in str(read["publish"][1])
    assert read["ready-for-release"][0] is None


def test_a_word_that_is_a_form_of_a_known_word_is_read_as_that_word_and_marked() -> None:
    read = _read(["accepting", "implementation", "rejection", "deferring"])
    assert {phrase: reading for phrase, (reading, _) in read.items()} == {
        "accepting": "accepted", "implementation": "accepted", "rejection": "rejected", "deferring": "on-hold"}
    assert all("form of" in str(unsure) for _, unsure in read.values())


def test_a_link_reference_line_under_a_words_heading_is_passed_over_for_the_paragraph_below(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text(
        "# Stages\n\n### Recommended\n[Recommended]: #recommended\n\nThe final stage: the feature is ready to use.\n",
        encoding="utf-8")
    found = definitions(tmp_path, {}, ["recommended"])
    assert found["recommended"].shown == "The final stage: the feature is ready to use."
