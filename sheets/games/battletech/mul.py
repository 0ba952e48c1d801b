"""MegaMek force files (``.mul``): the ProtoMechs of a force with their pilots.

A ``.mul`` is XML: a ``<unit>`` root holding one ``<entity chassis=… model=… type=…>`` per unit.
A pilot is written either as ``<pilot name=… gunnery=… piloting=…/>`` (older MegaMek) or as
``<crew …><crewMember name=… gunnery=… …/></crew>`` (newer): both are read; the first crew
member is the ProtoMech's pilot. The units themselves are not in the file: they are looked up
by chassis and model among the ``.blk`` files of a folder (a MegaMek installation's unit folder,
searched recursively), then imported like ``sheets import megamek FILE.blk``.

:func:`read_force` gives the unit-file mapping of the units it found (each with its pilot) and
one message per entity it could not use (not a ProtoMech, no ``.blk`` of that chassis and
model, a ``.blk`` that does not import): the rest are kept. XML is parsed with defusedxml (no
DTD, entities or external references); the file and the folder scan are capped.
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

from sheets.core.errors import InputError, Problem

MAX_BYTES = 2 * 1024 * 1024  # a force file of hundreds of units is far below
MAX_ENTITIES = 500  # units in one force (the loader's cap of units per file)
MAX_SCAN = 20_000  # .blk files looked at in the units folder (MegaMek ships ~6,000)
PROTO_TYPES = ("protomech", "protomek")
UNITS_ENV = "SHEETS_MUL_UNITS"  # the folder of `render FORCE.mul --units DIR` (set by the CLI)
_TAG = re.compile(rb"<(name|model|unittype)>\s*\n(.*?)\n\s*</\1>", re.I | re.S)


class ForceMapping(dict):
    """A unit-file mapping that also carries the force's messages (``warnings``: Problems)."""

    warnings: list
    used: set = set()  # names of the in-memory .blk files it read


def _fail(name: str, message: str):
    raise InputError([Problem(name, None, message)])


def _key(chassis: str, model: str) -> tuple[str, str]:
    return " ".join(chassis.split()).lower(), " ".join(model.split()).lower()


def _label(chassis: str, model: str) -> str:
    return f"{chassis} {model}".strip()


def blk_key(head: bytes) -> tuple[tuple[str, str], str] | None:
    """((chassis, model) in lower case, the label as written) of a ProtoMech ``.blk`` from its
    first bytes (three tags), or None."""
    tags = {
        m.group(1).lower().decode(): m.group(2).strip().decode("utf-8", "replace")
        for m in _TAG.finditer(head[: 64 * 1024])
    }
    if tags.get("unittype", "").lower() not in PROTO_TYPES or not tags.get("name"):
        return None
    return _key(tags["name"], tags.get("model", "")), _label(tags["name"], tags.get("model", ""))


def index_units(folder: str | os.PathLike) -> dict[tuple[str, str], tuple]:
    """(chassis, model) -> (file name, reader of its unit mapping, label) for every ProtoMech ``.blk``
    under ``folder`` (a quick read of three tags; only the matched files are parsed in full).
    The first file of a chassis and model in sorted order wins."""
    from sheets.games.battletech.blk import read_blk

    found: dict = {}
    seen = 0
    for root, dirs, names in os.walk(folder, followlinks=False):
        dirs.sort()
        for n in sorted(names):
            if not n.lower().endswith(".blk"):
                continue
            seen += 1
            if seen > MAX_SCAN:
                _fail(str(folder), f"more than {MAX_SCAN} .blk files in the units folder")
            path = Path(root) / n
            try:
                with open(path, "rb") as fh:
                    known = blk_key(fh.read(64 * 1024))
            except OSError:
                continue
            if known is not None:
                found.setdefault(known[0], (str(path), lambda path=path: read_blk(path), known[1]))
    return found


def index_sources(sources: dict[str, bytes]) -> dict[tuple[str, str], tuple]:
    """:func:`index_units` of in-memory ``.blk`` files (name -> bytes), in name order."""
    from sheets.games.battletech.blk import parse_blk

    found: dict = {}
    for name in sorted(sources):
        if name.lower().endswith(".blk"):
            known = blk_key(sources[name])
            if known is not None:
                found.setdefault(known[0], (name, lambda name=name: parse_blk(sources[name], name), known[1]))
    return found


def _pilot(entity) -> dict | None:
    """The entity's pilot: ``<pilot>`` or the first ``<crew>/<crewMember>``."""
    node = None
    for child in entity:
        tag = child.tag.split("}")[-1].lower()
        if tag == "pilot":
            node = child
            break
        if tag == "crew":
            members = [m for m in child if m.tag.split("}")[-1].lower() == "crewmember"]
            node = members[0] if members else child
            break
    if node is None:
        return None
    pilot: dict = {"name": " ".join((node.get("name") or "").split())[:60]}
    gunnery = (node.get("gunnery") or "").strip()
    if gunnery.isdigit():
        pilot["gunnery"] = int(gunnery)
    return pilot


def read_force(name: str, data: bytes, index: dict, where: str) -> ForceMapping:
    """The unit-file mapping of a ``.mul`` force (its bytes ``data``, called ``name``): the
    ProtoMechs found in ``index`` (:func:`index_units`, :func:`index_sources`; ``where`` names
    it in messages) with their pilots; what could not be used is in ``.warnings``. A force of
    which nothing can be used is an input error."""
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    from sheets.games.battletech.blk import _needs_tw, _plain_data, check_unit

    if len(data) > MAX_BYTES:
        _fail(name, f"file too large (limit {MAX_BYTES} bytes)")
    try:
        root = fromstring(data)
    except ParseError as exc:
        line, col = getattr(exc, "position", (None, None))
        where = f" at line {line}, column {col + 1}" if line else ""
        _fail(name, f"not a readable MegaMek force (XML){where}")
    except (DefusedXmlException, ValueError) as exc:
        _fail(name, f"refused: {type(exc).__name__} (DTDs and entities are not read)")
    entities = [e for e in root.iter() if e.tag.split("}")[-1].lower() == "entity"]
    if not entities:
        _fail(name, "no <entity> in this file: not a MegaMek force (.mul)")
    if len(entities) > MAX_ENTITIES:
        _fail(name, f"more than {MAX_ENTITIES} units in the force")
    labels = [entry[2] for entry in index.values()]
    units, warnings = [], []
    for number, entity in enumerate(entities, 1):
        chassis = " ".join((entity.get("chassis") or "").split())
        model = " ".join((entity.get("model") or "").split())
        what = f"unit {number} ({_label(chassis, model) or 'no chassis'})"
        kind = (entity.get("type") or "").strip().lower()
        if kind and kind not in PROTO_TYPES:
            warnings.append(
                Problem(name, None, f"{what}: a {entity.get('type')}, not a ProtoMech: left out", "warning")
            )
            continue
        entry = index.get(_key(chassis, model))
        if entry is None:
            close = difflib.get_close_matches(_label(chassis, model), labels, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            warnings.append(
                Problem(
                    name,
                    None,
                    f"{what}: no .blk of this chassis and model in {where}{hint}: left out",
                    "warning",
                )
            )
            continue
        path, read = entry[:2]
        try:
            unit = read()
            check_unit(unit, str(path))
        except InputError as exc:
            first = exc.problems[0]
            warnings.append(
                Problem(name, None, f"{what}: {path} does not import ({first.message}): left out", "warning")
            )
            continue
        plain = _plain_data(unit)
        pilot = _pilot(entity)
        if pilot is not None:
            plain["pilot"] = {**(plain.get("pilot") or {}), **pilot}
        units.append((plain, unit))
    if not units:
        raise InputError(warnings + [Problem(name, None, "no ProtoMech of the force could be imported")])
    doc = ForceMapping(system="battletech")
    if any(_needs_tw(unit) for _, unit in units):
        doc["rules"] = "tw"
    doc["roster"] = {"name": Path(name).stem}
    doc["units"] = [plain for plain, _ in units]
    doc.warnings = warnings
    return doc


def force_to_unit_file(
    path: str | os.PathLike,
    data: bytes | None = None,
    sources: dict[str, bytes] | None = None,
    options=None,
) -> ForceMapping:
    """``Game.file_formats`` reader of ``.mul``. From the CLI (``render FORCE.mul --units DIR``)
    the units are the ``.blk`` files under DIR (default: the force's own folder); from
    :mod:`sheets.api` (``sources``) they are the opened ``.blk`` files, and no file is read."""
    name = str(path)
    if sources is not None:
        index = index_sources(sources)
        doc = read_force(name, data, index, "the opened .blk files")
        doc.used = {entry[0] for entry in index.values()}
        return doc
    if data is None:
        from sheets.core.fsio import read_user_bytes

        data = read_user_bytes(path, MAX_BYTES)
    given = (options.extra.get("units_dir") if options is not None else None) or os.environ.get(UNITS_ENV)
    units_dir = given or os.path.dirname(os.path.abspath(name))
    return read_force(name, data, index_units(units_dir), str(units_dir))


force_to_unit_file.reads_sources = True  # type: ignore[attr-defined]
force_to_unit_file.takes_options = True  # type: ignore[attr-defined]


def force_to_yaml(doc: dict) -> str:
    """A force's unit file as `sheets import megamek FORCE.mul` writes it (one roster)."""
    import yaml

    from sheets.games.battletech.blk import _Dumper, _plain

    out = {k: v for k, v in doc.items() if k != "units"}
    out["units"] = [_plain(u, 0) for u in doc["units"]]
    head = "# Imported by `sheets import megamek` from a MegaMek force; fluff is not copied.\n"
    return head + yaml.dump(
        out, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100
    )
