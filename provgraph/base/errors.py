"""Every error provgraph raises on purpose, and the one table that maps them to exit codes.

Exit codes (the same for every command), the one table:

    0    success
    1    a finding (quarantined records, an unsupported verdict, --fail-on tripped)
    2    usage or unusable input (bad option or setting, unusable file)
    3    database unreachable or refused
    70   internal error: a bug in provgraph (the traceback only with --debug / PROVGRAPH_DEBUG=1)
    74   cannot write the output (disk full, output device error)
    141  stdout closed early (`provgraph status | head -1`): ends quietly, as SIGPIPE would

Messages are one line and never carry a password.
"""
from __future__ import annotations

import errno

EXIT_OK = 0
EXIT_CHECK_FAILED = 1
EXIT_USAGE = 2
EXIT_DATABASE = 3
EXIT_CRASH = 70
EXIT_OUTPUT = 74
EXIT_BROKEN_PIPE = 141


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


class WriteRefused(QueryError):
    """A statement that writes was run in a read-only transaction."""

    def __init__(self, message: str = "this query writes; re-run with --write") -> None:
        super().__init__(message)


class SchemaMissing(ProvgraphError):
    """A read against a database that holds no provgraph schema (nothing ingested there yet)."""

    exit_code = 2

    def __init__(self, uri: str, database: str, missing: str = "") -> None:
        what = f"has no {missing}" if missing else "holds no provgraph schema or data"
        super().__init__(f"database {database!r} at {uri} {what}: run `provgraph init` "
                         "(or ingest something: every command that writes installs the schema)")


class ServerError(ProvgraphError):
    """The local Neo4j server could not be installed, started or stopped."""

    exit_code = 2


class NotFound(ProvgraphError):
    """An id named on the command line is not in the graph."""

    exit_code = 2


class OutputError(ProvgraphError):
    """The output could not be written (disk full, I/O error on stdout or an --out file)."""

    exit_code = EXIT_OUTPUT


class CheckFailed(ProvgraphError):
    """Not a failure of provgraph: the check ran and found something (exit 1).

    Named apart from the graph's `Finding` nodes (a log rewrite, a one-sided link), which are data.
    """

    exit_code = EXIT_CHECK_FAILED


def is_broken_pipe(error: BaseException) -> bool:
    return isinstance(error, BrokenPipeError) or (isinstance(error, OSError) and error.errno == errno.EPIPE)


def output_error(error: OSError) -> OutputError | None:
    """An OSError that means the output cannot be written, as a one-line OutputError; else None."""
    if error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG):
        where = f" ({error.filename})" if error.filename else ""
        return OutputError(f"cannot write output{where}: {error.strerror or error}")
    return None


def exit_code_for(error: BaseException) -> int:
    """The single place that turns an exception into a process exit code."""
    if isinstance(error, ProvgraphError):
        return error.exit_code
    if is_broken_pipe(error):
        return EXIT_BROKEN_PIPE
    if isinstance(error, OSError) and output_error(error) is not None:
        return EXIT_OUTPUT
    return EXIT_CRASH
