"""Read BattleScribe / New Recruit rosters (``.ros`` XML, ``.rosz`` zip) into our unit-file format.

The result is the mapping a ``system: wh40k6`` unit file holds (``roster:`` header and
``units:``), so an imported roster is checked by the same schema and rules as a hand-written one.

What is read (BattleScribe roster schema, dialects 2.01 and 2.03; New Recruit exports):

* the dialect differences: a characteristic's value is the element text (2.03) or its ``value``
  attribute (2.01); ``typeName``/``profileTypeName``; ``categories/category`` or
  ``categoryLinks/categoryLink``; costs with ``typeId`` or ``costTypeId``;
* a unit's points = the exact (``Decimal``) sum of its own and every descendant selection's
  ``pts`` cost, never multiplied by ``number`` (BattleScribe already includes it);
* the FOC slot from the unit's primary category; pseudo-selections (allegiance, rites of war,
  game type) go into the roster's notes;
* model profiles (``Unit``, ``Monstrous Creature``, ``Vehicle``, ``Walker``, ``Flyer``) with their
  model counts, weapon profiles de-duplicated by name, rule names de-duplicated. Rule
  *descriptions* are never copied.
* ``gameSystemId`` decides: 6th, 7th and Horus Heresy 1st edition import; newer systems are
  refused with a message naming the edition (see ``data/wh40k6/battlescribe.yaml``).

Files from strangers: XML through ``defusedxml`` (no DTDs, entities or external references), a
zip is recognised by its first bytes, its members counted and every read capped (a zip bomb is a
one-line error), selections and nesting capped. Every problem is a :class:`Problem`
``file: message`` (``file:line:col`` for XML syntax errors).
"""

from __future__ import annotations

import io
import lzma
import os
import re
import stat
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from sheets.core.data import load_data
from sheets.core.errors import InputError, Pos, Problem, short
from sheets.core.fsio import os_reason
from sheets.core.i18n import _, ngettext

NS = "{http://www.battlescribe.net/schema/rosterSchema}"
MODEL_PROFILES = ("unit", "monstrous creature", "vehicle", "walker", "flyer")
WEAPON_PROFILES = ("weapon",)
_NUMBER = re.compile(r"^\s*(\d+)\s*(?:\"|''|”|in)?\s*$")


def config() -> dict:
    return load_data("wh40k6/battlescribe.yaml")


def _fail(path: str, message: str, pos: Pos | None = None, code: str | None = None):
    """Refuse the roster: one problem, its kind ``code`` (every caller names one)."""
    raise InputError([Problem(path, pos, message, code=code)])


def _q(text, limit: int = 60) -> str:
    """A value from the roster, quoted for a message (spaces collapsed, cut to ``limit``)."""
    return repr(_short(text, limit))


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- reading the bytes ---------------------------------------------------------------------------
CHUNK = 1 << 16


def _open_file(path, name: str, limits: dict) -> bytes:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        _fail(name, _("no such file"), code="file-not-found")
    except OSError as exc:
        _fail(name, _("cannot read: {reason}").format(reason=os_reason(exc)), code="file-unreadable")
    if stat.S_ISDIR(st.st_mode):
        _fail(name, _("is a directory, not a file"), code="not-a-file")
    if not stat.S_ISREG(st.st_mode):
        _fail(name, _("not a regular file"), code="not-a-file")
    if st.st_size > limits["file_bytes"]:
        _fail(
            name,
            _("file too large (limit {limit} bytes)").format(limit=limits["file_bytes"]),
            code="file-too-large",
        )
    try:
        with open(path, "rb") as fh:
            return fh.read(limits["file_bytes"] + 1)
    except PermissionError:
        _fail(name, _("permission denied"), code="file-unreadable")
    except OSError as exc:
        _fail(name, _("cannot read: {reason}").format(reason=os_reason(exc)), code="file-unreadable")


def roster_chunks(path: str | os.PathLike, data: bytes | None = None) -> Iterator[bytes]:
    """The roster XML of a ``.ros`` or ``.rosz`` file in pieces (a zip is recognised by its
    content and unpacked as it is parsed, so a parse that stops early unpacks no more); ``data``:
    the file's bytes, already read (e.g. an upload), named ``path``."""
    name = str(path)
    limits = config()["limits"]
    if data is None:
        data = _open_file(path, name, limits)
    elif len(data) > limits["file_bytes"]:
        _fail(
            name,
            _("file too large (limit {limit} bytes)").format(limit=limits["file_bytes"]),
            code="file-too-large",
        )
    if data[:2] == b"PK":
        yield from _unzip(name, data, limits)
        return
    if len(data) > limits["xml_bytes"]:
        _fail(
            name,
            _("roster too large (limit {limit} bytes)").format(limit=limits["xml_bytes"]),
            code="roster-too-large",
        )
    for i in range(0, len(data), CHUNK):
        yield data[i : i + CHUNK]


# errors an unpacker raises on a damaged, encrypted or unsupported member: the zip's own,
# zlib's (deflate), lzma's, bz2's (OSError), RuntimeError ("encrypted, password required")
_UNPACK_ERRORS = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    OSError,
    ValueError,
    NotImplementedError,
    EOFError,
    RuntimeError,
    zlib.error,
    lzma.LZMAError,
)


def _unzip(name: str, data: bytes, limits: dict) -> Iterator[bytes]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except _UNPACK_ERRORS as exc:
        _fail(name, _("not a readable .rosz (zip) file: {reason}").format(reason=_short(exc)), code="bad-zip")
    if len(members) > limits["zip_members"]:
        _fail(
            name,
            _("the zip holds {count} members (limit {limit})").format(
                count=len(members), limit=limits["zip_members"]
            ),
            code="zip-too-many-members",
        )
    rosters = [m for m in members if m.filename.lower().endswith(".ros") and not m.is_dir()]
    if not rosters:
        _fail(name, _("the zip holds no .ros roster"), code="zip-without-roster")
    member = rosters[0]
    mname = _short(member.filename)
    if member.flag_bits & 0x1:
        _fail(
            name,
            _("{member} is encrypted (password-protected): BattleScribe never writes that").format(
                member=mname
            ),
            code="zip-encrypted",
        )
    cap = limits["xml_bytes"]
    if member.file_size > cap:
        _fail(
            name,
            _("{member} unpacks to {size} bytes (limit {limit}): refused (a zip bomb?)").format(
                member=mname, size=member.file_size, limit=cap
            ),
            code="zip-too-large",
        )
    if member.compress_type == zipfile.ZIP_LZMA:
        _check_lzma(name, data, member, mname, limits)
    total = 0
    try:
        fh = archive.open(member)
    except _UNPACK_ERRORS as exc:
        _fail(
            name,
            _("cannot unpack {member}: {reason}").format(member=mname, reason=_short(exc)),
            code="zip-unreadable",
        )
    with fh:
        while True:
            try:  # the header may lie: cap what is actually read
                piece = fh.read(CHUNK)
            except _UNPACK_ERRORS as exc:
                _fail(
                    name,
                    _("cannot unpack {member}: {reason}").format(
                        member=mname, reason=_short(exc) or type(exc).__name__
                    ),
                    code="zip-unreadable",
                )
            if not piece:
                return
            total += len(piece)
            if total > cap:
                _fail(
                    name,
                    _("{member} unpacks to more than {limit} bytes: refused (a zip bomb?)").format(
                        member=mname, limit=cap
                    ),
                    code="zip-too-large",
                )
            yield piece


def _check_lzma(name: str, data: bytes, member, mname: str, limits: dict) -> None:
    """An LZMA member names the dictionary its decoder must reserve (5 property bytes after the
    local header: the zip format's LZMA header, version and size, then lc/lp/pb and the
    dictionary size). A damaged or hostile header may ask for gigabytes, reserved before one byte
    is read: refused past ``limits.lzma_dict_bytes`` (the largest preset's 64 MiB)."""
    start = member.header_offset
    head = data[start : start + 30]
    if len(head) < 30 or head[:4] != b"PK\x03\x04":
        _fail(
            name,
            _("cannot unpack {member}: its local header is damaged").format(member=mname),
            code="zip-unreadable",
        )
    body = start + 30 + int.from_bytes(head[26:28], "little") + int.from_bytes(head[28:30], "little")
    props = data[body : body + 9]
    if len(props) < 9 or int.from_bytes(props[2:4], "little") != 5:
        _fail(
            name,
            _("cannot unpack {member}: its LZMA header is damaged").format(member=mname),
            code="zip-unreadable",
        )
    size, cap = int.from_bytes(props[5:9], "little"), limits["lzma_dict_bytes"]
    if size > cap:
        _fail(
            name,
            _(
                "cannot unpack {member}: its LZMA data asks for a {size}-byte dictionary (limit {cap}): "
                "a damaged file?"
            ).format(member=mname, size=size, cap=cap),
            code="lzma-dictionary-too-large",
        )


# the encodings expat reads itself; BattleScribe and New Recruit write UTF-8
_ENCODINGS = {
    "utf-8",
    "utf8",
    "utf-16",
    "utf16",
    "us-ascii",
    "ascii",
    "iso-8859-1",
    "latin-1",
    "latin1",
    "iso8859-1",
}
_DECLARED = re.compile(rb"\A(?:\xef\xbb\xbf)?\s*<\?xml\b[^>]*?\bencoding\s*=\s*([\"'])(.*?)\1", re.S)


class _Stop(Exception):
    """Raised by the tree builder at a cap, to stop the parser where it stands."""


class _Builder:
    """An ElementTree builder that counts elements and nesting while parsing (stops at the caps)
    and remembers where each element starts."""

    def __init__(self, parser_ref: list, max_elements: int, max_depth: int):
        from xml.etree.ElementTree import TreeBuilder

        self.tb = TreeBuilder()
        self.parser_ref, self.max_elements, self.max_depth = parser_ref, max_elements, max_depth
        self.count = self.depth = 0
        self.root_attrs: dict = {}
        self.positions: dict[int, tuple[int, int]] = {}

    def start(self, tag, attrs):
        self.count += 1
        self.depth += 1
        xp = self.parser_ref[0].parser
        at = (xp.CurrentLineNumber, xp.CurrentColumnNumber + 1)  # where the start tag begins
        if self.count > self.max_elements:
            raise _Stop(
                _("more than {limit} XML elements: refused (a roster has a few thousand)").format(
                    limit=self.max_elements
                ),
                at,
                "too-many-elements",
            )
        if self.depth > self.max_depth:
            raise _Stop(
                _("XML nested deeper than {limit} levels: refused").format(limit=self.max_depth),
                at,
                "too-deep",
            )
        if self.count == 1:
            self.root_attrs = dict(attrs)
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


def _parse(name: str, chunks: Iterable[bytes]):
    """(root element, {id(element): (line, col)}) through defusedxml (no DTD, entities or external
    references), the element count and depth capped while parsing."""
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import DefusedXMLParser

    limits = config()["limits"]
    ref: list = []
    builder = _Builder(ref, limits["xml_elements"], limits["xml_depth"])
    parser = DefusedXMLParser(target=builder, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    ref.append(parser)

    def where():
        xp = parser.parser
        return Pos(xp.CurrentLineNumber, xp.CurrentColumnNumber + 1)

    first = True
    try:
        for piece in chunks:
            if first:
                first = False
                m = _DECLARED.match(piece[:512])
                if m:
                    enc = m.group(2).decode("ascii", "replace").strip()
                    if enc.lower() not in _ENCODINGS:
                        col = len(piece[: m.start(2)].decode("latin-1")) + 1
                        _fail(
                            name,
                            _(
                                "encoding {encoding} is not supported: a roster is UTF-8 "
                                "(BattleScribe and New Recruit write nothing else)"
                            ).format(encoding=_q(enc, 30)),
                            Pos(1, col),
                            code="unknown-encoding",
                        )
            parser.feed(piece)
        root = parser.close()
    except _Stop as exc:  # at the element that is one past the cap (not where the parser stopped)
        _fail(name, exc.args[0], Pos(*exc.args[1]), code=exc.args[2])
    except DefusedXmlException as exc:
        _fail(
            name,
            _(
                "refused: the XML declares a DTD, entities or external references ({kind}); "
                "BattleScribe rosters never do"
            ).format(kind=type(exc).__name__),
            code="xml-dtd",
        )
    except ParseError as exc:
        _check_system(name, builder.root_attrs)  # another game's roster: say that first
        line, col = getattr(exc, "position", (None, None))
        msg = str(exc).split(":")[0]
        _fail(
            name,
            _("not valid XML: {reason}").format(reason=msg),
            Pos(line, col + 1) if line else None,
            "bad-xml",
        )
    except (ValueError, RecursionError, LookupError, UnicodeError, TypeError) as exc:
        _fail(
            name,
            _("not valid XML: {reason}").format(reason=_short(exc) or type(exc).__name__),
            where(),
            "bad-xml",
        )
    # (an empty file needs no case of its own: expat's close() refuses it, "no element found")
    for el in root.iter():  # drop the namespace once: lookups below are plain tag names
        if isinstance(el.tag, str) and el.tag[:1] == "{":
            el.tag = el.tag.rpartition("}")[2]
    return root, builder.positions


def _check_system(name: str, attrs: dict, always: bool = False) -> dict | None:
    """The importable system of a roster's root attributes; another (or, with ``always``, an
    unknown) game system is refused naming it."""
    if not attrs and not always:
        return None
    system_id = str(attrs.get("gameSystemId") or "").strip()
    system_name = str(attrs.get("gameSystemName") or "").strip() or _("unknown game system")
    system = config()["systems"].get(system_id)
    if system is None:
        if not always and not system_id:
            return None
        _fail(
            name,
            _(
                "game system {system} ({id}) is not Warhammer 40,000 6th/7th edition or Horus Heresy "
                "1st edition: not imported"
            ).format(system=_q(system_name), id=_short(system_id, 40)),
            code="other-game-system",
        )
    if not system["import"]:
        _fail(
            name,
            _(
                "this roster is for {edition} ({system}); only 6th/7th-edition and Horus Heresy "
                "1st-edition rosters can be imported"
            ).format(edition=system["name"], system=_short(system_name)),
            code="other-edition",
        )
    return system


# -- the XML tree --------------------------------------------------------------------------------
def _tag(el) -> str:
    return el.tag if isinstance(el.tag, str) else ""


def _children(el, *path: str):
    """Direct children along ``path`` (tags without namespace), e.g. ("selections", "selection")."""
    return el.findall("/".join(path))


def _attr(el, *names: str, default: str = "") -> str:
    for n in names:
        value = el.get(n)
        if value is not None:
            return value
    return default


class _Ctx:
    """One roster being read: its name, where each element starts, its caps, and the gaps of the
    unit being read."""

    def __init__(self, name: str, positions: dict, limits: dict):
        self.name, self.positions, self.limits = name, positions, limits
        self.gaps: list[str] = []
        self.texts_seen: set[str] = set()  # rule / wargear names whose roster text is kept
        self.text_chars = 0  # characters of roster text kept so far
        self.texts_dropped = 0  # texts past the cap

    def pos(self, el) -> Pos | None:
        lc = self.positions.get(id(el))
        return Pos(*lc) if lc else None

    def fail(self, el, message: str, code: str):
        _fail(self.name, message, self.pos(el) if el is not None else None, code)

    def check_digits(self, el, text: str, what: str) -> None:
        """A run of more digits than any roster needs is refused (int() of 4,300+ digits fails and
        huge numbers cost time): hostile input, not a roster's unusual field."""
        cap = self.limits["digits"]
        longest = max((len(m) for m in re.findall(r"[0-9]+", text or "")), default=0)
        if longest > cap:
            self.fail(
                el,
                _("{what}: a number of {digits} digits (limit {limit}): refused").format(
                    what=what, digits=longest, limit=cap
                ),
                "too-many-digits",
            )


def _decimal(ctx: _Ctx, el, raw: str, what: str) -> Decimal:
    raw = (raw or "").strip()
    ctx.check_digits(el, raw, what)
    try:
        value = Decimal(raw)
    except (InvalidOperation, ValueError):
        ctx.fail(el, _("{what}: {value} is not a number").format(what=what, value=_q(raw)), "not-a-number")
    # never arithmetic before the range check: 1e999999999 overflows the decimal context
    if not value.is_finite() or (value != 0 and value.adjusted() > 9):
        ctx.fail(el, _("{what}: {value} is out of range").format(what=what, value=_q(raw)), "out-of-range")
    return value


def _own_points(ctx: _Ctx, sel, cost_name: str) -> Decimal:
    total = Decimal(0)
    for cost in _children(sel, "costs", "cost"):
        if _attr(cost, "name").replace(" ", "").lower() == cost_name:
            total += _decimal(
                ctx,
                cost,
                _attr(cost, "value", default="0"),
                _("cost of {name}").format(name=_q(_attr(sel, "name"))),
            )
    return total


def _count(ctx: _Ctx, sel) -> int:
    """A selection's ``number``: ASCII digits only (``²`` is a digit to Python, not to a roster)."""
    raw = _attr(sel, "number", default="1").strip()
    what = _("number of {name}").format(name=_q(_attr(sel, "name")))
    ctx.check_digits(sel, raw, what)
    if not re.fullmatch(r"[0-9]+", raw):
        ctx.fail(
            sel, _("{what}: {value} is not a whole number").format(what=what, value=_q(raw)), "not-a-number"
        )
    return min(int(raw), 10_000)


def _plain(value: Decimal) -> int | float:
    """Exact points for the unit file: 1715.0 -> 1715, and float noise from New Recruit
    (``0.30000000000000004 + 0.7``) -> 1; a real fraction stays (to 0.01) and the unit schema, which
    takes whole points, reports it."""
    whole = value.to_integral_value()
    if abs(value - whole) < Decimal("0.000001"):
        return int(whole)
    return float(value.quantize(Decimal("0.01")))


def _categories(sel) -> list[tuple[str, bool]]:
    out = [
        (_attr(c, "name").strip(), _attr(c, "primary") == "true")
        for c in _children(sel, "categories", "category")
    ]
    out += [
        (_attr(c, "name", "targetId").strip(), _attr(c, "primary") == "true")
        for c in _children(sel, "categoryLinks", "categoryLink")
    ]
    return out


def _primary_category(sel) -> str | None:
    for name, primary in _categories(sel):
        if primary:
            return name
    return None


def _is_dedicated_transport(sel) -> bool:
    """A vehicle selection inside a unit that is its transport: categorised "Dedicated Transport"
    (2.03 catalogues), or (older catalogues) a vehicle profile with a Transport profile."""
    kinds = {_profile_type(p) for p in _children(sel, "profiles", "profile") if _attr(p, "hidden") != "true"}
    if not kinds & {"vehicle", "walker", "flyer"}:
        return False
    return "transport" in kinds or any(
        " ".join(n.lower().split()) == "dedicated transport" for n, _ in _categories(sel)
    )


def _category_key(category: str) -> str:
    return " ".join(category.lower().replace(":", " ").split())  # "Troops:" in some catalogues


def slot_of(category: str | None) -> str:
    """Our FOC slot for a BattleScribe primary category name (``none`` when it uses no slot)."""
    if not category:
        return "none"
    key = _category_key(category)
    for entry in config()["slots"]:
        if key in entry["names"] or any(word in key for word in entry.get("contains", [])):
            return entry["slot"]
    return "none"


def slot_gap(category: str | None) -> str | None:
    """What the datasheet and the warning say of a unit whose primary category takes no slot of
    the chart (``Bodyguard``, an unknown category, none at all): it is not counted. None for a
    category that maps to a slot."""
    if slot_of(category) != "none":
        return None
    if not category:
        return _("no Force Organisation category in the roster: not counted in the chart")
    if _category_key(category) in {_category_key(c) for c in config().get("not_counted", ())}:
        return _("category {category} takes no Force Organisation slot: not counted in the chart").format(
            category=short(category)
        )
    return _(
        "category {category} is not a Force Organisation slot this tool knows: not counted in the chart"
    ).format(category=short(category))


def _characteristics(ctx: _Ctx | None, profile) -> dict[str, str]:
    out = {}
    for ch in _children(profile, "characteristics", "characteristic"):
        value = ch.get("value")
        if value is None:
            value = ch.text or ""
        if ctx is not None:
            ctx.check_digits(ch, value, f"{_short(_attr(profile, 'name'))!r} {_short(_attr(ch, 'name'), 20)}")
        out[_attr(ch, "name").strip().lower()] = " ".join(value.split())
    return out


def _profile_type(profile) -> str:
    return " ".join(_attr(profile, "typeName", "profileTypeName").split()).lower()


def _number(text: str):
    """``4`` -> 4, ``24"`` -> 24; anything else stays text (``-``, ``D``, ``User``, ``2+``)."""
    m = _NUMBER.match(text or "")
    return int(m.group(1)) if m else (text or "-")


_UNIT_TYPE_WORDS = [  # tolerant matching of free-form "Unit Type" text, most specific first
    ("flying monstrous creature", "flying monstrous creature"),
    ("jet pack monstrous creature", "jet pack monstrous creature"),
    ("jump monstrous creature", "jump monstrous creature"),
    ("monstrous creature", "monstrous creature"),
    ("jump cavalry", "jump cavalry"),
    ("jet pack", "jet pack infantry"),
    ("jetpack", "jet pack infantry"),
    ("jump", "jump infantry"),
    ("eldar jetbike", "eldar jetbike"),
    ("jetbike", "jetbike"),
    ("bike", "bike"),
    ("beast", "beast"),
    ("cavalry", "cavalry"),
    ("artillery", "artillery"),
    ("infant", "infantry"),  # also the misspelt "Infanty"
]


def unit_type(text: str) -> str:
    """Our model type for BattleScribe's free-form Unit Type (``Infantry (Character)`` ->
    ``infantry (character)``); case and parentheses are ignored when matching."""
    low = " ".join(text.lower().replace("(", " ").replace(")", " ").replace("-", " ").split())
    base = next((ours for word, ours in _UNIT_TYPE_WORDS if word in low), None)
    if base is None:
        base = low or "infantry"
    if "character" in low:
        base += " (character)"
    return base


def vehicle_type(text: str) -> str:
    """``Vehicle (Tank, Transport)`` / ``Tank, Transport`` -> ``vehicle (tank, transport)``."""
    return _vehicle_type(text)[0]


def _vehicle_type(text: str) -> tuple[str, list[str]]:
    """(our vehicle type, words we do not know): ``Super-Heavy Walker`` -> ``vehicle
    (walker, super-heavy)``; ``Open-topped, Transport (special)`` -> ``vehicle (open-topped,
    transport)`` and ``["special"]``."""
    from sheets.games.wh40k6.model import _names, _norm

    tags = _names()[1]
    low = " ".join(re.sub(r"[^a-z0-9,/()\- ]", "", text.lower()).split())  # "Tank*" -> "tank"
    low = re.sub(r"^vehicle\s*", "", low)
    words = [w.strip() for w in re.split(r"[,/()]", low) if w.strip()]
    found, unknown = [], []
    for w in words:
        if w == "vehicle":
            continue
        if _norm(w) in tags:
            found.append(w)
            continue
        parts = w.split()  # "super-heavy walker": every word a tag
        if all(_norm(p) in tags for p in parts):
            found += parts
        else:
            unknown.append(w)
    found = list(dict.fromkeys(found))
    return (f"vehicle ({', '.join(found)})" if found else "vehicle"), unknown


_DASH = ("-", "–", "—", "", "n/a")


def _save(text: str) -> str:
    """A roster's save as we write it: ``2`` -> ``2+``, ``2+/4`` -> ``2+/4++``, ``4++`` stays."""
    t = "".join((text or "").split())
    m = re.fullmatch(r"([2-6])\+?", t)
    if m:
        return f"{m.group(1)}+"
    m = re.fullmatch(r"([2-6])\+?\s*/\s*([2-6])\+{0,2}", t)
    if m:
        return f"{m.group(1)}+/{m.group(2)}++"
    return t or "-"


def _model(ctx: _Ctx, profile, kind: str, count: int) -> dict:
    ch = _characteristics(ctx, profile)
    pname = " ".join(_attr(profile, "name").split())
    model: dict[str, Any] = {"name": pname, "count": count}
    if kind in ("vehicle", "walker", "flyer"):
        vtype = ch.get("type", "")
        if kind == "walker" and "walker" not in vtype.lower():
            vtype = f"walker, {vtype}" if vtype and vtype.lower() != "vehicle" else "walker"
        if kind == "flyer" and "flyer" not in vtype.lower():
            vtype = f"flyer, {vtype}" if vtype else "flyer"
        model["type"], unknown = _vehicle_type(vtype)
        if unknown:
            model["type_text"] = _short(vtype, 80)
            ctx.gaps.append(
                _("{model}: type words not known, kept as written: {words} (from {type})").format(
                    model=pname, words=", ".join(unknown), type=repr(vtype)
                )
            )
        keys = (
            ["ws", "bs", "s", "front", "side", "rear", "i", "a", "hp"]
            if kind == "walker"
            else ["bs", "front", "side", "rear", "hp"]
        )
        for key in keys:
            model[key] = _number(ch.get(key, "-"))
        return model
    raw_type = ch.get("unit type", "") or ("monstrous creature" if kind == "monstrous creature" else "")
    stats = {k: ch.get(k, "-") for k in ("ws", "bs", "s", "i", "a")}
    ld = ch.get("ld", ch.get("leadership", "-"))
    if "artillery" in raw_type.lower() and all(v.strip() in _DASH for v in (*stats.values(), ld)):
        # the seed's gun line (WS – BS – S – T 7 W 2 I – A – Ld – Sv 3+): T, W and Sv only
        model["type"] = "gun"
        for key in ("t", "w"):
            model[key] = _number(ch.get(key, "-"))
        model["sv"] = _save(ch.get("save", ch.get("sv", "-")))
        return model
    model["type"] = unit_type(raw_type)
    try:
        from sheets.games.wh40k6.model import TypeError_, parse_type

        parse_type(model["type"])
    except TypeError_:  # a type the seed does not define: read as infantry, the text kept
        model["type"] = "infantry (character)" if "character" in raw_type.lower() else "infantry"
        model["type_text"] = _short(raw_type, 80)
        ctx.gaps.append(
            _("{model}: unit type {type} not known: moves as infantry here").format(
                model=pname, type=repr(raw_type)
            )
        )
    for key in ("ws", "bs", "s", "t", "w", "i", "a"):
        model[key] = _number(ch.get(key, "-"))
    model["ld"] = _number(ld)
    model["sv"] = _save(ch.get("save", ch.get("sv", "-")))
    return model


_AP_TEXT = re.compile(r"^\s*([1-6])\s*(?:/\s*[1-6])?\s*\*?\s*$")


def _weapon(ctx: _Ctx, profile, count: int) -> dict:
    ch = _characteristics(ctx, profile)
    rng = ch.get("range", "-")
    ap_raw = ch.get("ap", "-")
    ap = _number(ap_raw)
    out = {
        "name": " ".join(_attr(profile, "name").split()),
        "count": count,
        "range": _number(rng.replace("&quot;", '"')),
        "s": _number(ch.get("strength", ch.get("s", "-"))),
        "ap": ap,
        "type": ch.get("type", "") or "-",
    }
    if isinstance(ap, str) and _AP_TEXT.match(ap):  # "3/2*", "4*": the first number, the text kept
        out["ap"] = int(_AP_TEXT.match(ap).group(1))
        out["ap_text"] = " ".join(ap.split())
    return out


_TIMES = re.compile(r"\s*[x×]\s*([0-9]{1,2})\s*$", re.I)  # "Quad Lascannon Sponsons x2"
_TIMES_FIRST = re.compile(r"^\s*([0-9]{1,2})\s*[x×]\s+\S", re.I)  # "2x Space Marine Crew"


def _multiplier(name: str) -> int:
    """How many of its contents a selection's name says it holds: ``2x Space Marine Crew`` and
    ``Sponsons x2`` are 2, any other name 1."""
    m = _TIMES_FIRST.match(name) or _TIMES.search(name)
    return max(1, int(m.group(1))) if m else 1


def _model_profiles(sel) -> list:
    return [
        p
        for p in _children(sel, "profiles", "profile")
        if _attr(p, "hidden") != "true" and _profile_type(p) in MODEL_PROFILES
    ]


def _holds_model_profile(sel, depth: int = 0) -> bool:
    """``sel`` or a selection under it has a model profile of its own (bounded by the nesting cap
    the walker enforces)."""
    if _model_profiles(sel):
        return True
    return depth < 60 and any(
        _holds_model_profile(c, depth + 1) for c in _children(sel, "selections", "selection")
    )


def _is_team(sel) -> bool:
    """A ``type="model"`` selection with no model profile in it: its models are the profiles of
    the selection above that holds them (a Terminator squad's ``Justaerin ×5``, a battery's
    ``Rapier Team``: gun and crew)."""
    return _attr(sel, "type") == "model" and not _holds_model_profile(sel)


def _has_teams(sel, depth: int = 0) -> bool:
    for c in _children(sel, "selections", "selection"):
        if _is_team(c) or (depth < 60 and not _model_profiles(c) and _has_teams(c, depth + 1)):
            return True
    return False


def _norm_name(text: str) -> str:
    return " ".join(str(text).lower().split())


def _plural_of(name: str, profile_name: str) -> bool:
    """``Bolt Pistols`` for the profile ``Bolt Pistol``, ``Bolters`` for ``Boltgun``: a
    selection named in the plural for a profile named in the singular."""

    def last(text: str) -> str:
        words = re.findall(r"[a-z]+", text.lower())
        return words[-1] if words else ""

    a, b = last(name), last(profile_name)
    return a.endswith("s") and not a.endswith("ss") and not (b.endswith("s") and not b.endswith("ss"))


class _Holder:
    """A model selection the walk is inside: how many models it is (``count``), the model line
    its gear belongs to (``carrier``; a selection that only wraps the selection with the
    profile learns it from there), and the lines it holds."""

    def __init__(self, count: int, carrier: str | None, wrapper: bool = False):
        self.count, self.carrier, self.wrapper = count, carrier, wrapper
        self.lines: list[str] = []

    def resolved(self) -> str | None:
        if not self.wrapper:
            return self.carrier
        names = list(dict.fromkeys(self.lines))
        return names[0] if len(names) == 1 else None


class _Scope:
    """The unit or a section of it (a ``type="unit"`` selection inside the unit): the models
    counted in it, per line, for the gear it gives every model once."""

    def __init__(self, parent: _Scope | None):
        self.parent = parent
        self.counts: dict[str, int] = {}

    def add(self, line: str, n: int) -> None:
        s = self
        while s is not None:
            s.counts[line] = s.counts.get(line, 0) + n
            s = s.parent


class _Walker:
    """Walks one unit's selection subtree (bounded): models (counted per line: the same profile
    adds up, the same name with another profile is a line of its own), weapons (counted, with the
    model line that carries them), rules, wargear / transport / building profiles, and dedicated
    transports (returned separately).

    How a roster says how many (BattleScribe roster schema: a ``selection``'s ``number``; the
    profiles under it): a model selection is one with a model profile of its own, or a
    ``type="model"`` one without (a team: the profiles of the selection above, one each per
    team). Its models: its ``number`` (times a ``2x`` in its name); inside another model selection,
    a ``number`` of 1 is one per model of that selection. A weapon inside a model selection is
    carried by that selection's line, one per model when given once; a weapon given once to the
    whole unit (or to a section of it) is carried by every model of the unit (section) that has no
    weapon of that name of its own, when the roster names it so: a profile on the unit (section)
    itself, a container named as the squad's gear (``Standard Wargear``), a name in the plural
    for a profile in the singular (``Bolt Pistols``), or one naming several (``Frag and Krak
    Grenades``); else it is one weapon, as written."""

    def __init__(self, ctx: _Ctx, counter: list[int], texts: bool, split: bool = True):
        self.ctx, self.counter, self.texts, self.split = ctx, counter, texts, split
        gear = config().get("squad_gear") or {}
        self.containers = {_norm_name(n) for n in gear.get("containers", ())}
        self.joiners = [str(j).lower() for j in gear.get("joiners", ())]
        self.models: dict[str, dict] = {}  # line name -> model
        self._signatures: dict[str, tuple] = {}  # line name -> its profile
        self.weapons: dict[tuple, dict] = {}
        self._later: list[tuple] = []  # weapons whose carrier or count is known at the end
        self.rules: dict[str, str] = {}
        self.wargear: dict[str, str] = {}
        self.transport: dict[str, str] = {}
        self.building: dict | None = None
        self.transports: list = []  # dedicated transport selections inside this unit
        self.unprofiled: list[tuple[str, int]] = []  # model selections with no profile to take
        self.root = _Scope(None)

    # -- models
    def _line(self, profile, kind: str, count: int, sel_name: str) -> str:
        model = _model(self.ctx, profile, kind, count)
        signature = tuple(sorted((k, str(v)) for k, v in model.items() if k not in ("name", "count")))
        base = model["name"]
        name, i = base, 1
        while name in self._signatures and self._signatures[name] != signature:
            i += 1  # the same name with another profile (a sergeant's A2 Ld9): a line of its own
            alt = f"{base} ({sel_name})" if i == 2 and _norm_name(sel_name) != _norm_name(base) else ""
            name = alt if alt and alt not in self._signatures else f"{base} ({i})"
        if name in self.models:
            self.models[name]["count"] += count  # 3 + 2 troopers are 5
        else:
            model["name"] = name
            self.models[name] = model
            self._signatures[name] = signature
        return name

    def _add_lines(self, profiles, count: int, sel_name: str, scope: _Scope, holders: list) -> list[str]:
        names = []
        for p in profiles:
            name = self._line(p, _profile_type(p), count, sel_name)
            scope.add(name, count)
            for h in holders:
                h.lines.append(name)
            names.append(name)
        return names

    # -- the walk
    def visit(
        self,
        sel,
        depth: int,
        *,
        top: bool = True,
        holder: _Holder | None = None,
        holders: tuple = (),
        scope: _Scope | None = None,
        templates: tuple = (),
        path_number: int = 1,
        path_times: int = 1,
        named: bool = False,
    ) -> None:
        limits = self.ctx.limits
        self.counter[0] += 1
        if self.counter[0] > limits["selections"]:
            self.ctx.fail(
                sel,
                _("more than {limit} selections: refused").format(limit=limits["selections"]),
                "too-many-selections",
            )
        if depth > limits["depth"]:
            self.ctx.fail(
                sel,
                _("selections nested deeper than {limit} levels: refused").format(limit=limits["depth"]),
                "too-deep",
            )
        if not top and self.split and _is_dedicated_transport(sel):
            self.transports.append(sel)
            return
        scope = scope or self.root
        if not top and _attr(sel, "type") == "unit":
            scope = _Scope(scope)  # a section of the unit: its gear is its own models'
        sname = " ".join(_attr(sel, "name").split())
        number = path_number * _count(self.ctx, sel)
        times = path_times * _multiplier(sname)
        named = named or _norm_name(sname) in self.containers
        self._rules(sel)
        own = _model_profiles(sel)
        model_sel = None  # this selection is a model selection: (how many, its lines)
        if own and _has_teams(sel):
            templates = tuple(own)  # the teams under it are these profiles, one each per team
        elif own or _attr(sel, "type") == "model":
            count = (holder.count if holder is not None and number == 1 else number) * times
            count = min(count, 10_000)
            if own:
                lines = self._add_lines(own, count, sname, scope, holders)
                new = _Holder(count, lines[0] if lines else None)
            elif _is_team(sel):
                if not templates:
                    self.unprofiled.append((sname, count))
                lines = self._add_lines(templates, count, sname, scope, holders)
                guns = [n for n, p in zip(lines, templates) if self.models[n].get("type") == "gun"]
                new = _Holder(count, (guns or lines or [None])[0])
            else:  # wraps the selection with the profile (an Adept holding the Magos's profile)
                new = _Holder(count, None, wrapper=True)
            model_sel = new
            holder, holders = new, (*holders, new)
        for profile in _children(sel, "profiles", "profile"):
            if _attr(profile, "hidden") == "true":
                continue
            kind = _profile_type(profile)
            pname = " ".join(_attr(profile, "name").split())
            if kind in WEAPON_PROFILES:
                w = _weapon(self.ctx, profile, 1)
                if model_sel is not None:  # on the model selection itself: every model has it
                    self._later.append((w, "holder", model_sel, model_sel.count))
                elif holder is not None:
                    n = (holder.count if number == 1 else number) * times
                    self._later.append((w, "holder", holder, n))
                elif number > 1:
                    self._later.append((w, "none", None, number * times))
                else:
                    squad = (
                        named
                        or _attr(sel, "type") == "unit"
                        or _plural_of(sname, pname)
                        or any(j in f" {sname.lower()} " for j in self.joiners)
                    )
                    self._later.append((w, "squad" if squad else "once", scope, times))
            elif kind in ("wargear item", "abilities"):
                text = ""
                if self.texts:  # prose, never read as a number (as a rule's description): no digit cap
                    text = " ".join(_characteristics(None, profile).get("description", "").split())
                self.wargear.setdefault(pname, text)
            elif kind == "transport":
                ch = _characteristics(self.ctx, profile)
                for key in ("capacity", "fire points", "access points"):
                    if ch.get(key):
                        self.transport[key.replace(" ", "_")] = _short(ch[key], 80)
            elif kind == "building":
                ch = _characteristics(self.ctx, profile)
                self.building = {
                    "name": pname,
                    "type": _short(ch.get("building type", ""), 80),
                    "armour": _number(ch.get("armour value", "-")),
                    "hp": _number(ch.get("hull points", "-")),
                }
                for key in ("transport capacity", "fire points", "access points"):
                    if ch.get(key):
                        self.building[key.replace(" ", "_")] = _short(ch[key], 80)
        if model_sel is not None:  # numbers below count from this selection's models
            number, times, named = 1, 1, False
        for child in _children(sel, "selections", "selection"):
            self.visit(
                child,
                depth + 1,
                top=False,
                holder=holder,
                holders=holders,
                scope=scope,
                templates=templates,
                path_number=number,
                path_times=times,
                named=named,
            )

    def _rules(self, sel) -> None:
        for rule in _children(sel, "rules", "rule"):
            if _attr(rule, "hidden") != "true" and _attr(rule, "name").strip():
                text = ""
                if self.texts:
                    desc = rule.find("description")
                    text = " ".join((desc.text or "").split()) if desc is not None else ""
                rname = " ".join(_attr(rule, "name").split())
                if text or rname not in self.rules:
                    self.rules[rname] = text

    # -- the weapons, once every model is known
    def _add_weapon(self, w: dict, n: int, carrier: str | None) -> None:
        w = dict(w, count=min(n, 10_000))
        if carrier:
            w["carrier"] = carrier
        key = (w["name"], carrier)
        if key in self.weapons:
            self.weapons[key]["count"] = min(self.weapons[key]["count"] + w["count"], 10_000)
        else:
            self.weapons[key] = w

    def weapon_list(self) -> list[dict]:
        """The weapons, each naming the model line that carries it when the unit has several
        lines (known only once the whole unit is read: a sergeant's selection may come first)."""
        self.weapons = {}
        squad = []
        for w, how, where, n in self._later:
            if how == "holder":
                self._add_weapon(w, n, where.resolved())
            elif how == "none":
                self._add_weapon(w, n, None)
            else:
                squad.append((w, how, where, n))
        for w, how, scope, times in squad:
            counts = {k: v for k, v in scope.counts.items() if v > 0}
            if sum(counts.values()) <= 1 or how == "once":
                self._add_weapon(w, times, next(iter(counts)) if len(counts) == 1 else None)
                continue
            own = {c for (name, c) in self.weapons if name == w["name"] and c}
            takers = [line for line in counts if line not in own]
            if not takers:  # every line has its own: the roster's entry is kept as written
                self._add_weapon(w, times, None)
            elif len(takers) == len(counts):  # every model of the unit (section)
                self._add_weapon(w, sum(counts.values()) * times, takers[0] if len(takers) == 1 else None)
            else:
                for line in takers:
                    self._add_weapon(w, counts[line] * times, line)
        if len(self.models) > 1:
            return list(self.weapons.values())
        merged: dict[str, dict] = {}
        for w in self.weapons.values():
            w = {k: v for k, v in w.items() if k != "carrier"}
            if w["name"] in merged:
                merged[w["name"]]["count"] += w["count"]
            else:
                merged[w["name"]] = w
        return list(merged.values())


def _points(ctx: _Ctx, sel, cost_name: str, depth: int = 0, skip=()) -> Decimal:
    """The points of ``sel`` and every selection under it (but ``skip``). The nesting cap is the
    walker's: a pseudo-selection (allegiance, rite of war) is not walked, only counted here."""
    if depth > ctx.limits["depth"]:
        ctx.fail(
            sel,
            _("selections nested deeper than {limit} levels: refused").format(limit=ctx.limits["depth"]),
            "too-deep",
        )
    return _own_points(ctx, sel, cost_name) + sum(
        (
            _points(ctx, c, cost_name, depth + 1, skip)
            for c in _children(sel, "selections", "selection")
            if not any(c is s for s in skip)
        ),
        Decimal(0),
    )


def _unit_of(
    ctx: _Ctx, walker: _Walker, label: str, slot: str, detachment: str, points: Decimal, texts: bool
) -> dict:
    unit: dict[str, Any] = {
        "name": label or _("unnamed unit"),
        "slot": slot,
        "detachment": detachment,
        "points": _plain(points),
        "models": list(walker.models.values()),
        "weapons": walker.weapon_list(),
        "rules": list(walker.rules),
    }
    if walker.transport:
        unit["transport"] = dict(walker.transport)
    if walker.building:
        unit["building"] = walker.building
    if walker.wargear:
        unit["wargear"] = list(walker.wargear)
    if texts:
        # a name as the rules list prints it (shortened to 120 characters by the repair); a text
        # another unit of the roster gave already is printed from there (the glossary prints each
        # rule once), and all of them together are capped (``limits.rule_text_chars``)
        roster_text = []
        for k, v in {**walker.rules, **walker.wargear}.items():
            key = " ".join(k.lower().split())
            if not v or key in ctx.texts_seen:
                continue
            text = _short(v, 4000)
            if ctx.text_chars + len(text) > ctx.limits["rule_text_chars"]:
                ctx.texts_dropped += 1
                continue
            ctx.texts_seen.add(key)
            ctx.text_chars += len(text)
            roster_text.append({"name": _short(k, 120), "text": text})
        if roster_text:
            unit["roster_text"] = roster_text
    return unit


def roster_to_unit_file(
    path: str | os.PathLike,
    data: bytes | None = None,
    *,
    texts: bool = False,
    strict: bool = False,
    warnings: list | None = None,
    with_positions: bool = False,
) -> dict:
    """The unit-file mapping (``system``, ``roster``, ``units``) of a BattleScribe roster (the
    file at ``path``, or its bytes ``data`` named ``path``).

    ``texts``: also keep the roster's own rule and wargear descriptions (``roster_text``) for
    printing; they are never written to a unit file. A unit the importer cannot read fully is
    kept with what it can read and a ``gaps`` list (``strict``: refused instead); ``warnings``,
    when given, receives one :class:`Problem` per such unit."""
    name = str(path)
    cfg = config()
    root, positions = _parse(name, roster_chunks(path, data))
    ctx = _Ctx(name, positions, cfg["limits"])
    if _tag(root) != "roster":
        _fail(
            name,
            _("not a BattleScribe roster (the root element is <{tag}>, expected <roster>)").format(
                tag=_short(_tag(root), 30)
            ),
            ctx.pos(root),
            "not-a-roster",
        )
    system = _check_system(name, root.attrib, always=True)
    cost_name = cfg["cost_name"]
    limit = None
    for cl in _children(root, "costLimits", "costLimit"):
        if _attr(cl, "name").replace(" ", "").lower() == cost_name:
            value = _decimal(ctx, cl, _attr(cl, "value", default="0"), _("points limit"))
            if value > 0:
                limit = int(value)
    header_cats = {c.lower() for c in cfg["header_categories"]}
    notes = [
        _("Imported from {file} ({edition}, BattleScribe {version})").format(
            file=Path(name).name,
            edition=system["name"],
            version=_short(_attr(root, "battleScribeVersion") or "?", 10),
        )
    ]
    note_at: list[tuple] = [(notes[0], ctx.pos(root))]  # where each piece of the notes is written
    units: list[dict] = []
    counter = [0]
    found: list | None = [] if warnings is not None else None  # given to the caller once it is read

    def add(unit: dict, sel) -> None:
        if len(units) >= cfg["limits"]["units"]:
            ctx.fail(
                sel,
                _("more than {limit} units: refused").format(limit=cfg["limits"]["units"]),
                "too-many-units",
            )
        _repair(unit, ctx.gaps, strict, name)
        if ctx.gaps:
            unit["gaps"] = list(dict.fromkeys(_short(g, 200) for g in ctx.gaps))[:20]
            if found is not None:
                found.append(
                    Problem(
                        name,
                        None,
                        _("unit {name}: imported with gaps: {gaps}").format(
                            name=short(unit["name"]), gaps="; ".join(unit["gaps"])
                        ),
                        "warning",
                        code="imported-with-gaps",
                    )
                )
        units.append(unit)

    def force(el, depth: int) -> None:
        if depth > cfg["limits"]["depth"]:
            ctx.fail(el, _("forces nested too deeply: refused"), "too-deep")
        fname = " ".join(_attr(el, "name").split())
        allied = any(w in fname.lower() for w in cfg["allied_force_words"])
        detachment = "allied" if allied else "primary"
        for sel in _children(el, "selections", "selection"):
            category = _primary_category(sel)
            label = " ".join((_attr(sel, "customName") or _attr(sel, "name")).split())
            if category and category.lower() in header_cats:
                picks = [
                    " ".join(_attr(s, "name").split()) for s in _children(sel, "selections", "selection")
                ]
                notes.append(f"{label}: {', '.join(picks)}" if picks else label)
                note_at.append((notes[-1], ctx.pos(sel)))
                _points(ctx, sel, cost_name)  # its costs are checked like any other
                continue
            ctx.gaps = []
            walker = _Walker(ctx, counter, texts)
            walker.visit(sel, 0)
            if walker.transports and not walker.models:  # the vehicles are the unit itself
                walker = _Walker(ctx, counter, texts, split=False)
                walker.visit(sel, 0)
            points = _points(ctx, sel, cost_name, skip=walker.transports)
            if not walker.models and not walker.building and points == 0 and _attr(sel, "type") == "upgrade":
                notes.append(label)  # an option of the whole force, no models
                note_at.append((label, ctx.pos(sel)))
                continue
            if not walker.models and not walker.building:
                ctx.gaps.append(_("no model profile in the roster"))
            elif walker.models:
                for sname, n in walker.unprofiled:
                    ctx.gaps.append(
                        ngettext(
                            "{name}: {count} model without a profile in the roster: not printed",
                            "{name}: {count} models without a profile in the roster: not printed",
                            n,
                        ).format(name=short(sname), count=n)
                    )
            unit = _unit_of(ctx, walker, label, slot_of(category), detachment, points, texts)
            no_slot = slot_gap(category)
            if no_slot and not (walker.building and not walker.models):
                ctx.gaps.append(no_slot)
            if walker.building and not walker.models and unit["slot"] == "none":
                unit["slot"] = "fortification"
            add(unit, sel)
            for tsel in walker.transports:
                ctx.gaps = []
                tw = _Walker(ctx, counter, texts)
                tw.visit(tsel, 1)
                tlabel = " ".join((_attr(tsel, "customName") or _attr(tsel, "name")).split())
                tunit = _unit_of(ctx, tw, tlabel, "none", detachment, _points(ctx, tsel, cost_name), texts)
                tunit["transport_of"] = unit["name"]
                add(tunit, tsel)
        for sub in _children(el, "forces", "force"):
            force(sub, depth + 1)

    for el in _children(root, "forces", "force"):
        force(el, 0)
    if not units:
        _fail(name, _("the roster has no units"), code="no-units")
    roster_name = " ".join(_attr(root, "name").split()) or Path(name).stem
    note_text = "; ".join(notes)
    header = {"name": roster_name, "notes": note_text if len(note_text) <= 2000 else note_text[:1999] + "…"}
    if limit is not None:
        header["limit"] = limit
    extra = {}
    if with_positions:
        extra["_positions"] = {"name": [(roster_name, ctx.pos(root))], "notes": note_at}
    if ctx.texts_dropped and found is not None:
        cap = cfg["limits"]["rule_text_chars"]
        found.append(
            Problem(
                name,
                None,
                ngettext(
                    "{count} rule text of the roster not printed: its texts pass {cap} characters in all",
                    "{count} rule texts of the roster not printed: its texts pass {cap} characters in all",
                    ctx.texts_dropped,
                ).format(count=ctx.texts_dropped, cap=cap),
                "warning",
                code="roster-texts-capped",
            )
        )
    if found:
        warnings.extend(found)
    return {
        "system": "wh40k6",
        "rules": system.get("chart", "other"),
        "roster": header,
        "units": units,
        **extra,
    }


class Imported(dict):
    """An imported roster's mapping, with what the loader reports beside it: ``warnings`` (the
    importer's own, e.g. rule texts past the cap) and ``positions`` (where the roster's header
    texts are in the file: ``{key: [(text, Pos)]}``, for a message about one of their characters)."""

    warnings: list = []
    positions: dict = {}


def roster_for_printing(path: str | os.PathLike, data: bytes | None = None) -> dict:
    """The unit-file mapping of a roster read directly by ``render``/``validate``/``info``: with
    the roster's own rule and wargear texts (held in memory for the print, never written)."""
    found: list = []
    doc = Imported(roster_to_unit_file(path, data, texts=True, warnings=found, with_positions=True))
    doc.positions = doc.pop("_positions", {})
    # the units' own gaps are reported by the unit checks; the importer's other warnings here
    doc.warnings = [w for w in found if w.code != "imported-with-gaps"]
    return doc


_WHERE = re.compile(
    r"^U(?:\.(models|weapons|rules|wargear|roster_text)(?:\[(\d+)\])?)?(?:\.(\w+))?(?:\.(\w+))?: (.*)$"
)


def _repair(unit: dict, gaps: list[str], strict: bool, name: str) -> None:
    """Check ``unit`` against the unit schema and the profile rules; what fails is dropped and
    named in ``gaps``. With ``strict`` nothing is repaired: the unit-file checks then refuse the
    roster as they always did (all or nothing)."""
    from sheets.core.errors import Problems
    from sheets.core.i18n import current_lang, use_lang
    from sheets.games.wh40k6.rules import build_unit, validate_unit
    from sheets.games.wh40k6.schema import unit_spec

    spec = unit_spec()

    def failures() -> list[str]:
        problems = Problems(name)
        checked = spec.check(unit, None, problems, "U")
        messages = [p.message for p in problems.items if p.severity == "error"]
        if messages:
            return messages
        data = dict(checked, gaps=list(gaps))  # the gaps found so far (the unit has none of its own)
        out = []
        for issue in validate_unit(build_unit(data)):
            if issue.severity == "error":
                path = "".join(f"[{p + 1}]" if isinstance(p, int) else f".{p}" for p in issue.path)
                out.append(f"U{path}: {issue.message}")
        return out

    for _attempt in range(6):
        with use_lang("en"):  # read by the patterns below
            messages = failures()
        if not messages:
            return
        if strict:
            return  # all or nothing: the unit-file checks report it as they find it
        # the reasons the gaps give, in the user's language (the same problems, in the same order)
        local = messages if current_lang() == "en" else failures()
        changed = False
        drop: dict[str, set] = {}
        for n, m in enumerate(messages):
            hit = _WHERE.match(m)
            if not hit:
                continue
            group, index, key, sub, text = hit.groups()
            # the reason as the user's language says it: after the place (which each language
            # words its own way: "U.models[1].ws" / "U, 'models[1].ws'"), at the first ": "
            mine = local[n].split(": ", 1) if n < len(local) and local[n].startswith("U") else None
            said = mine[1] if mine and len(mine) == 2 else text
            if group and index:
                items = unit.get(group) or []
                i = int(index) - 1
                if not 0 <= i < len(items):
                    continue
                item = items[i]
                label = item.get("name", "?") if isinstance(item, dict) else item
                if key == "name" and isinstance(item, dict) and len(str(item.get("name", ""))) > 120:
                    item["name"] = _short(item["name"], 120)
                    gaps.append(_("{name}…: name shortened to 120 characters").format(name=item["name"][:40]))
                    changed = True
                elif key and isinstance(item, dict) and key in item:
                    gaps.append(
                        _("{what}: {key} {value} not read ({reason})").format(
                            what=label, key=key, value=_q(str(item[key]), 30), reason=said
                        )
                    )
                    item.pop(key, None)
                    changed = True
                elif isinstance(item, str) and len(item) > 120:
                    items[i] = _short(item, 120)
                    gaps.append(_("{name}…: name shortened to 120 characters").format(name=item[:40]))
                    changed = True
                else:
                    drop.setdefault(group, set()).add(i)
                    gaps.append(_("{what}: left out ({reason})").format(what=label, reason=said))
            elif group and "too many" in text:
                keep = int(re.search(r"limit (\d+)", text).group(1)) if re.search(r"limit (\d+)", text) else 0
                gaps.append(
                    _("{what}: only the first {count} printed ({reason})").format(
                        what=group, count=keep, reason=said
                    )
                )
                unit[group] = unit[group][:keep]
                changed = True
            elif not group and sub and isinstance(unit.get(key), dict) and sub in unit[key]:
                # a field of the building or transport profile (e.g. armour 99): that field only
                gaps.append(
                    _("{block} {key} {value} not read ({reason})").format(
                        block=key, key=sub, value=_q(str(unit[key][sub]), 30), reason=said
                    )
                )
                unit[key].pop(sub)
                changed = True
            elif key == "name" and isinstance(unit.get("name"), str) and len(unit["name"]) > 120:
                unit["name"] = _short(unit["name"], 120)
                gaps.append(_("the unit's name shortened to 120 characters"))
                changed = True
            elif key and key in unit and key not in ("name", "points", "slot", "detachment"):
                gaps.append(
                    _("{key} {value} not read ({reason})").format(
                        key=key, value=_q(str(unit[key]), 30), reason=said
                    )
                )
                unit.pop(key, None)
                changed = True
        for group, indexes in drop.items():
            unit[group] = [x for i, x in enumerate(unit[group]) if i not in indexes]
            changed = True
        if not changed:
            return  # what is left (e.g. fractional points) the unit-file checks report


def to_yaml(doc: dict) -> str:
    """The unit file of an imported roster (libyaml's emitter where PyYAML has it: the same
    text, in a fraction of the time)."""
    import yaml

    for unit in doc.get("units", ()):
        unit.pop("roster_text", None)  # the roster's own prose is printed, never stored

    head = "# Imported by `sheets import battlescribe`; rule descriptions are not copied.\n"
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return head + yaml.dump(dict(doc), Dumper=dumper, sort_keys=False, allow_unicode=True, width=100)
