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
    (tmp_path / "conda+ceps").mkdir()  # a log of the fourth fresh check
    (tmp_path / "unrelated").mkdir()
    assert checkouts(tmp_path, []) == [("beps", tmp_path / "bnb-chain+BEPs"), ("tips", tmp_path / "iotaledger+tips"),
                                       ("ceps", tmp_path / "conda+ceps")]
    assert checkouts(tmp_path, ["tips"]) == [("tips", tmp_path / "iotaledger+tips")]
    with pytest.raises(ValueError, match="xls: no .*XRPLF\\+XRPL-Standards"):
        checkouts(tmp_path, ["tips", "xls"])


def _xep(number: int, status: str, supersedes: str = "<supersedes/>", by: str = "<supersededby/>") -> str:
    return (f"<xep>\n<header>\n  <number>{number:04}</number>\n  <status>{status}</status>\n  {supersedes}\n  {by}\n"
            f"  <revision><remark><status>Final</status></remark></revision>\n</header>\n</xep>\n")


def test_a_xeps_whole_supersedes_list_and_its_supersededby_are_read_as_the_authors_state(tmp_path: Path) -> None:
    files = {1: _xep(1, "Active"), 2: _xep(2, "Active"),
             3: _xep(3, "Draft", "<supersedes>\n    <spec>XEP-0001</spec>\n    <spec>XEP-0002</spec>\n  </supersedes>"),
             4: _xep(4, "Experimental", by="<supersededby><spec>RFC 6120</spec></supersededby>"),
             5: _xep(5, "Deferred", by="<supersededby>\n    <spec>XEP-0004</spec>\n  </supersededby>")}
    for number, text in files.items():
        (tmp_path / f"xep-{number:04}.xml").write_text(text)
    judged = {record.path: record.expected for record in judged_by_authors(LOGS["xeps"], tmp_path)}
    assert judged == {"xep-0001.xml": "STALE", "xep-0002.xml": "STALE", "xep-0003.xml": "ACTIVE",
                      "xep-0004.xml": "UNKNOWN", "xep-0005.xml": "STALE"}


def test_an_eeps_status_that_says_replaced_with_names_its_successors(tmp_path: Path) -> None:
    (tmp_path / "eeps").mkdir()
    heads = {9: "Status: Final/R-34 Replaced with EEP-11 and EEP-31 except `x`", 11: "Status: Accepted/R12B-3u Proposal",
             31: "Status:Final/R15B  Implemented in OTP release R15B", 50: "Status: Final/24.0 Replaced by nothing here"}
    for number, status in heads.items():
        (tmp_path / "eeps" / f"eep-{number:04}.md").write_text(f"    Author: A\n    {status}\n****\nEEP {number}: x\n")
    judged = {record.path: (record.word, record.expected) for record in judged_by_authors(LOGS["eeps"], tmp_path)}
    assert judged == {"eeps/eep-0009.md": ("final + superseded-by", "STALE"), "eeps/eep-0011.md": ("accepted", "ACTIVE"),
                      "eeps/eep-0031.md": ("final", "ACTIVE"), "eeps/eep-0050.md": ("final", "ACTIVE")}
