"""Data classes of «Древняя Механика»: units (walkers, infantry), their parts, and table rows.

Pure data: built by :mod:`sheets.games.dmech` from checked unit files and by
:mod:`sheets.games.dmech.rules` from the YAML tables under ``data/dmech/``.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Text:
    """A text in both languages of the printouts."""

    ru: str
    en: str

    def get(self, lang: str) -> str:
        """The text in ``lang`` ("ru" or "en"); Russian for anything else."""
        return self.en if lang == "en" else self.ru


@dataclass(frozen=True)
class Entry:
    """A printed table cell or rule text, with the digest's verification status."""

    text: Text
    verified: bool = True
    note: Text | None = None  # what is unverified, for a footnote


# -- tables ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class UnitClass:
    """A walker class with its Balance («Равновесие») and Standing-up («Подъём») modifiers."""

    id: str
    name: Text
    balance: int
    standing: int
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class PenetrationStep:
    """One rung of the penetration ladder: margins ``margin_from..margin_to`` (None = open)."""

    result: str  # none | structure | damage | heavy_damage
    margin_from: int | None
    margin_to: int | None
    structure_loss: int
    roll: str | None  # damage-table column to roll on, or None
    condition: Text
    effect: Text

    def covers(self, margin: int) -> bool:
        """True when ``margin`` (penetration − armour) falls in this step."""
        return (self.margin_from is None or margin >= self.margin_from) and (
            self.margin_to is None or margin <= self.margin_to
        )


@dataclass(frozen=True)
class DamageRow:
    """One d6 row of the Damage / Heavy damage table."""

    roll: int
    damage: Entry
    heavy_damage: Entry


@dataclass(frozen=True)
class ReactorRow:
    """One d6 row of the Reactor destruction («Разрушение печи») table."""

    roll: int
    result: Entry


@dataclass(frozen=True)
class Condition:
    """A condition the sheet lets the player tick."""

    id: str
    name: Text
    applies_to: Text
    effect: Text
    stacks: bool | None  # False = repeats are ignored (Заглох, Контужен); None = not stated
    source: str


@dataclass(frozen=True)
class PilotRules:
    """The гридь block: wound boxes and the Initiative penalty per wound."""

    wound_boxes: int
    initiative_per_wound: int
    note: Text


# -- units ---------------------------------------------------------------------------------------


@dataclass
class Weapon:
    name: str
    accuracy: int  # Тч
    power: int  # Мощь
    ammo: int = 0  # Бзпс: charges; 0 = not tracked (no boxes)
    tags: tuple[str, ...] = ()  # e.g. ("ПП",)
    hand: bool | None = None  # held in the model's hands (usable while prone); None = unknown
    arc: str | None = None  # "main" | "course" | None (not given)
    range: str = ""  # free text; the range rules are unverified
    salvos: int = 1  # salvos («залпы») per attack
    special: bool = False  # infantry special weapon: once per turn, replaces one firearm attack
    notes: str = ""


@dataclass
class Equipment:
    name: str
    kind: str = "other"  # shield | smoke | other
    charges: int | None = None  # ammo boxes (smoke defaults to 1); None = not tracked
    faces: tuple[str, ...] = ()  # shields: faces covered (empty = not stated by the user)
    notes: str = ""


@dataclass
class Pilot:
    name: str = ""


@dataclass
class Walker:
    """A walker («бронеход»). ``armor`` holds six faces (empty when the input form is invalid)."""

    name: str
    class_id: str | None
    structure: int | None
    speed: int | None
    initiative: int | None
    skill: int | None
    daring: int | None
    armor: dict[str, int]
    armor_input: dict[str, int]  # the faces/groups as written in the file
    weapons: list[Weapon] = field(default_factory=list)
    equipment: list[Equipment] = field(default_factory=list)
    cost: int | None = None
    pilot: Pilot = field(default_factory=Pilot)
    faction: str = ""
    notes: str = ""
    illustrative: bool = False
    kind: str = "walker"


@dataclass
class Infantry:
    """An infantry unit («пеший отряд»): Сила = figures = attacks per turn = hits it can take."""

    name: str
    strength: int
    defence: int
    speed: int | None = None
    visibility: int = 3
    weapons: list[Weapon] = field(default_factory=list)
    equipment: list[Equipment] = field(default_factory=list)
    cost: int | None = None
    faction: str = ""
    notes: str = ""
    illustrative: bool = False
    kind: str = "infantry"
