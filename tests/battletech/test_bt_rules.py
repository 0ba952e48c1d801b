"""Derived values: movement, structure/armour tables, crit boxes per variant, hit tables,
torso-weapon roll, physical damage, sheet_data and info."""

from pathlib import Path

from sheets.core.game import Options, get_game
from sheets.core.loader import load_file
from sheets.games.battletech import rules, view
from sheets.games.battletech.model import Mount, Proto

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "units"

UNITS = SAMPLES / "battletech"


def _unit(key):
    return load_file(UNITS / f"{key}.yaml").units[0]


def _proto(**kw):
    base = dict(name="Test", tons=5, walk=5, armor={})
    base.update(kw)
    return Proto(**base)


def test_run_is_ceil_one_and_a_half_walk_and_booster_doubles():
    assert [rules.run_mp(_proto(walk=w)) for w in (3, 4, 5, 10)] == [5, 6, 8, 15]
    boosted = _proto(walk=5, myomer_booster=True)
    assert rules.boosted_run_mp(boosted) == 10
    assert rules.movement(boosted)[1] == {"key": "run", "value": "8 [10]"}


def test_structure_and_max_armor_follow_the_tonnage_tables():
    minotaur = _unit("minotaur")
    assert rules.structure(minotaur) == {"head": 2, "torso": 9, "right_arm": 2, "left_arm": 2, "legs": 5}
    assert rules.max_armor(minotaur) == {"head": 6, "torso": 18, "right_arm": 4, "left_arm": 4, "legs": 10}
    roc = _unit("roc")
    assert rules.structure(roc)["main_gun"] == 1 and rules.max_armor(roc)["main_gun"] == 3
    assert sum(rules.structure(roc).values()) == 18
    quad = _proto(tons=12, motion="quad")
    assert rules.structure(quad) == {"head": 3, "torso": 12, "legs": 13}
    assert rules.max_armor(quad)["legs"] == 26


def test_crit_boxes_differ_by_variant():
    roc = _unit("roc")
    assert rules.crit_box_counts(roc, "classic") == {
        "head": 2,
        "torso": 3,
        "right_arm": 2,
        "left_arm": 2,
        "legs": 3,
        "main_gun": 0,
    }
    assert rules.crit_box_counts(roc, "tw")["main_gun"] == 1
    classic = rules.crit_boxes(roc, "classic")
    assert all(b["pilot_hit"] for boxes in classic.values() for b in boxes)
    # every box is drawn alike except the classic torso's third: it destroys the ProtoMech
    assert [b["kind"] for b in classic["torso"]] == ["plain", "plain", "destroy"]
    assert all(b["kind"] == "plain" for loc, boxes in classic.items() if loc != "torso" for b in boxes)
    tw = rules.crit_boxes(roc, "tw")
    assert [b["pilot_hit"] for b in tw["head"]] == [False, True]
    assert [b["kind"] for b in tw["torso"]] == ["pilot", "pilot", "destroy"]
    assert [b["pilot_hit"] for b in tw["legs"]] == [False, False, True]


def test_halving_rounds_up_in_classic_and_down_in_tw():
    assert rules.half_mp(5, "classic") == 3 and rules.half_mp(5, "tw") == 2
    moves = rules.damaged_movement(_proto(walk=5, jump=5), "classic")
    assert moves["walk"] == [5, 4, 3, 0] and moves["run"] == [8, 6, 5, 0] and moves["jump"] == [5, 4, 3]


def test_hit_table_probabilities():
    rows = rules.grouped_hit_rows("biped")
    by_loc = {r["location"]: (r["roll_text"], r["probability"]) for r in rows}
    assert by_loc == {
        "main_gun": ("2", "1/36"),
        "near_miss": ("3, 11", "4/36"),
        "right_arm": ("4", "3/36"),
        "legs": ("5, 9", "8/36"),
        "torso": ("6-8", "16/36"),
        "left_arm": ("10", "3/36"),
        "head": ("12", "1/36"),
    }
    quad = {r["location"]: r["roll_text"] for r in rules.grouped_hit_rows("quad")}
    assert quad["legs"] == "4, 5, 9, 10" and "right_arm" not in quad
    assert rules.hit_table("biped", "special")[1]["location"] == "legs"


def test_determining_crits_marks_the_12_row_unverified():
    assert rules.determining_crits()[-1] == {"roll_text": "12", "crits": 3, "verified": False}
    assert [r["crits"] for r in rules.determining_crits()] == [0, 1, 2, 3]


def test_torso_weapon_roll_classic_slots_a_and_b():
    entries = rules.torso_weapon_roll(_unit("minotaur"), "classic")
    assert entries == [
        {"faces": "1-2", "weapon": "ER Medium Laser", "label": None},
        {"faces": "3-4", "weapon": "ER Medium Laser", "label": None},
        {"faces": "5-6", "weapon": None, "label": "no_effect"},
    ]
    harpy = rules.torso_weapon_roll(_unit("harpy"), "classic")
    assert harpy[1] == {"faces": "3-4", "weapon": None, "label": "no_effect"}


def test_torso_weapon_roll_tw_generated():
    assert rules.torso_weapon_roll(_unit("harpy"), "tw") == [
        {"faces": "1-2", "weapon": "Machine Gun", "label": None},
        {"faces": "3-6", "weapon": None, "label": "no_effect"},
    ]
    assert rules.torso_weapon_roll(_unit("procyon"), "tw") == []
    mg = rules.find_item("Machine Gun")
    quad = _proto(tons=10, motion="quad", mounts=tuple(Mount(i, "MG", mg, "torso") for i in range(3)))
    faces = [e["faces"] for e in rules.torso_weapon_roll(quad, "tw")]
    assert faces == ["1", "2", "3", "4-6"]


def test_physical_damage_per_variant():
    assert rules.physical_damage(_proto(tons=5), "classic") == 1
    assert rules.physical_damage(_proto(tons=6), "classic") == 2
    assert rules.physical_damage(_proto(tons=12), "tw") == 3


def test_pilot_damage_when_a_location_is_destroyed():
    assert rules.pilot_damage_on_destruction("torso", 1, "tw") == 2  # 3 minus the 1 from the crit
    assert rules.pilot_damage_on_destruction("head", 0, "tw") == 1
    assert rules.pilot_damage_on_destruction("legs", 1, "classic") == 2  # two boxes left
    assert rules.pilot_damage_on_destruction("legs", 1, "classic", reading="none") == 0


def test_sheet_data_shape_for_a_unit_without_main_gun():
    data = view.sheet_data(_unit("minotaur"), "classic")
    assert data["inventory"] == [
        {
            "qty": 2,
            "name": "ER Medium Laser",
            "location": "torso",
            "loc": "loc_torso",
            "loc_abbr": "loc_abbr_torso",
            "damage": "7",
            "codes": "DE",
            "min": 0,
            "short": 5,
            "medium": 10,
            "long": 15,
            "verified": True,
            # Gunnery 4 (default): 4 / 6 / 8 -> 33, 26, 15 ways of 36
            "odds": {
                "bands": [
                    {"band": "short", "to_hit": 4, "ways": 33},
                    {"band": "medium", "to_hit": 6, "ways": 26},
                    {"band": "long", "to_hit": 8, "ways": 15},
                ],
                "minimum": None,
            },
        }
    ]
    assert data["movement"] == [
        {"key": "walk", "value": "3"},
        {"key": "run", "value": "5"},
        {"key": "jump", "value": "3"},
    ]
    main_gun = data["crit_rows"][0]
    assert main_gun["note"] == "main_gun_none_torso" and not main_gun["exists"] and main_gun["boxes"] == []
    torso = next(r for r in data["crit_rows"] if r["location"] == "torso")
    assert [b["effect"] for b in torso["boxes"]] == ["crit_torso_1", "crit_torso_2", "crit_torso_3_classic"]
    assert [a["location"] for a in data["armor"]] == ["head", "torso", "right_arm", "left_arm", "legs"]
    assert data["armor"][1] == {
        "location": "torso",
        "label": "loc_torso",
        "armor": 15,
        "structure": 9,
        "max_armor": 18,
    }
    assert data["pilot"]["consciousness"] == [3, 5, 7, 10, 11, "dead"]
    assert (data["bv"], data["bv_pilot"], data["physical_damage"]) == (424, 424, 2)
    assert data["crit_legend"] == "legend_classic" and data["special_hit_table"] is None
    assert data["flags"]["crit_12_unverified"] is True


def test_sheet_data_tw_with_main_gun_and_ammo():
    data = view.sheet_data(_unit("gorgon"), "tw")
    gun = data["crit_rows"][0]
    assert gun["exists"] and [b["effect"] for b in gun["boxes"]] == ["crit_main_gun"]
    assert data["ammo"] == [{"name": "LRM 10 Ammo", "weapon": "LRM 10", "shots": 12, "verified": True}]
    assert data["special_hit_table"] is not None and data["crit_legend"] == "legend_tw"
    assert data["torso_weapon_roll"]["entries"][0]["weapon"] == "ER Micro Laser"


def test_info_contract_keys():
    game = get_game("battletech")
    info = game.info(_unit("roc"), Options(rules="classic"))
    for key in (
        "system",
        "name",
        "model",
        "tons",
        "motion",
        "walk",
        "run",
        "jump",
        "armor",
        "structure",
        "max_armor",
        "crit_boxes",
        "physical_damage",
        "gunnery",
        "bv",
        "bv_pilot",
    ):
        assert key in info
    assert (info["run"], info["bv"], info["bv_pilot"], info["armor"]["main_gun"]) == (8, 336, 336, 3)
    assert game.unit_cost(_unit("roc"), Options()) == 336


def test_point_alpha_has_five_units():
    loaded = load_file(UNITS / "point-alpha.yaml")
    assert [u.name for u in loaded.units] == ["Harpy", "Siren", "Procyon", "Roc", "Minotaur"]
    assert sum(loaded.game.unit_cost(u, loaded.options) for u in loaded.units) == 56 + 86 + 178 + 336 + 424
    assert loaded.roster["name"] == "Point Alpha"
