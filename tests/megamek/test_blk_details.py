"""Issue 21 (MegaMek ``.blk``, ``blk.py``): both sides of every number format and count, repeated
members (jump jets over several blocks, ammo bins in two blocks, one item in two locations), and
the exact positioned message of each problem (digest §11; MegaMek ``BLKProtoMekFile``)."""

from __future__ import annotations

import pytest

from sheets.core.errors import InputError
from sheets.games.battletech.blk import parse_blk, parse_blk_with_warnings

HEADER = "<UnitType>\nProtoMek\n</UnitType>\n<Name>\nTest\n</Name>\n<motion_type>\n{motion}\n</motion_type>\n"


def blk(body: str = "", *, armor="2\n4\n1\n1\n3", tonnage="2.0", walk="3", motion="Biped") -> str:
    """A 2 t biped: lines 1-9 the header, cruiseMP 10-12 (the value on 11), armor 13-19 (values
    14-18 for five), tonnage after it; ``body`` follows."""
    return (
        HEADER.format(motion=motion) + f"<cruiseMP>\n{walk}\n</cruiseMP>\n<armor>\n{armor}\n</armor>\n"
        f"<tonnage>\n{tonnage}\n</tonnage>\n{body}"
    )


BODY = 23  # the first line of ``body`` with five armour values


def problems(text) -> list[str]:
    with pytest.raises(InputError) as exc:
        parse_blk(text, "u.blk")
    return [str(p) for p in exc.value.problems]


# -- numbers: both sides -------------------------------------------------------------------------


@pytest.mark.parametrize("walk, value", [("0", 0), ("+3", 3), ("999999", 999999), ("007", 7)])
def test_whole_numbers_read(walk, value):
    assert parse_blk(blk(walk=walk), "u.blk")["walk"] == value


@pytest.mark.parametrize("walk", ["1234567", "-1", "3.0", "3 4", "three", "+"])
def test_whole_numbers_refused(walk):
    assert problems(blk(walk=walk)) == [
        f"u.blk:11:1: cruiseMP must be a whole number of 0 or more, not {walk!r}"
    ]


@pytest.mark.parametrize("tons, value", [("2", 2), ("2.000000", 2), ("+9.0", 9), ("999999", 999999)])
def test_tonnage_read(tons, value):
    assert parse_blk(blk(tonnage=tons), "u.blk")["tons"] == value


@pytest.mark.parametrize(
    "tons, message",
    [
        ("2.0000000", "tonnage must be a number, not '2.0000000'"),
        ("2.", "tonnage must be a number, not '2.'"),
        ("1234567", "tonnage must be a number, not '1234567'"),
        ("-2", "tonnage must be a number, not '-2'"),
        ("2.5", "tonnage must be whole tons, not 2.5"),
        ("2.000001", "tonnage must be whole tons, not 2.000001"),
    ],
)
def test_tonnage_refused(tons, message):
    assert problems(blk(tonnage=tons)) == [f"u.blk:21:1: {message}"]


@pytest.mark.parametrize(
    "code, armor_type", [("0", None), ("18", "edp"), ("+18", "edp"), ("-0", None), ("0018", "edp")]
)
def test_armour_type_codes_read(code, armor_type):
    unit = parse_blk(blk(f"<armor_type>\n{code}\n</armor_type>\n"), "u.blk")
    assert unit.get("armor_type") == armor_type


@pytest.mark.parametrize(
    "code, message",
    [
        ("12345", "armor_type must be a whole number (MegaMek's armour code), not '12345'"),
        ("1.0", "armor_type must be a whole number (MegaMek's armour code), not '1.0'"),
        ("1", "armour type 1 (MegaMek <armor_type>) is not modelled here; known: 0 = standard, 18 = edp"),
        ("-18", "armour type -18 (MegaMek <armor_type>) is not modelled here; known: 0 = standard, 18 = edp"),
    ],
)
def test_armour_type_codes_refused(code, message):
    assert problems(blk(f"<armor_type>\n{code}\n</armor_type>\n")) == [f"u.blk:{BODY + 1}:1: {message}"]


@pytest.mark.parametrize(
    "motion, ours", [("BIPED", "biped"), ("quad", "quad"), ("WiGE", "glider"), ("wige", "glider")]
)
def test_motion_types(motion, ours):
    armor = "2\n4\n0\n0\n3" if ours == "quad" else "2\n4\n1\n1\n3"
    assert parse_blk(blk(motion=motion, armor=armor), "u.blk")["motion"] == ours


def test_unknown_motion_names_the_three():
    assert problems(blk(motion="Bipd")) == [
        "u.blk:8:1: unknown motion_type 'Bipd' (did you mean 'Biped'?); expected Biped, Quad or WiGE"
    ]
    assert problems(blk(motion="Hover")) == [
        "u.blk:8:1: unknown motion_type 'Hover'; expected Biped, Quad or WiGE"
    ]


# -- armour: counts on both sides, quads ------------------------------------------------------------


@pytest.mark.parametrize("values, found", [("2\n4\n1\n1", 4), ("2\n4\n1\n1\n3\n1\n1", 7), ("", 0)])
def test_armour_value_counts_refused(values, found):
    assert problems(blk(armor=values)) == [
        f"u.blk:13:1: expected 5 armour values (6 with a main gun) in the order head, torso, right arm, "
        f"left arm, legs[, main gun]; found {found}"
    ]


def test_six_armour_values_give_a_main_gun():
    unit = parse_blk(
        blk("<Main Gun Equipment>\nCLMG\n</Main Gun Equipment>\n", armor="2\n4\n1\n1\n3\n0"), "u.blk"
    )
    assert unit["armor"] == {"head": 2, "torso": 4, "right_arm": 1, "left_arm": 1, "legs": 3, "main_gun": 0}
    assert unit["equipment"] == [{"item": "Machine Gun", "location": "main_gun"}]


def test_armour_values_must_be_whole_and_every_bad_one_is_named():
    assert problems(blk(armor="2\n-4\n1\n1.5\n3")) == [
        "u.blk:15:1: armour value must be a whole number of 0 or more, not '-4'",
        "u.blk:17:1: armour value must be a whole number of 0 or more, not '1.5'",
    ]


def test_a_quad_with_either_arm_armoured_is_refused_at_that_value():
    assert problems(blk(motion="Quad", armor="2\n4\n0\n1\n3")) == [
        "u.blk:17:1: a quad has no arms: left arm armour must be 0, not 1"
    ]
    assert problems(blk(motion="Quad", armor="2\n4\n2\n3\n3")) == [
        "u.blk:16:1: a quad has no arms: right arm armour must be 0, not 2",
        "u.blk:17:1: a quad has no arms: left arm armour must be 0, not 3",
    ]


# -- equipment lines: repeated members and the same member in two places ------------------------------


def test_jump_jets_over_several_blocks_add_up_at_the_first_jet_line_read():
    """Blocks are read in MegaMek's location order (head … legs, main gun, body): the legs' jet
    line is the first read."""
    body = (
        "<Body Equipment>\nProtomechJumpJet\nEIInterface\nprotomechjumpjet\n</Body Equipment>\n"
        "<Legs Equipment>\nProtomechJumpJet\n</Legs Equipment>\n"
    )
    unit = parse_blk(blk(body), "u.blk")
    assert (unit["jump"], unit["jump_jets"], unit["equipment"]) == (3, "standard", [])
    assert unit.pos_of("jump").line == BODY + 6 and unit.pos_of("jump_jets").line == BODY + 6


def test_extended_jets_and_a_zero_jumping_mp():
    unit = parse_blk(
        blk("<Body Equipment>\nExtendedJumpJetSystem\nExtendedJumpJetSystem\n</Body Equipment>\n"), "u.blk"
    )
    assert (unit["jump"], unit["jump_jets"]) == (2, "extended")
    unit = parse_blk(blk("<jumpingMP>\n0\n</jumpingMP>\n"), "u.blk")
    assert unit["jump"] == 0 and "jump_jets" not in unit
    unit = parse_blk(blk("<jumpingMP>\n2\n</jumpingMP>\n"), "u.blk")
    assert (unit["jump"], unit["jump_jets"]) == (2, "standard")  # no jet lines: standard jets
    assert unit.pos_of("jump_jets").line == BODY + 1


def test_the_same_item_in_two_locations_and_ammo_from_two_blocks_in_line_order():
    body = (
        "<Body Equipment>\nClan Machine Gun Ammo - Proto (20)\n</Body Equipment>\n"
        "<Torso Equipment>\nCLMG\nClan Machine Gun Ammo - Proto (10)\nCLMG\n</Torso Equipment>\n"
        "<Right Arm Equipment>\nCLMG\n</Right Arm Equipment>\n"
    )
    unit = parse_blk(blk(body), "u.blk")
    assert unit["equipment"] == [
        {"item": "Machine Gun", "location": "torso"},
        {"item": "Machine Gun", "location": "torso"},
        {"item": "Machine Gun", "location": "right_arm"},
        {"item": "Machine Gun Ammo", "shots": 10},
        {"item": "Machine Gun Ammo", "shots": 20},
    ]
    assert [p.line for p in unit["equipment"].item_pos] == [BODY + 4, BODY + 6, BODY + 9, BODY + 5, BODY + 1]


@pytest.mark.parametrize(
    "line, item",
    [
        ("(R) CLMG", "Machine Gun"),
        ("CLMG:size:1", "Machine Gun"),
        ("CLMG:SIZE: 1.5 ", "Machine Gun"),
        ("Clan  Machine   Gun", "Machine Gun"),
    ],
)
def test_marks_and_sizes_dropped(line, item):
    unit = parse_blk(blk(f"<Torso Equipment>\n{line}\n</Torso Equipment>\n"), "u.blk")
    assert [e["item"] for e in unit["equipment"]] == [item]


@pytest.mark.parametrize(
    "line, message",
    [
        ("(R)CLMG", "unknown item '(R)CLMG' (did you mean 'CLMG'?)"),
        ("CLMG:SIZE:1.0000000", "size must be a number, not '1.0000000'"),
        ("CLMG:SIZE:", "size must be a number, not ''"),
        ("Clan Machine Gun Ammo - Proto (-1)", "shot count must be 1 or more, not -1"),
        ("Clan Machine Gun Ammo - Proto (1234567)", "unknown item 'Clan Machine Gun Ammo - Proto (1234567)'"),
        ("ProtomechJumpJet (2)", "'ProtomechJumpJet' takes no shot count"),
        ("CLMyomerBooster (1)", "'CLMyomerBooster' takes no shot count"),
        ("EIInterface (1)", "'EIInterface' takes no shot count"),
        ("ProtomechUMU", "'ProtomechUMU' (UMU) cannot be imported: unit files have no UMU field"),
        ("CLMG (20)", "'CLMG' is not ammo: remove the shot count '(20)'"),
        (
            "Clan Machine Gun Ammo - Proto",
            "ammo 'Clan Machine Gun Ammo - Proto' needs a shot count: 'Clan Machine Gun Ammo - Proto (N)'",
        ),
    ],
)
def test_item_lines_refused(line, message):
    assert problems(blk(f"<Torso Equipment>\n{line}\n</Torso Equipment>\n")) == [
        f"u.blk:{BODY + 1}:1: {message}"
    ]


def test_ammo_with_a_plus_count_and_a_booster_line():
    body = "<Body Equipment>\nClan Machine Gun Ammo - Proto (+5)\nCLMyomerBooster\n</Body Equipment>\n"
    unit = parse_blk(blk(body), "u.blk")
    assert unit["equipment"] == [{"item": "Machine Gun Ammo", "shots": 5}]
    assert unit["myomer_booster"] is True and unit.pos_of("myomer_booster").line == BODY + 2
    assert parse_blk(blk(), "u.blk")["myomer_booster"] is False


# -- blocks and tags --------------------------------------------------------------------------------


def test_tag_names_are_matched_without_case_or_extra_spaces():
    text = blk().replace("<cruiseMP>", "<CRUISEmp>").replace("</cruiseMP>", "</  cruisemp >")
    assert parse_blk(text, "u.blk")["walk"] == 3


@pytest.mark.parametrize(
    "body, message",
    [
        ("<Name>\nAgain\n</Name>\n", f"u.blk:{BODY}:1: <Name> given twice (first at line 4)"),
        (
            "<Model>\n</Model>\n<Turret Equipment>\nCLMG\n</Turret Equipment>\n",
            f"u.blk:{BODY + 2}:1: <Turret Equipment> is not a ProtoMech equipment block this importer knows; "
            f"its items would be lost",
        ),
        (
            "</overview>\n</Torso Equipment>\n",
            f"u.blk:{BODY + 1}:1: </Torso Equipment> without an opening <Torso Equipment>",
        ),
        (
            "<Torso Equipment>\nCL\x7fMG\n</Torso Equipment>\n",
            f"u.blk:{BODY + 1}:1: control character in <Torso Equipment>",
        ),
        (
            "<Torso Equipment>\nCL\x85MG\n</Torso Equipment>\n",
            f"u.blk:{BODY + 1}:1: control character in <Torso Equipment>",
        ),
        (
            "<Torso Equipment>\nCL\x1fMG\n</Torso Equipment>\n",
            f"u.blk:{BODY + 1}:1: control character in <Torso Equipment>",
        ),
    ],
)
def test_block_problems_exact(body, message):
    assert message in problems(blk(body))


def test_a_tab_and_a_no_break_space_are_not_control_characters():
    unit = parse_blk(blk().replace("<Name>\nTest\n", "<Name>\nTe\tst\u00a0X\n"), "u.blk")
    assert unit["name"] == "Te\tst\u00a0X"


def test_an_empty_required_block_and_an_empty_model():
    assert problems(blk().replace("<Name>\nTest\n</Name>", "<Name>\n</Name>")) == [
        "u.blk:4:1: <Name> is empty"
    ]
    unit = parse_blk(blk("<Model>\n\n</Model>\n"), "u.blk")
    assert unit["model"] == "" and unit.pos_of("model").line == 4  # no model line: at the name


@pytest.mark.parametrize(
    "body, warning",
    [
        (
            "<history>\ntext\n</history>>\n",
            f"u.blk:{BODY + 2}:1: warning: text after </history> ignored (fluff only)",
        ),
        (
            "<overview>\ntext\n<year>\n3050\n</year>\n",
            f"u.blk:{BODY}:1: warning: <overview> is not closed (<year> starts at line {BODY + 2}); fluff only, the unit is not affected",
        ),
        (
            "<overview>\ntext\n",
            f"u.blk:{BODY}:1: warning: <overview> is not closed (no </overview> before the end of the "
            f"file); fluff only, the unit is not affected",
        ),
        ("</overview>\n", f"u.blk:{BODY}:1: warning: </overview> without an opening tag (ignored)"),
    ],
)
def test_fluff_problems_are_warnings_at_their_line(body, warning):
    unit, warnings = parse_blk_with_warnings(blk(body), "u.blk")
    assert [str(w) for w in warnings] == [warning] and unit["name"] == "Test"


def test_html_inside_fluff_is_text_and_an_unknown_fluff_tag_is_skipped():
    unit, warnings = parse_blk_with_warnings(
        blk("<history>\n<p>story</p>\n<b>\n</history>\n<madeup>\nx\n</madeup>\n"), "u.blk"
    )
    assert warnings == [] and unit["name"] == "Test"


@pytest.mark.parametrize(
    "data, message",
    [
        (b"abc\n\x00", "u.blk:2:1: not a text file (contains NUL bytes)"),
        (b"\x00", "u.blk:1:1: not a text file (contains NUL bytes)"),
    ],
)
def test_nul_bytes_are_refused_at_their_line(data, message):
    assert problems(data) == [message]


def test_a_bom_and_latin1_are_read():
    assert parse_blk(b"\xef\xbb\xbf" + blk().encode(), "u.blk")["name"] == "Test"
    assert parse_blk(blk().replace("Test", "T\xe9st").encode("latin-1"), "u.blk")["name"] == "Tést"


# -- what is written: rules tw exactly when needed, the unit-file mapping ------------------------------


@pytest.mark.parametrize("tons, tw", [("2.0", False), ("9.0", False), ("10.0", True), ("1.0", True)])
def test_rules_tw_at_both_ends_of_the_classic_tonnage(tons, tw):
    """The classic rules take 2-9 t: 9 t and 2 t need nothing, 10 t and 1 t need Total Warfare."""
    from sheets.games.battletech.blk import _needs_tw, blk_to_unit_file, to_yaml

    text = blk(tonnage=tons)
    assert _needs_tw(parse_blk(text, "u.blk")) is tw
    doc = blk_to_unit_file("u.blk", text.encode())
    assert (doc.get("rules") == "tw") is tw and list(doc) == (
        ["system", "rules", "units"] if tw else ["system", "units"]
    )
    assert ("rules: tw\n" in to_yaml([parse_blk(text, "u.blk")])) is tw


def test_a_booster_needs_total_warfare_and_a_plain_unit_file_is_plain_data():
    from sheets.games.battletech.blk import blk_to_unit_file

    doc = blk_to_unit_file("u.blk", blk("<Body Equipment>\nCLMyomerBooster\n</Body Equipment>\n").encode())
    assert doc["rules"] == "tw"
    unit = doc["units"][0]
    assert type(unit) is dict and type(unit["armor"]) is dict and type(unit["equipment"]) is list
    assert unit["pilot"] == {"name": "", "gunnery": 4}


def test_to_yaml_layout():
    from sheets.games.battletech.blk import to_yaml

    text = to_yaml([parse_blk(blk("<Torso Equipment>\nCLMG\n</Torso Equipment>\n"), "u.blk")])
    assert text == (
        'system: battletech\nunits:\n  - name: Test\n    model: ""\n    tons: 2\n    motion: biped\n'
        "    walk: 3\n    jump: 0\n    myomer_booster: false\n"
        "    armor: {head: 2, torso: 4, right_arm: 1, left_arm: 1, legs: 3}\n"
        '    equipment:\n      - {item: Machine Gun, location: torso}\n    pilot: {name: "", gunnery: 4}\n'
    )


# -- item look-up and suggestions (digest §11 lookup order) --------------------------------------------


@pytest.mark.parametrize(
    "name, ours",
    [
        ("CLMG", "Machine Gun"),
        ("clmg", "Machine Gun"),
        ("  Clan   Machine  Gun ", "Machine Gun"),
        ("Machine Gun", "Machine Gun"),  # "Clan " added
        ("Clan CLMG", "Machine Gun"),  # "Clan " removed
        ("IS CLMG", "Machine Gun"),  # "IS " removed
        ("Nope", None),
        ("IS Machine Gun", None),
    ],
)
def test_lookup_order(name, ours):
    from sheets.games.battletech.blk import lookup_item

    entry = lookup_item(name)
    assert (entry.name if entry else None) == ours


def test_lookup_kinds():
    from sheets.games.battletech.blk import lookup_item

    assert (lookup_item("CLMG").kind, lookup_item("Clan Machine Gun Ammo - Proto").kind) == ("weapon", "ammo")


@pytest.mark.parametrize(
    "name, hint",
    [
        ("CLMGG", " (did you mean 'CLMG'?)"),
        (
            "CLSRM7",
            "",
        ),  # it offered CLLRM7: the family glued to CL was not seen ("CLSRM1x", " (did you mean 'CLSRM1'?)"),
        ("CLStreakSRM2x", " (did you mean 'CLStreakSRM2'?)"),
        ("ProtomechJumpJett", " (did you mean 'ProtomechJumpJet'?)"),
        ("CLLRM5x", " (did you mean 'CLLRM5'?)"),
        ("Clan Streak SRM 1 Ammoo", " (did you mean 'Clan Streak SRM 1 Ammo'?)"),
        ("zzzz", ""),
    ],
)
def test_suggestions_keep_kind_family_and_rack(name, hint):
    from sheets.games.battletech.blk import suggest

    assert suggest(name) == hint


def test_words_of_an_item_name():
    from sheets.games.battletech.blk import _words

    assert _words("CLStreakLRM5") == (frozenset({"streak", "lrm"}), ("5",))
    assert _words("Clan ER Medium Laser 10") == (frozenset({"er", "medium", "laser"}), ("10",))
    assert _words("ProtoMagneticClamp") == (frozenset({"magnetic", "clamp"}), ())
    assert _words("CLSRM6") == (frozenset({"srm"}), ("6",)) and _words("ISLRM10")[0] == {"lrm"}
    assert _words("CLERMicroLaser")[0] == {"er", "micro", "laser"}


# -- long values are cut at 40 characters in messages, the motion suggestions, a missing block --


def test_stray_value_cut_to_40_characters_both_sides():
    forty = "x" * 40
    assert problems(blk(f"{forty}\n")) == [f"u.blk:{BODY}:1: stray value '{forty}' outside any <tag>"]
    assert problems(blk(f"{forty}y\n")) == [
        f"u.blk:{BODY}:1: stray value '{forty}'… (41 characters) outside any <tag>"
    ]


@pytest.mark.parametrize(
    "typo, suggestion", [("Quadd", "Quad"), ("qaud", "Quad"), ("WiG", "WiGE"), ("Wige2", "WiGE")]
)
def test_motion_type_suggests_the_megamek_spelling(typo, suggestion):
    assert problems(blk(motion=typo)) == [
        f"u.blk:8:1: unknown motion_type '{typo}' (did you mean '{suggestion}'?); expected Biped, Quad or WiGE"
    ]


def test_missing_armor_block_is_reported_at_line_1():
    text = blk().replace("<armor>\n2\n4\n1\n1\n3\n</armor>\n", "")
    assert "<armor>" not in text
    assert problems(text) == ["u.blk:1:1: missing <armor> block"]


# -- every problem kind has its code (issue 30: the same in every language) --------------------------


def _codes(text) -> list[tuple[str, str]]:
    try:
        unit = parse_blk(text, "u.blk")
    except InputError as exc:
        return [(p.severity, p.code) for p in exc.problems]
    return [(w.severity, w.code) for w in unit.warnings]


E = "error"


@pytest.mark.parametrize(
    "text, codes",
    [
        (b"#" * (2 * 1024 * 1024 + 1), [(E, "blk-too-large")]),
        (b"<Name>\n\x00\n</Name>\n", [(E, "blk-binary")]),
        (blk("<overview>\nx\n</overview>>\n"), [("warning", "blk-text-after-tag")]),
        (
            blk("<Torso Equipment>\n<Name>\n"),
            [(E, "blk-not-closed"), (E, "blk-not-closed"), (E, "blk-twice")],
        ),
        (blk("<overview>\n<history>\n</history>\n"), [("warning", "blk-fluff-not-closed")]),
        (blk("<overview>\nx"), [("warning", "blk-fluff-not-closed")]),
        (
            blk("<Torso Equipment>\n</Model>\n</Torso Equipment>\n"),
            [(E, "blk-wrong-close"), (E, "blk-close-unopened")],
        ),
        (blk("<Torso Equipment>\n" + "CLMG\n" * 101 + "</Torso Equipment>\n"), [(E, "blk-too-many-lines")]),
        (blk("<a>\n</a>\n" * 501), [(E, "blk-too-many-blocks")]),
        (blk("</Model>\n"), [(E, "blk-close-unopened")]),
        (blk("</overview>\n"), [("warning", "blk-fluff-close-unopened")]),
        (blk("stray\n"), [(E, "blk-stray-value")]),
        (blk("<Arm Equipment>\nCLMG\n</Arm Equipment>\n"), [(E, "blk-unknown-block")]),
        (blk("<Name>\nAgain\n</Name>\n"), [(E, "blk-twice")]),
        (blk("<Model>\n" + "x" * 201 + "\n</Model>\n"), [(E, "blk-line-too-long")]),
        (blk("<Model>\nCL\x01MG\n</Model>\n"), [(E, "blk-control-character")]),
        (blk("<Model>\na\nb\n</Model>\n"), [(E, "blk-stray-value")]),
        (blk("<Model>\n</Model>\n<jumpingMP>\n</jumpingMP>\n"), []),
        (HEADER.format(motion="Biped"), [(E, "blk-missing-block")] * 3),
        (blk(walk="x"), [(E, "blk-not-whole")]),
        (blk(tonnage="x"), [(E, "blk-tonnage")]),
        (blk(tonnage="2.5"), [(E, "blk-tonnage")]),
        (blk(motion="Hover"), [(E, "blk-motion")]),
        (blk("<armor_type>\nx\n</armor_type>\n"), [(E, "blk-armor-type")]),
        (blk("<armor_type>\n99\n</armor_type>\n"), [(E, "blk-armor-type")]),
        (blk(armor="x\n1\n1\n1\n1"), [(E, "blk-armor")]),
        (blk(armor="1\n1\n1"), [(E, "blk-armor-count")]),
        (blk(armor="1\n1\n1\n0\n1", motion="Quad"), [(E, "blk-quad-arms")]),
        (blk("<Torso Equipment>\nCLMG:SIZE:x\n</Torso Equipment>\n"), [(E, "blk-size")]),
        (blk("<Body Equipment>\nClan Ammo SRM-1 (0)\n</Body Equipment>\n"), [(E, "blk-shots")]),
        (blk("<Torso Equipment>\nProtomechUMU\n</Torso Equipment>\n"), [(E, "blk-umu")]),
        (blk("<Body Equipment>\nProtomechJumpJet (2)\n</Body Equipment>\n"), [(E, "blk-shots")]),
        (blk("<Torso Equipment>\nCLMGG\n</Torso Equipment>\n"), [(E, "blk-unknown-item")]),
        (blk("<Body Equipment>\nClan Ammo SRM-1\n</Body Equipment>\n"), [(E, "blk-shots")]),
        (blk("<Torso Equipment>\nCLMG (5)\n</Torso Equipment>\n"), [(E, "blk-shots")]),
        (blk("<Main Gun Equipment>\nCLMG\n</Main Gun Equipment>\n"), [(E, "blk-main-gun")]),
        (blk("<Body Equipment>\nCLMG\n</Body Equipment>\n"), [(E, "blk-body-item")]),
        (
            blk("<Body Equipment>\nProtomechJumpJet\nExtendedJumpJetSystem\n</Body Equipment>\n"),
            [(E, "blk-jump-jets")],
        ),
        (blk().replace("ProtoMek", "Tank"), [(E, "blk-not-protomech")]),
    ],
)
def test_every_problem_kind_has_its_code(text, codes):
    assert _codes(text) == codes


def test_more_than_100_problems_has_its_code():
    text = blk("".join(f"<Torso Equipment>\nX{i}\n</Torso Equipment>\n" for i in range(101)))
    assert _codes(text)[-1] == (E, "blk-too-many-problems")


def test_a_rule_check_keeps_its_code(monkeypatch):
    from sheets.core.errors import RuleIssue
    from sheets.core.game import get_game
    from sheets.games.battletech.blk import check_unit

    game = type(get_game("battletech"))
    issues = [
        RuleIssue(("armor", "head"), "too much", code="armor-over-max"),
        RuleIssue(("tons",), "heavy", "warning", code="tons-later"),
    ]
    monkeypatch.setattr(game, "validate_unit", lambda self, unit, options: issues)
    unit = parse_blk(blk(), "u.blk")
    with pytest.raises(InputError) as exc:
        check_unit(unit, "u.blk")
    assert [(str(p), p.code) for p in exc.value.problems] == [
        ("u.blk:14:1: unit 'Test': too much", "armor-over-max"),
        ("u.blk:21:1: warning: unit 'Test': heavy", "tons-later"),
    ]


# -- what the reader relies on, and its smaller paths ------------------------------------------------


def test_every_ammo_name_of_the_catalogue_says_ammo_and_no_other_does():
    """suggest() offers ammo for ammo by the word "ammo" in a name: the catalogue keeps to it."""
    from sheets.data import load_data

    data = load_data("battletech/weapons.yaml")
    for section in ("weapons", "ammo", "equipment"):
        for row in data[section]:
            for name in row.get("blk") or ():
                assert ("ammo" in name.lower()) is (section == "ammo"), name


def test_a_file_of_only_fluff_warnings_keeps_100_of_them():
    text = BASE_OK + "</p>\n" * 101
    unit = parse_blk(text, "u.blk")
    assert len(unit.warnings) == 100


BASE_OK = blk()


@pytest.mark.parametrize("length", [39, 40, 41])
def test_tag_names_in_messages_are_cut_at_40(length):
    tag = "t" * length
    (warning,) = parse_blk(blk(f"<{tag}>\nfluff\n"), "u.blk").warnings
    shown = tag if length <= 40 else "t" * 39 + "…"
    assert warning.message == (
        f"<{shown}> is not closed (no </{shown}> before the end of the file); fluff only, the unit is not affected"
    )


def test_the_warnings_come_with_the_unit(tmp_path):
    from sheets.games.battletech.blk import blk_to_unit_file, parse_blk_with_warnings, read_blk_with_warnings

    text = blk("</p>\n")
    path = tmp_path / "u.blk"
    path.write_text(text, encoding="utf-8")
    for unit, warnings in (parse_blk_with_warnings(text, "u.blk"), read_blk_with_warnings(path)):
        assert unit["name"] == "Test" and [w.code for w in warnings] == ["blk-fluff-close-unopened"]
    for doc in (blk_to_unit_file(path), blk_to_unit_file("u.blk", text.encode())):
        assert doc == {"system": "battletech", "units": [parse_blk(text, "u.blk")]}


def test_to_yaml_keeps_a_line_of_100_characters_whole():
    from sheets.games.battletech.blk import to_yaml

    unit = parse_blk(blk("<Torso Equipment>\nCLMG\n</Torso Equipment>\n").replace("Test", "T" * 55), "u.blk")
    text = to_yaml([unit])
    lines = text.splitlines()
    assert "  - name: " + "T" * 55 in lines
    assert "      - {item: Machine Gun, location: torso}" in lines
    unit["model"] = "M" * 60
    unit["pilot"]["name"] = "P" * 60
    line = next(line for line in to_yaml([unit]).splitlines() if line.startswith("    pilot:"))
    assert 80 < len(line) <= 100 and line == "    pilot: {name: " + "P" * 60 + ", gunnery: 4}"
