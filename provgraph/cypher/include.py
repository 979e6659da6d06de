"""Rule fragments written once: a query's `// INCLUDE name` line or `/*INCLUDE name(args)*/` is replaced by
`rules/<name>.cypher` when it loads.

A rule used by several queries is written once, in `cypher/rules/<name>.cypher`. There are two kinds.

A *block* (its first line of code starts a clause: MATCH, WITH, CALL, ...) is used on a line of its own

    // INCLUDE <name> (anything after the name is a note)

and the loader (`provgraph.cypher.load`) puts the fragment there, at the line's indentation, between two marker
lines, so the text that runs (and `provgraph query NAME --print` shows, for cypher-shell or the Browser) says
where each block comes from:

    // BEGIN <name> (the note)
    ...the fragment...
    // END <name>

An *expression* (anything else: a condition, a value) is used inline, where the expression goes:

    WHERE /*INCLUDE edge-visible(rev)*/ AND ...

and expands to the fragment's code on one line, in parentheses (so the operators around the use cannot regroup
it), after a comment that names it: `/*edge-visible(rev)*/ ((rev.valid_from IS NULL OR ...) AND ...)`.

A fragment may take arguments, named in a comment line of its own, `// arguments: edge, q`, and written in its
code as variables of those names. Each use gives as many, in order, after the name with no space:
`/*INCLUDE scope-covers(rev.scope, q)*/`, `// INCLUDE some-block(claim) (a note)`. An argument is a variable,
a property of one (`rev.scope`), a `$parameter` or a function of one variable (`startNode(dep)`); the loader puts
it in place of the name wherever the name stands as a word of its own in the fragment's code (not in strings or
comments, not after `.`, `$` or `:`).
The `// arguments:` line itself is not copied into the query.

The one-line expressions (a condition or a value with one line of code) are written together, each under a line
`// define <name>` of its own, in `rules/predicates.cypher`; a use names them as it names a file's fragment.

A fragment may use others; they are expanded first (the arguments it was given pass on to them). An unknown
name, a use with the wrong number of arguments or a malformed one, a block used inline or an expression on a
line of its own, and a fragment that uses itself are errors when the query loads (the test suite loads every
query).
"""
from __future__ import annotations

import re
from pathlib import Path

_NAME = r"[a-z0-9\-]+"
_INCLUDE = re.compile(rf"^(?P<indent>[ ]*)// INCLUDE (?P<name>{_NAME})(?:\((?P<args>(?:[^()]|\([^()]*\))*)\))?(?P<note>(?:[^(\w\-].*)?)$")
_INLINE = re.compile(rf"/\*INCLUDE (?P<name>{_NAME})(?:\((?P<args>(?:[^()]|\([^()]*\))*)\))?\*/")
_MALFORMED = re.compile(r"/\*\s*INCLUDE\b")
_ARGUMENTS = re.compile(r"^\s*// arguments:(?P<names>.*)$")
_ARGUMENT = re.compile(r"\$?[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*|[A-Za-z_][A-Za-z0-9_]*\([A-Za-z_][A-Za-z0-9_]*\)")
# what an argument's name is looked for in: strings and comments are skipped whole, a word after `.`, `$` or `:` too
_TOKENS = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|`[^`]*`|/\*.*?\*/|//[^\n]*|(?<![.$:\w])[A-Za-z_]\w*", re.S)
_CLAUSE = re.compile(r"(?:OPTIONAL\s+MATCH|MATCH|MERGE|CREATE|RETURN|UNWIND|CALL|WITH|DETACH\s+DELETE|DELETE|FOREACH|SET"
                     r"|REMOVE|UNION|ORDER\s+BY|WHERE|LIMIT)\b")


PREDICATES = "predicates.cypher"  # the one-line expressions, each under `// define <name>`
_DEFINE = re.compile(rf"^// define (?P<name>{_NAME})\s*$")


class IncludeError(Exception):
    pass


def definitions(text: str) -> dict[str, str]:
    """The fragments of a predicates file: each `// define <name>` line starts one, which runs to the next."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines(keepends=True):
        match = _DEFINE.match(line.rstrip("\n"))
        if match:
            current = found.setdefault(match.group("name"), [])
        elif current is not None:
            current.append(line)
    return {name: "".join(lines) for name, lines in found.items()}


def sources(rules: Path) -> dict[str, str]:
    """Every fragment of folder `rules` by name: one per file, and those of its predicates file."""
    found = {path.stem: path.read_text(encoding="utf-8") for path in sorted(rules.glob("*.cypher"))
             if path.name != PREDICATES}
    shared = rules / PREDICATES
    if shared.is_file():
        found.update(definitions(shared.read_text(encoding="utf-8")))
    return found


def _source(rules: Path, name: str) -> tuple[str, str]:
    """(the text of fragment `name`, where it is written)."""
    path = rules / f"{name}.cypher"
    if path.is_file() and path.name != PREDICATES:
        return path.read_text(encoding="utf-8"), path.name
    shared = rules / PREDICATES
    text = definitions(shared.read_text(encoding="utf-8")).get(name) if shared.is_file() else None
    if text is None:
        raise IncludeError(f"no rule fragment {name} ({path})")
    return text, f"{PREDICATES} ({name})"


def _split(args: str | None) -> list[str]:
    return [] if args is None or not args.strip() else [arg.strip() for arg in args.split(",")]


def _substitute(code: str, bindings: dict[str, str]) -> str:
    """`code` with each argument name standing as a word of its own (outside strings and comments) replaced."""
    if not bindings:
        return code
    return _TOKENS.sub(lambda token: bindings.get(token.group(0), token.group(0)), code)


def _code(text: str) -> str:
    """The fragment's code: its lines that are not whole-line comments."""
    return "".join(line for line in text.splitlines(keepends=True) if line.strip() and not line.lstrip().startswith("//"))


def fragment(rules: Path, name: str, _seen: tuple[str, ...] = (), args: list[str] | None = None) -> str:
    """The fragment `name` of folder `rules`, given `args`, its own uses expanded, lines ending in newlines, not
    indented."""
    if name in _seen:
        raise IncludeError(f"rule fragment {name} includes itself: {' -> '.join(_seen + (name,))}")
    text, where = _source(rules, name)
    lines = text.splitlines(keepends=True)
    declared = [match for match in map(_ARGUMENTS.match, lines) if match]
    names = _split(declared[0].group("names")) if declared else []
    given = args or []
    if len(given) != len(names):
        raise IncludeError(f"rule fragment {name} takes {len(names)} argument(s) ({', '.join(names) or 'none'}), "
                           f"given {len(given)}")
    for value in given:
        if not _ARGUMENT.fullmatch(value):
            raise IncludeError(f"rule fragment {name}: argument {value!r} is not a variable, a property of one or a "
                               "$parameter")
    body = "".join(line for line in lines if not _ARGUMENTS.match(line))
    return expand(body, rules, where, _seen + (name,), dict(zip(names, given)))


def _expression(rules: Path, name: str, args: list[str], seen: tuple[str, ...]) -> str:
    code = _code(fragment(rules, name, seen, args))
    if _CLAUSE.match(code.lstrip()):
        raise IncludeError(f"rule fragment {name} is a block (it starts a clause): use it on a line `// INCLUDE {name}`")
    if any(token.group(0).startswith("//") for token in _TOKENS.finditer(code)):
        raise IncludeError(f"rule fragment {name} is used inline: its code can hold no `//` comment")
    return " ".join(line.strip() for line in code.splitlines())


def expand(text: str, rules: Path, where: str = "<text>", _seen: tuple[str, ...] = (),
           _bindings: dict[str, str] | None = None) -> str:
    """`text` with every `// INCLUDE name` line replaced by the fragment, at the line's indentation, between
    `// BEGIN name` and `// END name` lines, and every `/*INCLUDE name(args)*/` by the expression, in parentheses."""
    bindings = _bindings or {}
    out: list[str] = []
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        try:
            out.append(_expand_line(line, rules, _seen, bindings))
        except IncludeError as error:
            raise IncludeError(f"{where}: line {number}: {error}") from None
    return "".join(out)


def _expand_line(line: str, rules: Path, seen: tuple[str, ...], bindings: dict[str, str]) -> str:
    if line.lstrip().startswith("//"):
        match = _INCLUDE.match(line.rstrip("\n"))
        if not match:
            if line.lstrip().startswith("// INCLUDE"):
                raise IncludeError(f"malformed use {line.strip()!r}: `// INCLUDE name`, `// INCLUDE name(a, b)`")
            return line
        indent, name, note = match.group("indent"), match.group("name"), match.group("note")
        args = [_substitute(arg, bindings) for arg in _split(match.group("args"))]
        body = fragment(rules, name, seen, args)
        if not _CLAUSE.match(_code(body).lstrip()):
            raise IncludeError(f"rule fragment {name} is an expression: use it inline, /*INCLUDE {name}(...)*/")
        shown = f"{name}({', '.join(args)})" if match.group("args") is not None else name
        return "".join([f"{indent}// BEGIN {shown}{note}\n",
                        *(indent + body_line if body_line.strip() else body_line
                          for body_line in body.splitlines(keepends=True)),
                        f"{indent}// END {name}\n"])
    code = _substitute(line, bindings)

    def inline(match: re.Match[str]) -> str:
        name = match.group("name")
        args = [_substitute(arg, bindings) for arg in _split(match.group("args"))]
        return f"/*{name}({', '.join(args)})*/ ({_expression(rules, name, args, seen)})"

    expanded = _INLINE.sub(inline, code)
    if _MALFORMED.search(expanded):
        raise IncludeError("malformed use: `/*INCLUDE name*/` or `/*INCLUDE name(a, b)*/`, no spaces inside")
    return expanded


__all__ = ["IncludeError", "PREDICATES", "definitions", "expand", "fragment", "sources"]
