"""`python -m bench.kept_words`: the words the code uses for what is kept at write time, counted across the Cypher
files and the engine (identifiers split at `_` and `-`), as one JSON object: for each word, how many times it
stands, and how many distinct words of the list are in use. Issue 42 asked for one verb set (docs/design.md
"Kept at write time"): a kept value is fresh or stale, a write marks it stale, the write-time pass recomputes it,
`check` compares it. The closing note cites these numbers."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORDS = ("kept", "keep", "keeps", "owe", "owed", "owes", "owing", "mark_subjects_stale", "pending", "fresh", "forget", "forgets",
         "mark_statuses_stale", "unstored", "store", "stored", "stale", "mark", "marks", "marked", "recompute", "recomputes",
         "recomputed", "refresh", "drift", "drifted")


def counts() -> dict[str, object]:
    found: Counter[str] = Counter()
    files = [*ROOT.glob("provgraph/cypher/**/*.cypher"), *ROOT.glob("provgraph/engine/**/*.py")]
    for path in files:
        for word in re.split(r"[^A-Za-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", path.read_text(encoding="utf-8"))):
            if word.lower() in WORDS:
                found[word.lower()] += 1
    return {"distinct": sum(1 for word in WORDS if found[word]), "files": len(files),
            "counts": {word: found[word] for word in WORDS if found[word]}}


if __name__ == "__main__":
    print(json.dumps(counts(), indent=1))
