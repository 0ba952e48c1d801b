"""Edge values of the ProtoMech rules core (each assertion here was written against a mutant that
survived the rest of the suite)."""

from sheets.games.battletech import rules
from sheets.games.battletech.model import Proto


def test_locations_without_boxes_or_fixed_damage_hurt_no_pilot():
    # near misses and wings have no boxes and no fixed destroyed-location damage (digest §4.3)
    for taken in (0, 1, 2):
        assert rules.pilot_damage_on_destruction("wings", taken, "tw") == 0
        assert rules.pilot_damage_on_destruction("near_miss", taken, "classic") == 0
    assert rules.pilot_damage_on_destruction("torso", 3, "tw") == 0
    assert rules.pilot_damage_on_destruction("torso", 5, "classic") == 0


def test_second_crit_halves_the_original_but_never_raises():
    # classic rounds up, tw down (digest §4.4); walk 1: 1st crit leaves 0, the 2nd cannot give 1 back
    assert [rules.second_crit_mp(w, "classic") for w in range(0, 8)] == [0, 0, 1, 2, 2, 3, 3, 4]
    assert [rules.second_crit_mp(w, "tw") for w in range(0, 8)] == [0, 0, 1, 1, 2, 2, 3, 3]
    moves = rules.damaged_movement(Proto(name="T", tons=5, walk=1, jump=1, armor={}), "classic")
    assert moves == {"walk": [1, 0, 0, 0], "run": [2, 0, 0, 0], "jump": [1, 0, 0]}
    moves = rules.damaged_movement(Proto(name="T", tons=5, walk=6, jump=4, armor={}), "tw")
    assert moves == {"walk": [6, 5, 3, 0], "run": [9, 8, 5, 0], "jump": [4, 3, 2]}


def test_catalogue_names_include_the_aliases():
    cat = rules.catalogue()
    names = cat.names()
    for entry in cat.weapons + cat.ammo + cat.equipment:
        assert entry.name in names
        assert all(alias in names for alias in getattr(entry, "aliases", ()))
    assert any(getattr(e, "aliases", ()) for e in cat.weapons + cat.ammo + cat.equipment)


def test_damaged_movement_follows_the_variant_rounding():
    # an odd Walk/Jump tells the variants apart: 5 → 3 (classic, up) or 2 (tw, down)
    proto = Proto(name="T", tons=5, walk=5, jump=5, armor={})
    assert (
        rules.damaged_movement(proto, "classic")["walk"][2] == 3
        and rules.damaged_movement(proto, "classic")["jump"][2] == 3
    )
    assert (
        rules.damaged_movement(proto, "tw")["walk"][2] == 2
        and rules.damaged_movement(proto, "tw")["jump"][2] == 2
    )
