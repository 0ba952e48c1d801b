"""``data/wh40k6/battlescribe.yaml`` restated as literals (issue 21, tables): every pseudo-selection
category that BSData's 6th/7th edition and Horus Heresy systems write (allegiance, configuration,
rite of war, playtest switch, game type, detachment command cost, game mode) goes into the
roster's notes and never becomes a unit, each category on its own and all of them in one roster;
and the file-size cap (20,000,000 bytes) is pushed one byte past, from disk and as bytes, with
the size at the cap itself read on (and refused later, for not being a roster)."""

from __future__ import annotations

import pytest

from sheets.core.errors import InputError
from sheets.games.wh40k6.battlescribe import roster_to_unit_file

from . import rosters as R

HEADER_CATEGORIES = [
    "Allegiance",
    "Configuration",
    "Rite of War",
    "Use Playtest Rules",
    "Game Type",
    "Detachment Command Cost",
    "Game Mode",
]
CAP = 20_000_000


def _roster(tmp_path, categories, typ: str = "upgrade") -> dict:
    d = "2.03"
    pseudo = "".join(
        R.selection(d, f"Pick {i}", typ, cat=cat, children=R.selection(d, f"Choice {i}", "upgrade"))
        for i, cat in enumerate(categories)
    )
    squad = R.selection(
        d,
        "Glass Squad",
        "unit",
        cost="50.0",
        cat="Troops",
        children=R.selection(
            d, "Glass Troopers", "model", number=5, cost="50.0", profiles=R.trooper(d) + R.gun(d)
        ),
    )
    path = tmp_path / "h.ros"
    path.write_text(
        R.roster(d, forces=R.force(d, "Primary Detachment", pseudo + squad), total="50.0"), encoding="utf-8"
    )
    return roster_to_unit_file(path)


@pytest.mark.parametrize("category", HEADER_CATEGORIES + [c.upper() for c in HEADER_CATEGORIES[:2]])
@pytest.mark.parametrize("typ", ["upgrade", "unit"])
def test_each_pseudo_selection_category_goes_to_the_notes(tmp_path, category, typ):
    doc = _roster(tmp_path, [category], typ)
    assert [u["name"] for u in doc["units"]] == ["Glass Squad"]
    assert "Pick 0: Choice 0" in doc["roster"]["notes"]


def test_all_pseudo_selection_categories_in_one_roster(tmp_path):
    doc = _roster(tmp_path, HEADER_CATEGORIES)
    assert [u["name"] for u in doc["units"]] == ["Glass Squad"]
    for i in range(len(HEADER_CATEGORIES)):
        assert f"Pick {i}: Choice {i}" in doc["roster"]["notes"]


def test_a_category_that_is_not_a_header_stays_a_unit(tmp_path):
    doc = _roster(tmp_path, ["Game Types"], "unit")  # one letter past "Game Type": not a header
    assert [u["name"] for u in doc["units"]] == ["Pick 0", "Glass Squad"]


def _message(call) -> str:
    with pytest.raises(InputError) as exc:
        call()
    assert len(exc.value.problems) == 1
    return str(exc.value.problems[0])


def test_file_one_byte_past_the_size_cap_is_refused(tmp_path):
    path = tmp_path / "big.ros"
    with open(path, "wb") as fh:  # sparse: no 20 MB written
        fh.truncate(CAP + 1)
    assert _message(lambda: roster_to_unit_file(path)).endswith("file too large (limit 20000000 bytes)")
    assert _message(lambda: roster_to_unit_file("up.ros", data=b" " * (CAP + 1))).endswith(
        "file too large (limit 20000000 bytes)"
    )


def test_file_at_the_size_cap_is_read(tmp_path):
    path = tmp_path / "at.ros"
    with open(path, "wb") as fh:
        fh.truncate(CAP)
    for msg in (
        _message(lambda: roster_to_unit_file(path)),
        _message(lambda: roster_to_unit_file("up.ros", data=b" " * CAP)),
    ):
        assert "too large" not in msg
