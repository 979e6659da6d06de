"""Short forms of plain values shown to people (a digest's first 12 hex digits, a list cut to its first items), and
`folded`, the one form in which a name written in a file is compared with a name declared."""
from __future__ import annotations

import unicodedata
from typing import Sequence


def short_hash(digest: str | None) -> str | None:
    """The first 12 hex digits of a sha256 digest given with or without `sha256:`; None for none."""
    if not digest:
        return None
    return digest.removeprefix("sha256:")[:12]


def and_more(items: Sequence[str], limit: int, separator: str = ", ", bracketed: bool = True) -> str:
    """The first `limit` items joined, then how many were left out: `a, b (and 3 more)` or `a; b; and 3 more`."""
    shown = separator.join(items[:limit])
    if len(items) <= limit:
        return shown
    left_out = len(items) - limit
    return shown + (f" (and {left_out} more)" if bracketed else f"{separator}and {left_out} more")


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """`1 snapshot`, `2 snapshots`, `0 edges`: a count with its noun in the right number."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def folded(name: str) -> str:
    """`name` as names are compared: Unicode NFKD with its combining marks dropped, casefolded, each run of white
    space one space: `Preämble` and `PREAMBLE` are `preamble`, ` Decision   Outcome ` is `decision outcome`."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(bare.casefold().split())


__all__ = ["and_more", "counted", "folded", "short_hash"]
