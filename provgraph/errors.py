"""Every error provgraph raises on purpose, and the one table that maps them to exit codes.

Exit codes (the same for every command): 0 success, 1 a finding, 2 usage or unusable
input, 3 database unreachable or refused. Messages are one line and never carry a password.
"""
from __future__ import annotations


class ProvgraphError(Exception):
    """Base class: `str(error)` is the one line a user sees."""

    exit_code = 2


class UsageError(ProvgraphError):
    """The command was called wrongly (bad option value, missing argument)."""

    exit_code = 2


class InputError(ProvgraphError):
    """Input that is unusable as a whole: missing path, not the format claimed."""

    exit_code = 2

    def __init__(self, path: object, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class ConfigError(ProvgraphError):
    """Settings that cannot work (bad URI scheme, bad number)."""

    exit_code = 2


class DatabaseUnavailable(ProvgraphError):
    """The database could not be reached or refused the connection or credentials."""

    exit_code = 3

    def __init__(self, uri: str, reason: str) -> None:
        super().__init__(f"cannot use Neo4j at {uri}: {reason}")
        self.uri = uri
        self.reason = reason


class QueryError(ProvgraphError):
    """A query was rejected by the database (syntax, read-only violation, missing param)."""

    exit_code = 2


class ServerError(ProvgraphError):
    """The local Neo4j server could not be installed, started or stopped."""

    exit_code = 2


class NotFound(ProvgraphError):
    """An id named on the command line is not in the graph."""

    exit_code = 2


class Finding(ProvgraphError):
    """Not a failure of provgraph: the check ran and found something (exit 1)."""

    exit_code = 1


def exit_code_for(error: BaseException) -> int:
    """The single place that turns an exception into a process exit code."""
    if isinstance(error, ProvgraphError):
        return error.exit_code
    return 2
