"""Ids as the Python API takes them: a list of uids or aliases, or one as a plain string."""
from __future__ import annotations

from typing import Iterable

from provgraph.base.errors import UsageError


def ids_of(value: str | Iterable[str] | None, name: str) -> list[str] | None:
    """A list of ids: a list (or any iterable) as given, one id as a plain string; 'A,B' is refused, since
    one id with a comma in it and two ids joined by mistake look the same."""
    if value is None:
        return None
    if isinstance(value, str):
        if "," in value:
            raise UsageError(f"{name}: give a list of ids, not one comma-separated string ({value!r} -> "
                             f"{[part.strip() for part in value.split(',') if part.strip()]!r})")
        return [value]
    items = list(value)
    wrong = [item for item in items if not isinstance(item, str)]
    if wrong:
        raise UsageError(f"{name}: every id must be a string; got {wrong[0]!r}")
    return items


__all__ = ["ids_of"]
