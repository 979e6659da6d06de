"""A real git repository built in a test's tmp_path, with the commit dates the test gives (no mocks of git)."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path


class Repo:
    """A git repository whose commits carry the dates a test gives them."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.git("init", "-q", "-b", "main")

    def git(self, *arguments: str, when: str | None = None, author_when: str | None = None) -> str:
        env = {
            **os.environ,
            "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": "Ada",
            "GIT_AUTHOR_EMAIL": "ada@example.com",
            "GIT_COMMITTER_NAME": "Ada",
            "GIT_COMMITTER_EMAIL": "ada@example.com",
        }
        if when:
            env["GIT_COMMITTER_DATE"] = when
            env["GIT_AUTHOR_DATE"] = author_when or when
        done = subprocess.run(["git", *arguments], cwd=self.root, env=env, capture_output=True, text=True, check=True)
        return done.stdout.strip()

    def write(self, relpath: str, text: str | bytes) -> None:
        file = self.root / relpath
        file.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            file.write_bytes(text)
        else:
            file.write_text(text)

    def commit(self, message: str, when: str, author_when: str | None = None) -> str:
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message, when=when, author_when=author_when)
        return self.git("rev-parse", "HEAD")


def committed(root: Path, files: dict[str, str | bytes], when: str = "2024-01-01T00:00:00Z") -> Repo:
    """A repository at `root` whose one commit, at `when`, adds `files` (path -> text)."""
    repo = Repo(root)
    for relpath, text in files.items():
        repo.write(relpath, text)
    repo.commit("add", when)
    return repo
