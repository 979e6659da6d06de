"""General reading defects the ninth held-out check found (issue 55, bench/HISTORY.md "A ninth fresh check"). The
forms are written here in lines of our own, not copied from the logs. Pure (no database)."""
from __future__ import annotations

from provgraph.ingest.formats import metadata


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
