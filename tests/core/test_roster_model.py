"""The army-list model's arithmetic with values chosen so each rule shows: fractional costs
rounded to 2 places, whole numbers printed without ".0", subtotals per group, no cost at all."""

from sheets.core.roster import _num, army_list


def test_num_prints_whole_numbers_as_int_and_rounds_the_rest():
    assert _num(None) is None
    assert _num(5.0) == 5 and isinstance(_num(5.0), int)
    assert _num(7) == 7 and isinstance(_num(7), int)
    assert _num(2.345678) == 2.35
    assert _num(0.5) == 0.5
    assert _num(-1.25) == -1.25


def test_groups_subtotals_and_the_remaining_points(write):
    from pathlib import Path

    import yaml

    from sheets.core.loader import load_file

    point = Path(__file__).resolve().parent.parent.parent / "data/units/battletech/point-alpha.yaml"
    units = yaml.safe_load(point.read_text(encoding="utf-8"))["units"]
    doc = {"system": "battletech", "roster": {"name": "Star", "limit": 5000}, "units": units + units[:2]}
    data = army_list(load_file(write("star.yaml", yaml.safe_dump(doc, allow_unicode=True))), "en")
    rows = [r for g in data["groups"] for r in g["rows"]]
    costs = [r["cost"] for r in rows]
    assert [g["title"] for g in data["groups"]] == ["Point 1", "Point 2"]  # five per Point
    assert [len(g["rows"]) for g in data["groups"]] == [5, 2]
    assert [g["subtotal"] for g in data["groups"]] == [sum(costs[:5]), sum(costs[5:])]
    assert costs[5:] == costs[:2]
    assert [r["no"] for r in rows] == list(range(1, 8))
    assert data["total"] == sum(costs) and data["unit_count"] == 7 and 0 < data["total"] < 5000
    assert (data["over"], data["over_by"], data["remaining"]) == (False, 0, 5000 - data["total"])
    assert data["limit_unit"] == "BV" and data["system"] == "battletech" and data["name"] == "Star"
