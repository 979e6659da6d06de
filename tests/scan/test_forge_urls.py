"""A URL of a record's file in its forge (`https://github.com/acme/payments/blob/main/docs/adr/0001-x.md#decision`)
cites the record when the store's folder lies in a git work tree whose remote names that forge repository."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from provgraph.api import Provgraph, connect
from provgraph.base.config import Settings
from provgraph.graph.schema import wipe

STORY = Path(__file__).resolve().parents[2] / "examples" / "story"
RECORD = "docs/adr/0001-use-postgres-for-ledger.md"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A clone of acme/payments: the story's ADRs under docs/adr, `origin` in ssh form, `upstream` in https form."""
    folder = tmp_path / "payments"
    shutil.copytree(STORY / "adr", folder / "docs" / "adr")
    subprocess.run(["git", "init", "-q", str(folder)], check=True)
    subprocess.run(["git", "-C", str(folder), "remote", "add", "origin", "git@github.com:acme/payments.git"], check=True)
    subprocess.run(["git", "-C", str(folder), "remote", "add", "upstream", "https://gitlab.example.com/acme/payments.git"],
                   check=True)
    return folder


@pytest.fixture
def pg(neo4j_settings: Settings, _schema: None, repo: Path) -> Provgraph:
    """The repository's ADRs ingested as the `adr` files store into an empty graph."""
    with connect(settings=neo4j_settings) as opened:
        wipe(opened.graph)
        opened.ingest_files(repo / "docs" / "adr", store="adr")
        yield opened


def _cited(pg: Provgraph, repo: Path, text: str) -> list[tuple[int, str, str | None]]:
    (repo / "src").mkdir(exist_ok=True)
    (repo / "src" / "ledger.py").write_text(text, encoding="utf-8")
    pg.scan([repo / "src"], root=repo)
    return [(f.line, f.text, f.claim) for f in pg.citations(governing=True)]


def test_a_forge_url_of_a_record_file_in_a_repo_with_a_remote_cites_that_record(pg: Provgraph, repo: Path) -> None:
    assert _cited(pg, repo, f"# https://github.com/acme/payments/blob/main/{RECORD}#decision\n"
                  f"# see (https://github.com/Acme/Payments/tree/release/2.0/{RECORD}).\n"
                  f"# https://gitlab.example.com/acme/payments/-/blob/4f2c1a9/{RECORD}\n"
                  "# https://github.com/acme/payments/raw/v1/docs/adr/0003-append-only-ledger.md\n") == [
        (1, f"https://github.com/acme/payments/blob/main/{RECORD}#decision", "ADR-0001"),
        (2, f"https://github.com/Acme/Payments/tree/release/2.0/{RECORD}", "ADR-0001"),
        (3, f"https://gitlab.example.com/acme/payments/-/blob/4f2c1a9/{RECORD}", "ADR-0001"),
        (4, "https://github.com/acme/payments/raw/v1/docs/adr/0003-append-only-ledger.md", "ADR-0003")]


def test_the_same_path_under_another_owner_repository_or_host_is_not_a_citation(pg: Provgraph, repo: Path) -> None:
    assert _cited(pg, repo, f"# https://github.com/other/payments/blob/main/{RECORD}\n"
                  f"# https://github.com/acme/ledger/blob/main/{RECORD}\n"
                  f"# https://example.com/acme/payments/blob/main/{RECORD}\n"
                  f"# https://github.com/acme/payments/blob/main/adr/0001-use-postgres-for-ledger.md\n"
                  f"# https://github.com/acme/payments/{RECORD}\n") == []


def test_a_forge_url_is_not_a_citation_when_the_records_repo_has_no_remote(pg: Provgraph, repo: Path) -> None:
    for remote in ("origin", "upstream"):
        subprocess.run(["git", "-C", str(repo), "remote", "remove", remote], check=True)
    assert _cited(pg, repo, f"# https://github.com/acme/payments/blob/main/{RECORD}\n") == []
