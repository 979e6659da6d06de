"""A record's sidecar through git history: a commit that changes `kep.yaml` is a new version of the `README.md` beside it.

The git ingester reads record files and sidecar files as changes; here they become record changes only, each
carrying the blob its sidecar held at that commit. A commit that changes a sidecar and not its record adds a change
of the record (its blob unchanged, the sidecar's new), so the record's snapshot follows its metadata.
"""
from __future__ import annotations

import posixpath
from dataclasses import replace
from itertools import groupby
from typing import Any, TypeVar

Change = TypeVar("Change", bound=Any)  # git_log.Change: commit, relpath, status, blob, former, sidecar_blob


def with_sidecars(records: list[Change], sidecars: list[Change], order: dict[str, int]) -> list[Change]:
    """`records` in commit order, each with its sidecar's blob, plus a change per record whose sidecar alone changed."""
    if not sidecars:
        return records
    merged = sorted([*records, *sidecars], key=lambda change: order[change.commit])  # stable: records first in a commit
    sidecar_paths = {id(change) for change in sidecars}
    live_records: dict[str, dict[str, str]] = {}  # folder -> record path -> blob
    live_sidecars: dict[str, str] = {}  # folder -> sidecar blob
    result: list[Change] = []
    for _, group in groupby(merged, key=lambda change: change.commit):
        changed: list[Change] = []
        touched: dict[str, Change] = {}  # folder -> the sidecar change that touched it
        for change in group:
            folder = posixpath.dirname(change.relpath)
            if id(change) in sidecar_paths:
                if change.former is not None:
                    live_sidecars.pop(posixpath.dirname(change.former), None)
                    touched.setdefault(posixpath.dirname(change.former), change)
                if change.blob:
                    live_sidecars[folder] = change.blob
                else:
                    live_sidecars.pop(folder, None)
                touched.setdefault(folder, change)
                continue
            if change.former is not None:
                live_records.get(posixpath.dirname(change.former), {}).pop(change.former, None)
            if change.blob:
                live_records.setdefault(folder, {})[change.relpath] = change.blob
            else:
                live_records.get(folder, {}).pop(change.relpath, None)
            changed.append(change)
        seen = {change.relpath for change in changed}
        result.extend(replace(change, sidecar_blob=live_sidecars.get(posixpath.dirname(change.relpath)))
                      for change in changed)
        for folder, sidecar in touched.items():
            for relpath, blob in sorted(live_records.get(folder, {}).items()):
                if relpath not in seen:
                    result.append(replace(sidecar, relpath=relpath, status="M", blob=blob, former=None, old_blob=None,
                                          sidecar_blob=live_sidecars.get(folder)))
    return result
