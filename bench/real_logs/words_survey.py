"""Status words across many logs: which ones provgraph's own proposal leaves unread, guesses, or reads by the default.

    python -m bench.real_logs.words_survey --repos /tmp/s63h7 --repos /tmp/s62h [--repo peps=/tmp/peps:.] [--cues]

Every log of oracles.py whose repository is checked out in a --repos DIR as OWNER+NAME (the folder its declaration
in bench/logs/ reads), and each --repo NAME=PATH[:FOLDER], is proposed for (`propose_format`, in process, no server).
Each word the proposal meets is put in one group: `unread` (`"?"`, a comment or declared: UNKNOWN UNRECOGNISED_STATUS until given a word),
`guessed` (read by a known part or by its spelling, marked unsure), `contested` (the default vocabulary's reading,
flagged with the other), `definition` (read by the log's own definition's cues), `default` (the default vocabulary,
no doubt). Printed per group, most records first: the word, its records, the logs that use it.

With --cues, every word a log defines is listed with the reading its definition's cues point to among all canonical
words (`lifecycle.reading_by_cue`, as for a word provgraph does not know), to check a change to the cues on every
definition the logs hold: run before and after, and compare.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from bench.real_logs.heldout import checkouts, declared_folder
from provgraph.base.errors import ProvgraphError
from provgraph.ingest import lifecycle
from provgraph.ingest.formats.proposal import propose_format
from provgraph.ingest.formats.proposal.words import Word

GROUPS = ("unread", "guessed", "contested", "definition", "default")


@dataclass
class Met:
    """One word in one group, over the logs."""

    records: int = 0
    logs: list[str] = field(default_factory=list)


@dataclass
class Survey:
    logs: dict[str, dict[str, object]] = field(default_factory=dict)  # per log: records, words, seconds, or error
    words: dict[str, dict[str, Met]] = field(default_factory=lambda: {name: {} for name in GROUPS})
    defined: list[dict[str, object]] = field(default_factory=list)  # each defined word, its reading and its cues'


def group(word: Word) -> str:
    """Which of `GROUPS` a proposal's word falls in."""
    if word.reads_as in (None, lifecycle.UNREAD_MARK):  # not known, or declared "?" (a reading in doubt)
        return "unread"
    if word.by_definition:
        return "definition"
    if word.unsure is None:
        return "default"
    return "contested" if word.phrase in lifecycle.CONTESTED else "guessed"


def survey(logs: list[tuple[str, Path, str]], keep: Path | None = None) -> Survey:
    """Each log's proposal (`keep`: its TOML written to DIR/NAME.toml), its words grouped and summed over the logs."""
    found = Survey()
    for name, root, folder in logs:
        started = time.perf_counter()
        try:
            proposal = propose_format((root / folder).resolve(), name=name)
        except ProvgraphError as error:
            found.logs[name] = {"error": str(error).splitlines()[0][:200]}
            continue
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
            (keep / f"{name}.toml").write_text(proposal.to_toml(), encoding="utf-8")
        found.logs[name] = {"records": proposal.counts.records, "words": len(proposal.words),
                            "seconds": round(time.perf_counter() - started, 1)}
        for word in proposal.words:
            met = found.words[group(word)].setdefault(word.phrase, Met())
            met.records += word.records
            met.logs.append(name)
            if word.definition is not None:
                found.defined.append({"log": name, "word": word.phrase, "reads_as": word.reads_as, "group": group(word),
                                      "cue": lifecycle.reading_by_cue(word.definition.text, lifecycle.CANONICAL),
                                      "where": word.definition.where, "text": word.definition.text[:300]})
    for name, met in found.words.items():
        found.words[name] = dict(sorted(met.items(), key=lambda item: (-len(item[1].logs), -item[1].records, item[0])))
    return found


def lines(found: Survey, *, cues: bool) -> list[str]:
    failed = {name: log["error"] for name, log in found.logs.items() if "error" in log}
    out = [f"{len(found.logs)} logs proposed for, {len(failed)} with no proposal"]
    out += [f"  {name}: {error}" for name, error in failed.items()]
    for name in GROUPS:
        met = found.words[name]
        out.append(f"{name}: {len(met)} words, {sum(item.records for item in met.values())} records")
        out += [f"  {phrase!r}: {item.records} records, {len(item.logs)} logs ({', '.join(sorted(set(item.logs)))})"
                for phrase, item in met.items()]
    if cues:
        out.append(f"defined: {len(found.defined)} words with a definition (log word: read as / its cues point to)")
        out += [f"  {item['log']} {item['word']!r}: {item['reads_as']} / {item['cue']}  ({item['where']}: "
                f"{str(item['text'])[:120]})" for item in found.defined]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.real_logs.words_survey", description=__doc__.splitlines()[0])
    parser.add_argument("--repos", type=Path, action="append", default=[], metavar="DIR",
                        help="every log of oracles.py checked out in DIR as OWNER+NAME (repeatable)")
    parser.add_argument("--repo", action="append", default=[], metavar="NAME=PATH[:FOLDER]",
                        help="one more log: its repository and the folder to propose for [default: its root]")
    parser.add_argument("--cues", action="store_true", help="list every defined word and where its cues point")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="write each proposal's TOML to DIR/NAME.toml")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args(argv)
    logs: dict[str, tuple[str, Path, str]] = {}
    for folder in args.repos:
        for name, root in checkouts(folder, []):
            logs.setdefault(name, (name, root, declared_folder(name)))
    for item in args.repo:
        name, _, rest = item.partition("=")
        path, _, where = rest.partition(":")
        logs[name] = (name, Path(path), where or ".")
    found = survey(list(logs.values()), args.keep)
    print(json.dumps(asdict(found), indent=1) if args.format == "json" else "\n".join(lines(found, cues=args.cues)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
