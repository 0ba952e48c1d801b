"""Cover (seed; digest §3–4): combining sources, the corner rule, saves, the seed's example."""

from fractions import Fraction

import pytest

from sheets.games.dust.model import Armor, Cover, Unit
from sheets.games.dust.rules import (
    combine_cover,
    corner_cover,
    cover_calc,
    dice_edition,
    forms_corner,
    resolve_save,
    save_for,
)


def unit(kind="squad", cover=Cover("hits", "misses"), name="Rangers"):
    return Unit(
        name=name,
        faction="Allies",
        kind=kind,
        armor=Armor("soldier", 2),
        models=5,
        health=1,
        move=1,
        points=20,
        cover=cover,
    )


@pytest.mark.parametrize(
    "parts, expected",
    [
        ([], "none"),
        (["none"], "none"),
        (["soft"], "soft"),
        (["hard"], "hard"),
        (["soft", "soft"], "hard"),  # two soft sources = hard (seed)
        (["ammo_crate", "corner"], "hard"),  # the seed's example: crate and corner
        (["tank_trap"], "hard"),
        (["ammo_crate"], "soft"),
        (["soft", "hard"], "hard"),
    ],
)
def test_combine_cover(parts, expected):
    assert combine_cover(parts) == expected


def test_unknown_cover_source_suggests_a_name():
    with pytest.raises(ValueError, match=r"unknown cover source 'ammo_crat' \(did you mean 'ammo_crate'\?\)"):
        combine_cover(["ammo_crat"])


def test_corner_rule_needs_both_conditions():
    assert corner_cover(adjacent=True, line_through_corner=True) == "soft"
    assert corner_cover(adjacent=True, line_through_corner=False) == "none"  # LOS misses the corner
    assert corner_cover(adjacent=False, line_through_corner=True) == "none"  # not next to it


def test_square_without_a_dot():
    assert forms_corner("no_dot") and forms_corner("vehicle")  # a vehicle's square counts
    assert not forms_corner("squad")  # a squad never covers a squad
    assert corner_cover(True, True, "vehicle") == "soft"
    assert corner_cover(True, True, "squad") == "none"


def test_save_comes_from_the_unit_card():
    rangers = unit()
    assert save_for(rangers, "soft") == "hits"
    assert save_for(rangers, "hard") == "misses"
    assert save_for(rangers, "none") == "none"


def test_hero_uses_the_squad_cover_only_when_joined():
    hero = unit(kind="hero", cover=None, name="Hero")
    assert save_for(hero, "hard") == "none"
    assert save_for(hero, "hard", squad=unit()) == "misses"


def test_seed_example_rangers_in_hard_cover():
    # Rangers on a tank-trap square (hard cover, miss save) take 4 hits; the save dice show
    # 3 misses and 1 hit: 3 hits are stopped, 1 stands and one Ranger (1 HP) is removed.
    save = save_for(unit(), combine_cover(["tank_trap"]))
    assert save == "misses"
    result = resolve_save(save, 4, ["miss", "miss", "miss", "hit"], "classic")
    assert result == {"save": "misses", "hits": 4, "stopped": 3, "remaining": 1}


def test_hit_save_counts_hits_and_faces_must_match_hits():
    assert resolve_save("hits", 3, ["hit", "miss", "miss"])["stopped"] == 1
    with pytest.raises(ValueError, match="one die per hit"):
        resolve_save("hits", 3, ["hit"])
    with pytest.raises(ValueError, match="unknown face 'shield'"):
        resolve_save("hits", 1, ["shield"], "classic")


def test_dice_editions_odds():
    classic = dice_edition()
    assert classic.name == "classic" and classic.verified
    assert classic.p_stop("hits") == Fraction(1, 3)  # 2 hit faces of 6
    assert classic.p_stop("misses") == Fraction(2, 3)  # 4 miss faces of 6
    revised = dice_edition("revised")
    assert not revised.verified
    assert revised.faces == {"army": 2, "target": 2, "shield": 2}


def test_cover_calc_soft_plus_soft():
    out = cover_calc(unit(), "soft+soft", 6)
    assert out["cover"] == "hard" and out["save"] == "misses" and out["dice"] == 6
    assert out["p_stop_each"] == pytest.approx(2 / 3)
    assert out["expected_stopped"] == pytest.approx(4.0)
    assert out["expected_remaining"] == pytest.approx(2.0)
    assert out["edition"] == "classic" and out["edition_label"] == "dice_classic"


def test_cover_calc_no_save_and_lone_hero():
    out = cover_calc(unit(cover=Cover("none", "hits")), "soft", 4)
    assert (out["save"], out["dice"], out["expected_stopped"]) == ("none", 0, 0.0)
    hero = cover_calc(unit(kind="hero", cover=None), "hard", 2)
    assert hero["save"] == "none" and hero["note"] == "hero_no_cover"
