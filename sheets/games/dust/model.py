"""Dust Tactics unit model: armour classes, weapon-line cells, weapons, cover saves and units.

Pure Python (no rendering). The armour-type table and the cover objects come from
``data/dust/armor.yaml`` and ``data/dust/cover_objects.yaml``.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from sheets.core.data import load_data
from sheets.core.i18n import _

KINDS = ("squad", "hero", "vehicle", "aircraft")
SAVES = ("hits", "misses", "none")  # hit save | miss save | no save (seed)
COVERS = ("soft", "hard")
NO_ATTACK = ("", "-", "–", "—")  # spellings of "cannot target this class"

_CELL = re.compile(r"^\s*([0-9]{1,2})\s*([/zZ])\s*([0-9]{1,2})\s*$")  # ASCII digits, as editors read them


class CellError(ValueError):
    """A weapon-line cell that is neither ``X/Y``, ``XzY`` nor a dash."""


@dataclass(frozen=True)
class Cell:
    """One "dice/damage" cell of a weapon line, keeping the text as printed.

    ``phaser`` cells (``XzY``): roll X dice; each hit lets you roll Y damage dice; phasers ignore
    cover (digest §2).
    """

    text: str
    dice: int
    damage: int
    phaser: bool = False


def parse_cell(value) -> Cell | None:
    """``"2/1"`` → Cell(2 dice, 1 damage); ``"2z1"`` → a phaser cell; a dash or nothing → None.

    Raises :class:`CellError` with a short message naming the value when it is malformed.
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str):
        raise CellError(
            _("{value} is not a cell: write dice/damage like 2/1, a phaser 2z1, or –").format(
                value=repr(value)
            )
        )
    if value.strip() in NO_ATTACK:
        return None
    m = _CELL.match(value)
    if not m:
        raise CellError(
            _("bad cell {value}: expected dice/damage like 2/1, a phaser 2z1, or –").format(value=repr(value))
        )
    dice, sep, damage = int(m.group(1)), m.group(2).lower(), int(m.group(3))
    if dice < 1 or damage < 1:
        raise CellError(_("bad cell {value}: dice and damage must be at least 1").format(value=repr(value)))
    return Cell(f"{dice}{sep}{damage}", dice, damage, sep == "z")


@functools.cache
def armor_types() -> dict[str, dict]:
    """The armour-type table of ``data/dust/armor.yaml`` (type id → prefix, levels, label)."""
    return load_data("dust/armor.yaml")["types"]


@functools.cache
def target_classes() -> tuple[str, ...]:
    """The 14 target classes of a weapon line in card order: S1–S4, V1–V7, A1–A3."""
    return tuple(f"{t['prefix']}{n}" for t in armor_types().values() for n in range(1, t["levels"] + 1))


@dataclass(frozen=True)
class Armor:
    type: str  # soldier | vehicle | aircraft
    level: int

    @property
    def code(self) -> str:
        """The target class this unit is hit as, e.g. ``S3``, ``V4``, ``A2``."""
        return f"{armor_types()[self.type]['prefix']}{self.level}"


@dataclass(frozen=True)
class Cover:
    """What the unit card gives in soft and in hard cover: ``hits`` | ``misses`` | ``none``."""

    soft: str = "none"
    hard: str = "none"

    def save(self, cover: str) -> str:
        return getattr(self, cover) if cover in COVERS else "none"


@dataclass(frozen=True)
class Weapon:
    name: str
    count: int
    range: int | str  # squares, or "C" for close combat
    cells: dict  # target class -> Cell | None (missing = cannot target)
    mount: str = ""
    tags: tuple = ()

    def cell(self, target_class: str) -> Cell | None:
        return self.cells.get(target_class)


@dataclass(frozen=True)
class Skill:
    name: str
    text: str = ""


@dataclass
class Unit:
    """One Dust unit card. ``joined_by`` is filled by ``validate_force`` for a squad a hero joins."""

    name: str
    faction: str
    kind: str  # squad | hero | vehicle | aircraft | cover_object
    armor: Armor
    models: int
    health: int
    move: int
    points: int
    cover: Cover | None  # None for heroes (they have no cover value) and cover objects
    weapons: list[Weapon] = field(default_factory=list)
    skills: list[Skill] = field(default_factory=list)
    joins: str | None = None  # a hero: the name of the squad it joins before the game
    provides_cover: str | None = None  # a cover object: the cover it gives (soft | hard)
    name_key: str | None = None  # a cover object: the labels.yaml key of its name
    joined_by: str | None = None

    @property
    def damage_boxes(self) -> int:
        """Health boxes of the unit itself: models × health per model."""
        return self.models * self.health

    @property
    def is_hero(self) -> bool:
        return self.kind == "hero"


def cover_objects(lang: str = "en") -> list[Unit]:
    """The seed's cover objects (ammo crate, tank trap) as printable unit-like entries.

    ``name`` is in ``lang``; ``name_key`` is the labels.yaml key for renderers that translate.
    """
    names = load_data("dust/labels.yaml")
    out = []
    for obj in load_data("dust/cover_objects.yaml")["objects"].values():
        out.append(
            Unit(
                name=names[obj["name"]][lang],
                faction="",
                kind="cover_object",
                armor=Armor(obj["armor"]["type"], obj["armor"]["level"]),
                models=1,
                health=obj["health"],
                move=0,
                points=0,
                cover=None,
                provides_cover=obj["cover"],
                name_key=obj["name"],
            )
        )
    return out
