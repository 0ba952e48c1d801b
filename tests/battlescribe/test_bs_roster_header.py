"""Issue 21 (BattleScribe import, ``roster_to_unit_file``'s own survivors): what the roster as a
whole gives: a root that is not ``<roster>`` refused at its line with its tag cut at 30
characters; the points limit (a cost limit named like the cost, spaces and case aside; 0 is no
limit, 1 is one); the import note with BattleScribe's version (cut at 10, ``?`` when absent)
and the picks of a header selection joined by commas; a ``customName`` naming the unit and its
transport, blanks collapsed; a building without a slot is a fortification, one with a slot keeps
it."""

from __future__ import annotations

import pytest

from battlescribe import rosters as R
from sheets.core.errors import InputError
from sheets.games.wh40k6.battlescribe import roster_to_unit_file

DIALECTS = ["2.03", "2.01"]
NOTE = "Imported from f.ros (Warhammer 40,000 6th edition, BattleScribe "


def _doc(text: str) -> dict:
    return roster_to_unit_file("f.ros", text.encode("utf-8"))


def _squad(d: str, name: str = "Glass Squad") -> str:
    return R.selection(
        d,
        name,
        "unit",
        cat="Troops",
        children=R.selection(d, "Glass Troopers", "model", number=5, cost="50", profiles=R.trooper(d)),
    )


@pytest.mark.parametrize(
    "root, tag",
    [
        ("catalogue", "catalogue"),
        ("averyveryveryverylongrootelementnamexyz", "averyveryveryverylongrootelem…"),
        ("a" * 30, "a" * 30),
    ],
)
def test_a_root_that_is_not_a_roster_is_refused_at_its_line(root, tag):
    with pytest.raises(InputError) as exc:
        _doc(f'<?xml version="1.0" encoding="UTF-8"?>\n<{root} id="c" xmlns="{R.NS}"/>')
    assert [str(p) for p in exc.value.problems] == [
        f"f.ros:2:1: not a BattleScribe roster (the root element is <{tag}>, expected <roster>)"
    ]


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("value, limit", [("0", None), ("0.0", None), ("1", 1), ("1.0", 1), ("1500.0", 1500)])
def test_the_points_limit_at_0_is_none_from_1_it_is_kept(dialect, value, limit):
    assert _doc(R.roster(dialect, limit=value))["roster"].get("limit") == limit


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("name, limit", [("pts", 1000), ("P ts", 1000), (" PTS ", 1000), ("PL", None)])
def test_the_limit_is_the_cost_limit_named_like_the_cost(dialect, name, limit):
    text = R.roster(dialect).replace('<costLimit name="pts"', f'<costLimit name="{name}"')
    assert _doc(text)["roster"].get("limit") == limit


@pytest.mark.parametrize(
    "version, shown",
    [
        ('battleScribeVersion="2.03.12345678"', "2.03.1234…"),
        ('battleScribeVersion="2.03.12345"', "2.03.12345"),
        ("", "?"),
    ],
)
def test_the_import_note_names_battlescribes_version(version, shown):
    text = R.roster("2.03").replace('battleScribeVersion="2.03" ', version + (" " if version else ""))
    assert _doc(text)["roster"]["notes"].startswith(f"{NOTE}{shown}); Host Allegiance: Loyal")


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_header_selections_picks_are_joined_by_commas_and_an_empty_one_is_its_name(dialect):
    pseudo = R.selection(
        dialect,
        "Host Allegiance",
        "upgrade",
        cat="Allegiance",
        children=R.selection(dialect, "Loyal", "upgrade")
        + R.selection(dialect, "Steadfast  Oath", "upgrade"),
    )
    empty = R.selection(dialect, "Game Type", "upgrade", cat="Game Type")
    doc = _doc(R.roster(dialect, forces=R.force(dialect, "P", pseudo + empty + _squad(dialect))))
    assert doc["roster"]["notes"] == (f"{NOTE}{dialect}); Host Allegiance: Loyal, Steadfast Oath; Game Type")


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_custom_name_names_the_unit_and_its_transport(dialect):
    veh = R.profile(
        dialect,
        "Iron Carriage",
        "Vehicle",
        [("BS", "4"), ("Front", "11"), ("Side", "11"), ("Rear", "10"), ("HP", "3"), ("Type", "Tank")],
    )
    ride = (
        R.selection(dialect, "Iron Carriage", "upgrade", cost="35", profiles=veh)
        .replace('type="upgrade">', 'type="upgrade" customName=" Old   Faithful ">', 1)
        .replace(
            "</selection>",
            '<categoryLinks><categoryLink id="l" name="Dedicated Transport" targetId="t" '
            'primary="false"/></categoryLinks></selection>',
        )
    )
    squad = R.selection(
        dialect,
        "Deep Squad",
        "unit",
        cat="Troops",
        children=R.selection(
            dialect, "Deep Man", "model", number=5, cost="50", profiles=R.trooper(dialect, "Deep Man")
        )
        + ride,
    )
    squad = squad.replace('type="unit">', 'type="unit" customName="  Rho   Team ">', 1)
    units = _doc(R.roster(dialect, forces=R.force(dialect, "P", squad)))["units"]
    assert [(u["name"], u["points"], u.get("transport_of")) for u in units] == [
        ("Rho Team", 50, None),
        ("Old Faithful", 35, "Rho Team"),
    ]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_building_without_a_slot_is_a_fortification_one_with_a_slot_keeps_it(dialect):
    pairs = [("Armour Value", "14"), ("Hull Points", "4"), ("Building Type", "Medium")]
    plain = R.selection(
        dialect, "Redoubt", "unit", cost="60", profiles=R.profile(dialect, "Redoubt", "Building", pairs)
    )
    slotted = R.selection(
        dialect,
        "Bastion",
        "unit",
        cost="60",
        cat="Heavy Support",
        profiles=R.profile(dialect, "Bastion", "Building", pairs),
    )
    units = _doc(R.roster(dialect, forces=R.force(dialect, "P", plain + slotted + _squad(dialect))))["units"]
    assert [(u["name"], u["slot"]) for u in units] == [
        ("Redoubt", "fortification"),
        ("Bastion", "heavy_support"),
        ("Glass Squad", "troops"),
    ]


def _with_header_picks(d: str, total: int) -> str:
    """A roster whose import note is exactly ``total`` characters (picks of a header selection)."""
    head = f"{NOTE}{d}); Game Type: "
    left = total - len(head)
    picks, sizes = [], []
    while left > 0:
        size = min(90, left)
        sizes.append(size)
        left -= size + 2  # ", " before the next one
    if left == -1:  # the last separator overshot by one: shorten the last pick instead
        sizes[-1] -= 1
    for i, size in enumerate(sizes):
        picks.append(R.selection(d, "q" * size, "upgrade").replace(f's-{"q" * size}"', f's-{i}"'))
    pseudo = R.selection(d, "Game Type", "upgrade", cat="Game Type", children="".join(picks))
    return R.roster(d, forces=R.force(d, "P", pseudo + _squad(d)))


@pytest.mark.parametrize("total, cut", [(1999, False), (2000, False), (2001, True), (2002, True)])
def test_the_import_note_is_kept_to_2000_characters(total, cut):
    notes = _doc(_with_header_picks("2.03", total))["roster"]["notes"]
    if cut:
        assert len(notes) == 2000 and notes.endswith("q…")
    else:
        assert len(notes) == total and notes.endswith("q")


def test_a_roster_without_a_name_is_named_after_its_file():
    text = R.roster("2.03").replace('name="Test Host"', 'name="  "', 1)
    assert roster_to_unit_file("army/Iron Host.ros", text.encode("utf-8"))["roster"]["name"] == "Iron Host"
    assert (
        _doc(R.roster("2.03").replace('name="Test Host"', 'name=" Iron   Host "', 1))["roster"]["name"]
        == "Iron Host"
    )


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_cost_limit_without_a_value_is_no_limit(dialect):
    text = R.roster(dialect, limit="5").replace(' value="5"', "", 1)
    assert "limit" not in _doc(text)["roster"]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_roster_of_header_selections_only_has_no_units(dialect):
    pseudo = R.selection(dialect, "Game Type", "upgrade", cat="Game Type")
    with pytest.raises(InputError) as exc:
        _doc(R.roster(dialect, forces=R.force(dialect, "P", pseudo)))
    assert [str(p) for p in exc.value.problems] == ["f.ros: the roster has no units"]
