"""Issue 21 (BattleScribe import): a roster path that cannot be read is one exact ``file:
message`` (in process, not only through the CLI): no such file, a directory, not a regular file
(a FIFO), permission denied, another OS error by its text."""

from __future__ import annotations

import builtins
import os

import pytest

from battlescribe import rosters as R
from sheets.core.errors import InputError
from sheets.games.wh40k6 import battlescribe
from sheets.games.wh40k6.battlescribe import roster_to_unit_file


def _refusal(path) -> list[str]:
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(path)
    return [str(p) for p in exc.value.problems]


def test_no_such_file(tmp_path):
    assert _refusal(tmp_path / "gone.ros") == [f"{tmp_path / 'gone.ros'}: no such file"]


def test_a_directory(tmp_path):
    (tmp_path / "army.ros").mkdir()
    assert _refusal(tmp_path / "army.ros") == [f"{tmp_path / 'army.ros'}: is a directory, not a file"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_not_a_regular_file(tmp_path):
    os.mkfifo(tmp_path / "pipe.ros")
    assert _refusal(tmp_path / "pipe.ros") == [f"{tmp_path / 'pipe.ros'}: not a regular file"]


def test_permission_denied_and_another_read_error(tmp_path, monkeypatch):
    src = tmp_path / "a.ros"
    src.write_text(R.roster(), encoding="utf-8")
    real_open = builtins.open

    def denied(path, *a, **kw):
        if str(path) == str(src):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *a, **kw)

    monkeypatch.setattr(builtins, "open", denied)
    assert _refusal(src) == [f"{src}: permission denied"]

    def broken(path, *a, **kw):
        if str(path) == str(src):
            raise OSError(5, "Input/output error")
        return real_open(path, *a, **kw)

    monkeypatch.setattr(builtins, "open", broken)
    assert _refusal(src) == [f"{src}: cannot read: Input/output error"]


def test_a_stat_error_is_named_by_its_text(tmp_path, monkeypatch):
    src = tmp_path / "a.ros"
    src.write_text(R.roster(), encoding="utf-8")

    def stat(path, *a, **kw):
        raise OSError(36, "File name too long")

    monkeypatch.setattr(battlescribe.os, "stat", stat)
    assert _refusal(src) == [f"{src}: cannot read: File name too long"]


def test_a_readable_file_is_read_whole(tmp_path):
    src = tmp_path / "a.ros"
    src.write_text(R.roster(), encoding="utf-8")
    assert [u["points"] for u in roster_to_unit_file(src)["units"]] == [105, 80]
