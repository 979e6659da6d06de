"""Is provgraph's own proposal as good as the preset written by hand? Statuses with each, on whole repositories.

    python -m bench.real_logs.propose_check --repo peps=/tmp/peps:pep --repo enhancements=/tmp/enhancements:kep
    python -m bench.real_logs.propose_check --repo peps=/tmp/peps:pep --uri bolt://127.0.0.1:7708   # a Neo4j to use (WIPED)

For each repository (its root, as a new user points provgraph at it): `provgraph formats propose` is timed (wall
and CPU), its TOML is written to a provgraph.toml unedited and ingested with `ingest --config`; the repository is
ingested again with the preset. Compared per record file (the claim's source path): the records each reads, and
the status each judges. The target: the same records and the same status for at least 99% of them.

Printed per repository: proposal time, records read by the preset and by the proposal, records both read, the
share judged the same, and the first differences.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.common import harness
from provgraph.api import Provgraph
from provgraph.engine.status import iter_status
from provgraph.graph.connection import Graph
from provgraph.graph.schema import install_schema, wipe
from provgraph.ingest.config import files_options, record_table
from provgraph.ingest.formats.proposal import propose_format
from provgraph.ingest.pipeline import ingest

TARGET = 99.0
Judged = dict[str, tuple[str, str]]  # record path -> (status, reason)


@dataclass
class Checked:
    name: str
    preset: str
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    files: int = 0
    toml: str = ""
    by_preset: Judged = field(default_factory=dict)
    by_proposal: Judged = field(default_factory=dict)

    @property
    def both(self) -> list[str]:
        return sorted(set(self.by_preset) & set(self.by_proposal))

    @property
    def same(self) -> list[str]:
        return [path for path in self.both if self.by_preset[path][0] == self.by_proposal[path][0]]

    @property
    def share(self) -> float:
        union = set(self.by_preset) | set(self.by_proposal)
        return 100.0 * len(self.same) / len(union) if union else 0.0


def check(graph: Graph, name: str, root: Path, preset: str) -> Checked:
    found = Checked(name, preset)
    wall, cpu = time.perf_counter(), time.process_time()
    proposal = propose_format(root.resolve(), name=name)
    found.seconds, found.cpu_seconds = time.perf_counter() - wall, time.process_time() - cpu
    found.files, found.toml = proposal.counts.files, proposal.to_toml()
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "provgraph.toml"
        config.write_text(found.toml, encoding="utf-8")  # unedited
        _fresh(graph)
        Provgraph(graph).ingest_config(config)
        found.by_proposal = _judged(graph)
    _fresh(graph)
    ingest(graph, "files", root, store=name, options=files_options(record=record_table(preset)))
    found.by_preset = _judged(graph)
    return found


def _fresh(graph: Graph) -> None:
    wipe(graph)
    install_schema(graph)


def _judged(graph: Graph) -> Judged:
    """Each claim's status by its record file (the source path under the store), placeholders aside."""
    judged: Judged = {}
    for row in iter_status(graph):
        if row.source:
            judged[row.source.split(":", 1)[-1]] = (row.status, row.reason)
    return judged


def report(found: Checked) -> list[str]:
    only_preset = sorted(set(found.by_preset) - set(found.by_proposal))
    only_proposal = sorted(set(found.by_proposal) - set(found.by_preset))
    differ = [path for path in found.both if path not in set(found.same)]
    verdict = "meets" if found.share >= TARGET else "MISSES"
    lines = [f"{found.name} (preset {found.preset}): proposal {found.seconds:.1f} s wall, {found.cpu_seconds:.1f} s CPU "
             f"for {found.files} files; records: preset {len(found.by_preset)}, proposal {len(found.by_proposal)}, "
             f"both {len(found.both)}; same status {len(found.same)} = {found.share:.1f}% of the records either reads "
             f"({verdict} {TARGET:.0f}%)"]
    lines += [f"  only the preset reads   {path}  {found.by_preset[path]}" for path in only_preset[:10]]
    lines += [f"  only the proposal reads {path}  {found.by_proposal[path]}" for path in only_proposal[:10]]
    lines += [f"  differs  {path}  preset {found.by_preset[path]}, proposal {found.by_proposal[path]}" for path in differ[:10]]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.real_logs.propose_check", description=(__doc__ or "").splitlines()[0],
                                     epilog=harness.OWN_SERVER)
    parser.add_argument("--repo", action="append", default=[], required=True, metavar="NAME=PATH:PRESET",
                        help="a repository and the preset to compare with (repeatable)")
    parser.add_argument("--uri", default=None, help="a Neo4j to use (it is WIPED); default: the bench's own server")
    parser.add_argument("--port", type=int, default=harness.DEFAULT_PORT, help="the bench server's port (env PROVGRAPH_BENCH_PORT)")
    parser.add_argument("--toml", action="store_true", help="also print each proposal")
    args = parser.parse_args(argv)
    failed = 0
    with harness.bench_server(args.uri, args.port) as settings, Graph(settings) as graph:
        for item in args.repo:
            name, _, rest = item.partition("=")
            path, _, preset = rest.rpartition(":")
            found = check(graph, name, Path(path), preset)
            print("\n".join([*report(found), *([found.toml] if args.toml else [])]), flush=True)
            failed += found.share < TARGET
        wipe(graph)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
