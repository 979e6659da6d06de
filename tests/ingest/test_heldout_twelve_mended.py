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


def _spec(path: Path, title: str, status: str | None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    stated = f"- Status: {status}\n" if status else ""
    path.write_text(f"# {title}\n\n{stated}\n## Abstract\n\nWhat {title} says.\n", encoding="utf-8")


def test_a_readme_stating_a_status_in_a_folder_of_its_own_is_a_record_and_the_other_readmes_index_pages(
        tmp_path: Path) -> None:
    for name, status in (("auth", "Accepted"), ("crud", "Accepted"), ("sessions", "Obsolete"), ("gridfs", "Accepted")):
        _spec(tmp_path / name / f"{name}.md", name, status)
        _spec(tmp_path / name / "tests" / "README.md", f"{name} tests", None)
    _spec(tmp_path / "serverless-testing" / "README.md", "Serverless Testing", "Obsolete")
    (tmp_path / "README.md").write_text("# Specifications\n\n- [auth](auth/auth.md)\n", encoding="utf-8")
    proposal = propose_format(tmp_path)
    assert proposal.counts.records == 5
    skipped = proposal.store_table()["record"]["skip"]["index page"]
    assert "serverless-testing/README.md" not in skipped and "auth/tests/README.md" in skipped


def test_a_file_the_records_globs_match_is_no_file_outside_the_records_names(tmp_path: Path) -> None:
    for name in ("auth", "crud", "sessions", "gridfs"):
        _spec(tmp_path / f"{name}-spec.md", name, "Accepted")
    _spec(tmp_path / "bmh-v1beta1.md", "BMH v1beta1", "Implemented")
    proposal = propose_format(tmp_path)
    assert proposal.counts.records == 5
    assert not any("not under the records' names" in line for line in proposal.to_toml().split("\n"))


def test_a_known_word_cut_short_is_read_as_it_and_a_word_running_on_past_one_is_not() -> None:
    read = _read(["proto", "protoxep"])
    assert read["proto"][0] == "proposed" and read["protoxep"][0] is None and "'prototype'" in str(read["protoxep"][1])
