"""Issue 23's LnL points on the order-of-battle sheet and the army list: no blank band, Wounded
and "SW used" boxes, the NME legend, hero and zero-IFP reminders, one mark one meaning, the
totals' wording and the Russian words the print review found."""

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from sheets.games.lnl import sheet
from sheets.games.lnl.printing import texts
from sheets.games.lnl.spec import parse_spec
from sheets.render.pdf import MM, Rect, margins

ROOT = Path(__file__).resolve().parents[2]
US = ROOT / "data/units/lnl/hill30_us.yaml"
DE = ROOT / "data/units/lnl/hill30_german.yaml"


def render(cli, tmp_path, *args):
    out = tmp_path / "oob.pdf"
    r = cli("render", *args, "--no-list", "-o", out)
    assert r.exit_code == 0, r.output
    return PdfReader(io.BytesIO(out.read_bytes()))


def flat(page) -> str:
    return " ".join(page.extract_text().split())


def boxes(page):
    """(x, y) of every tick box (the 3.6 mm squares) on a page."""
    data = page.get_contents().get_data()
    return [
        (float(x), float(y))
        for x, y, w, h in re.findall(rb"([\d.\-]+) ([\d.\-]+) ([\d.]+) ([\d.]+) re", data)
        if abs(float(w) - sheet.TICK) < 0.01 and abs(float(h) - sheet.TICK) < 0.01
    ]


class SpyPen:
    def __init__(self):
        self.tracks, self.texts = [], []

    def box_track(self, x, y, kinds, size=7, gap=1.5, **k):
        self.tracks.append((round(x, 2), len(kinds), gap))

    def text(self, x, y, text, *a, **k):
        self.texts.append((round(x, 2), text))


def ticks_of(spec, kind_prefix=""):
    unit = parse_spec(kind_prefix + spec, "U")
    row = sheet._row(unit, texts("en"), "en")
    pen = SpyPen()
    sheet._ticks(pen, Rect(0, 0, 120, 20), row)  # four sub-columns of 30 pt
    return pen


@pytest.mark.parametrize(
    "spec, wounded",
    [("leader:lm1+MG", True), ("hero:1-4-5", True), ("2-5-4", False), ("medic:", False), ("sniper:", False)],
)
def test_wounded_box_for_leaders_and_heroes_only(spec, wounded):
    pen = ticks_of(spec)
    in_wounded = [t for t in pen.tracks if 60 <= t[0] < 90]  # the third sub-column
    assert bool(in_wounded) is wounded
    assert any(x == 75.0 and t == "—" for x, t in pen.texts) is (not wounded)


@pytest.mark.parametrize(
    "spec, n",
    [
        ("2-5-4", 0),
        ("2-5-4+M1919", 1),
        ("1-6-4+MG-34+MG-42", 2),
        ("1-6-4+Bazooka", 1),
        ("2-6-4+Satchel Charge", 1),
    ],
)
def test_one_sw_used_box_for_every_support_weapon(spec, n):
    """Every SW gets its "SW used" box, not only single-use ones (an M1919 had none)."""
    pen = ticks_of(spec)
    sw = [t for t in pen.tracks if t[0] >= 90 - 5]
    assert sum(k for _, k, _ in sw) == n
    if n == 2:
        assert sw[0][2] >= 0.6 * MM  # clear paper between the two boxes


def test_the_blank_band_is_filled_with_blank_rows(cli, tmp_path):
    """The last page's table runs down to the foot: its lowest row of boxes is less than one
    row above the foot (before: three blank rows and a band of ~40 % of the page)."""
    for paper in ("a4", "letter"):
        reader = render(cli, tmp_path, str(US), "--paper", paper)
        lowest = min(y for _, y in boxes(reader.pages[0]))
        foot_top = margins(paper) + 12 + 84
        assert foot_top < lowest < foot_top + sheet.ROW_H, paper


def test_nme_legend_marks_and_reminders_on_the_page(cli, tmp_path):
    """§8.1 NME; §8.3 the ±1 per zero-IFP MMC; the hero's one-column shift; † = Kill Number,
    ‡ = SW firepower (one mark, one meaning)."""
    us = flat(render(cli, tmp_path, str(US)).pages[0])
    assert (
        "NME (not melee-eligible): cannot attack or be attacked; destroyed when every "
        "melee-eligible unit of its side is (§8.1)." in us
    )
    assert "hero: +1 column when its side attacks" in us
    assert "IFP 0: −1 to its side's roll attacking, +1 to the enemy's roll defending" in us
    assert "M1919 2‡" in us and "M1919 2†" not in us
    assert "‡ SW firepower not confirmed by the rules text" in us and "† Kill Number not verified" in us
    assert "FP firepower · IFP the unit's own FP · SW support weapon" in us


def test_russian_oob_words(cli, tmp_path):
    """«Фишек: 6 · … · оружия поддержки: 2», «≥ смертельного числа» and the English "Bayonet"
    were the review's findings on the Russian sheet."""
    reader = render(cli, tmp_path, str(US), "--lang", "ru")
    ru = flat(reader.pages[0])
    assert "Всего фишек: 6 · FP в атаке в ближнем бою, сумма: 8 · SW всего: 2" in ru
    assert "оружия поддержки: 2" not in ru and "≥ смертельного числа" not in ru
    assert (
        "Таблица ближнего боя: если 2d6 + LM + модификаторы не меньше смертельного числа (KN), "
        "все цели уничтожены"
    ) in ru
    assert "Штыковая атака" in ru and "Bayonet" not in ru
    assert "герой: +1 колонка, когда его сторона атакует" in ru
    assert "NME (не участвует в ближнем бою)" in ru and not re.search(r"\b(ОМ|ОП|МЛ|СЧ)\b", ru)


def test_army_list_total_says_what_it_sums(cli, tmp_path):
    """ "Total: 8 FP" read like a list cost: the total is the counters' melee attack FP."""
    out = tmp_path / "list.pdf"
    assert cli("roster", str(US), "-o", out).exit_code == 0
    txt = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert "Melee attack FP of all counters: 8 FP · Counters: 6" in txt and "Total: 8 FP" not in txt
    assert cli("roster", str(US), "-o", out, "--lang", "ru").exit_code == 0
    ru = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert "Огневая мощь всех фишек в атаке (ближний бой): 8 ед. · Фишек: 6" in ru


LONG = """system: lnl
roster: {name: "A very long order of battle name that goes on and on for a while", side: "Side"}
units:
  - {name: "Hauptfeldwebel Friedrich-Wilhelm von Hohenzollern-Sigmaringen III", kind: hero, fp: 2,
     morale: 6, skills: [Bayonet, "Close Combat Specialist of the Fourth Kind", Ambush], ambush: true,
     weapons: [{item: Flamethrower, captured: true}]}
  - {name: "Half-squad of the Second Platoon, Third Company", kind: half_squad, counter: "0M-2-3",
     weapons: [Molotov Cocktail], notes: "left behind to cover the withdrawal across the river"}
  - {name: "Lt. Someone With A Long Name", kind: leader, lm: 2, morale: 8, shaken: true, weapons: [MG-42]}
  - {name: "Squad", kind: squad, counter: "1-6-4", weapons: [MG-34, Satchel Charge], m: true}
"""


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("mono", [False, True])
def test_long_texts_and_every_reminder_pass_the_layout_checker(cli, tmp_path, lang, paper, mono):
    f = tmp_path / "long.yaml"
    f.write_text(LONG, encoding="utf-8")
    args = [
        "render",
        str(f),
        "-o",
        str(tmp_path / "long.pdf"),
        "--lang",
        lang,
        "--paper",
        paper,
        "--check-layout",
    ] + (["--mono"] if mono else [])
    r = cli(*args)
    assert r.exit_code == 0, r.output
