"""The ProtoMech unit model and the catalogue entries it refers to (frozen dataclasses).

Pure data: no rules here. ``rules.build`` makes a :class:`Proto` from a checked unit mapping;
``rules.catalogue`` loads :class:`Weapon`, :class:`Ammo` and :class:`Equipment` entries from
``data/battletech/weapons.yaml``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

LOCATIONS = ("head", "torso", "right_arm", "left_arm", "legs", "main_gun")
ARMS = ("right_arm", "left_arm")
MOTIONS = ("biped", "quad", "glider")


@dataclass(frozen=True)
class Weapon:
    """A weapon of the catalogue (one row of ``weapons:`` in weapons.yaml)."""

    name: str
    damage: str
    min: int
    short: int
    medium: int
    long: int
    bv: float
    tons: float
    heat: int | None = None
    codes: str = ""
    ammo: str | None = None  # ammo key, e.g. "SRM:1"
    main_gun_only: bool = False
    verified: bool = True
    aliases: tuple = ()
    blk: tuple = ()
    source: str = ""
    era: str = "seed"  # eras.yaml: seed | post_seed


@dataclass(frozen=True)
class Ammo:
    """An ammo type of the catalogue; ``bv`` is per ton, a bin is worth kg/shot × shots / 1000 × bv."""

    name: str
    key: str
    bv: float
    kg_per_shot: float | None  # None = MegaMek has none (ATM quirk)
    verified: bool = True
    blk: tuple = ()
    note: str = ""
    era: str = "seed"


@dataclass(frozen=True)
class Equipment:
    """A non-weapon item (e.g. an active probe)."""

    name: str
    bv: float
    tons: float
    defensive: bool = False
    verified: bool = True
    aliases: tuple = ()
    blk: tuple = ()
    source: str = ""
    era: str = "seed"
    bv_per_5_tons: bool = False  # bv is per point of physical bonus: 1 point per 5 t or fraction

    def bv_for(self, tons: int) -> float:
        """BV of this item on a ProtoMech of ``tons`` tons."""
        return self.bv * -(-tons // 5) if self.bv_per_5_tons else self.bv


@dataclass(frozen=True)
class Mount:
    """One weapon or equipment line of a unit. ``item`` is None when the name is unknown.

    ``index`` is the line's position in the unit's ``equipment:`` list (for error paths).
    """

    index: int
    name: str
    item: Weapon | Equipment | None
    location: str | None

    @property
    def is_weapon(self) -> bool:
        return isinstance(self.item, Weapon)


@dataclass(frozen=True)
class AmmoBin:
    """One ammo line (``<weapon> Ammo``); ``ammo`` is None when the name is unknown."""

    index: int
    name: str
    ammo: Ammo | None
    shots: int | None
    location: str | None = None  # ammo must not have one; kept to report it


@dataclass(frozen=True)
class Pilot:
    name: str = ""
    gunnery: int = 4
    nick: str = ""  # call sign

    @property
    def shown(self) -> str:
        """The name as printed: ``Kael Ward “Ghost”`` with a call sign."""
        return f"{self.name} “{self.nick}”".strip() if self.nick else self.name


@dataclass(frozen=True)
class Proto:
    """A ProtoMech as written in a unit file (after lookup of item names)."""

    name: str
    tons: int
    walk: int
    armor: dict = field(default_factory=dict)  # location -> points (only locations given)
    model: str = ""
    motion: str = "biped"
    jump: int = 0
    jump_jets: str = "standard"  # standard | extended
    myomer_booster: bool = False
    armor_type: str = "standard"  # armor_types.yaml
    mounts: tuple = ()  # Mount
    ammo: tuple = ()  # AmmoBin
    pilot: Pilot | None = None
    point: str = ""  # the Point (army-list group) it belongs to; "" = by five in file order

    @property
    def has_main_gun(self) -> bool:
        return any(m.location == "main_gun" for m in self.mounts)

    @functools.cached_property  # (asked thousands of times per sheet; the unit never changes)
    def locations(self) -> tuple:
        """The locations this unit has, in printing order."""
        return tuple(
            loc
            for loc in LOCATIONS
            if not (loc in ARMS and self.motion == "quad")
            and not (loc == "main_gun" and not self.has_main_gun)
        )
