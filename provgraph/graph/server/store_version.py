"""Which Neo4j last opened a data folder's store, and whether this provgraph's Neo4j may open it.

Neo4j opens a store of any earlier 5.x and upgrades it in place (5.26 LTS is the checkpoint: Neo4j 2025.01 and
later open stores of 5.26 and later only), and never opens a store a later Neo4j wrote. The data folder records the
version that last opened its store (`neo4j-version`, written once the server answered), so a newer provgraph opens an
older store, and an older provgraph, or one whose Neo4j cannot open the store, refuses in one line before starting
Java. A store from before the marker was written by Neo4j 5.26.31, the only version provgraph had shipped then.
"""
from __future__ import annotations

import re
from pathlib import Path

from provgraph.base.errors import ServerError

MARKER = "neo4j-version"
UNMARKED = "5.26.31"  # what wrote a store that has no marker
CHECKPOINT = (5, 26)  # a store must have been opened by 5.26 before a calendar-versioned Neo4j (2025.01+) opens it
CALENDAR = 2025  # the first major of calendar versions


def parse(version: str) -> tuple[int, ...]:
    """"5.26.31" -> (5, 26, 31), "2025.01.0" -> (2025, 1, 0); a suffix ("-SNAPSHOT") is ignored."""
    numbers = re.match(r"\d+(?:\.\d+)*", version.strip())
    if not numbers:
        raise ServerError(f"not a Neo4j version: {version!r}")
    return tuple(int(part) for part in numbers.group(0).split("."))


def has_store(directory: Path) -> bool:
    return (directory / "neo4j" / "data" / "databases").is_dir()


def written_by(directory: Path) -> str | None:
    """The Neo4j version that last opened the folder's store; None when the folder holds no store yet."""
    if not has_store(directory):
        return None
    try:
        return (directory / MARKER).read_text().strip() or UNMARKED
    except OSError:
        return UNMARKED


def refusal(directory: Path, stored: str, ours: str) -> str | None:
    """Why Neo4j `ours` must not open a store Neo4j `stored` wrote, as the one line to show; None: it opens it."""
    have, run = parse(stored), parse(ours)
    if have[:3] == run[:3]:
        return None
    where = f"the store in {directory} was written by Neo4j {stored}"
    again = "or start with another --data and ingest again"
    if have > run:
        return (f"{where}, newer than this provgraph's Neo4j {ours}, which cannot open it: upgrade provgraph "
                f"(pip install --upgrade provgraph), {again}")
    if have[0] < 5:
        return f"{where}, which Neo4j {ours} cannot open: start it with the provgraph that wrote it, {again}"
    if run[0] >= CALENDAR and have[0] < CALENDAR and have[:2] < CHECKPOINT:
        return (f"{where}; Neo4j {ours} opens stores of Neo4j 5.26 and later only: start and stop it once with a "
                f"provgraph whose Neo4j is 5.26, {again}")
    return None


def check(directory: Path, ours: str) -> str | None:
    """Before a start: ServerError (one line) if `ours` must not open the folder's store; else the version that wrote it
    when that is an earlier one (Neo4j upgrades the store as it opens it), else None."""
    stored = written_by(directory)
    if stored is None:
        return None
    reason = refusal(directory, stored, ours)
    if reason:
        raise ServerError(reason)
    return stored if parse(stored)[:3] != parse(ours)[:3] else None


def record(directory: Path, ours: str) -> None:
    """After the server answered: the store is now Neo4j `ours`'s."""
    (directory / MARKER).write_text(f"{ours}\n")


__all__ = ["MARKER", "check", "parse", "record", "refusal", "written_by"]
