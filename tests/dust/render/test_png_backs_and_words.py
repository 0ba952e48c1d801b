"""Issue 11, Dust: PNGs carry their resolution, back pages get crop marks, Russian cards
translate known factions and mounts, mini cards stay upright."""

from __future__ import annotations

import io

from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from sheets.cli import cli
from sheets.core.data import data_path

SAMPLE = str(data_path("units/dust/sample_force.yaml"))


def _run(*args):
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output


def test_card_pngs_carry_300_dpi(tmp_path):
    _run("render", SAMPLE, "--png", tmp_path / "png", "-o", tmp_path / "c.pdf")
    pngs = sorted((tmp_path / "png").glob("*.png"))
    assert pngs
    data = pngs[0].read_bytes()
    assert b"pHYs" in data
    dpi = Image.open(io.BytesIO(data)).info["dpi"]
    assert round(dpi[0]) == 300 and round(dpi[1]) == 300


def test_back_pages_have_crop_marks(tmp_path):
    out = tmp_path / "b.pdf"
    _run("render", SAMPLE, "--backs", "--card", "mini", "--bleed", "3", "-o", out)
    pages = PdfReader(out).pages
    front, back = (
        pages[0].get_contents().get_data(),
        pages[1].get_contents().get_data(),
    )  # the list shares page 1
    # crop marks are 0.25 pt hairlines, on the front and on the back page alike
    assert b"\n.25 w" in front or b" .25 w" in front
    assert front.count(b".25 w") == back.count(b".25 w") > 0


def test_russian_cards_translate_faction_and_mount(tmp_path):
    out = tmp_path / "r.pdf"
    _run("render", SAMPLE, "--lang", "ru", "-o", out)
    words = " ".join(p.extract_text() for p in PdfReader(out).pages)  # the list shares page 1
    assert "Ось · Отряд" in words and "спереди · Дальн. 6" in words
    assert "Axis" not in words.replace("Sample Axis force", "")
    assert "front" not in words
