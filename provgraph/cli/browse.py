"""`provgraph browse`: Neo4j Browser on the local server, connected, with provgraph's guide."""
from __future__ import annotations

import json
import webbrowser
from pathlib import Path

import click

from provgraph.base.errors import ServerError
from provgraph.browser import browser_url, guide_url
from provgraph.cli.server import ask_password, http_port_option, progress_printer, server_options
from provgraph.graph.server import local


@click.command()
@server_options
@http_port_option
@click.option("--open", "open_it", is_flag=True, help="Open the URL in the default web browser too")
@click.option("--timeout", type=float, default=180.0, show_default=True, help="Seconds to wait for the server")
@click.option("--json", "as_json", is_flag=True, help="Print the URLs and the server as JSON")
@click.option("--auth", is_flag=True, help="If it starts the server: require a password, as `server start --auth`")
def browse(port: int, data_dir: Path | None, http_port: int, open_it: bool, timeout: float, as_json: bool,
           auth: bool) -> None:
    """Print the URL of Neo4j Browser on the local server, connected, starting the server if needed.

    After connecting, the Browser plays provgraph's guide: the status, lineage (drawn as a graph)
    and conflicts queries for a claim you choose with :params.
    """
    if not http_port:
        raise ServerError("Neo4j Browser needs the HTTP connector: give --http-port a port, not 0")
    options = local.ServerOptions(port=port, data_dir=data_dir, http_port=http_port, timeout=timeout, auth=auth,
                                  password=ask_password(auth))
    state = local.status(options)
    if not state.running:
        state = local.start(options, progress=progress_printer())
    if not state.http_port:
        raise ServerError(f"the server on port {port} runs without its HTTP connector: restart it with "
                          f"`provgraph server stop --port {port}` and `provgraph browse --port {port}`")
    asked = click.get_current_context().get_parameter_source("http_port") != click.core.ParameterSource.DEFAULT
    if asked and state.http_port != http_port:
        raise ServerError(f"the server on port {port} serves Neo4j Browser on HTTP port {state.http_port}, not "
                          f"{http_port}: run `provgraph browse --port {port} --http-port {state.http_port}`, or stop "
                          f"the server (`provgraph server stop --port {port}`) to move it")
    url = browser_url(state)
    if as_json:
        click.echo(json.dumps({"url": url, "guide": guide_url(state.http_port), "server": state.to_dict()},
                              sort_keys=True))
    else:
        click.echo(url)
    if open_it and not webbrowser.open(url):
        raise ServerError("found no web browser to open; open the URL above yourself")


COMMANDS = [browse]
