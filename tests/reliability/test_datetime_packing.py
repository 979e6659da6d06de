"""Datetime parameters are packed exactly as the driver packs them (provgraph/graph/driver.py packs the two kinds an
ingest sends without the driver's pure-Python arithmetic), and come back from the server as the instants sent."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytz
from hypothesis import given, settings
from hypothesis import strategies as st

from provgraph.graph.driver import _bolt5_temporal, neo4j_time

fixed_offsets = st.integers(min_value=-18 * 60, max_value=18 * 60).map(lambda minutes: timezone(timedelta(minutes=minutes)))
instants = st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30))
# named zones take the driver's own way: one case of each kind in the test below
zones = st.one_of(fixed_offsets, st.just(timezone.utc), st.just(pytz.utc))


def _packed(value: object, packer: object) -> tuple[object, ...]:
    """The structure `packer` makes of `value`, or the error it raises (the driver refuses some zones' offsets)."""
    try:
        structure = packer(value)  # type: ignore[operator]
    except ValueError as error:
        return ("refused", str(error))
    return (structure.tag, *structure.fields)


@settings(max_examples=500, deadline=None)
@given(instants, zones)
def test_a_datetime_is_packed_as_the_driver_packs_it(moment: datetime, zone: object) -> None:
    value = moment.replace(tzinfo=zone) if not hasattr(zone, "localize") else zone.localize(moment)  # type: ignore[attr-defined]
    assert _packed(value, _bolt5_temporal.dehydrate_datetime) == _packed(value, _bolt5_temporal.driver_dehydrate_datetime)


@settings(max_examples=500, deadline=None)
@given(instants, st.integers(min_value=0, max_value=999), st.one_of(st.just(pytz.utc), fixed_offsets))
def test_a_driver_datetime_is_packed_as_the_driver_packs_it(moment: datetime, extra_nanoseconds: int,
                                                              zone: object) -> None:
    value = neo4j_time.DateTime.from_native(moment.replace(tzinfo=timezone.utc)).as_timezone(pytz.utc)
    value = value + neo4j_time.Duration(nanoseconds=extra_nanoseconds)
    if zone is not pytz.utc:
        value = value.as_timezone(zone)
    assert _packed(value, _bolt5_temporal.dehydrate_datetime) == _packed(value, _bolt5_temporal.driver_dehydrate_datetime)


def test_a_naive_or_zoned_datetime_takes_the_drivers_way() -> None:
    # (not a zoneinfo zone: the driver's own packing of one can crash the interpreter, driver 6.1)
    for value in (datetime(2024, 3, 4, 5, 6, 7, 891011), pytz.timezone("America/New_York").localize(datetime(2024, 7, 4, 12))):
        assert _packed(value, _bolt5_temporal.dehydrate_datetime) == _packed(value, _bolt5_temporal.driver_dehydrate_datetime)


def test_datetimes_sent_come_back_as_the_same_instants(graph) -> None:
    sent = [datetime(2024, 3, 4, 5, 6, 7, 891011, tzinfo=timezone(timedelta(hours=-5, minutes=-30))),
            datetime(1, 1, 1, tzinfo=timezone.utc), datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=timezone.utc),
            datetime(1969, 12, 31, 23, 59, 59, 1, tzinfo=timezone.utc)]
    rows = graph.read("RETURN $sent AS back, [d IN $sent | d.epochMillis] AS millis", {"sent": sent})
    back = rows[0]["back"]
    assert [value.to_native() if hasattr(value, "to_native") else value for value in back] == sent
    assert rows[0]["millis"] == [(value - datetime(1970, 1, 1, tzinfo=timezone.utc)) // timedelta(milliseconds=1)
                                 for value in sent]
    again = graph.read("RETURN $back AS again", {"back": back})[0]["again"]
    assert again == back


@settings(max_examples=500, deadline=None)
@given(st.integers(min_value=-62_135_596_800, max_value=253_402_300_799), st.integers(min_value=0, max_value=999_999_999),
       st.sampled_from([0, "UTC", 3600, -19800, "Europe/Paris"]))
def test_a_received_datetime_is_built_as_the_driver_builds_it(seconds: int, nanoseconds: int, zone: object) -> None:
    try:
        expected = _bolt5_temporal.driver_hydrate_datetime(seconds, nanoseconds, zone)
    except (ValueError, OverflowError) as error:
        expected = error
    try:
        built = _bolt5_temporal.hydrate_datetime(seconds, nanoseconds, zone)
    except (ValueError, OverflowError) as error:
        built = error
    if isinstance(expected, Exception):
        assert type(built) is type(expected)
    else:
        assert (repr(built), built.tzinfo) == (repr(expected), expected.tzinfo) and built == expected
        # what the unchecked constructors set directly (provgraph/graph/driver.py): the same as the checked ones derive
        assert (built.date().to_ordinal(), built.time().ticks) == (expected.date().to_ordinal(), expected.time().ticks)
