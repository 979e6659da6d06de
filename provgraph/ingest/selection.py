"""Which Markdown files under a store root are decision records (`ingest files --include/--exclude`).

Templates and index pages are not decisions, so they are left out by default (DEFAULT_EXCLUDES).
`--exclude GLOB` leaves out more; `--include GLOB` reads a file even when a default or an
`--exclude` glob leaves it out. A glob without `/` is matched against the file name, one with
`/` against the path relative to the store root; matching ignores case. Both the plain files
ingester and the git one ask the same `FileSelection`, so a file is skipped the same way in both.
"""
from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from typing import Any, Iterable

from provgraph.base.errors import UsageError

# reason -> globs. A reason names what the summary says was skipped.
DEFAULT_EXCLUDES: dict[str, tuple[str, ...]] = {
    "template": tuple(f"{stem}.{suffix}" for stem in ("template", "*-template", "*_template", "*.template")
                      for suffix in ("md", "markdown")),
    "index page": ("index.md", "index.markdown", "readme.md", "readme.markdown"),
}
EXCLUDED_BY_OPTION = "excluded"


def _matches(relpath: str, pattern: str) -> bool:
    target = relpath if "/" in pattern else relpath.rsplit("/", 1)[-1]
    return fnmatch.fnmatchcase(target.lower(), pattern.lower().lstrip("/") if "/" in pattern else pattern.lower())


@dataclass(frozen=True)
class FileSelection:
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> "FileSelection":
        return cls(include=_globs(options.get("include"), "include"), exclude=_globs(options.get("exclude"), "exclude"))

    def skip_reason(self, relpath: str) -> str | None:
        """Why `relpath` is left out ("template", "index page", "excluded"), or None when it is read."""
        if any(_matches(relpath, pattern) for pattern in self.include):
            return None
        if any(_matches(relpath, pattern) for pattern in self.exclude):
            return EXCLUDED_BY_OPTION
        for reason, patterns in DEFAULT_EXCLUDES.items():
            if any(_matches(relpath, pattern) for pattern in patterns):
                return reason
        return None


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
