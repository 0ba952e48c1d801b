"""`--example NAME`: the bundled samples printed, checked or described from any folder (the
README's first command after `pip install`), by game id or by a sample's name."""

from __future__ import annotations

import os

import pytest

from sheets.core.data import data_root


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # not the checkout: the samples come from the package
    return tmp_path


def test_render_example_battletech_writes_the_sample_point(cli, elsewhere):
    r = cli("render", "--example", "battletech")
    assert r.exit_code == 0, r.stderr
    out = elsewhere / "output" / "point-alpha.pdf"
    assert out.read_bytes().startswith(b"%PDF")
    assert f"wrote {os.path.join('output', 'point-alpha.pdf')}" in r.stderr
    plain = elsewhere / "plain.pdf"
    assert cli("render", data_root() / "units/battletech/point-alpha.yaml", "-o", plain).exit_code == 0
    assert out.read_bytes() == plain.read_bytes()


def test_a_game_with_two_samples_prints_both_in_one_pdf(cli, elsewhere):
    r = cli("render", "--example", "lnl", "-q")
    assert r.exit_code == 0 and r.stderr == ""
    assert [p.name for p in (elsewhere / "output").iterdir()] == ["hill30_us+hill30_german.pdf"]


def test_a_sample_by_its_name_and_beside_a_path(cli, elsewhere, write):
    r = cli("validate", "--example", "roc", "--example", "otrok")
    assert r.exit_code == 0, r.stderr
    assert [line.split(": ", 1)[1] for line in r.stdout.splitlines()] == [
        "ok (battletech, 1 unit)",
        "ok (dmech, 1 unit)",
    ]
    mine = write("mine.yaml", (data_root() / "units/battletech/roc.yaml").read_text(encoding="utf-8"))
    r = cli("info", mine, "--example", "harpy", "--json")
    assert r.exit_code == 0 and [u["name"] for u in __import__("json").loads(r.stdout)] == ["Roc", "Harpy"]


def test_an_unknown_sample_is_a_usage_error_with_did_you_mean(cli, elsewhere):
    r = cli("render", "--example", "batletech")
    assert r.exit_code == 2
    assert "Invalid value for '--example': no sample 'batletech' (did you mean 'battletech'?)" in r.stderr
    assert not (elsewhere / "output").exists()


def test_neither_a_path_nor_an_example_is_a_usage_error(cli, elsewhere):
    for command in ("render", "validate", "info"):
        r = cli(command)
        assert r.exit_code == 2
        assert "give the files to read (PATH...) or a bundled sample (--example GAME)" in r.stderr
