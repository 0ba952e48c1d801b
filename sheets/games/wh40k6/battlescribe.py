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
import os
import re
import stat
import zipfile
import zlib
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from sheets.core.errors import InputError, Pos, Problem
from sheets.data import load_data

NS = "{http://www.battlescribe.net/schema/rosterSchema}"
MODEL_PROFILES = ("unit", "monstrous creature", "vehicle", "walker", "flyer")
WEAPON_PROFILES = ("weapon",)
_NUMBER = re.compile(r"^\s*(\d+)\s*(?:\"|''|”|in)?\s*$")


def config() -> dict:
    return load_data("wh40k6/battlescribe.yaml")


def _fail(path: str, message: str, pos: Pos | None = None):
    raise InputError([Problem(path, pos, message)])


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- reading the bytes ---------------------------------------------------------------------------
def read_roster_bytes(path: str | os.PathLike) -> bytes:
    """The roster XML of a ``.ros`` or ``.rosz`` file (a zip is recognised by its content)."""
    name = str(path)
    limits = config()["limits"]
    try:
        st = os.stat(path)
    except FileNotFoundError:
        _fail(name, "no such file")
    except OSError as exc:
        _fail(name, f"cannot read: {exc.strerror or exc}")
    if stat.S_ISDIR(st.st_mode):
        _fail(name, "is a directory, not a file")
    if not stat.S_ISREG(st.st_mode):
        _fail(name, "not a regular file")
    if st.st_size > limits["file_bytes"]:
        _fail(name, f"file too large (limit {limits['file_bytes']} bytes)")
    try:
        with open(path, "rb") as fh:
            data = fh.read(limits["file_bytes"] + 1)
    except PermissionError:
        _fail(name, "permission denied")
    except OSError as exc:
        _fail(name, f"cannot read: {exc.strerror or exc}")
    return roster_xml(name, data)


def roster_xml(name: str, data: bytes) -> bytes:
    """The roster XML of a ``.ros`` or ``.rosz`` file's bytes (a zip is recognised by content)."""
    limits = config()["limits"]
    if len(data) > limits["file_bytes"]:
        _fail(name, f"file too large (limit {limits['file_bytes']} bytes)")
    if data[:2] == b"PK":
        return _unzip(name, data, limits)
    if len(data) > limits["xml_bytes"]:
        _fail(name, f"roster too large (limit {limits['xml_bytes']} bytes)")
    return data


def _unzip(name: str, data: bytes, limits: dict) -> bytes:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError) as exc:
        _fail(name, f"not a readable .rosz (zip) file: {_short(exc)}")
    if len(members) > limits["zip_members"]:
        _fail(name, f"the zip holds {len(members)} members (limit {limits['zip_members']})")
    rosters = [m for m in members if m.filename.lower().endswith(".ros") and not m.is_dir()]
    if not rosters:
        _fail(name, "the zip holds no .ros roster")
    member = rosters[0]
    cap = limits["xml_bytes"]
    if member.file_size > cap:
        _fail(name, f"{_short(member.filename)} unpacks to {member.file_size} bytes "
                    f"(limit {cap}): refused (a zip bomb?)")
    try:
        with archive.open(member) as fh:  # the header may lie: cap what is actually read
            out = fh.read(cap + 1)
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError, zlib.error) as exc:
        _fail(name, f"cannot unpack {_short(member.filename)}: {_short(exc)}")  # zlib: corrupt data
    if len(out) > cap:
        _fail(name, f"{_short(member.filename)} unpacks to more than {cap} bytes: refused (a zip bomb?)")
    return out


def parse_xml(name: str, data: bytes):
    """The roster's root element, through defusedxml (no DTD, entities or external references)."""
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    try:
        root = fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        _fail(name, f"refused: the XML declares a DTD, entities or external references "
                    f"({type(exc).__name__}); BattleScribe rosters never do")
    except ParseError as exc:
        line, col = getattr(exc, "position", (None, None))
        msg = str(exc).split(":")[0]
        _fail(name, f"not valid XML: {msg}", Pos(line, col + 1) if line else None)
    except (ValueError, RecursionError) as exc:
        _fail(name, f"not valid XML: {_short(exc)}")
    for el in root.iter():  # drop the namespace once: lookups below are plain tag names
        if isinstance(el.tag, str) and el.tag[:1] == "{":
            el.tag = el.tag.rpartition("}")[2]
    return root


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


def _decimal(name: str, raw: str, what: str) -> Decimal:
    try:
        value = Decimal(raw.strip())
    except (InvalidOperation, AttributeError):
        _fail(name, f"{what}: {_short(raw)!r} is not a number")
    if not value.is_finite() or abs(value) > Decimal(10) ** 9:
        _fail(name, f"{what}: {_short(raw)!r} is out of range")
    return value


def _own_points(name: str, sel, cost_name: str) -> Decimal:
    total = Decimal(0)
    for cost in _children(sel, "costs", "cost"):
        if _attr(cost, "name").replace(" ", "").lower() == cost_name:
            total += _decimal(name, _attr(cost, "value", default="0"),
                              f"cost of {_short(_attr(sel, 'name'))!r}")
    return total


def _plain(value: Decimal) -> int | float:
    """Exact points for the unit file: 1715.0 -> 1715, and float noise from New Recruit
    (``0.30000000000000004 + 0.7``) -> 1; a real fraction stays (to 0.01) and the unit schema, which
    takes whole points, reports it."""
    whole = value.to_integral_value()
    if abs(value - whole) < Decimal("0.000001"):
        return int(whole)
    return float(value.quantize(Decimal("0.01")))


def _categories(sel) -> list[tuple[str, bool]]:
    out = [(_attr(c, "name").strip(), _attr(c, "primary") == "true")
           for c in _children(sel, "categories", "category")]
    out += [(_attr(c, "name", "targetId").strip(), _attr(c, "primary") == "true")
            for c in _children(sel, "categoryLinks", "categoryLink")]
    return out


def _primary_category(sel) -> str | None:
    for name, primary in _categories(sel):
        if primary:
            return name
    return None


def slot_of(category: str | None) -> str:
    """Our FOC slot for a BattleScribe primary category name (``none`` when it uses no slot)."""
    if not category:
        return "none"
    key = " ".join(category.lower().split())
    for entry in config()["slots"]:
        if key in entry["names"] or any(word in key for word in entry.get("contains", [])):
            return entry["slot"]
    return "none"


def _characteristics(profile) -> dict[str, str]:
    out = {}
    for ch in _children(profile, "characteristics", "characteristic"):
        value = ch.get("value")
        if value is None:
            value = ch.text or ""
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
    ("jump monstrous creature", "jump monstrous creature"),
    ("monstrous creature", "monstrous creature"),
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
    low = " ".join(re.sub(r"[^a-z0-9,/()\- ]", "", text.lower()).split())  # "Tank*" -> "tank"
    inner = re.sub(r"^vehicle\s*", "", low).strip().strip("()").strip()
    parts = [p.strip() for p in re.split(r"[,/]", inner) if p.strip()]
    return f"vehicle ({', '.join(parts)})" if parts else "vehicle"


def _model(profile, kind: str, count: int) -> dict:
    ch = _characteristics(profile)
    model: dict[str, Any] = {"name": " ".join(_attr(profile, "name").split()), "count": count}
    if kind in ("vehicle", "walker", "flyer"):
        vtype = ch.get("type", "")
        if kind == "walker" and "walker" not in vtype.lower():
            vtype = f"walker, {vtype}" if vtype and vtype.lower() != "vehicle" else "walker"
        if kind == "flyer" and "flyer" not in vtype.lower():
            vtype = f"flyer, {vtype}" if vtype else "flyer"
        model["type"] = vehicle_type(vtype)
        keys = (["ws", "bs", "s", "front", "side", "rear", "i", "a", "hp"] if kind == "walker"
                else ["bs", "front", "side", "rear", "hp"])
        for key in keys:
            model[key] = _number(ch.get(key, "-"))
    else:
        model["type"] = unit_type(ch.get("unit type", "") or ("monstrous creature"
                                                              if kind == "monstrous creature" else ""))
        for key in ("ws", "bs", "s", "t", "w", "i", "a"):
            model[key] = _number(ch.get(key, "-"))
        model["ld"] = _number(ch.get("ld", ch.get("leadership", "-")))
        model["sv"] = ch.get("save", ch.get("sv", "-")) or "-"
    return model


def _weapon(profile) -> dict:
    ch = _characteristics(profile)
    rng = ch.get("range", "-")
    return {"name": " ".join(_attr(profile, "name").split()),
            "range": _number(rng.replace("&quot;", '"')),
            "s": _number(ch.get("strength", ch.get("s", "-"))),
            "ap": _number(ch.get("ap", "-")),
            "type": ch.get("type", "") or "-"}


class _Walker:
    """Walks one unit's selection subtree (bounded)."""

    def __init__(self, name: str, limits: dict, counter: list[int]):
        self.name, self.limits, self.counter = name, limits, counter
        self.models: dict[str, dict] = {}
        self.weapons: dict[str, dict] = {}
        self.rules: dict[str, None] = {}

    def visit(self, sel, depth: int) -> None:
        self.counter[0] += 1
        if self.counter[0] > self.limits["selections"]:
            _fail(self.name, f"more than {self.limits['selections']} selections: refused")
        if depth > self.limits["depth"]:
            _fail(self.name, f"selections nested deeper than {self.limits['depth']} levels: refused")
        number = _attr(sel, "number", default="1")
        here = min(int(number), 10_000) if number.isdigit() else 1  # this selection's models
        for rule in _children(sel, "rules", "rule"):
            if _attr(rule, "hidden") != "true" and _attr(rule, "name").strip():
                self.rules.setdefault(" ".join(_attr(rule, "name").split()), None)
        for profile in _children(sel, "profiles", "profile"):
            if _attr(profile, "hidden") == "true":
                continue
            kind = _profile_type(profile)
            pname = " ".join(_attr(profile, "name").split())
            if kind in MODEL_PROFILES:
                if pname in self.models:
                    self.models[pname]["count"] += here
                else:
                    self.models[pname] = _model(profile, kind, here)
            elif kind in WEAPON_PROFILES and pname not in self.weapons:
                self.weapons[pname] = _weapon(profile)
        for child in _children(sel, "selections", "selection"):
            self.visit(child, depth + 1)


def _points(name: str, sel, cost_name: str, depth: int = 0) -> Decimal:
    if depth > 200:
        _fail(name, "selections nested too deeply: refused")
    return _own_points(name, sel, cost_name) + sum(
        (_points(name, c, cost_name, depth + 1) for c in _children(sel, "selections", "selection")),
        Decimal(0))


def roster_to_unit_file(path: str | os.PathLike, data: bytes | None = None) -> dict:
    """The unit-file mapping (``system``, ``roster``, ``units``) of a BattleScribe roster (the
    file at ``path``, or its bytes ``data`` named ``path``)."""
    name = str(path)
    cfg = config()
    root = parse_xml(name, read_roster_bytes(path) if data is None else roster_xml(name, data))
    if _tag(root) != "roster":
        _fail(name, f"not a BattleScribe roster (the root element is <{_short(_tag(root), 30)}>, "
                    f"expected <roster>)")
    system_id = _attr(root, "gameSystemId").strip()
    system_name = _attr(root, "gameSystemName").strip() or "unknown game system"
    system = cfg["systems"].get(system_id)
    if system is None:
        _fail(name, f"game system {_short(system_name)!r} ({_short(system_id, 40)}) is not "
                    f"Warhammer 40,000 6th/7th edition or Horus Heresy 1st edition: not imported")
    if not system["import"]:
        _fail(name, f"this roster is for {system['name']} ({_short(system_name)}); only "
                    f"6th/7th-edition and Horus Heresy 1st-edition rosters can be imported")
    cost_name = cfg["cost_name"]
    limit = None
    for cl in _children(root, "costLimits", "costLimit"):
        if _attr(cl, "name").replace(" ", "").lower() == cost_name:
            value = _decimal(name, _attr(cl, "value", default="0"), "points limit")
            if value > 0:
                limit = int(value)
    header_cats = {c.lower() for c in cfg["header_categories"]}
    notes = [f"Imported from {Path(name).name} ({system['name']}, BattleScribe "
             f"{_short(_attr(root, 'battleScribeVersion') or '?', 10)})"]
    units: list[dict] = []
    counter = [0]

    def force(el, depth: int) -> None:
        if depth > cfg["limits"]["depth"]:
            _fail(name, "forces nested too deeply: refused")
        fname = " ".join(_attr(el, "name").split())
        allied = any(w in fname.lower() for w in cfg["allied_force_words"])
        for sel in _children(el, "selections", "selection"):
            category = _primary_category(sel)
            points = _points(name, sel, cost_name)
            label = " ".join((_attr(sel, "customName") or _attr(sel, "name")).split())
            if category and category.lower() in header_cats:
                picks = [" ".join(_attr(s, "name").split())
                         for s in _children(sel, "selections", "selection")]
                notes.append(f"{label}: {', '.join(picks)}" if picks else label)
                continue
            walker = _Walker(name, cfg["limits"], counter)
            walker.visit(sel, 0)
            if not walker.models and points == 0 and _attr(sel, "type") == "upgrade":
                notes.append(label)  # an option of the whole force, no models
                continue
            if len(units) >= cfg["limits"]["units"]:
                _fail(name, f"more than {cfg['limits']['units']} units: refused")
            unit = {"name": label or "unnamed unit", "slot": slot_of(category),
                    "detachment": "allied" if allied else "primary", "points": _plain(points),
                    "models": list(walker.models.values()),
                    "weapons": list(walker.weapons.values()),
                    "rules": list(walker.rules)}
            units.append(unit)
        for sub in _children(el, "forces", "force"):
            force(sub, depth + 1)

    for el in _children(root, "forces", "force"):
        force(el, 0)
    if not units:
        _fail(name, "the roster has no units")
    roster_name = " ".join(_attr(root, "name").split()) or Path(name).stem
    note_text = "; ".join(notes)
    header = {"name": roster_name, "notes": note_text if len(note_text) <= 2000 else note_text[:1999] + "…"}
    if limit is not None:
        header["limit"] = limit
    return {"system": "wh40k6", "roster": header, "units": units}


def to_yaml(doc: dict) -> str:
    import yaml

    head = "# Imported by `sheets import battlescribe`; rule descriptions are not copied.\n"
    return head + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)
