"""The ProtoMech hit-location tables written out as literals from the rules text, so tests never
derive expected values from ``hit_tables.yaml`` (the file the code reads).

Sources: the seed (Clan ProtoMech rules, Russian translation: "места попадания 3 или 11 считаются
разрывом около цели" — 3 and 11 are near misses) and the digest, §2.1 (Standard ProtoMech Hit
Location Table: biped/glider and quad columns; glider near miss = wing hit) and §2.3 (Special Hit
Location Table, tw: biped and quad rows).
"""

from __future__ import annotations

MG, NM, RA, LA, L, T, HD, W = (
    "main_gun",
    "near_miss",
    "right_arm",
    "left_arm",
    "legs",
    "torso",
    "head",
    "wings",
)

#            2    3   4   5   6  7  8  9   10  11  12
STANDARD = {
    "biped": [MG, NM, RA, L, T, T, T, L, LA, NM, HD],
    "glider": [MG, W, RA, L, T, T, T, L, LA, W, HD],
    "quad": [MG, NM, L, L, T, T, T, L, L, NM, HD],
}
SPECIAL = {
    "biped": [MG, L, L, RA, T, T, T, LA, L, L, HD],
    "quad": [MG, L, L, L, T, T, T, L, L, L, HD],
}
ROLLS = list(range(2, 13))
# ways of rolling 2..12 on 2D6, out of 36 (counted by hand: 1+1; 1+2, 2+1; ...)
WAYS = dict(zip(ROLLS, [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]))

# how the printouts name the locations (English)
EN = {
    MG: "Main Gun",
    NM: "Near Miss",
    RA: "Right Arm",
    LA: "Left Arm",
    L: "Legs",
    T: "Torso",
    HD: "Head",
    W: "Wings",
}
ABBR = {MG: "Gun", NM: "NM", RA: "RA", LA: "LA", L: "L", T: "T", HD: "HD"}


def table(which: str, shape: str) -> dict[int, str]:
    rows = (STANDARD if which == "standard" else SPECIAL)[shape]
    return dict(zip(ROLLS, rows))


def shares(shape: str, which: str = "standard") -> dict[str, int]:
    """Location -> how many of the 36 outcomes of 2D6 hit it."""
    out: dict[str, int] = {}
    for roll, loc in table(which, shape).items():
        out[loc] = out.get(loc, 0) + WAYS[roll]
    return out


def rolls_of(shape: str, loc: str, which: str = "standard") -> list[int]:
    return [r for r, where in table(which, shape).items() if where == loc]


def roll_text(rolls: list[int]) -> str:
    """As printed: "6-8" for a run of three or more consecutive rolls, otherwise "5, 9"."""
    runs: list[list[int]] = []
    for r in rolls:
        if runs and r == runs[-1][-1] + 1:
            runs[-1].append(r)
        else:
            runs.append([r])
    return ", ".join(f"{run[0]}-{run[-1]}" if len(run) >= 3 else ", ".join(map(str, run)) for run in runs)
