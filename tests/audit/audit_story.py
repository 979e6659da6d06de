"""A small decision log in a real git repository, each commit by a named person at a given time: the auditor's story.

0001 (queues) is proposed by Ada on 1 January 2024 and accepted by Bob on 1 February; on 1 March Cy adds 0002 (NATS),
accepted, and writes `Superseded by [..](0002-nats.md)` on line 7 of 0001. 0003 (retention) is proposed by Ada on
1 January and rejected by Bob on 1 April (a change with no link).
"""
from __future__ import annotations

import os
import subprocess
from datetime import datetime, timezone
from pathlib import Path

PEOPLE = {"ada": ("Ada Lovelace", "ada@example.com"), "bob": ("Bob Ross", "bob@example.com"),
          "cy": ("Cy Twombly", "cy@example.com"), "dee": ("Dee Merge", "dee@example.com")}


def adr(number: int, title: str, status: str, decision: str, date: str = "2024-01-01") -> str:
    # line 7 is the status line
    return f"# {number}. {title}\n\nDate: {date}\n\n## Status\n\n{status}\n\n## Decision\n\n{decision}\n"


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(timezone.utc)


class Repo:
    """A git repository whose commits carry the author, committer and time a test gives them."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.git("init", "-q", "-b", "main")

    def git(self, *arguments: str, env: dict[str, str] | None = None) -> str:
        base = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", **(env or {})}
        return subprocess.run(["git", *arguments], cwd=self.root, env=base, capture_output=True, text=True,
                              check=True).stdout.strip()

    def commit(self, files: dict[str, str], when: str, author: str, committer: str | None = None) -> str:
        for relpath, text in files.items():
            (self.root / relpath).write_text(text)
        (name, email), (c_name, c_email) = PEOPLE[author], PEOPLE[committer or author]
        env = {"GIT_AUTHOR_NAME": name, "GIT_AUTHOR_EMAIL": email, "GIT_AUTHOR_DATE": when,
               "GIT_COMMITTER_NAME": c_name, "GIT_COMMITTER_EMAIL": c_email, "GIT_COMMITTER_DATE": when}
        self.git("add", "-A")
        self.git("commit", "-q", "-m", f"change at {when}", env=env)
        return self.git("rev-parse", "HEAD")


def story(root: Path) -> dict[str, str]:
    """Build the story's repository under `root`; returns the commit ids by name."""
    repo = Repo(root)
    commits = {}
    commits["propose"] = repo.commit({
        "0001-queues.md": adr(1, "Use queues", "Proposed", "Use RabbitMQ."),
        "0003-retention.md": adr(3, "Keep logs a year", "Proposed", "Keep logs 365 days."),
    }, "2024-01-01T10:00:00+00:00", "ada")
    commits["accept"] = repo.commit({"0001-queues.md": adr(1, "Use queues", "Accepted", "Use RabbitMQ.")},
                                    "2024-02-01T10:00:00+00:00", "bob")
    commits["supersede"] = repo.commit({
        "0001-queues.md": adr(1, "Use queues", "Superseded by [2. Use NATS](0002-nats.md)", "Use RabbitMQ."),
        "0002-nats.md": adr(2, "Use NATS", "Accepted", "Use NATS.", date="2024-03-01"),
    }, "2024-03-01T10:00:00+00:00", "cy", committer="dee")
    commits["reject"] = repo.commit({"0003-retention.md": adr(3, "Keep logs a year", "Rejected", "Keep logs 365 days.")},
                                    "2024-04-01T10:00:00+00:00", "bob")
    return commits
