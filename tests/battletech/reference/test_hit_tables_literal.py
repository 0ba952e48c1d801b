"""Every (table, motion, 2D6 roll) -> location against the rules text's literal tables
(rules_text.py), then the same literals on the printouts: the chart, the handout and the sheet."""

from __future__ import annotations

import functools
import re

import pytest

from sheets.games.battletech import rules

from .helpers import chart, pct, reference, run, text
from .rules_text import ABBR, EN, ROLLS, SPECIAL, STANDARD, WAYS, roll_text, rolls_of, shares, table

CASES = [("standard", s) for s in STANDARD] + [("special", s) for s in SPECIAL]


def test_ways_of_2d6_are_the_36_outcomes():
    assert sum(WAYS.values()) == 36
    assert {r: rules.ways_2d6(r) for r in ROLLS} == WAYS
    assert rules.ways_2d6(1) == 0 and rules.ways_2d6(13) == 0


@pytest.mark.parametrize("which, shape", CASES)
def test_every_roll_of_every_table(which, shape):
    rows = rules.hit_table(shape, which)
    assert [r["roll"] for r in rows] == ROLLS
    for row in rows:
        roll = row["roll"]
        assert row["location"] == table(which, shape)[roll], (which, shape, roll)
        assert (row["ways"], row["probability"]) == (WAYS[roll], f"{WAYS[roll]}/36")


def test_special_table_of_a_glider_is_the_biped_row():
    # the digest's special table has no glider row; the project prints the biped row for gliders
    assert [r["location"] for r in rules.hit_table("glider", "special")] == SPECIAL["biped"]


@pytest.mark.parametrize("which, shape", CASES)
def test_grouped_rows_add_up_to_the_literal_shares(which, shape):
    grouped = rules.grouped_hit_rows(shape, which)
    assert {g["location"]: g["ways"] for g in grouped} == shares(shape, which)
    for g in grouped:
        assert g["rolls"] == rolls_of(shape, g["location"], which)
        assert g["roll_text"] == roll_text(g["rolls"])
        assert g["probability"] == f"{g['ways']}/36"


def test_key_shares_spelled_out():
    # digest §2.1: torso 6, 7, 8 = 5 + 6 + 5; biped legs 5, 9 = 4 + 4; quad legs 4, 5, 9, 10 = 3 + 4 + 4 + 3
    assert shares("biped") == {
        "main_gun": 1,
        "near_miss": 4,
        "right_arm": 3,
        "legs": 8,
        "torso": 16,
        "left_arm": 3,
        "head": 1,
    }
    assert shares("quad") == {"main_gun": 1, "near_miss": 4, "legs": 14, "torso": 16, "head": 1}
    assert shares("glider")["wings"] == 4
    assert shares("biped", "special") == {
        "main_gun": 1,
        "legs": 10,
        "right_arm": 4,
        "torso": 16,
        "left_arm": 4,
        "head": 1,
    }
    assert shares("quad", "special")["legs"] == 18


# -- the chart ---------------------------------------------------------------------------------


@functools.cache
def chart_text(variant: str) -> str:
    return text(chart(variant=variant))


def test_chart_roll_by_roll_rows():
    t = chart_text("tw")
    for shape, title in (("biped", "Biped / Glider"), ("quad", "Quad")):
        row = " ".join(f"{r} {WAYS[r]}/36 {ABBR[loc]}" for r, loc in table("standard", shape).items())
        assert f"{title} {row}" in t, shape


@pytest.mark.parametrize("variant", ["classic", "tw"])
def test_chart_share_of_every_location(variant):
    """Each location's share and rolls are printed once per motive type, on the silhouette (the
    bars that showed the same 36 outcomes a third time are gone: issue 23)."""
    t = chart_text(variant)
    biped, quad = shares("biped"), shares("quad")
    sections = t.split("Quad")
    body_biped = sections[0]
    for loc in ("torso", "legs", "near_miss", "right_arm", "left_arm", "main_gun", "head"):
        sep = " " if loc in ("torso", "legs") else " · "  # inside the part / on a callout
        b = f"{EN[loc]} {pct(biped[loc])}{sep}2D6: {roll_text(rolls_of('biped', loc))}"
        assert b in body_biped, loc
        if variant == "tw" and loc in quad:
            q = f"{EN[loc]} {pct(quad[loc])}{sep}2D6: {roll_text(rolls_of('quad', loc))}"
            assert q in sections[1], loc
    # the classic rules have no quads: their chart shows the biped alone (issue 11)
    assert ("Quad" in t) == (variant == "tw")
    assert "Share of hits by location" not in t and t.count("Torso 44.4 %") == (2 if variant == "tw" else 1)


# -- the handout -------------------------------------------------------------------------------


def _rows(which: str, shapes: tuple[str, ...]) -> str:
    return " ".join(
        f"{r} {WAYS[r]}/36 = {pct(WAYS[r])} " + " ".join(EN[table(which, s)[r]] for s in shapes)
        for r in ROLLS
    )


def test_handout_standard_and_special_tables_row_by_row():
    tw, classic = text(reference("tw", "en")), text(reference("classic", "en"))
    assert (
        "Hit location table (2D6) 2D6 Chance Biped / Glider Quad " + _rows("standard", ("biped", "quad"))
        in tw
    )
    assert (
        "Special hit location table 2D6 Chance Biped / Glider Quad " + _rows("special", ("biped", "quad"))
    ) in tw
    assert "Hit location table (2D6) 2D6 Chance Biped " + _rows("standard", ("biped",)) in classic
    assert "Special hit location table" not in classic


def test_handout_share_table_row_by_row():
    tw = text(reference("tw", "en"))
    biped, quad = shares("biped"), shares("quad")
    for loc in ("torso", "legs", "near_miss", "right_arm", "left_arm", "main_gun", "head"):
        b = f"{roll_text(rolls_of('biped', loc))} {biped[loc]}/36 = {pct(biped[loc])}"
        q = f"{roll_text(rolls_of('quad', loc))} {quad[loc]}/36 = {pct(quad[loc])}" if loc in quad else "— —"
        assert f"{EN[loc]} {b} {q}" in tw, loc


# -- the record sheet --------------------------------------------------------------------------

SHEET_UNITS = """\
system: battletech
rules: tw
units:
  - {name: Q, tons: 9, motion: quad, walk: 4, armor: {head: 2, torso: 4, legs: 4}}
  - {name: B, tons: 9, motion: biped, walk: 4, armor: {head: 2, torso: 4, legs: 4, right_arm: 2, left_arm: 2}}
  - {name: G, tons: 9, motion: glider, walk: 4, armor: {head: 2, torso: 4, legs: 4, right_arm: 2, left_arm: 2}}
"""


def test_sheet_hit_rows_for_each_motion(tmp_path_factory):
    src = tmp_path_factory.mktemp("sheet") / "motions.yaml"
    src.write_text(SHEET_UNITS, encoding="utf-8")
    t = text(run("render", str(src)))
    quad, biped, glider = (re.split(r"ProtoMech (?=\d)", t)[i] for i in (1, 2, 3))  # the unit bands
    expected = {
        quad: ("quad", "Near Miss"),
        biped: ("biped", "Near Miss"),
        glider: ("glider", "Wings (near miss)"),
    }
    for part, (shape, miss) in expected.items():
        for loc in shares(shape):
            name = miss if loc in ("near_miss", "wings") else EN[loc]
            assert f"{roll_text(rolls_of(shape, loc))} {name}" in part, (shape, loc)
    assert "Right Arm" not in quad and "Left Arm" not in quad
