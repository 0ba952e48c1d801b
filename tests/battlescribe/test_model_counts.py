"""Issue 32, every model counted and every profile kept: each variation real rosters show, restated
by a synthetic roster of our own (invented names) in both dialects (2.01, 2.03), as ``.ros`` and
as ``.rosz``: a ``type="model"`` selection without a profile of its own, artillery teams (the
unit's gun and crew profiles, and a gun with a ``2x`` crew), two lines of one name with different
profiles, a weapon's carrier kept when counts merge, a squad's gear given once at unit level, and
a primary category that takes no slot."""

from __future__ import annotations

import zipfile

import pytest

from sheets.games.wh40k6.battlescribe import roster_to_unit_file

from . import rosters as R

DIALECTS = ["2.03", "2.01"]
SUFFIXES = [".ros", ".rosz"]


@pytest.fixture(params=[(d, s) for d in DIALECTS for s in SUFFIXES], ids=lambda p: f"{p[0]}{p[1]}")
def form(request):
    return request.param


def _import(tmp_path, form, selections, warnings=None):
    dialect, suffix = form
    text = R.roster(dialect, forces=R.force(dialect, "Primary Detachment", selections))
    path = tmp_path / f"v{suffix}"
    if suffix == ".rosz":
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("v.ros", text)
    else:
        path.write_text(text, encoding="utf-8")
    return roster_to_unit_file(path, warnings=warnings)["units"]


def _man(dialect, name, a="1", ld="8", unit_type="Infantry"):
    pairs = [("Unit Type", unit_type), ("WS", "4"), ("BS", "4"), ("S", "4"), ("T", "4"), ("W", "1")]
    pairs += [("I", "4"), ("A", a), ("LD", ld), ("Save", "3+")]
    return R.profile(dialect, name, "Unit", pairs)


def _gun_line(dialect, name="Ember Carriage"):
    pairs = [("Unit Type", "Artillery"), ("WS", "-"), ("BS", "-"), ("S", "-"), ("T", "7"), ("W", "2")]
    pairs += [("I", "-"), ("A", "-"), ("LD", "-"), ("Save", "3+")]
    return R.profile(dialect, name, "Unit", pairs)


def _lines(unit):
    return [(m["name"], m["count"]) for m in unit["models"]]


def _weapons(unit):
    return sorted((w["name"], w["count"], w.get("carrier")) for w in unit["weapons"])


def test_a_model_selection_without_a_profile_counts_its_number(tmp_path, form):
    """The profile sits on the unit; ``Husks`` (type model, number 5) has none: 5 models."""
    d = form[0]
    unit = R.selection(
        d,
        "Husk Squad",
        "unit",
        cat="Elites",
        profiles=_man(d, "Husk Warden"),
        children=R.selection(d, "Husks", "model", number=5, cost="200"),
    )
    (u,) = _import(tmp_path, form, unit)
    assert _lines(u) == [("Husk Warden", 5)] and "gaps" not in u


def test_three_teams_are_three_guns_with_their_crews(tmp_path, form):
    """A battery's unit holds a gun profile and a crew profile, its three ``Ember Team`` model
    selections none: 3 guns, 3 crew, and each team's mortar ×3 belongs to the guns."""
    d = form[0]
    team = R.selection(
        d,
        "Ember Team",
        "model",
        children=R.selection(d, "Mortar", "upgrade", profiles=R.gun(d, "Ember Mortar", typ="Heavy 1, Blast")),
    )
    unit = R.selection(
        d,
        "Ember Battery",
        "unit",
        cat="Heavy Support",
        profiles=_man(d, "Ember Crew") + _gun_line(d),
        children=team * 3,
    )
    (u,) = _import(tmp_path, form, unit)
    assert _lines(u) == [("Ember Crew", 3), ("Ember Carriage", 3)]
    assert [m["type"] for m in u["models"]] == ["infantry", "gun"]
    assert _weapons(u) == [("Ember Mortar", 3, "Ember Carriage")]


def test_a_gun_with_a_2x_crew_has_two_crewmen_each(tmp_path, form):
    """A gun's model selection holds ``2x Ash Crew`` (number 1, the crew's profile) with two
    pistols and a pair of grenades given once: per gun two crewmen, two pistols, two grenades."""
    d = form[0]
    crew = R.selection(
        d,
        "2x Ash Crew",
        "upgrade",
        profiles=_man(d, "Ash Crewman"),
        children=R.selection(
            d,
            "Ash Pistol",
            "upgrade",
            number=2,
            profiles=R.gun(d, "Ash Pistol", rng="12&quot;", typ="Pistol"),
        )
        + R.selection(
            d, "Ash Grenades", "upgrade", profiles=R.gun(d, "Ash Grenade", rng="8&quot;", typ="Assault 1")
        ),
    )
    gun = R.selection(d, "Ash Gun", "model", profiles=_gun_line(d, "Ash Carriage"), children=crew)
    (u,) = _import(tmp_path, form, R.selection(d, "Ash Battery", "unit", cat="Elites", children=gun * 3))
    assert _lines(u) == [("Ash Carriage", 3), ("Ash Crewman", 6)]
    assert _weapons(u) == [("Ash Grenade", 6, "Ash Crewman"), ("Ash Pistol", 6, "Ash Crewman")]


def test_one_name_with_two_profiles_is_two_lines(tmp_path, form):
    """Four ``Sky Seeker`` A1 Ld8 and their sergeant's ``Sky Seeker`` A2 Ld9: two lines, the
    second told apart by its selection's name; its weapon names that line."""
    d = form[0]
    unit = R.selection(
        d,
        "Sky Seekers",
        "unit",
        cat="Fast Attack",
        children=R.selection(d, "Sky Seeker", "model", number=4, profiles=_man(d, "Sky Seeker"))
        + R.selection(
            d,
            "Sky Seeker Sergeant",
            "model",
            profiles=_man(d, "Sky Seeker", a="2", ld="9"),
            children=R.selection(
                d,
                "Seeker Blade",
                "upgrade",
                profiles=R.gun(d, "Seeker Blade", rng="-", s="User", ap="-", typ="Melee"),
            ),
        ),
    )
    (u,) = _import(tmp_path, form, unit)
    assert _lines(u) == [("Sky Seeker", 4), ("Sky Seeker (Sky Seeker Sergeant)", 1)]
    assert [(m["a"], m["ld"]) for m in u["models"]] == [(1, 8), (2, 9)]
    assert _weapons(u) == [("Seeker Blade", 1, "Sky Seeker (Sky Seeker Sergeant)")]


def test_a_carrier_survives_merging_counts(tmp_path, form):
    """Flamers on two trooper selections (2 and 3 models, the flamer on each model's own
    profile list) and on the leader: 5 for the troopers' line, 1 for the leader's."""
    d = form[0]
    flamer = R.gun(d, "Cinder Flamer", rng="Template", typ="Assault 1, Template")
    unit = R.selection(
        d,
        "Cinder Squad",
        "unit",
        cat="Troops",
        children=R.selection(
            d, "Cinder Troopers", "model", number=2, profiles=_man(d, "Cinder Trooper") + flamer
        )
        + R.selection(d, "More Troopers", "model", number=3, profiles=_man(d, "Cinder Trooper") + flamer)
        + R.selection(d, "Cinder Leader", "model", profiles=_man(d, "Cinder Leader", a="2") + flamer),
    )
    (u,) = _import(tmp_path, form, unit)
    assert _lines(u) == [("Cinder Trooper", 5), ("Cinder Leader", 1)]
    assert _weapons(u) == [("Cinder Flamer", 1, "Cinder Leader"), ("Cinder Flamer", 5, "Cinder Trooper")]


def test_gear_given_once_to_the_squad_is_carried_by_every_model(tmp_path, form):
    """``Standard Wargear > Bolt Pistols`` (number 1): the 9 troopers and the sergeant, one row
    ×10; ``Lumen Rifles`` (plural for the profile ``Lumen Rifle``): the 9 troopers only (the
    sergeant has his own); ``Frag and Krak Grenades``: both of its profiles ×10; ``Heavy Lumen``
    (one of one name, number 1): one weapon, as written; ``Plasma Pistol`` number 2: two."""
    d = form[0]
    wargear = R.selection(
        d,
        "Standard Wargear",
        "upgrade",
        children=R.selection(
            d, "Bolt Pistols", "upgrade", profiles=R.gun(d, "Bolt Pistol", rng="12&quot;", typ="Pistol")
        ),
    )
    unit = R.selection(
        d,
        "Lumen Squad",
        "unit",
        cat="Troops",
        children=R.selection(d, "Lumen Troopers", "model", number=9, profiles=_man(d, "Lumen Trooper"))
        + R.selection(
            d,
            "Lumen Sergeant",
            "model",
            profiles=_man(d, "Lumen Sergeant", a="2"),
            children=R.selection(d, "Lumen Rifle", "upgrade", profiles=R.gun(d, "Lumen Rifle")),
        )
        + wargear
        + R.selection(d, "Lumen Rifles", "upgrade", profiles=R.gun(d, "Lumen Rifle"))
        + R.selection(
            d,
            "Frag and Krak Grenades",
            "upgrade",
            profiles=R.gun(d, "Frag Grenades", rng="8&quot;", s="3", ap="-", typ="Assault 1, Blast")
            + R.gun(d, "Krak Grenade", rng="8&quot;", s="6", ap="4", typ="Assault 1"),
        )
        + R.selection(d, "Heavy Lumen", "upgrade", profiles=R.gun(d, "Heavy Lumen", typ="Heavy 2"))
        + R.selection(
            d, "Plasma Pistol", "upgrade", number=2, profiles=R.gun(d, "Plasma Pistol", typ="Pistol")
        ),
    )
    (u,) = _import(tmp_path, form, unit)
    assert _lines(u) == [("Lumen Trooper", 9), ("Lumen Sergeant", 1)]
    assert _weapons(u) == [
        ("Bolt Pistol", 10, None),
        ("Frag Grenades", 10, None),
        ("Heavy Lumen", 1, None),
        ("Krak Grenade", 10, None),
        ("Lumen Rifle", 1, "Lumen Sergeant"),
        ("Lumen Rifle", 9, "Lumen Trooper"),
        ("Plasma Pistol", 2, None),
    ]


def test_a_section_s_gear_is_its_own_models(tmp_path, form):
    """A unit of two sections (``type="unit"`` selections inside it), grenades on each section's
    own profiles: 4 for the first section's line, 3 for the second's."""
    d = form[0]
    nade = R.gun(d, "Frag Grenades", rng="8&quot;", s="3", ap="-", typ="Assault 1, Blast")
    first = R.selection(
        d,
        "First Section",
        "unit",
        profiles=nade,
        children=R.selection(d, "A", "model", number=4, profiles=_man(d, "Auxiliary")),
    )
    second = R.selection(
        d,
        "Second Section",
        "unit",
        profiles=nade,
        children=R.selection(d, "B", "model", number=3, profiles=_man(d, "Veletaris")),
    )
    (u,) = _import(tmp_path, form, R.selection(d, "Cohort", "unit", cat="Troops", children=first + second))
    assert _lines(u) == [("Auxiliary", 4), ("Veletaris", 3)]
    assert _weapons(u) == [("Frag Grenades", 3, "Veletaris"), ("Frag Grenades", 4, "Auxiliary")]


@pytest.mark.parametrize(
    "category, slot, gap",
    [
        ("Troops", "troops", None),
        (
            "Bodyguard",
            "none",
            "category 'Bodyguard' takes no Force Organisation slot: not counted in the chart",
        ),
        (
            "Honour Retinue",
            "none",
            "category 'Honour Retinue' is not a Force Organisation slot this tool knows: not counted in the chart",
        ),
    ],
)
def test_a_category_maps_to_a_slot_or_is_not_counted_with_a_warning(tmp_path, form, category, slot, gap):
    d = form[0]
    unit = R.selection(
        d,
        "Guard Squad",
        "unit",
        cat=category,
        children=R.selection(d, "Guards", "model", number=3, profiles=_man(d, "Guard")),
    )
    warnings = []
    (u,) = _import(tmp_path, form, unit, warnings)
    assert u["slot"] == slot
    if gap is None:
        assert "gaps" not in u and warnings == []
    else:
        assert u["gaps"] == [gap]
        assert [w.message for w in warnings] == [f"unit 'Guard Squad': imported with gaps: {gap}"]


def test_a_unit_without_a_category_is_not_counted_with_a_warning(tmp_path, form):
    d = form[0]
    unit = R.selection(
        d,
        "Lost Squad",
        "unit",
        children=R.selection(d, "Lost", "model", number=2, profiles=_man(d, "Lost One")),
    )
    (u,) = _import(tmp_path, form, unit)
    assert (u["slot"], u["gaps"]) == (
        "none",
        ["no Force Organisation category in the roster: not counted in the chart"],
    )


@pytest.mark.parametrize(
    "name, profile, plural",
    [
        ("Bolt Pistols", "Bolt Pistol", True),
        ("Bolters", "Boltgun", True),
        ("Chainswords/Combat Blades", "Chainsword/Combat Blade", True),
        ("Glasses", "Glass", True),  # a profile ending in "ss" is singular
        ("Melta bombs", "Melta Bombs", False),  # both plural: one item, as written
        ("Glass", "Glass Shard", False),  # "ss" is no plural
        ("Lumen Rifle", "Lumen Rifle", False),
        ("Rifles (2)", "Rifle", True),  # the last word counts, not a trailing number
        ("", "Rifle", False),
        ("Rifles", "", True),
    ],
)
def test_a_selection_named_in_the_plural_for_a_singular_profile(name, profile, plural):
    from sheets.games.wh40k6.battlescribe import _plural_of

    assert _plural_of(name, profile) is plural


def test_a_wrapper_of_two_lines_gives_its_gear_to_neither(tmp_path, form):
    """A ``type="model"`` selection without a profile that holds two model selections (a magos
    and his servitor): its own weapon names no carrier; with one line inside it names that one."""
    d = form[0]

    def adept(*inside):
        return R.selection(
            d,
            "Adept",
            "model",
            children="".join(R.selection(d, n, "upgrade", profiles=_man(d, n)) for n in inside)
            + R.selection(d, "Beamer", "upgrade", profiles=R.gun(d, "Beamer", typ="Heavy 1")),
        )

    troops = R.selection(d, "Servo-automata", "model", number=4, profiles=_man(d, "Servo-automaton"))
    two = R.selection(d, "Priests", "unit", cat="Elites", children=adept("Magos", "Servitor") + troops)
    (u,) = _import(tmp_path, form, two)
    assert _weapons(u) == [("Beamer", 1, None)]
    one = R.selection(d, "Priests", "unit", cat="Elites", children=adept("Magos") + troops)
    (u,) = _import(tmp_path, form, one)
    assert _weapons(u) == [("Beamer", 1, "Magos")]


def test_a_weapon_count_past_10000_is_capped_and_named_in_a_gap(tmp_path, form):
    """``Rifles x2`` with number 9,999: 19,998 rifles, counted as 10,000 at the most, which the
    unit file does not take (1–100): the gap says so with the capped number."""
    d = form[0]
    sel = R.selection(
        d,
        "Rifle Squad",
        "unit",
        cat="Troops",
        children=R.selection(d, "Riflemen", "model", number=5, profiles=_man(d, "Rifleman"))
        + R.selection(d, "Rifles x2", "upgrade", number=9999, profiles=R.gun(d, "Rifle")),
    )
    (u,) = _import(tmp_path, form, sel)
    assert u["gaps"] == ["Rifle: count '10000' not read (10000 is out of range (1–100))"]
