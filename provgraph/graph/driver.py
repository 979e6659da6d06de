"""The Neo4j driver, imported in this one place for the rest of provgraph/graph/ (and the value types for the engine).

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

__all__ = ["GraphDatabase", "RoutingControl", "neo4j", "neo4j_errors", "neo4j_graph", "neo4j_spatial", "neo4j_time"]
