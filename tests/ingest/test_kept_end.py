"""A log (or a JSON Lines card file) read before is read from its kept end when its prefix is unchanged (issue 41), and
the graph that leaves is the graph one ingest of the whole file writes in a fresh store: node for node, property for
property, stored statuses included. Anything else (an edited prefix, a shorter file, an appended entry that repeats a
stored id, --rebuild) is a whole read, as before."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from provgraph.graph.connection import Graph
from provgraph.graph.schema import wipe
from provgraph.ingest.config import load_config
from provgraph.ingest.pipeline import IngestSummary, open_store, read_every_store, write_every_store
from provgraph.ingest.pipeline.kept import check_read
from provgraph.ingest.records import Resumed

# Properties that say when something was written (the ingest's clock), not what the input holds.
CLOCK = {"observed_at", "computed_at", "status_computed_at", "status_retired_since", "suspects_at", "found_at",
         "generation", "taken_at"}
# Kept at write time differently by an ingest in steps than by one at once, with or without a kept end: a step keeps a
# claim's revision closure less often (null: verify walks it when read, the same answer); left out of the comparison
# with a fresh store, kept in the one with whole reads.
IN_STEPS = ("status_closure_",)
KEPT = "read from its kept end"


def _entry(n: int, **fields: Any) -> dict[str, Any]:
    return {"ts": f"2025-01-{1 + n % 28:02d}T{n % 24:02d}:00:00Z", "id": f"e{n}", **fields}


def _log_lines() -> list[str]:
    """Keyed entries, free text, revisions of earlier and of later entries, a bad line, an entry without an id."""
    lines = []
    for n in range(24):
        if n % 5 == 0:
            entry = _entry(n, msg=f"We move the payment service {n} to the queue cluster with idempotent producers")
        else:
            entry = _entry(n, subject=f"svc.{n % 4}.timeout", value=str(n))
        if n % 4 == 3:
            entry["supersedes"] = f"e{n - 3}"
        if n == 6:
            entry["supersedes"] = "e20"  # a forward reference: a placeholder until e20 is written
        lines.append(json.dumps(entry))
    lines.insert(9, "{not json")
    lines.insert(14, json.dumps({"ts": "2025-02-01T00:00:00Z", "subject": "svc.0.timeout", "value": "no id"}))
    return lines


def _dump(graph: Graph, left_out: tuple[str, ...] = ()) -> tuple[list[str], list[str]]:
    """Every node and relationship with its properties (bar the ingest's clock and `left_out` prefixes), as sorted
    JSON lines."""
    def clean(props: dict[str, Any]) -> str:
        return json.dumps({k: str(v) for k, v in props.items() if k not in CLOCK and not k.startswith(left_out or "\0")},
                          sort_keys=True)

    nodes = graph.read("MATCH (n) WHERE NOT n:ProvgraphLock RETURN labels(n) AS labels, properties(n) AS p")
    rels = graph.read("MATCH (a)-[r]->(b) RETURN labels(a) AS la, coalesce(a.uid, a.name) AS a, type(r) AS type, "
                      "properties(r) AS p, labels(b) AS lb, coalesce(b.uid, b.name) AS b")
    return (sorted(f"{sorted(row['labels'])} {clean(row['p'])}" for row in nodes),
            sorted(f"{sorted(row['la'])}:{row['a']} -{row['type']} {clean(row['p'])}-> {sorted(row['lb'])}:{row['b']}"
                   for row in rels))


def _ingest(path: Path, kind: str = "logs", whole: bool = False, **kw: Any) -> IngestSummary:
    source = open_store(kind, path, fmt="jsonl" if kind == "logs" else "default", store="log")
    if whole:
        source.resume = None  # the pipeline as it reads an input it cannot resume: whole, every time
    return source.write(kind_graph[0], **kw)


kind_graph: list[Graph] = []


def _write(path: Path, lines: list[str]) -> None:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def _in_steps(graph: Graph, path: Path, lines: list[str], cuts: list[int], kind: str = "logs",
              whole: bool = False) -> list[IngestSummary]:
    kind_graph[:] = [graph]
    summaries = []
    for cut in cuts:
        _write(path, lines[:cut])
        summaries.append(_ingest(path, kind, whole))
    return summaries


def _at_once(graph: Graph, path: Path, lines: list[str], kind: str = "logs") -> tuple[list[str], list[str]]:
    wipe(graph)
    kind_graph[:] = [graph]
    _write(path, lines)
    _ingest(path, kind)
    return _dump(graph, IN_STEPS)


def _read_whole_in_steps(graph: Graph, path: Path, lines: list[str], cuts: list[int],
                         kind: str = "logs") -> tuple[list[str], list[str]]:
    wipe(graph)
    _in_steps(graph, path, lines, cuts, kind, whole=True)
    return _dump(graph)


def test_a_log_ingested_in_appends_is_the_log_ingested_at_once(graph: Graph, tmp_path: Path) -> None:
    lines = _log_lines()
    path = tmp_path / "decisions.jsonl"
    summaries = _in_steps(graph, path, lines, [8, 12, 20, len(lines)])
    for summary in summaries[1:]:
        assert any(KEPT in reading for reading in summary.readings), summary.readings
    last = summaries[-1]
    assert last.observations == len(lines) - 1  # every entry counted, the kept ones as unchanged
    assert last.snapshots_added == len(lines) - 20 and last.snapshots_unchanged == 20 - 1  # one bad line
    stepped, compared = _dump(graph), _dump(graph, IN_STEPS)
    assert stepped == _read_whole_in_steps(graph, path, lines, [8, 12, 20, len(lines)])
    assert compared == _at_once(graph, path, lines)


def test_cards_in_json_lines_ingested_in_appends_are_the_cards_ingested_at_once(graph: Graph, tmp_path: Path) -> None:
    cards = [json.dumps({"id": f"c{n}", "ts": f"2025-03-{1 + n:02d}T09:00:00Z", "content": f"Card {n} says {n % 3}",
                         **({"edges": [{"verb": "supersedes", "target": f"c{n - 2}"}]} if n % 3 == 2 else {})})
             for n in range(12)]
    path = tmp_path / "board.jsonl"
    summaries = _in_steps(graph, path, cards, [5, 9, len(cards)], kind="cards")
    assert all(any(KEPT in r for r in s.readings) for s in summaries[1:])
    # the suspects kept at each step differ from those of one ingest at once, read whole or not: compared with the
    # same steps read whole
    assert _dump(graph) == _read_whole_in_steps(graph, path, cards, [5, 9, len(cards)], kind="cards")


def test_an_unchanged_log_is_not_read_again_and_writes_nothing(graph: Graph, tmp_path: Path) -> None:
    lines = _log_lines()
    path = tmp_path / "decisions.jsonl"
    first, again = _in_steps(graph, path, lines, [len(lines), len(lines)])
    assert again.snapshots_added == 0 and again.snapshots_unchanged == again.observations == first.observations
    assert any(KEPT in reading for reading in again.readings)


def test_an_edited_prefix_is_read_whole_and_reported_as_a_rewrite(graph: Graph, tmp_path: Path) -> None:
    lines = _log_lines()
    path = tmp_path / "decisions.jsonl"
    _in_steps(graph, path, lines, [12])
    edited = [lines[0].replace('"value": "', '"value": "x')] + lines[1:] if '"value"' in lines[0] else \
        [lines[0].replace("payment", "billing")] + lines[1:]
    _write(path, edited[:16])
    summary = _ingest(path)
    assert not any(KEPT in reading for reading in summary.readings)
    assert [f["kind"] for f in summary.findings] == ["log_rewrite"] and "decisions.jsonl#e0" in summary.findings[0]["detail"]


def test_a_truncated_log_is_read_whole_and_its_lost_entries_vanish(graph: Graph, tmp_path: Path) -> None:
    lines = _log_lines()
    path = tmp_path / "decisions.jsonl"
    _in_steps(graph, path, lines, [16])
    _write(path, lines[:10] + lines[20:21])  # cut, then a new entry
    summary = _ingest(path)
    assert not any(KEPT in reading for reading in summary.readings)
    assert [f["kind"] for f in summary.findings] == ["log_rewrite"]
    assert summary.findings[0]["detail"].startswith("6 already-ingested entries changed or vanished"), summary.findings


def test_a_log_cut_short_with_nothing_new_still_reports_its_vanished_entries(graph: Graph, tmp_path: Path) -> None:
    lines = _log_lines()
    path = tmp_path / "decisions.jsonl"
    _in_steps(graph, path, lines, [16])
    _write(path, lines[:10])
    summary = _ingest(path)
    assert summary.snapshots_added == 6 and [f["kind"] for f in summary.findings] == ["log_rewrite"]
    assert summary.findings[0]["detail"].startswith("6 already-ingested entries changed or vanished"), summary.findings
    assert _ingest(path).findings == []  # once reported, the cut is the log as it stands


def test_an_appended_entry_repeating_a_stored_id_makes_the_read_whole(graph: Graph, tmp_path: Path) -> None:
    lines = _log_lines()
    path = tmp_path / "decisions.jsonl"
    _in_steps(graph, path, lines, [12])
    _write(path, lines[:12] + [json.dumps(_entry(2, subject="svc.2.timeout", value="again"))])
    summary = _ingest(path)
    assert not any(KEPT in reading for reading in summary.readings)
    assert any("repeats the id" in reading for reading in summary.readings)
    assert any(f["kind"] == "duplicate_id" for f in summary.findings), summary.findings


def test_rebuild_reads_the_whole_log(graph: Graph, tmp_path: Path) -> None:
    lines = _log_lines()
    path = tmp_path / "decisions.jsonl"
    _in_steps(graph, path, lines, [12])
    summary = _ingest(path, rebuild=True)
    assert not any(KEPT in reading for reading in summary.readings)
    assert summary.snapshots_added == 11


def test_a_last_line_without_its_newline_is_read_again_once_finished(graph: Graph, tmp_path: Path) -> None:
    lines = _log_lines()
    path = tmp_path / "decisions.jsonl"
    _in_steps(graph, path, lines, [12])
    path.write_text("".join(line + "\n" for line in lines[:12]) + lines[12], encoding="utf-8")  # no final LF
    kind_graph[:] = [graph]
    _ingest(path)
    _write(path, lines)
    summary = _ingest(path)
    assert not any(KEPT in reading for reading in summary.readings)  # no end was kept: that line could still grow
    assert summary.findings == []
    assert _dump(graph, IN_STEPS) == _at_once(graph, path, lines)


def test_a_nightly_config_ingest_checks_and_writes_a_log_from_its_kept_end(graph: Graph, tmp_path: Path) -> None:
    lines = _log_lines()
    path = tmp_path / "decisions.jsonl"
    config = tmp_path / "provgraph.toml"
    config.write_text('[[store]]\nname = "log"\nkind = "logs"\nformat = "jsonl"\npath = "decisions.jsonl"\n')

    def nightly() -> tuple[list[Any], IngestSummary]:
        stores = load_config(config)
        inputs = read_every_store(config, stores, graph)
        checked = list(check_read(graph, inputs[0].store, inputs[0].read, inputs[0].resume, inputs[0].reading))
        return checked, [summary for _, summary in write_every_store(graph, config, stores, inputs)][0]

    _write(path, lines[:12])
    checked, first = nightly()
    assert not any(isinstance(record, Resumed) for record in checked) and first.snapshots_added == 11
    _write(path, lines)
    checked, second = nightly()
    assert any(isinstance(record, Resumed) for record in checked)  # the check read only what was appended
    assert any(KEPT in reading for reading in second.readings) and second.snapshots_added == len(lines) - 12
