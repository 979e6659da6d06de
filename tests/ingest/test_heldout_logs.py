"""Held-out proposal logs (issues 39, 55) read as their authors state them, with a declaration and no code: samples
of ten public logs in tests/fixtures/heldout_logs/ (SOURCES.md says where from), their declarations in bench/logs/,
their oracles in bench/real_logs/heldout.py (which measures the whole logs).
Pure: no database."""
from __future__ import annotations

from pathlib import Path

import pytest
from ingest_run import FIXTURES
from ingest_run import run as run_ingester

from bench.real_logs.heldout import configured
from bench.real_logs.oracles import stated_word, verdict
from bench.real_logs.oracles import LOGS
from provgraph.ingest.config import load_config

SAMPLES = FIXTURES / "heldout_logs"
# what a canonical word means for the status rule when nothing else applies (docs/design.md, rules 8 and 9)
IN_FORCE, STALE = {"accepted", "amended"}, {"rejected", "withdrawn", "deprecated", "superseded"}


def judged_by_word(declared: str | None) -> str:
    return "ACTIVE" if declared in IN_FORCE else "STALE" if declared in STALE else "UNKNOWN"


@pytest.mark.parametrize("name", sorted(path.name for path in SAMPLES.iterdir() if path.is_dir()))
def test_a_held_out_log_sample_reads_as_its_authors_state_with_its_declaration_only(name: str, tmp_path: Path) -> None:
    root = SAMPLES / name
    [store] = load_config(configured(name, root, tmp_path))
    prefix = store.path.relative_to(root.resolve()).as_posix()
    found = run_ingester(store.kind, store.fmt, store.path, store=name, options=store.options)
    declared = {f"{prefix}/{o.source.locator}".removeprefix("./"): o.claims[0].declared
                for o in found.observations if o.claims}
    expected = {record.path: verdict(LOGS[name], stated_word(record.status)) for record in LOGS[name].oracle(root)
                if record.status}
    assert len(expected) >= 3 and None not in expected.values()
    assert {path: judged_by_word(declared[path]) if path in declared else "DROPPED" for path in expected} == expected


@pytest.mark.parametrize("name", sorted(LOGS))
def test_every_held_out_log_has_a_declaration_the_config_loader_accepts(name: str, tmp_path: Path) -> None:
    [store] = load_config(configured(name, tmp_path, tmp_path))
    assert store.kind == "files" and store.name == name
