"""provgraph over the Model Context Protocol: the checks as tools an agent calls, lineage as resources.

A thin layer over the Python API: every tool calls one method of `Provgraph` (`verify`,
`verify_many`, `lineage`, `conflicts`) or one engine function (`status`, `explore.named_query`, `explore.run_cypher`)
and answers with the same JSON text the CLI prints (`--format json`), plus that JSON as
`structuredContent`. Nothing here writes to the graph: `cypher` runs in a read transaction the
server enforces, and the pipeline's `// mode: write` statements are not offered.

Errors are MCP errors, never tracebacks: a provgraph error (unknown claim, bad Cypher, a write
refused, database unreachable) is a tool result with `isError` and the one line the CLI would
print; an unknown resource is a JSON-RPC error. The database connection opens on first use
and again after the database went away, so the server starts (and lists its tools) with the
database down. The tools' input shapes are provgraph/mcp/inputs.py; how a tool runs on that
connection and answers, provgraph/mcp/link.py.
"""
from __future__ import annotations

import inspect
import json
import logging
from importlib import metadata
from typing import Annotated, Any, Callable

from mcp.server.auth.provider import TokenVerifier
from mcp.server.auth.settings import AuthSettings
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError
from mcp.server.mcpserver.resources.templates import ResourceSecurity
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import Field

from provgraph.api import Provgraph
from provgraph.base.config import Settings
from provgraph.base.errors import NotFound, ProvgraphError, UsageError
from provgraph.base.times import parse_moment
from provgraph.engine import queries as explore
from provgraph.engine import status as status_api
from provgraph.graph.connection import Graph, connect
from provgraph.mcp.access import Access
from provgraph.mcp.arguments import OneLineErrors
from provgraph.mcp.cites import cited_in_tool
from provgraph.mcp.inputs import At, Candidates, Evidence, Params, Scope, StatusName, Subject, VerifyRequest, evidence_of
from provgraph.mcp.link import Link, answer, tool_call

SERVER_NAME = "provgraph"
DEFAULT_PORT = 8765  # streamable HTTP, on 127.0.0.1 (also in cli/mcp.py, which must not import the SDK early)
DEFAULT_STATUS_LIMIT = 1000
LINEAGE_TEMPLATE = "provgraph://lineage/{claim}"
STATUS_TEMPLATE = "provgraph://status/{claim}"
QUERIES_URI = "provgraph://queries"
WRITE_REFUSED = "this query writes; the MCP cypher tool is read-only (run it with `provgraph cypher --write`)"

INSTRUCTIONS = """provgraph tells whether the source an answer cites still governs.
Before answering from retrieved records, call `verify` with the ids the answer cites as evidence and the ids
the retriever considered as candidates: only SUPPORTED_BY_CURRENT_SOURCE may support a current answer.
REVISION_CLOSURE_INCOMPLETE lists in `missing` the claims to fetch before answering again; STALE_EVIDENCE
names the successors to cite instead. `status`, `lineage` and `conflicts` explain a claim; `list_queries`,
`query` and read-only `cypher` explore the graph."""

_READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)


def _queries() -> list[dict[str, Any]]:
    readable, _ = explore.list_queries()
    return [{"name": q.name, "description": q.description, "params": dict(q.params)} for q in readable]


# -- the server ---------------------------------------------------------------------------------

def build_server(settings: Settings | None = None, *, token_verifier: TokenVerifier | None = None,
                 auth: AuthSettings | None = None, opener: Callable[[Settings], Graph] = connect) -> tuple[MCPServer, Link]:
    """The MCP server over the graph at `settings` (default: the environment), and its connection to close.

    `token_verifier` and `auth` are the SDK's bearer-token hooks (provgraph/mcp/http.py); `opener` opens the graph.
    """
    link = Link(settings or Settings.from_env(), opener)
    try:
        version = metadata.version("provgraph")
    except metadata.PackageNotFoundError:
        version = "0"
    server = OneLineErrors(SERVER_NAME, title="provgraph", version=version, instructions=INSTRUCTIONS, log_level="WARNING",
                           token_verifier=token_verifier, auth=auth)

    def tool(fn: Callable[..., CallToolResult]) -> Callable[..., CallToolResult]:
        return server.tool(description=inspect.cleandoc(fn.__doc__ or ""), annotations=_READ_ONLY)(fn)

    @tool
    def verify(evidence: Evidence, candidates: Candidates = None, scope: Scope = None, at: At = None,
               subject: Subject = None) -> CallToolResult:
        """Does the evidence an answer cites still govern? The verdict JSON of `provgraph verify --format json`.

        Verdicts, in order: SNAPSHOT_UNBOUND, CANDIDATE_SET_UNBOUND, REVISION_CLOSURE_INCOMPLETE, CURRENTNESS_CONFLICT,
        STALE_EVIDENCE, OUT_OF_SCOPE, CURRENT_STATE_UNKNOWN, SUPPORTED_BY_CURRENT_SOURCE (the only one that supports
        a current answer). An unknown id is a verdict (SNAPSHOT_UNBOUND), not an error.
        """
        items = [evidence_of(item) for item in evidence]

        def work(graph: Graph) -> CallToolResult:
            verdict = Provgraph(graph).verify(items, candidates, scope=scope, at=at, subject=subject)
            return answer(verdict.to_json(indent=2), verdict.to_dict())

        return tool_call(link, work)

    @tool
    def verify_batch(requests: Annotated[list[VerifyRequest], Field(min_length=1)]) -> CallToolResult:
        """Many verify questions over one session: the JSONL of `provgraph verify --batch`, one verdict per request.

        Each verdict carries "line" (the request's 1-based position) and the request's "id" when it has one;
        structuredContent is {"verdicts": [...]}.
        """
        wanted = [request.to_request() for request in requests]

        def work(graph: Graph) -> CallToolResult:
            answers = Provgraph(graph).verify_many(wanted)
            return answer("".join(a.to_json() + "\n" for a in answers), {"verdicts": [a.to_dict() for a in answers]})

        return tool_call(link, work)

    @tool
    def status(ids: Annotated[list[str] | None, Field(description="Claim uids or aliases (default: every claim)")] = None,
               scope: Scope = None, at: At = None,
               subject: Annotated[str | None, Field(description="Only claims about this subject")] = None,
               only: Annotated[list[StatusName] | None, Field(description="Only these statuses")] = None,
               limit: Annotated[int, Field(ge=1, le=100_000, description="At most this many claims")] = DEFAULT_STATUS_LIMIT,
               ) -> CallToolResult:
        """Status of claims: ACTIVE, STALE, CONFLICT or UNKNOWN with the reason, as `provgraph status --format json`.

        structuredContent is {"claims": [...], "truncated": bool}; narrow with ids, only or subject when truncated.
        """

        def work(graph: Graph) -> CallToolResult:
            moment = parse_moment(at, missing="none")
            if ids:
                rows = status_api.status(graph, list(ids), scope=scope, at=moment, subject=subject, only=only)
            else:
                rows = []
                for row in status_api.iter_status(graph, scope=scope, at=moment, subject=subject, only=only):
                    rows.append(row)
                    if len(rows) > limit:
                        break
            truncated = len(rows) > limit
            rows = rows[:limit]
            text = "".join(status_api.json_array(rows))
            return answer(text, {"claims": [row.to_dict() for row in rows], "truncated": truncated})

        return tool_call(link, work)

    @tool
    def lineage(claim: Annotated[str, Field(description="Claim uid or alias")], scope: Scope = None,
                at: At = None) -> CallToolResult:
        """Lineage of one claim (predecessors, successors, premises, rivals, adjudications, citations), as
        `provgraph lineage ID --format json`. An unknown id is an error."""

        def work(graph: Graph) -> CallToolResult:
            view = Provgraph(graph).lineage(claim, scope=scope, at=at)
            return answer(view.to_json(), view.to_dict())

        return tool_call(link, work)

    @tool
    def conflicts(scope: Scope = None, at: At = None) -> CallToolResult:
        """Unresolved conflicts (rival claims, explicit conflicts, revision cycles) with the commands that would
        resolve each, as `provgraph conflicts --format json`; structuredContent is {"conflicts": [...]}."""

        def work(graph: Graph) -> CallToolResult:
            found = Provgraph(graph).conflicts(scope=scope, at=at)
            return answer(found.to_json(), {"conflicts": [c.to_dict() for c in found]})

        return tool_call(link, work)

    tool(cited_in_tool(link))

    @tool
    def list_queries() -> CallToolResult:
        """The named queries `query` runs: name, description and parameters (the pipeline's writes are left out)."""
        found = _queries()
        return answer(json.dumps(found, indent=2, ensure_ascii=False), {"queries": found})

    @tool
    def query(name: Annotated[str, Field(description="A name from list_queries")], params: Params = None) -> CallToolResult:
        """Run a named query (a .cypher file of provgraph) read-only, as `provgraph query NAME --format json`.

        Every declared parameter must be given (null where allowed); a (DateTime) parameter takes ISO 8601,
        epoch milliseconds or "now". structuredContent is {"columns": [...], "rows": [{column: value}]}.
        """

        def work(graph: Graph) -> CallToolResult:
            readable = {q["name"] for q in _queries()}
            if name not in readable:
                raise UsageError(f"no named query {name!r} (call list_queries)")
            result = explore.named_query(graph, name, params or {})
            return answer(explore.to_json(result), {"columns": result.columns, "rows": result.records()})

        return tool_call(link, work)

    @tool
    def cypher(query: Annotated[str, Field(description="One Cypher statement; values as $parameters")],
               params: Params = None) -> CallToolResult:
        """Run ad-hoc Cypher read-only, as `provgraph cypher QUERY --format json`. The database refuses any write
        (the statement runs in a read transaction) and nothing changes. structuredContent is
        {"columns": [...], "rows": [{column: value}]}."""

        def work(graph: Graph) -> CallToolResult:
            try:
                result = explore.run_cypher(graph, query, params or {}, write=False)
            except ProvgraphError as error:
                if str(error) == explore.WRITE_REFUSED:
                    raise type(error)(WRITE_REFUSED) from None
                raise
            return answer(explore.to_json(result), {"columns": result.columns, "rows": result.records()})

        return tool_call(link, work)

    # Claim ids are not file paths (`adr:../x.md` is a fine alias), so the SDK's path checks do not apply.
    any_claim = ResourceSecurity(exempt_params={"claim"})

    def _read(work: Callable[[Graph], str]) -> str:
        try:
            return link.run(work)
        except NotFound as error:
            raise ResourceNotFoundError(str(error)) from None
        except ProvgraphError as error:
            raise ResourceError(str(error)) from None

    @server.resource(LINEAGE_TEMPLATE, name="lineage", mime_type="application/json", security=any_claim)
    def lineage_resource(claim: str) -> str:
        """A claim's lineage now, as `provgraph lineage ID --format json` (percent-encode the id: / is %2F)."""
        return _read(lambda graph: Provgraph(graph).lineage(claim).to_json())

    @server.resource(STATUS_TEMPLATE, name="status", mime_type="application/json", security=any_claim)
    def status_resource(claim: str) -> str:
        """A claim's status now, as `provgraph status ID --format json`."""
        return _read(lambda graph: "".join(status_api.json_array(status_api.status(graph, [claim]))))

    @server.resource(QUERIES_URI, name="queries", mime_type="application/json")
    def queries_resource() -> str:
        """The named queries with their descriptions and parameters."""
        return json.dumps(_queries(), indent=2, ensure_ascii=False)

    return server, link


def serve(settings: Settings | None = None, *, http: bool = False, host: str = "127.0.0.1", port: int = DEFAULT_PORT,
          path: str = "/mcp", access: Access | None = None, ready: Callable[[str], None] | None = None) -> None:
    """Serve over stdio until the client hangs up, or over streamable HTTP until SIGINT/SIGTERM.

    HTTP listens on `host:port` (port 0: any free port) and asks of each request what `access` says (a bearer
    token, an allowed Origin); `ready(url)` is called once it accepts connections. A port that cannot be bound
    raises `UsageError` before anything is served.
    """
    import anyio

    _one_line_logging()
    if not http:
        server, link = build_server(settings)
        try:
            anyio.run(server.run_stdio_async)
        finally:
            link.close()
        return
    from provgraph.mcp import http as web

    access = access or Access()
    listener = web.listen(host, port)
    url = web.url_of(listener, host, path)
    verifier = web.StaticToken(access.token) if access.token else None
    server, link = build_server(settings, token_verifier=verifier, auth=web.auth_settings(url) if verifier else None)
    try:
        app = server.streamable_http_app(streamable_http_path=path, host=host, transport_security=web.transport_security(access))
        anyio.run(web.serve_http, web.OriginGuard(app, access), listener, lambda: ready(url) if ready else None)
    finally:
        link.close()


class _NoTraceback(logging.Formatter):
    """Log records as one line: a traceback the SDK attaches stays out of the user's terminal."""

    def format(self, record: logging.LogRecord) -> str:
        return "provgraph mcp: " + record.getMessage().splitlines()[0] if record.getMessage() else "provgraph mcp:"


def _one_line_logging() -> None:
    handler = logging.StreamHandler()  # stderr: stdout is the stdio transport's
    handler.setFormatter(_NoTraceback())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)


__all__ = ["DEFAULT_PORT", "DEFAULT_STATUS_LIMIT", "LINEAGE_TEMPLATE", "SERVER_NAME", "build_server", "serve"]
