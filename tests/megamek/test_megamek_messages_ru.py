"""The MegaMek importer in Russian (issue 30): every message of ``mul.py``, ``blk.py`` and
``import_cli.py`` goes through gettext, and the Russian catalogue
(``sheets/locale/ru/LC_MESSAGES/sheets.po``, where the lead merged the incoming ``mul.po``)
translates each one with the same placeholders. The tests compile that .po into a temporary
catalogue (Babel) and run the importer's error paths with ``--lang ru``: every line it prints
holds Cyrillic."""

from __future__ import annotations

import gettext
import io
import os
import re
import shutil
from pathlib import Path

import pytest

from .mul_writer import Entity, Pilot, write_mul

ROOT = Path(__file__).resolve().parents[2]
FIX = Path(__file__).parent / "fixtures"
PO = ROOT / "sheets" / "locale" / "ru" / "LC_MESSAGES" / "sheets.po"
SOURCES = [ROOT / "sheets" / "games" / "battletech" / n for n in ("mul.py", "blk.py", "import_cli.py")]
CYRILLIC = re.compile("[\u0400-\u04ff]")
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def _msgids() -> list:
    """(msgid or (singular, plural)) of every gettext call in the importer's sources."""
    from babel.messages.extract import extract_from_file

    keywords = {"_": None, "N_": None, "ngettext": (1, 2)}
    out = []
    for path in SOURCES:
        for _line, message, _comments, _context in extract_from_file("python", str(path), keywords=keywords):
            out.append(message)
    return out


# a check of the source text: mutmut's copy of the sources holds its mutants' strings too
source_check = pytest.mark.skipif(
    "MUTANT_UNDER_TEST" in os.environ, reason="reads the source text (mutmut's copy)"
)


def _catalogue():
    from babel.messages.pofile import read_po

    with PO.open("rb") as fh:
        return read_po(fh)


@source_check
def test_every_message_has_its_russian_translation():
    catalogue = _catalogue()
    ids = _msgids()
    assert len(ids) > 100
    for message in ids:
        entry = catalogue.get(message if isinstance(message, str) else message[0])
        assert entry is not None, f"no translation of {message!r} in {PO.name}"
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        originals = message if isinstance(message, tuple) else (message,)
        assert len(strings) == (3 if isinstance(message, tuple) else 1)
        for text in strings:
            assert text and CYRILLIC.search(text) or text == "{unit}: {message}", (message, text)
            assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(originals[0])), (
                message,
                text,
            )


@source_check
def test_the_messages_are_wrapped_not_formatted_inside():
    """No f-string inside _(), no message glued from pieces: every user-facing literal of the
    importer's error paths is one msgid (an English sentence left unwrapped fails here)."""
    bad = []
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        bad += [m.group(0) for m in re.finditer(r"_\(\s*f[\"']", text)]
        bad += [
            m.group(0)
            for m in re.finditer(r"(?:error|warning|warn|UsageError|Problem)\([^)]*?\bf\"[a-z]", text)
        ]
    assert bad == []


@pytest.fixture
def russian(tmp_path, monkeypatch):
    """The package's Russian catalogue (its .po) compiled into a temporary .mo, used for ``ru``."""
    from babel.messages.mofile import write_mo

    from sheets.core import i18n

    buf = io.BytesIO()
    write_mo(buf, _catalogue())
    buf.seek(0)
    ru = gettext.GNUTranslations(buf)
    real = i18n.translations
    monkeypatch.setattr(i18n, "translations", lambda lang: ru if lang == "ru" else real(lang))
    return ru


def _every_line_russian(stderr: str) -> None:
    lines = [line for line in stderr.splitlines() if line.strip() and not line.startswith(("Usage:", "Try "))]
    assert lines
    for line in lines:
        assert CYRILLIC.search(line), line


def _units(tmp_path) -> Path:
    folder = tmp_path / "units"
    folder.mkdir()
    for name in ("Harpy.blk", "Siren.blk"):
        shutil.copy(FIX / name, folder / name)
    shutil.copy(FIX / "mul" / "units" / "Atlas AS7-D.mtf", folder / "Atlas AS7-D.mtf")
    return folder


def test_a_force_in_russian(cli, tmp_path, russian):
    units = _units(tmp_path)
    force = tmp_path / "f.mul"
    force.write_bytes(
        write_mul(
            [
                Entity("Harpy", pilot=Pilot("Кай", gunnery="x", piloting=4, hits=2, ejected=True)),
                Entity("Atlas", "AS7-D", autoeject=True),
                Entity("Sirne"),
                Entity("Siren", pilot=Pilot("N" * 70, nick="M" * 70, hits="Dead")),
            ],
            "mid",
        )
    )
    r = cli("import", "megamek", force, "--units", units, "-o", tmp_path / "o.yaml", "--lang", "ru")
    assert r.exit_code == 0
    _every_line_russian(r.stderr)
    assert "не протомех: пропущена" in r.stderr and "(может быть, 'Siren'?)" in r.stderr
    assert (
        r.stderr.splitlines()[-1]
        == f"импортировано из отряда: 2 протомеха (пропущено: 2); записан {tmp_path / 'o.yaml'}"
    )
    r = cli(
        "import", "megamek", force, "--units", units, "-o", tmp_path / "s.yaml", "--strict", "--lang", "ru"
    )
    assert r.exit_code == 1 and r.stderr.splitlines()[-1].endswith("; ничего не записано (--strict)")


@pytest.mark.parametrize(
    "data",
    [
        b'<?xml version="1.0" encoding="x-foo"?><unit/>',
        b"<unit><entity chassis='Harpy'></unit>",
        b'<?xml version="1.0"?><!DOCTYPE u [<!ENTITY a "x">]><unit/>',
        b"<roster/>",
        b"<unit><force/></unit>",
        b'<unit><entity chassis="Nope" model=""/></unit>',
        b"<record><salvage><entity chassis='Harpy' model=''/></salvage><survivors>"
        b"<entity chassis='Harpy' model=''><construction_data>!!</construction_data></entity></survivors></record>",
        b"<unit>" + b"<x>" * 41 + b"</x>" * 41 + b"</unit>",
    ],
)
def test_refused_forces_in_russian(cli, tmp_path, russian, data):
    force = tmp_path / "f.mul"
    force.write_bytes(data)
    r = cli("import", "megamek", force, "--units", _units(tmp_path), "--lang", "ru")
    assert r.exit_code in (0, 1)
    _every_line_russian(r.stderr)


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs FIFOs (POSIX)")
def test_skipped_unit_files_in_russian(cli, tmp_path, russian):
    import os

    units = _units(tmp_path)
    os.mkfifo(units / "Hang.blk")
    force = tmp_path / "f.mul"
    force.write_bytes(write_mul([Entity("Harpy")]))
    r = cli("import", "megamek", force, "--units", units, "--lang", "ru")
    assert r.exit_code == 0
    _every_line_russian(r.stderr)
    assert ": пропущен (не прочитан как файл единицы)" in r.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("{force}", "-o", "{tmp}/out.blk"),
        ("{force}", "-o", "{tmp}/a.yaml", "-d", "{tmp}/d"),
        ("{force}", "{harpy}"),
        ("{harpy}", "--units", "{tmp}"),
        ("{force}", "-d", "{tmp}/d"),
        ("{tmp}/empty",),
    ],
)
def test_usage_errors_in_russian(cli, tmp_path, russian, args):
    (tmp_path / "empty").mkdir()
    force = tmp_path / "f.mul"
    force.write_bytes(write_mul([Entity("Harpy")]))
    values = {"force": force, "tmp": tmp_path, "harpy": FIX / "Harpy.blk"}
    r = cli("import", "megamek", *[a.format(**values) for a in args], "--lang", "ru")
    assert r.exit_code == 2
    error = [line for line in r.stderr.splitlines() if line.startswith("Ошибка: ")]
    assert len(error) == 1 and CYRILLIC.search(error[0]), r.stderr


def test_refused_blk_files_in_russian(cli, tmp_path, russian):
    """Every message of blk.py that a broken file can give, in one batch."""
    broken = {
        "a.blk": b"<UnitType>\nTank\n</UnitType>\n",
        "b.blk": b"stray\n<Name>\nB\n</Name>\n</Model>\n<armor>\nx\n</armor>\n<tonnage>\n2.5\n</tonnage>\n"
        b"<motion_type>\nQuadd\n</motion_type>\n<cruiseMP>\n-1\n</cruiseMP>\n<armor_type>\n99\n</armor_type>\n"
        b"<Torso Equipment>\nCLMGG\nCLMG (5)\nClan Ammo SRM-1\nProtomechUMU\nProtomechJumpJet (2)\n"
        b"CLMG:SIZE:x\n</Torso Equipment>\n<Body Equipment>\nCLMG\nProtomechJumpJet\nExtendedJumpJetSystem\n"
        b"</Body Equipment>\n<Main Gun Equipment>\nCLMG\n</Main Gun Equipment>\n<Arm Equipment>\nX\n"
        b"</Arm Equipment>\n<Name>\nAgain\n</Name>\n<overview>\nfluff\n<history>\nmore\n</history>>\n",
        "c.blk": b"<UnitType>\nProtoMek\n</UnitType>\n<Name>\nC\n</Name>\n<armor>\n1\n1\n1\n</armor>\n<tonnage>\n"
        b"x\n</tonnage>\n<motion_type>\nQuad\n</motion_type>\n<cruiseMP>\n3\n</cruiseMP>\n<model>\na\nb\n</model>\n"
        b"<notes>\nopen",
        # more than 500 blocks (a NUL byte is refused by fsio first, in its own words)
        "d.blk": b"<Name>\nD\n</Name>\n" + b"#x\n" * 600 + b"<a>\n</a>\n" * 501,
        "e.blk": b"<UnitType>\nProtoMek\n</UnitType>\n<Name>\nE\n</Name>\n<tonnage>\n20.0\n</tonnage>\n"
        b"<motion_type>\nQuad\n</motion_type>\n<cruiseMP>\n3\n</cruiseMP>\n<armor>\n1\n1\n1\n1\n1\n</armor>\n"
        b"<Torso Equipment>\n</Model>\n</Torso Equipment>\n<Model>\n",
    }
    for name, data in broken.items():
        (tmp_path / name).write_bytes(data)
    r = cli("import", "megamek", tmp_path, "--lang", "ru")
    assert r.exit_code == 1
    _every_line_russian(r.stderr)
    assert len(r.stderr.splitlines()) >= 25
    summary = "импортировано: 0 единиц (прочитано файлов: 5, отклонено: 5); ничего не записано"
    assert summary in r.stderr.splitlines()
