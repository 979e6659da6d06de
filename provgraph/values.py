"""Values as the driver returns them -> plain Python: the one conversion every module uses."""
from __future__ import annotations

from datetime import datetime
from typing import Any


def native(value: Any) -> Any:
    """A Neo4j temporal value (DateTime, Date, ...) as its Python counterpart; anything else as it is."""
    return value.to_native() if hasattr(value, "to_native") else value


def jsonable(value: Any) -> Any:
    """A cell ready for JSON: times as ISO 8601 UTC text, numpy scalars as Python numbers."""
    from provgraph.ingest.times import to_iso

    value = native(value)
    if isinstance(value, datetime):
        return to_iso(value)
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):  # numpy scalars
        return value.item()
    return value


__all__ = ["jsonable", "native"]
