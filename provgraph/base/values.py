"""Values as the driver returns them -> plain Python and JSON: epoch microseconds, JSON-ready cells.

`jsonable` is the JSON form of what provgraph itself prints (times as ISO 8601 UTC with a Z, `to_iso`).
A Cypher result as the query returned it (nodes, relationships, paths, points) is shaped by
`provgraph.graph.plain.to_plain` instead, where `Graph.run` hands it over: it needs the driver's types, which
nothing outside `provgraph/graph/` imports (ingest parsers may import this module and must not reach the driver).
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

from provgraph.base.times import native, to_iso

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def epoch_us(moment: datetime) -> int:
    """Exact integer microseconds since the epoch: how queries return times that many rows carry
    (`x.epochSeconds * 1000000 + x.microsecond`), because the driver builds a DateTime slowly."""
    return (moment - EPOCH) // timedelta(microseconds=1)


def from_epoch_us(value: int | None) -> datetime | None:
    """The UTC datetime of integer epoch microseconds (`epoch_us`'s inverse); None stays None."""
    return None if value is None else EPOCH + timedelta(microseconds=value)


def jsonable(value: Any) -> Any:
    """A cell ready for JSON: times as ISO 8601 UTC text, numpy scalars as Python numbers."""
    value = native(value)
    if isinstance(value, datetime):
        return to_iso(value)
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):  # numpy scalars
        return value.item()
    return value


__all__ = ["EPOCH", "epoch_us", "from_epoch_us", "jsonable"]
