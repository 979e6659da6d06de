"""Answers of the Python API (provgraph/api.py) that no engine module defines: `Results`, a list of answers whose
`to_json()` is the text the matching CLI command prints with `--format json`, and `Decision`, an adjudication
recorded, dismissed or revoked."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Generic, Iterable, Mapping, TypeVar

T = TypeVar("T")


class Results(list[T], Generic[T]):
    """A list of results whose `to_json()` is what the CLI prints for them with `--format json`."""

    def __init__(self, items: Iterable[T], encode: Callable[[list[T]], str]) -> None:
        super().__init__(items)
        self._encode = encode

    def to_json(self) -> str:
        return self._encode(self)


@dataclass(frozen=True)
class Decision:
    """An adjudication recorded, dismissed or revoked: the engine's answer, with its uid first."""

    adjudication: str
    detail: Mapping[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return dict(self.detail)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, default=str)


__all__ = ["Decision", "Results"]
