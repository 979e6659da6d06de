"""Where each `provgraph` command lives, so the CLI imports a command's module only when that command is asked for."""
from __future__ import annotations

import importlib
from typing import Any, Iterator, Mapping, MutableMapping

import click

# Every command and the first sentence of its help, which `provgraph --help` lists without importing the command's
# module (tests/test_cli_start.py checks they agree). A module is imported when its command runs, so `provgraph --help`
# and a usage error never load the driver.
LAZY_COMMANDS: dict[str, str] = {
    "adjudicate": "Record which of two claims governs (--keep/--retire), that two suspects are distinct (--distinct A B), that one relates to or "
                  "depends on the other (--relates A B, --depends-on A B), or revoke such a decision (--revoke ADJ).",
    "browse": "Print the URL of Neo4j Browser on the local server, connected, starting the server if needed.",
    "changes": "Every claim whose status differs between two instants: before, after, when it changed, and the record, commit and author that "
               "changed it (the account of its status at --to).",
    "check": "Compare every claim's stored status with the full computation; exit 1 on any drift.",
    "conflicts": "Unresolved conflicts (rival claims, explicit conflicts, revision cycles) and what would resolve each.",
    "cypher": "Run ad-hoc Cypher.",
    "demo": "Run the demo story (five stores, one nightly job) into FOLDER: its files, then its report.",
    "export": "Export the graph as a W3C PROV document (sources, snapshots with their authors, claims with their status at --at, revisions, "
              "adjudications with who decided).",
    "formats": "Record formats: propose a declaration for a folder of records, or list the presets provgraph ships.",
    "ingest": "Read decision records, tickets, logs or board cards into the graph.",
    "init": "Install provgraph's constraints and indexes (safe to re-run).",
    "lineage": "Lineage of one claim: predecessors, successors, premises, rivals, adjudications, citations.",
    "mcp": "Serve an MCP server: tools verify, verify_batch, status, lineage, conflicts, cited_in, list_queries, query, cypher (read-only) and "
           "resources provgraph://lineage/{claim}, provgraph://status/{claim}, provgraph://queries.",
    "query": "Run a named query from provgraph/cypher/ (see --list); --print shows the text that runs, for cypher-shell.",
    "report": "Staleness report: counts per status and store, what changed since the previous run, lineage diagrams.",
    "reset": "Wipe all provgraph data (schema stays).",
    "scan": "Find citations of decisions in code, docs and configs, and list those that no longer govern.",
    "server": "Run a local Neo4j (Community 5.26: Bolt and Neo4j Browser on 127.0.0.1).",
    "site": "Write a static website of every decision (open OUT/index.html, or publish OUT as it is).",
    "status": "Status of claims (all when no ID): ACTIVE, STALE, CONFLICT or UNKNOWN, with the reason.",
    "suspects": "Possible unlinked revisions: later claims that say the same thing as an earlier one, nothing linking them.",
    "verify": "Does the evidence an answer cites still govern? Exit 0 only for SUPPORTED_BY_CURRENT_SOURCE.",
}
# The module under provgraph/cli/ that defines a command (in its COMMANDS) is named for it, but for these.
MODULE_OF: dict[str, str] = {"conflicts": "status", "init": "admin", "lineage": "status", "query": "cypher", "reset": "admin"}


class LazyCommands(MutableMapping[str, click.Command]):
    """A group's commands by name (click's `Group.commands`), each module imported when one of its commands is
    first looked up; membership and the list of names need no import."""

    def __init__(self, where: Mapping[str, str]) -> None:
        self._where = dict(where)
        self._loaded: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        if name not in self._loaded:
            if name not in self._where:
                raise KeyError(name)
            module = importlib.import_module(f"provgraph.cli.{self._where[name]}")
            for command in module.COMMANDS:
                self._loaded.setdefault(command.name, command)
        return self._loaded[name]

    def __setitem__(self, name: str, command: click.Command) -> None:
        self._loaded[name] = command

    def __delitem__(self, name: str) -> None:
        self._where.pop(name, None)
        del self._loaded[name]

    def __contains__(self, name: object) -> bool:
        return name in self._where or name in self._loaded

    def __iter__(self) -> Iterator[str]:
        return iter(sorted({*self._where, *self._loaded}))

    def __len__(self) -> int:
        return len({*self._where, *self._loaded})

    def loaded(self, name: str) -> bool:
        return name in self._loaded


class LazyGroup(click.Group):
    """A group whose commands load lazily (click's lazy subcommand pattern) and whose help lists them from
    LAZY_COMMANDS, so `provgraph --help` imports no command module."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = LazyCommands({name: MODULE_OF.get(name, name) for name in LAZY_COMMANDS})

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            if isinstance(self.commands, LazyCommands) and not self.commands.loaded(name):
                rows.append((name, click.Command(name, help=LAZY_COMMANDS[name]).get_short_help_str(limit)))
            elif not (command := self.commands[name]).hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)
