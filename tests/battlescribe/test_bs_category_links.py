"""Issue 21 (BattleScribe import): a selection's categories written as ``categoryLinks /
categoryLink`` (older catalogues) give the slot as ``categories / category`` do: the primary one
(``primary="true"``; "false" or none is not it), its ``name``, or its ``targetId`` when it has no
name; a "Dedicated Transport" link makes a vehicle a transport unit of its own."""

from __future__ import annotations

import pytest

from battlescribe import rosters as R
from sheets.games.wh40k6.battlescribe import roster_to_unit_file

DIALECTS = ["2.03", "2.01"]


def _links(*links: str) -> str:
    return "<categoryLinks>" + "".join(links) + "</categoryLinks>"


def _link(name: str | None, target: str = "t-1", primary: str | None = "true") -> str:
    n = f' name="{name}"' if name is not None else ""
    p = f' primary="{primary}"' if primary is not None else ""
    return f'<categoryLink id="l-{target}"{n} targetId="{target}"{p}/>'


def _slots(dialect: str, links: str) -> list[tuple[str, str]]:
    sel = R.selection(dialect, "Linked", "model", cost="40", profiles=R.trooper(dialect, "Linked"))
    sel = sel.replace("</selection>", links + "</selection>")
    doc = roster_to_unit_file("f.ros", R.roster(dialect, forces=R.force(dialect, "P", sel)).encode("utf-8"))
    return [(u["name"], u["slot"]) for u in doc["units"]]


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize(
    "links, slot",
    [
        (_links(_link("Troops")), "troops"),
        (_links(_link("Troops", primary="false")), "none"),
        (_links(_link("Troops", primary=None)), "none"),
        (_links(_link("Troops", primary="TRUE")), "none"),
        (_links(_link("Faction: Host", "t-f", "false"), _link("Elites", "t-e")), "elites"),
        (_links(_link("Elites", "t-e"), _link("Troops", "t-t", "false")), "elites"),
        (_links(_link(None, "Fast Attack")), "fast_attack"),
        (_links(_link("Heavy Support", "Troops")), "heavy_support"),
    ],
)
def test_the_primary_category_link_gives_the_slot(dialect, links, slot):
    assert _slots(dialect, links) == [("Linked", slot)]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_dedicated_transport_link_splits_the_vehicle_off(dialect):
    veh = R.profile(
        dialect,
        "Iron Carriage",
        "Vehicle",
        [("BS", "4"), ("Front", "11"), ("Side", "11"), ("Rear", "10"), ("HP", "3"), ("Type", "Tank")],
    )
    ride = R.selection(dialect, "Iron Carriage", "upgrade", cost="35", profiles=veh).replace(
        "</selection>", _links(_link("Dedicated  transport", "t-dt", "false")) + "</selection>"
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
    units = roster_to_unit_file(
        "f.ros", R.roster(dialect, forces=R.force(dialect, "P", squad)).encode("utf-8")
    )["units"]
    assert [(u["name"], u["points"], u.get("transport_of")) for u in units] == [
        ("Deep Squad", 50, None),
        ("Iron Carriage", 35, "Deep Squad"),
    ]
