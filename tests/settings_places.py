"""Shared helper of the settings-file tests: the two places a settings file is read from."""

from __future__ import annotations

from pathlib import Path


def two_places(monkeypatch, tmp_path: Path) -> tuple[Path, Path]:
    """The user's own folder (XDG) and a working folder, both read (SHEETS_CONFIG unset); returns
    (the user's file, the working folder's file), neither written yet."""
    monkeypatch.delenv("SHEETS_CONFIG", raising=False)
    home = tmp_path / "home"
    (home / "sheets").mkdir(parents=True)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return home / "sheets" / "sheets.toml", work / "sheets.toml"
