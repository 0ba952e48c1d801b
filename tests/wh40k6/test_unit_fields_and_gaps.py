"""``rules.build_unit`` carries every optional field of a unit mapping (an import's wargear,
transport, building, the unit a dedicated transport carries, its gaps and the roster's own rule
texts; a weapon's AP text and carrier; a model's own type text), each given and each left out; and
``rules.validate_unit`` gives each problem its severity: an error for a hand-written file, a
warning for an import that says what it could not read (issue 21: the severity was never pinned,
only the message)."""

import pytest

from sheets.games.wh40k6 import rules
from sheets.games.wh40k6.model import Weapon, parse_save, parse_type

MODEL_LINE = dict(ws=4, bs=4, s=4, t=4, w=1, i=4, a=1, ld=8)


def model(name="M", type="infantry", count=1, sv="3+", **cols):
    out = {"name": name, "count": count, "type": parse_type(type), "sv": parse_save(sv)}
    out.update(cols)
    return out


def data(*models, weapons=(), **kw):
    out = {
        "name": "U",
        "slot": "troops",
        "detachment": "primary",
        "points": 50,
        "models": list(models),
        "weapons": list(weapons),
        "rules": [],
        "notes": "",
    }
    out.update(kw)
    return out


def issues(u):
    return [(i.path, i.message, i.severity) for i in rules.validate_unit(u)]


# -- build_unit: the optional fields ----------------------------------------------------------------


def test_every_optional_unit_field_is_carried_when_given():
    transport = {"capacity": "10 models", "fire_points": "2", "access_points": "rear"}
    building = {"name": "Bastion", "armour": 14, "hp": 4}
    src = data(
        model(
            "Driver",
            "vehicle (tank, transport)",
            sv=None,
            bs=4,
            front=11,
            side=11,
            rear=10,
            hp=3,
            type_text="Vehicle (Tank, Transport, Dozer)",
        ),
        wargear=["Searchlight", "Smoke launchers", "Searchlight"],
        transport=transport,
        building=building,
        transport_of="Tactical Squad",
        gaps=["no weapon profile", "no model profile"],
        roster_text=[
            {"name": "Deep Strike", "text": "Arrives from reserve."},
            {"name": "Fleet", "text": "Re-roll run."},
        ],
    )
    u = rules.build_unit(src)
    assert u.wargear == ["Searchlight", "Smoke launchers", "Searchlight"]  # a repeat is kept
    assert u.transport == transport and u.transport is not transport  # a copy
    assert u.building == building and u.building is not building
    assert u.transport_of == "Tactical Squad"
    assert u.gaps == ["no weapon profile", "no model profile"]
    assert u.roster_text == {"Deep Strike": "Arrives from reserve.", "Fleet": "Re-roll run."}
    assert u.models[0].type_text == "Vehicle (Tank, Transport, Dozer)"


def test_every_optional_unit_field_has_its_empty_value_when_left_out():
    u = rules.build_unit(data(model(**MODEL_LINE)))
    assert (u.wargear, u.transport, u.building, u.transport_of, u.gaps, u.roster_text) == (
        [],
        None,
        None,
        "",
        [],
        {},
    )
    assert u.models[0].type_text == ""


def test_empty_optional_values_read_as_left_out():
    u = rules.build_unit(
        data(
            model(type_text=None, **MODEL_LINE),
            wargear=None,
            transport={},
            building={},
            transport_of=None,
            gaps=None,
            roster_text=None,
        )
    )
    assert (u.wargear, u.transport, u.building, u.transport_of, u.gaps, u.roster_text) == (
        [],
        None,
        None,
        "",
        [],
        {},
    )
    assert u.models[0].type_text == ""


def test_a_weapons_ap_text_and_carrier():
    u = rules.build_unit(
        data(
            model(**MODEL_LINE),
            weapons=[
                {
                    "name": "Plasma",
                    "count": 2,
                    "range": 24,
                    "s": 7,
                    "ap": 3,
                    "type": "Rapid Fire",
                    "ap_text": "3/2*",
                    "carrier": "Sergeant",
                },
                {"name": "Bolter", "count": 2, "range": 24, "s": 4, "ap": 5, "type": "Rapid Fire"},
                {
                    "name": "Bolter",
                    "count": 3,
                    "range": 24,
                    "s": 4,
                    "ap": 5,
                    "type": "Rapid Fire",
                    "ap_text": None,
                    "carrier": None,
                },
            ],
        )
    )
    assert u.weapons == [
        Weapon("Plasma", 2, 24, 7, 3, "Rapid Fire", "3/2*", "Sergeant"),
        Weapon("Bolter", 2, 24, 4, 5, "Rapid Fire", "", ""),
        Weapon("Bolter", 3, 24, 4, 5, "Rapid Fire", "", ""),
    ]


# -- validate_unit: what is an error and what a warning ---------------------------------------------


def test_a_unit_without_models_is_an_error():
    assert issues(rules.build_unit(data())) == [
        (("models",), "needs at least 1 model (or a 'building:')", "error")
    ]


def test_a_building_needs_no_model():
    assert issues(rules.build_unit(data(building={"name": "Aegis Defence Line"}))) == []


def test_an_import_without_models_is_a_warning_with_its_gaps():
    u = rules.build_unit(data(gaps=["no model profile", "no weapon profile"]))
    assert issues(u) == [
        (("models",), "needs at least 1 model (or a 'building:')", "warning"),
        (("gaps",), "imported with gaps: no model profile; no weapon profile", "warning"),
    ]


def test_one_gap_is_printed_alone():
    u = rules.build_unit(data(model(**MODEL_LINE), gaps=["no points"]))
    assert issues(u) == [(("gaps",), "imported with gaps: no points", "warning")]


@pytest.mark.parametrize("gaps,severity", [((), "error"), (("a dash for Ld",), "warning")])
def test_a_missing_model_column_is_an_error_unless_the_import_says_so(gaps, severity):
    u = rules.build_unit(data(model("Trooper", **{**MODEL_LINE, "ld": None}), gaps=list(gaps)))
    assert [i for i in issues(u) if i[0] != ("gaps",)] == [
        (("models", 0), "model 'Trooper' (infantry) needs 'ld'", severity)
    ]


@pytest.mark.parametrize("gaps,severity", [((), "error"), (("a dash for HP",), "warning")])
def test_a_missing_vehicle_column_is_an_error_unless_the_import_says_so(gaps, severity):
    u = rules.build_unit(
        data(model("Rhino", "vehicle (tank)", sv=None, bs=4, front=11, side=11, rear=10), gaps=list(gaps))
    )
    assert [i for i in issues(u) if i[0] != ("gaps",)] == [
        (("models", 0), "model 'Rhino' (vehicle (tank)) needs 'hp'", severity)
    ]


def test_a_column_that_does_not_belong_stays_an_error_in_an_import():
    u = rules.build_unit(
        data(
            model("Rhino", "vehicle (tank)", sv=None, bs=4, front=11, side=11, rear=10, hp=3, t=6), gaps=["x"]
        )
    )
    assert issues(u)[1:] == [
        (("models", 0, "t"), "model 'Rhino': a vehicle has armour values and hull points, not 't'", "error")
    ]
