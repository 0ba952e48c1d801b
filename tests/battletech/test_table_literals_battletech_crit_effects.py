"""What each critical-hit box of each variant prints (battletech.md §4.2 effects per hit, §4.4
classic arm rule: the 1st arm crit also hits the main gun, with one arm destroyed the main gun
is at +2; seed: the 3rd torso crit destroys the engine and kills the pilot), as literals in
English, never read from ``data/battletech/variants.yaml``. Guards the box ``effect`` cells
against edits (benchmarks/mutate_tables.py)."""

from __future__ import annotations

import pytest

from sheets.core.data import label
from sheets.games.battletech import rules
from sheets.games.battletech.model import Mount, Proto

ARM = {
    "classic": ["+1 to hit (arm and main gun)", "Arm destroyed (main gun +2)"],
    "tw": ["+1 to hit", "Arm destroyed"],
}
TORSO = {
    "classic": ["−1 Jump MP*", "½ Jump MP*", "Destroyed, pilot killed"],
    "tw": ["−1 Jump MP*", "½ Jump MP*", "ProtoMech destroyed"],
}
EXPECTED = {
    variant: {
        "head": ["+1 to hit", "+2 to hit, no long range"],
        "torso": TORSO[variant],
        "right_arm": ARM[variant],
        "left_arm": ARM[variant],
        "legs": ["−1 Walk MP", "½ Walk MP", "No movement"],
        "main_gun": [] if variant == "classic" else ["Main Gun destroyed"],
    }
    for variant in ("classic", "tw")
}


def _texts(motion, variant):
    proto = Proto(name="T", tons=5, walk=4, motion=motion, mounts=(Mount(0, "gun", None, "main_gun"),))
    return {
        loc: [label("battletech", b["effect"], "en") for b in boxes]
        for loc, boxes in rules.crit_boxes(proto, variant).items()
    }


@pytest.mark.parametrize("variant", ["classic", "tw"])
def test_biped_crit_box_effects(variant):
    assert _texts("biped", variant) == EXPECTED[variant]


def test_tw_quad_has_no_arm_rows():
    expected = {k: v for k, v in EXPECTED["tw"].items() if k not in ("right_arm", "left_arm")}
    assert _texts("quad", "tw") == expected


def test_tw_glider_torso_reads_cruise_mp_and_the_wing_row():
    assert _texts("glider", "tw")["torso"] == ["−1 Cruise MP*", "½ Cruise MP*", "ProtoMech destroyed"]
    assert label("battletech", rules.variant_data("tw")["wings_effect"], "en") == "−1 Cruise MP (each hit)"
