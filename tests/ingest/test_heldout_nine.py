"""General reading defects the ninth held-out check found (issue 55, bench/HISTORY.md "A ninth fresh check"). The
forms are written here in lines of our own, not copied from the logs. Pure (no database)."""
from __future__ import annotations

from pathlib import Path

from proposal_claims import MD

from provgraph import propose_format
from provgraph.ingest import lifecycle
from provgraph.ingest.formats import metadata
from provgraph.ingest.formats.proposal.files import number_of


def _values(found: metadata.Fields) -> dict[str, object]:
    return {name: field.value for name, field in found.items()}


def test_sphinx_file_wide_fields_before_the_title_are_not_the_records_field_list() -> None:
    # `:orphan:` (Sphinx's metadata for the file), a label, the title, then the record's own field list
    lines = [":orphan:", "", ".. _note9:", "", "=======", "Note 9: A plan", "=======", "", ":Date: 2020/01/02",
             ":Status: Adopted", "", "Body text."]
    assert _values(metadata.field_list(lines)) == {"date": "2020/01/02", "status": "Adopted"}
    assert metadata.field_list([":tocdepth: 2", ":Status: Draft", "", "Text."])["status"] == metadata.Field("Draft", 2)
    # a field list of the record's own that comes first is still the record's
    assert _values(metadata.field_list([":Status: Final", "", "Title", "=====", "", ":Other: x"])) == {"status": "Final"}


def _xips(root: Path, word: str, readme: str) -> Path:
    (root / "xips").mkdir(parents=True)
    for number in (1, 2, 3):
        (root / "xips" / f"xip-{number}.md").write_text(f"---\nxip: {number}\nstatus: {word}\n---\n", encoding="utf-8")
    (root / "README.md").write_text(readme, encoding="utf-8")
    return root / "xips"


def test_a_table_of_records_under_a_words_heading_defines_nothing(tmp_path: Path) -> None:
    # an index README: each status a heading over a table of the records in it
    index = "# XIPs\n\n### Stale\n\n| Updated | Title |\n|---|---|\n| 2020-01-02 | [One](xips/xip-1.md) |\n"
    stale = {word.phrase: word for word in propose_format(_xips(tmp_path / "a", "Stale", index)).words}["stale"]
    assert stale.definition is None
    # a paragraph under the heading is still the word's definition, up to a table after it
    prose = "# XIPs\n\n### Stale\nNo activity for six months.\n| Updated | Title |\n|---|---|\n"
    stale = {word.phrase: word for word in propose_format(_xips(tmp_path / "b", "Stale", prose)).words}["stale"]
    assert stale.definition is not None and stale.definition.text == "No activity for six months."


def test_a_link_after_a_status_word_is_no_part_of_the_word() -> None:
    # `status: To be reviewed (https://...)` was keyed `to be reviewed https`
    for text in ("To be reviewed (https://example.org/issues/7)", "To be reviewed <https://example.org/7>",
                 "To be reviewed https://example.org/7", "[To be reviewed](https://example.org/7)"):
        reading = lifecycle.read_word(text)
        assert reading is not None and reading.written == "To be reviewed", text
    assert lifecycle.canonical("Accepted ([notes](notes.md))") == "accepted"
    assert lifecycle.status_words("Parked (see https://example.org) until May") == ["parked", "see", "until", "may"]


def test_a_file_number_with_a_decimal_part_is_one_id_beside_the_whole_number() -> None:
    # `rfc-7.txt`, `rfc-7.1.txt` and `rfc-7.2.txt` were all `7`: duplicate ids
    numbers = [metadata.file_name(f"rfc/ms-rfc-{number}.txt")[metadata.FILE_NUMBER].value for number in ("7", "7.1", "7.2")]
    assert numbers == ["7", "7.1", "7.2"]
    assert metadata.file_name("2019.06.25-a-plan.md")[metadata.FILE_NUMBER].value == "2019"  # a date is no such number
    assert number_of("rfc/ms-rfc-7.1.txt") == 7


def _adrs(root: Path, title: str) -> Path:
    """Five ADRs numbered by their file names; three cite a standard `XYZ-2` ... `XYZ-4` whose numbers are ADR numbers."""
    root.mkdir()
    for number in range(1, 6):
        name = f"{number:04d}-" + ("use-xyz-4" if number == 1 else f"decision-{number}") + MD
        cites = f"We follow XYZ-{number % 3 + 2} and XYZ-{(number + 1) % 3 + 2}.\n" if number <= 3 else ""
        (root / name).write_text(f"# {title.format(number=number)}\n\n## Status\n\nAccepted\n\n## Context\n\n{cites}",
                                 encoding="utf-8")
    return root


def test_an_acronym_the_records_titles_carry_with_other_numbers_is_no_id_template(tmp_path: Path) -> None:
    # Wikibase's ADRs cite PSR-4, PSR-6 ... (PHP standards), one titled "Use PSR-16": the template was `PSR-{id}`
    outside = propose_format(_adrs(tmp_path / "a", "{number}) A decision")).store_table()["record"]
    assert not str(outside.get("id", "")).startswith("XYZ")
    # records that carry the acronym with their own numbers are cited by it
    own = propose_format(_adrs(tmp_path / "b", "XYZ-{number}: A decision")).store_table()["record"]
    assert own.get("id") == "XYZ-{id}"
