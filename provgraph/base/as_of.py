"""The one parser for a time a user types: `--at` on every command and `(DateTime)` named-query parameters.

Accepted, all read as UTC unless they carry an offset:

- `now` (any case);
- ISO 8601: `2025-06-01`, `2025-06-01T12:00:00Z`, `2025-06-01T14:00+02:00`, basic `20250601T1200Z`;
- digits only: exactly 8 digits are a date `YYYYMMDD` (`20250601` is 1 June 2025), 12 or 13 digits are
  epoch milliseconds (`1748736000000`). Any other number of digits is refused, because it is ambiguous:
  10 digits look like epoch seconds (append `000`), and a number too large for a date is not a time.

Anything else is a `UsageError` naming the option, never a traceback.
"""
from __future__ import annotations

from datetime import datetime, timezone

from provgraph.base.errors import UsageError
from provgraph.base.times import utc_aware

ACCEPTED = "ISO 8601 (2025-06-01T12:00:00Z; naive = UTC), YYYYMMDD, epoch milliseconds (12-13 digits) or now"


def parse_moment(value: object, option: str = "--at") -> datetime:
    """`value` as an aware UTC datetime, or `UsageError` saying what `option` accepts."""
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
    from provgraph.base.times import parse_time

    try:
        moment = parse_time(text)
    except (ValueError, OverflowError, OSError):
        raise _refused(value, option) from None
    return _utc(moment, value, option)


def parse_at(text: str | datetime | int | None) -> datetime | None:
    """`--at` in any form `parse_moment` accepts; None (or "") stays None, which means now."""
    if text is None or text == "":
        return None
    return parse_moment(text, "--at")


def as_of(at: datetime | str | int | None) -> datetime | None:
    """The as-of time of a call: a datetime made UTC-aware (naive = UTC), anything else read as `--at`; None is now."""
    if isinstance(at, datetime):
        return utc_aware(at)
    return parse_at(at)


def at_or_now(at: datetime | str | int | None) -> datetime:
    """`as_of(at)`, with None made the current time."""
    return as_of(at) or datetime.now(timezone.utc)


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


__all__ = ["ACCEPTED", "as_of", "at_or_now", "parse_at", "parse_moment"]
