"""The message catalogue's maintenance (needs Babel: ``pip install '.[test]'``).

    python tools/i18n.py update    extract every msgid of ``sheets/`` and of the installed click
                                   into sheets/locale/sheets.pot, merge it into each .po, then
                                   take the translations waiting in sheets/locale/incoming/*.po
                                   (a msgid of the catalogue gets the incoming msgstr; the
                                   incoming file is removed once all of it is taken)
    python tools/i18n.py compile   compile each .po into the .mo the package reads
    python tools/i18n.py stats     messages and translated counts per language

Msgids are written without source locations (the catalogue does not change when code moves);
a changed msgid keeps its old translation marked fuzzy until a translator checks it (the tests
fail on a fuzzy or missing translation). click's strings: every click version the project
supports may add some; ``update`` takes those of the installed click and keeps the others.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "sheets" / "locale"
POT = LOCALE / "sheets.pot"
KEYWORDS = ["_", "N_", "tr", "ngettext:1,2", "pgettext:1c,2"]


def _babel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True, cwd=ROOT)


def update() -> None:
    import click

    click_dir = str(Path(click.__file__).resolve().parent)
    args = [
        "extract",
        "-F",
        "tools/babel.cfg",
        "--no-location",
        "--sort-output",
        "--no-wrap",
        "--project",
        "wargame-sheets",
        "--copyright-holder",
        "the sheets authors",
        "--msgid-bugs-address",
        "",
        "-o",
        str(POT),
    ]
    for k in KEYWORDS:
        args += ["-k", k]
    _babel(*args, "sheets", click_dir)
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


def take_incoming() -> None:
    """Translations of ``sheets/locale/incoming/*.po`` into the Russian catalogue."""
    from babel.messages.pofile import read_po, write_po

    po_path = LOCALE / "ru" / "LC_MESSAGES" / "sheets.po"
    with po_path.open("rb") as fh:
        catalog = read_po(fh)
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
        print(f"{incoming.name}: taken, {left} msgid(s) not in the catalogue (yet)")
        if not left:
            incoming.unlink()
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


def compile_() -> None:
    _babel("compile", "-D", "sheets", "-d", str(LOCALE), "--statistics")


def stats() -> None:
    from babel.messages.pofile import read_po

    for po in sorted(LOCALE.glob("*/LC_MESSAGES/sheets.po")):
        with po.open("rb") as fh:
            cat = read_po(fh)
        msgs = [m for m in cat if m.id]
        done = [
            m for m in msgs if (all(m.string) if isinstance(m.string, tuple) else m.string) and not m.fuzzy
        ]
        print(f"{po.parts[-3]}: {len(done)}/{len(msgs)} translated")


if __name__ == "__main__":
    {"update": update, "compile": compile_, "stats": stats}[sys.argv[1] if len(sys.argv) > 1 else "stats"]()
