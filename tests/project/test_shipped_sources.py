"""Shipped files cite rules by publication and section, never by a path outside the package
(users have no shared/ folder); the README shows a small example page of each game."""

from __future__ import annotations

import re
from pathlib import Path

from sheets.core.game import BUILTIN

ROOT = Path(__file__).resolve().parents[2]
_PATH = re.compile(r"/work/|\bshared/|\bseeds/\d|\.\./shared")


def test_no_shipped_file_cites_an_internal_path():
    found = []
    for folder in ("sheets", "data", "templates"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in {".py", ".yaml", ".yml", ".j2", ".md", ".txt"} and path.is_file():
                for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                    if _PATH.search(line):
                        found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


def test_readme_shows_every_game_and_the_data_dir_rule():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    head = readme
    for game in BUILTIN:
        image = ROOT / "docs" / f"example-{game}.png"
        assert f"docs/example-{game}.png" in head
        assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert image.stat().st_size < 150_000
    assert "--data-dir" in head and "Never edit" in head
