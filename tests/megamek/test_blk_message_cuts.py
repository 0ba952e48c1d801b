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


def _padded(name: str, n: int) -> str:
    """``name`` with its first space widened until it is ``n`` characters long (the look-up
    reads a run of spaces as one)."""
    head, tail = name.split(" ", 1)
    return head + " " * (n - len(name) + 1) + tail


VALUE_MESSAGES = [
    # (where the value goes, the message before the quoted value)
    (lambda v: blk(tonnage=v), "u.blk:21:1: tonnage must be a number, not "),
    (lambda v: blk(motion=v), "u.blk:8:1: unknown motion_type "),
    (lambda v: blk(walk=v), "u.blk:11:1: cruiseMP must be a whole number of 0 or more, not "),
    (
        lambda v: blk(armor=f"2\n{v}\n1\n1\n3"),
        "u.blk:15:1: armour value must be a whole number of 0 or more, not ",
    ),
    (
        lambda v: blk(f"<armor_type>\n{v}\n</armor_type>\n"),
        "u.blk:24:1: armor_type must be a whole number (MegaMek's armour code), not ",
    ),
]


@pytest.mark.parametrize("n", [40, 41])
@pytest.mark.parametrize("case", range(len(VALUE_MESSAGES)))
def test_every_value_message_quotes_the_value_cut_at_40(case, n):
    where, message = VALUE_MESSAGES[case]
    value = "x" * n
    shown = "'" + "x" * 40 + "'" + ("… (41 characters)" if n == 41 else "")
    with pytest.raises(InputError) as exc:
        parse_blk(where(value), "u.blk")
    (found,) = [str(p) for p in exc.value.problems if str(p).startswith(message)]
    assert found.startswith(message + shown) and (n == 40) is ("…" not in found)


ITEM_MESSAGES = [
    ("Torso", "Clan ER Micro Laser (4)", "{item} is not ammo: remove the shot count '(4)'"),
    (
        "Main Gun",
        "Clan ER Micro Laser",
        "{item} is in <Main Gun Equipment> but <armor> has no main-gun value (5 values)",
    ),
    (
        "Body",
        "Clan ER Micro Laser",
        "{item} must be in a location (head, torso, arms, legs, main gun), not in <Body Equipment>",
    ),
]


@pytest.mark.parametrize("n", [40, 41])
@pytest.mark.parametrize("location, line, message", ITEM_MESSAGES)
def test_every_item_message_quotes_the_name_cut_at_40(location, line, message, n):
    name = _padded("Clan ER Micro Laser", n)
    text = line.replace("Clan ER Micro Laser", name)
    shown = repr(name) if n == 40 else repr(name[:40]) + "… (41 characters)"
    assert _errors_in(location, text) == ["u.blk:24:1: " + message.format(item=shown)]


def _errors_in(location: str, line: str) -> list[str]:
    with pytest.raises(InputError) as exc:
        parse_blk(blk(f"<{location} Equipment>\n{line}\n</{location} Equipment>\n"), "u.blk")
    return [str(p) for p in exc.value.problems]


def test_an_armor_type_of_two_lines_is_refused_at_the_second():
    with pytest.raises(InputError) as exc:
        parse_blk(blk("<armor_type>\n18\n2\n</armor_type>\n"), "u.blk")
    assert [(str(p), p.code) for p in exc.value.problems] == [
        ("u.blk:25:1: stray value '2' in <armor_type> (it takes one line)", "blk-stray-value")
    ]


def test_rule_issues_about_the_armour_and_the_equipment_point_at_their_blocks(monkeypatch):
    from sheets.core.errors import RuleIssue
    from sheets.core.game import get_game

    game = type(get_game("battletech"))
    issues = [
        RuleIssue(("armor",), "armour", code="x-armor"),
        RuleIssue(("equipment",), "equipment", code="x-equipment"),
        RuleIssue(("equipment", 0), "first", code="x-first"),
    ]
    monkeypatch.setattr(game, "validate_unit", lambda self, unit, options: issues)
    unit = parse_blk(blk("<Torso Equipment>\nCLMG\n</Torso Equipment>\n"), "u.blk")
    with pytest.raises(InputError) as exc:
        check_unit(unit, "u.blk")
    assert [str(p) for p in exc.value.problems] == [
        "u.blk:13:1: unit 'Test': armour",
        "u.blk:1:1: unit 'Test': equipment",
        "u.blk:24:1: unit 'Test': first",
    ]


def _problems(text: str) -> list[tuple[str, str]]:
    with pytest.raises(InputError) as exc:
        parse_blk(text, "u.blk")
    return [(str(p), p.code) for p in exc.value.problems]


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            blk().replace("</Name>\n", ""),
            ("u.blk:4:1: <Name> is not closed (<motion_type> starts at line 6)", "blk-not-closed"),
        ),
        (
            blk().replace("</cruiseMP>", "</cruiseMp2>"),
            ("u.blk:12:1: </cruiseMp2> does not close <cruiseMP> (opened at line 10)", "blk-wrong-close"),
        ),
        # 103 lines: the cap is reported once, at the 101st
        (
            blk("<Torso Equipment>\n" + "CLMG\n" * 103 + "</Torso Equipment>\n"),
            ("u.blk:124:1: more than 100 lines in <Torso Equipment>", "blk-too-many-lines"),
        ),
        (blk().replace("<Name>\nTest\n", "<Name>\n"), ("u.blk:4:1: <Name> is empty", "blk-empty-block")),
    ],
)
def test_structure_problems_word_for_word_with_their_codes(text, expected):
    assert _problems(text) == [expected]


@pytest.mark.parametrize("n", [40, 41])
def test_a_stray_second_value_is_quoted_cut_at_40(n):
    shown = "'" + "x" * 40 + "'" + ("… (41 characters)" if n == 41 else "")
    assert _problems(blk(walk="3\n" + "x" * n)) == [
        (f"u.blk:12:1: stray value {shown} in <cruiseMP> (it takes one line)", "blk-stray-value")
    ]


def test_rule_issues_about_ammo_lines_point_at_them(monkeypatch):
    from sheets.core.errors import RuleIssue
    from sheets.core.game import get_game

    game = type(get_game("battletech"))
    issues = [RuleIssue(("equipment", 1), "the ammo", code="x-ammo")]
    monkeypatch.setattr(game, "validate_unit", lambda self, unit, options: issues)
    unit = parse_blk(
        blk("<Torso Equipment>\nCLMG\nClan Machine Gun Ammo - Proto (20)\n</Torso Equipment>\n"), "u.blk"
    )
    assert [e.get("shots") for e in unit["equipment"]] == [None, 20]
    with pytest.raises(InputError) as exc:
        check_unit(unit, "u.blk")
    assert [str(p) for p in exc.value.problems] == ["u.blk:25:1: unit 'Test': the ammo"]


def test_a_nul_byte_is_reported_at_the_line_of_the_first_one():
    # line 1 and 2 empty (the count starts at the first byte), NULs on lines 3 and 4
    assert _problems(b"\n\nA\x00\nB\x00\n\n") == [
        ("u.blk:3:1: not a text file (contains NUL bytes)", "blk-binary")
    ]


@pytest.mark.parametrize(
    "block, expected",
    [
        ("x", ("u.blk:24:1: jumpingMP must be a whole number of 0 or more, not 'x'", "blk-not-whole")),
        ("1\n2", ("u.blk:25:1: stray value '2' in <jumpingMP> (it takes one line)", "blk-stray-value")),
    ],
)
def test_a_bad_jumping_mp_is_named_as_the_file_spells_it(block, expected):
    assert _problems(blk(f"<jumpingMP>\n{block}\n</jumpingMP>\n")) == [expected]


def test_a_text_holding_a_lone_surrogate_is_read_not_crashed_on():
    """A str from a caller (the API) with a lone surrogate in the fluff: encoded as it stands
    (surrogatepass) and read like any text that is not UTF-8."""
    unit = parse_blk(blk("<notes>\n\ud800 x\n</notes>\n"), "u.blk")
    assert (unit["name"], unit["tons"], unit.warnings) == ("Test", 2, [])


def _located(monkeypatch, text: str, paths: list[tuple]) -> list[str]:
    from sheets.core.errors import RuleIssue
    from sheets.core.game import get_game

    game = type(get_game("battletech"))
    issues = [RuleIssue(path, "/".join(map(str, path)), code="x") for path in paths]
    monkeypatch.setattr(game, "validate_unit", lambda self, unit, options: issues)
    with pytest.raises(InputError) as exc:
        check_unit(parse_blk(text, "u.blk"), "u.blk")
    return [str(p).split(": unit 'Test': ")[0] + " " + p.message.split(": ")[1] for p in exc.value.problems]


def test_rule_issues_about_each_field_point_at_the_line_it_came_from(monkeypatch):
    paths = [("name",), ("model",), ("motion",), ("armor",), ("jump",), ("myomer_booster",), ("pilot",)]
    paths += [("pilot", "name"), ("pilot", "gunnery")]
    # no <Model>: the model is placed at <Name>; no jump jets or booster, no pilot: line 1
    assert _located(monkeypatch, blk(), paths) == [
        "u.blk:5:1 name",
        "u.blk:4:1 model",
        "u.blk:8:1 motion",
        "u.blk:13:1 armor",
        "u.blk:1:1 jump",
        "u.blk:1:1 myomer_booster",
        "u.blk:1:1 pilot",
        "u.blk:1:1 pilot/name",
        "u.blk:1:1 pilot/gunnery",
    ]
    text = blk("<Model>\nM1\n</Model>\n<armor_type>\n18\n</armor_type>\n")
    assert _located(monkeypatch, text, [("model",), ("armor_type",)]) == [
        "u.blk:24:1 model",
        "u.blk:27:1 armor_type",
    ]
