"""The held-out oracles' succession convention (bench/real_logs/oracles.py), as stated.py counts a PEP's
`Superseded-By`: a record that names its successor in its own metadata, or that a record in force names in its
`replaces`, is stated superseded; `requires` is never followed. Pure: no database."""
from __future__ import annotations

from pathlib import Path

import pytest

from bench.real_logs.heldout import checkouts
from bench.real_logs.oracles import LOGS, judged_by_authors

HIPS = {  # number -> the front matter's lines after `hip:`
    1: "status: Final\nsuperseded-by: 2",
    2: "status: Final\nreplaces: 3",
    3: "status: Final",
    4: "status: Draft\nreplaces: 5",  # a draft's `replaces` retires nothing yet
    5: "status: Final",
    6: "status: Final\nrequires: 1",  # a premise that no longer holds is provgraph's inference, not a statement
    7: "status: Final\nsuperseded-by: 99",  # no record 99 in the log
    8: "status: Accepted\nreplaces:\n  - 9\n  - 10",
    9: "status: Final",
    10: "status: Withdrawn",
}


def test_a_named_successor_or_an_in_force_replacement_is_stated_superseded_and_requires_is_not(tmp_path: Path) -> None:
    (tmp_path / "HIP").mkdir()
    for number, lines in HIPS.items():
        (tmp_path / "HIP" / f"hip-{number}.md").write_text(f"---\nhip: {number}\n{lines}\n---\n# HIP {number}\n")
    (tmp_path / "HIP" / "hip-11.md").write_text("# no front matter\n\nsuperseded-by: 1\n")
    judged = {record.path: record.expected for record in judged_by_authors(LOGS["hips"], tmp_path)}
    assert judged == {"HIP/hip-1.md": "STALE", "HIP/hip-2.md": "ACTIVE", "HIP/hip-3.md": "STALE",
                      "HIP/hip-4.md": "UNKNOWN", "HIP/hip-5.md": "ACTIVE", "HIP/hip-6.md": "ACTIVE",
                      "HIP/hip-7.md": "ACTIVE", "HIP/hip-8.md": "ACTIVE", "HIP/hip-9.md": "STALE",
                      "HIP/hip-10.md": "STALE", "HIP/hip-11.md": None}


def test_the_held_out_bench_finds_each_log_checked_out_under_its_owner_plus_name(tmp_path: Path) -> None:
    (tmp_path / "bnb-chain+BEPs").mkdir()
    (tmp_path / "iotaledger+tips").mkdir()
    (tmp_path / "conda+ceps").mkdir()  # a log of oracles_fresh.py
    (tmp_path / "unrelated").mkdir()
    assert checkouts(tmp_path, []) == [("beps", tmp_path / "bnb-chain+BEPs"), ("tips", tmp_path / "iotaledger+tips"),
                                       ("ceps", tmp_path / "conda+ceps")]
    assert checkouts(tmp_path, ["tips"]) == [("tips", tmp_path / "iotaledger+tips")]
    with pytest.raises(ValueError, match="xls: no .*XRPLF\\+XRPL-Standards"):
        checkouts(tmp_path, ["tips", "xls"])
