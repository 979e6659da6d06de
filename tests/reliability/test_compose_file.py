"""docker/compose.yml keeps the password out of every command line (`ps` shows argv to every user) and
turns LOAD CSV's file URLs off, like the local server."""
from __future__ import annotations

import re
import shlex

import yaml
from reliability_helpers import REPO


def _compose() -> dict:
    return yaml.safe_load((REPO / "docker" / "compose.yml").read_text(encoding="utf-8"))


def test_compose_healthcheck_keeps_the_password_off_command_lines() -> None:
    service = _compose()["services"]["neo4j"]
    kind, script = service["healthcheck"]["test"]
    assert kind == "CMD-SHELL"
    words = shlex.split(script.replace("$$", "$"))
    command = next(i for i, word in enumerate(words) if not re.match(r"^[A-Z_][A-Z0-9_]*=", word))
    assert words[command] == "cypher-shell"
    for word in words[command:]:  # cypher-shell's argv: no password option, no password value
        assert word not in ("-p", "--password") and not word.startswith("--password=") and "PASSWORD" not in word
    assert "NEO4J_PASSWORD=$PROVGRAPH_PASSWORD" in words[:command]  # handed over in its environment
    assert "change-me-please" not in script


def test_compose_server_refuses_load_csv_file_urls() -> None:
    environment = _compose()["services"]["neo4j"]["environment"]
    assert environment["NEO4J_dbms_security_allow__csv__import__from__file__urls"] == "false"
