"""Timestamps as the stores write them -> UTC-aware datetimes."""
from __future__ import annotations

from datetime import datetime, timezone

_JIRA_FORMATS = ("%d/%b/%y %I:%M %p", "%d/%b/%Y %I:%M %p", "%d/%b/%y %H:%M", "%Y-%m-%d %H:%M")


def parse_time(value: object) -> datetime:
    """ISO 8601 (naive = UTC), epoch milliseconds, or a Jira CSV stamp. Raises ValueError."""
    if isinstance(value, bool) or value is None:
        raise ValueError(f"not a timestamp: {value!r}")
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=timezone.utc)
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
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


def to_iso(moment: datetime | None) -> str | None:
    """The one way provgraph prints a time: ISO 8601 in UTC with a Z."""
    if moment is None:
        return None
    if hasattr(moment, "to_native"):
        moment = moment.to_native()
    return moment.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")
