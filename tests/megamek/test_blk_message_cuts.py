"""The .blk reader's messages quote what the file says cut at 40 characters (both sides: 40
kept whole, 41 cut with the count), the Inner Sphere name prefix of the look-up (digest §11:
"IS " tried as "Clan " is), the schema check of a parsed unit at its .blk line, and a rule
issue about one equipment line pointed at that line."""

from __future__ import annotations

import pytest

from sheets.core.errors import InputError
from sheets.games.battletech.blk import check_unit, lookup_item, parse_blk

from .test_blk_details import blk


def _errors(line: str) -> list[str]:
    with pytest.raises(InputError) as exc:
        parse_blk(blk(f"<Torso Equipment>\n{line}\n</Torso Equipment>\n"), "u.blk")
    return [str(p) for p in exc.value.problems]


@pytest.mark.parametrize("n", [40, 41])
def test_a_size_that_is_no_number_is_quoted_cut_at_40(n):
    shown = "'" + "x" * 40 + "'" + ("… (41 characters)" if n == 41 else "")
    assert _errors("CLMG:SIZE:" + "x" * n) == [f"u.blk:24:1: size must be a number, not {shown}"]


@pytest.mark.parametrize("n", [40, 41])
def test_an_unknown_item_is_quoted_cut_at_40(n):
    shown = "'" + "Q" * 40 + "'" + ("… (41 characters)" if n == 41 else "")
    assert _errors("Q" * n) == [f"u.blk:24:1: unknown item {shown}"]


@pytest.mark.parametrize("spaces", [2, 3])
def test_ammo_without_a_shot_count_is_quoted_cut_at_40(spaces):
    # the look-up reads runs of spaces as one: five words, 36 letters and spaces, then 4 more or 8
    name = (" " * spaces).join(["Clan", "Anti-Personnel", "Gauss", "Rifle", "Ammo"])
    assert len(name) == (40 if spaces == 2 else 44)
    shown = repr(name) if spaces == 2 else repr(name[:40]) + "… (44 characters)"
    assert _errors(name) == [f"u.blk:24:1: ammo {shown} needs a shot count: '{name} (N)'"]


def test_an_inner_sphere_item_is_found_without_its_is_prefix():
    entry = lookup_item("Angel ECM Suite")
    assert (entry.kind, entry.name) == ("equipment", "Angel ECM Suite")
    assert lookup_item("IS Angel ECM Suite") == entry and lookup_item("Clan Angel ECM Suite") is None


def test_the_schema_check_of_a_parsed_unit_points_at_the_blk_line():
    unit = parse_blk(blk(tonnage="20.0"), "u.blk")
    with pytest.raises(InputError) as exc:
        check_unit(unit, "u.blk")
    assert [(str(p), p.code) for p in exc.value.problems] == [
        ("u.blk:21:1: unit 'Test'.tons: 20 is out of range (2–15)", "out-of-range")
    ]


def test_a_rule_issue_about_an_equipment_line_points_at_that_line(monkeypatch):
    from sheets.core.errors import RuleIssue
    from sheets.core.game import get_game

    game = type(get_game("battletech"))
    issues = [
        RuleIssue(("equipment", 1), "the second line", code="x-line"),
        RuleIssue(("equipment", 0, "location"), "the first line's location", code="x-location"),
    ]
    monkeypatch.setattr(game, "validate_unit", lambda self, unit, options: issues)
    unit = parse_blk(
        blk(
            "<Torso Equipment>\nCLMG\n</Torso Equipment>\n<Right Arm Equipment>\nCLMG\n</Right Arm Equipment>\n"
        ),
        "u.blk",
    )
    with pytest.raises(InputError) as exc:
        check_unit(unit, "u.blk")
    assert [str(p) for p in exc.value.problems] == [
        "u.blk:27:1: unit 'Test': the second line",
        "u.blk:24:1: unit 'Test': the first line's location",
    ]
