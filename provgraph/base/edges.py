"""The kinds of edge between claims: one vocabulary for the parsers, the schema, the engine and the views.

A revision kind retires its target (status rule 6, docs/design.md "Status of a claim"); AMENDS adds to its
target without retiring it; the other link kinds carry a premise, a conflict or lineage only.
"""
from __future__ import annotations

REVISION_KINDS = ("CORRECTS", "SUPERSEDES", "INVALIDATES")
LINK_KINDS = ("AMENDS", "CONFLICTS_WITH", "DEPENDS_ON", "RELATES")
EDGE_KINDS = REVISION_KINDS + LINK_KINDS

__all__ = ["EDGE_KINDS", "LINK_KINDS", "REVISION_KINDS"]
