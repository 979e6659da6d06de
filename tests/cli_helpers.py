"""The one in-process runner for `provgraph` commands (click's CliRunner) that CLI tests share."""
from __future__ import annotations

from click.testing import CliRunner, Result

from provgraph.cli import cli


def run(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Result:
    """Invoke `provgraph ARGS...`; an exception the CLI lets escape fails the test instead of hiding in `result`."""
    return CliRunner().invoke(cli, list(args), input=input, env=env, catch_exceptions=False)


__all__ = ["run"]
