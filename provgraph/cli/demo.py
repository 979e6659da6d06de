"""`provgraph demo [FOLDER]`: the story `make demo` tells, from the installed package, into a folder it creates."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import click

from provgraph.base.errors import ProvgraphError
from provgraph.cli.server import progress_printer, server_options
from provgraph.graph.server import local

PACKAGED = Path(__file__).resolve().parent / "demo_story"  # the wheel's copy (setup.py)
CHECKOUT = Path(__file__).resolve().parents[2]  # a checkout or an editable install: examples/ itself


def story_root() -> Path:
    """The folder holding examples/story and examples/demo.sh."""
    for root in (PACKAGED, CHECKOUT):
        if (root / "examples" / "demo.sh").is_file() and (root / "examples" / "story").is_dir():
            return root
    raise ProvgraphError("this provgraph carries no demo story (examples/story): reinstall it from a wheel or a checkout")


def _cli() -> str:
    beside = Path(sys.executable).parent / "provgraph"
    return str(beside) if beside.is_file() else (shutil.which("provgraph") or "provgraph")


@click.command()
@click.argument("folder", type=click.Path(path_type=Path, file_okay=False), default=Path("provgraph-demo"))
@server_options
def demo(folder: Path, port: int, data_dir: Path | None) -> None:
    """Run the demo story (five stores, one nightly job) into FOLDER: its files, then its report.

    Starts the local server on --port unless NEO4J_URI names another; the graph there is wiped first, and refused
    if it holds stores the demo did not make (PROVGRAPH_DEMO_FORCE=1 wipes it anyway). Needs bash.
    """
    if folder.exists() and any(folder.iterdir()):
        raise ProvgraphError(f"{folder} exists and is not empty: give the demo a new folder")
    bash = shutil.which("bash")
    if not bash:
        raise ProvgraphError("the demo script needs bash")
    root = story_root()
    shutil.copytree(root / "examples" / "story", folder / "examples" / "story")
    shutil.copy(root / "examples" / "demo.sh", folder / "examples" / "demo.sh")
    environment = {**os.environ, "PROVGRAPH": _cli(), "PROVGRAPH_DEMO_OUT": str((folder / "provgraph-report").resolve())}
    if not os.environ.get("NEO4J_URI"):
        state = local.start(local.ServerOptions(port=port, data_dir=data_dir), progress=progress_printer())
        environment["NEO4J_URI"] = state.uri
    done = subprocess.run([bash, str(folder / "examples" / "demo.sh")], env=environment)
    if done.returncode != 0:
        raise ProvgraphError(f"the demo stopped (exit {done.returncode}); its files are in {folder}")
    click.echo(f"provgraph: the demo's story is in {folder / 'examples' / 'story'}, its report in {folder / 'provgraph-report'}",
               err=True)


COMMANDS = [demo]
