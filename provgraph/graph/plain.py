"""The driver's values as plain JSON-friendly Python: what `Graph.run` hands back for a statement's rows (the ad-hoc
`provgraph cypher`, a named query run by `provgraph query`), so that no layer above `provgraph/graph/` meets a
driver type.

A node is its properties plus `_labels`, a relationship its properties plus `_type`, `_start` and `_end` (the end
nodes' `uid` or `name` when the row carries them, else their element ids), a path is the list of its nodes and
relationships in order, temporal values are ISO 8601 strings, durations ISO 8601 durations, points
`{srid, x, y[, z]}`, bytes hex, a float that is not finite its text.
"""
from __future__ import annotations

import math
from datetime import date, datetime, time, timedelta
from typing import Any, Mapping

from provgraph.graph.driver import neo4j_graph, neo4j_spatial, neo4j_time

_KEY_PROPERTIES = ("uid", "name")


def _end_key(node: neo4j_graph.Node | None) -> Any:
    if node is None:
        return None
    for key in _KEY_PROPERTIES:
        if key in node:
            return node[key]
    return node.element_id


def to_plain(value: Any) -> Any:
    """A driver value as plain JSON-friendly Python (see the module docstring)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, neo4j_graph.Node):
        return {"_labels": sorted(value.labels), **{k: to_plain(v) for k, v in value.items()}}
    if isinstance(value, neo4j_graph.Relationship):
        return {"_type": value.type, "_start": _end_key(value.start_node), "_end": _end_key(value.end_node),
                **{k: to_plain(v) for k, v in value.items()}}
    if isinstance(value, neo4j_graph.Path):
        return _path_items(value)
    if isinstance(value, (neo4j_time.DateTime, neo4j_time.Date, neo4j_time.Time)):
        try:
            return value.to_native().isoformat()  # microseconds: what JSON and Python readers expect
        except (ValueError, OverflowError):
            return value.iso_format()
    if isinstance(value, neo4j_time.Duration):
        return value.iso_format()
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    if isinstance(value, timedelta):
        return str(value)
    if isinstance(value, neo4j_spatial.Point):
        point = {"srid": value.srid, "x": value[0], "y": value[1]}
        if len(value) > 2:
            point["z"] = value[2]
        return point
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, Mapping):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    return str(value)


def _path_items(path: neo4j_graph.Path) -> list[Any]:
    """Nodes and relationships of a path in walking order."""
    items: list[Any] = []
    for index, node in enumerate(path.nodes):
        items.append(to_plain(node))
        if index < len(path.relationships):
            items.append(to_plain(path.relationships[index]))
    return items


__all__ = ["to_plain"]
