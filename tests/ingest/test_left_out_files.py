"""What an ingest of files never opens (issue 55): a link out of the store's root, one to a device, a dangling one,
one inside the root, a link loop and a named pipe -- in a plain folder, through `--config`, and in git history (links
committed as mode 120000). No byte from outside the root reaches the graph, nothing waits on a pipe, and the summary
counts each entry left out with its reason, in text and JSON. Real Neo4j, real git, fixtures built in tmp_path."""
from __future__ import annotations

import json
import os
import shutil
import signal
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest
from cli_helpers import run
from git_repo import Repo

from provgraph.graph.connection import Graph
from provgraph.ingest import get
from provgraph.ingest.formats.tally import unread_files
from provgraph.ingest.records import IngestOptions
from provgraph.ingest.selection import FileSelection

SECRET = "TOPSECRET-OUTSIDE-55"
ADR = "# 1. Use Kafka\n\nDate: 2025-01-01\n\n## Status\n\nAccepted\n\n## Decision\n\nEvents go to Kafka.\n"
PLAIN_LEFT_OUT = ("7 file(s) left out: 2 link loops (loop-a.md, loop-b.md), 2 links out of the store's root "
                  "(0002-x.md, 0003-zero.md), 1 dangling link (0004-gone.md), 1 link inside the store's root "
                  "(0005-again.md), 1 named pipe (queue)")

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


@contextmanager
def within(seconds: int) -> Iterator[None]:
    """Fail, rather than hang the suite, when a read waits on a named pipe or reads /dev/zero for ever."""
    def stop(*_: object) -> None:
        raise TimeoutError(f"still reading after {seconds} s: a pipe or device was opened")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def read_through(path: Path, fmt: str = "default") -> None:
    """The ingester and the summary's tally run over `path` with no database, each bounded in time: the ingest that
    follows (a real Neo4j, as slow as the machine is loaded) cannot then wait on a pipe."""
    with within(20):
        list(get("files", fmt)(path, IngestOptions(store="probe")))
        unread_files(FileSelection(), path, {}, True)


def _outside(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    secret = folder / "secret.md"
    secret.write_text(f"---\nid: OUT-1\nstatus: accepted\n---\n# Outside\n\n{SECRET}\n")
    return secret


def _store_with_links(store: Path, secret: Path) -> Path:
    store.mkdir(parents=True, exist_ok=True)
    (store / "0001-use-kafka.md").write_text(ADR)
    (store / "0002-x.md").symlink_to(secret)
    (store / "0003-zero.md").symlink_to("/dev/zero")
    (store / "0004-gone.md").symlink_to("nowhere.md")
    (store / "0005-again.md").symlink_to("0001-use-kafka.md")
    (store / "loop-a.md").symlink_to("loop-b.md")
    (store / "loop-b.md").symlink_to("loop-a.md")
    os.mkfifo(store / "queue")
    return store


def _graph_text(graph: Graph) -> str:
    """Every property of every node and relationship, as one text to search."""
    rows = graph.read("MATCH (n) RETURN labels(n) AS labels, properties(n) AS properties")
    rows += graph.read("MATCH ()-[r]->() RETURN type(r) AS type, properties(r) AS properties")
    return json.dumps(rows, default=str)


def _sources(graph: Graph) -> list[str]:
    return [row["uid"] for row in graph.read("MATCH (s:Source) RETURN s.uid AS uid ORDER BY uid")]


def test_a_plain_folder_reads_nothing_through_a_link_and_counts_each_entry_left_out(graph: Graph, tmp_path: Path) -> None:
    store = _store_with_links(tmp_path / "adr", _outside(tmp_path / "elsewhere"))
    read_through(store)
    text = run("ingest", "files", str(store), "--store", "adr")
    again = run("ingest", "files", str(store), "--store", "adr", "--output", "json")
    assert text.exit_code == 0, text.output
    assert f"  reading     {PLAIN_LEFT_OUT}" in text.output.splitlines()
    assert again.exit_code == 0, again.output
    assert PLAIN_LEFT_OUT in json.loads(again.output)["readings"]
    assert SECRET not in _graph_text(graph) and "OUT-1" not in _graph_text(graph)
    assert _sources(graph) == ["adr:0001-use-kafka.md"]  # the link inside the root is no second record of 0001


def test_a_config_store_of_kind_files_leaves_out_the_same_entries(graph: Graph, tmp_path: Path) -> None:
    store = _store_with_links(tmp_path / "adr", _outside(tmp_path / "elsewhere"))
    config = tmp_path / "provgraph.toml"
    config.write_text('[[store]]\nname = "adr"\nkind = "files"\npath = "adr"\n')
    read_through(store)
    result = run("ingest", "--config", str(config), "--output", "json")
    assert result.exit_code == 0, result.output
    assert PLAIN_LEFT_OUT in json.loads(result.output)["readings"]  # one store: its summary
    assert SECRET not in _graph_text(graph) and _sources(graph) == ["adr:0001-use-kafka.md"]


def test_a_link_to_a_folder_outside_the_root_is_not_entered(graph: Graph, tmp_path: Path) -> None:
    _outside(tmp_path / "elsewhere")
    store = tmp_path / "adr"
    store.mkdir()
    (store / "0001-use-kafka.md").write_text(ADR)
    (store / "more").symlink_to(tmp_path / "elsewhere")
    result = run("ingest", "files", str(store), "--store", "adr", "--output", "json")
    assert result.exit_code == 0, result.output
    assert "1 file(s) left out: 1 link out of the store's root (more)" in json.loads(result.output)["readings"]
    assert SECRET not in _graph_text(graph)


@needs_git
def test_git_history_never_follows_a_committed_link_and_counts_each_by_where_it_leads(graph: Graph, tmp_path: Path) -> None:
    secret = _outside(tmp_path / "elsewhere")
    repo = Repo(tmp_path / "repo")
    repo.write("docs/adr/0001-use-kafka.md", ADR)
    adr = repo.root / "docs" / "adr"
    (adr / "0002-x.md").symlink_to(secret)
    (adr / "0003-zero.md").symlink_to("/dev/zero")
    (adr / "0004-up.md").symlink_to("../../../elsewhere/secret.md")
    (adr / "0005-again.md").symlink_to("0001-use-kafka.md")
    (adr / "0006-gone.md").symlink_to("nowhere.md")
    repo.commit("records and links", "2025-01-01T00:00:00Z")
    assert "120000" in repo.git("ls-files", "-s", "docs/adr/0002-x.md")  # git holds the link itself, not its target
    os.mkfifo(adr / "queue")  # untracked: no part of history, and the work tree's tally must not wait on it
    read_through(adr, "git")
    result = run("ingest", "files", str(adr), "--git", "--store", "adr", "--output", "json")
    assert result.exit_code == 0, result.output
    assert ("5 file(s) left out: 3 links out of the store's root (0002-x.md, 0003-zero.md, 0004-up.md), "
            "2 links inside the store's root (0005-again.md, 0006-gone.md)") in json.loads(result.output)["readings"]
    assert SECRET not in _graph_text(graph) and "/dev/zero" not in _graph_text(graph)
    assert _sources(graph) == ["adr:0001-use-kafka.md"]


@needs_git
def test_a_record_replaced_by_a_link_in_history_ends_and_the_link_is_counted(graph: Graph, tmp_path: Path) -> None:
    secret = _outside(tmp_path / "elsewhere")
    repo = Repo(tmp_path / "repo")
    repo.write("0001-use-kafka.md", ADR)
    repo.commit("add", "2025-01-01T00:00:00Z")
    (repo.root / "0001-use-kafka.md").unlink()
    (repo.root / "0001-use-kafka.md").symlink_to(secret)
    repo.commit("now a link", "2025-02-01T00:00:00Z")
    result = run("ingest", "files", str(repo.root), "--git", "--store", "adr", "--output", "json")
    assert result.exit_code == 0, result.output
    assert "1 file(s) left out: 1 link out of the store's root (0001-use-kafka.md)" in json.loads(result.output)["readings"]
    assert SECRET not in _graph_text(graph)
    deleted = graph.read("MATCH (:Source {uid: 'adr:0001-use-kafka.md'})<-[:OF]-(s:Snapshot) RETURN s.deleted AS deleted "
                         "ORDER BY s.revised_at")
    assert [row["deleted"] for row in deleted][-1] is True


@pytest.mark.parametrize("command", [("files",), ("logs",), ("tickets", "--format", "github"), ("cards",)])
def test_a_named_pipe_given_as_the_input_is_refused_without_waiting(graph: Graph, tmp_path: Path, command: tuple[str, ...]) -> None:
    pipe = tmp_path / "decisions.md"
    os.mkfifo(pipe)
    with within(30):
        result = run("ingest", command[0], str(pipe), *command[1:])
    assert result.exit_code == 2, result.output
    assert "named pipe" in result.output


@pytest.mark.parametrize("history", [False, pytest.param(True, marks=needs_git)], ids=["folder", "git"])
def test_a_sidecar_that_is_a_link_out_of_the_root_is_never_read(graph: Graph, tmp_path: Path, history: bool) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "kep.yaml").write_text(f"kep-number: 9\ntitle: {SECRET}\nstatus: implementable\n")
    repo = Repo(tmp_path / "enhancements")
    repo.write("keps/sig-a/9-linked/README.md", "# A KEP whose metadata lies elsewhere\n")
    (repo.root / "keps" / "sig-a" / "9-linked" / "kep.yaml").symlink_to(outside / "kep.yaml")
    repo.commit("a linked sidecar", "2025-01-01T00:00:00Z")
    read_through(repo.root, "git" if history else "default")
    result = run("ingest", "files", str(repo.root), "--preset", "kep", "--store", "keps", *(["--git"] if history else []),
                 "--output", "json")
    assert result.exit_code == 0, result.output
    readings = json.loads(result.output)["readings"]
    assert "1 file(s) left out: 1 link out of the store's root (keps/sig-a/9-linked/kep.yaml)" in readings
    assert "1 file(s) read as sources only, not records: 1 with no kep.yaml beside it" in readings
    assert SECRET not in _graph_text(graph) and graph.read("MATCH (c:Claim) RETURN c.uid AS uid") == []


def test_a_cards_folder_reads_no_card_through_a_link(graph: Graph, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    card = '{{"id": "{id}", "author": "ada", "ts": "2025-01-01T00:00:00Z", "content": "{text}"}}\n'
    (outside / "secret.jsonl").write_text(card.format(id="out-1", text=SECRET))
    board = tmp_path / "board"
    board.mkdir()
    (board / "cards.jsonl").write_text(card.format(id="card-1", text="Ship it"))
    (board / "more.jsonl").symlink_to(outside / "secret.jsonl")
    result = run("ingest", "cards", str(board), "--store", "board", "--output", "json")
    assert result.exit_code == 0, result.output
    assert "1 file(s) left out: 1 link out of the store's root (more.jsonl)" in json.loads(result.output)["readings"]
    assert SECRET not in _graph_text(graph)
    assert [row["uid"] for row in graph.read("MATCH (c:Claim) RETURN c.uid AS uid")] == ["card-1"]


@needs_git
def test_a_git_work_tree_read_as_files_reads_nothing_through_a_link_and_counts_each_entry_left_out(
        graph: Graph, tmp_path: Path) -> None:
    # the same entries committed to a repository (the pipe untracked: git holds none) and read without --git: the work
    # tree is walked as any folder is
    secret = _outside(tmp_path / "elsewhere")
    repo = Repo(tmp_path / "repo")
    store = _store_with_links(repo.root / "adr", secret)
    (store / "queue").unlink()
    repo.commit("records and links", "2025-01-01T00:00:00Z")
    os.mkfifo(store / "queue")
    read_through(store)
    result = run("ingest", "files", str(store), "--store", "adr", "--output", "json")
    assert result.exit_code == 0, result.output
    assert PLAIN_LEFT_OUT in json.loads(result.output)["readings"]
    assert SECRET not in _graph_text(graph) and _sources(graph) == ["adr:0001-use-kafka.md"]


def test_git_history_asked_of_a_plain_folder_is_refused_in_one_line_without_reading_it(graph: Graph,
                                                                                      tmp_path: Path) -> None:
    store = _store_with_links(tmp_path / "adr", _outside(tmp_path / "elsewhere"))
    with within(30):
        result = run("ingest", "files", str(store), "--git", "--store", "adr")
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert _sources(graph) == []
