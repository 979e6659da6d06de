"""`provgraph scan`'s writing side: what to match against, which files changed, and keeping what the scanner found.

One read of the known ids (provgraph.engine.cites.known_ids) and one of the files the scan store already holds; the
git remotes of the record stores' folders (read at each scan, so a changed remote re-matches every file);
a file whose bytes hash as before, against the same vocabulary, is not matched again. The matcher (one compiled
regex) is built only when some file needs it, so a re-scan of unchanged files reads, hashes and writes nothing.
A folder scan forgets the files under it that are gone (deleted, now ignored, now binary); `files` (a changed
set, e.g. from `git diff --name-only`) reads only those and forgets those of them that no longer exist.
"""
from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Sequence

from provgraph.base.cites import DEFAULT_STORE, ScanCounts
from provgraph.engine import cites
from provgraph.graph.connection import Graph
from provgraph.graph.schema import ensure_schema
from provgraph.ingest.config import load_config
from provgraph.ingest.scan import CitePattern, Matcher, Vocabulary, changed_files, files_under, locator_of, scan_files
from provgraph.ingest.scan.forge import forges


@dataclass
class ScanSummary:
    """What one scan did: the store and root, the files read, unchanged, written and forgotten, the citations found in
    the files it matched (unresolved among them), and the files left out by reason."""

    store: str
    root: str
    counts: ScanCounts = field(default_factory=ScanCounts)

    def to_dict(self) -> dict[str, object]:
        return {"store": self.store, "root": self.root, **asdict(self.counts)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    def headline(self) -> str:
        c = self.counts
        skipped = ", ".join(f"{n} {reason}" for reason, n in sorted(c.skipped.items()))
        return (f"scan {self.store}: {c.files} files read, {c.unchanged} unchanged, {c.written} written, "
                f"{c.removed} forgotten; {c.citations} citations in the files matched ({c.unresolved} unresolved)"
                + (f"; left out: {skipped}" if skipped else ""))


def declared_patterns(config: Path | None) -> tuple[CitePattern, ...]:
    """The `cite` patterns of every [[store]] in a provgraph.toml (none without one)."""
    if config is None:
        return ()
    patterns = []
    for number, store in enumerate(load_config(config), 1):
        for pattern, template in store.cite:
            patterns.append(CitePattern(store.name or f"store #{number}", re.compile(pattern), template))
    return tuple(patterns)


def scan(graph: Graph, paths: Sequence[Path] = (), *, files: Sequence[str] | None = None, store: str = DEFAULT_STORE,
         root: Path | None = None, config: Path | None = None) -> ScanSummary:
    """Scan `paths` (folders and files), or only `files` (a changed set), and keep their citations in `store`."""
    root = (root or Path.cwd()).resolve()
    summary = ScanSummary(store, root.as_posix())
    counts = summary.counts
    patterns = declared_patterns(config)
    ensure_schema(graph)
    before = cites.scan_store(graph, store)
    known = cites.known_ids(graph)
    remotes = forges(known.folders)
    vocabulary = known.digest([(p.store, p.pattern.pattern, p.template) for p in patterns]
                              + ([sorted(remotes.items())] if remotes else []))
    rematch = before is None or before["vocabulary"] != vocabulary or before["root"] != summary.root
    built: list[Matcher] = []

    def matcher() -> Matcher:
        if not built:
            built.append(Matcher(Vocabulary(known.ids, known.files, patterns, remotes)))
        return built[0]

    if files is not None:
        present, gone = changed_files(files, root, counts)
        held = cites.stored(graph, store, [locator_of(f, root) for f in present] + gone)
        removed = [locator for locator in gone if locator in held]
    else:
        present = list(files_under(paths or [root], counts))
        held = cites.stored(graph, store, None)
        seen = {locator_of(f, root) for f in present}
        prefixes = [locator_of(p.resolve(), root) for p in (paths or [root])]
        removed = sorted(locator for locator in held if locator not in seen and _under(locator, prefixes))
    whole = files is None and any(p.resolve() == root for p in (paths or [root]))
    if not whole and before is not None and before["vocabulary"]:
        vocabulary = before["vocabulary"]  # the files not read here were matched against the older one: the next whole scan matches them again
    mark = before is None or (before["vocabulary"], before["root"]) != (vocabulary, summary.root)
    counts.written, counts.removed = cites.write(graph, store, summary.root, vocabulary,
                                                 scan_files(present, root, held, matcher, rematch, counts), removed, mark)
    return summary


def _under(locator: str, prefixes: Sequence[str]) -> bool:
    return any(prefix in ("", ".") or locator == prefix or locator.startswith(prefix.rstrip("/") + "/")
               for prefix in prefixes)


__all__ = ["DEFAULT_STORE", "ScanSummary", "declared_patterns", "scan"]
