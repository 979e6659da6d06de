"""A record file kept beside another under its name plus a suffix: `ms-rfc-24-FIRSTDRAFT.txt` beside `ms-rfc-24.txt`
(a first draft, a revision, an old copy). When both give one id, the id is the plain name's, whatever the walk's order
(a sorted walk meets `-FIRSTDRAFT` first: `-` sorts before `.`); the twin is read as its own record under its path,
and the `duplicate_id` notice, and a proposal's `check:` line, say whose twin it is. Nothing is dropped."""
from __future__ import annotations

import posixpath

_SEPARATORS = "-_. "  # what joins the suffix to the plain name: `-FIRSTDRAFT`, `_old`, `.v2`


def _stem(relpath: str) -> tuple[str, str, str]:
    folder, name = posixpath.split(relpath)
    stem, suffix = posixpath.splitext(name)
    return folder, stem.casefold(), suffix.casefold()


def twin_suffix(relpath: str, plain: str) -> str | None:
    """What `relpath`'s name adds to `plain`'s (`-FIRSTDRAFT`), when it is `plain`'s name, in the same folder with
    the same extension, plus a suffix a separator starts; else None."""
    folder, stem, suffix = _stem(relpath)
    other_folder, other_stem, other_suffix = _stem(plain)
    if (folder, suffix) != (other_folder, other_suffix) or len(stem) <= len(other_stem) + 1:
        return None
    if not stem.startswith(other_stem) or stem[len(other_stem)] not in _SEPARATORS:
        return None
    name = posixpath.basename(relpath)
    return name[len(other_stem):len(name) - len(suffix)]


def plain_first(relpaths: list[str]) -> list[str]:
    """`relpaths` in their order, but each twin moved to just after the file whose name it extends (the nearest, the
    longest such name), so that the plain file takes an id both give."""
    present = {_stem(relpath): relpath for relpath in relpaths}
    plain_of: dict[str, str] = {}
    for relpath in relpaths:
        folder, stem, suffix = _stem(relpath)
        cuts = [cut for cut in range(len(stem) - 1, 0, -1) if stem[cut] in _SEPARATORS]
        plain = next((present[(folder, stem[:cut], suffix)] for cut in cuts if (folder, stem[:cut], suffix) in present), None)
        if plain is not None and plain != relpath:
            plain_of[relpath] = plain
    if not plain_of:
        return relpaths
    waiting: dict[str, list[str]] = {}
    for twin, plain in plain_of.items():
        waiting.setdefault(plain, []).append(twin)
    ordered: list[str] = []

    def place(relpath: str) -> None:
        ordered.append(relpath)
        for twin in waiting.pop(relpath, []):
            place(twin)

    for relpath in relpaths:
        if relpath not in plain_of:
            place(relpath)
    placed = set(ordered)
    return ordered + [relpath for relpath in relpaths if relpath not in placed]  # none left by a cycle; never lose one


def twin_said(relpath: str, holder: str) -> str:
    """The `duplicate_id` notice's words on a twin: `relpath` gives the id `holder` holds."""
    suffix = twin_suffix(relpath, holder)
    if suffix is None:
        return f"{relpath} uses the id of {holder}"
    return (f"{relpath} uses the id of {holder}, whose name it extends by {suffix!r} (a draft or revision kept "
            "beside it)")
