"""Binary input is treated the same way by every ingester, and one ingest command writes all or nothing."""
from __future__ import annotations

import json
import random
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from provgraph.cli import cli
from provgraph.graph.connection import Graph
from provgraph.ingest.binary import binary_reason
from provgraph.ingest.records import Observation

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")

    pixels = zlib.compress(b"\x00\xff\x00\x00" * 4)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", (1).to_bytes(4, "big") * 2 + b"\x08\x02\x00\x00\x00")
            + chunk(b"IDAT", pixels) + chunk(b"IEND", b""))


def _noise(size: int = 3000, seed: int = 5) -> bytes:
    # random bytes with enough `=` and newlines that logfmt would read "entries" from them
    rng = random.Random(seed)
    return bytes(rng.choice(b"=\n ab") if rng.random() < 0.2 else rng.randrange(256) for _ in range(size))


def _nodes(graph: Graph) -> int:
    return graph.read("MATCH (n) WHERE NOT n:ProvgraphSchema RETURN count(n) AS n")[0]["n"]


def _invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("command", [
    ["logs", "--format", "logfmt"],
    ["logs", "--format", "jsonl"],
    ["tickets", "--format", "github"],
    ["tickets", "--format", "jira-csv"],
    ["tickets", "--format", "jira-json"],
    ["cards"],
], ids=lambda c: " ".join(c))
@pytest.mark.parametrize("content", ["noise", "png"])
def test_binary_input_is_unusable_for_every_ingester_and_writes_nothing(graph: Graph, tmp_path: Path,
                                                                       command: list[str], content: str) -> None:
    path = tmp_path / "binary.bin"
    path.write_bytes(_noise() if content == "noise" else _png())
    kind, *options = command
    result = _invoke("ingest", kind, str(path), *options, "--store", "bin")
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "not text" in lines[0] and str(path) in lines[0], result.stderr
    assert _nodes(graph) == 0  # nothing quarantined, no store, no source


def test_a_png_named_md_is_skipped_with_a_notice_and_not_stored(graph: Graph, tmp_path: Path) -> None:
    folder = tmp_path / "adr"
    folder.mkdir()
    (folder / "diagram.md").write_bytes(_png())
    (folder / "0001-real.md").write_text("# Real\n\n## Status\n\nAccepted\n\n## Decision\n\nUse it.\n")
    result = _invoke("ingest", "files", str(folder), "--store", "adr", "--output", "json")
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["observations"] == 1
    assert any(f["kind"] == "not_text" and f["subject"] == "diagram.md" for f in summary["findings"]), summary
    sources = graph.read("MATCH (s:Source) RETURN collect(s.uid) AS uids")[0]["uids"]
    assert sources == ["adr:0001-real.md"]
    alone = _invoke("ingest", "files", str(folder / "diagram.md"), "--store", "alone")
    assert alone.exit_code == 2 and "not text (a PNG image)" in alone.stderr, alone.stderr


def test_invalid_utf8_in_markdown_gives_a_notice_and_keeps_the_text(graph: Graph, tmp_path: Path) -> None:
    folder = tmp_path / "adr"
    folder.mkdir()
    (folder / "0002-latin1.md").write_bytes("# Café\n\n## Status\n\nAccepted\n\n## Decision\n\nCafé au lait.\n"
                                             .encode("latin-1"))
    result = _invoke("ingest", "files", str(folder), "--store", "adr", "--output", "json")
    assert result.exit_code == 0, result.stderr
    findings = json.loads(result.stdout)["findings"]
    assert {"kind": "invalid_utf8", "subject": "0002-latin1.md",
            "detail": "bytes that are not UTF-8 were kept as U+FFFD"} in findings
    text = graph.read("MATCH (c:Claim) RETURN c.text AS text")[0]["text"]
    assert "Caf\ufffd au lait" in text


def test_text_with_a_few_stray_bytes_is_still_text() -> None:
    assert binary_reason(b'{"id": "h-\x00z", "ts": 1700000000000, "content": "a\x00b"}\n\x00\x00\x00') is None
    assert binary_reason("Café - décision validée\n".encode("latin-1") * 20) is None
    assert binary_reason(b"") is None
    assert binary_reason("ünïcödé ✓ 決定\n".encode() * 3000) is None  # a multi-byte char cut by the 8 KiB sample
    assert binary_reason(_png()) == "a PNG image"
    assert binary_reason(bytes(range(256)) * 8) == "binary data"
    assert binary_reason(_noise()) == "binary data"


def test_ingest_config_checks_every_store_before_writing_anything(graph: Graph, tmp_path: Path) -> None:
    (tmp_path / "board.jsonl").write_bytes((EXAMPLES / "cards" / "board.jsonl").read_bytes())
    (tmp_path / "binary.log").write_bytes(_noise())
    for second, why in ((('path = "missing.jsonl"', 'kind = "logs"'), "no such file"),
                        (('path = "binary.log"', 'kind = "logs"', 'format = "logfmt"'), "not text")):
        config = tmp_path / "provgraph.toml"
        config.write_text('[[store]]\nname = "board"\nkind = "cards"\npath = "board.jsonl"\n\n'
                          '[[store]]\nname = "decisions"\n' + "\n".join(second) + "\n")
        result = _invoke("ingest", "--config", str(config))
        assert result.exit_code == 2, (result.stdout, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and why in lines[0] and "store decisions" in lines[0], result.stderr
        assert "nothing was written" in lines[0]
        assert _nodes(graph) == 0  # the first store was not written either
    config.write_text('[[store]]\nname = "board"\nkind = "cards"\npath = "board.jsonl"\n')
    assert _invoke("ingest", "--config", str(config)).exit_code == 0
    assert _nodes(graph) > 0


def test_ingest_config_checks_every_store_without_holding_their_records(tmp_path: Path) -> None:
    import json
    import tracemalloc

    from provgraph.ingest.config import StoreConfig
    from provgraph.ingest.pipeline import open_store, read_every_store

    def board(name: str, count: int) -> Path:
        path = tmp_path / name
        with path.open("w") as out:
            for number in range(count):
                out.write(json.dumps({"id": f"{name}-{number}", "ts": 1767225600000 + number, "subject": f"s{number}",
                                      "value": "v" * 200, "content": f"# Card {number}\n\n" + "words " * 100}) + "\n")
        return path

    stores = [StoreConfig(kind="cards", path=board(f"board{n}.jsonl", 1000), name=f"b{n}") for n in range(4)]

    def peak(work) -> int:
        tracemalloc.start()
        try:
            work()
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    held = peak(lambda: [list(open_store("cards", s.path, store=s.name).records) for s in stores])
    checked = peak(lambda: read_every_store(tmp_path / "provgraph.toml", stores))
    # one store's input at a time (a cards ingester reads its file whole), never every store's records at once
    assert checked * 2 < held, (checked, held)
    inputs = read_every_store(tmp_path / "provgraph.toml", stores)
    assert all(not isinstance(source.records, list) for source in inputs)  # streamed when written
    assert sum(1 for record in inputs[1].records if isinstance(record, Observation)) == 1000  # and its FileEnd


def test_an_input_gone_between_the_check_and_its_turn_names_the_stores_already_written(graph: Graph, tmp_path: Path) -> None:
    from provgraph.base.errors import InputError
    from provgraph.ingest.config import load_config
    from provgraph.ingest.pipeline import read_every_store, write_every_store

    for name in ("first", "second"):
        (tmp_path / f"{name}.jsonl").write_bytes((EXAMPLES / "cards" / "board.jsonl").read_bytes())
    config = tmp_path / "provgraph.toml"
    config.write_text("".join(f'[[store]]\nname = "{name}"\nkind = "cards"\npath = "{name}.jsonl"\n\n'
                              for name in ("first", "second")))
    stores = load_config(config)
    inputs = read_every_store(config, stores)
    (tmp_path / "second.jsonl").unlink()  # changed on disk after the check
    with pytest.raises(InputError) as raised:
        list(write_every_store(graph, config, stores, inputs))
    assert "store second" in str(raised.value) and "changed since it was checked; stores written: first" in str(raised.value)
    assert _nodes(graph) > 0  # the first store stays written
