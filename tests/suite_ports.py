"""The ports of the suite's servers. Under pytest-xdist each worker has a server of its own: worker N (gwN) listens on
the port a variable names + N, or on the Nth port of a comma-separated list (a machine where the next port is another
user's); without xdist the worker is 0."""
from __future__ import annotations

import os

import pytest

DEFAULT_PORT = 7688


def worker() -> int:
    """This pytest-xdist worker's number; 0 without xdist."""
    return int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))


def worker_port(variable: str) -> int | None:
    """This worker's port from `variable`; None when it is not set."""
    if not os.environ.get(variable):
        return None
    ports = [int(port) for port in os.environ[variable].split(",")]
    if len(ports) == 1:
        return ports[0] + worker()
    if worker() >= len(ports):
        pytest.exit(f"{variable} lists {len(ports)} ports, too few for pytest-xdist worker {worker()}", 2)
    return ports[worker()]


def suite_port() -> int:
    """This worker's server's Bolt port (PROVGRAPH_TEST_PORT, default 7688)."""
    return worker_port("PROVGRAPH_TEST_PORT") or DEFAULT_PORT + worker()
