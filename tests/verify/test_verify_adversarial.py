"""verify stays polynomial on tangled histories: the revision closure never enumerates paths."""
from __future__ import annotations

import time

from provgraph.engine.verify import verify


def test_closure_over_a_diamond_ladder_and_a_long_chain_is_fast(graph, g) -> None:
    bottom = g.diamond_ladder("d", 30)[0]  # 2**30 paths from the top to the bottom
    chain = g.chain("c", 300)
    started = time.monotonic()
    verdict = verify(graph, [bottom, chain[0]], [bottom, chain[0]])
    assert verdict.verdict == "REVISION_CLOSURE_INCOMPLETE"
    assert len(verdict.missing) == 30 * 3 + 299
    assert time.monotonic() - started < 90  # generous: a busy two-core machine plans cold; enumerating 2**30 paths never returns
