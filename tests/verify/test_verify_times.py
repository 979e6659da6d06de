"""verify_requests returns its times as [epochSeconds, nanosecond, offsetSeconds] (the driver's DateTime hydration
cost a quarter of a request's Python time); `from_epoch` must give what the driver's own value gives."""
from __future__ import annotations

from provgraph.base.times import from_epoch, native
from provgraph.graph.connection import Graph

PARTS = ("CASE WHEN valueType(x) STARTS WITH 'ZONED DATETIME' THEN [x.epochSeconds, x.nanosecond, x.offsetSeconds] "
         "ELSE x END")


def test_epoch_parts_give_the_same_instant_offset_and_text_as_the_drivers_datetime(graph: Graph) -> None:
    texts = ["2024-01-01T00:03:00Z", "2024-06-30T23:59:59.123456789+02:00", "1969-12-31T23:59:59.5-05:30",
             "2024-07-01T12:00:00+02:00[Europe/Berlin]", "2026-12-02T10:00:00.000001Z"]
    rows = graph.read(f"UNWIND $texts AS text WITH datetime(text) AS x RETURN x AS driver, {PARTS} AS parts",
                      {"texts": texts})
    for row in rows:
        ours, theirs = from_epoch(row["parts"]), native(row["driver"])
        assert ours == theirs
        assert ours.isoformat() == theirs.isoformat()


def test_values_that_are_not_zoned_datetimes_pass_through(graph: Graph) -> None:
    [row] = graph.read(f"WITH null AS x RETURN {PARTS} AS none")
    assert from_epoch(row["none"]) is None
    [row] = graph.read(f"WITH date('2024-01-02') AS x RETURN {PARTS} AS day")
    assert from_epoch(row["day"]).isoformat() == "2024-01-02"
