"""Lock 'n Load Tactical unit model: counters, support weapons, the Melee Table and units.

Pure Python (no rendering). Sources: Lock 'n Load Tactical Core Rules §8.0–8.5 "Melee Combat"
(Russian translation). The tables live in ``data/lnl/melee_table.yaml`` and
``data/lnl/weapons.yaml``; code holds none.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from sheets.core.data import load_data
from sheets.core.i18n import N_, _

KINDS = ("squad", "half_squad", "crew", "weapon_team", "leader", "hero", "medic", "sniper", "scout")
MMC_KINDS = ("squad", "half_squad", "crew", "weapon_team")  # multi-man counters
SMC_KINDS = ("leader", "hero", "medic", "sniper", "scout")  # single-man counters
KIND_ALIASES = {
    "half": "half_squad",
    "half-squad": "half_squad",
    "halfsquad": "half_squad",
    "hs": "half_squad",
    "wt": "weapon_team",
    "weapon-team": "weapon_team",
    "team": "weapon_team",
    "ldr": "leader",
}
# how many SWs a counter may use in melee (Core Rules §8.0 quoting §1.6: «отделение может
# использовать один SW сохраняя IFP или два SW и лишаясь собственного IFP»; a half-squad or crew
# one, losing its IFP; an SMC uses one SW in melee). The rules limit using, not carrying: a
# counter may carry more (the best allowed ones are used) — up to MAX_CARRIED, the most SW boxes
# the order-of-battle sheet prints for one counter (a layout bound, not a rule).
MAX_CARRIED = 4
MAX_SW = {
    "squad": 2,
    "half_squad": 1,
    "crew": 1,
    "weapon_team": 1,
    "leader": 1,
    "hero": 1,
    "medic": 1,
    "sniper": 1,
    "scout": 1,
}

# a hero's FP: the calculator needs it >= 1 (the odds divide by it; no rule gives a 0-FP SMC a value)
HERO_FP_ZERO = N_(
    "a hero's firepower is at least 1 (FP 0 counting as 1 is the rule for MMCs, Core Rules §8.3)"
)

_COUNTER = re.compile(  # ASCII digits, as editors read them
    r"^\s*([0-9]{1,2})\s*(M?)\s*[-–]\s*([0-9]{1,2})\s*[-–]\s*([0-9]{1,2})\s*(M?)\s*$", re.IGNORECASE
)


class CounterError(ValueError):
    """A counter string that is not Firepower-Range-Morale."""


@dataclass(frozen=True)
class Counter:
    """An MMC counter ``F-R-M``: Firepower, Range, Morale; ``m`` = "M" on the FP (§8.5)."""

    fp: int
    range: int
    morale: int
    m: bool = False

    @property
    def text(self) -> str:
        return f"{self.fp}{'M' if self.m else ''}-{self.range}-{self.morale}"


def parse_counter(value: object) -> Counter:
    """``"2-5-4"`` → Counter(2, 5, 4); ``"2M-5-4"`` or ``"2-5-4M"`` marks "M" on the FP.

    Raises :class:`CounterError` naming the value when it is not Firepower-Range-Morale.
    """
    if isinstance(value, bool) or not isinstance(value, str):
        raise CounterError(
            _("{value} is not a counter: write Firepower-Range-Morale like 2-5-4").format(value=repr(value))
        )
    m = _COUNTER.match(value)
    if not m:
        raise CounterError(
            _(
                'bad counter {value}: expected Firepower-Range-Morale like 2-5-4 (an "M" on the firepower: 2M-5-4)'
            ).format(value=repr(value))
        )
    fp, range_, morale = int(m.group(1)), int(m.group(3)), int(m.group(4))
    if morale < 1:
        raise CounterError(_("bad counter {value}: morale must be at least 1").format(value=repr(value)))
    return Counter(fp, range_, morale, bool(m.group(2) or m.group(5)))


# -- support weapons ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SWType:
    """A support weapon of the catalogue (``data/lnl/weapons.yaml``)."""

    name: str
    fp: int
    melee: bool
    single_use: bool = False
    m: bool = False
    verified: bool = True
    range: int | None = None
    aliases: tuple = ()
    ru: str | None = None  # Russian name; None = a model designation printed as it is

    def display(self, lang: str) -> str:
        return self.ru if lang == "ru" and self.ru else self.name


@functools.cache
def catalogue() -> dict[str, SWType]:
    """SW name → :class:`SWType`, in file order."""
    out = {}
    for row in load_data("lnl/weapons.yaml")["weapons"]:
        out[row["name"]] = SWType(
            name=row["name"],
            fp=int(row["fp"]),
            melee=bool(row["melee"]),
            single_use=bool(row.get("single_use", False)),
            m=bool(row.get("m", False)),
            verified=bool(row.get("verified", True)),
            range=row.get("range"),
            aliases=tuple(row.get("aliases") or ()),
            ru=row.get("ru"),
        )
    return out


@functools.cache
def _lookup() -> dict[str, SWType]:
    found: dict[str, SWType] = {}
    for sw in catalogue().values():
        for key in (sw.name, *sw.aliases, *((sw.ru,) if sw.ru else ())):
            found.setdefault(str(key).strip().lower(), sw)
    return found


def find_weapon(name: str) -> SWType | None:
    """The catalogue SW named ``name`` (or one of its aliases; case-insensitive), or None."""
    return _lookup().get(str(name).strip().lower())


def weapon_names() -> list[str]:
    return [sw.name for sw in catalogue().values()]


@dataclass(frozen=True)
class CarriedSW:
    weapon: SWType
    captured: bool = False

    @property
    def name(self) -> str:
        return self.weapon.name


# -- the Melee Table ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TableCell:
    column: str  # "1:3" … "5:1"
    kn: int  # Kill Number
    verified: bool


@functools.cache
def melee_table() -> tuple[TableCell, ...]:
    """The Melee Table's columns weakest to strongest, with Kill Numbers and verified flags."""
    data = load_data("lnl/melee_table.yaml")
    table = data["melee_table"]
    return tuple(
        TableCell(col, int(table[col]["kn"]), bool(table[col]["verified"])) for col in data["columns"]
    )


@functools.cache
def column_names() -> tuple[str, ...]:
    return tuple(c.column for c in melee_table())


@functools.cache
def _cells() -> dict:
    return {c.column: c for c in melee_table()}


def cell(column: str) -> TableCell:
    return _cells()[column]


# -- units ---------------------------------------------------------------------------------------


@dataclass
class Unit:
    """One counter of an order of battle (or of a calculator SPEC).

    MMCs have ``ifp``/``range``/``morale`` from their counter; SMCs keep named fields (``fp``,
    ``lm``, ``morale``, ``skills``) and print their own ``counter`` text verbatim.
    """

    name: str
    kind: str
    counter: str = ""  # as written
    ifp: int | None = None  # inherent firepower (MMC counter, or an SMC's `fp`)
    range: int | None = None
    morale: int | None = None
    lm: int | None = None  # leadership modifier (leaders)
    m: bool = False  # "M" on the unit's FP
    ambush: bool = False
    shaken: bool = False
    use_sw: bool | None = None  # melee SW use: None = the better choice, True/False forced
    skills: tuple = ()
    weapons: list[CarriedSW] = field(default_factory=list)
    notes: str = ""
    counter_error: str | None = None  # set by build_unit, reported by validate_unit
    unknown_weapons: list = field(default_factory=list)  # [(index, name)]
    fp_given: bool = False  # `fp:` written in the file (an error on an MMC)

    @property
    def is_mmc(self) -> bool:
        return self.kind in MMC_KINDS

    @property
    def is_smc(self) -> bool:
        return self.kind in SMC_KINDS

    @property
    def is_hero(self) -> bool:
        return self.kind == "hero"

    @property
    def notation(self) -> str:
        """What the sheet prints as the counter: the parsed MMC counter or the user's text."""
        if self.is_mmc and self.ifp is not None and self.counter_error is None:
            return f"{self.ifp}{'M' if self.m else ''}-{self.range}-{self.morale}"
        return self.counter
