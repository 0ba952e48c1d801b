"""MegaMek force files (``.mul``): the ProtoMechs of a force with their pilots.

What MegaMek writes (MegaMek ``EntityListFile.writeEntityList``, read by its ``MULParser``; the
same layout from MegaMek 0.42 to 0.50): XML, a ``<unit version=…>`` root holding one
``<entity chassis=… model=… type=…>`` per unit, where ``type`` is the unit's *movement mode*
(``Biped``, ``Quad``, ``WiGE``, ``Tracked``…, in the language MegaMek ran in), never its unit
type. The unit itself is not in the file (except a custom unit embedded as
``<construction_data>``, base64 of a gzipped unit file, MegaMek 0.50): MegaMek finds it in its
unit cache by name, "chassis model" (then "model chassis"). The pilot is
``<pilot size= name= nick= gender= gunnery= piloting= … ejected= externalId=…/>`` (older
versions: ``name=`` first), or MekHQ's ``<crew crewType="single" …><crewMember slot="0" …/></crew>``;
the RPG gunnery option writes ``gunneryL/M/B`` instead of ``gunnery``. Then the unit's state in
``<location index=N> Name`` blocks (armour left, ``<slot index="N/A" type=AMMO shots=N/>`` for
every ProtoMech ammo bin), ``<Game id=>``, and ``<Force force="Star Alpha|1||Point 1|2||"/>``
(older: ``Star Alpha|1\\Point 1|2``): the force tree down to the unit's own group. An end-of-battle
record (``<record>``) holds the player's units in ``<survivors>`` and others in ``<allies>``,
``<salvage>``, ``<retreated>``, ``<devastated>``.

What is read: ProtoMech-ness comes from the unit file found (its ``UnitType``; a ``.mtf`` is a
Mek): units of other kinds are named and left out. The units are looked up among the ``.blk``
and ``.mtf`` files of a folder (a MegaMek installation's unit folder, searched recursively, or
the force's own folder), then imported like ``sheets import megamek FILE.blk``; the pilot gives
the name, call sign and Gunnery (Piloting is always 5 for a ProtoMech: another value is
reported); the innermost ``<Force>`` group gives the unit's Point. Damage, ammo used and pilot
hits recorded in the file are not carried onto the sheet (each unit that has them says so).

:func:`read_force` gives the unit-file mapping of the units it found and one message per unit it
could not use (``.warnings``; ``.missing`` counts the ones that may have been ProtoMechs). Files
from strangers: XML through defusedxml (no DTD, entities or external references), the encoding
declared checked, the elements, nesting, units, folder scan and embedded data capped, every
message positioned at its element.
"""

from __future__ import annotations

import base64
import binascii
import os
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sheets.core.errors import InputError, Pos, Problem, did_you_mean, plain, short
from sheets.core.fsio import os_reason
from sheets.core.i18n import _, ngettext

MAX_BYTES = 2 * 1024 * 1024  # a force file of hundreds of units is far below
MAX_ENTITIES = 500  # units in one force (the loader's cap of units per file)
MAX_SCAN = 20_000  # unit files looked at in the units folder (MegaMek ships ~10,000)
MAX_ELEMENTS = 100_000  # XML elements (500 units with every location and slot: ~15,000)
MAX_DEPTH = 40  # XML nesting (MegaMek writes 5 levels)
HEAD = 64 * 1024  # the first bytes of a unit file that name it (its tags come first)
UNIT_SUFFIXES = (".blk", ".mtf")  # MegaMek unit files: .blk (any unit type), .mtf (Meks)
PROTO_TYPES = ("protomech", "protomek")
PROTO_PILOTING = 5  # digest §7: a ProtoMech pilot's Piloting is always 5
MAX_SKILL = 8  # MegaMek Crew.MAX_SKILL
MAX_HINTS = 20  # units not found that get a "did you mean" (each compares with every unit file)
UNITS_ENV = "SHEETS_MUL_UNITS"  # the folder of `render FORCE.mul --units DIR` (set by the CLI)
# the encodings expat reads itself (MegaMek writes UTF-8)
ENCODINGS = frozenset(
    ("utf-8", "utf8", "utf-16", "utf16", "us-ascii", "ascii", "iso-8859-1", "latin-1", "latin1", "iso8859-1")
)
# the sections of an end-of-battle record: the player's own units, then the others
OWN_SECTIONS = ("unit", "survivors")
OTHER_SECTIONS = ("allies", "salvage", "retreated", "devastated")

_TAG = re.compile(rb"<(name|model|unittype)>[ \t]*\r?\n(.*?)\r?\n\s*</\1>", re.I | re.S)
_DECLARED = re.compile(rb"\A(?:\xef\xbb\xbf)?\s*<\?xml\b[^>]*?\bencoding\s*=\s*([\"'])(.*?)\1", re.S)
_CLAN_NAME = re.compile(r"^(.*\S)\s+\(([^()]*)\)$")  # MegaMek 0.50: "Mad Cat (Timber Wolf)"


class ForceMapping(dict):
    """A unit-file mapping that also carries the force's messages: ``warnings`` (Problems),
    ``missing`` (units left out that may have been ProtoMechs: no unit file, or one that does
    not import) and ``used`` (the in-memory unit files it read)."""

    warnings: list
    missing: int = 0
    left_out: int = 0  # units of the force not imported (missing ones and other kinds)
    used: set = set()


def _fail(name: str, message: str, pos: Pos | None, code: str) -> None:
    raise InputError([Problem(name, pos, message, code=code)])


def _norm(text: str) -> str:
    return " ".join(str(text).split())


def _key(text: str) -> str:
    return _norm(text).lower()


# -- the units folder --------------------------------------------------------------------------


@dataclass(frozen=True)
class UnitFile:
    """A unit file that names a unit: where it is, what it says it is, how to read it."""

    name: str  # the file (a path, or the name of an opened file)
    kind: str  # its UnitType as written ("ProtoMek", "Tank"…); "Mek" for a .mtf
    read: Callable[[], dict] | None = None  # its unit mapping (blk.parse_blk; read for a ProtoMech)
    label: str = ""  # "chassis model" as the file writes them (in a folder's index)

    @property
    def protomech(self) -> bool:
        return self.kind.lower() in PROTO_TYPES


def blk_head(head: bytes) -> tuple[str, str, str] | None:
    """(UnitType, Name, Model) of a ``.blk`` from its first bytes, or None without a name."""
    tags: dict[str, str] = {}
    for m in _TAG.finditer(head[:HEAD]):
        tags.setdefault(m.group(1).lower().decode(), _norm(m.group(2).decode("utf-8", "replace")))
    if not tags.get("name"):
        return None
    return tags.get("unittype", ""), tags["name"], tags.get("model", "")


def mtf_head(head: bytes) -> tuple[str, str] | None:
    """(chassis, model) of a Mek's ``.mtf`` (``chassis:`` and ``model:`` lines, or the older
    layout: a ``Version:`` line, then the chassis and the model lines), or None."""
    lines = [_norm(line) for line in head[:HEAD].decode("utf-8", "replace").splitlines()]
    keyed: dict[str, str] = {}
    for line in lines:
        key, sep, value = line.partition(":")
        if sep:
            keyed.setdefault(key.strip().lower(), value.strip())
    if keyed.get("chassis"):
        return keyed["chassis"], keyed.get("model", "")
    if len(lines) > 1 and lines[0].lower().startswith("version:") and lines[1] and ":" not in lines[1]:
        model = lines[2] if len(lines) > 2 and ":" not in lines[2] else ""
        return lines[1], model
    return None


class UnitIndex:
    """The unit files of a folder (or of the opened files), by "chassis model"."""

    def __init__(self, where: str):
        self.where = where  # named in messages
        self.units: dict[str, UnitFile] = {}
        self.warnings: list[Problem] = []  # files and folders that could not be looked at

    def add(self, name: str, head: bytes, read: Callable[[str], dict]) -> None:
        """Index one unit file from its first bytes; the first file of a name wins."""
        if name.lower().endswith(".mtf"):
            found = mtf_head(head)
            if found is None:
                return
            entry = UnitFile(name, "Mek", label=_norm(f"{found[0]} {found[1]}"))
        else:
            known = blk_head(head)
            if known is None:
                return
            kind, chassis, model = known
            entry = UnitFile(name, kind, lambda: read(name), _norm(f"{chassis} {model}"))
        self.units.setdefault(_key(entry.label), entry)

    def find(self, chassis: str, model: str) -> UnitFile | None:
        """MegaMek's lookup (``MULParser.getEntity``): "chassis model", then "model chassis";
        a chassis with a Clan name ("Mad Cat (Timber Wolf)", MegaMek 0.50) also without it."""
        names = [chassis]
        m = _CLAN_NAME.match(chassis)
        if m:
            names.append(m.group(1))
        for name in names:
            for key in (f"{name} {model}", f"{model} {name}"):  # without a model: the chassis
                if _key(key) in self.units:
                    return self.units[_key(key)]
        return None

    def labels(self) -> list[str]:
        return [u.label for u in self.units.values()]


def index_units(folder: str | os.PathLike) -> UnitIndex:
    """Every ``.blk`` and ``.mtf`` under ``folder`` (recursively, symlinked folders not followed,
    in sorted order), by the first bytes of each (only the matched ProtoMechs are parsed in
    full). Every file looked at is an input of the command (no output may replace it); a file
    that cannot be read (a FIFO, a device, no permission) and a folder that cannot be listed are
    skipped with a warning naming them."""
    from sheets.core.fsio import read_user_bytes
    from sheets.games.battletech.blk import read_blk

    index = UnitIndex(str(folder))

    def unreadable(exc: OSError) -> None:
        index.warnings.append(
            Problem(
                str(exc.filename or folder),
                None,
                _("this folder cannot be read ({reason}): its unit files were not searched").format(
                    reason=os_reason(exc) or type(exc).__name__
                ),
                "warning",
                "mul-folder-unreadable",
            )
        )

    seen = 0
    for root, dirs, names in os.walk(folder, onerror=unreadable, followlinks=False):
        dirs.sort()
        for n in sorted(names):
            if not n.lower().endswith(UNIT_SUFFIXES):
                continue
            seen += 1
            if seen > MAX_SCAN:
                _fail(
                    str(folder),
                    _("more than {limit} unit files (.blk, .mtf) in the units folder: refused").format(
                        limit=MAX_SCAN
                    ),
                    None,
                    "mul-too-many-unit-files",
                )
            path = str(Path(root) / n)
            try:
                head = read_user_bytes(path, HEAD, head=True)
            except InputError as exc:
                index.warnings.extend(
                    Problem(
                        p.path,
                        None,
                        _("{reason}: skipped (not read as a unit file)").format(reason=p.message),
                        "warning",
                        "mul-unit-file-skipped",
                    )
                    for p in exc.problems
                )
                continue
            index.add(path, head, read_blk)
    return index


def index_sources(sources: dict[str, bytes]) -> UnitIndex:
    """:func:`index_units` of in-memory unit files (name -> bytes), in name order."""
    from sheets.games.battletech.blk import parse_blk

    index = UnitIndex(_("the opened unit files"))
    for name in sorted(sources):
        if name.lower().endswith(UNIT_SUFFIXES):
            index.add(name, sources[name], lambda n: parse_blk(sources[n], n))
    return index


# -- the XML -------------------------------------------------------------------------------------


class _Stop(Exception):
    """Raised by the tree builder at a cap, to stop the parser where it stands."""


class _Builder:
    """An ElementTree builder that counts elements and nesting while parsing (it stops at the
    caps) and remembers where each element starts."""

    def __init__(self, parser_ref: list):
        from xml.etree.ElementTree import TreeBuilder

        self.tb = TreeBuilder()
        self.parser_ref = parser_ref
        self.count = self.depth = 0
        self.positions: dict[int, Pos] = {}

    def start(self, tag, attrs):
        self.count += 1
        self.depth += 1
        xp = self.parser_ref[0].parser
        at = Pos(xp.CurrentLineNumber, xp.CurrentColumnNumber + 1)
        if self.count > MAX_ELEMENTS:
            raise _Stop(
                _("more than {limit} XML elements: refused (a force file has a few hundred)").format(
                    limit=MAX_ELEMENTS
                ),
                at,
                "mul-too-many-elements",
            )
        if self.depth > MAX_DEPTH:
            raise _Stop(
                _("XML nested deeper than {limit} levels: refused (MegaMek writes five)").format(
                    limit=MAX_DEPTH
                ),
                at,
                "mul-too-deep",
            )
        el = self.tb.start(tag, attrs)
        self.positions[id(el)] = at
        return el

    def end(self, tag):
        self.depth -= 1
        return self.tb.end(tag)

    def data(self, text):
        self.tb.data(text)

    def close(self):
        return self.tb.close()


def _check_encoding(name: str, data: bytes) -> None:
    """The encoding the XML declaration names must be one expat reads itself (MegaMek writes
    UTF-8): any other (``x-foo``, ``base64``, ``zlib``…) is refused at its column."""
    m = _DECLARED.match(data[:512])
    if m:
        enc = m.group(2).decode("ascii", "replace").strip()
        if enc.lower() not in ENCODINGS:
            before = data[: m.start(2)]
            at = Pos(before.count(b"\n") + 1, len(before) - before.rfind(b"\n"))
            _fail(
                name,
                _("encoding {encoding} is not supported: MegaMek writes its force files in UTF-8").format(
                    encoding=short(enc, 30)
                ),
                at,
                "mul-encoding",
            )


def parse_xml(name: str, data: bytes):
    """(root element, {id(element): Pos}) of a force file through defusedxml (no DTD, entities
    or external references), the element count and depth capped while parsing; namespaces are
    dropped and tag names lower-cased (MegaMek compares them ignoring case)."""
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import DefusedXMLParser

    if len(data) > MAX_BYTES:
        _fail(name, _("file too large (limit {limit} bytes)").format(limit=MAX_BYTES), None, "mul-too-large")
    _check_encoding(name, data)
    ref: list = []
    builder = _Builder(ref)
    # entities and external references are refused by default; a DTD too, here
    parser = DefusedXMLParser(target=builder, forbid_dtd=True)
    ref.append(parser)
    try:
        parser.feed(data)
        root = parser.close()
    except _Stop as exc:
        _fail(name, exc.args[0], exc.args[1], exc.args[2])
    except DefusedXmlException as exc:
        _fail(
            name,
            _(
                "refused: the XML declares a DTD, entities or external references ({kind}); "
                "MegaMek never writes them"
            ).format(kind=type(exc).__name__),
            None,
            "mul-dtd",
        )
    except ParseError as exc:
        line, col = exc.position
        _fail(
            name,
            _("not a readable MegaMek force: the XML is broken here ({reason})").format(
                reason=str(exc).split(":")[0]
            ),
            Pos(line, col + 1),
            "mul-xml",
        )
    except (ValueError, LookupError, UnicodeError, TypeError, RecursionError, OverflowError) as exc:
        xp = parser.parser
        _fail(
            name,
            _("not a readable MegaMek force: the XML is broken here ({reason})").format(
                reason=plain(str(exc) or type(exc).__name__, 40)
            ),
            Pos(xp.CurrentLineNumber, xp.CurrentColumnNumber + 1),
            "mul-xml",
        )
    for el in root.iter():
        if isinstance(el.tag, str):
            el.tag = el.tag.rpartition("}")[2].lower()
    return root, builder.positions


# -- reading the force ---------------------------------------------------------------------------


@dataclass
class _Entity:
    element: object
    number: int = 0
    chassis: str = ""
    model: str = ""

    @property
    def label(self) -> str:
        text = _norm(f"{self.chassis} {self.model}")
        return plain(text) if text else _("no chassis")


class _Reader:
    """One force file's reading: its messages, in order."""

    def __init__(self, name: str, positions: dict[int, Pos]):
        self.name = name
        self.positions = positions
        self.warnings: list[Problem] = []
        self.missing = 0
        self.others = 0

    def at(self, element) -> Pos | None:
        return self.positions.get(id(element))

    def warn(self, element, message: str, code: str) -> None:
        self.warnings.append(Problem(self.name, self.at(element), message, "warning", code))


def _entities(root, r: _Reader) -> list[_Entity]:
    """The force's entities where MegaMek reads them (``MULParser.parse``): the children of a
    ``<unit>`` root, a lone ``<entity>`` root, or a record's own ``<entity>``, ``<unit>`` and
    ``<survivors>`` (the player's units); a record's other sections and an ``<entity>`` anywhere
    else are named and left out."""
    tag = root.tag
    if tag not in ("unit", "record", "entity"):
        _fail(
            r.name,
            _("the root element <{tag}> is not a MegaMek force (MegaMek writes <unit> or <record>)").format(
                tag=plain(tag, 30)
            ),
            r.at(root),
            "mul-root",
        )
    found = [root] if tag == "entity" else [c for c in root if c.tag == "entity"]
    named = set()  # entities of a record's other sections (named once per section)
    if tag == "record":
        for child in root:
            inner = [e for e in child if e.tag == "entity"]
            if child.tag in OWN_SECTIONS:
                found.extend(inner)
            elif child.tag in OTHER_SECTIONS and inner:
                named.update(id(e) for e in inner)
                r.warn(
                    child,
                    ngettext(
                        "the record's <{section}> ({count} unit) is not your force: left out",
                        "the record's <{section}> ({count} units) is not your force: left out",
                        len(inner),
                    ).format(section=child.tag, count=len(inner)),
                    "mul-other-section",
                )
    taken = {id(e) for e in found}
    parents = {id(c): p for p in root.iter() for c in p}
    for el in root.iter("entity"):
        if id(el) in taken or id(el) in named or _inside(el, taken, parents):
            continue
        r.warn(
            el,
            _(
                "an <entity> inside <{parent}> is not a unit of the force (MegaMek reads units only "
                "in <unit> and in a record's sections): left out"
            ).format(parent=plain(parents[id(el)].tag, 30)),
            "mul-entity-elsewhere",
        )
    if not found:
        _fail(r.name, _("no <entity> in this file: not a MegaMek force (.mul)"), r.at(root), "mul-no-entity")
    if len(found) > MAX_ENTITIES:
        _fail(
            r.name,
            _("more than {limit} units in the force: refused").format(limit=MAX_ENTITIES),
            r.at(found[MAX_ENTITIES]),
            "mul-too-many-units",
        )
    return [
        _Entity(el, n, _norm(el.get("chassis") or ""), _norm(el.get("model") or ""))
        for n, el in enumerate(found, 1)
    ]


def _inside(el, taken: set, parents: dict) -> bool:
    """True when ``el`` is inside one of the entities taken (a unit's own nested data)."""
    up = parents.get(id(el))
    while up is not None:
        if id(up) in taken:
            return True
        up = parents.get(id(up))
    return False


def _embedded(e: _Entity, r: _Reader) -> UnitFile | None:
    """The unit file embedded in the entity (``<construction_data filename=…>``: base64 of a
    gzipped .blk, MegaMek 0.50), or None; an unreadable one is reported and not used (MegaMek
    then looks the unit up by name, as here)."""
    from sheets.games.battletech.blk import MAX_BYTES as BLK_BYTES
    from sheets.games.battletech.blk import parse_blk

    found = [el for el in e.element.iter("construction_data")]
    if len(found) != 1:  # MegaMek reads exactly one
        return None
    el = found[0]
    filename = plain(_norm(el.get("filename") or "")) or "construction_data"
    reason = None
    try:
        packed = "".join("".join(el.itertext()).split())
        raw = base64.b64decode(packed, validate=True)
        unpack = zlib.decompressobj(16 + zlib.MAX_WBITS)  # gzip
        data = unpack.decompress(raw, BLK_BYTES + 1)
        if len(data) > BLK_BYTES or unpack.unconsumed_tail:
            reason = _("it unpacks to more than {limit} bytes").format(limit=BLK_BYTES)
        elif not unpack.eof:
            reason = _("it is cut short")
    except (binascii.Error, ValueError):
        reason = _("not valid base64")
    except zlib.error:
        reason = _("not gzip data")
    if reason is None:
        known = blk_head(data)
        if known is None:
            if mtf_head(data) is not None:  # MegaMek embeds a Mek as its .mtf
                return UnitFile(f"{r.name} ({filename})", "Mek")
            reason = _("no unit name in it")
    if reason is not None:
        r.warn(
            el,
            _(
                "unit {number} ({label}): the unit file embedded in the force ({file}) cannot be read "
                "({reason}); looked up by its name instead"
            ).format(number=e.number, label=e.label, file=filename, reason=reason),
            "mul-embedded-unreadable",
        )
        return None
    label = f"{r.name} ({filename})"
    return UnitFile(label, known[0], lambda: parse_blk(data, label))


def _skill(text: str) -> int | None:
    """A skill as MegaMek reads it (``Integer.parseInt``, 0 to ``Crew.MAX_SKILL``), or None."""
    text = text.strip()
    if not re.fullmatch(r"[+-]?\d{1,3}", text):
        return None
    number = int(text)
    return number if 0 <= number <= MAX_SKILL else None


def _pilot_node(e: _Entity):
    """(element, attributes) of the entity's pilot: its ``<pilot>``, or the ``<crew>`` with its
    slot-0 ``<crewMember>`` (the member's attributes over the crew's, as MegaMek merges them);
    a later one replaces an earlier one, as in MegaMek. None without either."""
    chosen = None
    for child in e.element:
        if child.tag == "pilot":
            chosen = (child, dict(child.attrib))
        elif child.tag == "crew":
            members = [m for m in child if m.tag == "crewmember"]
            first = next((m for m in members if (m.get("slot") or "").strip() == "0"), None)
            first = first if first is not None else (members[0] if members else None)
            attrs = dict(child.attrib)
            if first is not None:
                attrs.update(first.attrib)
            chosen = (first if first is not None else child, attrs)
    return chosen


def _pilot(e: _Entity, r: _Reader) -> dict | None:
    """The unit file's ``pilot`` from the entity's pilot (name, call sign, Gunnery), reporting
    what the sheet cannot carry (another Piloting, hits, a dead or ejected pilot)."""
    from sheets.games.battletech.rules import default_gunnery

    found = _pilot_node(e)
    if found is None:
        return None
    node, a = found
    pilot: dict = {}
    cut = {
        "name": _("unit {number} ({label}): the pilot's name is longer than 60 characters: cut to 60"),
        "nick": _("unit {number} ({label}): the pilot's call sign is longer than 60 characters: cut to 60"),
    }
    for key, message in cut.items():
        text = _norm(a.get(key) or "")
        if len(text) > 60:
            r.warn(node, message.format(number=e.number, label=e.label), "mul-pilot-cut")
            text = text[:60].rstrip()
        if text:  # (a unit file's pilot has an empty name)
            pilot[key] = text
    rpg = [a.get(k) or "" for k in ("gunneryL", "gunneryM", "gunneryB")]
    if (a.get("gunnery") or "").strip():
        shown = a["gunnery"]
        gunnery = _skill(shown)
    elif all(v.strip() for v in rpg):  # MegaMek: the mean of the three, rounded down
        skills = [_skill(v) for v in rpg]
        gunnery = None if None in skills else sum(skills) // 3
        shown = "/".join(str(v) for v in rpg)
    else:
        gunnery, shown = default_gunnery(), None
    if gunnery is None:
        gunnery = default_gunnery()
        r.warn(
            node,
            _(
                "unit {number} ({label}): gunnery {value} is not a whole number from 0 to {top}: "
                "the default {default} is used"
            ).format(number=e.number, label=e.label, value=short(shown), top=MAX_SKILL, default=gunnery),
            "mul-pilot-gunnery",
        )
    pilot["gunnery"] = gunnery
    piloting = (a.get("piloting") or "").strip()
    if piloting and _skill(piloting) != PROTO_PILOTING:
        r.warn(
            node,
            _(
                "unit {number} ({label}): piloting {value} is not used: a ProtoMech pilot always "
                "counts as Piloting {proto}"
            ).format(number=e.number, label=e.label, value=short(piloting), proto=PROTO_PILOTING),
            "mul-pilot-piloting",
        )
    hits = (a.get("hits") or "").strip()
    if hits == "Dead":
        r.warn(
            node,
            _(
                "unit {number} ({label}): MegaMek records the pilot as dead; the sheet prints the pilot unhurt"
            ).format(number=e.number, label=e.label),
            "mul-state-not-carried",
        )
    elif re.fullmatch("[1-5]", hits):  # MegaMek: 1 to 5 hits (6 is "Dead")
        r.warn(
            node,
            ngettext(
                "unit {number} ({label}): MegaMek records {hits} hit on the pilot; the sheet prints the pilot unhurt",
                "unit {number} ({label}): MegaMek records {hits} hits on the pilot; the sheet prints the pilot unhurt",
                int(hits),
            ).format(number=e.number, label=e.label, hits=int(hits)),
            "mul-state-not-carried",
        )
    if (a.get("ejected") or "").strip().lower() == "true":
        r.warn(
            node,
            _(
                "unit {number} ({label}): MegaMek records the pilot as ejected; the sheet prints the "
                "pilot in the ProtoMech"
            ).format(number=e.number, label=e.label),
            "mul-state-not-carried",
        )
    return pilot


def _state(e: _Entity, unit: dict, r: _Reader) -> None:
    """Report the damage and the ammo used that the file records (the sheet prints the unit
    as designed): locations with armour or structure lost or destroyed, and ammo bins with
    fewer shots than the unit file's full load (by item, all bins together)."""
    from sheets.games.battletech.blk import lookup_item

    damaged = []
    fired: dict[str, int] = {}
    for loc in e.element:
        if loc.tag != "location":
            continue
        hurt = (loc.get("isDestroyed") or "").strip().lower() == "true"
        for child in loc:
            if child.tag in ("armor", "breached", "blownoff"):
                hurt = True
            elif child.tag == "slot":
                if (child.get("isHit") or child.get("isDestroyed") or "").strip().lower() == "true":
                    hurt = True
                entry = lookup_item(child.get("type") or "")
                shots = (child.get("shots") or "").strip()
                if entry is not None and entry.kind == "ammo" and re.fullmatch(r"\d{1,6}", shots):
                    fired[entry.name] = fired.get(entry.name, 0) + int(shots)
        if hurt:
            damaged.append(loc)
    if damaged:
        r.warn(
            damaged[0],
            ngettext(
                "unit {number} ({label}): MegaMek records damage in {count} location; the sheet prints the unit undamaged",
                "unit {number} ({label}): MegaMek records damage in {count} locations; the sheet prints the unit undamaged",
                len(damaged),
            ).format(number=e.number, label=e.label, count=len(damaged)),
            "mul-state-not-carried",
        )
    full: dict[str, int] = {}
    for line in unit.get("equipment") or ():
        if isinstance(line, dict) and line.get("shots") is not None:
            full[str(line["item"])] = full.get(str(line["item"]), 0) + int(line["shots"])
    for item, left in fired.items():
        if item in full and left < full[item]:
            r.warn(
                e.element,
                _(
                    "unit {number} ({label}): MegaMek records {left} of {full} shots of {ammo} left; "
                    "the sheet prints full ammo bins"
                ).format(number=e.number, label=e.label, left=left, full=full[item], ammo=item),
                "mul-state-not-carried",
            )


def _force_chain(e: _Entity) -> tuple[str, ...]:
    """The entity's place in the force tree, top first (its last ``<Force force=…>``: "Star
    Alpha|1||Point 1|2||", older "Star Alpha|1\\Point 1|2"; a level may add "|camo category|camo
    file"); () without one."""
    text = ""
    for child in e.element:
        if child.tag == "force":
            text = child.get("force") or ""
    levels = text.split("||") if "||" in text else text.split("\\")
    return tuple(n for n in (_norm(level.split("|")[0]) for level in levels if level.strip()) if n)


def _points(chains: list[tuple[str, ...]]) -> list[str]:
    """The Point of each unit: its own group's name ("Point 1"), with the names above it where
    two groups of the force share that name ("Star Alpha / Point 1"); "" without a group."""
    out = []
    for chain in chains:
        clash = any(other[-1:] == chain[-1:] and other != chain for other in chains)
        out.append(plain(" / ".join(chain if clash else chain[-1:])))
    return out


def read_force(name: str, data: bytes, index: UnitIndex) -> ForceMapping:
    """The unit-file mapping of a ``.mul`` force (its bytes ``data``, called ``name``): its
    ProtoMechs, found in ``index`` (:func:`index_units`, :func:`index_sources`), with their
    pilots and Points (units of one ``<Force>`` group listed together, groups in file order).
    What was left out or is not carried is in ``.warnings``. A force of which nothing can be
    used is an input error."""
    from sheets.games.battletech.blk import _needs_tw, _plain_data, check_unit

    root, positions = parse_xml(name, data)
    r = _Reader(name, positions)
    units = []
    labels = index.labels()
    for e in _entities(root, r):
        entry = _embedded(e, r) or index.find(e.chassis, e.model)
        if entry is None:
            r.missing += 1
            hint = did_you_mean(_norm(f"{e.chassis} {e.model}"), labels) if r.missing <= MAX_HINTS else ""
            r.warn(
                e.element,
                _(
                    "unit {number} ({label}): no unit file of this chassis and model in {where}{hint}: left out"
                ).format(number=e.number, label=e.label, where=index.where, hint=hint),
                "mul-unit-not-found",
            )
            continue
        if not entry.protomech:
            r.others += 1
            r.warn(
                e.element,
                _("unit {number} ({label}): {file} is a {kind}, not a ProtoMech: left out").format(
                    number=e.number, label=e.label, file=entry.name, kind=plain(entry.kind or "?", 30)
                ),
                "mul-not-protomech",
            )
            continue
        try:
            unit = entry.read()
            check_unit(unit, entry.name)
        except InputError as exc:
            r.missing += 1
            r.warn(
                e.element,
                _("unit {number} ({label}): {file} does not import ({reason}): left out").format(
                    number=e.number, label=e.label, file=entry.name, reason=exc.problems[0].message
                ),
                "mul-unit-broken",
            )
            continue
        plain_unit = _plain_data(unit)
        pilot = _pilot(e, r)
        if pilot is not None:
            plain_unit["pilot"] = {**(plain_unit.get("pilot") or {}), **pilot}
        _state(e, plain_unit, r)
        units.append((_force_chain(e), plain_unit, unit))
    r.warnings.sort(key=lambda p: (p.pos is None, p.pos or Pos(0, 0)))  # in file order
    if not units:
        raise InputError(
            index.warnings
            + r.warnings
            + [
                Problem(
                    name,
                    r.at(root),
                    _("no ProtoMech of the force could be imported"),
                    code="mul-no-protomech",
                )
            ]
        )
    for point, found in zip(_points([found[0] for found in units]), units):
        if point:
            found[1]["point"] = point
    first: dict[tuple, int] = {}
    for n, found in enumerate(units):
        first.setdefault(found[0], n)
    units.sort(key=lambda found: first[found[0]])  # a Point's units together, Points in file order
    doc = ForceMapping(system="battletech")
    if any(_needs_tw(found[2]) for found in units):
        doc["rules"] = "tw"
    doc["roster"] = {"name": plain(Path(name).stem)}
    doc["units"] = [found[1] for found in units]
    doc.warnings = index.warnings + r.warnings
    doc.missing = r.missing
    doc.left_out = r.missing + r.others
    return doc


def force_to_unit_file(
    path: str | os.PathLike,
    data: bytes | None = None,
    sources: dict[str, bytes] | None = None,
    options=None,
) -> ForceMapping:
    """``Game.file_formats`` reader of ``.mul``. From the CLI (``render FORCE.mul --units DIR``)
    the units are the unit files under DIR (default: the force's own folder); from
    :mod:`sheets.api` (``sources``) they are the opened ``.blk`` files, and no file is read."""
    name = str(path)
    if sources is not None:
        index = index_sources(sources)
        doc = read_force(name, data, index)
        doc.used = {entry.name for entry in index.units.values()}
        return doc
    if data is None:
        from sheets.core.fsio import read_user_bytes

        data = read_user_bytes(path, MAX_BYTES)
    given = (options.extra.get("units_dir") if options is not None else None) or os.environ.get(UNITS_ENV)
    units_dir = given or os.path.dirname(os.path.abspath(name))
    return read_force(name, data, index_units(units_dir))


force_to_unit_file.reads_sources = True  # type: ignore[attr-defined]
force_to_unit_file.takes_options = True  # type: ignore[attr-defined]


def force_to_yaml(doc: dict) -> str:
    """A force's unit file as `sheets import megamek FORCE.mul` writes it (one roster)."""
    import yaml

    from sheets.games.battletech.blk import _Dumper, _plain

    out = dict(doc)
    out["units"] = [_plain(u) for u in doc["units"]]
    head = "# " + _("Imported by `sheets import megamek` from a MegaMek force; fluff is not copied.") + "\n"
    return head + yaml.dump(
        out, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100
    )
