"""Issue 21 (BattleScribe import): every refusal's exact, positioned message; every field that may
be missing or written another way (and what it then reads as); both sides of each numeric
boundary (a cost's magnitude, float noise in points); the zip member chosen and refused; the YAML
written. Synthetic rosters (``rosters.py``), both dialects where the dialects differ."""

from __future__ import annotations

import io
import zipfile
from decimal import Decimal

import pytest
import yaml
from pypdf import PdfReader

from sheets.core.errors import InputError
from sheets.games.wh40k6.battlescribe import (
    _plain,
    _save,
    roster_for_printing,
    roster_to_unit_file,
    to_yaml,
    unit_type,
    vehicle_type,
)

from . import rosters as R

DIALECTS = ["2.03", "2.01"]


def _at(text: str, needle: str) -> str:
    before = text[: text.index(needle)]
    return f"{before.count(chr(10)) + 1}:{len(before) - before.rfind(chr(10))}"


def _one(dialect: str, sel: str) -> str:
    return R.roster(dialect, forces=R.force(dialect, "P", sel))


def _load(text: str, name: str = "f.ros", **kw):
    return roster_to_unit_file(name, text.encode("utf-8"), **kw)


def _refusal(text: str, name: str = "f.ros") -> list[str]:
    with pytest.raises(InputError) as exc:
        _load(text, name)
    return [str(p) for p in exc.value.problems]


def _unit_with_cost(dialect: str, value: str | None) -> str:
    key = "typeId" if dialect == "2.03" else "costTypeId"
    attr = "" if value is None else f' value="{value}"'
    sel = R.selection(dialect, "Cost Unit", "model", cat="HQ", profiles=R.trooper(dialect, "Cost Unit"))
    return _one(
        dialect,
        sel.replace(R._cost(dialect, "0.0"), f'\n<costs><cost name="pts" {key}="points"{attr}/></costs>'),
    )


# -- costs and points --------------------------------------------------------------------------


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize(
    "value, points",
    [
        (None, 0),
        (" 5 ", 5),
        ("9999999999", 9999999999),
        ("0.5E+10", 5000000000),
        ("0E+20", 0),
        ("-9999999999", -9999999999),
    ],
)
def test_costs_read(dialect, value, points):
    """A cost without a value is 0; up to 10 digits before the point (``adjusted()`` 9) is read,
    and a zero with any exponent is 0."""
    (u,) = _load(_unit_with_cost(dialect, value))["units"]
    assert u["points"] == points and type(u["points"]) is int


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize(
    "value, words",
    [
        ("abc", "'abc' is not a number"),
        ("", "'' is not a number"),
        ("1,5", "'1,5' is not a number"),
        ("10000000000", "'10000000000' is out of range"),
        ("1E+10", "'1E+10' is out of range"),
        ("-1E+10", "'-1E+10' is out of range"),
        ("NaN", "'NaN' is out of range"),
        ("Infinity", "'Infinity' is out of range"),
        ("1e999999999", "'1e999999999' is out of range"),
    ],
)
def test_costs_refused_at_the_cost(dialect, value, words):
    text = _unit_with_cost(dialect, value)
    key = "typeId" if dialect == "2.03" else "costTypeId"
    at = _at(text, f'<cost name="pts" {key}="points" value="{value}"')
    assert _refusal(text) == [f"f.ros:{at}: cost of 'Cost Unit': {words}"]


@pytest.mark.parametrize(
    "value, out",
    [
        ("5.0000009", 5),
        ("4.9999991", 5),
        ("5.000001", 5.0),
        ("0.3", 0.3),
        ("-1.70", -1.7),
        ("2.005", 2.0),
        ("2.015", 2.02),
    ],
)
def test_points_float_noise_below_a_millionth_is_dropped(value, out):
    """Less than 0.000001 from a whole number is that number (an int); exactly 0.000001 away is a
    fraction (to 0.01, a float the unit schema then reports)."""
    got = _plain(Decimal(value))
    assert got == out and type(got) is type(out)


# -- selection numbers ---------------------------------------------------------------------------


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_selection_without_a_number_is_one_model(dialect):
    sel = R.selection(
        dialect, "No Number", "model", cat="HQ", cost="5", profiles=R.trooper(dialect, "No Number")
    ).replace(' number="1"', "")
    (u,) = _load(_one(dialect, sel))["units"]
    assert u["models"][0]["count"] == 1


@pytest.mark.parametrize("number, count", [(" 3 ", 3), ("0003", 3), ("100", 100)])
def test_numbers_read(number, count):
    sel = R.selection(
        "2.03",
        "Num Squad",
        "unit",
        cat="Troops",
        children=R.selection(
            "2.03", "Num Troopers", "model", cost="5", profiles=R.trooper("2.03", "Num Trooper")
        ).replace(' number="1"', f' number="{number}"'),
    )
    (u,) = _load(_one("2.03", sel))["units"]
    assert u["models"][0]["count"] == count and "gaps" not in u


@pytest.mark.parametrize("number", ["²", "-1", "2.5", "", "three", "1 2"])
def test_numbers_refused_at_the_selection(number):
    sel = R.selection(
        "2.03", "Num Troopers", "model", cat="HQ", cost="5", profiles=R.trooper("2.03", "Num Trooper")
    ).replace(' number="1"', f' number="{number}"')
    text = _one("2.03", sel)
    assert _refusal(text) == [
        f"f.ros:{_at(text, '<selection id=' + chr(34) + 's-Num')}: number of 'Num Troopers': "
        f"{number.strip()!r} is not a whole number"
    ]


def test_counts_past_10000_are_held_at_10000_then_refused_by_the_schema():
    sel = R.selection(
        "2.03", "Horde", "model", cat="HQ", cost="5", number=10001, profiles=R.trooper("2.03", "Horde Body")
    )
    (u,) = _load(_one("2.03", sel))["units"]
    assert u["gaps"] == ["Horde Body: count '10000' not read (10000 is out of range (1–100))"]


# -- characteristics that are missing or written another way --------------------------------------------


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_weapon_with_missing_characteristics_prints_dashes(dialect):
    bare = R.profile(dialect, "Bare Gun", "Weapon", [("Type", "")])
    short = R.profile(dialect, "Short Gun", "Weapon", [("Range", "12&amp;quot;"), ("S", "6"), ("AP", "2")])
    sel = R.selection(
        dialect, "Gunner", "model", cat="HQ", cost="5", profiles=R.trooper(dialect, "Gunner") + bare + short
    )
    (u,) = _load(_one(dialect, sel))["units"]
    assert u["weapons"] == [
        {"name": "Bare Gun", "count": 1, "range": "-", "s": "-", "ap": "-", "type": "-"},
        {"name": "Short Gun", "count": 1, "range": 12, "s": 6, "ap": 2, "type": "-"},
    ]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_weapon_characteristic_of_19_digits_is_refused_at_it(dialect):
    gun = R.gun(dialect, "Long Gun", s="1" + "0" * 18)
    text = _one(
        dialect,
        R.selection(
            dialect, "Gunner", "model", cat="HQ", cost="5", profiles=R.trooper(dialect, "Gunner") + gun
        ),
    )
    assert _refusal(text) == [
        f"f.ros:{_at(text, '<characteristic name=' + chr(34) + 'Strength')}: 'Long Gun' "
        f"Strength: a number of 19 digits (limit 18): refused"
    ]


@pytest.mark.parametrize(
    "written, ours", [("", "-"), ("  ", "-"), ("3 + / 5", "3+/5++"), ("-", "-"), ("7+", "7+"), ("1", "1")]
)
def test_saves(written, ours):
    assert _save(written) == ours


@pytest.mark.parametrize(
    "text, ours",
    [
        ("", "infantry"),
        ("Hover-Swarm", "hover swarm"),
        ("(Hover)", "hover"),
        ("Hover (Character)", "hover character (character)"),
        ("Infantry(Character)", "infantry (character)"),
        ("JUMP-INFANTRY", "jump infantry"),
    ],
)
def test_unit_types_the_lists_do_not_name_are_kept_in_plain_words(text, ours):
    assert unit_type(text) == ours


@pytest.mark.parametrize(
    "text, ours",
    [
        ("", "vehicle"),
        ("Vehicle", "vehicle"),
        ("Mystery", "vehicle"),
        ("Tank*", "vehicle (tank)"),
        ("Tank, Vehicle, Fast", "vehicle (tank, fast)"),
        ("Fast, Super-Heavy Walker", "vehicle (fast, super-heavy, walker)"),
        ("Fast/Skimmer", "vehicle (fast, skimmer)"),
        ("Tank, tank", "vehicle (tank)"),
        ("VEHICLE (Tank)", "vehicle (tank)"),
    ],
)
def test_vehicle_types(text, ours):
    assert vehicle_type(text) == ours


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize(
    "kind, category, transport",
    [
        ("Walker", "", True),
        ("Flyer", "", True),
        ("Vehicle", "", True),
        ("Vehicle", "Dedicated  TRANSPORT", False),
        ("Walker", " dedicated transport ", False),
        ("Unit", "Dedicated Transport", True),
        ("Vehicle", "Transport", False),
    ],
)
def test_what_is_a_dedicated_transport(dialect, kind, category, transport):
    """A vehicle, walker or flyer inside a unit with a Transport profile, or categorised Dedicated
    Transport (any case and spacing), is a unit of its own; a model that is no vehicle never is,
    and a vehicle with neither stays in its unit."""
    chars = (
        [
            ("WS", "4"),
            ("BS", "4"),
            ("S", "5"),
            ("Front", "11"),
            ("Side", "11"),
            ("Rear", "10"),
            ("I", "3"),
            ("A", "2"),
            ("HP", "3"),
            ("Type", "Walker"),
        ]
        if kind == "Walker"
        else [("BS", "4"), ("Front", "11"), ("Side", "11"), ("Rear", "10"), ("HP", "3"), ("Type", "Tank")]
        if kind in ("Vehicle", "Flyer")
        else None
    )
    prof = R.profile(dialect, "Ride", kind, chars) if chars else R.trooper(dialect, "Ride")
    if transport:
        prof += R.profile(dialect, "Ride (Transport)", "Transport", [("Capacity", "6")])
    ride = R.selection(dialect, "Ride", "upgrade", cost="30", profiles=prof)
    if category:
        ride = ride.replace(
            "</selection>",
            f'<categories><category id="x" name="{category}" entryId="e" '
            f'primary="false"/></categories></selection>',
        )
    squad = R.selection(
        dialect,
        "Riders",
        "unit",
        cat="Troops",
        children=R.selection(
            dialect, "Rider", "model", number=3, cost="30", profiles=R.trooper(dialect, "Rider")
        )
        + ride,
    )
    units = _load(_one(dialect, squad))["units"]
    is_own_unit = kind != "Unit" and (transport or bool(category.strip().lower().startswith("dedicated")))
    assert [u["name"] for u in units] == (["Riders", "Ride"] if is_own_unit else ["Riders"])
    assert units[0]["points"] == (30 if is_own_unit else 60)


# -- the zip -------------------------------------------------------------------------------------


def _zip(members: dict[str, str | bytes], method=zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as z:
        for n, data in members.items():
            z.writestr(n, data)
    return buf.getvalue()


def _refused_zip(data: bytes, name: str = "z.rosz") -> list[str]:
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(name, data)
    return [str(p) for p in exc.value.problems]


def test_the_first_ros_member_is_read_in_any_case():
    other = R.roster().replace("Glass Squad", "Other Squad")
    data = _zip({"readme.txt": "x", "dir.ros/": "", "ARMY.ROS": R.roster(), "second.ros": other})
    assert [u["name"] for u in roster_to_unit_file("z.rosz", data)["units"]] == [
        "Glass Squad",
        "Lantern Captain",
    ]


def test_zip_refusals_are_exact():
    assert _refused_zip(b"PK\x03\x04garbage") == [
        "z.rosz: not a readable .rosz (zip) file: File is not a zip file"
    ]
    assert _refused_zip(_zip({"readme.txt": "x", "folder.ros/": ""})) == [
        "z.rosz: the zip holds no .ros roster"
    ]
    long = "a" * 70 + ".ros"
    data = bytearray(_zip({long: R.roster()}))
    data[data.rfind(b"PK\x01\x02") + 10] = 99  # the central directory's compression method: 99 (AES)
    assert _refused_zip(bytes(data)) == [
        f"z.rosz: cannot unpack {'a' * 59}…: That compression method is not supported"
    ]


@pytest.mark.parametrize("flag, refused", [(0x1, True), (0x2, False)])
def test_only_the_encryption_flag_refuses_a_member(flag, refused):
    data = bytearray(_zip({"army.ros": R.roster()}))
    for sig, off in ((b"PK\x01\x02", 8), (b"PK\x03\x04", 6)):  # general-purpose flags, both headers
        at = data.find(sig) + off
        data[at] |= flag
    if refused:
        assert _refused_zip(bytes(data)) == [
            "z.rosz: army.ros is encrypted (password-protected): BattleScribe never writes that"
        ]
    else:  # 0x2: a compression option of deflate, read as ever
        assert [u["points"] for u in roster_to_unit_file("z.rosz", bytes(data))["units"]] == [105, 80]


def test_a_corrupt_member_is_refused_while_reading():
    good = _zip({"army.ros": R.roster() * 3})
    info = zipfile.ZipFile(io.BytesIO(good)).getinfo("army.ros")
    data = bytearray(good)
    start = info.header_offset + 30 + len(info.filename)
    data[start : start + 40] = b"\xff" * 40  # the deflate stream's first bytes
    msg = _refused_zip(bytes(data))
    assert msg == ["z.rosz: cannot unpack army.ros: Error -3 while decompressing data: invalid block type"]


# -- bytes given directly, and the YAML written ----------------------------------------------------------


def test_roster_for_printing_reads_the_bytes_given_and_keeps_texts():
    text = R.roster().replace("<description></description>", "<description>Hold fast.</description>", 1)
    doc = roster_for_printing("nowhere/upload.ros", text.encode("utf-8"))
    assert doc["units"][0]["roster_text"] == [{"name": "Steady", "text": "Hold fast."}]
    assert doc["roster"]["notes"].startswith(
        "Imported from upload.ros (Warhammer 40,000 6th edition, BattleScribe 2.03)"
    )


def test_to_yaml_writes_names_as_given_in_order_without_roster_texts():
    text = (
        R.roster()
        .replace("Glass Squad", "Стеклянный отряд")
        .replace("<description></description>", "<description>Hold fast.</description>", 1)
    )
    doc = roster_for_printing("r.ros", text.encode("utf-8"))
    doc["roster"]["notes"] = " ".join(f"word{i:02}" for i in range(20))
    out = to_yaml(doc)
    assert out.startswith(
        "# Imported by `sheets import battlescribe`; rule descriptions are not copied.\n"
        "system: wh40k6\nrules: 6th\nroster:\n  name: Test Host\n"
    )
    assert "units:\n- name: Стеклянный отряд\n  slot: troops\n  detachment: primary\n  points: 105\n" in out
    assert "Hold fast." not in out and "roster_text" not in out
    assert (
        "  notes: word00 word01 word02 word03 word04 word05 word06 word07 word08 word09 word10 word11 "
        "word12 word13\n    word14 word15"
    ) in out  # folded past 100 columns
    assert yaml.safe_load(out)["units"][0]["name"] == "Стеклянный отряд"


def test_to_yaml_folds_past_column_100_not_101_and_takes_a_doc_without_units():
    doc = {"system": "wh40k6", "roster": {"name": "x", "notes": "a" * 70 + " b c d e f g h i j k l m"}}
    assert to_yaml(doc) == (
        "# Imported by `sheets import battlescribe`; rule descriptions are not copied.\n"
        "system: wh40k6\nroster:\n  name: x\n  notes: " + "a" * 70 + " b c d e f g h i j k l\n    m\n"
    )


@pytest.mark.parametrize(
    "text, ours",
    [
        ("Vehicle Tank", ("vehicle (tank)", [])),
        ("Vehicle (Tank)", ("vehicle (tank)", [])),
        ("Tank, Vehicle", ("vehicle (tank)", [])),
        ("Super Heavy, Tank", ("vehicle (super heavy, tank)", [])),
        ("Tank, Hover Thing", ("vehicle (tank)", ["hover thing"])),
    ],
)
def test_vehicle_type_words_known_and_not(text, ours):
    from sheets.games.wh40k6.battlescribe import _vehicle_type

    assert _vehicle_type(text) == ours


@pytest.mark.parametrize("dialect", DIALECTS)
def test_an_ap_written_with_spaces_keeps_single_spaces(dialect):
    gun = R.gun(dialect, "Spaced Lance", ap="3  /  2*")
    (u,) = _load(
        _one(
            dialect,
            R.selection(
                dialect, "Lancer", "model", cat="HQ", cost="5", profiles=R.trooper(dialect, "Lancer") + gun
            ),
        )
    )["units"]
    assert (u["weapons"][0]["ap"], u["weapons"][0]["ap_text"]) == (3, "3 / 2*")


# -- what a unit that does not fit the unit file keeps (gaps): both sides of each limit -----------------

NAME_121 = ("abcdefghij" * 13)[:121]


def _squad(dialect, profiles, rules="", name="Gap Squad"):
    return _one(
        dialect,
        R.selection(
            dialect,
            name,
            "unit",
            cat="Troops",
            rules=rules,
            children=R.selection(dialect, "Men", "model", number=2, cost="5", profiles=profiles),
        ),
    )


@pytest.mark.parametrize("dialect", DIALECTS)
def test_names_of_120_characters_are_kept_and_121_shortened_with_a_gap(dialect):
    prof = (
        R.trooper(dialect, NAME_121[:120])
        + R.trooper(dialect, NAME_121)
        + R.gun(dialect, NAME_121[:120])
        + R.gun(dialect, NAME_121)
    )
    (u,) = _load(_squad(dialect, prof, rules=R.rule(NAME_121[:120]) + R.rule(NAME_121)))["units"]
    short = NAME_121[:119] + "…"
    assert [m["name"] for m in u["models"]] == [NAME_121[:120], short]
    assert [w["name"] for w in u["weapons"]] == [NAME_121[:120], short]
    assert u["rules"] == [NAME_121[:120], short]
    assert u["gaps"] == [f"{NAME_121[:40]}…: name shortened to 120 characters"]  # the same words thrice, once


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_unit_name_of_121_characters_and_a_unit_without_a_name(dialect):
    (u,) = _load(_squad(dialect, R.trooper(dialect, "Man"), name=NAME_121))["units"]
    assert u["name"] == NAME_121[:119] + "…" and u["gaps"] == ["the unit's name shortened to 120 characters"]
    (u,) = _load(_squad(dialect, R.trooper(dialect, "Man"), name=""))["units"]
    assert u["name"] == "unnamed unit" and "gaps" not in u
    (u,) = _load(_squad(dialect, R.trooper(dialect, "Man"), name=NAME_121[:120]))["units"]
    assert u["name"] == NAME_121[:120] and "gaps" not in u


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("n", [40, 41])
def test_40_rules_are_kept_and_the_41st_is_a_gap(dialect, n):
    rules = "".join(R.rule(f"Rule {i:02}") for i in range(n))
    (u,) = _load(_squad(dialect, R.trooper(dialect, "Man"), rules=rules))["units"]
    assert u["rules"] == [f"Rule {i:02}" for i in range(40)]
    if n == 40:
        assert "gaps" not in u
    else:
        assert u["gaps"] == ["rules: only the first 40 printed (too many items (41; limit 40))"]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_model_missing_a_column_is_left_out_and_named(dialect):
    """The second model (models[2]) has WS written as a dash: it is left out, the first kept."""
    dash = (
        R.trooper(dialect, "Dash Man").replace(">3</characteristic>", ">-</characteristic>", 1)
        if dialect == "2.03"
        else R.trooper(dialect, "Dash Man").replace(
            'name="WS" characteristicTypeId="t1" value="3"', 'name="WS" characteristicTypeId="t1" value="-"'
        )
    )
    (u,) = _load(_squad(dialect, R.trooper(dialect, "Fine Man") + dash))["units"]
    assert [m["name"] for m in u["models"]] == ["Fine Man"]
    assert u["gaps"] == ["Dash Man: left out (model 'Dash Man' (infantry) needs 'ws')"]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_long_unreadable_value_is_named_shortened_to_30(dialect):
    sv = "Q" * 35
    (u,) = _load(_squad(dialect, R.trooper(dialect, "Odd Save", sv=sv)))["units"]
    assert u["gaps"][0].startswith(f"Odd Save: sv '{'Q' * 29}…' not read (")
    assert "sv" not in u["models"][0]


@pytest.mark.parametrize("length, kept", [(4000, "T" * 4000), (4001, "T" * 3999 + "…")])
def test_a_roster_text_of_4000_characters_is_kept_whole(length, kept):
    text = R.roster().replace("<description></description>", f"<description>{'T' * length}</description>", 1)
    doc = roster_for_printing("r.ros", text.encode("utf-8"))
    assert doc["units"][0]["roster_text"] == [{"name": "Steady", "text": kept}]


@pytest.mark.parametrize(
    "category, slot",
    [("Troops:", "troops"), ("Heavy:Support", "heavy_support"), ("HQ: ", "hq"), ("Troop", "none")],
)
def test_slot_names_with_colons(category, slot):
    from sheets.games.wh40k6.battlescribe import slot_of

    assert slot_of(category) == slot


def test_a_slot_entry_may_match_by_a_contained_word(monkeypatch):
    """``contains`` (empty in the shipped table, open to a user's override): a category holding
    the word matches; one without it does not."""
    from sheets.games.wh40k6 import battlescribe

    real = battlescribe.config()
    cfg = {
        **real,
        "slots": [
            {"slot": "elites", "names": [], "contains": ["elite"]},
            {"slot": "troops", "names": ["troops"]},
        ],
    }
    monkeypatch.setattr(battlescribe, "config", lambda: cfg)
    assert [battlescribe.slot_of(c) for c in ("Elite Choice", "Troops", "Heavy Support")] == [
        "elites",
        "troops",
        "none",
    ]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_building_value_out_of_range_is_a_gap_not_a_refused_roster(tmp_path, dialect, cli):
    """Armour 99 on a building: the roster was refused whole (the repair did not read the nested
    place ``building.armour``); now that value is left out with a gap and the rest printed."""
    prof = R.profile(
        dialect,
        "Redoubt",
        "Building",
        [("Armour Value", "99"), ("Hull Points", "4"), ("Building Type", "Medium Building")],
    )
    sel = R.selection(dialect, "Redoubt", "model", cat="Fortification", cost="55", profiles=prof)
    src = tmp_path / "b.ros"
    src.write_text(_one(dialect, sel), encoding="utf-8")
    (u,) = roster_to_unit_file(src)["units"]
    assert u["building"] == {"name": "Redoubt", "type": "Medium Building", "hp": 4}
    assert u["gaps"] == ["building armour '99' not read (99 is out of range (1–14))"]
    out = tmp_path / "b.pdf"
    r = cli("render", src, "-o", out, "--check-layout")
    assert r.exit_code == 0, r.stderr
    assert "Building: Redoubt · Medium Building · HP 4" in " ".join(
        PdfReader(out).pages[0].extract_text().split()
    )


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_list_cut_to_its_limit_is_checked_again(dialect):
    """41 rules, the first 121 characters long: the schema first says "too many"; once the list is
    cut, another pass finds the long name and shortens it."""
    rules = R.rule(NAME_121) + "".join(R.rule(f"Rule {i:02}") for i in range(40))
    text = _one(
        dialect,
        R.selection(
            dialect,
            "S",
            "unit",
            cat="Troops",
            rules=rules,
            children=R.selection(
                dialect, "Men", "model", number=2, cost="5", profiles=R.trooper(dialect, "Man")
            ),
        ),
    )
    (u,) = _load(text)["units"]
    assert u["gaps"] == [
        "rules: only the first 40 printed (too many items (41; limit 40))",
        f"{NAME_121[:40]}…: name shortened to 120 characters",
    ]
    assert u["rules"] == [NAME_121[:119] + "…"] + [f"Rule {i:02}" for i in range(39)]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_model_without_ws_is_kept_as_a_dash_when_the_unit_already_has_a_gap(dialect):
    """The rules core makes a missing column a warning once the unit has a gap: the model is then
    kept (WS prints as a dash); without another gap it is left out (above)."""
    dash = R.trooper(dialect, "Dash Man")
    dash = (
        dash.replace(">3</characteristic>", ">-</characteristic>", 1)
        if dialect == "2.03"
        else dash.replace(
            'name="WS" characteristicTypeId="t1" value="3"', 'name="WS" characteristicTypeId="t1" value="-"'
        )
    )
    (u,) = _load(_squad(dialect, R.trooper(dialect, "Odd Save", sv="7+") + dash))["units"]
    assert [m["name"] for m in u["models"]] == ["Odd Save", "Dash Man"]
    assert u["gaps"] == [
        "Odd Save: sv '7+' not read (bad save '7+': expected e.g. 3+, 3+/4++ or 5++ (2+ to 6+))"
    ]


# -- vehicles, walkers and flyers; empty and long-named characteristics ----------------------------------


def _vehicle(dialect, kind, typ=None, name="Ride"):
    pairs = [("BS", "4"), ("Front", "11"), ("Side", "11"), ("Rear", "10"), ("HP", "3")]
    if kind == "Walker":
        pairs = [
            ("WS", "4"),
            ("BS", "4"),
            ("S", "5"),
            ("Front", "11"),
            ("Side", "11"),
            ("Rear", "10"),
            ("I", "3"),
            ("A", "2"),
            ("HP", "3"),
        ]
    if typ is not None:
        pairs.append(("Type", typ))
    return R.selection(
        dialect, name, "model", cat="Heavy Support", cost="50", profiles=R.profile(dialect, name, kind, pairs)
    )


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize(
    "kind, typ, ours",
    [
        ("Vehicle", None, "vehicle"),
        ("Vehicle", "", "vehicle"),
        ("Walker", None, "vehicle (walker)"),
        ("Walker", "Vehicle", "vehicle (walker)"),
        ("Walker", "Fast", "vehicle (walker, fast)"),
        ("Walker", "Super-heavy Walker", "vehicle (super-heavy, walker)"),
        ("Flyer", None, "vehicle (flyer)"),
        ("Flyer", "Fast", "vehicle (flyer, fast)"),
        ("Flyer", "Flyer, Hover", "vehicle (flyer, hover)"),
    ],
)
def test_vehicle_kinds_and_their_type_words(dialect, kind, typ, ours):
    (u,) = _load(_one(dialect, _vehicle(dialect, kind, typ)))["units"]
    (m,) = u["models"]
    assert m["type"] == ours and "gaps" not in u
    assert (m["bs"], m["front"], m["hp"]) == (4, 11, 3) and "t" not in m
    if kind == "Walker":
        assert (m["ws"], m["s"], m["i"], m["a"]) == (4, 5, 3, 2)
    else:
        assert "ws" not in m


@pytest.mark.parametrize("dialect", DIALECTS)
def test_an_empty_characteristic_is_a_dash(dialect):
    gun = R.gun(dialect, "Blank Gun", s="", ap="")
    (u,) = _load(
        _one(
            dialect,
            R.selection(
                dialect, "Blank", "model", cat="HQ", cost="5", profiles=R.trooper(dialect, "Blank") + gun
            ),
        )
    )["units"]
    assert (u["weapons"][0]["s"], u["weapons"][0]["ap"]) == ("-", "-")


def test_a_long_characteristic_name_is_shortened_in_the_message():
    prof = R.profile("2.03", "Odd", "Unit", [("A Very Long Characteristic Name", "1" + "0" * 18)])
    text = _one("2.03", R.selection("2.03", "Odd", "model", cat="HQ", cost="5", profiles=prof))
    (msg,) = _refusal(text)
    assert msg.endswith(": 'Odd' A Very Long Charact…: a number of 19 digits (limit 18): refused")


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_transport_nested_in_a_model_selection_is_not_squad_points(dialect):
    ride = R.selection(
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
        + R.profile(dialect, "Iron Carriage (Transport)", "Transport", [("Capacity", "10")]),
    )
    squad = R.selection(
        dialect,
        "Deep Squad",
        "unit",
        cat="Troops",
        children=R.selection(
            dialect,
            "Deep Man",
            "model",
            number=5,
            cost="50",
            profiles=R.trooper(dialect, "Deep Man"),
            children=ride,
        ),
    )
    units = _load(_one(dialect, squad))["units"]
    assert [(u["name"], u["points"]) for u in units] == [("Deep Squad", 50), ("Iron Carriage", 35)]


def _artillery(dialect, **given):
    cols = {"WS": "-", "BS": "-", "S": "-", "T": "7", "W": "2", "I": "-", "A": "-", "LD": "-", "Save": "3+"}
    cols.update(given)
    pairs = [("Unit Type", "Artillery")] + [(k, v) for k, v in cols.items() if v is not None]
    return R.selection(
        dialect,
        "Battery",
        "unit",
        cat="Heavy Support",
        children=R.selection(
            dialect,
            "Guns",
            "model",
            number=2,
            cost="60",
            profiles=R.profile(dialect, "Ember Mortar", "Unit", pairs),
        ),
    )


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize(
    "given, gun",
    [
        ({}, True),
        ({"I": None, "A": None, "WS": None}, True),
        ({"WS": "3"}, False),
        ({"BS": "3"}, False),
        ({"S": "3"}, False),
        ({"I": "3"}, False),
        ({"A": "1"}, False),
        ({"LD": "7"}, False),
    ],
)
def test_the_gun_line_is_only_dashes_but_t_w_and_sv(dialect, given, gun):
    (u,) = _load(_one(dialect, _artillery(dialect, **given)))["units"]
    if gun:
        assert u["models"] == [
            {"name": "Ember Mortar", "count": 2, "type": "gun", "t": 7, "w": 2, "sv": "3+"}
        ]
    else:
        assert u["models"] == [] or u["models"][0]["type"] == "artillery"


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_monstrous_creature_profile_without_a_unit_type(dialect):
    prof = R.profile(
        dialect,
        "Brute",
        "Monstrous Creature",
        [
            ("WS", "4"),
            ("BS", "3"),
            ("S", "6"),
            ("T", "6"),
            ("W", "4"),
            ("I", "3"),
            ("A", "3"),
            ("LD", "9"),
            ("Save", "3+"),
        ],
    )
    (u,) = _load(
        _one(dialect, R.selection(dialect, "Brute", "model", cat="Elites", cost="90", profiles=prof))
    )["units"]
    assert u["models"][0]["type"] == "monstrous creature" and "gaps" not in u


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_vehicle_without_front_armour_is_left_out_and_unknown_words_are_listed(dialect):
    long_type = "Tank, Weird, Odd, " + "Strange " * 10
    sel = R.selection(
        dialect,
        "No Front",
        "model",
        cat="Heavy Support",
        cost="50",
        profiles=R.profile(
            dialect,
            "No Front",
            "Vehicle",
            [("BS", "4"), ("Side", "11"), ("Rear", "10"), ("HP", "3"), ("Type", "Tank")],
        ),
    ) + R.selection(
        dialect,
        "Odd Tank",
        "model",
        cat="Heavy Support",
        cost="50",
        profiles=R.profile(
            dialect,
            "Odd Tank",
            "Vehicle",
            [("BS", "4"), ("Front", "11"), ("Side", "11"), ("Rear", "10"), ("HP", "3"), ("Type", long_type)],
        ),
    )
    no_front, odd = _load(_one(dialect, sel))["units"]
    assert no_front["gaps"] == ["No Front: left out (model 'No Front' (vehicle (tank)) needs 'front')"]
    typed = " ".join(long_type.split())
    assert odd["models"][0]["type_text"] == typed[:79] + "…"
    gap = (
        f"Odd Tank: type words not known, kept as written: weird, odd, strange strange strange "
        f"strange strange strange strange strange strange strange (from {typed!r})"
    )
    assert odd["gaps"] == [gap[:199] + "…"]  # a gap is held to 200 characters


def _infantry(dialect, name, pairs):
    return R.selection(
        dialect, name, "model", cat="HQ", cost="5", profiles=R.profile(dialect, name, "Unit", pairs)
    )


STATS = [("WS", "3"), ("BS", "4"), ("S", "3"), ("T", "3"), ("W", "1"), ("I", "3"), ("A", "1")]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_leadership_and_sv_spelled_out_and_missing(dialect):
    """``Leadership`` for LD and ``Sv`` for Save are read (gun line too); a model without a save
    prints a dash, one without LD is left out (the rules need LD)."""
    spelled = _infantry(
        dialect, "Spelled", [("Unit Type", "Infantry"), *STATS, ("Leadership", "8"), ("Sv", "4+")]
    )
    (u,) = _load(_one(dialect, spelled))["units"]
    assert (u["models"][0]["ld"], u["models"][0]["sv"]) == (8, "4+")
    no_save = _infantry(dialect, "No Save", [("Unit Type", "Infantry"), *STATS, ("LD", "8")])
    (u,) = _load(_one(dialect, no_save))["units"]
    assert u["models"][0]["sv"] == "-" and "gaps" not in u
    no_ld = _infantry(dialect, "No Ld", [("Unit Type", "Infantry"), *STATS, ("Save", "4+")])
    (u,) = _load(_one(dialect, no_ld))["units"]
    assert u["gaps"] == ["No Ld: left out (model 'No Ld' (infantry) needs 'ld')"]
    gun = _infantry(
        dialect, "Gun Sv", [("Unit Type", "Artillery"), ("WS", "-"), ("T", "7"), ("W", "2"), ("Sv", "3+")]
    )
    (u,) = _load(_one(dialect, gun))["units"]
    assert u["models"][0] == {"name": "Gun Sv", "count": 1, "type": "gun", "t": 7, "w": 2, "sv": "3+"}
    bare_gun = _infantry(dialect, "Gun Bare", [("Unit Type", "Artillery"), ("T", "7"), ("W", "2")])
    (u,) = _load(_one(dialect, bare_gun))["units"]
    assert u["models"][0]["sv"] == "-"


@pytest.mark.parametrize("dialect", DIALECTS)
def test_an_unknown_character_type_moves_as_an_infantry_character(dialect):
    odd = "Hover Swarm (Character) " + "of the Deep " * 8
    sel = _infantry(dialect, "Odd Boss", [("Unit Type", odd), *STATS, ("LD", "8"), ("Save", "4+")])
    (u,) = _load(_one(dialect, sel))["units"]
    m = u["models"][0]
    typed = " ".join(odd.split())
    assert (m["type"], m["type_text"]) == ("infantry (character)", typed[:79] + "…")
