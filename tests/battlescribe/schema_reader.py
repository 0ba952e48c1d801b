"""An independent reading of a BattleScribe roster, written from the roster schema (BSData
``schemas``: ``src/xml/schema/v2_03/Catalogue.xsd`` with the roster namespace, and ``v2_02`` for
the older dialect), not from the importer's code: what each unit holds, model by model.

The schema's facts used: ``roster/forces/force`` (nested ``forces/force``) hold
``selections/selection``; a ``Selection`` has ``number`` (xs:nonNegativeInteger, required) and
``type`` (``SelectionEntryKind``: upgrade | model | unit), its own ``selections``, ``profiles``
(``Profile``: ``typeName``, or ``profileTypeName`` in 2.01 files, ``hidden``; its
``characteristics/characteristic`` hold the value as text, or as ``value=`` in 2.01) and
``categories/category`` (``primary``).

How the counts read (the project's reading of the numbers, stated once here and in the
importer's docs, see ``sheets/games/wh40k6/battlescribe.py``): a model selection is one with a
visible model profile (Unit, Monstrous Creature, Vehicle, Walker, Flyer), or a ``type="model"``
one without any below it (a team: one model of each profile of the nearest selection above
that has them). It stands for ``number`` × (a ``2x`` / ``x2`` in its name) models; inside another
model selection a number of 1 is one per model of that one. Here every model is expanded into an
instance, each instance collecting its weapons, and the instances are counted at the end.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

MODEL_KINDS = {"unit", "monstrous creature", "vehicle", "walker", "flyer"}
TIMES = re.compile(r"^\s*(\d{1,2})\s*[x×]\s+\S|\s[x×]\s*(\d{1,2})\s*$", re.I)
SQUAD_CONTAINERS = {"standard wargear", "standard equipment", "squad wargear", "wargear"}
JOINERS = (" and ", " & ", " + ")
HEADER = {
    "allegiance",
    "configuration",
    "rite of war",
    "use playtest rules",
    "game type",
    "detachment command cost",
    "game mode",
}


def parse(path: Path):
    """The roster's root element, namespace dropped, from a .ros or a .rosz (zip) file."""
    import zipfile

    from defusedxml.ElementTree import fromstring

    data = path.read_bytes()
    if data[:2] == b"PK":
        with zipfile.ZipFile(path) as z:
            name = next(n for n in z.namelist() if n.lower().endswith(".ros"))
            data = z.read(name)
    root = fromstring(data)
    for el in root.iter():
        el.tag = el.tag.rpartition("}")[2]
    return root


def kind(profile) -> str:
    return " ".join((profile.get("typeName") or profile.get("profileTypeName") or "").split()).lower()


def visible(sel, kinds=None):
    out = [p for p in sel.findall("profiles/profile") if p.get("hidden") != "true"]
    return [p for p in out if kinds is None or kind(p) in kinds]


def chars(profile) -> dict:
    out = {}
    for c in profile.findall("characteristics/characteristic"):
        v = c.get("value")
        out[c.get("name").strip().lower()] = " ".join((c.text or "" if v is None else v).split())
    return out


def name(el) -> str:
    return " ".join((el.get("name") or "").split())


def times(text: str) -> int:
    m = TIMES.search(text)
    return int(m.group(1) or m.group(2)) if m else 1


def kids(sel):
    return sel.findall("selections/selection")


def has_model_profile(sel) -> bool:
    return bool(visible(sel, MODEL_KINDS)) or any(has_model_profile(c) for c in kids(sel))


def dedicated_transport(sel) -> bool:
    ks = {kind(p) for p in visible(sel)}
    cats = {" ".join((c.get("name") or "").lower().split()) for c in sel.findall("categories/category")}
    return bool(ks & {"vehicle", "walker", "flyer"}) and ("transport" in ks or "dedicated transport" in cats)


def plural_for(sel_name: str, profile_name: str) -> bool:
    def last(t):
        w = re.findall(r"[a-z]+", t.lower())
        return w[-1] if w else ""

    a, b = last(sel_name), last(profile_name)
    return a.endswith("s") and not a.endswith("ss") and not (b.endswith("s") and not b.endswith("ss"))


class Instance:
    """One model: its line (profile name and characteristics) and the weapons it carries."""

    def __init__(self, profile, section: int):
        self.line = (name(profile), tuple(sorted(chars(profile).items())))
        self.section = section
        self.weapons: Counter = Counter()


class Unit:
    """A unit as the roster holds it: every model an :class:`Instance`, weapons nobody in
    particular carries in ``loose``."""

    def __init__(self, sel, split: bool = True):
        self.name = " ".join((sel.get("customName") or sel.get("name") or "").split())
        self.instances: list[Instance] = []
        self.loose: Counter = Counter()
        self.transports: list = []
        self.split = split
        self._parent: dict[int, int] = {}
        self._sections = 0
        given: list[tuple] = []  # (weapon, section, copies): given once to every model there
        self.walk(sel, True, None, 0, (), 1, 1, False, None, given)
        for weapon, section, copies in given:
            members = [i for i in self.instances if section in self._chain(i.section)]
            takers = [i for i in members if not i.weapons[weapon]]
            if len(members) <= 1 or not takers:
                (members[0].weapons if len(members) == 1 else self.loose)[weapon] += copies
            elif len(takers) == len(members) and len({i.line for i in members}) > 1:
                self.loose[weapon] += copies * len(members)  # every model: one row for the unit
            else:
                for i in takers:
                    i.weapons[weapon] += copies

    def _chain(self, section: int) -> set:
        out = {section}
        while section in self._parent:
            section = self._parent[section]
            out.add(section)
        return out

    def walk(self, sel, top, owners, section, templates, number, mult, named, sink, given) -> None:
        """``owners``: the instances carrying the gear of the model selection above (None at the
        unit's level); ``number``, ``mult``: the products of ``number`` and of the names' ``Nx``
        since; ``sink``: the gear of a selection that only wraps a model selection."""
        if not top and self.split and dedicated_transport(sel):
            self.transports.append(sel)
            return
        if not top and sel.get("type") == "unit":
            self._sections += 1
            self._parent[self._sections] = section
            section = self._sections
        number *= int(sel.get("number"))
        mult *= times(name(sel))
        named = named or name(sel).lower() in SQUAD_CONTAINERS
        own = visible(sel, MODEL_KINDS)
        teams_below = any(c.get("type") == "model" and not has_model_profile(c) for c in self._below(sel))
        carriers = None  # the instances carrying this model selection's gear
        wrapper = False
        if own and teams_below:
            templates = tuple(own)
        elif own or sel.get("type") == "model":
            count = (len(owners) if owners is not None and number == 1 else number) * mult
            if owners is not None and number == 1:  # one per model of the selection above
                count = len({id(o) for o in owners}) * mult
            if own:
                made = [Instance(p, section) for _ in range(count) for p in own]
                carriers = [i for i in made if i.line[0] == name(own[0])]
                self.instances += made
            elif not has_model_profile(sel) and templates:
                made = [Instance(p, section) for _ in range(count) for p in templates]
                guns = [p for p in templates if chars(p).get("unit type", "").lower().startswith("artillery")]
                gun = name((guns or list(templates))[0])
                carriers = [i for i in made if i.line[0] == gun]
                self.instances += made
            elif has_model_profile(sel):
                wrapper = True
        for p in visible(sel, {"weapon"}):
            wn = name(p)
            if carriers is not None:  # on the model selection itself: every model has one
                for i in carriers:
                    i.weapons[wn] += 1
            elif owners is not None:
                _spread(owners, wn, (len(owners) if number == 1 else number) * mult)
            elif sink is not None:
                sink.append((wn, number, mult))
            elif number > 1:
                self.loose[wn] += number * mult
            elif (
                named
                or sel.get("type") == "unit"
                or plural_for(name(sel), wn)
                or any(j in f" {name(sel).lower()} " for j in JOINERS)
            ):
                given.append((wn, section, mult))
            else:
                self.loose[wn] += mult
        if carriers is not None:
            owners, number, mult, named, sink = carriers, 1, 1, False, None
        if wrapper:
            start, pending = len(self.instances), []
            for c in kids(sel):
                self.walk(c, False, None, section, templates, 1, 1, False, pending, given)
            inside = self.instances[start:]
            lines = {i.line for i in inside}
            for wn, n, m in pending:
                copies = (1 if n == 1 else n) * m
                if len(lines) == 1:
                    _spread(inside, wn, copies)
                else:
                    self.loose[wn] += copies
            return
        for c in kids(sel):
            self.walk(c, False, owners, section, templates, number, mult, named, sink, given)

    @staticmethod
    def _below(sel):
        """The selections under ``sel`` down to (and with) the next ones holding a model profile."""
        out, stack = [], list(kids(sel))
        while stack:
            c = stack.pop()
            out.append(c)
            if not visible(c, MODEL_KINDS):
                stack.extend(kids(c))
        return out

    # -- the counts, as a datasheet states them
    def lines(self) -> Counter:
        return Counter(i.line for i in self.instances)

    def weapons(self) -> Counter:
        """{(weapon, carrier line or None): count}; a unit of one line names no carrier."""
        out: Counter = Counter()
        single = len(self.lines()) <= 1
        for i in self.instances:
            for w, n in i.weapons.items():
                out[(w, None if single else i.line)] += n
        for w, n in self.loose.items():
            out[(w, None)] += n
        return +out


def _spread(owners, weapon, copies):
    """``copies`` of a weapon among the instances of one line: one each, the rest on the first."""
    if copies == len(owners):
        for i in owners:
            i.weapons[weapon] += 1
    else:
        owners[0].weapons[weapon] += copies


def units(path: Path) -> list[Unit]:
    """The roster's units in order, each followed by its dedicated transports; pseudo-selections
    (header categories; zero-point upgrades without models) are not units."""
    root = parse(path)
    out: list[Unit] = []

    def force(el):
        for sel in el.findall("selections/selection"):
            primary = [
                c.get("name") for c in sel.findall("categories/category") if c.get("primary") == "true"
            ]
            if primary and " ".join(primary[0].lower().split()) in HEADER:
                continue
            u = Unit(sel)
            if not u.instances and u.transports:  # the vehicles are the unit itself
                u = Unit(sel, split=False)
            buildings = [p for s in sel.iter("selection") for p in visible(s, {"building"})]
            if not u.instances and not buildings and sel.get("type") == "upgrade":
                continue
            out.append(u)
            out.extend(Unit(t) for t in u.transports)
        for sub in el.findall("forces/force"):
            force(sub)

    for f in root.findall("forces/force"):
        force(f)
    return out
