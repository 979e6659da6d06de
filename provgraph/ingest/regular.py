"""Which entries under a store's root are read: regular files only, never through a link; the rest counted by reason.

A repository is input strangers write: a pull request can add `0002-x.md -> /home/me/.ssh/id_rsa`, a link to
`/dev/zero`, or a named pipe that blocks whoever opens it. Every walker of a store's folder (the files ingester and
its tally of files that are not records, the cards folder, `scan`) walks with `regular_files`, which asks each entry's
`lstat`, never following a link: a regular file is read; anything else is never opened and is `left out` under its
reason (`LINK_OUT`, `DANGLING`, `LINK_LOOP`, `LINK_INSIDE`, `DEVICE`, `PIPE`, `SOCKET`; `special_entries` finds the
devices, pipes and sockets a git work tree's listing never names). A link is not followed even when its target lies
inside the root: the walk reaches that target under its own path, so one file never makes two records or is cited
twice. The store's root is the path the ingest or scan was given, resolved.

The git ingester reads history, where a link is a blob of mode 120000 whose content is its target's path: it is
never followed to the filesystem, only named (`committed_link`) by the same words. `open_regular` opens a file
without blocking (and, for a walked file, without following a link swapped in since the walk) and refuses one that
is not a regular file by then. `LeftOut` gathers what a walk left out into the summary's `reading` line.
"""
from __future__ import annotations

import errno
import os
import posixpath
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Callable

from provgraph.base.text import and_more
from provgraph.ingest.records import Notice

LINK_OUT = "link out of the store's root"
LINK_INSIDE = "link inside the store's root"
LINK = "link"  # a link met where a regular file was walked (swapped in since): not followed
DANGLING = "dangling link"
LINK_LOOP = "link loop"
DEVICE = "device"
PIPE = "named pipe"
SOCKET = "socket"
SUBMODULE = "submodule"
OTHER = "not a regular file"
NOTICE_KIND = "left_out"  # a reading notice: the summary's `reading` line, not a finding
_PLURALS = {LINK: "links", LINK_OUT: "links out of the store's root", LINK_INSIDE: "links inside the store's root",
            DANGLING: "dangling links", LINK_LOOP: "link loops", DEVICE: "devices", PIPE: "named pipes",
            SOCKET: "sockets", SUBMODULE: "submodules"}
_NAMED = 3  # paths named per reason in the summary line
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)

Leave = Callable[[str, str], None]  # (store-relative path, reason)


class NotRegular(OSError):
    """The entry is not a regular file (`reason`: one of the words above); it was not read."""

    def __init__(self, reason: str) -> None:
        super().__init__(errno.EINVAL, reason)
        self.reason = reason


def kind_of(mode: int) -> str | None:
    """Why an entry of this `st_mode` is not read (devices, pipes, sockets), or None for a regular file or folder."""
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return DEVICE
    if stat.S_ISFIFO(mode):
        return PIPE
    if stat.S_ISSOCK(mode):
        return SOCKET
    return OTHER


def left_out(path: Path | str, root: Path) -> str | None:
    """Why the entry at `path` (under `root`, resolved) is never opened, or None for a regular file or a folder.

    Read from `lstat`: a link is named by where it leads (out of the root first, then dangling or a loop, else inside
    the root) and never followed; a device, named pipe or socket by its kind."""
    mode = os.lstat(path).st_mode
    if not stat.S_ISLNK(mode):
        return kind_of(mode)
    if not _inside(Path(os.path.realpath(path)), Path(os.path.realpath(root))):
        return LINK_OUT
    try:
        os.stat(path)
    except OSError as error:
        return LINK_LOOP if error.errno == errno.ELOOP else DANGLING
    return LINK_INSIDE


def committed_link(relpath: str, target: str) -> str:
    """Where a link committed to git (mode 120000, `target` its content) leads, read as text: out of the store's root
    (an absolute target, or one climbing above the root) or inside it. Never followed on disk."""
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(relpath), target))
    if posixpath.isabs(target) or joined == ".." or joined.startswith("../"):
        return LINK_OUT
    return LINK_INSIDE


def _inside(target: Path, root: Path) -> bool:
    return target == root or root in target.parents


def regular_files(root: Path, leave: Leave, enter: Callable[[str], bool] = lambda name: not name.startswith(".")
                  ) -> list[str]:
    """The store-relative ('/'-separated) paths of the regular files under `root`, sorted. Folders whose name `enter`
    refuses (dot-folders by default) are not entered; every other entry that is not a regular file or a folder, and
    every link (to a folder too), is passed to `leave` with its reason and never opened."""
    top = root.resolve()
    found: list[str] = []
    for directory, subdirectories, names in os.walk(top):
        here = Path(directory)
        entered = []
        for name in subdirectories:
            if not enter(name):
                continue
            reason = left_out(here / name, top)
            if reason is None:
                entered.append(name)
            else:
                leave((here / name).relative_to(top).as_posix(), reason)
        subdirectories[:] = sorted(entered)
        for name in names:
            relpath = (here / name).relative_to(top).as_posix()
            try:
                reason = left_out(here / name, top)
            except OSError:
                continue  # gone since the folder was listed
            if reason is None:
                found.append(relpath)
            else:
                leave(relpath, reason)
    return sorted(found)


def special_entries(root: Path, enter: Callable[[str], bool]) -> list[tuple[str, str]]:
    """(store-relative path, reason) of every device, named pipe or socket under `root`, sorted: what `git ls-files`
    never lists. Read from the folders' listings (no link followed, no file opened); folders whose name `enter`
    refuses are not entered."""
    found: list[tuple[str, str]] = []
    folders = [root]
    while folders:
        try:
            with os.scandir(folders.pop()) as entries:
                listed = list(entries)
        except OSError:
            continue  # gone or unreadable since
        for entry in listed:
            if entry.is_symlink() or entry.is_file(follow_symlinks=False):
                continue
            if entry.is_dir(follow_symlinks=False):
                if enter(entry.name):
                    folders.append(Path(entry.path))
                continue
            try:
                reason = kind_of(entry.stat(follow_symlinks=False).st_mode)
            except OSError:
                continue
            if reason is not None:
                found.append((Path(entry.path).relative_to(root).as_posix(), reason))
    return sorted(found)


def regular_names(folder: Path, leave: Leave) -> list[str]:
    """The names of the regular files directly in `folder`, sorted (its root: `folder`); the other entries that are
    not folders passed to `leave` as `regular_files` passes them."""
    found = []
    for name in sorted(os.listdir(folder)):
        try:
            reason = left_out(folder / name, folder)
        except OSError:
            continue
        if reason is not None:
            leave(name, reason)
        elif not (folder / name).is_dir():
            found.append(name)
    return found


def open_regular(path: Path, *, follow: bool = False) -> BinaryIO:
    """`path` open for reading in binary; NotRegular unless it is a regular file. Never blocks (a named pipe is
    opened non-blocking and refused); with `follow` (a file the user named) a link is followed, else opening a link
    fails as not read (a link swapped in since the walk)."""
    try:
        descriptor = os.open(path, os.O_RDONLY | _NONBLOCK | (0 if follow else _NOFOLLOW))
    except OSError as error:
        if error.errno == errno.ELOOP and not follow:
            raise NotRegular(LINK) from None
        if error.errno == errno.ENXIO:
            raise NotRegular(SOCKET) from None
        raise
    try:
        mode = os.fstat(descriptor).st_mode
    except OSError:
        os.close(descriptor)
        raise
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        raise NotRegular(kind_of(mode) or "folder")
    return os.fdopen(descriptor, "rb")


def read_regular(path: Path, *, follow: bool = False) -> bytes:
    """The bytes of a regular file, opened as `open_regular` opens it."""
    with open_regular(path, follow=follow) as handle:
        return handle.read()


@dataclass
class LeftOut:
    """What a walk left out, by reason, each path once: the summary's `reading` line."""

    paths: dict[str, list[str]] = field(default_factory=dict)  # reason -> store-relative paths

    def add(self, relpath: str, reason: str) -> None:
        found = self.paths.setdefault(reason, [])
        if relpath not in found:
            found.append(relpath)

    def line(self) -> str | None:
        """`2 file(s) left out: 1 link out of the store's root (0002-x.md), 1 named pipe (queue)`, or None."""
        if not self.paths:
            return None
        total = sum(len(paths) for paths in self.paths.values())
        told = ", ".join(f"{len(paths)} {reason if len(paths) == 1 else _PLURALS.get(reason, reason)} "
                         f"({and_more(sorted(paths), _NAMED)})"
                         for reason, paths in sorted(self.paths.items(), key=lambda item: (-len(item[1]), item[0])))
        return f"{total} file(s) left out: {told}"

    def notice(self, store: str) -> Notice | None:
        line = self.line()
        return Notice(NOTICE_KIND, store, line) if line is not None else None


__all__ = ["DANGLING", "DEVICE", "LINK_INSIDE", "LINK_LOOP", "LINK_OUT", "NOTICE_KIND", "NotRegular", "LeftOut", "PIPE",
           "SOCKET", "SUBMODULE", "committed_link", "kind_of", "left_out", "open_regular", "read_regular",
           "regular_files", "regular_names", "special_entries"]
