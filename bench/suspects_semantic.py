"""Does semantic similarity find the real logs' unlinked revisions? An offline experiment (issue 39), not a rule:
`python -m bench.suspects_semantic dump --out DIR [bench.suspects_real's corpus options]`, then
`python -m bench.suspects_semantic embed --out DIR --model MODEL_DIR`, then `... evaluate --out DIR [--held-out]`.

- **dump** ingests each corpus exactly as `bench.suspects_real` does (its readers, links stripped, the truth kept)
  and writes, per corpus, what the rule sees: every claim (uid, title, text, time, stale, subject, value), the
  pairs already linked, the truth, the default `suspects` (the baseline) and every lexical candidate the full-text
  lookups find with its similarity and how the later names the earlier (`suspects` with no threshold, no closeness
  test, 50 per claim).
- **embed** embeds each claim's title and text with all-MiniLM-L6-v2 (bench/minilm.py, numpy only).
- **evaluate** scores rules built from those signals, as `bench.suspects.score` counts: recall@3 of the countable
  true successors, false suspects per 100 claims. Tune on the development logs; `--held-out` measures the chosen
  rules once on the held-out ones.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any



def dump(argv: list[str], out: Path) -> None:
    from bench import suspects as bench_suspects
    from bench import suspects_real
    from provgraph.engine import suspects as engine

    out.mkdir(parents=True, exist_ok=True)
    original = bench_suspects.score

    def capture(graph: Any, truth: dict[str, str], same_matter: Any, label: str, **extra: Any) -> dict[str, Any]:
        result = original(graph, truth, same_matter, label, **extra)
        claims = graph.read(
            "MATCH (c:Claim) WHERE NOT c.placeholder RETURN c.uid AS uid, c.search_title AS title, c.text AS text, "
            "c.subject AS subject, c.value AS value, c.status = 'STALE' AS stale, toString(coalesce(c.asserted_at, "
            "COLLECT { MATCH (c)-[:CITED_AT]->(s:Snapshot) RETURN s.revised_at AS at ORDER BY at LIMIT 1 }[0], "
            "c.last_cited_at)) AS at")
        linked = graph.read("MATCH (a:Claim)-[:CORRECTS|SUPERSEDES|INVALIDATES|CONFLICTS_WITH|DEPENDS_ON|RELATES]-(b:Claim) "
                            "WHERE a.uid < b.uid RETURN DISTINCT a.uid AS a, b.uid AS b")
        settings = engine.params(min_score=0.0, per_claim=50, common=engine.common_terms(graph.read), names=True)
        settings.update(close=0.0, floor=None)
        candidates = graph.read("suspects", settings)
        listed = [[s.earlier, s.later] for s in bench_suspects._listed(graph)]
        name = label.split(" (")[0].replace("ADR log ", "").replace("/", "+").replace(" ", "-")
        (out / f"{name}.json").write_text(json.dumps({
            "label": label, "result": dict(result, listed=listed), "truth": truth,
            "claims": claims, "linked": [[row["a"], row["b"]] for row in linked],
            "candidates": [{"earlier": r["earlier"], "later": r["later"], "score": r["score"], "named": r["named"],
                            "terms": len(r["terms"] or [])} for r in candidates],
        }, indent=1, default=str) + "\n", encoding="utf-8")
        return result

    bench_suspects.score = capture
    suspects_real.main(argv)


def embed(out: Path, model_dir: Path) -> None:
    import numpy as np

    from bench.minilm import MiniLM

    model = MiniLM(model_dir)
    for path in sorted(out.glob("*.json")):
        if path.stem == "chosen":
            continue
        data = json.loads(path.read_text())
        if not path.with_suffix(".npy").exists():  # title and text; the uids say which row is which claim
            np.save(path.with_suffix(".npy"), model.embed([f"{c['title'] or ''}. {c['text'] or ''}" for c in data["claims"]]))
            path.with_suffix(".uids").write_text("\n".join(c["uid"] for c in data["claims"]) + "\n", encoding="utf-8")
        if not path.with_suffix(".title.npy").exists():  # the title alone (else the text's first 80 characters)
            titles = [c["title"] or (c["text"] or "")[:80] for c in data["claims"]]
            np.save(path.with_suffix(".title.npy"), model.embed(titles))
            path.with_suffix(".title.uids").write_text("\n".join(c["uid"] for c in data["claims"]) + "\n",
                                                       encoding="utf-8")
        print(f"{path.stem}: {len(data['claims'])} claims embedded", flush=True)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="python -m bench.suspects_semantic", description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("dump", "embed", "evaluate"))
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "provgraph-suspects-semantic")
    parser.add_argument("--model", type=Path, default=None, help="embed: the all-MiniLM-L6-v2 directory")
    parser.add_argument("--held-out", action="store_true", help="evaluate: the held-out logs (measure once)")
    known, rest = parser.parse_known_args(args)
    if known.step == "dump":
        dump(rest, known.out)
    elif known.step == "embed":
        if known.model is None:
            parser.error("embed needs --model DIR")
        embed(known.out, known.model)
    else:
        from bench import suspects_semantic_eval

        suspects_semantic_eval.run(known.out, known.held_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
