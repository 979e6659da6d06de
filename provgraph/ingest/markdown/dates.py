"""A store's date convention, inferred from its own unambiguous dates (`26/03/2018` is day-first).

A `Date:` line such as `01/06/2019` reads both ways. When the user gave no `--dayfirst` /
`--monthfirst`, the store's other dates decide: those whose day is above 12 say which part is the
day. Only when they disagree, or none says, is an ambiguous date left unread with a notice.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from provgraph.ingest.records import Notice

_NUMERIC = re.compile(r"\s*[*_`]*\s*(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})\s*[*_`]*\s*")
# A Date header line anywhere near the top of a file (Nygard `Date:`, MADR `* Date:`), for a quick look at a blob.
DATE_LINE = re.compile(r"^[ \t]*(?:[*+-][ \t]+)?(?:\*\*|__)?date(?:\*\*|__)?[ \t]*:(?:\*\*|__)?[ \t]*(\S[^\n]*)$",
                       re.IGNORECASE | re.MULTILINE)


@dataclass
class DateConvention:
    """What one ingest's dates say about day/month order; `order` the user gave, if any."""

    order: str | None = None  # "dayfirst" / "monthfirst" given by the user
    day_first: int = 0  # unambiguous dates whose first part is the day (26/03/2018)
    month_first: int = 0  # ... whose second part is the day (3/26/2018)
    examples: dict[str, str] = field(default_factory=dict)
    ambiguous: set[str] = field(default_factory=set)  # files whose Date line reads both ways
    settled: bool = False  # every date of the store observed: `inferred` is final and parsing may use it

    def observe(self, value: str) -> None:
        if self.settled:
            return
        found = _NUMERIC.fullmatch(value)
        if not found:
            return
        first, second = int(found.group(1)), int(found.group(3))
        if first > 12 >= second >= 1:
            self.day_first += 1
            self.examples.setdefault("dayfirst", value.strip())
        elif second > 12 >= first >= 1:
            self.month_first += 1
            self.examples.setdefault("monthfirst", value.strip())

    def observe_text(self, text: str) -> None:
        """The first Date line of a file's text (a quick look, before the file is parsed)."""
        found = DATE_LINE.search(text[:20_000])
        if found:
            self.observe(found.group(1))

    @property
    def inferred(self) -> str | None:
        """The store's order by its own dates: one side has evidence and the other none."""
        if self.day_first and not self.month_first:
            return "dayfirst"
        if self.month_first and not self.day_first:
            return "monthfirst"
        return None

    @property
    def effective(self) -> str | None:
        """The order to read an ambiguous date with now: the user's, else the inferred one once settled."""
        return self.order or (self.inferred if self.settled else None)

    def why_unsettled(self) -> str:
        if self.day_first and self.month_first:
            return (f"the store's own dates disagree ({self.day_first} day-first such as {self.examples['dayfirst']}, "
                    f"{self.month_first} month-first such as {self.examples['monthfirst']})")
        return "no date in the store settles the order"

    def summary(self, store: str) -> Notice | None:
        """One line for the ingest summary when a date read both ways: which order was used, and why."""
        if not self.ambiguous or self.order:
            return None
        count = len(self.ambiguous)
        dates = f"{count} ambiguous date{'s' if count != 1 else ''}"
        inferred = self.inferred
        if inferred is None:
            return Notice("date_order", store, f"{dates} left unread: {self.why_unsettled()}; give --dayfirst or --monthfirst")
        side = "day-first" if inferred == "dayfirst" else "month-first"
        evidence = self.day_first if inferred == "dayfirst" else self.month_first
        return Notice("date_order", store, f"dates read {side}, as the store's {evidence} unambiguous date"
                      f"{'s' if evidence != 1 else ''} (such as {self.examples[inferred]}) say; {dates} read so "
                      f"(--dayfirst/--monthfirst to override)")


__all__ = ["DATE_LINE", "DateConvention"]
