"""Exact results and messages of the Dust cover roll (each assertion here was written against a
mutant that survived the rest of the suite)."""

import pytest

from sheets.games.dust.rules import edition_names, resolve_save


def test_no_save_rolls_no_dice_and_stops_nothing():
    assert resolve_save("none", 2, []) == {"save": "none", "hits": 2, "stopped": 0, "remaining": 2}
    assert resolve_save("none", 0, [], "revised") == {"save": "none", "hits": 0, "stopped": 0, "remaining": 0}
    with pytest.raises(ValueError) as exc:
        resolve_save("none", 2, ["hit"])
    assert str(exc.value) == "no save: no dice are rolled"


def test_cover_roll_messages():
    with pytest.raises(ValueError) as exc:
        resolve_save("hits", 2, ["hit"])
    assert str(exc.value) == "a cover roll uses one die per hit: 2 hit(s) but 1 face(s)"
    with pytest.raises(ValueError) as exc:
        resolve_save("hits", 1, ["shield"], "classic")
    assert str(exc.value) == "unknown face 'shield' for classic dice; expected one of hit, miss"
    assert resolve_save("misses", 3, ["miss", "hit", "miss"]) == {
        "save": "misses",
        "hits": 3,
        "stopped": 2,
        "remaining": 1,
    }


def test_dice_editions_are_listed_in_file_order():
    assert edition_names() == ["classic", "revised"]


def test_unknown_square_message():
    from sheets.games.dust.rules import forms_corner

    with pytest.raises(ValueError) as exc:
        forms_corner("wal")
    assert str(exc.value) == "unknown square 'wal'; expected one of no_dot, vehicle, squad, hero, open"
    with pytest.raises(ValueError) as exc:
        forms_corner("vehicel")
    assert str(exc.value).startswith("unknown square 'vehicel' (did you mean 'vehicle'?); expected one of ")
