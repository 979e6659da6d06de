"""The one rule, shared by every ingester, for telling text input from binary.

Every format provgraph reads is text. A file is binary when it starts with the signature of a
common binary format (PNG, JPEG, GIF, PDF, ZIP/Office, gzip, xz, zstd, 7z, ELF, SQLite, icons),
or when, in its first 8 KiB, more than 10% of the characters are control bytes other than
whitespace (NUL included), or more than 30% of them are bytes that are not UTF-8. A text file
with a few stray NUL or Latin-1 bytes stays text: its lines are read, the bad bytes kept as U+FFFD
with a notice.
"""
from __future__ import annotations

SAMPLE = 8192
_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive"),
    (b"\x1f\x8b", "gzip data"),
    (b"\xfd7zXZ\x00", "xz data"),
    (b"\x28\xb5\x2f\xfd", "zstd data"),
    (b"7z\xbc\xaf\x27\x1c", "a 7z archive"),
    (b"\x7fELF", "an executable"),
    (b"SQLite format 3\x00", "an SQLite database"),
    (b"\x00\x00\x01\x00", "an icon"),
)
_WHITESPACE_CONTROLS = frozenset(b"\t\n\r\f\v\x1b\x08")
_CONTROLS_OUT = {code: None for code in (*range(32), 0x7F) if code not in _WHITESPACE_CONTROLS}  # str.translate: drop them
_CONTROL_SHARE = 0.10
_NOT_UTF8_SHARE = 0.30


def binary_reason(data: bytes) -> str | None:
    """Why `data` is not text ("a PNG image", "binary data"), or None when it is text."""
    for signature, what in _SIGNATURES:
        if data.startswith(signature):
            return what
    sample = data[:SAMPLE]
    if not sample:
        return None
    text = sample.decode("utf-8", errors="replace")
    if len(sample) == SAMPLE:  # a multi-byte character cut at the end of the sample is not an error
        text = text.rstrip("\ufffd")
    if not text:
        return "binary data"
    controls = len(text) - len(text.translate(_CONTROLS_OUT))  # one C pass, not a Python loop per character
    not_utf8 = text.count("\ufffd")
    if controls > _CONTROL_SHARE * len(text) or not_utf8 > _NOT_UTF8_SHARE * len(text):
        return "binary data"
    return None


def binary_message(reason: str) -> str:
    """The one-line reason an ingester gives for refusing a binary file."""
    return f"not text ({reason}): every provgraph input format is UTF-8 text"


__all__ = ["binary_message", "binary_reason"]
