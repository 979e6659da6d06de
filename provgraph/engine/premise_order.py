"""The order in which a write-time pass stores a chain of premises: from the bottom up.

Rule 11 walks a claim's DEPENDS_ON closure, but no further than a premise whose fresh stored status already judged
everything below it (`cypher/rules/predicates.cypher` `premise-kept`). So a pass that stores the premises before the claims
resting on them walks each claim only as far as the stored premise below it: a chain of n premises costs n, not
n * n (docs/design.md "Kept premises"). The claims are cut into bands of BAND_LEVELS premise levels; each band is
stored before the next is computed, and a claim walks at most the band's levels below it.
"""
from __future__ import annotations

from typing import Iterable

from provgraph.graph.connection import Runner
from provgraph.base.chunks import chunked

BAND_LEVELS = 32  # premise levels computed together: how far below a claim its walk may go before a stored premise
_CHUNK = 2000



def premise_bands(run: Runner, claims: Iterable[str]) -> tuple[list[list[str]], set[str]]:
    """(bands, cyclic): `claims` in bands to store one after the other, each sorted, so that every claim comes after
    its premises among them, BAND_LEVELS levels of the chain a band; and the claims that lie on a DEPENDS_ON cycle
    among them or rest on one (the last band: no order puts their premises first)."""
    wanted = sorted(set(claims))
    members = set(wanted)
    below: dict[str, list[str]] = {}
    for chunk in chunked(wanted, _CHUNK):
        for row in run("status_premise_order", {"claims": chunk}):
            inside = [uid for uid in row["premises"] if uid in members]
            if inside:
                below[row["claim"]] = inside
    if not below:
        return ([wanted] if wanted else []), set()
    level = {uid: 0 for uid in wanted if uid not in below}
    above: dict[str, list[str]] = {}
    waiting = {uid: len(premises) for uid, premises in below.items()}
    for uid, premises in below.items():
        for premise in premises:
            above.setdefault(premise, []).append(uid)
    ready = list(level)
    while ready:
        uid = ready.pop()
        for claim in above.get(uid, ()):
            level[claim] = max(level.get(claim, 0), level[uid] + 1)
            waiting[claim] -= 1
            if waiting[claim] == 0:
                ready.append(claim)
    cyclic = members - set(level)
    bands: dict[int, list[str]] = {}
    for uid, depth in level.items():
        bands.setdefault(depth // BAND_LEVELS, []).append(uid)
    ordered = [sorted(bands[band]) for band in sorted(bands)]
    if cyclic:
        ordered.append(sorted(cyclic))
    return ordered, cyclic


__all__ = ["BAND_LEVELS", "premise_bands"]
