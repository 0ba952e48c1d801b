"""Issue 12, points 5-9: what MegaMek's real ProtoMech library needs from the importer.

The fixtures are small hand-written files shaped like MegaMek's (the real ones are not
committed); values are the ones of MegaMek's classes, written here as literals.
"""

import pytest
import yaml

from sheets.core.errors import InputError
from sheets.games.battletech import rules
from sheets.games.battletech.blk import parse_blk, parse_blk_with_warnings, suggest, to_yaml
from sheets.games.battletech.bv import battle_value

HEADER = "<UnitType>\nProtoMek\n</UnitType>\n<Name>\nTest\n</Name>\n<motion_type>\n{motion}\n</motion_type>\n"


def blk(body: str = "", *, armor="3\n10\n4\n4\n7", tonnage="8.0", walk="4", motion="Biped", extra="") -> str:
    return (
        HEADER.format(motion=motion) + f"<cruiseMP>\n{walk}\n</cruiseMP>\n{extra}"
        f"<armor>\n{armor}\n</armor>\n<tonnage>\n{tonnage}\n</tonnage>\n{body}"
    )


def proto(text: str):
    unit = yaml.safe_load(to_yaml([parse_blk(text, "u.blk")]))["units"][0]
    return rules.build(unit), unit


def test_new_items_import_with_megamek_values():
    """MegaMek classes: CLPlasmaCannon (BV 170, 6/12/18), CLStreakLRM5 (BV 86, 7/14/21),
    CLFussilade (BV 11, min 4, 5/10/15), ProtoMagneticClamp."""
    text = blk(
        "<Body Equipment>\nCLPlasmaCannonAmmo (10)\nClan Streak LRM 5 Ammo (13)\n</Body Equipment>\n"
        "<Torso Equipment>\nProtoMagneticClamp\nCLStreakLRM5\n</Torso Equipment>\n"
        "<Right Arm Equipment>\nFusillade\n</Right Arm Equipment>\n"
        "<Main Gun Equipment>\nCLPlasmaCannon\n</Main Gun Equipment>\n",
        tonnage="13.0",
        armor="3\n10\n4\n4\n7\n3",
    )
    p, unit = proto(text)
    names = [row["name"] for row in rules.inventory(p)]
    assert names == ["Magnetic Clamp", "Streak LRM 5", "Fusillade Launcher", "Plasma Cannon"]
    rows = {row["name"]: row for row in rules.inventory(p)}
    assert (
        rows["Plasma Cannon"]["short"],
        rows["Plasma Cannon"]["medium"],
        rows["Plasma Cannon"]["long"],
    ) == (6, 12, 18)
    assert (rows["Streak LRM 5"]["short"], rows["Streak LRM 5"]["long"]) == (7, 21)
    assert (rows["Fusillade Launcher"]["min"], rows["Fusillade Launcher"]["short"]) == (4, 5)
    bd = battle_value(p).breakdown
    assert bd["weapons"] == 170 + 86 + 11
    # ammo BV = kg/shot x shots / 1000 x BV per ton: plasma 100 kg x 10 / 1000 x 21 = 21
    assert bd["ammo"]["PLASMA:2"] == pytest.approx(21)
    assert {a["name"]: a["shots"] for a in rules.ammo_lines(p)} == {
        "Plasma Cannon Ammo": 10,
        "Streak LRM 5 Ammo": 13,
    }


def test_quad_melee_and_edp_armour():
    """ProtoQuadMeleeSystem counts in BV per 5 t (or fraction) of the ProtoMech; EDP armour
    (<armor_type> 18 with the CLEDPArmor item) counts x 1.0 like standard armour."""
    body = "<Torso Equipment>\nCLEDPArmor\nProtoQuadMeleeSystem\n</Torso Equipment>\n"
    p, unit = proto(
        blk(
            body,
            motion="Quad",
            armor="5\n12\n0\n0\n11",
            tonnage="7.0",
            walk="8",
            extra="<armor_type>\n18\n</armor_type>\n",
        )
    )
    assert unit["armor_type"] == "edp" and p.armor_type == "edp"
    bd = battle_value(p).breakdown
    assert bd["offensive_equipment"] == pytest.approx(1.25 * 2)  # 7 t -> 2 points
    assert bd["armor_term"] == pytest.approx((5 + 12 + 11) * 2.5)
    plain, _ = proto(blk("", motion="Quad", armor="5\n12\n0\n0\n11", tonnage="7.0", walk="8"))
    assert battle_value(plain).breakdown["armor_term"] == bd["armor_term"]


def test_partial_wing_is_printed_and_jump_comes_from_the_file():
    p, _ = proto(
        blk(
            "<Torso Equipment>\nProtoMechPartialWing\n</Torso Equipment>\n"
            "<Body Equipment>\nExtendedJumpJetSystem\nExtendedJumpJetSystem\n</Body Equipment>\n",
            extra="<jumpingMP>\n5\n</jumpingMP>\n",
            walk="3",
        )
    )
    assert [r["name"] for r in rules.inventory(p)] == ["Partial Wing"]
    assert p.jump == 5


def test_unmodelled_armour_type_is_refused_by_name():
    """<armor_type> is never silently ignored."""
    text = blk(extra="<armor_type>\n7\n</armor_type>\n")
    line = text.splitlines().index("<armor_type>") + 2
    with pytest.raises(InputError) as exc:
        parse_blk(text, "u.blk")
    assert f"u.blk:{line}:1: armour type 7 (MegaMek <armor_type>) is not modelled here" in str(exc.value)


def test_fluff_problems_are_warnings():
    """Satyr 2 ends its history with '</history>>'; MegaMek reads each tag on its own and loads it."""
    text = blk(
        "<history>\nSmoke Jaguar...\n</history>>\n<manufacturer>\nUnknown\n</manufacturer>\n"
        "<overview>\nnever closed\n"
    )
    unit, warnings = parse_blk_with_warnings(text, "u.blk")
    assert unit["name"] == "Test"
    msgs = [str(w) for w in warnings]
    line = text.splitlines().index("</history>>") + 1
    assert f"u.blk:{line}:1: warning: text after </history> ignored (fluff only)" in msgs
    assert any("<overview> is not closed" in m and "fluff only" in m for m in msgs)


def test_unclosed_fluff_never_swallows_data():
    text = blk("<deployment>\nno end\n<Torso Equipment>\nCLERMicroLaser\n</Torso Equipment>\n")
    unit, warnings = parse_blk_with_warnings(text, "u.blk")
    assert [e["item"] for e in unit["equipment"]] == ["ER Micro Laser"]
    assert len(warnings) == 1 and "<deployment> is not closed" in str(warnings[0])


def test_did_you_mean_only_same_kind():
    assert suggest("Clan Streak LRM 10 Ammo") == ""  # never 'Clan Streak SRM 10 Ammo' or LRM 5
    assert "SRM" not in suggest("Clan Streak LRM 5 Ammo ")
    assert suggest("ProtoMagnetClamp") == " (did you mean 'ProtoMagneticClamp'?)"
    assert "UMU" not in suggest("ProtoMagneticClampX") and "Jump" not in suggest("ProtoMagneticClampX")
    assert suggest("CLERMediumLaserr") == " (did you mean 'CLERMediumLaser'?)"
    assert suggest("Clan Ammo SRM-2 Ammo (x)") == "" or "Ammo" in suggest("Clan Ammo SRM-2 Ammo (x)")


def test_batch_keeps_good_units_and_lists_refusals(cli, tmp_path):
    good = tmp_path / "in" / "Good.blk"
    good.parent.mkdir()
    good.write_text(blk("<Torso Equipment>\nCLERMicroLaser\n</Torso Equipment>\n"), encoding="utf-8")
    bad = tmp_path / "in" / "Bad.blk"
    text = blk("<Torso Equipment>\nProtoMagneticClampX\n</Torso Equipment>\n")
    bad.write_text(text, encoding="utf-8")
    line = text.splitlines().index("ProtoMagneticClampX") + 1
    result = cli("import", "megamek", good, bad, "-d", tmp_path / "out")
    assert result.exit_code == 1
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["Good.yaml"]
    assert "imported 1 unit (files read: 2, refused: 1); files written: 1" in result.stderr
    assert (
        f"{bad}:{line}:1: unknown item 'ProtoMagneticClampX' (did you mean 'ProtoMagneticClamp'?)"
        in result.stderr
    )


def test_a_folder_is_searched_recursively(cli, tmp_path):
    root = tmp_path / "protomeks"
    for rel in ("3060/A.blk", "3145/NTNU/B.BLK", "WoR/C.blk"):
        f = root / rel
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(blk().replace("Test", f.stem), encoding="utf-8")
    (root / "3060" / "notes.txt").write_text("not a unit", encoding="utf-8")
    result = cli("import", "megamek", root, "-d", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["A.yaml", "B.yaml", "C.yaml"]
    assert "imported 3 units (files read: 3, refused: 0)" in result.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    assert cli("import", "megamek", empty).exit_code == 2
