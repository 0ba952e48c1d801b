"""The project's documentation as one text, for the tests that check what it says: the README
(the front door) followed by every English page of ``docs/`` (the reference moved there)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def documentation() -> str:
    pages = sorted((ROOT / "docs").glob("*.md"))
    assert len(pages) >= 9, "the reference pages of docs/ are missing"
    return "\n".join([readme(), *(p.read_text(encoding="utf-8") for p in pages)])
