"""The evaluate step of `python -m bench.suspects_semantic`: rules built from embedding similarity, the lexical
candidates, time order and the names, scored on the dumped corpora as `bench.suspects.score` counts them.

Every rule ranks, for each earlier claim that still governs, the claims that could revise it, and lists at most 3:
- candidates: `all` (every later claim of the log that nothing links to it, not a rival, not the same words) or `lex`
  (the full-text lookups' candidates, what `suspects` ranks today);
- score: `cos` (cosine of the two claims' title-and-text embeddings), `title` (of their titles' embeddings), `mix`
  (the mean of the two) or `lex` (today's similarity); then + LEX x lex + NAMED if the later
  names the earlier in a replacing sentence - YEARS x log(1 + years between them);
- decision: the best when it is at least FLOOR and stands DELTA above the next; any at least ABS; with `mutual`, the
  best only when the earlier is also the later's best among the claims before it; with `back`, also any later whose
  best earlier this is, by DELTA; `+base` adds today's default suspects.
"""
from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Iterator

from bench.suspects import _chains

DEV_GROUPS = {"four ADR logs": ("ministryofjustice+cloud-platform", "alphagov+govuk-aws", "home-assistant+architecture",
                                "alphagov+gsp"), "python/peps": ("python+peps",)}
HELD_GROUPS = {"bitcoin/bips": ("bitcoin+bips",), "Solana SIMDs": ("solana-SIMDs",), "arachne": ("arachne-framework+architecture",)}


@dataclass
class Corpus:
    name: str
    uids: list[str]
    at: list[datetime | None]
    stale: list[bool]
    cos: Any
    tcos: Any
    countable: dict[str, str]
    chains: dict[str, str]
    baseline: dict[str, list[str]]
    lex: dict[str, dict[str, tuple[float, str | None]]]
    blocked: set[tuple[str, str]] = field(default_factory=set)
    result: dict[str, Any] = field(default_factory=dict)

    def same(self, a: str, b: str) -> bool:
        return self.chains.get(a, a) == self.chains.get(b, b)


def _time(text: str | None) -> datetime | None:
    if not text:
        return None
    return datetime.fromisoformat(text.replace("Z", "+00:00").split("[")[0])


def load(out: Path, names: Iterator[str]) -> list[Corpus]:
    import numpy as np

    corpora = []
    for name in names:
        data = json.loads((out / f"{name}.json").read_text())
        claims = data["claims"]
        row_of = {uid: n for n, uid in enumerate((out / f"{name}.uids").read_text().split("\n")) if uid}
        vectors = np.load(out / f"{name}.npy")[[row_of[c["uid"]] for c in claims]]
        row_of = {uid: n for n, uid in enumerate((out / f"{name}.title.uids").read_text().split("\n")) if uid}
        titles = np.load(out / f"{name}.title.npy")[[row_of[c["uid"]] for c in claims]]
        uids = [c["uid"] for c in claims]
        by = {c["uid"]: c for c in claims}
        truth = data["truth"]
        at = [_time(c["at"]) for c in claims]
        when = dict(zip(uids, at))
        countable = {}
        for e, later in truth.items():
            a, b = by.get(e), by.get(later)
            if not a or not b or (a["subject"] and a["subject"] == b["subject"] and a["value"] != b["value"]):
                continue
            if not a["stale"] and when[e] and when[later] and when[later] > when[e]:
                countable[e] = later
        baseline: dict[str, list[str]] = {}
        for pair in data["result"].get("listed", []):
            baseline.setdefault(pair[0], []).append(pair[1])
        lex: dict[str, dict[str, tuple[float, str | None]]] = {}
        for row in data["candidates"]:
            lex.setdefault(row["earlier"], {})[row["later"]] = (row["score"], row["named"])
        blocked = {(a, b) for a, b in data["linked"]} | {(b, a) for a, b in data["linked"]}
        texts = {}
        for c in claims:
            texts.setdefault(" ".join(((c["title"] or "") + " " + (c["text"] or "")).lower().split()), []).append(c["uid"])
        for group in texts.values():
            blocked |= set(itertools.permutations(group, 2))
        corpora.append(Corpus(name, uids, at, [bool(c["stale"]) for c in claims], vectors @ vectors.T, titles @ titles.T, countable,
                              _chains(truth), baseline, lex, blocked, data["result"]))
        if len(countable) != data["result"]["revisions"]:
            print(f"note: {name}: {len(countable)} countable here, {data['result']['revisions']} in the bench")
    return corpora


_POOLS: dict[tuple[Any, ...], dict[int, list[tuple[float, int]]]] = {}
_BACKS: dict[tuple[Any, ...], dict[int, list[tuple[float, int]]]] = {}


def pools(c: Corpus, rule: dict[str, Any]) -> dict[int, list[tuple[float, int]]]:
    """earlier claim -> its candidates as (score, later), best first (the top 10), under `rule`'s candidates and score."""
    key = (c.name, rule["candidates"], rule["score"], rule.get("lex", 0.0), rule.get("named", 0.0), rule.get("years", 0.0))
    if key in _POOLS:
        return _POOLS[key]
    index = {u: i for i, u in enumerate(c.uids)}
    found: dict[int, list[tuple[float, int]]] = {}
    for i, e in enumerate(c.uids):
        if c.stale[i] or c.at[i] is None:
            continue
        if rule["candidates"] == "lex":
            others = [index[later] for later in c.lex.get(e, {}) if later in index]
        else:
            others = [j for j, t in enumerate(c.at) if t is not None and t > c.at[i] and (e, c.uids[j]) not in c.blocked]
        pool = []
        for j in others:
            lexical, named = c.lex.get(e, {}).get(c.uids[j], (0.0, None))
            years = max((c.at[j] - c.at[i]).days, 0) / 365.25  # type: ignore[operator]
            semantic = {"cos": c.cos, "title": c.tcos}.get(rule["score"])
            value = (float(semantic[i, j]) if semantic is not None else lexical if rule["score"] == "lex"
                     else (float(c.cos[i, j]) + float(c.tcos[i, j])) / 2) + rule.get("lex", 0.0) * lexical \
                + (rule.get("named", 0.0) if named == "changes" else 0.0) - rule.get("years", 0.0) * math.log1p(years)
            pool.append((value, j))
        pool.sort(reverse=True)
        found[i] = pool
    backs: dict[int, list[tuple[float, int]]] = {}
    for i, pool in found.items():
        for value, j in pool:
            backs.setdefault(j, []).append((value, i))
    _BACKS[key] = {j: sorted(b, reverse=True)[:2] + [(-1.0, -1)] for j, b in backs.items()}
    _POOLS[key] = found = {i: pool[:10] for i, pool in found.items()}
    return found


def ranked(c: Corpus, rule: dict[str, Any]) -> dict[str, list[str]]:
    """earlier -> the listed laters, best first, under `rule`."""
    found = pools(c, rule)
    best_earlier: dict[int, tuple[float, int]] = {}
    backs = _BACKS[(c.name, rule["candidates"], rule["score"], rule.get("lex", 0.0), rule.get("named", 0.0),
                    rule.get("years", 0.0))]
    if rule.get("mutual"):
        best_earlier = {j: b[0] for j, b in backs.items()}
    listed: dict[str, list[str]] = {}
    for i, pool in found.items():
        picks = []
        if pool:
            first, nxt = pool[0][0], (pool[1][0] if len(pool) > 1 else -1.0)
            mutual_ok = not rule.get("mutual") or best_earlier[pool[0][1]][1] == i
            if first >= rule["floor"] and first - nxt >= rule["delta"] and mutual_ok:
                picks.append(pool[0][1])
            if rule.get("back"):  # the successor's view: a later whose best earlier this is, by DELTA over its next
                picks += [j for value, j in pool if value >= rule["floor"] and j not in picks
                          and backs[j][0][1] == i and backs[j][0][0] - backs[j][1][0] >= rule["delta"]]
            picks += [j for value, j in pool if value >= rule["abs"] and j not in picks]
        names = [c.uids[j] for j in picks[:3]]
        if rule.get("base"):
            names = list(dict.fromkeys(c.baseline.get(c.uids[i], []) + names))[:3]
        if names:
            listed[c.uids[i]] = names
    return listed


def measure(corpora: list[Corpus], rule: dict[str, Any] | None) -> dict[str, Any]:
    claims = found = revisions = false = 0
    for c in corpora:
        listed = c.baseline if rule is None else ranked(c, rule)
        claims += len(c.uids)
        revisions += len(c.countable)
        found += sum(1 for e, later in c.countable.items() if later in listed.get(e, [])[:3])
        false += sum(1 for e, laters in listed.items() for later in laters if not c.same(e, later))
    return {"found": found, "revisions": revisions, "false": false, "claims": claims,
            "recall": found / revisions if revisions else 0.0, "per_100": 100.0 * false / claims if claims else 0.0}


def grid() -> Iterator[dict[str, Any]]:
    for candidates, score in (("all", "cos"), ("all", "title"), ("all", "mix"), ("lex", "cos"), ("lex", "lex")):
        for lex, named, years, view, base in itertools.product(
                (0.0, 0.5) if score != "lex" else (0.0,), (0.0, 0.3), (0.0, 0.05, 0.1), ("fwd", "mutual", "back"),
                (False, True)):
            for floor, delta, absolute in itertools.product(
                    (0.3, 0.4, 0.5, 0.6, 0.7, 0.8) if score != "lex" else (0.1, 0.2, 0.3, 0.4),
                    (0.0, 0.05, 0.1, 0.2), (0.8, 0.9, 2.0)):
                yield {"candidates": candidates, "score": score, "lex": lex, "named": named, "years": years,
                       "mutual": view == "mutual", "back": view == "back", "base": base, "floor": floor,
                       "delta": delta, "abs": absolute}


def describe(rule: dict[str, Any] | None) -> str:
    if rule is None:
        return "default suspects (today)"
    parts = [f"{rule['candidates']} candidates, score {rule['score']}"]
    parts += [f"+{rule[k]}x{k}" for k in ("lex", "named") if rule.get(k)]
    parts += [f"-{rule['years']}xlog(1+years)"] if rule.get("years") else []
    parts.append(f"best >= {rule['floor']} by {rule['delta']}" + (" and mutual" if rule.get("mutual") else "")
                 + (", or the later's best earlier by as much" if rule.get("back") else ""))
    parts += [f"any >= {rule['abs']}"] if rule["abs"] <= 1.5 else []
    parts += ["plus today's suspects"] if rule.get("base") else []
    return "; ".join(parts)


def row(label: str, groups: dict[str, list[Corpus]], rule: dict[str, Any] | None) -> str:
    cells = []
    for corpora in groups.values():
        m = measure(corpora, rule)
        recall = f"{100 * m['recall']:.0f}% ({m['found']}/{m['revisions']})" if m["revisions"] else "-"
        cells.append(f"{recall} / {m['per_100']:.1f}")
    return f"| {label} | " + " | ".join(cells) + " |"


def run(out: Path, held_out: bool) -> None:
    spec = HELD_GROUPS if held_out else DEV_GROUPS
    groups = {label: load(out, iter(names)) for label, names in spec.items() if all((out / f"{n}.json").exists() for n in names)}
    chosen = json.loads((out / "chosen.json").read_text()) if held_out else None
    if chosen is None:
        dev = groups
        scored = []
        for rule in grid():
            ms = [measure(corpora, rule) for corpora in dev.values()]
            scored.append((rule, ms))
        # what each kind of rule reaches within a false rate (the target's 3 per 100 on every log group, then looser)
        picks: dict[str, tuple[dict[str, Any], Any]] = {}
        for rule, ms in scored:
            kind = f"{rule['candidates']}/{rule['score']}" + ("+base" if rule["base"] else "")
            for limit in (3.0, 5.0, 10.0, 1000.0):
                if all(m["per_100"] <= limit for m in ms):
                    name = f"{kind}, <= {limit:g}/100" if limit < 1000 else f"{kind}, any rate"
                    key = (sum(m["found"] for m in ms), -sum(m["false"] for m in ms))
                    if name not in picks or key > picks[name][1]:
                        picks[name] = (rule, key)
        (out / "chosen.json").write_text(json.dumps({n: r for n, (r, _) in picks.items()}, indent=1) + "\n")
        chosen = {n: r for n, (r, _) in picks.items()}
    print("| rule | " + " | ".join(f"{g}: recall@3 / false per 100" for g in groups) + " |")
    print("|---|" + "---:|" * len(groups))
    print(row("default suspects (today)", groups, None))
    for name, rule in chosen.items():
        print(row(f"{name}: {describe(rule)}", groups, rule))
    if not held_out:
        curves(groups)


def curves(groups: dict[str, list[Corpus]]) -> None:
    """How far apart true successors and other pairs are: pairs taken best cosine first, recall@3 and false per 100
    after each true successor, for the earlier's best later (`fwd1`), the pairs best both ways (`mutual`), the
    later's best earlier (`back1`), and today's suspects ordered by cosine (`today`) and those also the later's
    best earlier (`today+back1`)."""
    rule = {"candidates": "all", "score": "cos"}
    for label, corpora in groups.items():
        claims, revisions = sum(len(c.uids) for c in corpora), sum(len(c.countable) for c in corpora)
        rows = []
        for c in corpora:
            found, backs = pools(c, rule), _BACKS[(c.name, "all", "cos", 0.0, 0.0, 0.0)]
            index = {u: i for i, u in enumerate(c.uids)}
            today = {(index[e], index[later]) for e, laters in c.baseline.items() for later in laters[:3]}
            for i, pool in found.items():
                for rank, (value, j) in enumerate(pool):
                    back = backs[j][0][1] == i
                    rows.append({"cos": value, "fwd1": rank == 0, "back1": back, "mutual": rank == 0 and back,
                                 "today": (i, j) in today, "today+back1": (i, j) in today and back,
                                 "true": c.countable.get(c.uids[i]) == c.uids[j], "same": c.same(c.uids[i], c.uids[j])})
            for i, j in today - {(i, j) for i, pool in found.items() for _, j in pool}:
                rows.append({"cos": float(c.cos[i, j]), "fwd1": False, "back1": False, "mutual": False, "today": True,
                             "today+back1": False, "true": c.countable.get(c.uids[i]) == c.uids[j],
                             "same": c.same(c.uids[i], c.uids[j])})
        print(f"\n{label} ({claims} claims, {revisions} countable successors): cosine -> found, false per 100")
        for kind in ("fwd1", "mutual", "back1", "today", "today+back1"):
            true = false = 0
            steps = []
            for pair in sorted((r for r in rows if r[kind]), key=lambda r: -r["cos"]):
                true += pair["true"]
                false += not pair["same"]
                if pair["true"]:
                    steps.append(f"{pair['cos']:.2f}: {true}, {100 * false / claims:.1f}")
            print(f"  {kind}: " + " | ".join(steps))
