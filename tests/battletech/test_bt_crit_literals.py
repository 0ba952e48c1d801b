"""Critical boxes of every location in both variants, written out from the digest: §4.2 (box
counts: classic Main Gun 0, tw 1; Arms 2; Legs 3; Torso 3; Head 2) and §4.3 (tw shading = pilot
hit: Head 2nd, each Arm 2nd, Legs 3rd, Torso all three with the 3rd black; classic: every box is
a pilot hit, drawn alike except the Torso 3rd, black: "the third critical hit destroys the engine
and the ProtoMech, and kills the pilot" (seed); destroyed location in tw: Head 1, Torso 3, Arm 1, Legs 1, Main Gun 0
minus what the location's crits already did)."""

import pytest

from sheets.games.battletech import rules
from sheets.games.battletech.model import Mount, Proto

P, S, D = "plain", "pilot", "destroy"
KINDS = {
    "classic": {
        "main_gun": [],
        "right_arm": [P, P],
        "left_arm": [P, P],
        "legs": [P, P, P],
        "torso": [P, P, D],
        "head": [P, P],
    },
    "tw": {
        "main_gun": [P],
        "right_arm": [P, S],
        "left_arm": [P, S],
        "legs": [P, P, S],
        "torso": [S, S, D],
        "head": [P, S],
    },
}
PILOT_HIT = {
    "classic": {loc: [True] * len(k) for loc, k in KINDS["classic"].items()},
    "tw": {
        "main_gun": [False],
        "right_arm": [False, True],
        "left_arm": [False, True],
        "legs": [False, False, True],
        "torso": [True, True, True],
        "head": [False, True],
    },
}
TW_DESTROYED = {"head": 1, "torso": 3, "right_arm": 1, "left_arm": 1, "legs": 1, "main_gun": 0}


def proto(motion="biped", main_gun=True, tons=9):
    laser = rules.find_item("ER Medium Laser")
    mounts = (Mount(0, "ER Medium Laser", laser, "main_gun"),) if main_gun else ()
    return Proto(name="T", tons=tons, walk=3, motion=motion, armor={}, mounts=mounts)


@pytest.mark.parametrize("variant", ["classic", "tw"])
def test_every_location_box_kinds_and_pilot_hits(variant):
    boxes = rules.crit_boxes(proto(), variant)
    assert {loc: [b["kind"] for b in bs] for loc, bs in boxes.items()} == KINDS[variant]
    assert {loc: [b["pilot_hit"] for b in bs] for loc, bs in boxes.items()} == PILOT_HIT[variant]
    assert rules.crit_box_counts(proto(), variant) == {loc: len(k) for loc, k in KINDS[variant].items()}
    torso_rolls = [bool(b.get("torso_weapon_roll")) for b in boxes["torso"]]
    assert torso_rolls == [True, True, False]  # digest §4.4: 1st and 2nd torso crit roll 1D6


def test_quad_and_glider_boxes_in_tw():
    quad = rules.crit_boxes(proto("quad", main_gun=False), "tw")
    assert {loc: [b["kind"] for b in bs] for loc, bs in quad.items()} == {
        "head": [P, S],
        "torso": [S, S, D],
        "legs": [P, P, S],
    }
    glider = rules.crit_boxes(proto("glider"), "tw")
    assert [b["kind"] for b in glider["torso"]] == [S, S, D]
    assert [b["effect"] for b in glider["torso"]][:2] == ["crit_torso_1_glider", "crit_torso_2_glider"]
    assert [b["kind"] for b in glider["left_arm"]] == [P, S]


@pytest.mark.parametrize("loc", sorted(TW_DESTROYED))
def test_tw_destroyed_location_pilot_damage(loc):
    hits = PILOT_HIT["tw"][loc]
    for taken in range(len(hits) + 1):
        already = sum(hits[:taken])
        assert rules.pilot_damage_on_destruction(loc, taken, "tw") == max(TW_DESTROYED[loc] - already, 0)


@pytest.mark.parametrize("loc", sorted(KINDS["classic"]))
def test_classic_destroyed_location_crosses_the_remaining_boxes(loc):
    n = len(KINDS["classic"][loc])
    assert [rules.pilot_damage_on_destruction(loc, t, "classic") for t in range(n + 2)] == [
        max(n - t, 0) for t in range(n + 2)
    ]
    assert rules.pilot_damage_on_destruction(loc, 0, "classic", reading="none") == 0
    assert rules.pilot_damage_on_destruction(loc, 1, "classic", boxes=5) == 4


def test_crit_rows_follow_the_hit_table_order_with_their_boxes():
    rows = rules.crit_rows(proto(), "tw")
    assert [(r["roll_text"], r["location"], len(r["boxes"])) for r in rows] == [
        ("2", "main_gun", 1),
        ("3, 11", "near_miss", 0),
        ("4", "right_arm", 2),
        ("5, 9", "legs", 3),
        ("6-8", "torso", 3),
        ("10", "left_arm", 2),
        ("12", "head", 2),
    ]
    assert [b["index"] for b in rows[5]["boxes"]] == [1, 2]
    assert [b["kind"] for b in rows[5]["boxes"]] == [P, S]
    no_gun = rules.crit_rows(proto(main_gun=False), "tw")[0]
    assert (no_gun["exists"], no_gun["note"], no_gun["boxes"]) == (False, "main_gun_none_torso", [])
