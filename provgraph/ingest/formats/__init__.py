"""Record formats: where a store's records keep their metadata, declared once as data.

A format is a declaration (`declaration.RecordFormat`): which files are records, where their metadata sits
(YAML front matter, a header block, a fenced block, an RST field list, `name: value` lines, Markdown bullets, a
table, headings, a sidecar file, the folder; optionally under one named heading, the section), which fields carry
the id, title, status, date and links, patterns for the roles no place holds, and the store's own status words.
The presets provgraph ships (`presets.toml`: `adr`, the default; `pep`, the PEP reader; `kep`, the KEP reader) are
such declarations; a user declares another in provgraph.toml (`[store.record]`, `[store.words]`) or on the command
line (`--preset`, `--records`, `--metadata`, `--section`, `--field`, `--pattern`, `--id`, `--word`). The files and
git ingesters ask the declaration which files are records (`selection`) and read each with `reader.read_record`;
`metadata` holds one small reader per place, `headings` finds headings and sections.
"""
from __future__ import annotations

from typing import Any, Mapping

from provgraph.ingest.formats.declaration import DEFAULT, RecordFormat, declared, preset, presets

OPTION = "record_format"  # the ingester option holding the user's declaration table (absent: the default, adr)


def format_of(options: Mapping[str, Any]) -> RecordFormat:
    """The record format an ingest's options declare (the default `adr` when they declare none)."""
    table = options.get(OPTION)
    return declared(table) if table else preset(DEFAULT)


__all__ = ["DEFAULT", "OPTION", "RecordFormat", "declared", "format_of", "preset", "presets"]
