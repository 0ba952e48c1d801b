"""Building a wh40k6 unit and checking its profile columns against the model's type (digest §3):
a model line is ``WS BS S T W I A Ld Sv``, a vehicle ``BS Front Side Rear HP``, a walker adds
``WS S I A``; the artillery gun has its fixed profile (Russian 6th-ed. rulebook, «Артиллерия»:
``WS – BS – S – T 7 W 2 I – A – Ld – Sv 3+``). Direct calls of ``rules.build_unit`` /
``rules.validate_unit`` with the mapping the schema hands over."""

import pytest

from sheets.games.wh40k6 import rules
from sheets.games.wh40k6.model import Save, Weapon, parse_save, parse_type

MODEL_LINE = dict(ws=4, bs=4, s=4, t=4, w=1, i=4, a=1, ld=8)


def model(name="M", type="infantry", count=1, sv="3+", **cols):
    """One model mapping as the schema returns it (type parsed, save parsed, absent columns None)."""
    out = {"name": name, "count": count, "type": parse_type(type), "sv": parse_save(sv)}
    out.update(cols)
    return out


def unit(*models, weapons=(), **kw):
    data = {
        "name": "U",
        "slot": "troops",
        "detachment": "primary",
        "points": 50,
        "models": list(models),
        "weapons": list(weapons),
        "rules": [],
        "notes": "",
    }
    data.update(kw)
    return rules.build_unit(data)


def issues(u):
    return [(i.path, i.message) for i in rules.validate_unit(u)]


# -- build_unit -------------------------------------------------------------------------------------


def test_build_unit_carries_every_field():
    u = unit(
        model("Sergeant", "infantry (character)", count=1, **MODEL_LINE),
        model("Tank", "vehicle (tank)", sv=None, bs=4, front=13, side=11, rear=10, hp=3),
        weapons=[{"name": "Boltgun", "count": 8, "range": 24, "s": 4, "ap": 5, "type": "Rapid Fire"}],
        name="Squad",
        slot="elites",
        detachment="allied",
        points=170,
        rules=["Fearless"],
        notes="n",
    )
    assert (u.name, u.slot, u.detachment, u.points, u.rules, u.notes) == (
        "Squad",
        "elites",
        "allied",
        170,
        ["Fearless"],
        "n",
    )
    assert u.weapons == [Weapon("Boltgun", 8, 24, 4, 5, "Rapid Fire")]
    sgt, tank = u.models
    assert (sgt.name, sgt.count, sgt.type.text) == ("Sergeant", 1, "infantry (character)")
    assert sgt.stats == MODEL_LINE and sgt.save == Save("3+", 3, None)
    assert sgt.armour == {"front": None, "side": None, "rear": None} and sgt.hp is None
    assert tank.stats == {
        "ws": None,
        "bs": 4,
        "s": None,
        "t": None,
        "w": None,
        "i": None,
        "a": None,
        "ld": None,
    }
    assert tank.armour == {"front": 13, "side": 11, "rear": 10} and tank.hp == 3 and tank.save is None


def test_artillery_gun_takes_t7_w2_sv3_when_the_file_leaves_them_out():
    gun, crew = unit(
        model("Gun", "gun", sv=None), model("Crewman", "artillery", sv="5+", ws=3, bs=3, s=3, i=3, a=1, ld=7)
    ).models
    assert (gun.stats["t"], gun.stats["w"], gun.save) == (7, 2, Save("3+", 3, None))
    assert gun.boxes == 2
    # the crew is not a gun: what its file leaves out stays out
    assert (crew.stats["t"], crew.stats["w"], crew.save) == (None, None, Save("5+", 5, None))


def test_artillery_gun_keeps_what_the_file_gives():
    gun = unit(model("Big gun", "artillery gun", sv="2+", t=8, w=3)).models[0]
    assert (gun.stats["t"], gun.stats["w"], gun.save) == (8, 3, Save("2+", 2, None))
    gun = unit(model("Gun", "gun", sv=None, t=6)).models[0]
    assert (gun.stats["t"], gun.stats["w"], gun.save) == (6, 2, Save("3+", 3, None))
    gun = unit(model("Gun", "gun", sv="4++", w=1)).models[0]
    assert (gun.stats["t"], gun.stats["w"], gun.save) == (7, 1, Save("4++", None, 4))


# -- validate_unit: what each type needs -------------------------------------------------------------


def test_complete_profiles_of_every_kind_pass():
    u = unit(
        model("Trooper", **MODEL_LINE),
        model("Biker", "bike (character)", **MODEL_LINE),
        model("Tank", "vehicle (tank, transport)", sv=None, bs=4, front=13, side=11, rear=10, hp=3),
        model("Drop pod", "vehicle (open-topped)", sv=None, front=12, side=12, rear=12, hp=3),  # BS –
        model(
            "Walker", "vehicle (walker)", sv=None, ws=4, bs=4, s=6, i=4, a=2, front=12, side=12, rear=10, hp=3
        ),
        model("Gun", "gun", sv=None),
        model("Crewman", "artillery", sv="5+", ws=3, bs=3, s=3, t=3, w=1, i=3, a=1, ld=7),
    )
    assert issues(u) == []


@pytest.mark.parametrize("col", ["ws", "bs", "s", "t", "w", "i", "a", "ld"])
def test_a_model_line_needs_ws_bs_s_t_w_i_a_ld(col):
    cols = {**MODEL_LINE, col: None}
    assert issues(unit(model("Trooper", "jump infantry", **cols))) == [
        (("models", 0), f"model 'Trooper' (jump infantry) needs '{col}'")
    ]


def test_an_empty_model_line_lists_every_missing_column_in_profile_order():
    assert issues(unit(model("Beast", "beasts"))) == [
        (("models", 0), f"model 'Beast' (beast) needs '{c}'")
        for c in ("ws", "bs", "s", "t", "w", "i", "a", "ld")
    ]


@pytest.mark.parametrize("col,value", [("front", 12), ("side", 11), ("rear", 10), ("hp", 3)])
def test_a_model_that_is_not_a_vehicle_has_no_armour_or_hull_points(col, value):
    assert issues(unit(model("Carnifex", "monstrous creature", **MODEL_LINE, **{col: value}))) == [
        (
            ("models", 0, col),
            f"model 'Carnifex' (monstrous creature) is not a vehicle: '{col}' belongs to vehicles",
        )
    ]


@pytest.mark.parametrize("col", ["front", "side", "rear", "hp"])
def test_a_vehicle_needs_armour_values_and_hull_points(col):
    cols = {"bs": 4, "front": 13, "side": 11, "rear": 10, "hp": 3, col: None}
    assert issues(unit(model("Tank", "vehicle (tank)", sv=None, **cols))) == [
        (("models", 0), f"model 'Tank' (vehicle (tank)) needs '{col}'")
    ]


@pytest.mark.parametrize("col,value", [("t", 6), ("w", 3), ("ld", 10)])
def test_a_vehicle_has_no_toughness_wounds_or_leadership(col, value):
    u = unit(
        model(
            "Tank", "vehicle (fast, skimmer)", sv=None, bs=4, front=11, side=11, rear=10, hp=2, **{col: value}
        )
    )
    assert issues(u) == [
        (("models", 0, col), f"model 'Tank': a vehicle has armour values and hull points, not '{col}'")
    ]


def test_a_walker_also_needs_ws_s_i_a():
    u = unit(model("Walker", "walker", sv=None, bs=4, front=12, side=12, rear=10, hp=3))
    assert issues(u) == [
        (("models", 0), f"model 'Walker' (vehicle (walker)) needs '{c}'") for c in ("ws", "s", "i", "a")
    ]


def test_the_gun_is_not_checked_but_the_models_after_it_are():
    u = unit(
        model("Gun", "gun", sv=None, ld=7),
        model("Crewman", "artillery", sv="5+", **{**MODEL_LINE, "ld": None}),
    )
    assert issues(u) == [(("models", 1), "model 'Crewman' (artillery) needs 'ld'")]
