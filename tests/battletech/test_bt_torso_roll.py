"""The torso weapon roll (digest §4.4): classic "1-2 torso weapon A destroyed, 3-4 torso weapon B,
5-6 no effect"; tw "list the torso's hittable equipment in order; biped: two faces per item (1-2,
3-4, 5-6), quad: one face per item (up to six); remaining faces No Effect; if there is none, print
No Torso Weapons"; and the glider's wing row of the crit table (digest §2.1: "For gliders (tw)
each near miss is a wing hit: -1 cruise MP per hit")."""

import pytest

from sheets.games.battletech import rules
from sheets.games.battletech.model import Mount, Proto


def _torso(*names, motion="biped", tons=9):
    mounts = tuple(Mount(i, n, rules.find_item(n), "torso") for i, n in enumerate(names))
    return Proto(name="T", tons=tons, walk=3, motion=motion, armor={}, mounts=mounts)


def _roll(proto, variant):
    return [(e["faces"], e["weapon"], e["label"]) for e in rules.torso_weapon_roll(proto, variant)]


def test_classic_a_is_the_first_torso_weapon_and_b_the_second():
    proto = _torso("ER Micro Laser", "SRM 1", "Machine Gun")
    assert _roll(proto, "classic") == [
        ("1-2", "ER Micro Laser", None),
        ("3-4", "SRM 1", None),
        ("5-6", None, "no_effect"),
    ]


def test_tw_biped_three_items_fill_the_die():
    proto = _torso("ER Micro Laser", "SRM 1", "Machine Gun", "Flamer")
    assert _roll(proto, "tw") == [
        ("1-2", "ER Micro Laser", None),
        ("3-4", "SRM 1", None),
        ("5-6", "Machine Gun", None),
    ]


@pytest.mark.parametrize(
    "count, faces",
    [
        (5, ["1", "2", "3", "4", "5", "6"]),
        (6, ["1", "2", "3", "4", "5", "6"]),
        (7, ["1", "2", "3", "4", "5", "6"]),
    ],
)
def test_tw_quad_one_face_per_item_up_to_six(count, faces):
    names = ["Machine Gun"] * count
    entries = rules.torso_weapon_roll(_torso(*names, motion="quad", tons=12), "tw")
    assert [e["faces"] for e in entries] == faces
    assert [e["label"] for e in entries] == [None] * min(count, 6) + ["no_effect"] * (6 - min(count, 6))


def test_tw_glider_takes_two_faces_like_a_biped():
    assert _roll(_torso("SRM 1", motion="glider", tons=5), "tw") == [
        ("1-2", "SRM 1", None),
        ("3-6", None, "no_effect"),
    ]


def test_a_shape_table_without_glider_falls_back_to_biped(monkeypatch):
    # variants.yaml: "faces_per_item: shape -> faces each torso item gets" - a glider is a biped shape
    tw = dict(rules.variant_data("tw"))
    tw["torso_weapon_roll"] = {"mode": "per_item", "faces_per_item": {"biped": 3, "quad": 1}}
    monkeypatch.setattr(rules, "variant_data", lambda variant: tw)
    assert _roll(_torso("SRM 1", motion="glider", tons=5), "tw") == [
        ("1-3", "SRM 1", None),
        ("4-6", None, "no_effect"),
    ]


def test_tw_glider_wing_row_and_torso_cruise_boxes():
    glider = Proto(name="G", tons=4, walk=2, motion="glider", armor={})
    rows = {r["location"]: r for r in rules.crit_rows(glider, "tw")}
    assert rows["wings"] == {
        "roll_text": "3, 11",
        "rolls": [3, 11],
        "probability": "4/36",
        "location": "wings",
        "label": "loc_wings",
        "exists": True,
        "note": None,
        "effect": "crit_wings",
        "boxes": [],
    }
    assert [
        (b["index"], b["kind"], b["effect"], b["pilot_hit"], b["torso_weapon_roll"])
        for b in rows["torso"]["boxes"]
    ] == [
        (1, "pilot", "crit_torso_1_glider", True, True),
        (2, "pilot", "crit_torso_2_glider", True, True),
        (3, "destroy", "crit_torso_3", True, False),
    ]
    near = rules.crit_rows(Proto(name="B", tons=4, walk=2, armor={}), "tw")[1]
    assert near == {
        "roll_text": "3, 11",
        "rolls": [3, 11],
        "probability": "4/36",
        "location": "near_miss",
        "label": "loc_near_miss",
        "exists": True,
        "note": "near_miss_note",
        "effect": None,
        "boxes": [],
    }
    head = rules.crit_rows(Proto(name="B", tons=4, walk=2, armor={}), "tw")[-1]
    assert head == {
        "roll_text": "12",
        "rolls": [12],
        "probability": "1/36",
        "location": "head",
        "label": "loc_head",
        "exists": True,
        "note": None,
        "effect": None,
        "boxes": [
            {
                "index": 1,
                "kind": "plain",
                "pilot_hit": False,
                "effect": "crit_head_1",
                "torso_weapon_roll": False,
            },
            {
                "index": 2,
                "kind": "pilot",
                "pilot_hit": True,
                "effect": "crit_head_2",
                "torso_weapon_roll": False,
            },
        ],
    }


def test_ammo_lines_skip_unknown_ammo_and_total_the_bins():
    proto = rules.build(
        dict(
            name="A",
            tons=4,
            walk=3,
            armor={},
            equipment=[
                {"item": "Nonsense Ammo", "shots": 5},
                {"item": "SRM 1", "location": "torso"},
                {"item": "SRM 1 Ammo", "shots": 10},
                {"item": "SRM 1 Ammo", "shots": 5},
            ],
        )
    )
    assert rules.ammo_lines(proto) == [
        {"name": "SRM 1 Ammo", "weapon": "SRM 1", "shots": 15, "verified": True}
    ]


def test_clan_prefix_is_accepted_but_an_inner_sphere_name_is_not_the_clan_item():
    # the catalogue holds the Clan items of digest §10.1; "IS ER Medium Laser" is a different weapon
    # (Inner Sphere: 5 damage, not 7) and must be reported as unknown, never swapped silently
    assert rules.find_item("Clan Flamer").name == "Flamer"
    assert rules.find_item("CL  er micro laser").name == "ER Micro Laser"
    assert rules.find_item("IS ER Medium Laser") is None
    assert rules.find_item("IS Machine Gun") is None
    assert rules.find_item("Clan Nonsense") is None
    proto = rules.build(
        dict(
            name="I",
            tons=5,
            walk=5,
            armor={},
            equipment=[{"item": "IS ER Medium Laser", "location": "torso"}],
        )
    )
    issues = rules.validate(proto, "classic")
    assert [(i.path, i.message.split(" (")[0]) for i in issues][:1] == [
        (("equipment", 0, "item"), "unknown item 'IS ER Medium Laser'")
    ]


def test_inventory_rows_for_equipment_and_after_an_unknown_item():
    proto = rules.build(
        dict(
            name="E",
            tons=5,
            walk=5,
            armor={},
            equipment=[
                {"item": "Nonsense", "location": "torso"},
                {"item": "ECM Suite", "location": "torso"},
                {"item": "Flamer", "location": "torso"},
                {"item": "Flamer", "location": "torso"},
                {"item": "Flamer", "location": "head"},
            ],
        )
    )
    assert rules.inventory(proto) == [
        {
            "qty": 1,
            "name": "ECM Suite",
            "location": "torso",
            "loc": "loc_torso",
            "loc_abbr": "loc_abbr_torso",
            "damage": None,
            "codes": "",
            "min": None,
            "short": None,
            "medium": None,
            "long": None,
            "verified": True,
        },
        {
            "qty": 2,
            "name": "Flamer",
            "location": "torso",
            "loc": "loc_torso",
            "loc_abbr": "loc_abbr_torso",
            "damage": "2",
            "codes": "DE,H,AI",
            "min": 0,
            "short": 1,
            "medium": 2,
            "long": 3,
            "verified": True,
        },
        {
            "qty": 1,
            "name": "Flamer",
            "location": "head",
            "loc": "loc_head",
            "loc_abbr": "loc_abbr_head",
            "damage": "2",
            "codes": "DE,H,AI",
            "min": 0,
            "short": 1,
            "medium": 2,
            "long": 3,
            "verified": True,
        },
    ]


def test_ammo_line_without_shots_counts_none():
    proto = rules.build(
        dict(
            name="A",
            tons=4,
            walk=3,
            armor={},
            equipment=[{"item": "SRM 1", "location": "torso"}, {"item": "SRM 1 Ammo"}],
        )
    )
    assert rules.ammo_lines(proto)[0]["shots"] == 0


@pytest.mark.parametrize("variant", ["classic", "tw"])
def test_no_torso_weapons_prints_one_short_line_not_three_no_effects(cli, write, tmp_path, variant):
    """Issue 23: a unit without torso weapons printed "roll 1D6: 1-2: No Effect; 3-4: No Effect;
    5-6: No Effect" (classic); it prints "*No Torso Weapons" (the "*" of the torso crits)."""
    import pypdf

    assert rules.torso_weapon_roll(_torso(), variant) == []
    src = write(
        "arms.yaml",
        "system: battletech\nunits:\n  - name: Arms\n    tons: 5\n    motion: biped\n"
        "    walk: 5\n    armor: {head: 2, torso: 8, right_arm: 2, left_arm: 2, legs: 6}\n"
        "    equipment:\n      - {item: ER Small Laser, location: right_arm}\n",
    )
    for lang, word in (("en", "No Torso Weapons"), ("ru", "Нет оружия в торсе")):
        out = tmp_path / f"arms-{lang}.pdf"
        r = cli("render", src, "-o", out, "--rules", variant, "--lang", lang)
        assert r.exit_code == 0, r.stderr
        text = " ".join(pypdf.PdfReader(out).pages[0].extract_text().split())
        assert f"*{word}" in text
        assert "No Effect" not in text and "Нет эффекта" not in text and "1D6:" not in text
