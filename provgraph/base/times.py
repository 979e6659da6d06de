"""Times -> UTC-aware datetimes: a time a user gives (`parse_moment`, the one parser for `--at`, `--from`/`--to`,
`(DateTime)` query parameters and every `at=` of the Python API) and the timestamps the stores write (`parse_time`).

A time a user gives is read as UTC unless it carries an offset:

- `now` (any case);
- ISO 8601: `2025-06-01`, `2025-06-01T12:00:00Z`, `2025-06-01T14:00+02:00`, basic `20250601T1200Z`;
- digits only: exactly 8 digits are a date `YYYYMMDD` (`20250601` is 1 June 2025), 12 or 13 digits are
  epoch milliseconds (`1748736000000`). Any other number of digits is refused, because it is ambiguous:
  10 digits look like epoch seconds (append `000`), and a number too large for a date is not a time.

Anything else is a `UsageError` naming the option, never a traceback.
"""
from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any, Literal, overload

from provgraph.base.errors import UsageError

ACCEPTED = "ISO 8601 (2025-06-01T12:00:00Z; naive = UTC), YYYYMMDD, epoch milliseconds (12-13 digits) or now"
When = datetime | str | int | None


def native(value: Any) -> Any:
    """A Neo4j temporal value (DateTime, Date, ...) as its Python counterpart; anything else as it is."""
    return value.to_native() if hasattr(value, "to_native") else value


def native_or_text(value: Any) -> Any:
    """`native`, with a time Python cannot hold (year 0, nanoseconds out of range) kept as its text."""
    try:
        return native(value)
    except (ValueError, OverflowError):
        return str(value)


_JIRA_FORMATS = ("%d/%b/%y %I:%M %p", "%d/%b/%Y %I:%M %p", "%d/%b/%y %H:%M", "%Y-%m-%d %H:%M")


def parse_time(value: object) -> datetime:
    """ISO 8601 (naive = UTC), epoch milliseconds, or a Jira CSV stamp. Raises ValueError."""
    if isinstance(value, bool) or value is None:
        raise ValueError(f"not a timestamp: {value!r}")
    if isinstance(value, datetime):
        return utc_aware(value)
    if isinstance(value, (int, float)):
        return datetime.fromtimestamp(float(value) / 1000.0, tz=timezone.utc)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"not a timestamp: {value!r}")
    text = value.strip()
    if text.isdigit():
        return datetime.fromtimestamp(int(text) / 1000.0, tz=timezone.utc)
    iso = text.replace("Z", "+00:00").replace("z", "+00:00")
    # Jira JSON writes offsets without a colon: 2025-06-01T08:00:00.000+0000
    if len(iso) > 5 and iso[-5] in "+-" and iso[-4:].isdigit() and "T" in iso:
        iso = iso[:-2] + ":" + iso[-2:]
    parsed: datetime | None
    try:
        parsed = datetime.fromisoformat(iso)
    except ValueError:
        parsed = None
        for fmt in _JIRA_FORMATS:
            try:
                parsed = datetime.strptime(text, fmt)
                break
            except ValueError:
                continue
        if parsed is None:
            raise ValueError(f"not a timestamp: {value!r}") from None
    return utc_aware(parsed)


def utc_aware(moment: datetime) -> datetime:
    """A naive datetime read as UTC; an aware one as it is."""
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def to_iso(moment: datetime | None) -> str | None:
    """The one way provgraph prints a time: ISO 8601 in UTC with a Z."""
    if moment is None:
        return None
    moment = native(moment)
    return moment.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")


@overload
def parse_moment(value: When, option: str = ..., *, missing: Literal["refused", "now"] = ...) -> datetime: ...


@overload
def parse_moment(value: When, option: str = ..., *, missing: Literal["none"]) -> datetime | None: ...


def parse_moment(value: When, option: str = "--at", *,
                 missing: Literal["refused", "none", "now"] = "refused") -> datetime | None:
    """`value` as an aware UTC datetime (a datetime given is made UTC-aware, naive = UTC), or `UsageError` saying what
    `option` accepts. `missing` says what None or "" is: refused, None (the caller's "now"), or the current time."""
    if value is None or value == "":
        if missing == "now":
            return datetime.now(timezone.utc)
        if missing == "none":
            return None
        raise _refused(value, option)
    if isinstance(value, datetime):
        return _utc(utc_aware(value), value, option)
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise _refused(value, option)
    text = str(value).strip()
    if text.lower() == "now":
        return datetime.now(timezone.utc)
    if text.isdigit():
        return _from_digits(text, value, option)
    if not text:
        raise _refused(value, option)
    try:
        moment = parse_time(text)
    except (ValueError, OverflowError, OSError):
        raise _refused(value, option) from None
    return _utc(moment, value, option)


def _from_digits(text: str, value: object, option: str) -> datetime:
    if len(text) == 8:
        try:
            return datetime.strptime(text, "%Y%m%d").replace(tzinfo=timezone.utc)
        except ValueError:
            raise UsageError(f"{option}: {text} is not a date YYYYMMDD") from None
    if len(text) in (12, 13):
        return datetime.fromtimestamp(int(text) / 1000.0, tz=timezone.utc)
    if len(text) == 10:
        raise UsageError(f"{option}: {text} looks like epoch seconds; give epoch milliseconds ({text}000) "
                         "or an ISO 8601 time")
    raise _refused(value, option)


def _utc(moment: datetime, value: object, option: str) -> datetime:
    try:
        return moment.astimezone(timezone.utc)
    except (ValueError, OverflowError):
        raise _refused(value, option) from None


def _refused(value: object, option: str) -> UsageError:
    shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
    return UsageError(f"{option}: not a time: {shown} (use {ACCEPTED})")


DATE_ORDERS = ("dayfirst", "monthfirst")
_NUMERIC_DATE = re.compile(r"(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})")


class AmbiguousDate(ValueError):
    """A numeric date such as 10/04/18 that reads both day-first and month-first."""


def parse_numeric_date(text: str, order: str | None = None) -> datetime | None:
    """`26/03/2018`, `3/26/2018`, `10.04.18` -> a UTC midnight; None when `text` is not such a date.

    A part above 12 settles which is the day. Otherwise `order` ("dayfirst" / "monthfirst")
    decides; without it a dotted date reads day-first (the convention wherever dots are
    written) and a slashed or dashed one raises AmbiguousDate. Two-digit years are 1969-2068.
    """
    found = _NUMERIC_DATE.fullmatch(text.strip())
    if not found:
        return None
    first, separator, second, year_text = found.groups()
    a, b = int(first), int(second)
    year = int(year_text) if len(year_text) == 4 else datetime.strptime(year_text, "%y").year
    if a > 12 and b <= 12:
        day, month = a, b
    elif b > 12 and a <= 12:
        day, month = b, a
    elif a == b or order == "dayfirst" or (order is None and separator == "."):
        day, month = a, b
    elif order == "monthfirst":
        day, month = b, a
    else:
        raise AmbiguousDate(f"{text.strip()!r} reads day-first and month-first")
    try:
        return datetime(year, month, day, tzinfo=timezone.utc)
    except ValueError:
        return None


# Dates as records write them in words, after ISO 8601 and numeric dates: 26 March 2018, March 26, 2018, 07-Dec-2003
_WORDED_DATES = ("%d %B %Y", "%d %b %Y", "%B %d, %Y", "%b %d, %Y", "%Y/%m/%d", "%d-%b-%Y", "%d-%B-%Y")


def loose_date(text: str, order: str | None = None) -> datetime | None:
    """A record's own date (a `Date:` line, a `Created:` header) as UTC, markup around it aside; None when it is no
    date. Raises AmbiguousDate for a numeric date such as 10/04/18 without `order` (see parse_numeric_date)."""
    candidate = text.strip().strip("*_`").strip()
    try:
        return parse_time(candidate).astimezone(timezone.utc)
    except (ValueError, OverflowError, OSError):
        pass
    numeric = parse_numeric_date(candidate, order)
    if numeric is not None:
        return numeric
    for fmt in _WORDED_DATES:
        try:
            return datetime.strptime(candidate, fmt).replace(tzinfo=timezone.utc)
        except ValueError:
            continue
    return None
