"""Rule checks and small rules helpers called directly (no loader): the messages and severities of
the era check (issue 12 point 4: "under classic such items are a warning on validate and a † on the
sheet (or an error with --strict)"), the tonnage/motion checks per variant (digest §8), the
construction limits per shape (digest §3.3), the ultraheavy boundary (10-15 t) and the 2D6 counts."""

import pytest

from sheets.games.battletech import bv, rules
from sheets.games.battletech.model import Mount, Proto

ERA = "myomer booster is not in the classic ProtoMech rules (later equipment; use rules: tw)"


def _issues(proto, variant, strict=False):
    return [(i.path, i.severity, i.message) for i in rules.validate(proto, variant, strict)]


def test_later_equipment_is_a_marked_warning_or_a_strict_error():
    proto = rules.build(dict(name="B", tons=5, walk=3, myomer_booster=True, armor={}))
    assert _issues(proto, "classic") == [(("myomer_booster",), "warning", ERA + ", marked † on the sheet")]
    assert _issues(proto, "classic", strict=True) == [(("myomer_booster",), "error", ERA)]
    assert [i.severity for i in rules.validate(proto, "classic")] == ["warning"]  # not strict by default
    assert _issues(proto, None) == _issues(proto, "classic")
    assert _issues(proto, "tw") == [] and _issues(proto, "tw", strict=True) == []


def test_ultraheavy_quad_under_classic_is_refused_with_every_reason():
    proto = rules.build(dict(name="U", tons=10, motion="quad", walk=3, armor={}))
    assert _issues(proto, "classic") == [
        (
            ("tons",),
            "error",
            "10 t: ultraheavy (10-15 t) ProtoMechs are not allowed under rules: classic "
            "(2-9 t; use rules: tw)",
        ),
        (
            ("motion",),
            "error",
            "motion 'quad' is not allowed under rules: classic (allowed: biped; use rules: tw)",
        ),
    ]
    assert _issues(proto, "tw") == []


def test_tonnage_outside_a_user_range_names_the_tonnage(monkeypatch):
    # a --data-dir variants.yaml may narrow the range: a 2 t unit is then refused as "2 t"
    classic = dict(rules.variant_data("classic"), tons={"min": 3, "max": 9}, motions=["biped", "glider"])
    monkeypatch.setattr(rules, "variant_data", lambda variant: classic)
    proto = rules.build(dict(name="S", tons=2, motion="quad", walk=3, armor={}))
    assert _issues(proto, "classic")[:2] == [
        (
            ("tons",),
            "error",
            "2 t: 2 t ProtoMechs are not allowed under rules: classic (3-9 t; use rules: tw)",
        ),
        (
            ("motion",),
            "error",
            "motion 'quad' is not allowed under rules: classic (allowed: biped, glider; use rules: tw)",
        ),
    ]


def test_ultraheavy_starts_at_ten_tons():
    assert [rules.is_ultraheavy(Proto(name="T", tons=t, walk=1)) for t in (9, 10, 15)] == [False, True, True]


def _mg_torso(motion, tons, count):
    mg = rules.find_item("Machine Gun")
    return Proto(
        name="T",
        tons=tons,
        walk=3,
        motion=motion,
        mounts=tuple(Mount(i, "MG", mg, "torso") for i in range(count)),
    )


@pytest.mark.parametrize(
    "motion, tons, count, warned",
    [
        ("biped", 9, 2, False),
        ("biped", 9, 3, True),  # torso 2 slots
        ("quad", 9, 4, False),
        ("quad", 9, 5, True),  # quad torso 4 slots
        ("biped", 10, 3, False),
        ("biped", 10, 4, True),  # ultraheavy torso 3
        ("quad", 12, 6, False),
        ("quad", 12, 7, True),  # ultraheavy quad torso 6
    ],
)
def test_torso_slot_limits_per_shape(motion, tons, count, warned):
    slots = [i.message for i in rules.validate(_mg_torso(motion, tons, count), "tw") if "holds" in i.message]
    assert bool(slots) == warned


def test_ways_of_2d6_outside_the_dice():
    assert [rules.ways_2d6(r) for r in (0, 1, 2, 7, 12, 13, 14)] == [0, 0, 1, 6, 1, 0, 0]


def test_tmm_table_without_an_open_last_row_is_an_error(monkeypatch):
    real = rules.table
    monkeypatch.setattr(
        rules, "table", lambda name: {"tmm": [{"max_mp": 2, "tmm": 0}]} if name == "bv" else real(name)
    )
    assert bv.tmm(2) == 0
    with pytest.raises(ValueError, match="^3$"):
        bv.tmm(3)


def _check(unit, variant="tw"):
    return [(i.path, i.severity, i.message) for i in rules.validate(rules.build(unit), variant)]


def test_armour_and_jump_messages():
    # digest §3.2: a 5 t biped's head takes at most 4; §5: jump cap = walk (standard jets)
    assert _check(dict(name="A", tons=5, walk=3, jump=4, armor={"head": 5, "torso": 8, "main_gun": 1})) == [
        (("armor", "head"), "error", "head armour 5 exceeds the maximum 4 for a 5 t biped"),
        (("armor", "main_gun"), "error", "main gun armour 1 given, but no equipment is in location main_gun"),
        (("jump",), "error", "jump 4 exceeds the maximum 3 (walk 3, standard jump jets)"),
    ]
    # extended jets: ceil(1.5 × 4) = 6
    assert _check(dict(name="A", tons=5, walk=4, jump=7, jump_jets="extended", armor={})) == [
        (("jump",), "error", "jump 7 exceeds the maximum 6 (walk 4, extended jump jets)")
    ]
    assert _check(dict(name="A", tons=5, walk=4, jump=6, jump_jets="extended", armor={"main_gun": 0})) == []


def test_quad_arm_messages():
    # the arm mount is an error, never also a limit warning; the torso after it is still checked
    assert _check(
        dict(
            name="Q",
            tons=9,
            motion="quad",
            walk=3,
            armor={"right_arm": 2, "left_arm": 0},
            equipment=[{"item": "Flamer", "location": "left_arm"}]
            + [{"item": "Flamer", "location": "torso"}] * 5,
        )
    ) == [
        (
            ("armor", "right_arm"),
            "error",
            "a quad has no arms: right_arm armour must be 0 or left out (got 2)",
        ),
        (("equipment", 0, "location"), "error", "a quad has no arms: Flamer cannot go in left_arm"),
        (("equipment", 5, "location"), "warning", "torso holds 5 items; the limit is 4"),
    ]


def test_a_location_at_its_weight_limit_is_not_over():
    # digest §3.3: torso 2 t; two 1 t ER Medium Lasers are exactly 2 t
    assert (
        _check(
            dict(
                name="T",
                tons=5,
                walk=3,
                armor={},
                equipment=[
                    {"item": "ER Medium Laser", "location": "torso"},
                    {"item": "ER Medium Laser", "location": "torso"},
                ],
            )
        )
        == []
    )


def test_mount_and_ammo_messages():
    assert _check(
        dict(
            name="M",
            tons=5,
            walk=3,
            armor={},
            equipment=[
                {"item": "Flamr", "location": "torso"},
                {"item": "Flamer"},
                {"item": "ProtoMech AC/2", "location": "torso"},
                {"item": "Flamer Ammo", "shots": 5},
                {"item": "ProtoMech AC/2 Ammo", "location": "torso"},
                {"item": "SRM 1 Ammo", "shots": 5},
            ],
        )
    ) == [
        (("equipment", 0, "item"), "error", "unknown item 'Flamr' (did you mean 'Flamer'?)"),
        (
            ("equipment", 1, "item"),
            "error",
            "Flamer needs a location (one of head, torso, right_arm, left_arm, legs, main_gun)",
        ),
        (
            ("equipment", 2, "location"),
            "error",
            "ProtoMech AC/2 may only be mounted in the main gun, not torso",
        ),
        (("equipment", 3, "item"), "error", "unknown item 'Flamer Ammo' (did you mean 'Flamer'?)"),
        (
            ("equipment", 4, "location"),
            "error",
            "ProtoMech AC/2 Ammo takes no location (ammo is stored in the body)",
        ),
        (("equipment", 4, "item"), "error", "ProtoMech AC/2 Ammo needs 'shots:' (the number of shots)"),
        (("equipment", 5, "item"), "error", "SRM 1 Ammo: the unit carries no weapon that fires it (SRM 1)"),
        # digest §3.3: torso 2 t at most (the AC/2 alone is 3.5 t)
        (("equipment", 2, "location"), "warning", "torso carries 3.5 t; the limit is 2 t"),
    ]


def test_limit_warnings_point_at_the_first_item_over_the_limit():
    # digest §3.3: an arm carries 0.5 t; head and legs take no item (one item: singular)
    assert _check(
        dict(
            name="W",
            tons=5,
            walk=3,
            armor={},
            equipment=[
                {"item": "Flamer", "location": "head"},
                {"item": "ER Medium Laser", "location": "right_arm"},
                {"item": "Flamer", "location": "legs"},
                {"item": "Flamer", "location": "legs"},
                {"item": "Flamer", "location": "torso"},
                {"item": "Flamer", "location": "torso"},
                {"item": "Flamer", "location": "torso"},
            ],
        )
    ) == [
        (("equipment", 0, "location"), "warning", "head holds 1 item; the limit is 0"),
        (("equipment", 1, "location"), "warning", "right_arm carries 1 t; the limit is 0.5 t"),
        (("equipment", 2, "location"), "warning", "legs holds 2 items; the limit is 0"),
        (("equipment", 6, "location"), "warning", "torso holds 3 items; the limit is 2"),
    ]


def test_main_gun_only_weapon_in_the_main_gun_is_fine():
    assert (
        _check(
            dict(
                name="G",
                tons=5,
                walk=3,
                armor={"main_gun": 2},
                equipment=[
                    {"item": "ProtoMech AC/2", "location": "main_gun"},
                    {"item": "ProtoMech AC/2 Ammo", "shots": 20},
                ],
            )
        )
        == []
    )


@pytest.mark.parametrize("users, named", [([], "none"), (["LRM 10", "Streak LRM 5"], "LRM 10, Streak LRM 5")])
def test_ammo_without_its_weapon_names_every_weapon_that_fires_it(monkeypatch, users, named):
    # every shipped ammo has one weapon; a --data-dir catalogue may have none or several
    monkeypatch.setattr(rules, "weapons_for_ammo", lambda key: [rules.find_item(n) for n in users])
    assert _check(
        dict(name="A", tons=5, walk=3, armor={}, equipment=[{"item": "SRM 1 Ammo", "shots": 5}])
    ) == [
        (("equipment", 0, "item"), "error", f"SRM 1 Ammo: the unit carries no weapon that fires it ({named})")
    ]


def test_later_equipment_paths_and_names():
    # issue 12 point 4: every post-seed feature or item is named with the path of its line
    proto = rules.build(
        dict(
            name="L",
            tons=9,
            walk=4,
            jump=5,
            jump_jets="extended",
            myomer_booster=True,
            armor_type="edp",
            armor={},
            equipment=[
                {"item": "ER Micro Laser", "location": "torso"},
                {"item": "ProtoMech AC/2", "location": "main_gun"},
                {"item": "SRM 1 Ammo", "shots": 5},
                {"item": "ProtoMech AC/2 Ammo", "shots": 20},
            ],
        )
    )
    assert rules.later_equipment(proto, "classic") == [
        (("myomer_booster",), "myomer booster"),
        (("jump_jets",), "extended jump jets"),
        (("armor_type",), "EDP armour"),
        (("equipment", 1, "item"), "ProtoMech AC/2"),
        (("equipment", 3, "item"), "ProtoMech AC/2 Ammo"),
    ]
    assert rules.later_equipment(proto, None) == rules.later_equipment(proto, "classic")
    assert rules.later_equipment(proto, "tw") == []


def test_build_sorts_lines_into_mounts_and_ammo_bins():
    proto = rules.build(
        dict(
            name="B",
            tons=5,
            walk=3,
            armor={},
            pilot={"name": None},
            equipment=[
                {"item": "Mystery Ammo", "shots": 3},
                {"item": "Mystery Gun", "location": "torso"},
                {"item": "  SRM 1 Ammo ", "shots": 5},
                {"item": "SRM 1", "location": "torso"},
            ],
        )
    )
    assert [(b.index, b.name, b.ammo and b.ammo.name, b.shots) for b in proto.ammo] == [
        (0, "Mystery Ammo", None, 3),
        (2, "SRM 1 Ammo", "SRM 1 Ammo", 5),
    ]
    assert [(m.index, m.name, m.item and m.item.name, m.location) for m in proto.mounts] == [
        (1, "Mystery Gun", None, "torso"),
        (3, "SRM 1", "SRM 1", "torso"),
    ]
    assert (proto.pilot.name, proto.pilot.gunnery) == ("", 4)  # the default Gunnery (digest §9.1)
    assert rules.build(dict(name="B", tons=5, walk=3, armor={})).pilot is None
    named = rules.build(dict(name="B", tons=5, walk=3, armor={}, pilot={"name": "Ada", "gunnery": 2}))
    assert (named.pilot.name, named.pilot.gunnery) == ("Ada", 2)


def test_build_defaults_of_a_minimal_unit_file():
    # unit-file defaults (schema): biped, no jump, standard jets and armour, no booster, no model
    proto = rules.build(dict(name="M", tons=5, walk=3))
    assert (
        proto.model,
        proto.motion,
        proto.jump,
        proto.jump_jets,
        proto.myomer_booster,
        proto.armor_type,
        proto.armor,
        proto.mounts,
        proto.ammo,
        proto.pilot,
    ) == ("", "biped", 0, "standard", False, "standard", {}, (), (), None)
    # extended jets: ceil(1.5 × 5) = 8 (digest §5)
    assert rules.max_jump_mp(rules.build(dict(name="E", tons=5, walk=5, jump_jets="extended"))) == 8


def test_a_location_the_variant_gives_no_boxes_has_none(monkeypatch):
    # variants.yaml "crits: location -> list of boxes": a user table may leave a location out
    classic = dict(rules.variant_data("classic"))
    classic["crits"] = {k: v for k, v in classic["crits"].items() if k != "main_gun"}
    monkeypatch.setattr(rules, "variant_data", lambda variant: classic)
    proto = rules.build(
        dict(name="G", tons=8, walk=4, equipment=[{"item": "LRM 10", "location": "main_gun"}])
    )
    assert rules.crit_boxes(proto, "classic")["main_gun"] == []
    assert rules.crit_rows(proto, "classic")[0]["boxes"] == []


def test_standard_is_the_default_hit_table():
    assert rules.hit_table("quad") == rules.hit_table("quad", "standard")
    assert rules.hit_table("quad")[2] == {"roll": 4, "location": "legs", "ways": 3, "probability": "3/36"}
