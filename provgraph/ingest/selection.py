"""Which files under a store root are records (`ingest files --include/--exclude`, the record format's globs).

The store's record format (provgraph/ingest/formats/) declares which file names are records and which of those are
not (the `adr` preset: templates and index pages). `--exclude GLOB` leaves out more; `--include GLOB` reads a file
even when the format or an `--exclude` glob leaves it out. A glob without `/` is matched against the file name, one
with `/` against the path relative to the store root; matching ignores case. Both the plain files ingester and the
git one ask the same `FileSelection`, so a file is skipped the same way in both, with a counted reason.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from provgraph.base.errors import UsageError
from provgraph.ingest.formats import RecordFormat, format_of, preset
from provgraph.ingest.formats.declaration import matches

EXCLUDED_BY_OPTION = "excluded"
NOT_A_RECORD = "not a record"


@dataclass(frozen=True)
class FileSelection:
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    fmt: RecordFormat = field(default_factory=lambda: preset("adr"))

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> "FileSelection":
        return cls(include=_globs(options.get("include"), "include"), exclude=_globs(options.get("exclude"), "exclude"),
                   fmt=format_of(options))

    def skip_reason(self, relpath: str) -> str | None:
        """Why `relpath` is left out ("not a record", "template", "index page", "excluded"), or None when it is read."""
        if any(matches(relpath, pattern) for pattern in self.include):
            return None
        if any(matches(relpath, pattern) for pattern in self.exclude):
            return EXCLUDED_BY_OPTION
        if not self.fmt.is_record_name(relpath):
            return NOT_A_RECORD
        return self.fmt.skip_reason(relpath)

    def is_sidecar(self, relpath: str) -> bool:
        """Whether `relpath` is the sidecar of a record (read with it, never on its own)."""
        return self.fmt.sidecar is not None and relpath.rsplit("/", 1)[-1].lower() == self.fmt.sidecar.lower()


def _globs(value: object, name: str) -> tuple[str, ...]:
    if value is None:
        return ()
    items: Iterable[object] = [value] if isinstance(value, str) else value if isinstance(value, (list, tuple)) else [value]
    globs = []
    for item in items:
        if not isinstance(item, str) or not item.strip():
            raise UsageError(f"{name}: expected glob patterns (text), got {item!r}")
        globs.append(item.strip())
    return tuple(globs)
