"""The report's files: claims.csv in chunks and every other file, written into a staging folder beside --out and
moved into place only when every file is written, so a failed report leaves no half-written folder."""
from __future__ import annotations

import os
import shutil
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from provgraph.base.errors import UsageError
from provgraph.base.escape import write_csv
from provgraph.report.model import CLAIM_COLUMNS


class CsvWriter:
    """claims.csv written in chunks to a temporary file, renamed into place only when complete."""

    def __init__(self, path: Path) -> None:
        make_out(path.parent)
        self.path = path
        self.partial = path.with_name(path.name + ".partial")
        self.handle = open(self.partial, "w", encoding="utf-8", newline="")
        self.header = True
        self.done = False

    def write(self, rows: list[dict[str, Any]]) -> None:
        if not rows and not self.header:
            return
        # spreadsheet-safe cells (provgraph.base.escape): a claim's text must not become a formula
        write_csv(self.handle, CLAIM_COLUMNS if self.header else None, ([row.get(c) for c in CLAIM_COLUMNS] for row in rows))
        self.header = False

    def finish(self) -> None:
        self.handle.close()
        os.replace(self.partial, self.path)
        self.done = True

    def abandon(self) -> None:
        if not self.done:
            self.handle.close()
            self.partial.unlink(missing_ok=True)


@contextmanager
def staged(out: Path) -> Iterator[Path]:
    """A staging folder beside `out` (`.NAME.partial-PID`), created on first write and removed whatever happens;
    `publish` moves what it holds into `out`."""
    staging = out.parent / f".{out.name}.partial-{os.getpid()}"
    try:
        yield staging
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def publish(staging: Path, out: Path) -> None:
    """Move every file of `staging` into `out`: a new `out` is the staging folder renamed; in an existing one each
    file replaces its namesake (other files there stay)."""
    make_out(staging)
    if not out.exists():
        try:
            os.rename(staging, out)
            return
        except OSError:  # created meanwhile: move the files one by one
            pass
    make_out(out)
    for path in sorted(staging.iterdir()):
        os.replace(path, out / path.name)


def make_out(out: Path) -> None:
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"--out {out}: {error.strerror or error}") from None


def write_text(path: Path, text: str) -> None:
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)
