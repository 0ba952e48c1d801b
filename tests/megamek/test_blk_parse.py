"""parse_blk / read_blk / to_yaml: mapping of hand-written .blk fixtures (digest §11, §13.1)
and every kind of problem, each reported at its line."""

from pathlib import Path

import pytest
import yaml

from sheets.core.errors import InputError
from sheets.games.battletech.blk import MAX_BYTES, lookup_item, parse_blk, read_blk, to_yaml

FIXTURES = Path(__file__).parent / "fixtures"

HEADER = "<UnitType>\nProtoMek\n</UnitType>\n<Name>\nTest\n</Name>\n<motion_type>\nBiped\n</motion_type>\n"


def blk(body: str = "", *, armor="2\n4\n1\n1\n3", tonnage="2.0", walk="3", header=HEADER) -> str:
    """A minimal valid file (2 t biped) plus ``body``."""
    return (
        f"{header}<cruiseMP>\n{walk}\n</cruiseMP>\n<armor>\n{armor}\n</armor>\n"
        f"<tonnage>\n{tonnage}\n</tonnage>\n{body}"
    )


def problems(text, path="u.blk") -> list[str]:
    with pytest.raises(InputError) as exc:
        parse_blk(text, path)
    return [str(p) for p in exc.value.problems]


def plain(unit) -> dict:
    return yaml.safe_load(to_yaml([unit]))["units"][0]


# -- fixtures from digest §13.1 ---------------------------------------------------------------


def test_harpy_maps_every_field():
    unit = plain(read_blk(FIXTURES / "Harpy.blk"))
    assert unit == {
        "name": "Harpy",
        "model": "",
        "tons": 2,
        "motion": "biped",
        "walk": 3,
        "jump": 3,
        "jump_jets": "standard",
        "myomer_booster": False,
        "armor": {"head": 2, "torso": 4, "right_arm": 1, "left_arm": 1, "legs": 3},
        "equipment": [
            {"item": "Machine Gun", "location": "torso"},
            {"item": "Machine Gun Ammo", "shots": 20},
        ],
        "pilot": {"name": "", "gunnery": 4},
    }


def test_roc_jump_from_jet_lines_and_main_gun_armour():
    unit = plain(read_blk(FIXTURES / "Roc.blk"))
    assert unit["jump"] == 5 and unit["jump_jets"] == "standard"  # 5 jet lines, no jumpingMP
    assert unit["armor"] == {"head": 3, "torso": 10, "right_arm": 4, "left_arm": 4, "legs": 7, "main_gun": 3}
    assert unit["equipment"] == [{"item": "ER Medium Laser", "location": "main_gun"}]
    assert unit["tons"] == 7 and unit["walk"] == 5


def test_gorgon_main_gun_lrm_and_ammo():
    unit = plain(read_blk(FIXTURES / "Gorgon.blk"))
    assert unit["equipment"] == [
        {"item": "ER Micro Laser", "location": "torso"},
        {"item": "LRM 10", "location": "main_gun"},
        {"item": "LRM 10 Ammo", "shots": 12},
    ]
    assert unit["jump"] == 0 and "jump_jets" not in unit
    assert sum(unit["armor"].values()) == 34  # digest §13.1


def test_orc_keeps_every_ammo_bin():
    unit = plain(read_blk(FIXTURES / "Orc.blk"))
    ammo = [e["shots"] for e in unit["equipment"] if "shots" in e]
    assert ammo == [10, 5, 5]
    weapons = [(e["item"], e["location"]) for e in unit["equipment"] if "location" in e]
    assert weapons == [("SRM 1", "torso"), ("SRM 1", "torso"), ("SRM 1", "right_arm"), ("SRM 1", "left_arm")]


def test_quad_omits_arm_armour():
    unit = plain(read_blk(FIXTURES / "QuadTest.blk"))
    assert unit["motion"] == "quad"
    assert unit["armor"] == {"head": 4, "torso": 10, "legs": 10}


def test_glider_with_myomer_booster():
    unit = plain(read_blk(FIXTURES / "GliderTest.blk"))
    assert unit["motion"] == "glider" and unit["myomer_booster"] is True
    assert unit["equipment"] == [{"item": "ER Micro Laser", "location": "torso"}]


def test_extended_jump_jets_counted():
    unit = plain(read_blk(FIXTURES / "ExtendedTest.blk"))
    assert unit["jump"] == 6 and unit["jump_jets"] == "extended"


def test_prefix_added_and_removed():
    assert plain(read_blk(FIXTURES / "Cecerops.blk"))["equipment"] == [
        {"item": "ER Micro Laser", "location": "torso"}
    ]  # "IS CLERMicroLaser"
    assert plain(read_blk(FIXTURES / "Siren.blk"))["equipment"][-1] == {
        "item": "Light Machine Gun Ammo",
        "shots": 20,
    }  # "Light Machine Gun Ammo - Proto"


def test_lookup_is_case_insensitive_and_never_swaps_tech_base():
    assert lookup_item("clerMEDIUMlaser").name == "ER Medium Laser"
    assert lookup_item("Ammo SRM-1").name == "SRM 1 Ammo"  # "Clan " added
    assert lookup_item("IS ER Medium Laser") is None  # an IS laser is not the Clan one


def test_jumping_mp_tag_wins_over_jet_lines():
    text = blk("<jumpingMP>\n2\n</jumpingMP>\n<Body Equipment>\nProtomechJumpJet\n</Body Equipment>\n")
    assert parse_blk(text, "u.blk")["jump"] == 2


def test_fluff_and_unknown_tags_are_skipped():
    text = blk("<history>\n<p>Some <b>story</b></p>\n<p>\nmore\n</history>\n<year>\n3060\n</year>\n")
    unit = plain(parse_blk(text, "u.blk"))
    assert "history" not in str(unit) and unit["name"] == "Test"


def test_rear_mark_and_size_suffix_are_dropped():
    # MegaMek uses them only for VGL facing and variable-size items; the catalogue has neither
    text = blk("<Torso Equipment>\n(R) CLMG\nCLERMicroLaser:SIZE:1.0\n</Torso Equipment>\n")
    assert plain(parse_blk(text, "u.blk"))["equipment"] == [
        {"item": "Machine Gun", "location": "torso"},
        {"item": "ER Micro Laser", "location": "torso"},
    ]


def test_windows_line_ends_bom_and_latin1():
    text = "\ufeff" + blk().replace("Test", "Tést").replace("\n", "\r\n")
    assert parse_blk(text.encode("latin-1", "replace").replace(b"?", b""), "u.blk")["name"] == "Tést"
    assert parse_blk(text.encode("utf-8"), "u.blk")["name"] == "Tést"


def test_positions_point_at_blk_lines():
    unit = parse_blk(blk(), "u.blk")
    text = blk().split("\n")
    assert text[unit.pos_of("walk").line - 1] == "3"
    assert text[unit["armor"].pos_of("legs").line - 1] == "3"


# -- problems ---------------------------------------------------------------------------------


def test_unknown_item_has_line_and_suggestion():
    text = blk("<Torso Equipment>\nCLERMediumLazer\n</Torso Equipment>\n")
    line = text.split("\n").index("CLERMediumLazer") + 1
    assert problems(text) == [
        f"u.blk:{line}:1: unknown item 'CLERMediumLazer' (did you mean 'CLERMediumLaser'?)"
    ]


def test_every_problem_is_reported():
    text = blk("<Torso Equipment>\nFoo\nBar\n</Torso Equipment>\n", walk="three", tonnage="x")
    found = problems(text)
    assert len(found) == 4
    assert any("cruiseMP must be a whole number of 0 or more, not 'three'" in p for p in found)
    assert any("tonnage must be a number, not 'x'" in p for p in found)
    assert sum("unknown item" in p for p in found) == 2


def test_not_a_protomech():
    text = blk(header=HEADER.replace("ProtoMek", "Tank"))
    assert problems(text) == ["u.blk:2:1: not a ProtoMech: Tank"]


@pytest.mark.parametrize(
    "text, message",
    [
        (blk().replace("</Name>\n", ""), "<Name> is not closed (<motion_type> starts at line"),
        (blk() + "<armor_type>\n42\n", "<armor_type> is not closed (no </armor_type> before the end"),
        (blk() + "stray\n", "stray value 'stray' outside any <tag>"),
        (blk() + "</armor>\n", "</armor> without an opening <armor>"),
        (blk().replace("</cruiseMP>", "</cruiseMp2>"), "</cruiseMp2> does not close <cruiseMP>"),
        (blk(walk="3\n4"), "stray value '4' in <cruiseMP> (it takes one line)"),
        (blk(armor="2\n4\n1\n1"), "expected 5 armour values (6 with a main gun)"),
        (blk(armor="2\n4\nx\n1\n3"), "armour value must be a whole number of 0 or more, not 'x'"),
        (blk(tonnage="2.5"), "tonnage must be whole tons, not 2.5"),
        (blk(header=HEADER.replace("Biped", "Tracked")), "unknown motion_type 'Tracked'"),
        (blk(header=HEADER.replace("<Name>\nTest\n</Name>\n", "")), "missing <Name> block"),
        (blk() + "<Name>\nAgain\n</Name>\n", "<Name> given twice (first at line 4)"),
        (
            blk(header=HEADER.replace("Biped", "Quad"), armor="2\n4\n1\n0\n3"),
            "a quad has no arms: right arm armour must be 0, not 1",
        ),
        (
            blk("<Body Equipment>\nClan Ammo SRM-1 (five)\n</Body Equipment>\n"),
            "unknown item 'Clan Ammo SRM-1 (five)'",
        ),
        (
            blk("<Body Equipment>\nClan Ammo SRM-1\n</Body Equipment>\n"),
            "ammo 'Clan Ammo SRM-1' needs a shot count",
        ),
        (blk("<Torso Equipment>\nCLMG (20)\n</Torso Equipment>\n"), "'CLMG' is not ammo"),
        (
            blk("<Main Gun Equipment>\nCLLRM10\n</Main Gun Equipment>\n"),
            "'CLLRM10' is in <Main Gun Equipment> but <armor> has no main-gun value",
        ),
        (blk("<Body Equipment>\nCLMG\n</Body Equipment>\n"), "'CLMG' must be in a location"),
        (blk("<Torso Equipment>\nCLMG:SIZE:big\n</Torso Equipment>\n"), "size must be a number, not 'big'"),
        (
            blk("<Body Equipment>\nClan Ammo SRM-1 (0)\n</Body Equipment>\n"),
            "shot count must be 1 or more, not 0",
        ),
        (
            blk("<Body Equipment>\nProtomechUMU\n</Body Equipment>\n"),
            "'ProtomechUMU' (UMU) cannot be imported",
        ),
        (
            blk("<Body Equipment>\nProtomechJumpJet\nExtendedJumpJetSystem\n</Body Equipment>\n"),
            "mixes standard and extended jump jets",
        ),
        (blk(header=HEADER.replace("Test", "Te\x07st")), "control character in <Name>"),
    ],
)
def test_malformed_blocks(text, message):
    found = problems(text)
    assert any(message in p for p in found), found
    assert all(p.startswith("u.blk:") and p.split(":")[1].isdigit() for p in found)
    lines = [int(p.split(":")[1]) for p in found]
    assert lines == sorted(lines)


def test_hostile_input_is_bounded():
    assert problems(b"\x00" * 10) == ["u.blk:1:1: not a text file (contains NUL bytes)"]
    assert "file too large" in problems(b"#" * (MAX_BYTES + 1))[0]
    many = blk("<Torso Equipment>\n" + "Nope\n" * 1000 + "</Torso Equipment>\n")
    found = problems(many)
    assert len(found) == 101 and found[-1] == "u.blk: more than 100 problems; stopped checking this file"
    assert any("more than 100 lines in <Torso Equipment>" in p for p in found)
    blocks = "".join(f"<b{i}>\n</b{i}>\n" for i in range(600))
    assert any("more than 500 blocks" in p for p in problems(blocks))


def test_read_blk_file_errors(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        read_blk(tmp_path / "missing.blk")
    with pytest.raises(InputError, match="is a directory"):
        read_blk(tmp_path)


# -- writing ----------------------------------------------------------------------------------


def test_to_yaml_layout_and_unicode():
    unit = parse_blk(blk().replace("Test", "Минотавр"), "u.blk")
    text = to_yaml([unit])
    assert text.startswith("system: battletech\nunits:\n  - name: Минотавр\n")
    assert "    armor: {head: 2, torso: 4, right_arm: 1, left_arm: 1, legs: 3}\n" in text
    assert '    model: ""\n' in text
    assert yaml.safe_load(text)["units"][0]["name"] == "Минотавр"


def test_to_yaml_sets_tw_rules_only_when_needed():
    biped = parse_blk(blk(), "u.blk")
    quad = read_blk(FIXTURES / "QuadTest.blk")
    heavy = parse_blk(blk(tonnage="12.0"), "u.blk")
    assert "rules" not in yaml.safe_load(to_yaml([biped]))
    assert yaml.safe_load(to_yaml([biped, quad]))["rules"] == "tw"
    assert yaml.safe_load(to_yaml([heavy]))["rules"] == "tw"


def test_to_yaml_quotes_names_yaml_would_misread():
    unit = parse_blk(blk().replace("<Name>\nTest", "<Name>\nyes"), "u.blk")
    assert yaml.safe_load(to_yaml([unit]))["units"][0]["name"] == "yes"


def test_slotless_equipment_block_is_read_like_body_equipment():
    text = blk(
        "<Torso Equipment>\nCLMG\n</Torso Equipment>\n"
        "<slotless_equipment>\nClan Machine Gun Ammo - Proto (20)\n</slotless_equipment>\n"
    )
    unit = plain(parse_blk(text, "u.blk"))
    assert {"item": "Machine Gun Ammo", "shots": 20} in unit["equipment"]


def test_unknown_equipment_block_is_refused_not_dropped():
    text = blk("<Turret Equipment>\nCLMG\n</Turret Equipment>\n")
    msgs = problems(text)
    line = text.splitlines().index("<Turret Equipment>") + 1
    assert any(f"u.blk:{line}:" in m and "Turret Equipment" in m and "would be lost" in m for m in msgs), msgs
