"""Driver wiring: one `Graph` per process wraps the Neo4j driver and maps its failures.

`Graph` is the one way to the database: `read`/`write`/`stream` for one statement, `run` for one
statement with its columns and counters, and `transaction` for a unit of work of several
statements (a `Tx`: `rows` and `run`) with the driver's retry policy. Every one of them takes a query
by name (`graph.read("status", {"claims": ..., ...})`): it loads `provgraph/cypher/<name>.cypher`, checks the
parameters against the file's header and sends its wire text (`statement`); any other text is Cypher, sent as
given (the ad-hoc `provgraph query --cypher`, tests). Every driver error leaves here translated
by `_translate`, so nothing outside `provgraph/graph/` handles a driver exception.

Cluster-ready: every read runs in a READ transaction (a `neo4j://` routing driver sends it to a
secondary), every write in a WRITE one, and all of a Graph's sessions share one bookmark manager,
so a read sees every write this Graph committed before it (docs/cluster.md).
"""
from __future__ import annotations

import logging
import re
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, TypeVar

from provgraph import cypher
from provgraph.base.config import Settings
from provgraph.base.errors import ConfigError, DatabaseUnavailable, ProvgraphError, QueryError, SchemaMissing, WriteRefused
from provgraph.graph.driver import GraphDatabase, RoutingControl, neo4j, neo4j_errors, neo4j_graph
from provgraph.graph.plain import to_plain

_UNREACHABLE = (
    neo4j_errors.ServiceUnavailable,
    neo4j_errors.SessionExpired,
    neo4j_errors.AuthError,
    neo4j_errors.ConfigurationError,
    OSError,
)


def _reason(error: BaseException) -> str:
    if isinstance(error, neo4j_errors.AuthError):
        return "authentication failed (check NEO4J_USERNAME / NEO4J_PASSWORD)"
    if isinstance(error, (neo4j_errors.ServiceUnavailable, OSError)):
        return "server unreachable (is it running? try `provgraph server start`)"
    message = getattr(error, "message", None) or str(error) or type(error).__name__
    return message.splitlines()[0]


_DATABASE_NOT_FOUND = "Neo.ClientError.Database.DatabaseNotFound"
_ACCESS_MODE = "Neo.ClientError.Statement.AccessMode"  # a write in a read transaction
_NO_FULLTEXT_INDEX = re.compile(r"There is no such fulltext schema index: (\w+)")
KEY_RACE_RETRIES = 5  # two concurrent MERGEs of one new key: the loser runs its transaction again and then matches
COUNTERS = ("nodes_created", "nodes_deleted", "relationships_created", "relationships_deleted", "properties_set",
            "labels_added", "labels_removed", "indexes_added", "indexes_removed", "constraints_added",
            "constraints_removed")
T = TypeVar("T")
Runner = Callable[[str, Mapping[str, Any]], list[dict[str, Any]]]  # (query name, params) -> rows: Graph.read, Tx.rows
_QUERY_NAME = re.compile(r"[A-Za-z0-9_\-]+")
log = logging.getLogger(__name__)


def database_error(error: neo4j_errors.Neo4jError, settings: Settings) -> ProvgraphError | None:
    """The errors that are about the settings or the database, not the query: a database name the server does
    not have, a database whose provgraph schema lacks the full-text index."""
    if getattr(error, "code", None) == _DATABASE_NOT_FOUND:
        return ConfigError(f"{settings.safe_uri} has no database {settings.database!r}: set NEO4J_DATABASE "
                           "(or --database) to one it has [default: neo4j]")
    missing = _NO_FULLTEXT_INDEX.search(str(getattr(error, "message", None) or error))
    if missing:
        return SchemaMissing(settings.safe_uri, settings.database, f"full-text index {missing.group(1)}")
    return None


def statement(query: str, params: Mapping[str, Any] | None = None, *, explain: bool = False,
              columns: list[str] | None = None) -> str:
    """What the server is sent for `query`: for a query name, its file's wire text once `params` are checked
    against the file's header (UsageError: an unknown name, a parameter missing or not declared); any other
    text is Cypher, sent as given. `explain`: as an EXPLAIN (planned, not run: its columns); `columns` (the query's):
    its rows as one list (`cypher.collected`)."""
    if _QUERY_NAME.fullmatch(query):
        named = cypher.load(query)
        named.check(params or {})
        wired = named.wire
    else:
        wired = cypher.wire(query)
    if explain:
        return cypher.explained(wired)
    return wired if columns is None else cypher.collected(wired, columns)


@dataclass(frozen=True)
class Result:
    """One statement's answer: its column names, its rows (plain values in column order: provgraph/graph/plain.py)
    and what it changed."""

    columns: list[str]
    rows: list[list[Any]]
    counters: dict[str, int] = field(default_factory=dict)


_SCALARS = (str, int, float, bool, type(None))
_GRAPH_VALUES = (neo4j_graph.Node, neo4j_graph.Relationship, neo4j_graph.Path)


def _holds_graph_value(value: Any) -> bool:
    if isinstance(value, (list, tuple)):
        return bool(value) and any(type(item) not in _SCALARS and _holds_graph_value(item) for item in value)
    if isinstance(value, dict):
        return any(type(item) not in _SCALARS and _holds_graph_value(item) for item in value.values())
    return isinstance(value, _GRAPH_VALUES)


def _row(record: neo4j.Record) -> dict[str, Any]:
    """A record as a dict, as `record.data()` makes it (nodes, relationships and paths as plain values), but
    without data()'s copy of every value when none is a graph value: that copy was most of the time a status
    row took in Python (bench/HISTORY.md)."""
    values = record.values()
    for value in values:
        if type(value) not in _SCALARS and _holds_graph_value(value):
            return record.data()
    return dict(zip(record.keys(), values))


def _rows(result: neo4j.Result, plain: bool) -> Iterator[dict[str, Any]]:
    """The records as dicts; `plain`: the query returns no node, relationship or path anywhere in its rows, so
    none is searched for."""
    if plain:
        keys = result.keys()
        for record in result:
            yield dict(zip(keys, record.values()))
    else:
        for record in result:
            yield _row(record)


def _result(result: neo4j.Result) -> Result:
    columns = list(result.keys())
    rows = [[to_plain(value) for value in record.values()] for record in result]
    counters = result.consume().counters
    return Result(columns, rows, {name: getattr(counters, name) for name in COUNTERS if getattr(counters, name)})


class _Listed(list):
    """A list parameter whose repr is its length: the driver (6.1 to 6.4) formats every parameter with repr for a
    debug log line, even with debug logging off (2,000 status rows: ~90 ms of Python a statement)."""

    def __repr__(self) -> str:
        return f"<list of {len(self)}>"


def _sent(params: Mapping[str, Any] | None) -> dict[str, Any]:
    """`params` as the driver is given them: each list one whose repr is short (`_Listed`)."""
    return {name: _Listed(value) if type(value) is list else value for name, value in (params or {}).items()}


_COLUMNS: dict[str, list[str]] = {}  # query (name or text) -> its columns, as the server names them


def _columns(query: str, explain: Callable[[], list[str]]) -> list[str]:
    """The columns of `query`, found once per process by `explain` (an EXPLAIN: the server plans it, runs nothing)."""
    if query not in _COLUMNS:
        _COLUMNS[query] = explain()
    return _COLUMNS[query]


class Tx:
    """A statement runner inside one transaction of `Graph.transaction`; `query` is a name or text (`statement`)."""

    def __init__(self, tx: neo4j.ManagedTransaction) -> None:
        self._tx = tx

    def run(self, query: str, params: Mapping[str, Any] | None = None) -> Result:
        return _result(self._tx.run(statement(query, params), _sent(params)))

    def rows(self, query: str, params: Mapping[str, Any] | None = None, *, plain: bool = False,
             collected: bool = False) -> list[dict[str, Any]]:
        """The rows as dicts. `plain=True` for a query that returns no node, relationship or path anywhere in its
        rows (verify_requests): the rows are not searched for them, which was a sixth of a verify's Python time.
        `collected=True`, for such a query returning many rows: the server sends them as one list (`cypher.collected`)."""
        if collected:
            columns = _columns(query, lambda: list(self._tx.run(statement(query, params, explain=True), _sent(params)).keys()))
            return list(self._tx.run(statement(query, params, columns=columns), _sent(params)).single(strict=True)["rows"])
        return list(_rows(self._tx.run(statement(query, params), _sent(params)), plain))


def _query_error(error: neo4j_errors.Neo4jError) -> QueryError:
    if getattr(error, "code", None) == _ACCESS_MODE:
        return WriteRefused()
    return QueryError(f"query failed: {_reason(error)}")


class Graph:
    """A connection to one Neo4j database. Use as a context manager or call `close()`."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        auth = (settings.username, settings.password) if settings.password else None
        try:
            self.driver: neo4j.Driver = GraphDatabase.driver(
                settings.uri, auth=auth, connection_timeout=10.0, max_connection_lifetime=3600,
                max_transaction_retry_time=settings.retry_seconds,
                notifications_min_severity="OFF",  # schema hints on a fresh graph are not the user's business
            )
            self.driver.verify_connectivity()
        except _UNREACHABLE as error:
            raise DatabaseUnavailable(settings.safe_uri, _reason(error)) from None
        except neo4j_errors.Neo4jError as error:
            raise database_error(error, settings) or DatabaseUnavailable(settings.safe_uri, _reason(error)) from None

    def _session(self, access: str) -> neo4j.Session:
        """Every session of this Graph: READ or WRITE access, and the one bookmark manager (the driver's, which
        `execute_query` uses too) so each transaction starts after everything this Graph committed."""
        return self.driver.session(database=self.settings.database, default_access_mode=access,
                                   bookmark_manager=self.driver.execute_query_bookmark_manager)

    def __enter__(self) -> "Graph":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.driver.close()

    @contextmanager
    def _translate(self) -> Iterator[None]:
        try:
            yield
        except _UNREACHABLE as error:
            raise DatabaseUnavailable(self.settings.safe_uri, _reason(error)) from None
        except neo4j_errors.Neo4jError as error:
            raise database_error(error, self.settings) or _query_error(error) from None

    def read(self, query: str, params: Mapping[str, Any] | None = None, *,
             collected: bool = False) -> list[dict[str, Any]]:
        """Run a read query (a name or text: `statement`; READ routing, read transaction) and return rows as dicts.
        `collected=True` for a query returning many rows and no node, relationship or path anywhere in them: the
        server sends them as one list (`cypher.collected`)."""
        with self._translate():
            if collected:
                columns = _columns(query, lambda: list(self._execute(statement(query, params, explain=True), params).keys))
                records, _, _ = self._execute(statement(query, params, columns=columns), params)
                return list(records[0]["rows"])
            records, _, _ = self._execute(statement(query, params), params)
        return [_row(record) for record in records]

    def _execute(self, text: str, params: Mapping[str, Any] | None) -> neo4j.EagerResult:
        return self.driver.execute_query(
            text, _sent(params), routing_=RoutingControl.READ, database_=self.settings.database,
            bookmark_manager_=self.driver.execute_query_bookmark_manager,
        )

    def write(self, query: str, params: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Run a write query in one retried transaction (see `transaction`) and return rows as dicts."""
        return self.transaction(lambda tx: tx.rows(query, params), write=True)

    def stream(self, query: str, params: Mapping[str, Any] | None = None, write: bool = False, *,
               plain: bool = False) -> Iterator[dict[str, Any]]:
        """Yield rows one at a time from a single transaction, so large results are never held at once. `plain=True`
        for a query that returns no node, relationship or path anywhere in its rows, as `Tx.rows` takes it."""
        access = neo4j.WRITE_ACCESS if write else neo4j.READ_ACCESS
        text = statement(query, params)
        with self._translate():
            with self._session(access) as session:
                with session.begin_transaction() as tx:
                    yield from _rows(tx.run(text, _sent(params)), plain)
                    tx.commit()

    def stream_values(self, query: str, params: Mapping[str, Any] | None = None) -> Iterator[tuple[Any, ...]]:
        """Yield the column names of a read query as one tuple, then each row as a plain tuple of values in that order,
        from one transaction: no dict is built and no value searched, for a query that returns only plain values (no
        node, relationship or path, no time or point: a value the driver could not build would not raise here), read
        a row at a time over many rows (the status of every claim)."""
        text = statement(query, params)
        with self._translate():
            with self._session(neo4j.READ_ACCESS) as session:
                with session.begin_transaction() as tx:
                    result = tx.run(text, _sent(params))
                    yield tuple(result.keys())
                    # the values as a plain tuple, sliced in C: a Record's own indexing and iteration run in Python
                    # (key lookup, a check per value), a few microseconds a row over 40 columns
                    values, everything = tuple.__getitem__, slice(None)
                    for record in result:
                        yield values(record, everything)
                    tx.commit()

    def run(self, query: str, params: Mapping[str, Any] | None = None, *, write: bool = False) -> Result:
        """One statement with its columns and counters: in a read transaction the server enforces, or with
        `write` in an auto-commit transaction (so `CALL { } IN TRANSACTIONS` may run). A write in read mode
        raises WriteRefused."""
        text = statement(query, params)
        with self._translate():
            with self._session(neo4j.WRITE_ACCESS if write else neo4j.READ_ACCESS) as session:
                if write:
                    return _result(session.run(text, _sent(params)))
                with session.begin_transaction() as tx:
                    answer = _result(tx.run(text, _sent(params)))
                    tx.commit()
                    return answer

    def transaction(self, work: Callable[[Tx], T], *, write: bool = False) -> T:
        """Run `work(tx)` in one managed transaction with the driver's retry policy (transient errors, a lost
        leader) and return its result. A write that loses a uniqueness race on MERGE to a concurrent writer is
        run again (`work` must be idempotent; the next attempt matches what the other created)."""
        def unit(tx: neo4j.ManagedTransaction) -> T:
            return work(Tx(tx))

        with self._translate():
            with self._session(neo4j.WRITE_ACCESS if write else neo4j.READ_ACCESS) as session:
                if not write:
                    return session.execute_read(unit)
                for attempt in range(KEY_RACE_RETRIES):
                    try:
                        return session.execute_write(unit)
                    except neo4j_errors.ConstraintError:
                        log.info("a concurrent writer created the same key first; retrying the write (%d)", attempt + 1)
                        time.sleep(0.05 * (attempt + 1))
                return session.execute_write(unit)

    def server_info(self) -> dict[str, Any]:
        rows = self.read("server_info")
        return rows[0] if rows else {}


def bolt_answers(uri: str, password: str | None = None) -> bool:
    """True once a query runs at `uri` (the local server's start-up probe, before any Graph exists). With a
    password, only a query run as neo4j counts (the launcher sets the password after Bolt opens); without
    one, a server that refuses us for want of credentials is up."""
    try:
        auth = ("neo4j", password) if password else None
        with GraphDatabase.driver(uri, auth=auth, connection_timeout=2.0) as driver:
            with driver.session() as session:  # a plain session: no retry loop, no retry logging
                session.run(statement("ping")).consume()
        return True
    except neo4j_errors.AuthError:
        return password is None
    except (neo4j_errors.Neo4jError, neo4j_errors.DriverError, OSError):
        return False


def connect(settings: Settings | None = None) -> Graph:
    """Open a `Graph` for `settings` (default: environment, else the local server)."""
    return Graph(settings or Settings.from_env())
