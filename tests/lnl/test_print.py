"""lnl printouts: the OOB sheet, the Melee aid card and the melee-odds chart, in both languages
and on both papers; † on unverified Kill Numbers and its removal by a --data-dir override."""

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[2]
US = ROOT / "data/units/lnl/hill30_us.yaml"
DE = ROOT / "data/units/lnl/hill30_german.yaml"
A4_LANDSCAPE, LETTER_LANDSCAPE = (841.89, 595.28), (792.0, 612.0)
A4, LETTER = (595.28, 841.89), (612.0, 792.0)
LATIN_WORDS = re.compile(r"\b[A-Za-z]{3,}\b")
# Latin words a Russian page may show: user data (names, sides, skills), SW names, the game's name
ALLOWED = {
    "Hill",
    "Germans",
    "Germany",
    "Gruppe",
    "Vogel",
    "Sniper",
    "Kranz",
    "Squad",
    "half",
    "Baker",
    "Sgt",
    "Cole",
    "Doc",
    "Hale",
    "Bayonet",
    "Satchel",
    "Charge",
    "Lock",
    "Load",
    "Tactical",
    "sheets",
    "Lt",
    "1st",
    "2nd",
    "3rd",
    # the seed's own abbreviations in its Russian text (IFP, FP, SW, LM, KN, NME), explained
    # by the page's legend
    "IFP",
    "NME",
    "PAC",
    "MMC",
    "SMC",
    "Shaken",
    # the terms the seed's Russian text keeps in English ("Shaken юниты", "Morale Check", "в
    # Admin Phase", "Satchel Charges", "Molotov Cocktails", "Flamethrowers"; issue 33)
    "Morale",
    "Check",
    "Admin",
    "Phase",
    "Charges",
    "Molotov",
    "Cocktail",
    "Cocktails",
    "Flamethrower",
}


def run(cli, tmp_path, name, *args):
    out = tmp_path / name
    r = cli(*args, "-o", out)
    assert r.exit_code == 0, r.output
    data = out.read_bytes()
    return PdfReader(io.BytesIO(data)), data


def size(reader, i=0):
    box = reader.pages[i].mediabox
    return round(float(box.width), 2), round(float(box.height), 2)


def text(reader):
    """All pages' text with line breaks of wrapped paragraphs as single spaces."""
    return " ".join(" ".join(p.extract_text() for p in reader.pages).split())


def font_sizes(data: bytes) -> list[float]:
    reader = PdfReader(io.BytesIO(data))
    sizes = []
    for page in reader.pages:
        sizes += [float(s) for s in re.findall(rb"/F[0-9+]+ ([\d.]+) Tf", page.get_contents().get_data())]
    return sizes


def non_grey(data: bytes) -> int:
    reader = PdfReader(io.BytesIO(data))
    found = 0
    for page in reader.pages:
        for m in re.finditer(rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (rg|RG)\b", page.get_contents().get_data()):
            found += not (m.group(1) == m.group(2) == m.group(3))
    return found


def russian_leftovers(txt: str) -> set:
    """Latin words outside ALLOWED; the calculator's option names quoted as typed
    ("--low-odds down", "sw:") are commands, not English."""
    txt = re.sub(r"--[a-z-]+(?: down)?|\b[a-z]+:", " ", txt)
    return {w for w in LATIN_WORDS.findall(txt) if w not in ALLOWED}


@pytest.mark.parametrize(
    "lang,paper,expected", [("en", "a4", A4_LANDSCAPE), ("ru", "letter", LETTER_LANDSCAPE)]
)
def test_oob_sheet(cli, tmp_path, lang, paper, expected):
    reader, data = run(
        cli, tmp_path, "oob.pdf", "render", US, DE, "--no-list", "--lang", lang, "--paper", paper
    )
    assert len(reader.pages) == 2 and size(reader) == size(reader, 1) == expected
    us, de = reader.pages[0].extract_text(), reader.pages[1].extract_text()
    assert "Hill 30 — US" in us and "Hill 30 — Germans" in de
    assert "2-5-4" in us and "1-6-4" in de and "4 / 4" in us and "5 / 5" in de  # 2-6-4 + Satchel 3
    assert "11†" in us and "M1919 2‡" in us
    assert min(font_sizes(data)) >= 6.0
    if lang == "en":
        assert "Order of battle" in us and "NME: no melee SW" in us and "Side: US" in us
        assert "6 counters · 8 melee FP when attacking, all counters · 2 SWs" in us
    else:
        assert "Состав сил" in us and "Сторона: US" in us and "Засада" in us
        assert russian_leftovers(text(reader)) == set()


def test_oob_tick_boxes_are_at_least_3_mm(cli, tmp_path):
    from sheets.games.lnl.sheet import TICK
    from sheets.render.pdf import MM

    _, data = run(cli, tmp_path, "oob.pdf", "render", US, "--no-list", "--mono")
    assert TICK >= 3 * MM
    boxes = re.findall(
        rb"[\d.\-]+ [\d.\-]+ ([\d.]+) ([\d.]+) re",
        PdfReader(io.BytesIO(data)).pages[0].get_contents().get_data(),
    )
    ticks = [b for b in boxes if abs(float(b[0]) - TICK) < 0.01 and abs(float(b[1]) - TICK) < 0.01]
    # Shaken + Melee per counter, Wounded for the leader and the hero, SW used for the M1919 and
    # the MG-34; 4 boxes on each of the 11 blank rows filling the rest of the A4 page
    assert len(ticks) == 6 * 2 + 2 + 2 + 11 * 4
    assert non_grey(data) == 0


@pytest.mark.parametrize("lang,paper,expected", [("en", "letter", LETTER), ("ru", "a4", A4)])
def test_melee_aid_card(cli, tmp_path, lang, paper, expected):
    reader, data = run(cli, tmp_path, "ref.pdf", "reference", "lnl", "--lang", lang, "--paper", paper)
    assert len(reader.pages) == 3 and size(reader) == size(reader, 1) == size(reader, 2) == expected
    txt = text(reader)
    assert "10†" in txt and "3†" in txt and "42%" in txt  # KN 8 at DRM 0: 15/36
    assert min(font_sizes(data)) >= 6.0
    if lang == "en":
        assert "5 vs 2 → 3:1" in txt and "Kill Number not verified" in txt
    else:
        assert "5 против 2 → 3:1" in txt and "смертельное число" in txt.lower()
        assert russian_leftovers(txt) == set()


def test_melee_odds_chart_pdf_and_png(cli, tmp_path):
    reader, data = run(cli, tmp_path, "chart.pdf", "chart", "lnl", "melee-odds", "--mono", "--lang", "ru")
    assert size(reader) == A4_LANDSCAPE and non_grey(data) == 0
    txt = text(reader)
    assert "42%" in txt and "нужно 8+" in txt and "никогда" in txt and "11†" in txt
    assert russian_leftovers(txt) == set() and min(font_sizes(data)) >= 6.0
    png = tmp_path / "chart.png"
    assert cli("chart", "lnl", "melee-odds", "-o", png, "--dpi", "40").exit_code == 0
    from PIL import Image

    with Image.open(png) as im:
        assert im.size[0] > im.size[1]  # landscape
        assert len(im.convert("RGB").getcolors(maxcolors=1 << 20)) > 20  # coloured cells


def test_verified_override_removes_the_dagger(tmp_path, subprocess_env):
    import yaml

    from sheets.core.data import data_root

    table = yaml.safe_load((data_root() / "lnl/melee_table.yaml").read_text(encoding="utf-8"))
    for row in table["melee_table"].values():
        row["verified"] = True
    (tmp_path / "lnl").mkdir()
    (tmp_path / "lnl/melee_table.yaml").write_text(yaml.safe_dump(table), encoding="utf-8")
    out = tmp_path / "ref.pdf"
    r = subprocess.run(
        [sys.executable, "-m", "sheets", "--data-dir", str(tmp_path), "reference", "lnl", "-o", str(out)],
        capture_output=True,
        text=True,
        env=subprocess_env,
    )
    assert r.returncode == 0, r.stderr
    txt = text(PdfReader(out))
    assert "†" not in txt and "Kill Number not verified" not in txt and "10" in txt
