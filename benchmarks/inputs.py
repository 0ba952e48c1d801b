"""Realistic, mixed benchmark inputs (deterministic): never one design repeated.

* battletech: the ten ProtoMech designs of ``data/units/battletech/`` in turn, every pilot named
  (Latin and Cyrillic names) with Gunnery 3-5;
* dust: squads and vehicles with varied weapons, skills and costs, 10 % heroes each joining the
  squad before it (same armour);
* dmech: walkers of every class with varied armour, one to three weapons and named pilots.
"""

from __future__ import annotations

import random
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
UNITS = ROOT / "data" / "units"
PILOTS = [
    "Aleksandr Kerensky",
    "Natasha Kerensky",
    "Лидия Белова",
    "Marthe Pryde",
    "Иван Соколов",
    "Vlad Ward",
    "Diana Pryde",
    "Ольга Тихонова",
    "Trent",
    "Анна Морозова",
    "Joanna",
    "Aidan Pryde",
]


PER_FILE = 500  # sheets accepts at most 500 units per file: big batches are several files


def _dump(doc: dict, path: Path) -> list[Path]:
    """Write the units in files of ``PER_FILE`` (``path``, ``path-2``, …); returns the paths."""
    units = doc["units"]
    paths = []
    for k in range(0, len(units), PER_FILE):
        part = path if k == 0 else path.with_name(f"{path.stem}-{k // PER_FILE + 1}{path.suffix}")
        part.write_text(
            yaml.safe_dump(dict(doc, units=units[k : k + PER_FILE]), allow_unicode=True, sort_keys=False),
            encoding="utf-8",
        )
        paths.append(part)
    return paths


def protomechs(n: int, path: Path) -> list[Path]:
    designs = []
    for f in sorted(UNITS.glob("battletech/*.yaml")):
        if f.stem == "point-alpha":
            continue
        designs += yaml.safe_load(f.read_text(encoding="utf-8"))["units"]
    rnd = random.Random(13)
    units = []
    for i in range(n):
        u = dict(designs[i % len(designs)])
        u["name"] = f"{u['name']} {i + 1}"
        u["pilot"] = {"name": PILOTS[rnd.randrange(len(PILOTS))], "gunnery": rnd.choice([3, 4, 4, 5])}
        units.append(u)
    return _dump({"system": "battletech", "units": units}, path)


_DUST_WEAPONS = [
    {
        "name": "Laser rifle",
        "count": 2,
        "range": 4,
        "vs": {"S1": "2/1", "S2": "1/1", "S3": "1/1", "S4": "1/1", "V1": "1/3", "V2": "1/3", "V3": "1/3"},
    },
    {
        "name": "Combat knife",
        "count": 3,
        "range": "C",
        "vs": {"S1": "1/1", "S2": "1/1", "S3": "1/1", "S4": "1/1"},
    },
    {"name": "Heavy MG", "range": 5, "vs": {"S1": "4/1", "S2": "3/1", "S3": "2/1", "S4": "1/1", "V1": "1/1"}},
    {
        "name": "Panzerfaust",
        "count": 2,
        "range": 4,
        "vs": {"V1": "2/2", "V2": "2/2", "V3": "1/3", "V4": "1/3", "V5": "1/3", "V6": "1/3", "V7": "1/3"},
    },
    {"name": "Flamethrower", "range": 2, "tags": ["flame"], "vs": {"S1": "3/1", "S2": "3/1", "S3": "2/1"}},
]
_DUST_SKILLS = [
    {"name": "Assault", "text": "May move and fire twice in the same action this turn."},
    {"name": "Scout", "text": "Deploys after both sides; moves before the game begins."},
    {"name": "Fast", "text": "Moves one extra space when it takes a March Move."},
]


def dust(n: int, path: Path, heroes: float = 0.10) -> list[Path]:
    """``n`` Dust units; every ``1/heroes``-th unit is a hero joining the squad just before it."""
    rnd = random.Random(13)
    units = []
    every = round(1 / heroes) if heroes else 0
    for i in range(n):
        if every and i % every == every - 1 and units and units[-1]["kind"] == "squad":
            squad = units[-1]
            units.append(
                {
                    "name": f"Hero {i + 1}",
                    "faction": squad["faction"],
                    "kind": "hero",
                    "armor": dict(squad["armor"]),
                    "models": 1,
                    "health": rnd.randint(2, 4),
                    "move": 1,
                    "points": rnd.randint(10, 25),
                    "weapons": [dict(_DUST_WEAPONS[rnd.randrange(3)], count=1)],
                    "skills": [_DUST_SKILLS[rnd.randrange(3)]],
                    "joins": squad["name"],
                }
            )
            continue
        vehicle = i % 5 == 4
        units.append(
            {
                "name": f"{'Walker' if vehicle else 'Squad'} {i + 1}",
                "faction": rnd.choice(["Axis", "Allies", "SSU"]),
                "kind": "vehicle" if vehicle else "squad",
                "armor": {"type": "vehicle", "level": rnd.randint(2, 6)}
                if vehicle
                else {"type": "soldier", "level": rnd.randint(1, 4)},
                "models": 1 if vehicle else rnd.randint(3, 5),
                "health": rnd.randint(4, 8) if vehicle else 1,
                "move": rnd.randint(1, 2),
                "points": rnd.randint(10, 45),
                "cover": {"soft": "none", "hard": "hits"} if vehicle else {"soft": "hits", "hard": "misses"},
                "weapons": [
                    dict(w, mount="front") if vehicle else w
                    for w in rnd.sample(_DUST_WEAPONS, rnd.randint(1, 3))
                ],
                "skills": rnd.sample(_DUST_SKILLS, rnd.randint(0, 2)),
            }
        )
    return _dump({"system": "dust", "units": units}, path)


def dmech(n: int, path: Path) -> list[Path]:
    classes = ["малый", "основной", "тяжёлый"]
    weapons = [
        {"name": "Врановская двухладонка", "accuracy": 7, "power": 4, "ammo": 0},
        {"name": "Пищаль", "accuracy": 6, "power": 5, "ammo": 6},
        {"name": "Самострел", "accuracy": 8, "power": 3, "ammo": 10},
        {"name": "Булава", "accuracy": 5, "power": 6, "ammo": 0},
    ]
    rnd = random.Random(13)
    units = []
    for i in range(n):
        units.append(
            {
                "name": f"Отрок {i + 1}",
                "class": classes[i % 3],
                "structure": rnd.randint(3, 8),
                "speed": rnd.randint(3, 7),
                "initiative": rnd.randint(2, 5),
                "skill": rnd.randint(3, 6),
                "daring": rnd.randint(3, 6),
                "armor": {
                    "front": rnd.randint(6, 10),
                    "front_side": rnd.randint(5, 8),
                    "rear_side": rnd.randint(4, 7),
                    "rear": rnd.randint(3, 6),
                },
                "weapons": rnd.sample(weapons, rnd.randint(1, 3)),
                "cost": rnd.randint(0, 40),
                "pilot": {"name": PILOTS[rnd.randrange(len(PILOTS))]},
                "illustrative": True,
            }
        )
    return _dump({"system": "dmech", "units": units}, path)


# game -> (generator, units per page of its record sheet / card layout)
GENERATORS = {"battletech": (protomechs, 5), "dust": (dust, 9), "dmech": (dmech, 2)}
