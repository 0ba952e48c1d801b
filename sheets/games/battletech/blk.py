"""Read MegaMek ``.blk`` ProtoMech files into our unit mapping (digest §11; MegaMek
``BLKProtoMekFile``).

A ``.blk`` file is a list of blocks: a ``<Tag>`` line, value lines, a ``</Tag>`` line; ``#``
starts a comment line and blank lines are ignored. Only the tags that describe the unit's game
data are read; fluff (``overview``, ``history``…) is skipped, never copied. Unit type, name,
tonnage, motion type, cruise MP and armour are required; model and jumping MP are optional.

``parse_blk`` returns one unit mapping (the user format of ``units:`` entries) or raises
:class:`InputError` with every problem of the file as ``path:line:col``. The mapping is a
:class:`YMap` whose positions point at the ``.blk`` lines, so :func:`check_unit` can report the
rules core's findings at the right line. ``to_yaml`` writes units as a readable unit file.

Item lookup: an item line is matched against the ``blk`` names of the catalogue
``data/battletech/weapons.yaml`` (case-insensitive): the name as written, then with ``Clan `` /
``IS `` added, then with such a prefix removed. Jump jets, the myomer booster and the built-in
EI interface are not catalogue items: they set the unit's ``jump``, ``jump_jets`` and
``myomer_booster`` fields.
"""

from __future__ import annotations

import codecs
import functools
import os
import re
from dataclasses import dataclass, field

import yaml

from sheets.core.data import load_data
from sheets.core.errors import InputError, Pos, Problem, Problems, did_you_mean, short
from sheets.core.fsio import read_user_bytes
from sheets.core.game import Options, get_game
from sheets.core.i18n import _
from sheets.core.schema import INVALID, locate
from sheets.core.yamlio import YMap, YSeq
from sheets.games.battletech.rules import DEFAULT_VARIANT, default_gunnery, variant_data

MAX_BYTES = 2 * 1024 * 1024  # bigger files are refused unread
MAX_BLOCKS = 500  # blocks in one file (a real file has about 40)
MAX_VALUES = 100  # value lines in one data block
MAX_VALUE_LEN = 200  # characters in one value line of a data block
MAX_PROBLEMS = 100  # problems reported per file before giving up

PROTO_TYPES = ("protomech", "protomek")
MOTIONS = {"biped": "biped", "quad": "quad", "wige": "glider"}
ARMOR_ORDER = ("head", "torso", "right_arm", "left_arm", "legs", "main_gun")
# "<X> Equipment" blocks in MegaMek's location order -> our location ("body" holds slot-less items)
LOCATIONS = {
    "head equipment": "head",
    "torso equipment": "torso",
    "right arm equipment": "right_arm",
    "left arm equipment": "left_arm",
    "legs equipment": "legs",
    "main gun equipment": "main_gun",
    "body equipment": "body",
    "slotless_equipment": "body",  # newer MegaMek files keep slot-less items (e.g. ammo) here
}
# Tags this module reads; their blocks are parsed strictly (a stray tag line inside is an error).
SINGLE_TAGS = ("unittype", "name", "model", "tonnage", "motion_type", "cruisemp", "jumpingmp", "armor_type")
DATA_TAGS = frozenset(SINGLE_TAGS + ("armor",) + tuple(LOCATIONS))
# Other tags of ProtoMech files (digest §11 and MegaMek's writer): an opening line of one of
# them inside a fluff block means that block was not closed. Any other ``<...>`` line inside a
# fluff block (e.g. HTML ``<p>``) is text. As in MegaMek (each tag is looked up on its own),
# these blocks never carry game data: a problem confined to them is a warning, not a refusal.
OTHER_TAGS = frozenset(
    (
        "blockversion",
        "version",
        "mul id:",
        "year",
        "originalbuildyear",
        "type",
        "role",
        "source",
        "interface_cockpit",
        "armor_tech",
        "armor_tech_rating",
        "armor_tech_level",
        "capabilities",
        "overview",
        "deployment",
        "history",
        "manufacturer",
        "primaryfactory",
        "systemmanufacturers",
        "systemmodels",
        "notes",
        "transporters",
        "engine_type",
        "clan_engine",
        "internal_type",
        "quirks",
        "weaponquirks",
        "fluffimage",
        "icon",
    )
)
KNOWN_TAGS = DATA_TAGS | OTHER_TAGS
TAG_TITLES = {
    "unittype": "UnitType",
    "name": "Name",
    "model": "Model",
    "tonnage": "tonnage",
    "motion_type": "motion_type",
    "cruisemp": "cruiseMP",
    "jumpingmp": "jumpingMP",
    "armor": "armor",
    "armor_type": "armor_type",
}

JUMP_JETS = {"protomechjumpjet": "standard", "extendedjumpjetsystem": "extended"}
MYOMER_BOOSTER = "clmyomerbooster"
UMU = "protomechumu"  # our unit files have no UMU field yet
# Every ProtoMech has an EI interface; MegaMek writes it into Body Equipment but it is not an item.
BUILT_IN = ("eiinterface",)
SPECIAL_NAMES = (
    "ProtomechJumpJet",
    "ExtendedJumpJetSystem",
    "CLMyomerBooster",
    "EIInterface",
    "ProtomechUMU",
)

_OPEN = re.compile(r"<([^<>/][^<>]*)>")
_CLOSE = re.compile(r"</([^<>]*)>")
_SHOTS = re.compile(r"(.*\S)\s+\(([^()]*)\)")
_SIZE = re.compile(r":SIZE:(.*)$", re.IGNORECASE)
_WHOLE = re.compile(r"\+?\d{1,6}")
_NUMBER = re.compile(r"\+?\d{1,6}(\.\d{1,6})?")


# -- catalogue --------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Entry:
    kind: str  # "weapon" | "ammo" | "equipment"
    name: str  # our item name (what unit files write)


@functools.cache
def _catalogue() -> tuple[dict[str, _Entry], tuple[str, ...]]:
    """Lower-cased ``blk`` name -> catalogue entry, and every ``blk`` name as written."""
    data = load_data("battletech/weapons.yaml") or {}
    index: dict[str, _Entry] = {}
    names: list[str] = []
    for section, kind in (("weapons", "weapon"), ("ammo", "ammo"), ("equipment", "equipment")):
        for row in data.get(section) or []:
            for blk in row.get("blk") or []:
                index.setdefault(" ".join(blk.split()).lower(), _Entry(kind, row["name"]))
                names.append(blk)
    return index, tuple(names)


def lookup_item(name: str) -> _Entry | None:
    """The catalogue entry for a ``.blk`` item name (digest §11 lookup order), or None."""
    index, _ = _catalogue()
    key = " ".join(name.split()).lower()
    candidates = [key, "clan " + key, "is " + key]
    for prefix in ("clan ", "is "):
        if key.startswith(prefix):
            candidates.append(key[len(prefix) :])
    for candidate in candidates:
        if candidate in index:
            return index[candidate]
    return None


_WORDS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
# Words naming a weapon family, a system or an ammo's rack: a suggestion must name the same ones
# ("Streak LRM 5 Ammo" is never "Streak SRM 5 Ammo"). Generic words (clan, ammo, proto...) are not.
_FAMILY = frozenset(
    (
        "lrm",
        "srm",
        "mrm",
        "atm",
        "iatm",
        "ac",
        "uac",
        "lb",
        "x",
        "gauss",
        "ap",
        "laser",
        "pulse",
        "er",
        "heavy",
        "light",
        "micro",
        "small",
        "medium",
        "large",
        "mg",
        "machine",
        "gun",
        "ppc",
        "flamer",
        "plasma",
        "cannon",
        "chem",
        "chemical",
        "streak",
        "narc",
        "tag",
        "ams",
        "ecm",
        "angel",
        "probe",
        "active",
        "clamp",
        "magnetic",
        "wing",
        "partial",
        "melee",
        "quad",
        "umu",
        "jump",
        "jet",
        "booster",
        "myomer",
        "edp",
        "armor",
        "fusillade",
        "improved",
    )
)


def _words(name: str) -> tuple[frozenset, tuple]:
    """(family words, numbers) of an item name: ``CLStreakLRM5`` -> ({streak, lrm}, ("5",))."""
    words = [w.lower() for w in _WORDS.findall(name)]
    family = {w for w in words if w in _FAMILY}
    # MegaMek's compact names glue the tech base to the family: CLSRM6, CLLRM10, ISSRM2
    family |= {w[2:] for w in words if w[:2] in ("cl", "is") and w[2:] in _FAMILY}
    return frozenset(family), tuple(w for w in words if w.isdigit())


def suggest(name: str) -> str:
    """`` (did you mean 'x'?)`` for a close catalogue name of the same kind, or "".

    Same kind: ammo only for ammo (every ammo name of the catalogue says "Ammo", and no other
    does), items only for items, no family word swapped for another and the same rack numbers
    (MegaMek's internal names are close to each other across families, so plain similarity would
    offer a Streak SRM for a Streak LRM or a UMU for a magnetic clamp).
    """
    _, names = _catalogue()
    is_ammo = "ammo" in name.lower()
    family, numbers = _words(name)
    choices = []
    for candidate in names + SPECIAL_NAMES:
        if ("ammo" in candidate.lower()) != is_ammo:
            continue
        other_family, other_numbers = _words(candidate)
        if (family - other_family and other_family - family) or other_numbers != numbers:
            continue  # another family (LRM for SRM, UMU for a clamp) or another rack size
        choices.append(candidate)
    return did_you_mean(name, choices)


# -- reading ----------------------------------------------------------------------------------


class _Report:
    """Problems of one file, capped at MAX_PROBLEMS."""

    def __init__(self, path: str):
        self.problems = Problems(path)
        self.full = False

    def error(self, line: int, message: str, code: str) -> None:
        if len(self.problems.items) >= MAX_PROBLEMS:
            self.full = True
            if self.problems.errors:
                return
            # a report full of (fluff) warnings still keeps this error: the file must fail
        self.problems.error(Pos(line, 1), message, code)

    def warning(self, line: int, message: str, code: str) -> None:
        if len(self.problems.items) < MAX_PROBLEMS:
            self.problems.warning(Pos(line, 1), message, code)

    def raise_if_errors(self) -> None:
        """Raise every problem, in line order, as one :class:`InputError`."""
        if not self.problems.errors:
            return
        items = sorted(self.problems.items, key=lambda p: p.pos.line)
        if self.full:
            items.append(
                Problem(
                    self.problems.path,
                    None,
                    _("more than {limit} problems; stopped checking this file").format(limit=MAX_PROBLEMS),
                    code="blk-too-many-problems",
                )
            )
        raise InputError(items)


@dataclass
class _Block:
    name: str  # as written
    key: str  # normalised (lower case, single spaces)
    line: int
    values: list = field(default_factory=list)  # [(line, text)] of a data block
    overflow: bool = False  # more than MAX_VALUES lines were given
    has_text: bool = False  # any non-blank line (kept for blocks we do not read)


def _norm(tag: str) -> str:
    return " ".join(tag.split()).lower()


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _decode(data: bytes, report: _Report) -> str | None:
    """Bytes -> text: UTF-8 (BOM allowed), else Latin-1 (every byte maps to one character)."""
    if len(data) > MAX_BYTES:
        report.error(
            1,
            _("file too large ({size} bytes; limit {limit})").format(size=len(data), limit=MAX_BYTES),
            "blk-too-large",
        )
        return None
    nul = data.find(b"\x00")
    if nul >= 0:
        report.error(data.count(b"\n", 0, nul) + 1, _("not a text file (contains NUL bytes)"), "blk-binary")
        return None
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _blocks(text: str, report: _Report) -> list[_Block]:
    """Split the text into blocks, reporting stray values and unclosed or mismatched tags."""
    blocks: list[_Block] = []
    current: _Block | None = None
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        opened, closed = _OPEN.fullmatch(line), _CLOSE.fullmatch(line)
        if current is not None:
            strict = current.key in DATA_TAGS
            if closed and _norm(closed[1]) == current.key:
                blocks.append(current)
                current = None
            elif not strict and _closes_with_junk(line, current.key):
                report.warning(
                    number,
                    _("text after </{tag}> ignored (fluff only)").format(tag=_short(current.name)),
                    "blk-text-after-tag",
                )
                blocks.append(current)
                current = None
            elif opened and (strict or _norm(opened[1]) in KNOWN_TAGS):
                tags = {"tag": _short(current.name), "next": _short(opened[1]), "line": number}
                if strict:
                    report.error(
                        current.line,
                        _("<{tag}> is not closed (<{next}> starts at line {line})").format(**tags),
                        "blk-not-closed",
                    )
                else:
                    report.warning(
                        current.line,
                        _(
                            "<{tag}> is not closed (<{next}> starts at line {line}); fluff only, the unit is "
                            "not affected"
                        ).format(**tags),
                        "blk-fluff-not-closed",
                    )
                blocks.append(current)
                current = _Block(opened[1], _norm(opened[1]), number)
            elif closed and strict:
                report.error(
                    number,
                    _("</{closing}> does not close <{tag}> (opened at line {line})").format(
                        closing=_short(closed[1]), tag=_short(current.name), line=current.line
                    ),
                    "blk-wrong-close",
                )
                blocks.append(current)
                current = None
            elif line and not strict:
                current.has_text = True
            elif strict and line and not line.startswith("#"):
                if len(current.values) < MAX_VALUES:
                    current.values.append((number, line))
                elif not current.overflow:
                    current.overflow = True
                    report.error(
                        number,
                        _("more than {limit} lines in <{tag}>").format(
                            limit=MAX_VALUES, tag=_short(current.name)
                        ),
                        "blk-too-many-lines",
                    )
            continue
        if not line or line.startswith("#"):
            continue
        if opened:
            if len(blocks) >= MAX_BLOCKS:
                report.error(
                    number,
                    _("more than {limit} blocks; stopped reading").format(limit=MAX_BLOCKS),
                    "blk-too-many-blocks",
                )
                break
            current = _Block(opened[1], _norm(opened[1]), number)
        elif _closing_tag(line) is not None:
            tag = _closing_tag(line)
            if _norm(tag) in DATA_TAGS:
                report.error(
                    number,
                    _("</{tag}> without an opening <{tag}>").format(tag=_short(tag)),
                    "blk-close-unopened",
                )
            else:
                report.warning(
                    number,
                    _("{text} without an opening tag (ignored)").format(text=_short(line)),
                    "blk-fluff-close-unopened",
                )
        else:
            report.error(
                number,
                _("stray value {value} outside any <tag>").format(value=short(line, 40)),
                "blk-stray-value",
            )
    if current is not None:
        tag = _short(current.name)
        if current.key in DATA_TAGS:
            report.error(
                current.line,
                _("<{tag}> is not closed (no </{tag}> before the end of the file)").format(tag=tag),
                "blk-not-closed",
            )
        else:
            report.warning(
                current.line,
                _(
                    "<{tag}> is not closed (no </{tag}> before the end of the file); fluff only, the unit "
                    "is not affected"
                ).format(tag=tag),
                "blk-fluff-not-closed",
            )
        blocks.append(current)
    return blocks


def _closes_with_junk(line: str, key: str) -> bool:
    """``</history>>``: a closing tag followed by stray characters (MegaMek still closes there)."""
    m = re.match(r"</([^<>]*)>", line)
    return bool(m) and _norm(m[1]) == key  # (the bare closing tag closes its block before this)


def _closing_tag(line: str) -> str | None:
    """The tag name of a line that starts with a closing tag, else None."""
    m = re.match(r"</([^<>]*)>", line)
    return m[1] if m else None


def _index(blocks: list[_Block], report: _Report) -> dict[str, _Block]:
    """Data blocks by tag; a repeated data tag is an error (the first one counts, as in MegaMek).
    An equipment block we do not know is refused rather than silently dropped."""
    found: dict[str, _Block] = {}
    for block in blocks:
        if block.key not in DATA_TAGS:
            if "equipment" in block.key and block.key not in KNOWN_TAGS and block.has_text:
                report.error(
                    block.line,
                    _(
                        "<{tag}> is not a ProtoMech equipment block this importer knows; its items would be lost"
                    ).format(tag=_short(block.name)),
                    "blk-unknown-block",
                )
            continue
        if block.key in found:
            report.error(
                block.line,
                _("<{tag}> given twice (first at line {line})").format(
                    tag=_short(block.name), line=found[block.key].line
                ),
                "blk-twice",
            )
            continue
        found[block.key] = block
        for number, value in block.values:
            if len(value) > MAX_VALUE_LEN:
                report.error(
                    number,
                    _("line too long in <{tag}> ({length} characters; limit {limit})").format(
                        tag=_short(block.name), length=len(value), limit=MAX_VALUE_LEN
                    ),
                    "blk-line-too-long",
                )
            elif any(ord(c) < 32 or 127 <= ord(c) < 160 for c in value if c != "\t"):
                report.error(
                    number,
                    _("control character in <{tag}>").format(tag=_short(block.name)),
                    "blk-control-character",
                )
    return found


def _single(
    found: dict[str, _Block], key: str, report: _Report, required: bool = True
) -> tuple[int, str] | None:
    """(line, value) of a one-line block; None (and a problem if required) when absent."""
    block = found.get(key)
    if block is None:
        if required:
            report.error(1, _("missing <{tag}> block").format(tag=TAG_TITLES[key]), "blk-missing-block")
        return None
    for number, extra in block.values[1:]:
        report.error(
            number,
            _("stray value {value} in <{tag}> (it takes one line)").format(
                value=short(extra, 40), tag=_short(block.name)
            ),
            "blk-stray-value",
        )
    if not block.values:
        if required:
            report.error(block.line, _("<{tag}> is empty").format(tag=_short(block.name)), "blk-empty-block")
        return None
    return block.values[0]


def _whole(entry: tuple[int, str] | None, what: str, report: _Report) -> int | None:
    if entry is None:
        return None
    number, text = entry
    if not _WHOLE.fullmatch(text):
        report.error(
            number,
            _("{tag} must be a whole number of 0 or more, not {value}").format(
                tag=what, value=short(text, 40)
            ),
            "blk-not-whole",
        )
        return None
    return int(text)


def _put(target: YMap, key: str, value, line: int) -> None:
    target[key] = value
    target.key_pos[key] = target.value_pos[key] = Pos(line, 1)


def _flow_map(pairs: list[tuple[str, object, int]], line: int) -> YMap:
    out = YMap()
    out.pos = Pos(line, 1)
    for key, value, at in pairs:
        _put(out, key, value, at)
    return out


# -- mapping ----------------------------------------------------------------------------------


def _tons(found, report) -> int | None:
    entry = _single(found, "tonnage", report)
    if entry is None:
        return None
    number, text = entry
    if not _NUMBER.fullmatch(text):
        report.error(
            number, _("tonnage must be a number, not {value}").format(value=short(text, 40)), "blk-tonnage"
        )
        return None
    value = float(text)
    if not value.is_integer():
        report.error(number, _("tonnage must be whole tons, not {value}").format(value=text), "blk-tonnage")
        return None
    return int(value)


def _motion(found, report) -> str | None:
    entry = _single(found, "motion_type", report)
    if entry is None:
        return None
    number, text = entry
    motion = MOTIONS.get(text.lower())
    if motion is None:
        report.error(
            number,
            _("unknown motion_type {value}{hint}; expected Biped, Quad or WiGE").format(
                value=short(text, 40), hint=did_you_mean(text, ["Biped", "Quad", "WiGE"])
            ),
            "blk-motion",
        )
    return motion


def _armor_type(found, report) -> tuple[str, int] | None:
    """(our armour type, line) from ``<armor_type>`` (MegaMek's code); None = the block is absent.

    An armour type we do not model is a refusal naming it, never silently standard armour."""
    entry = _single(found, "armor_type", report, required=False)
    if entry is None:
        return None
    number, text = entry
    if not re.fullmatch(r"[+-]?\d{1,4}", text):
        report.error(
            number,
            _("armor_type must be a whole number (MegaMek's armour code), not {value}").format(
                value=short(text, 40)
            ),
            "blk-armor-type",
        )
        return None
    codes = armor_type_codes()
    if int(text) not in codes:
        known = ", ".join(f"{c} = {t}" for c, t in sorted(codes.items()))
        report.error(
            number,
            _("armour type {code} (MegaMek <armor_type>) is not modelled here; known: {known}").format(
                code=int(text), known=known
            ),
            "blk-armor-type",
        )
        return None
    return codes[int(text)], number


def armor_type_codes() -> dict[int, str]:
    """MegaMek ``<armor_type>`` code -> our ``armor_type`` (``data/battletech/armor_types.yaml``)."""
    data = load_data("battletech/armor_types.yaml") or {}
    return {
        code: name
        for name, row in (data.get("armor_types") or {}).items()
        for code in row.get("megamek_codes") or ()
    }


def _armor(found, motion: str | None, report) -> YMap | None:
    block = found.get("armor")
    if block is None:
        report.error(1, _("missing <{tag}> block").format(tag="armor"), "blk-missing-block")
        return None
    values = []
    for number, text in block.values:
        if _WHOLE.fullmatch(text):
            values.append((number, int(text)))
        else:
            report.error(
                number,
                _("armour value must be a whole number of 0 or more, not {value}").format(
                    value=short(text, 40)
                ),
                "blk-armor",
            )
    if len(values) < len(block.values):
        return None
    if len(values) not in (5, 6):
        report.error(
            block.line,
            _(
                "expected 5 armour values (6 with a main gun) in the order head, torso, right arm, left arm, "
                "legs[, main gun]; found {count}"
            ).format(count=len(values)),
            "blk-armor-count",
        )
        return None
    armor = YMap()
    armor.pos = Pos(block.line, 1)
    for location, (number, value) in zip(ARMOR_ORDER, values):
        if motion == "quad" and location in ("right_arm", "left_arm"):
            if value:
                arm = _("right arm") if location == "right_arm" else _("left arm")
                report.error(
                    number,
                    _("a quad has no arms: {arm} armour must be 0, not {value}").format(arm=arm, value=value),
                    "blk-quad-arms",
                )
            continue
        _put(armor, location, value, number)
    return armor


@dataclass
class _Gear:
    """What the equipment blocks add up to."""

    items: YSeq = field(default_factory=YSeq)
    ammo: list = field(default_factory=list)  # (line, item mapping), listed after the rest
    jets: dict = field(default_factory=dict)  # "standard"/"extended" -> count
    jet_line: int = 0
    booster: bool = False
    booster_line: int = 0


def _item(number: int, text: str, location: str, has_main_gun: bool, gear: _Gear, report: _Report) -> None:
    """Map one equipment line (``[(R) ]name[ (shots)][:SIZE:x]``) into ``gear``.

    The ``:SIZE:`` value and the ``(R)`` mark are checked and dropped: MegaMek uses them only for
    variable-size items and for the facing of vehicular grenade launchers, and the catalogue
    has neither.
    """
    sized = _SIZE.search(text)
    if sized:
        size_text = sized[1].strip()
        if not _NUMBER.fullmatch(size_text):
            report.error(
                number, _("size must be a number, not {value}").format(value=short(size_text, 40)), "blk-size"
            )
            return
        text = text[: sized.start()].strip()
    if text.startswith("(R) "):
        text = text[4:].strip()
    name, shots = text, None
    counted = _SHOTS.fullmatch(text)
    if counted and re.fullmatch(r"[+-]?\d{1,6}", counted[2].strip()) and lookup_item(text) is None:
        name, shots = counted[1], int(counted[2])
        if shots < 1:
            report.error(
                number, _("shot count must be 1 or more, not {value}").format(value=shots), "blk-shots"
            )
            return
    special = " ".join(name.split()).lower()
    if special == UMU:
        report.error(
            number,
            _("{item} (UMU) cannot be imported: unit files have no UMU field").format(item=short(name, 40)),
            "blk-umu",
        )
        return
    if special in JUMP_JETS or special == MYOMER_BOOSTER or special in BUILT_IN:
        if shots is not None:
            report.error(number, _("{item} takes no shot count").format(item=short(name, 40)), "blk-shots")
        elif special in JUMP_JETS:
            kind = JUMP_JETS[special]
            gear.jets[kind] = gear.jets.get(kind, 0) + 1
            gear.jet_line = gear.jet_line or number
        elif special == MYOMER_BOOSTER:
            gear.booster, gear.booster_line = True, number
        return
    entry = lookup_item(name)
    if entry is None:
        report.error(
            number,
            _("unknown item {item}{hint}").format(item=short(name, 40), hint=suggest(name)),
            "blk-unknown-item",
        )
        return
    if entry.kind == "ammo":
        if shots is None:
            report.error(
                number,
                _("ammo {item} needs a shot count: '{name} (N)'").format(item=short(name, 40), name=name),
                "blk-shots",
            )
            return
        gear.ammo.append((number, [("item", entry.name, number), ("shots", shots, number)]))
        return
    if shots is not None:
        report.error(
            number,
            _("{item} is not ammo: remove the shot count '({shots})'").format(
                item=short(name, 40), shots=shots
            ),
            "blk-shots",
        )
        return
    if location == "main_gun" and not has_main_gun:
        report.error(
            number,
            _("{item} is in <Main Gun Equipment> but <armor> has no main-gun value (5 values)").format(
                item=short(name, 40)
            ),
            "blk-main-gun",
        )
        return
    if location == "body":
        report.error(
            number,
            _(
                "{item} must be in a location (head, torso, arms, legs, main gun), not in <Body Equipment>"
            ).format(item=short(name, 40)),
            "blk-body-item",
        )
        return
    gear.items.append(_flow_map([("item", entry.name, number), ("location", location, number)], number))
    gear.items.item_pos.append(Pos(number, 1))


def _equipment(found, has_main_gun: bool, report) -> _Gear:
    gear = _Gear()
    gear.items.pos = Pos(1, 1)
    for key, location in LOCATIONS.items():
        block = found.get(key)
        if block is None:
            continue
        for number, text in block.values:
            _item(number, text, location, has_main_gun, gear, report)
    for number, pairs in gear.ammo:
        gear.items.append(_flow_map(pairs, number))
        gear.items.item_pos.append(Pos(number, 1))
    if len(gear.jets) > 1:
        report.error(gear.jet_line, _("mixes standard and extended jump jets"), "blk-jump-jets")
    return gear


def parse_blk(text: str | bytes, path: str) -> dict:
    """One unit mapping (our user format) from the text of a MegaMek ``.blk`` ProtoMech file.

    Raises :class:`InputError` listing every problem of the file (``path:line:col``).
    The result is a :class:`YMap` whose positions point at the ``.blk`` lines.
    """
    report = _Report(str(path))
    if isinstance(text, str):
        text = text.encode("utf-8", "surrogatepass")
    text = _decode(text, report)
    if text is None:
        report.raise_if_errors()
    found = _index(_blocks(text, report), report)
    unit_type = _single(found, "unittype", report)
    if unit_type is not None and unit_type[1].lower() not in PROTO_TYPES:
        report.error(
            unit_type[0], _("not a ProtoMech: {kind}").format(kind=_short(unit_type[1])), "blk-not-protomech"
        )
        report.raise_if_errors()
    unit = YMap()
    unit.pos = Pos(1, 1)
    name = _single(found, "name", report)
    model = _single(found, "model", report, required=False)
    tons, motion = _tons(found, report), _motion(found, report)
    walk = _whole(_single(found, "cruisemp", report), "cruiseMP", report)
    jump_tag = _single(found, "jumpingmp", report, required=False)
    jump = _whole(jump_tag, "jumpingMP", report)
    armor = _armor(found, motion, report)
    armor_type = _armor_type(found, report)
    gear = _equipment(found, armor is not None and "main_gun" in armor, report)
    report.raise_if_errors()

    _put(unit, "name", name[1], name[0])
    _put(unit, "model", model[1] if model else "", model[0] if model else found["name"].line)
    _put(unit, "tons", tons, found["tonnage"].values[0][0])
    _put(unit, "motion", motion, found["motion_type"].values[0][0])
    _put(unit, "walk", walk, found["cruisemp"].values[0][0])
    jets = sum(gear.jets.values())
    if jump_tag is not None:
        _put(unit, "jump", jump, jump_tag[0])
    else:
        _put(unit, "jump", jets, gear.jet_line or 1)
    if unit["jump"] or jets:
        _put(
            unit,
            "jump_jets",
            "extended" if "extended" in gear.jets else "standard",
            gear.jet_line or unit.value_pos["jump"].line,
        )
    _put(unit, "myomer_booster", gear.booster, gear.booster_line or 1)
    if armor_type is not None and armor_type[0] != "standard":
        _put(unit, "armor_type", armor_type[0], armor_type[1])
    _put(unit, "armor", armor, armor.pos.line)
    _put(unit, "equipment", gear.items, gear.items.pos.line)
    _put(unit, "pilot", _flow_map([("name", "", 1), ("gunnery", default_gunnery(), 1)], 1), 1)
    unit.warnings = report.problems.warnings  # fluff-only problems (see parse_blk_with_warnings)
    return unit


def parse_blk_with_warnings(text: str | bytes, path: str) -> tuple[dict, list[Problem]]:
    """:func:`parse_blk` plus the warnings of the file (problems confined to fluff blocks)."""
    unit = parse_blk(text, path)
    return unit, list(unit.warnings)


def check_unit(unit: dict, path: str, rules: str = "tw") -> list[Problem]:
    """Run the battletech schema and rule checks on a unit from :func:`parse_blk`.

    MegaMek designs follow Total Warfare, so the ``tw`` variant is the default. Errors raise
    :class:`InputError` pointing at the ``.blk`` lines; warnings (construction limits) are
    returned.
    """
    game = get_game("battletech")
    options = Options(rules=rules)
    problems = Problems(path)
    label = _("unit {name}").format(name=short(unit.get("name")))
    checked = game.unit_spec().check(unit, getattr(unit, "pos", None), problems, label)
    if checked is not INVALID:
        for issue in game.validate_unit(game.build_unit(checked, options), options):
            pos = locate(checked, tuple(issue.path))
            message = _("{unit}: {message}").format(unit=label, message=issue.message)
            if issue.severity == "warning":
                problems.warning(pos, message, issue.code)
            else:
                problems.error(pos, message, issue.code)
    problems.raise_if_errors()
    return problems.warnings


def read_blk(path: str | os.PathLike) -> dict:
    """Read and parse one ``.blk`` file; unreadable files raise :class:`InputError`."""
    name = str(path)
    data = read_user_bytes(path, MAX_BYTES)
    return parse_blk(data, name)


def read_blk_with_warnings(path: str | os.PathLike) -> tuple[dict, list[Problem]]:
    """:func:`read_blk` plus the file's warnings (problems confined to fluff blocks)."""
    unit = read_blk(path)
    return unit, list(unit.warnings)


def blk_to_unit_file(path: str | os.PathLike, data: bytes | None = None) -> dict:
    """The unit-file mapping of one ``.blk`` file (the file at ``path``, or its bytes ``data``
    named ``path``), so that `render`/`validate`/`info` and :mod:`sheets.api` read it directly;
    ``rules: tw`` when the design needs it (see :func:`to_yaml`)."""
    unit = read_blk(path) if data is None else parse_blk(data, str(path))
    doc: dict = {"system": "battletech"}
    if _needs_tw(unit):
        doc["rules"] = "tw"
    doc["units"] = [_plain_data(unit)]
    return doc


def _plain_data(value):
    if isinstance(value, dict):
        return {str(k): _plain_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_data(v) for v in value]
    return value


# -- writing ----------------------------------------------------------------------------------


class _Flow(dict):
    """A mapping written on one line: ``{item: X, location: torso}``."""


class _Dumper(yaml.SafeDumper):
    def increase_indent(self, flow=False, indentless=False):
        return super().increase_indent(flow, False)  # indent list items under their key


_Dumper.add_representer(
    _Flow, lambda d, data: d.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=True)
)
_Dumper.add_representer(
    str,
    lambda d, data: (
        d.represent_scalar("tag:yaml.org,2002:str", data, style='"')
        if data == ""
        else yaml.SafeDumper.represent_str(d, data)
    ),
)


def _plain(value, inner: bool = False):
    """YMap/YSeq -> dict/list; mappings inside a unit (``inner``) become one-line flow mappings."""
    if isinstance(value, dict):
        items = {str(k): _plain(v, True) for k, v in value.items()}
        return _Flow(items) if inner else items
    if isinstance(value, list):
        return [_plain(v, inner) for v in value]
    return value


def _needs_tw(unit: dict) -> bool:
    """True when the default variant does not allow the unit (quads, gliders, ultraheavies) or
    it carries equipment later than the default (classic) rules, e.g. a myomer booster."""
    from sheets.games.battletech.rules import build, later_equipment

    allowed = variant_data(DEFAULT_VARIANT)
    return (
        unit.get("motion") not in allowed["motions"]
        or not allowed["tons"]["min"] <= unit.get("tons", 0) <= allowed["tons"]["max"]
        or bool(later_equipment(build(unit), DEFAULT_VARIANT))
    )


def to_yaml(units: list[dict]) -> str:
    """A unit file (``system: battletech`` + ``units:``) for the given unit mappings.

    ``rules: tw`` is added when a unit needs it (a quad, glider or ultraheavy design is not
    allowed under the default ``classic`` rules; later equipment only warns there), so the file
    loads as written.
    """
    doc: dict = {"system": "battletech"}
    if any(_needs_tw(unit) for unit in units):
        doc["rules"] = "tw"
    doc["units"] = [_plain(unit) for unit in units]
    return yaml.dump(
        doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100
    )
