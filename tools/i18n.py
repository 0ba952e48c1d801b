"""The message catalogue's maintenance (needs Babel: ``pip install '.[test]'``).

    python tools/i18n.py update    extract every msgid of ``sheets/`` and of the installed click
                                   into sheets/locale/sheets.pot, merge it into each .po, then
                                   take the translations waiting in sheets/locale/incoming/*.po
                                   (a msgid of the catalogue gets the incoming msgstr; the
                                   incoming file is removed once all of it is taken)
    python tools/i18n.py compile   compile each .po into the .mo the package reads
    python tools/i18n.py stats     messages and translated counts per language and per area

Msgids are written without source locations (the catalogue does not change when code moves);
a changed msgid keeps its old translation marked fuzzy until a translator checks it (the tests
fail on a fuzzy or missing translation). click's strings carry the extracted comment ``click``:
every click version the project supports may add some, so ``update`` takes those of the
installed click and keeps the click strings already in the catalogue that it lacks (8.5 added
"Positional arguments"; a CI on 8.4 must not drop it). A click string no supported version has
any more is removed from the .po by hand.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "sheets" / "locale"
POT = LOCALE / "sheets.pot"
RU_PO = LOCALE / "ru" / "LC_MESSAGES" / "sheets.po"
# the gettext functions of sheets.core.i18n (babel's keyword specs: the msgid's argument numbers)
KEYWORDS = {"_": None, "N_": None, "tr": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
CLICK = "click"  # the extracted comment marking click's own strings


def click_dir() -> Path:
    import click

    return Path(click.__file__).resolve().parent


def areas() -> dict[str, list[Path]]:
    """Where each area's msgids live (for ``stats``; a msgid may belong to several areas)."""
    games = sorted(p for p in (ROOT / "sheets" / "games").iterdir() if (p / "__init__.py").is_file())
    out = {
        "core": [ROOT / "sheets" / "core", ROOT / "sheets" / "data.py"],
        "api": [ROOT / "sheets" / "api.py"],
        "cli": [ROOT / "sheets" / "cli"],
        "render": [ROOT / "sheets" / "render"],
        "web": [ROOT / "sheets" / "web"],
    }
    out.update({g.name: [g] for g in games})
    out["click"] = [click_dir()]
    return out


def messages(paths: Iterable[Path]):
    """(msgid, context) of every gettext call in the Python files under ``paths``; a plural's
    msgid is the (singular, plural) pair."""
    from babel.messages.extract import extract, extract_from_dir

    for path in paths:
        if path.is_dir():
            found = extract_from_dir(
                str(path), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=()
            )
            for _file, _line, message, _comments, context in found:
                yield message, context
        elif path.is_file():
            with path.open("rb") as fh:
                for _line, message, _comments, context in extract("python", fh, keywords=KEYWORDS):
                    yield message, context


def _catalog_of(po: Path):
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        return read_po(fh)


def extract(pot: Path = POT, carry_from: Path | None = RU_PO, sources: Iterable[Path] | None = None):
    """Write the template ``pot``: the msgids of ``sources`` (``sheets/``) and of the installed
    click (marked ``#. click``), plus the click strings of ``carry_from`` the installed click
    lacks (another supported click version's). Returns the template's catalogue."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalog = Catalog(
        project="wargame-sheets",
        copyright_holder="the sheets authors",
        msgid_bugs_address="",
        fuzzy=True,
    )
    for message, context in messages([ROOT / "sheets"] if sources is None else sources):
        catalog.add(message, context=context)
    for message, context in messages([click_dir()]):
        entry = catalog.get(message[0] if isinstance(message, tuple) else message, context)
        if entry is None:
            entry = catalog.add(message, context=context)
        if CLICK not in entry.auto_comments:
            entry.auto_comments.append(CLICK)
    if carry_from is not None and carry_from.is_file():
        for old in _catalog_of(carry_from):
            if old.id and CLICK in old.auto_comments and catalog.get(old.id, old.context) is None:
                catalog.add(old.id, context=old.context, auto_comments=[CLICK])
    with pot.open("wb") as fh:
        write_po(fh, catalog, width=0, omit_header=False, sort_output=True, include_lineno=False)
    return catalog


def _babel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True, cwd=ROOT)


def update() -> None:
    extract(POT)
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/sheets.po")):
        _babel(
            "update",
            "-D",
            "sheets",
            "-i",
            str(POT),
            "-d",
            str(LOCALE),
            "-l",
            po.parts[-3],
            "--no-wrap",
            "--ignore-obsolete",
            "--previous",
        )
    take_incoming()


def _write(po_path: Path, catalog) -> None:
    from babel.messages.pofile import write_po

    with po_path.open("wb") as fh:
        write_po(
            fh,
            catalog,
            width=0,
            omit_header=False,
            sort_output=True,
            include_lineno=False,
            include_previous=True,
        )


def take_incoming() -> None:
    """Translations of ``sheets/locale/incoming/*.po`` into the Russian catalogue."""
    from babel.messages.pofile import read_po

    catalog = _catalog_of(RU_PO)
    for incoming in sorted((LOCALE / "incoming").glob("*.po")):
        with incoming.open("rb") as fh:
            extra = read_po(fh)
        left = 0
        for msg in extra:
            if not msg.id:
                continue
            target = catalog.get(msg.id, msg.context)
            if target is None:
                left += 1
                continue
            target.string = msg.string
            target.flags.discard("fuzzy")
            target.previous_id = []  # the old msgid a fuzzy match guessed from
            target.user_comments = [c for c in target.user_comments if not c.startswith("|")]
        print(f"{incoming.name}: taken, {left} msgid(s) not in the catalogue (yet)")
        if not left:
            incoming.unlink()
    _write(RU_PO, catalog)


def compile_() -> None:
    _babel("compile", "-D", "sheets", "-d", str(LOCALE), "--statistics")


def translated(message) -> bool:
    """A message with every form translated and not fuzzy."""
    done = all(message.string) if isinstance(message.string, tuple) else bool(message.string)
    return done and not message.fuzzy


def stats() -> None:
    """Messages and translated counts per language, then per area (a msgid used by several
    areas counts in each)."""
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/sheets.po")):
        cat = _catalog_of(po)
        msgs = {(m.id, m.context): m for m in cat if m.id}
        done = sum(translated(m) for m in msgs.values())
        print(f"{po.parts[-3]}: {done}/{len(msgs)} translated")
        for area, paths in areas().items():
            keys = _keys_of(messages(paths))
            known = [msgs[k] for k in keys if k in msgs]
            print(
                f"  {area:<11} {len(keys):4d} msgids, {sum(translated(m) for m in known):4d} translated"
                + (f", {len(keys) - len(known)} not in the catalogue" if len(known) < len(keys) else "")
            )


def _keys_of(found) -> set:
    return {(tuple(m) if isinstance(m, (list, tuple)) else m, c) for m, c in found if m}


if __name__ == "__main__":
    {"update": update, "compile": compile_, "stats": stats}[sys.argv[1] if len(sys.argv) > 1 else "stats"]()
