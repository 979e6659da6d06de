"""Arguments of the wrong type answer in one line: the SDK reports them with pydantic's multi-line dump, which
the README's promise (every error one line) does not allow. The values given are left out, as the SDK's own
log does: they are the caller's data."""
from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import ValidationError


def one_line(tool: str, error: ValidationError) -> str:
    """`provgraph: invalid arguments for verify: evidence: Input should be a valid list; at: ...` (field: reason, each once)."""
    reasons = dict.fromkeys(f"{'.'.join(str(part) for part in item['loc']) or 'arguments'}: {item['msg']}"
                            for item in error.errors(include_input=False, include_url=False))
    return f"provgraph: invalid arguments for {tool}: " + "; ".join(" ".join(reason.split()) for reason in reasons)


class OneLineErrors(MCPServer):
    """The SDK's server, with argument validation failures as one-line tool errors."""

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as error:
            if isinstance(error.__cause__, ValidationError):
                raise ToolError(one_line(name, error.__cause__)) from error.__cause__
            raise
