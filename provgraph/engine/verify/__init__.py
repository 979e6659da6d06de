"""The currentness check (docs/design.md "Verifying an answer's evidence"): `request` parses what the reader
gives, `judge` asks the graph and compares the sets, `explain` words the first terminal that matches, `verdict`
holds the result."""
from __future__ import annotations

from provgraph.engine.verify.judge import answers, check, verify, verify_batch
from provgraph.engine.verify.request import Evidence, Question
from provgraph.engine.verify.verdict import SUPPORTED, TERMINALS, BatchVerdict, EvidenceCheck, Verdict, batch_line

__all__ = ["BatchVerdict", "Evidence", "EvidenceCheck", "Question", "SUPPORTED", "TERMINALS", "Verdict", "answers",
           "batch_line", "check", "verify", "verify_batch"]
