"""Issue 24 points 6–7 and issue 23's Russian wording on the Melee aid card and the melee-odds
chart: the seed's own abbreviations with a legend, the readings the card states, the odds
lookup grid, and the wording errors the print review found."""

import io
import re

import pytest
from pypdf import PdfReader

from sheets.games.lnl.printing import texts
from sheets.games.lnl.reference import draw_odds_grid
from sheets.render.pdf import Rect


def pdf(cli, tmp_path, *args):
    out = tmp_path / "out.pdf"
    r = cli(*args, "-o", out)
    assert r.exit_code == 0, r.output
    return PdfReader(io.BytesIO(out.read_bytes()))


def flat(reader) -> str:
    return " ".join(" ".join(p.extract_text() for p in reader.pages).split())


INVENTED = re.compile(r"\b(ОМ|ОП|МЛ|СЧ)\b")


def test_chart_keeps_the_zero_ifp_condition_for_defenders(cli, tmp_path):
    """§8.3 «За каждый юнит с 0-IFP в обороне, добавляется 1 к 2d6 атаки» — the +1 is for
    each *zero-IFP* defender, not «+1 за каждый защищающийся» (which changed the rule)."""
    txt = flat(pdf(cli, tmp_path, "chart", "lnl", "melee-odds", "--lang", "ru"))
    assert (
        "Модификатор = LM − 1 за каждый атакующий MMC с нулевым IFP + 1 за каждый "
        "защищающийся MMC с нулевым IFP."
    ) in txt
    assert "+ 1 за каждый защищающийся." not in txt
    assert "KN — смертельное число · LM — модификатор лидерства" in txt
    assert not INVENTED.search(txt) and "≥ смертельного числа" not in txt


@pytest.mark.parametrize("args", [("reference", "lnl"), ("chart", "lnl", "melee-odds")])
def test_russian_pages_use_the_seeds_abbreviations_with_a_legend(cli, tmp_path, args):
    """The seed's Russian text writes IFP, FP, SW, LM, KN, NME («смертельное число (Kill Number
    - KN)», «Модификаторы лидерства (LM)»); the card invented ОМ/ОП/МЛ/СЧ."""
    txt = flat(pdf(cli, tmp_path, *args, "--lang", "ru"))
    assert not INVENTED.search(txt)
    for abbr in ("IFP", "LM", "KN") + (("FP", "SW", "NME") if args[0] == "reference" else ()):
        assert re.search(rf"\b{abbr}\b", txt)
    if args[0] == "reference":
        reader = pdf(cli, tmp_path, *args, "--lang", "ru")
        for page in reader.pages:  # the legend on every page
            one = " ".join(page.extract_text().split())
            assert "SW — оружие поддержки · LM — модификатор лидерства · KN — смертельное число" in one
            assert "NME — не участвует в ближнем бою" in one
        assert "Не участвуют в ближнем бою (NME)" in txt and "≥ смертельного числа" not in txt


def test_no_line_ends_or_starts_with_an_arrow(cli, tmp_path):
    """ "4 против 2 → / 2:1" was broken across lines: the arrow stays with both neighbours."""
    for lang in ("ru", "en"):
        for paper in ("a4", "letter"):
            reader = pdf(cli, tmp_path, "reference", "lnl", "--lang", lang, "--paper", paper)
            for page in reader.pages:
                for line in page.extract_text().split("\n"):
                    if line.strip() == texts(lang)("grid_def"):  # the grid's "Defender FP →" title
                        continue
                    assert not line.rstrip().endswith("→") and not line.lstrip().startswith("→"), line


def test_ambush_example_says_if_killed(cli, tmp_path):
    """§8.4 «уничтоженные юниты противника сразу же удаляются из игры, прежде чем они
    контратакуют» — only the destroyed are removed."""
    en = flat(pdf(cli, tmp_path, "reference", "lnl"))
    assert (
        "An ambushing 2-5-4 against a 1-6-4: 6:1 → 5:1; if the 1-6-4 is killed, it is removed "
        "before it can strike back."
    ) in en
    ru = flat(pdf(cli, tmp_path, "reference", "lnl", "--lang", "ru"))
    assert "6:1 → 5:1; если 1-6-4 уничтожено, оно снимается до ответного удара." in ru


READINGS_EN = [
    "Odds below 1:1 are rounded in the attacker's favour: 2 vs 5 → 1:2",
    "The 1:3 test uses the raw ratio, before rounding: 3 vs 10 is below 1:3 (one target only); 1 vs 3 is not.",
    "The ambusher's tripled FP counts when it attacks, not when it defends against the strike back (the calculator offers the other reading: tripled in defence too).",
    'A unit\'s own "M" goes with its IFP',
    "Leaders and heroes use an SW only when it is the better choice",
    "A hero defends with its IFP even when it uses an SW",
    "The ±1 of a 0-IFP MMC applies also when it fights with its SW's FP",
    '"M" adds its +1 before Ambush triples the FP',
    "Several leaders: only the best LM counts, not their sum",
    "An NME leader (no melee SW) still adds its LM to its side's roll",
    "A Shaken leader still adds its LM: the rules say only that Shaken units are NME",
    "A Shaken hero is NME and gives no column shift",
]


def test_the_card_states_the_readings(cli, tmp_path):
    """Issue 24 point 6: every reading the rules leave open, and the one used, on the card."""
    en = flat(pdf(cli, tmp_path, "reference", "lnl"))
    assert "Readings: what the rules leave open, and what this card uses" in en
    for reading in READINGS_EN:
        assert reading in en
    ru = flat(pdf(cli, tmp_path, "reference", "lnl", "--lang", "ru"))
    assert "Толкования: что правила оставляют открытым и что принято здесь" in ru
    # (the seed's Russian text keeps "Shaken" in English: "Shaken юниты", issue 33)
    assert "Shaken лидер всё равно добавляет LM: правила говорят лишь, что Shaken юниты — NME." in ru
    assert "Несколько лидеров: действует только лучший LM, не сумма." in ru
    # no command-line flag on the handout (issue 33); the other readings said in words
    for text in (en, ru):
        assert "--" not in text and "sw:" not in text and "nosw:" not in text
    assert "2 vs 5 → 1:2 (rounded down instead: 1:3)." in en
    assert "2 против 5 → 1:2 (при округлении вниз: 1:3)." in ru


class SpyPen:
    """Records text_in calls of draw_odds_grid (a Pen stand-in: rect/line drawn nowhere)."""

    class T:
        band = warn = (0, 0, 0)
        mono = True

    def __init__(self):
        self.t = self.T()
        self.texts = []

    def rect(self, *a, **k):
        pass

    def line(self, *a, **k):
        pass

    def text_in(self, r, text, size, font, align="left", **k):
        self.texts.append((r, text, size))


def grid_rows():
    pen = SpyPen()
    draw_odds_grid(pen, Rect(0, 0, 540, 340), texts("en"))
    cells = pen.texts[2 + 15 :]  # the two titles, the 15 defender numbers
    rows = {}
    for k in range(15):
        row = cells[k * 31 : (k + 1) * 31]
        rows[int(row[0][1])] = [(row[1 + 2 * i][1], row[2 + 2 * i][1]) for i in range(15)]
    return pen, rows


def test_odds_grid_rounds_caps_and_marks_below_1_3():
    """Seed: «коэффициент шансов, округляя в большую сторону» (5 vs 2 → 3:1), «Немодифицированные
    атаки менее 1:3 рассматриваются как 1:3, но не могут быть проведены против нескольких
    юнитов» (*), «шансы никогда не могут быть лучше 5:1»; Kill Numbers 8 (1:1), 6 (2:1), 4 (4:1)."""
    _, rows = grid_rows()
    assert [c for c, _ in rows[1]] == ["1:1", "1:2", "1:3"] + ["1:3*"] * 12
    assert [c for c, _ in rows[2]][:8] == ["2:1", "1:1", "1:1", "1:2", "1:2", "1:3", "1:3*", "1:3*"]
    assert [c for c, _ in rows[5]] == (["5:1", "3:1", "2:1", "2:1"] + ["1:1"] * 5 + ["1:2"] * 5 + ["1:3"])
    assert [c for c, _ in rows[15]] == (["5:1"] * 3 + ["4:1"] + ["3:1"] * 3 + ["2:1"] * 7 + ["1:1"])
    assert rows[4][1] == ("2:1", "6") and rows[4][0] == ("4:1", "4") and rows[4][3] == ("1:1", "8")
    assert rows[1][1] == ("1:2", "10†") and rows[5][0] == ("5:1", "3†")


def test_odds_grid_is_legible():
    pen, _ = grid_rows()
    assert min(size for _, _, size in pen.texts) >= 6.0
