"""What an ingest of files did not read as records, and why: the summary's `reading` lines.

The files and git ingesters count, per file, why it was read as a source only ("no Status field", "no kep.yaml
beside it") and which files are not records at all (by extension). At the end they say it: how many files were
read as sources only and why, and, when no file was read as a record, what was looked for and how to read others
(the presets whose record globs match the files found).
"""
from __future__ import annotations

import posixpath
from collections import Counter
from dataclasses import dataclass, field

from provgraph.ingest.formats.declaration import RecordFormat, presets
from provgraph.ingest.records import Notice

SOURCES_ONLY = "sources_only"
NO_RECORDS = "no_records"
_LISTED = 4


@dataclass
class Tally:
    fmt: RecordFormat
    source_only: dict[str, str] = field(default_factory=dict)  # path -> why (its latest version)
    claimed: set[str] = field(default_factory=set)  # paths with a claim (in their latest version)
    others: list[str] = field(default_factory=list)  # paths that are not records

    def read(self, relpath: str, why: str | None, has_claim: bool) -> None:
        self.source_only.pop(relpath, None)
        self.claimed.discard(relpath)
        if has_claim:
            self.claimed.add(relpath)
        elif why is not None:
            self.source_only[relpath] = why

    def not_a_record(self, relpath: str) -> None:
        self.others.append(relpath)

    def notices(self, store: str) -> list[Notice]:
        said: list[Notice] = []
        if self.source_only:
            reasons = Counter(self.source_only.values())
            told = "; ".join(f"{count} with {reason}" for reason, count in reasons.most_common())
            said.append(Notice(SOURCES_ONLY, store, f"{len(self.source_only)} file(s) read as sources only, not records: {told}"))
        if not self.claimed and (self.others or self.source_only):
            said.append(Notice(NO_RECORDS, store, self._nothing_read()))
        return said

    def _nothing_read(self) -> str:
        found = Counter(posixpath.splitext(path)[1].lower() or "(no extension)" for path in self.others)
        listed = ", ".join(f"{count} {suffix}" for suffix, count in found.most_common(_LISTED))
        told = f"0 records: {self.fmt.describe()} was looked for"
        if listed:
            told += f"; the other files are {listed}"
        hints = []
        for name, candidate in presets().items():
            if name == self.fmt.name:
                continue
            fits = sum(1 for path in (*self.others, *self.source_only) if candidate.is_record_name(path))
            if fits:
                hints.append(f"--preset {name} ({fits} file(s) match {', '.join(candidate.records)})")
        told += ("; to read them: " + " or ".join(hints) if hints else
                 "; declare their format with --records GLOB and --field status=NAME (see the guide, Ingesting)")
        return told
