"""Small decision logs, one per place a status can stand, written into a folder for the proposal tests.

Each `write_*` writes a log under `root` and returns what its records state: record path -> status word. The
texts are made up here (no licence to keep); the real samples are in tests/fixtures/proposal_logs/.
"""
from __future__ import annotations

import posixpath
from pathlib import Path
from typing import Callable

Stated = dict[str, str]
EXAMPLE_FENCE = "```\nStatus: Draft\nNote: an example\n```\n"


def _write(root: Path, relpath: str, text: str) -> None:
    file = root / relpath
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, encoding="utf-8")


def _write_each(root: Path, words: dict[int, str], path: Callable[[int], str], text: Callable[[int, str], str]) -> Stated:
    """Record `number` stating `word` written at `path(number)` as `text(number, word)`, for each of `words`."""
    for number, word in words.items():
        _write(root, path(number), text(number, word))
    return {path(number): word for number, word in words.items()}


def write_header_blocks(root: Path) -> Stated:
    """PEP-like: `cap-000N.rst`, an RFC 822 header block at the top, links by number, texts citing `CAP 2`."""
    def text(number: int, word: str) -> str:
        links = "Superseded-By: 4\n" if number == 1 else "Replaces: 1\n" if number == 4 else ""
        return (f"CAP: {number}\nTitle: Capability {number}\nAuthor: A. Person\nStatus: {word}\nType: Standards\n"
                f"Created: 0{number}-Mar-2021\n{links}\n\nAbstract\n========\n\nThis builds on CAP {number % 5 + 1} and "
                f"CAP {(number + 1) % 5 + 1}.\n")

    stated = _write_each(root, {1: "Final", 2: "Draft", 3: "Rejected", 4: "Final", 5: "Withdrawn"},
                         lambda number: f"caps/cap-{number:04}.rst", text)
    _write(root, "README.rst", "Capabilities\n============\n\nThe index of the CAPs.\n")
    (root / "caps" / "cap-0001-diagram.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(200))
    return stated


def write_sidecars(root: Path) -> Stated:
    """KEP-like: a `README.md` in each `proposals/<sig>/<n>-<name>` folder with `meta.yaml` beside it, and a template."""
    words = {11: "implementable", 12: "provisional", 13: "implemented", 14: "withdrawn"}
    for number, word in words.items():
        folder = f"proposals/sig-{'ab'[number % 2]}/{number}-thing-{number}"
        _write(root, posixpath.join(folder, "README.md"), f"# XEP-{number}: Thing {number}\n\nSee XEP-{number - 1 if number > 11 else 14}.\n")
        replaces = "replaces:\n  - /proposals/sig-b/11-thing-11\n" if number == 13 else ""
        _write(root, f"{folder}/meta.yaml",
               f"title: Thing {number}\nxep-number: {number}\nstatus: {word}\ncreation-date: 2022-01-{number:02}\n{replaces}")
    _write(root, posixpath.join("proposals/NNNN-template", "README.md"), "# XEP-NNNN: the title\n")
    _write(root, "proposals/NNNN-template/meta.yaml", "title: the title\nxep-number: NNNN\nstatus: provisional\n")
    _write(root, "README.md", "# Proposals\n")
    return {posixpath.join(f"proposals/sig-{'ab'[number % 2]}/{number}-thing-{number}", "README.md"): word
            for number, word in words.items()}


def write_front_matter_stage(root: Path) -> Stated:
    """Markdown with YAML front matter that keeps its status under another key: `stage:`."""
    return _write_each(root, {1: "accepted", 2: "discontinued", 3: "proposed", 4: "accepted", 5: "discontinued"},
                       lambda number: f"{number:03}-idea.md",
                       lambda number, word: f"---\ntitle: Idea {number}\nstage: {word}\nowner: team-{number}\n---\n\n"
                                            f"# Idea {number}\n\nText.\n")


def write_field_lists(root: Path) -> Stated:
    """RST with a field list under the title: `:Status: Accepted`."""
    return _write_each(root, {1: "Accepted", 2: "Rejected", 3: "Deferred", 4: "Accepted"},
                       lambda number: f"nep-{number:04}.rst",
                       lambda number, word: f"=======\nNEP {number}\n=======\n\n:Author: Someone\n:Status: {word}\n"
                                            f":Type: Standards Track\n:Created: 2020-02-0{number}\n\nAbstract\n--------\n\nText.\n")


def write_bullets(root: Path) -> Stated:
    """Markdown with `* Status: x` bullets before the first `##`, one word provgraph does not know."""
    return _write_each(root, {1: "Implemented", 2: "Returned for revision", 3: "Evergreen", 4: "Rejected"},
                       lambda number: f"proposals/{number:04}-feature.md",
                       lambda number, word: f"# Feature {number}\n\n* Proposal: [SE-{number:04}]({number:04}-feature.md)\n"
                                            f"* Status: **{word}**\n\n## Introduction\n\nText.\n")


def write_folders(root: Path) -> Stated:
    """Records sorted into folders named for their status, nothing about the status inside them."""
    stated = {"accepted/0001-queue.md": "accepted", "accepted/0002-cache.md": "accepted",
              "rejected/0003-rewrite.md": "rejected", "superseded/0004-old-queue.md": "superseded"}
    for relpath, _ in stated.items():
        _write(root, relpath, f"# {relpath.rsplit('/', 1)[-1][5:-3].title()}\n\nWe decided something.\n")
    return stated


def write_preamble_fences(root: Path) -> Stated:
    """Markdown whose `Field: value` preamble sits in a fence under `## Preamble`, after the title; one record shows an
    example fence of the same shape further down, and one has an example fence before its preamble."""
    return _write_each(root, {1: "Final", 2: "Draft", 3: "Rejected", 4: "Final", 5: "Accepted"},
                       lambda number: f"core/gap-{number:04}.md",
                       lambda number, word: f"# GAP-{number:04}: Gap {number}\n\n" + (EXAMPLE_FENCE + "\n" if number == 3 else "")
                                            + f"## Preamble\n\n```\nGAP: {number:04}\nTitle: Gap {number}\nStatus: {word}\n"
                                            f"Created: 2021-04-0{number}\n```\n\n## Summary\n\nSee GAP-{number % 5 + 1:04}.\n\n"
                                            f"## Specification\n\n{EXAMPLE_FENCE}")


def write_status_lines(root: Path) -> Stated:
    """RST whose fields follow the title as `name: value` lines with blank lines between them."""
    return _write_each(root, {3: "Accepted", 8: "Rejected", 20: "Withdrawn", 21: "Discussion"},
                       lambda number: f"APE{number}.rst",
                       lambda number, word: f"Thing number {number}\n{'-' * 20}\n\nauthor: Someone Else\n\n"
                                            f"date-created: 2014 January {number}\n\nstatus: {word}\n\n\nabstract\n--------\n\nText.\n")


def write_status_headings(root: Path) -> Stated:
    """Markdown with the status as the first line under a `## Status` heading (Nygard)."""
    return _write_each(root, {1: "Accepted", 2: "Superseded", 3: "Proposed"},
                       lambda number: f"doc/decisions/{number:04}-choice.md",
                       lambda number, word: f"# {number}. Choice {number}\n\nDate: 2020-01-0{number}\n\n"
                                            f"## Status\n\n{word}\n\n## Context\n\nText.\n")


def write_quoted_status(root: Path) -> Stated:
    """Markdown whose status is a quoted `Status: x` line after the first paragraph, where no place reads it: a pattern
    does."""
    return _write_each(root, {1: "Accepted", 2: "Rejected", 3: "Accepted", 4: "Deprecated"},
                       lambda number: f"rfc-{number}.md",
                       lambda number, word: f"# RFC {number}\n\nA paragraph that says what this is about.\n\n"
                                            f"> Owner: team\n> Status: {word}\n\nMore text.\n")


def write_tables(root: Path) -> Stated:
    """Markdown whose fields are the rows of a table under the title (`| Status | Accepted |`)."""
    return _write_each(root, {1: "Accepted", 2: "Proposed", 3: "Accepted", 4: "Rejected"},
                       lambda number: f"rfcs/2020{number:02}-thing.md",
                       lambda number, word: f"# Thing {number}\n\n| Status        | {word} |\n| :------------ | :--- |\n"
                                            f"| **Author(s)** | Someone |\n| **Updated**   | 2020-0{number}-01 |\n\n"
                                            f"## Objective\n\nText.\n")
