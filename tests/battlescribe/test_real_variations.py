"""Issue 22: the variations seen in real public rosters, each restated by a synthetic roster of our
own (invented names, no rule text) in both BattleScribe dialects; and "a roster is never refused
for one unit": what cannot be read is a gap (warning + a mark on the datasheet), ``--strict``
keeps all-or-nothing."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from sheets.games.wh40k6.battlescribe import roster_to_unit_file, to_yaml

from . import rosters as R

DIALECTS = ["2.03", "2.01"]


def _roster(tmp_path, dialect, selections, name="v.ros", limit="1000.0"):
    p = tmp_path / name
    p.write_text(
        R.roster(dialect, forces=R.force(dialect, "Primary Detachment", selections), limit=limit),
        encoding="utf-8",
    )
    return p


def _unit(dialect, name, *, cat="Troops", number=1, cost="50", profiles="", children="", rules=""):
    return R.selection(
        dialect,
        name,
        "unit",
        cat=cat,
        cost="0",
        children=R.selection(
            dialect,
            f"{name} models",
            "model",
            number=number,
            cost=cost,
            profiles=profiles,
            children=children,
            rules=rules,
        ),
    )


def _text(pdf) -> str:
    return "\n".join(" ".join(p.extract_text().split()) for p in PdfReader(pdf).pages)


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize(
    "written, ours", [("2", "2+"), ("2+/4", "2+/4++"), ("3+/5++", "3+/5++"), ("4++", "4++"), ("5 +", "5+")]
)
def test_saves_written_without_plus(tmp_path, dialect, written, ours):
    """A save written ``2`` reads as 2+; ``2+/4`` as 2+ armour and 4++ invulnerable."""
    sel = _unit(dialect, "Marble Guard", profiles=R.trooper(dialect, "Marble Guard", sv=written))
    doc = roster_to_unit_file(_roster(tmp_path, dialect, sel))
    (unit,) = doc["units"]
    assert unit["models"][0]["sv"] == ours
    assert "gaps" not in unit


@pytest.mark.parametrize("dialect", DIALECTS)
def test_ap_with_a_slash_or_a_star_keeps_its_text(tmp_path, dialect, cli):
    """AP ``3/2*`` and ``4*``: the text is kept and printed, the first number is used, the star is
    footnoted on the datasheet."""
    guns = (
        R.gun(dialect, "Split Lance", ap="3/2*")
        + R.gun(dialect, "Star Pike", ap="4*")
        + R.gun(dialect, "Plain Pike", ap="5")
    )
    sel = _unit(dialect, "Pike Wardens", profiles=R.trooper(dialect, "Pike Warden") + guns)
    src = _roster(tmp_path, dialect, sel)
    weapons = {w["name"]: w for w in roster_to_unit_file(src)["units"][0]["weapons"]}
    assert (weapons["Split Lance"]["ap"], weapons["Split Lance"]["ap_text"]) == (3, "3/2*")
    assert (weapons["Star Pike"]["ap"], weapons["Star Pike"]["ap_text"]) == (4, "4*")
    assert weapons["Plain Pike"]["ap"] == 5 and "ap_text" not in weapons["Plain Pike"]
    out = tmp_path / "ap.pdf"
    r = cli("render", src, "-o", out, "--check-layout")
    assert r.exit_code == 0, r.stderr
    text = _text(out)
    assert 'Split Lance 1 24" 4 3/2*' in text and 'Star Pike 1 24" 4 4*' in text
    assert "* AP as the roster writes it; the first number is used" in text
    out_ru = tmp_path / "ap_ru.pdf"
    assert cli("render", src, "-o", out_ru, "--lang", "ru", "--check-layout").exit_code == 0
    assert "* AP как в ростере; используется первое число" in _text(out_ru)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_names_longer_than_the_old_60_character_cap(tmp_path, dialect):
    """Rule and weapon names of real rosters run past 60 characters: kept whole up to 120; longer
    ones are shortened (with a gap), never refused."""
    rule_61 = "Blessing of the Invented Host against Lesser Foes and Their Kin"  # 63 characters
    gun_90 = "Twin-linked Invented Lumen Projector of the Third Host, Artificer-wrought Pattern Mk IV"
    huge = "Z" * 150
    assert len(rule_61) > 60 and 60 < len(gun_90) <= 120
    sel = _unit(
        dialect,
        "Long Names",
        profiles=R.trooper(dialect, "Long Namer") + R.gun(dialect, gun_90) + R.gun(dialect, huge),
        rules=R.rule(rule_61) + R.rule("Y" * 130),
    )
    (unit,) = roster_to_unit_file(_roster(tmp_path, dialect, sel))["units"]
    assert rule_61 in unit["rules"] and [w["name"] for w in unit["weapons"]][0] == gun_90
    assert unit["weapons"][1]["name"] == "Z" * 119 + "…"
    assert "Y" * 119 + "…" in unit["rules"]
    assert len(unit["gaps"]) == 2 and all("shortened to 120 characters" in g for g in unit["gaps"])


@pytest.mark.parametrize("dialect", DIALECTS)
def test_artillery_gun_profile_is_the_seeds_gun_line(tmp_path, dialect, cli):
    """The seed: «Модели самих орудий имеют следующий профиль: WS BS S T W I A Ld Sv – – – 7 2 – – –
    3+»: a profile of dashes but T 7, W 2, Sv 3+ inside an artillery unit is the gun, its crew
    the artillery crew."""
    gun_line = R.profile(
        dialect,
        "Ember Mortar",
        "Unit",
        [
            ("Unit Type", "Artillery"),
            ("WS", "-"),
            ("BS", "-"),
            ("S", "-"),
            ("T", "7"),
            ("W", "2"),
            ("I", "-"),
            ("A", "-"),
            ("LD", "-"),
            ("Save", "3+"),
        ],
    )
    crew = R.trooper(dialect, "Ember Crewman", "Artillery")
    sel = R.selection(
        dialect,
        "Ember Battery",
        "unit",
        cat="Heavy Support",
        cost="0",
        children=R.selection(dialect, "Mortars", "model", number=2, cost="60", profiles=gun_line)
        + R.selection(dialect, "Crew", "model", number=4, cost="0", profiles=crew),
    )
    src = _roster(tmp_path, dialect, sel)
    (unit,) = roster_to_unit_file(src)["units"]
    gun, men = unit["models"]
    assert gun == {"name": "Ember Mortar", "count": 2, "type": "gun", "t": 7, "w": 2, "sv": "3+"}
    assert men["type"] == "artillery" and men["count"] == 4
    assert "gaps" not in unit
    out = tmp_path / "gun.pdf"
    r = cli("render", src, "-o", out, "--check-layout")
    assert r.exit_code == 0, r.stderr
    assert "Ember Mortar 2 Artillery gun – – – 7 2 – – – 3+" in _text(out)


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("with_profile", [True, False])
def test_building_without_models(tmp_path, dialect, with_profile, cli):
    """A Bunker: no models. Its armour value and hull points print when the roster gives them,
    else a plain box; it takes the fortification slot."""
    prof = (
        R.profile(
            dialect,
            "Invented Redoubt",
            "Building",
            [
                ("Armour Value", "14"),
                ("Transport Capacity", "20"),
                ("Access Points", "one door"),
                ("Fire Points", "4"),
                ("Hull Points", "4"),
                ("Building Type", "Medium Building"),
            ],
        )
        if with_profile
        else ""
    )
    sel = R.selection(dialect, "Redoubt", "model", cat="Fortification", cost="55", profiles=prof)
    squad = _unit(dialect, "Door Wardens", profiles=R.trooper(dialect, "Door Warden"))
    src = _roster(tmp_path, dialect, sel + squad)
    doc = roster_to_unit_file(src)
    bunker = doc["units"][0]
    assert bunker["models"] == [] and bunker["slot"] == "fortification" and bunker["points"] == 55
    if with_profile:
        assert bunker["building"] == {
            "name": "Invented Redoubt",
            "type": "Medium Building",
            "armour": 14,
            "hp": 4,
            "transport_capacity": "20",
            "fire_points": "4",
            "access_points": "one door",
        }
        assert "gaps" not in bunker
    else:
        assert bunker["gaps"] == ["no model profile in the roster"]
    out = tmp_path / "b.pdf"
    r = cli("render", src, "-o", out, "--check-layout")
    assert r.exit_code == 0, r.stderr
    text = _text(out)
    if with_profile:
        assert (
            "Building: Invented Redoubt · Medium Building · Armour 14 · HP 4 · capacity 20 · "
            "fire points 4 · access points one door"
        ) in text
        assert "Hull points:" in text
    else:
        assert "no models: mark its damage here" in text and "imported with gaps: no model profile" in text


@pytest.mark.parametrize("dialect", DIALECTS)
def test_vehicle_types_the_seed_does_not_define(tmp_path, dialect, cli):
    """``Super-Heavy Walker`` is two known words; ``Open-topped, Transport (special)`` keeps
    "special" as written and warns; ``Jump Cavalry`` and ``Jet Pack Monstrous Creature`` are
    combined types; an unknown infantry type moves as infantry, its text kept, with a warning."""

    def vehicle(name, typ, walker=False):
        chars = (
            ([("WS", "4")] if walker else [])
            + [("BS", "4")]
            + ([("S", "10")] if walker else [])
            + [("Front", "13"), ("Side", "12"), ("Rear", "10")]
            + ([("I", "3"), ("A", "3")] if walker else [])
            + [("HP", "6" if walker else "3"), ("Type", typ)]
        )
        return R.selection(
            dialect,
            name,
            "model",
            cat="Heavy Support",
            cost="100",
            profiles=R.profile(dialect, name, "Walker" if walker else "Vehicle", chars),
        )

    sels = (
        vehicle("Tall Strider", "Super-Heavy Walker", walker=True)
        + vehicle("Open Wagon", "Open-topped, Transport (special)")
        + _unit(
            dialect,
            "Leaping Riders",
            cat="Fast Attack",
            profiles=R.trooper(dialect, "Leaping Rider", "Jump Cavalry"),
        )
        + _unit(
            dialect,
            "Rocket Brute",
            cat="Elites",
            profiles=R.trooper(dialect, "Rocket Brute", "Jet Pack Monstrous Creature"),
        )
        + _unit(dialect, "Odd Swarm", profiles=R.trooper(dialect, "Odd Swarmling", "Hover Swarm"))
    )
    warnings = []
    src = _roster(tmp_path, dialect, sels)
    units = {u["name"]: u for u in roster_to_unit_file(src, warnings=warnings)["units"]}
    assert units["Tall Strider"]["models"][0]["type"] == "vehicle (super-heavy, walker)"
    assert "gaps" not in units["Tall Strider"]
    wagon = units["Open Wagon"]
    assert wagon["models"][0]["type"] == "vehicle (open-topped, transport)"
    assert wagon["models"][0]["type_text"] == "Open-topped, Transport (special)"
    assert wagon["gaps"] == [
        "Open Wagon: type words not known, kept as written: special (from 'Open-topped, Transport (special)')"
    ]
    assert units["Leaping Riders"]["models"][0]["type"] == "jump cavalry"
    assert units["Rocket Brute"]["models"][0]["type"] == "jet pack monstrous creature"
    swarm = units["Odd Swarm"]["models"][0]
    assert (swarm["type"], swarm["type_text"]) == ("infantry", "Hover Swarm")
    assert [str(w) for w in warnings] == [
        f"{src}: warning: unit 'Open Wagon': imported with gaps: Open Wagon: type words not known, kept "
        f"as written: special (from 'Open-topped, Transport (special)')",
        f"{src}: warning: unit 'Odd Swarm': imported with gaps: Odd Swarmling: unit type 'Hover Swarm' "
        f"not known: moves as infantry here",
    ]
    for lang in ("en", "ru"):
        out = tmp_path / f"t-{lang}.pdf"
        r = cli("render", src, "-o", out, "--lang", lang, "--check-layout")
        assert r.exit_code == 0, r.stderr
    en = _text(tmp_path / "t-en.pdf")
    assert "[Open-topped, Transport (special)]" in en and "Jump Cavalry" in en
    assert "imported with gaps: Open Wagon: type words not known" in en
    ru = _text(tmp_path / "t-ru.pdf")
    assert "Прыжковая кавалерия" in ru and "Монструозное создание с реактивным ранцем" in ru
    assert "импортировано с пропусками (1): подробности — в предупреждениях импорта" in ru


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_profile_repeated_in_two_selections_adds_up(tmp_path, dialect):
    """3 + 2 troopers are 5; their weapon counted once per model: 5."""
    same = R.trooper(dialect, "Moss Trooper") + R.gun(dialect, "Moss Carbine")
    sel = R.selection(
        dialect,
        "Moss Squad",
        "unit",
        cat="Troops",
        cost="0",
        children=R.selection(dialect, "Moss Troopers", "model", number=3, cost="30", profiles=same)
        + R.selection(dialect, "More Moss Troopers", "model", number=2, cost="20", profiles=same),
    )
    (unit,) = roster_to_unit_file(_roster(tmp_path, dialect, sel))["units"]
    assert [(m["name"], m["count"]) for m in unit["models"]] == [("Moss Trooper", 5)]
    assert [(w["name"], w["count"]) for w in unit["weapons"]] == [("Moss Carbine", 5)]
    assert unit["points"] == 50


@pytest.mark.parametrize("dialect", DIALECTS)
def test_weapons_times_n_and_who_carries_them(tmp_path, dialect, cli):
    """ "Twin-linked Heavy Bolter x 2" prints 2; a weapon chosen for one model of a squad says which
    model carries it; a weapon on a 4-model selection counts 4."""
    hb = R.gun(dialect, "Twin Ember Cannon", rng="36&quot;", s="5", ap="4", typ="Heavy 3, Twin-linked")
    sponsons = R.selection(dialect, "Twin Ember Cannon x 2", "upgrade", cost="20", profiles=hb)
    tank = R.selection(
        dialect,
        "Ember Crawler",
        "model",
        cat="Heavy Support",
        cost="100",
        profiles=R.profile(
            dialect,
            "Ember Crawler",
            "Vehicle",
            [("BS", "4"), ("Front", "13"), ("Side", "11"), ("Rear", "10"), ("HP", "3"), ("Type", "Tank")],
        ),
        children=sponsons,
    )
    flamer = R.selection(
        dialect,
        "Cinder Flamer",
        "upgrade",
        cost="5",
        profiles=R.gun(dialect, "Cinder Flamer", rng="Template", s="4", ap="5", typ="Assault 1"),
    )
    carbines = R.selection(
        dialect, "Carbines", "upgrade", number=1, cost="0", profiles=R.gun(dialect, "Ash Carbine")
    )
    squad = R.selection(
        dialect,
        "Ash Squad",
        "unit",
        cat="Troops",
        cost="0",
        children=R.selection(
            dialect,
            "Ash Troopers",
            "model",
            number=4,
            cost="40",
            profiles=R.trooper(dialect, "Ash Trooper"),
            children=carbines,
        )
        + R.selection(
            dialect,
            "Ash Leader",
            "model",
            number=1,
            cost="15",
            profiles=R.trooper(dialect, "Ash Leader", "Infantry (Character)"),
            children=flamer,
        ),
    )
    src = _roster(tmp_path, dialect, tank + squad)
    crawler, ash = roster_to_unit_file(src)["units"]
    assert [(w["name"], w["count"]) for w in crawler["weapons"]] == [("Twin Ember Cannon", 2)]
    assert [(w["name"], w["count"], w.get("carrier")) for w in ash["weapons"]] == [
        ("Ash Carbine", 4, "Ash Trooper"),
        ("Cinder Flamer", 1, "Ash Leader"),
    ]
    out = tmp_path / "w.pdf"
    assert cli("render", src, "-o", out, "--check-layout").exit_code == 0
    text = _text(out)
    assert 'Twin Ember Cannon 2 36" 5 4 Heavy 3, Twin-linked' in text
    assert "Cinder Flamer (Ash Leader) 1 Template 4 5 Assault 1" in text


def _wargear(dialect, name, text):
    return R.profile(dialect, name, "Wargear Item", [("Description", text)])


def _transport(dialect, name):
    return R.profile(
        dialect,
        f"{name} (Transport)",
        "Transport",
        [("Capacity", "12 models"), ("Fire Points", "2"), ("Access Points", "one at the rear")],
    )


@pytest.mark.parametrize("dialect", DIALECTS)
def test_dedicated_transport_wargear_and_roster_text(tmp_path, dialect, cli):
    """A dedicated transport is its own datasheet next to its squad ("Dedicated transport of …"),
    its weapons and points not mixed into the squad's; wargear and transport profiles print with
    their numbers; the roster's own rule and wargear texts print (short on the datasheet, full in
    the glossary, marked as the roster's) and are never written to an imported unit file."""
    secret_rule = "When the bell rings the Wardens stand fast and re-roll Morale checks."
    secret_gear = "A bell-shaped shield: the bearer counts as having a 5++ save."
    rhino = R.selection(
        dialect,
        "Iron Carriage",
        "upgrade",
        cost="35",
        profiles=R.profile(
            dialect,
            "Iron Carriage",
            "Vehicle",
            [
                ("BS", "4"),
                ("Front", "11"),
                ("Side", "11"),
                ("Rear", "10"),
                ("HP", "3"),
                ("Type", "Tank, Transport"),
            ],
        )
        + _transport(dialect, "Iron Carriage"),
        children=R.selection(
            dialect, "Pintle Bolter", "upgrade", cost="5", profiles=R.gun(dialect, "Pintle Lumen")
        ),
    )
    bell = (
        '<rule id="r-bell" name="Bell of Stillness" hidden="false">'
        f"<description>{secret_rule}</description></rule>"
    )
    squad = R.selection(
        dialect,
        "Bell Wardens",
        "unit",
        cat="Troops",
        cost="0",
        children=R.selection(
            dialect,
            "Bell Warden",
            "model",
            number=5,
            cost="75",
            profiles=R.trooper(dialect, "Bell Warden")
            + R.gun(dialect)
            + _wargear(dialect, "Bell Shield", secret_gear),
            rules=bell,
        )
        + rhino,
    )
    src = _roster(tmp_path, dialect, squad)
    imported = roster_to_unit_file(src)
    text = to_yaml(imported)
    assert secret_rule not in text and secret_gear not in text  # never stored
    squad_u, carriage = imported["units"]
    assert (squad_u["name"], squad_u["points"], [w["name"] for w in squad_u["weapons"]]) == (
        "Bell Wardens",
        75,
        ["Lumen Rifle"],
    )
    assert squad_u["wargear"] == ["Bell Shield"]
    assert (carriage["name"], carriage["points"], carriage["slot"], carriage["transport_of"]) == (
        "Iron Carriage",
        40,
        "none",
        "Bell Wardens",
    )
    assert [w["name"] for w in carriage["weapons"]] == ["Pintle Lumen"]
    assert carriage["transport"] == {
        "capacity": "12 models",
        "fire_points": "2",
        "access_points": "one at the rear",
    }
    printing = roster_to_unit_file(src, texts=True)
    assert printing["units"][0]["roster_text"] == [
        {"name": "Bell of Stillness", "text": secret_rule},
        {"name": "Bell Shield", "text": secret_gear},
    ]
    out = tmp_path / "dt.pdf"
    r = cli("render", src, "-o", out, "--check-layout")
    assert r.exit_code == 0, r.stderr
    pdf = _text(out)
    assert "Dedicated transport of: Bell Wardens" in pdf
    assert "Transport: capacity 12 models · fire points 2 · access points one at the rear" in pdf
    assert "Wargear: Bell Shield" in pdf
    # the roster's own text: in full, once, in the glossary (its name marked °), never on the datasheet
    assert f"Bell of Stillness° {secret_rule}" in pdf and pdf.count(secret_rule) == 1
    assert f"Bell Shield° {secret_gear}" in pdf and pdf.count(secret_gear) == 1  # the glossary only
    out_yaml = tmp_path / "dt.yaml"
    assert cli("import", "battlescribe", src, "-o", out_yaml).exit_code == 0
    assert secret_rule not in out_yaml.read_text(encoding="utf-8")


@pytest.mark.parametrize("dialect", DIALECTS)
def test_one_bad_unit_never_refuses_the_roster_and_strict_does(tmp_path, dialect, cli):
    """A unit with an unreadable field is imported with what can be read: a warning on stderr
    (``file: warning: unit 'X': imported with gaps: …``) and the mark on its datasheet; the other
    units are untouched. ``--strict`` keeps all-or-nothing."""
    bad = R.profile(
        dialect,
        "Glitch Trooper",
        "Unit",
        [
            ("Unit Type", "Infantry"),
            ("WS", "3"),
            ("BS", "4"),
            ("S", "3"),
            ("T", "3"),
            ("W", "1"),
            ("I", "3"),
            ("A", "1"),
            ("LD", "7"),
            ("Save", "7+"),
        ],
    )
    sels = (
        _unit(dialect, "Glitch Squad", profiles=bad)
        + _unit(dialect, "Fine Squad", profiles=R.trooper(dialect, "Fine Trooper"))
        + R.selection(
            dialect,
            "Fine Captain",
            "model",
            cat="HQ",
            cost="60",
            profiles=R.trooper(dialect, "Fine Captain", "Infantry (Character)"),
        )
    )
    src = _roster(tmp_path, dialect, sels)
    out = tmp_path / "g.yaml"
    r = cli("import", "battlescribe", src, "-o", out)
    assert r.exit_code == 0, r.stderr
    assert r.stderr.splitlines()[0] == (
        f"{src}: warning: unit 'Glitch Squad': imported with gaps: Glitch Trooper: sv '7+' not read "
        f"(bad save '7+': expected e.g. 3+, 3+/4++ or 5++ (2+ to 6+))"
    )
    pdf = tmp_path / "g.pdf"
    r = cli("render", src, "-o", pdf, "--check-layout")
    assert r.exit_code == 0, r.stderr
    assert "warning: unit 'Glitch Squad': imported with gaps" in r.stderr
    text = _text(pdf)
    assert "imported with gaps: Glitch Trooper: sv '7+' not read" in text
    assert text.count("imported with gaps") == 1  # only that unit
    out2 = tmp_path / "s.yaml"
    r = cli("import", "battlescribe", src, "--strict", "-o", out2)
    assert r.exit_code == 1 and not out2.exists()
    assert f"{src}: unit 'Glitch Squad'.models[1].sv: bad save '7+'" in r.stderr


def test_a_file_of_another_game_system_is_still_refused(tmp_path):
    from sheets.core.errors import InputError

    p = tmp_path / "e.ros"
    p.write_text(R.roster(system=R.EIGHTH), encoding="utf-8")
    with pytest.raises(InputError):
        roster_to_unit_file(p)


@pytest.mark.parametrize(
    "system, chart",
    [
        ("3d1a4963-0629-4025-a90b-76ab3d63c5c5", "6th"),
        ("e1ebd931-a209-3ce4-87b4-d9918d25530b", "7th"),
        ("ca571888-56a9-c58e-ddaf-54f4713538bc", "hh1"),
    ],
)
def test_each_system_is_checked_against_its_own_chart(tmp_path, system, chart, cli):
    p = tmp_path / "s.ros"
    p.write_text(R.roster(system=system), encoding="utf-8")
    doc = roster_to_unit_file(p)
    assert doc["rules"] == chart
    out = tmp_path / "s.yaml"
    assert cli("import", "battlescribe", p, "-o", out).exit_code == 0
    assert f"rules: {chart}\n" in out.read_text(encoding="utf-8")
    info = cli("info", p, "--json")
    assert info.exit_code == 0, info.stderr
