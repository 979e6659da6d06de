"""Driver wiring: one `Graph` per process wraps the Neo4j driver and maps its failures."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator, Mapping

import neo4j
from neo4j import GraphDatabase, RoutingControl
from neo4j import exceptions as neo4j_errors

from provgraph import cypher
from provgraph.config import Settings
from provgraph.errors import ConfigError, DatabaseUnavailable, ProvgraphError, QueryError

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


def database_error(error: neo4j_errors.Neo4jError, settings: Settings) -> ProvgraphError | None:
    """The errors that are about the settings, not the query: a database name the server does not have."""
    if getattr(error, "code", None) == _DATABASE_NOT_FOUND:
        return ConfigError(f"{settings.safe_uri} has no database {settings.database!r}: set NEO4J_DATABASE "
                           "(or --database) to one it has [default: neo4j]")
    return None


class Graph:
    """A connection to one Neo4j database. Use as a context manager or call `close()`."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        auth = (settings.username, settings.password) if settings.password else None
        try:
            self.driver: neo4j.Driver = GraphDatabase.driver(
                settings.uri, auth=auth, connection_timeout=10.0, max_connection_lifetime=3600,
                notifications_min_severity="OFF",  # schema hints on a fresh graph are not the user's business
            )
            self.driver.verify_connectivity()
        except _UNREACHABLE as error:
            raise DatabaseUnavailable(settings.safe_uri, _reason(error)) from None
        except neo4j_errors.Neo4jError as error:
            raise database_error(error, settings) or DatabaseUnavailable(settings.safe_uri, _reason(error)) from None

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
            raise database_error(error, self.settings) or QueryError(_reason(error)) from None

    def read(self, query: str, params: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Run a read query (READ routing, read transaction) and return rows as dicts."""
        with self._translate():
            records, _, _ = self.driver.execute_query(
                query, dict(params or {}), routing_=RoutingControl.READ, database_=self.settings.database
            )
        return [record.data() for record in records]

    def write(self, query: str, params: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Run a write query in one retried transaction and return rows as dicts."""
        with self._translate():
            records, _, _ = self.driver.execute_query(
                query, dict(params or {}), routing_=RoutingControl.WRITE, database_=self.settings.database
            )
        return [record.data() for record in records]

    def stream(self, query: str, params: Mapping[str, Any] | None = None, write: bool = False) -> Iterator[dict[str, Any]]:
        """Yield rows one at a time from a single transaction, so large results are never held at once."""
        access = neo4j.WRITE_ACCESS if write else neo4j.READ_ACCESS
        with self._translate():
            with self.driver.session(database=self.settings.database, default_access_mode=access) as session:
                with session.begin_transaction() as tx:
                    result = tx.run(query, dict(params or {}))
                    for record in result:
                        yield record.data()
                    tx.commit()

    def server_info(self) -> dict[str, Any]:
        rows = self.read(cypher.load("server_info").text)
        return rows[0] if rows else {}


def connect(settings: Settings | None = None) -> Graph:
    """Open a `Graph` for `settings` (default: environment, else the local server)."""
    return Graph(settings or Settings.from_env())
