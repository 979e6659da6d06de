"""Status rows return their times as epoch microseconds (rules/epoch-us; the driver's DateTime hydration cost a
quarter of a verify request's Python time): the instant must be the driver's own, whatever the zone."""
from __future__ import annotations

from provgraph.base.times import native
from provgraph.base.values import from_epoch_us
from provgraph.cypher import RULES_DIR
from provgraph.cypher.include import expand
from provgraph.graph.connection import Graph

EPOCH_US = expand("/*INCLUDE epoch-us(x)*/", RULES_DIR).strip()


def test_epoch_microseconds_give_the_drivers_instant_in_any_zone(graph: Graph) -> None:
    texts = ["2024-01-01T00:03:00Z", "2024-06-30T23:59:59.123456789+02:00", "1969-12-31T23:59:59.5-05:30",
             "2024-07-01T12:00:00+02:00[Europe/Berlin]", "2026-12-02T10:00:00.000001Z"]
    rows = graph.read(f"UNWIND $texts AS text WITH datetime(text) AS x RETURN x AS driver, {EPOCH_US} AS us",
                      {"texts": texts})
    for row in rows:
        assert from_epoch_us(row["us"]) == native(row["driver"])
    [row] = graph.read(f"WITH null AS x RETURN {EPOCH_US} AS us")
    assert from_epoch_us(row["us"]) is None
