"""Cutting a stream of rows into lists of at most n, so a query can run once per list, not once per row."""
from __future__ import annotations

from typing import Callable, Iterable, Iterator, TypeVar

T = TypeVar("T")
R = TypeVar("R")
S = TypeVar("S")


def chunked(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """Consecutive lists of `size` items (the last one shorter), holding one list at a time."""
    chunk: list[T] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def held_from_stale(records: Iterable[R], fresh: Callable[[R], bool], direct: Callable[[R], S],
                    judged: Callable[[list[R]], Iterator[S]], chunk: int) -> Iterator[S]:
    """`direct(record)` of each fresh record, in order, except that from a record that is not fresh on `chunk` records
    are held and given to `judged` at once (one query for those not fresh). Only then: records held outlive the
    collector's young generation, which then walks every one of them again (a third of a status-all's time)."""
    held: list[R] = []
    for record in records:
        if not held and fresh(record):
            yield direct(record)
            continue
        held.append(record)
        if len(held) >= chunk:
            yield from judged(held)
            held = []
    if held:
        yield from judged(held)


__all__ = ["chunked", "held_from_stale"]
