"""Issue 12, points 14-17: Dust cover, heroes and wording as the seed (002_33f53b43379490df.txt)
says them."""

import json

import pytest
from pypdf import PdfReader

from sheets.games.dust.rules import corner_cover, cover_calc

from .test_cover import unit

SQUADS = """system: dust
units:
  - name: Rangers
    faction: Allies
    kind: squad
    armor: {type: soldier, level: 2}
    models: 5
    health: 1
    move: 1
    points: 20
    cover: {soft: hits, hard: misses}
    weapons:
      - {name: Rifle, count: 5, range: 3, vs: {S1: 1/1, S2: 1/1}}
  - name: Keller
    faction: Axis
    kind: hero
    armor: {type: soldier, level: 2}
    health: 4
    move: 1
    points: 15
    weapons:
      - {name: Pistol, range: 2, vs: {S1: 2/1}}
    joins: Rangers
"""

CORNER = ["--diagonal", "--adjacent", "--through-corner", "--corner-square"]


@pytest.fixture
def rangers(write):
    return write("force.yaml", SQUADS)


def calc(cli, path, *args):
    return cli("calc", "dust", "cover", "--unit", f"{path}#Rangers", "--json", *args)


def test_corner_conditions_are_wired_into_the_calculator(cli, rangers):
    """«Взвод, стоящий прямо за углом, будучи атакованным по диагонали, считается за слабым
    укрытием … Это действует, только если отряд-цель стоит на квадрате, смежном с углом.» and
    «линия прицела между двумя отрядами не проходит через угол» gives no cover."""
    missing = calc(cli, rangers, "--cover", "corner")
    assert missing.exit_code == 2 and "a cover with a corner needs" in missing.stderr
    soft = calc(cli, rangers, "--cover", "corner", *CORNER, "no_dot")
    assert soft.exit_code == 0 and json.loads(soft.stdout)["save"] == "hits"  # soft cover: hit save
    for flag in ("--not-diagonal", "--not-adjacent", "--not-through-corner"):
        args = [a if a != flag.replace("--not-", "--") else flag for a in CORNER]
        out = json.loads(calc(cli, rangers, "--cover", "corner", *args, "no_dot").stdout)
        assert (out["corner"], out["save"]) == ("none", "none"), flag
    both = json.loads(calc(cli, rangers, "--cover", "ammo_crate+corner", *CORNER, "no_dot").stdout)
    assert (both["cover"], both["save"]) == ("hard", "misses")  # «Сочетание источников … жёстким»
    stray = calc(cli, rangers, "--cover", "soft", "--diagonal")
    assert stray.exit_code == 2 and "add 'corner' to --cover" in stray.stderr


def test_what_stands_on_the_corner_square_decides():
    """«Квадрат, занятый взводом, не является "квадратом без точки"» and «квадрат, занятый машиной,
    считается как "без точки"»; a hero is a unit like a squad there."""
    assert corner_cover(True, True, "vehicle") == "soft"
    assert corner_cover(True, True, "squad") == "none"
    assert corner_cover(True, True, "hero") == "none"
    assert corner_cover(True, True, "no_dot", diagonal=False) == "none"


def test_ignores_cover_and_impossible_combinations(cli, rangers):
    """«Важно: некоторые атаки и определённые орудия игнорируют укрытие.»"""
    out = json.loads(calc(cli, rangers, "--cover", "hard", "--ignores-cover").stdout)
    assert out["save"] == "none" and out["ignores_cover"] and out["dice"] == 0
    assert cover_calc(unit(), "hard", 3, ignores_cover=True)["expected_stopped"] == 0
    two = calc(cli, rangers, "--cover", "ammo_crate+ammo_crate")
    assert two.exit_code == 2 and "2 × ammo_crate on one square is impossible" in two.stderr
    with pytest.raises(ValueError, match="impossible"):
        cover_calc(unit(), "tank_trap+tank_trap", 1)


def test_cross_faction_join_warns_and_duplicate_squads_fail(cli, write):
    """«Перед боем герой может присоединиться к взводу» — one's own army's squad; and «нельзя
    присоединять более чем одного героя к отряду», which needs every squad to have its own name."""
    path = write("force.yaml", SQUADS)
    result = cli("validate", path)
    assert result.exit_code == 0
    assert "warning: unit 'Keller': hero of 'Axis' joins 'Rangers' of 'Allies'" in result.stderr
    twice = SQUADS.replace(
        "  - name: Keller", SQUADS.split("units:\n")[1].split("  - name: Keller")[0] + "  - name: Keller"
    )
    dup = write("dup.yaml", twice)
    bad = cli("validate", dup)
    assert bad.exit_code == 1 and "squad name 'Rangers' is used twice in this force" in bad.stderr


def test_handout_hero_sentences_and_one_term(cli, tmp_path):
    """«Герой может делить квадрат с другим союзным отрядом, даже с союзной машиной.»,
    «некоторые из способностей героя влияют на отряд», «если герой потратит своё последнее очко
    здоровья, он будет потерян!», «больше не делят показатели укрытия, очки здоровья,
    способности», «Два отряда всё ещё могут делить один квадрат»; the seed says «очки здоровья»
    and names no phasers."""
    out = tmp_path / "ref.pdf"
    assert cli("reference", "dust", "-o", out, "--lang", "ru").exit_code == 0
    ru = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(str(out)).pages)
    for sentence in (
        "Только герой делит квадрат с союзным отрядом, даже с машиной",
        "Некоторые способности героя влияют на отряд",
        "потратив последнее очко здоровья, герой потерян",
        "ничего не делит (укрытие, очки здоровья, способности), но может стоять на том же квадрате",
    ):
        assert sentence in ru, sentence
    assert "фазер" not in ru and "например, фазеры" not in ru
    assert "Очки здоровья" in ru and "Здоровье" not in ru and "Повреждения" not in ru
