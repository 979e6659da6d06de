"""The Neo4j driver, imported in this one place for the rest of provgraph/graph/ (nothing outside it imports `neo4j`).

`import neo4j` imports numpy and pandas whenever they are installed (neo4j/_optional_deps), only so that their
values can be sent as query parameters; provgraph sends plain Python values only, and that import was most of the
start of every command that reaches the database (bench/README.md, "CLI start"). So the driver is imported with
numpy, pandas and pyarrow looking absent: a `None` under a name in `sys.modules` makes its import raise
ImportError, which the driver's optional import catches. The names are taken out again at once, so the report
(which uses pandas) and any other code import them as usual afterwards. A program that had imported numpy or
pandas before provgraph reached the driver finds the driver as it always was, with their support.
"""
from __future__ import annotations

import sys
from datetime import datetime as _datetime
from datetime import timedelta as _timedelta
from datetime import timezone as _timezone
from typing import Any

_OPTIONAL = ("numpy", "pandas", "pyarrow")  # what neo4j/_optional_deps tries
_hidden = [] if "neo4j" in sys.modules else [name for name in _OPTIONAL if name not in sys.modules]
for _name in _hidden:
    sys.modules[_name] = None  # type: ignore[assignment]
try:
    import neo4j
    from neo4j import GraphDatabase, RoutingControl
    from neo4j import exceptions as neo4j_errors
    from neo4j import graph as neo4j_graph
    from neo4j import spatial as neo4j_spatial
    from neo4j import time as neo4j_time
finally:
    for _name in _hidden:
        if sys.modules.get(_name, False) is None:
            del sys.modules[_name]

# The driver packs a datetime parameter and builds a datetime it receives in pure Python (neo4j.time's calendar
# arithmetic: 30-40 microseconds a value, a fifth of an ingest's Python time: three or four datetimes a claim written,
# in its batch and again with its stored status, and two read back). Bolt 5 and 6's form of the two kinds an ingest
# sends, a datetime with a fixed UTC offset and a driver DateTime at UTC, and the DateTime of a time received at UTC,
# are computed here exactly with datetime's own arithmetic; any other value takes the driver's way
# (tests/reliability/test_datetime_packing.py compares both over random values). The hook is private to the driver, whose
# version pyproject.toml pins; a driver without it is left as it is.
_bolt5_temporal: Any
try:
    from neo4j._codec.hydration.v2 import temporal as _bolt5_temporal
    from neo4j._codec.packstream import Structure as _Structure
except ImportError:  # pragma: no cover - another driver version: its own packing stands
    _bolt5_temporal = None
if _bolt5_temporal is not None and not hasattr(_bolt5_temporal, "driver_dehydrate_datetime"):
    import pytz as _pytz  # type: ignore[import-untyped]

    _EPOCH = _datetime(1970, 1, 1, tzinfo=_timezone.utc)
    _EPOCH_ORDINAL = _EPOCH.toordinal()
    _driver_dehydrate_datetime = _bolt5_temporal.dehydrate_datetime

    def _dehydrate_datetime(value: Any) -> Any:
        """`value` as the driver's Bolt 5 datetime structure: (UTC seconds since 1970, nanoseconds, offset or zone)."""
        kind = type(value)
        if kind is _datetime and type(value.tzinfo) is _timezone:
            offset = value.utcoffset()
            if offset is not None and not offset.microseconds:
                since = value - _EPOCH
                return _Structure(b"I", since.days * 86400 + since.seconds, since.microseconds * 1000,
                                  offset.days * 86400 + offset.seconds)
        elif kind is neo4j_time.DateTime and value.tzinfo is _pytz.utc:
            seconds = ((value.date().to_ordinal() - _EPOCH_ORDINAL) * 86400
                       + value.hour * 3600 + value.minute * 60 + value.second)
            return _Structure(b"i", seconds, value.nanosecond, "UTC")
        return _driver_dehydrate_datetime(value)

    _driver_hydrate_datetime = _bolt5_temporal.hydrate_datetime
    _NAIVE_EPOCH = _datetime(1970, 1, 1)

    # the driver's own unchecked constructors: the fields below are in range by construction (datetime computed
    # them), and its checked constructors were most of the 3.5 microseconds a value took (bench/HISTORY.md)
    try:
        _new_date, _new_time, _combine = (neo4j_time.Date._Date__new, neo4j_time.Time._Time__unchecked_new,
                                          neo4j_time.DateTime._combine)
        _unchecked = True
    except AttributeError:  # pragma: no cover - another driver version: every value built the driver's way
        _unchecked = False

    def _hydrate_datetime(seconds: int, nanoseconds: int, tz: Any = None) -> Any:
        """The driver DateTime of a Bolt 5 datetime structure; at UTC (what the server sends for a time stored at UTC)
        built from its fields at once, as the driver builds it (a DateTime at pytz's UTC)."""
        if _unchecked and (tz == 0 or tz == "UTC") and 0 <= nanoseconds < 1_000_000_000:
            moment = _NAIVE_EPOCH + _timedelta(seconds=seconds)
            hour, minute, second = moment.hour, moment.minute, moment.second
            return _combine(_new_date(moment.toordinal(), moment.year, moment.month, moment.day),
                            _new_time(hour * 3_600_000_000_000 + minute * 60_000_000_000 + second * 1_000_000_000
                                      + nanoseconds, hour, minute, second, nanoseconds, _pytz.utc))
        return _driver_hydrate_datetime(seconds, nanoseconds, tz)

    _bolt5_temporal.driver_dehydrate_datetime = _driver_dehydrate_datetime
    _bolt5_temporal.dehydrate_datetime = _dehydrate_datetime
    _bolt5_temporal.driver_hydrate_datetime = _driver_hydrate_datetime
    _bolt5_temporal.hydrate_datetime = _hydrate_datetime

__all__ = ["GraphDatabase", "RoutingControl", "neo4j", "neo4j_errors", "neo4j_graph", "neo4j_spatial", "neo4j_time"]
