"""Markdown files (`ingest files DIR`): one Observation per file, a claim for decision records.

A file yields a claim when it has YAML front matter or is an ADR (a `## Status` section,
or a MADR header line `* Status: accepted`); other Markdown files are sources only. The
conventions read are Nygard/adr-tools (`# N. Title`, `Date:` line, `## Status` whose first
words give the lifecycle, link lines such as `Superceded by [..](path)`) and MADR (front
matter or `* Status:` / `* Date:` header bullets, `## Decision Outcome`).

Front matter scalars are read as written: `id: 0004` stays "0004" and `date: 2024-03-04`
is parsed by `parse_time`, not by YAML's implicit int/bool/date typing. A front matter
value of the wrong shape (a list where an id belongs, a date that is not a date) makes the
whole front matter unusable: it is quarantined with its line, and the file is still
recorded as a source with no claim (never half a claim).

References (front matter lists and link lines) are normalised so the pipeline can resolve
them by claim uid or alias: a relative path becomes the store-relative posix path of the
target (an alias of the target's claim), URLs and plain ids stay as written. Link lines in
a file that has no claim are ignored (there is nothing for them to link), and so are
links inside fenced code blocks.

Directories whose name starts with "." (`.git`, `.github`, ...) are not walked.

This package is the reader of the `adr` record format (provgraph/ingest/formats/); the files ingester that walks a
store is provgraph/ingest/formats/folder.py. The package splits the work by job: `document`
cuts one file into lines, headings, fences and sections, `front_matter` reads and checks the
YAML header, `references` reads link lines and normalises reference paths, and `adr` turns one
file into its records (the claim, its dates, lifecycle word and edges).
"""
from __future__ import annotations

from typing import Any

from provgraph.ingest.markdown.adr import parse_markdown
from provgraph.ingest.markdown.document import MARKDOWN_SUFFIXES, is_markdown_name
from provgraph.ingest.markdown.references import REVERSE_REFERENCE_FIELDS, normalise_reference

__all__ = ["MARKDOWN_SUFFIXES", "REVERSE_REFERENCE_FIELDS", "ingest_files", "is_markdown_name",
           "normalise_reference", "parse_markdown"]


def __getattr__(name: str) -> Any:
    if name == "ingest_files":  # the files ingester moved to formats/folder.py; imported late (it reads through here)
        from provgraph.ingest.formats.folder import ingest_files

        return ingest_files
    raise AttributeError(name)
