"""`provgraph server start|stop|status`: the local Neo4j."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable

import click

from provgraph import server as local
from provgraph.config import DEFAULT_PORT


def _server_options(command: Callable[..., Any]) -> Callable[..., Any]:
    command = click.option("--port", type=int, default=DEFAULT_PORT, show_default=True, help="Bolt port on 127.0.0.1")(command)
    command = click.option("--data", "data_dir", type=click.Path(path_type=Path), default=None,
                           help="Data directory [default: $PROVGRAPH_HOME/data]")(command)
    return command


def _show(state: local.ServerState, as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(state.to_dict(), sort_keys=True))
    elif state.running:
        click.echo(f"running  {state.uri}  Neo4j {state.version}  pid {state.pid}  data {state.data_dir}")
    else:
        click.echo(f"stopped  (data {state.data_dir})")


@click.group()
def server() -> None:
    """Run a local Neo4j (Community 5.26, embedded, Bolt on 127.0.0.1)."""


@server.command()
@_server_options
@click.option("--heap", default="2g", show_default=True, help="JVM heap")
@click.option("--pagecache", default="1g", show_default=True, help="Neo4j page cache")
@click.option("--tx-memory", default="1g", show_default=True, help="Memory all transactions may use")
@click.option("--timeout", type=float, default=180.0, show_default=True, help="Seconds to wait for Bolt")
@click.option("--json", "as_json", is_flag=True, help="Print the state as JSON")
@click.option("--auth", is_flag=True,
              help=f"Require a password (user neo4j): taken from ${local.PASSWORD_ENV}, else asked for (hidden)")
def start(port: int, data_dir: Path | None, heap: str, pagecache: str, tx_memory: str, timeout: float, as_json: bool,
          auth: bool) -> None:
    """Start the server (fetching Neo4j once) and wait until Bolt answers. Idempotent."""
    password = None
    if auth and not os.environ.get(local.PASSWORD_ENV):
        password = click.prompt("Password to set for user neo4j", hide_input=True, confirmation_prompt=True, err=True)
    options = local.ServerOptions(port=port, heap=heap, pagecache=pagecache, tx_memory=tx_memory, data_dir=data_dir,
                                  timeout=timeout, auth=auth, password=password)
    if not as_json and not local.runtime_dir().joinpath(".installed").exists():
        click.echo(f"fetching Neo4j {local.NEO4J_VERSION} jars into {local.runtime_dir()} (once) ...", err=True)
    state = local.start(options)
    if as_json:
        _show(state, True)
    else:
        click.echo(state.uri)


@server.command()
@_server_options
@click.option("--json", "as_json", is_flag=True)
def stop(port: int, data_dir: Path | None, as_json: bool) -> None:
    """Shut the server down cleanly."""
    _show(local.stop(local.ServerOptions(port=port, data_dir=data_dir)), as_json)


@server.command()
@_server_options
@click.option("--json", "as_json", is_flag=True)
def status(port: int, data_dir: Path | None, as_json: bool) -> None:
    """Tell whether the server runs, where, and its version."""
    _show(local.status(local.ServerOptions(port=port, data_dir=data_dir)), as_json)


COMMANDS = [server]
