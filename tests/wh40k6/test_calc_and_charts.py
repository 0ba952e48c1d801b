"""`sheets calc wh40k6 attack` against hand-computed expectations, and the to-hit / to-wound
charts' cells against the digest's tables (§4.1–4.3), as literals."""

import json
from fractions import Fraction as F
from math import comb

import pytest

from sheets.games.wh40k6 import rules


def calc(cli, *args):
    r = cli("calc", "wh40k6", "attack", *args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def binom(n, p):
    return [float(comb(n, k) * p**k * (1 - p) ** (n - k)) for k in range(n + 1)]


def test_ten_bolter_shots_at_marines(cli):
    # BS4 hits on 3+ (2/3); S4 vs T4 wounds on 4+ (1/2); 3+ armour vs AP5 saves 2/3 → 1/3 unsaved
    out = calc(cli, "--shots", 10, "--bs", 4, "--s", 4, "--t", 4, "--sv", "3+", "--ap", 5)
    assert out["hits"] == pytest.approx(20 / 3) and out["wounds"] == pytest.approx(10 / 3)
    assert out["unsaved"] == pytest.approx(10 / 9)
    assert out["distribution"] == pytest.approx(binom(10, F(1, 9)), abs=1e-12)
    assert len(out["distribution"]) == 11 and sum(out["distribution"]) == pytest.approx(1)


def test_ap_at_or_below_the_save_ignores_it_and_cover_then_counts(cli):
    # AP3 vs 3+: no armour save; a 4+ cover save is taken instead: 1/2 unsaved
    out = calc(cli, "--shots", 2, "--bs", 4, "--s", 8, "--t", 4, "--sv", "3+", "--ap", 3, "--cover", "4+")
    p = F(2, 3) * F(5, 6) * F(1, 2)
    assert out["save_used"] == "cover" and out["save"] == 4
    assert out["unsaved"] == pytest.approx(2 * float(p))
    assert out["distribution"] == pytest.approx([float((1 - p) ** 2), float(2 * p * (1 - p)), float(p * p)])
    # AP4 does not beat a 3+ save: the armour save (3+) beats 4+ cover
    assert (
        calc(cli, "--shots", 1, "--bs", 4, "--s", 8, "--t", 4, "--sv", "3+", "--ap", 4, "--cover", "4+")[
            "save_used"
        ]
        == "armour"
    )


def test_invulnerable_save_survives_low_ap(cli):
    out = calc(cli, "--shots", 3, "--bs", 3, "--s", 6, "--t", 4, "--sv", "3+/4++", "--ap", 2)
    # BS3 4+ (1/2); S6 vs T4 2+ (5/6); 4++ → 1/2 unsaved
    assert out["save_used"] == "invulnerable" and out["unsaved"] == pytest.approx(3 * 0.5 * 5 / 6 * 0.5)


def test_twin_linked_and_high_bs_rerolls(cli):
    tl = calc(cli, "--shots", 1, "--bs", 4, "--s", 4, "--t", 4, "--twin-linked")
    assert tl["hits"] == pytest.approx(2 / 3 + 1 / 3 * 2 / 3)  # 8/9
    assert tl["unsaved"] == pytest.approx(8 / 9 * 1 / 2)  # no save given
    bs6 = calc(cli, "--shots", 1, "--bs", 6, "--s", 4, "--t", 4)
    assert bs6["hits"] == pytest.approx(5 / 6 + 1 / 6 * 1 / 6)  # 2+, re-roll misses on 6+
    bs10 = calc(cli, "--shots", 1, "--bs", 10, "--s", 4, "--t", 4)
    assert bs10["hits"] == pytest.approx(5 / 6 + 1 / 6 * 5 / 6)


def test_close_combat_uses_the_ws_chart(cli):
    assert calc(cli, "--shots", 6, "--ws", "4,3", "--s", 4, "--t", 4)["hits"] == pytest.approx(4)  # 3+
    assert calc(cli, "--shots", 6, "--ws", "2,5", "--s", 4, "--t", 4)["hits"] == pytest.approx(2)  # 5+
    assert calc(cli, "--shots", 6, "--ws", "4,4", "--s", 4, "--t", 4)["hits"] == pytest.approx(3)  # 4+


def test_cannot_wound_and_the_disputed_cell(cli):
    none = calc(cli, "--shots", 5, "--bs", 4, "--s", 3, "--t", 7)
    assert none["wounds"] == 0 and none["distribution"] == [1.0, 0, 0, 0, 0, 0]
    edge = calc(cli, "--shots", 6, "--bs", 4, "--s", 4, "--t", 7)  # 6+ (digest conflict: footnoted)
    assert edge["to_wound"] == 6 and edge["to_wound_verified"] is False
    r = cli("calc", "wh40k6", "attack", "--shots", 6, "--bs", 4, "--s", 4, "--t", 7)
    assert "6+ †" in r.stdout and "rulebook p. 15" in r.stdout


@pytest.mark.parametrize(
    "args,fragment",
    [
        (["--shots", 1, "--s", 4, "--t", 4], "give either --bs for shooting or --ws for close combat"),
        (
            ["--shots", 1, "--bs", 4, "--ws", "4,4", "--s", 4, "--t", 4],
            "give either --bs for shooting or --ws",
        ),
        (["--shots", 1, "--bs", 11, "--s", 4, "--t", 4], "--bs"),
        (["--shots", 1, "--bs", 4, "--s", 4, "--t", 4, "--sv", "3"], "bad save"),
        (["--shots", 1, "--ws", "4", "--s", 4, "--t", 4], "ATTACKER,DEFENDER"),
    ],
)
def test_bad_options_are_usage_errors(cli, args, fragment):
    r = cli("calc", "wh40k6", "attack", *args)
    assert r.exit_code == 2 and fragment in r.output


# the digest's tables (§4.2, §4.3), copied as text
WS_TABLE = """\
4+ 4+ 5+ 5+ 5+ 5+ 5+ 5+ 5+ 5+
3+ 4+ 4+ 4+ 5+ 5+ 5+ 5+ 5+ 5+
3+ 3+ 4+ 4+ 4+ 4+ 5+ 5+ 5+ 5+
3+ 3+ 3+ 4+ 4+ 4+ 4+ 4+ 5+ 5+
3+ 3+ 3+ 3+ 4+ 4+ 4+ 4+ 4+ 4+
3+ 3+ 3+ 3+ 3+ 4+ 4+ 4+ 4+ 4+
3+ 3+ 3+ 3+ 3+ 3+ 4+ 4+ 4+ 4+
3+ 3+ 3+ 3+ 3+ 3+ 3+ 4+ 4+ 4+
3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 4+ 4+
3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 4+"""
WOUND_TABLE = """\
4+ 5+ 6+ 6+ – – – – – –
3+ 4+ 5+ 6+ 6+ – – – – –
2+ 3+ 4+ 5+ 6+ 6+ – – – –
2+ 2+ 3+ 4+ 5+ 6+ 6+ – – –
2+ 2+ 2+ 3+ 4+ 5+ 6+ 6+ – –
2+ 2+ 2+ 2+ 3+ 4+ 5+ 6+ 6+ –
2+ 2+ 2+ 2+ 2+ 3+ 4+ 5+ 6+ 6+
2+ 2+ 2+ 2+ 2+ 2+ 3+ 4+ 5+ 6+
2+ 2+ 2+ 2+ 2+ 2+ 2+ 3+ 4+ 5+
2+ 2+ 2+ 2+ 2+ 2+ 2+ 2+ 3+ 4+"""
BS_HIT = "6+ 5+ 4+ 3+ 2+ 2+ 2+ 2+ 2+ 2+".split()
BS_REROLL = "– – – – – 6+ 5+ 4+ 3+ 2+".split()


def _fmt(t):
    return f"{t}+" if t else "–"


def test_chart_tables_match_the_digest():
    assert [[_fmt(rules.ws_to_hit(a, d)) for d in range(1, 11)] for a in range(1, 11)] == [
        row.split() for row in WS_TABLE.splitlines()
    ]
    assert [[_fmt(rules.to_wound(s, t)) for t in range(1, 11)] for s in range(1, 11)] == [
        row.split() for row in WOUND_TABLE.splitlines()
    ]
    assert [_fmt(rules.bs_to_hit(b)[0]) for b in range(1, 11)] == BS_HIT
    assert [_fmt(rules.bs_to_hit(b)[1]) for b in range(1, 11)] == BS_REROLL
    # the disputed S vs T+3 cells are the footnoted ones
    assert [(s, t) for s in range(1, 11) for t in range(1, 11) if not rules.to_wound_verified(s, t)] == [
        (s, s + 3) for s in range(1, 8)
    ]


@pytest.fixture(scope="module")
def chart_pdfs(tmp_path_factory):
    from click.testing import CliRunner

    from sheets.cli import cli

    out = {}
    d = tmp_path_factory.mktemp("charts")
    for name in ("to-wound", "to-hit"):
        for lang in ("en", "ru"):
            path = d / f"{name}-{lang}.pdf"
            r = CliRunner().invoke(cli, ["chart", "wh40k6", name, "--lang", lang, "-o", str(path)])
            assert r.exit_code == 0, r.output
            out[(name, lang)] = path
    return out


def _cells(path):
    """Grid cell texts in drawing order: the D6 targets (with † marks) and the dashes."""
    import re

    from pypdf import PdfReader

    text = PdfReader(path).pages[0].extract_text()
    return text, re.findall(r"(?<![\w/])(\d\+†?|–)(?=\s|$)", text)


def test_printed_to_wound_cells_match_the_digest(chart_pdfs):
    text, cells = _cells(chart_pdfs[("to-wound", "en")])
    expected = []
    for s, row in enumerate(WOUND_TABLE.splitlines(), 1):
        for t, c in enumerate(row.split(), 1):
            expected.append(c + ("†" if t == s + 3 and c != "–" else ""))
    assert cells[:100] == expected
    assert "83%" in text and "17%" in text and "p. 15" in text
    ru, _ = _cells(chart_pdfs[("to-wound", "ru")])
    assert "Ранение (сила против стойкости)" in ru and "Wound" not in ru


def test_printed_ws_cells_and_bs_row(chart_pdfs):
    text, cells = _cells(chart_pdfs[("to-hit", "en")])
    assert cells[:100] == WS_TABLE.split()
    assert "2+ 97%" in text  # BS10: 2+, re-roll misses on 2+: 35/36
    assert "Re-roll misses on" in text


def test_chart_png_output(cli, tmp_path):
    from PIL import Image

    out = tmp_path / "w.png"
    r = cli("chart", "wh40k6", "to-wound", "--mono", "-o", out, "--dpi", 40)
    assert r.exit_code == 0
    img = Image.open(out).convert("RGB")
    assert img.size[0] > 300
    colours = {px for _n, px in img.getcolors(1 << 20) if px != (255, 255, 255)}
    assert all(r == g == b for r, g, b in colours)  # mono: greys only
