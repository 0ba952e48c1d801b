"""Issue 30: every refusal of a roster has a stable ``code`` naming its kind (the same in every
language; ``validate --json`` gives it beside the message): one small input per kind, its code
and its message's start pinned."""

from __future__ import annotations

import io
import os
import zipfile

import pytest

from sheets.core.errors import InputError
from sheets.games.wh40k6 import battlescribe
from sheets.games.wh40k6.battlescribe import roster_for_printing, roster_to_unit_file

from . import rosters as R


def _zip(members: dict, method=zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return buf.getvalue()


def _encrypted() -> bytes:
    raw = bytearray(_zip({"a.ros": R.roster()}))
    raw[6] |= 1
    raw[raw.rfind(b"PK\x01\x02") + 8] |= 1
    return bytes(raw)


def _lzma_dict(size: int) -> bytes:
    raw = bytearray(_zip({"a.ros": R.roster()}, zipfile.ZIP_LZMA))
    body = 30 + len("a.ros")
    raw[body + 5 : body + 9] = size.to_bytes(4, "little")
    return bytes(raw)


def _lzma_props(n: int) -> bytes:
    raw = bytearray(_zip({"a.ros": R.roster()}, zipfile.ZIP_LZMA))
    raw[30 + len("a.ros") + 2] = n
    return bytes(raw)


def _deflate_damaged() -> bytes:
    raw = bytearray(_zip({"a.ros": R.roster() * 3}))
    for i in range(40, 90):
        raw[i] ^= 0x5A
    return bytes(raw)


def _big_member() -> bytes:
    raw = bytearray(_zip({"a.ros": R.roster()}, zipfile.ZIP_STORED))
    central = raw.rfind(b"PK\x01\x02")
    raw[central + 24 : central + 28] = (60_000_000).to_bytes(4, "little")  # the size it claims
    return bytes(raw)


ROSTER = R.roster()
CASES = {
    "bad-zip": (b"PK\x03\x04 not a zip at all", "not a readable .rosz (zip) file: "),
    "zip-too-many-members": (
        _zip({f"m{i}.txt": "x" for i in range(65)}),
        "the zip holds 65 members (limit 64)",
    ),
    "zip-without-roster": (_zip({"readme.txt": "x"}), "the zip holds no .ros roster"),
    "zip-encrypted": (_encrypted(), "a.ros is encrypted (password-protected)"),
    "zip-too-large": (_big_member(), "a.ros unpacks to 60000000 bytes (limit 50000000)"),
    "zip-unreadable": (_lzma_props(9), "cannot unpack a.ros: its LZMA header is damaged"),
    "lzma-dictionary-too-large": (
        _lzma_dict(1 << 27),
        "cannot unpack a.ros: its LZMA data asks for a 134217728",
    ),
    "unknown-encoding": (
        ROSTER.replace('encoding="UTF-8"', 'encoding="x-evil"', 1).encode(),
        "encoding 'x-evil'",
    ),
    "xml-dtd": (
        ROSTER.replace("<roster ", '<!DOCTYPE r [<!ENTITY e "x">]><roster ', 1).encode(),
        "refused: the XML",
    ),
    "bad-xml": (ROSTER.replace("</roster>", "", 1).encode(), "not valid XML: "),
    "not-a-roster": (
        b'<?xml version="1.0"?><catalogue name="x"/>',
        "not a BattleScribe roster (the root element is",
    ),
    "other-game-system": (
        R.roster(system="no-such-system").encode(),
        "game system 'Test System' (no-such-system) is",
    ),
    "other-edition": (
        R.roster(system=R.EIGHTH).encode(),
        "this roster is for Warhammer 40,000 8th/9th edition",
    ),
    "not-a-number": (
        ROSTER.replace('number="9"', 'number="nine"', 1).encode(),
        "number of 'Glass Troopers': 'nine'",
    ),
    "too-many-digits": (ROSTER.replace('number="9"', 'number="' + "9" * 19 + '"', 1).encode(), "number of"),
    "out-of-range": (
        ROSTER.replace('value="90.0"', 'value="1e99"', 1).encode(),
        "cost of 'Glass Troopers': '1e99'",
    ),
    "no-units": (
        R.roster(
            forces=R.force("2.03", "Primary Detachment", R.selection("2.03", "Oath", "upgrade"))
        ).encode(),
        "the roster has no units",
    ),
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_refusal_has_its_code(code):
    data, start = CASES[code]
    with pytest.raises(InputError) as exc:
        roster_to_unit_file("army.rosz", data)
    (p,) = exc.value.problems
    assert p.code == code
    assert p.message.startswith(start), p.message


def test_file_refusals_have_their_codes(tmp_path):
    def code_of(path) -> str:
        with pytest.raises(InputError) as exc:
            roster_to_unit_file(path)
        return exc.value.problems[0].code

    assert code_of(tmp_path / "missing.ros") == "file-not-found"
    assert code_of(tmp_path) == "not-a-file"
    os.mkfifo(tmp_path / "fifo.ros")
    assert code_of(tmp_path / "fifo.ros") == "not-a-file"
    big = tmp_path / "big.ros"
    big.write_bytes(b" " * 20_000_001)
    assert code_of(big) == "file-too-large"
    with pytest.raises(InputError) as exc:
        roster_to_unit_file("x.ros", b" " * 20_000_001)
    assert exc.value.problems[0].code == "file-too-large"


def test_caps_have_their_codes(monkeypatch):
    real = battlescribe.config()
    small = {
        **real,
        "limits": {
            **real["limits"],
            "xml_elements": 20,
            "xml_bytes": 100,
            "units": 1,
            "selections": 3,
            "depth": 1,
        },
    }
    monkeypatch.setattr(battlescribe, "config", lambda: small)

    def code_of(data: bytes) -> str:
        with pytest.raises(InputError) as exc:
            roster_to_unit_file("army.ros", data)
        return exc.value.problems[0].code

    assert code_of(b"<roster>" + b" " * 200 + b"</roster>") == "roster-too-large"
    monkeypatch.setitem(small["limits"], "xml_bytes", 50_000_000)
    assert code_of(ROSTER.encode()) == "too-many-elements"
    monkeypatch.setitem(small["limits"], "xml_elements", 100_000)
    monkeypatch.setitem(small["limits"], "xml_depth", 3)
    assert code_of(ROSTER.encode()) == "too-deep"
    monkeypatch.setitem(small["limits"], "xml_depth", 200)
    assert code_of(ROSTER.encode()) == "too-many-selections"  # 3 of them: the squad's first ones
    monkeypatch.setitem(small["limits"], "selections", 20_000)
    assert code_of(ROSTER.encode()) == "too-deep"  # the sergeant's blade is at depth 2
    monkeypatch.setitem(small["limits"], "depth", 40)
    assert code_of(ROSTER.encode()) == "too-many-units"  # the squad and the captain


def test_warnings_have_their_codes(monkeypatch):
    real = battlescribe.config()
    small = {**real, "limits": {**real["limits"], "rule_text_chars": 1}}
    monkeypatch.setattr(battlescribe, "config", lambda: small)
    text = ROSTER.replace(
        'name="Steady" hidden="false"><description></description>',
        'name="Steady" hidden="false"><description>xy</description>',
        1,
    )
    text = text.replace(
        '<categories><category id="c-Troops" name="Troops"',
        '<categories><category id="c-Troops" name="Bodyguard"',
        1,
    )
    doc = roster_for_printing("army.ros", text.encode())
    assert [w.code for w in doc.warnings] == ["roster-texts-capped"]
    found = []
    roster_to_unit_file("army.ros", text.encode(), warnings=found)
    assert [w.code for w in found] == ["imported-with-gaps"]


def test_a_member_that_fails_while_read_or_opened_has_its_code_and_message():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("a.ros", R.roster() * 2)
    raw = bytearray(buf.getvalue())
    for i in range(60, 120):  # the deflate stream, damaged
        raw[i] ^= 0x5A
    with pytest.raises(InputError) as exc:
        roster_to_unit_file("x.rosz", bytes(raw))
    assert [(str(p), p.code) for p in exc.value.problems] == [
        (
            "x.rosz: cannot unpack a.ros: Error -3 while decompressing data: invalid bit length repeat",
            "zip-unreadable",
        )
    ]
    raw = bytearray(buf.getvalue())
    raw[8:10] = (99).to_bytes(2, "little")  # a compression method zipfile does not know
    central = raw.rfind(b"PK\x01\x02")
    raw[central + 10 : central + 12] = (99).to_bytes(2, "little")
    with pytest.raises(InputError) as exc:
        roster_to_unit_file("x.rosz", bytes(raw))
    assert [(str(p), p.code) for p in exc.value.problems] == [
        ("x.rosz: cannot unpack a.ros: That compression method is not supported", "zip-unreadable")
    ]


def test_a_member_that_unpacks_past_what_its_header_says_is_stopped_at_the_cap(monkeypatch):
    """The header's size is checked first; the bytes read are counted too (over every piece read),
    should an unpacker ever give more than the header says (zipfile stops at the header's size
    today: a member whose reader yields 100,001 bytes for a cap of 100,000 stands for that)."""
    real = battlescribe.config()
    limits = {**real["limits"], "xml_bytes": 100_000}
    monkeypatch.setattr(battlescribe, "config", lambda: {**real, "limits": limits})
    data = _zip({"a.ros": "<roster/>"}, zipfile.ZIP_STORED)
    monkeypatch.setattr(zipfile.ZipFile, "open", lambda self, member: io.BytesIO(b" " * 100_001))
    with pytest.raises(InputError) as exc:
        roster_to_unit_file("x.rosz", data)
    assert [(str(p), p.code) for p in exc.value.problems] == [
        ("x.rosz: a.ros unpacks to more than 100000 bytes: refused (a zip bomb?)", "zip-too-large")
    ]
    monkeypatch.setattr(zipfile.ZipFile, "open", lambda self, member: io.BytesIO(b" " * 100_000))
    with pytest.raises(InputError) as exc:  # 100,000 are read: then the XML is what is wrong
        roster_to_unit_file("x.rosz", data)
    assert exc.value.problems[0].code == "bad-xml"


def test_an_unreadable_file_has_its_code(tmp_path, monkeypatch):
    """A file that cannot be stat'ed or opened (an I/O error; no permission, which root never
    sees, so it is injected): ``file-unreadable`` with the reason."""
    import builtins

    src = tmp_path / "army.ros"
    src.write_text(ROSTER, encoding="utf-8")
    real_open = builtins.open

    def refuse(path, *a, **kw):
        if str(path) == str(src):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *a, **kw)

    monkeypatch.setattr(builtins, "open", refuse)
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(src)
    assert [(str(p), p.code) for p in exc.value.problems] == [
        (f"{src}: permission denied", "file-unreadable")
    ]

    def broken(path, *a, **kw):
        if str(path) == str(src):
            raise OSError(5, "Input/output error")
        return real_open(path, *a, **kw)

    monkeypatch.setattr(builtins, "open", broken)
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(src)
    assert [(str(p), p.code) for p in exc.value.problems] == [
        (f"{src}: cannot read: Input/output error", "file-unreadable")
    ]
    monkeypatch.setattr(builtins, "open", real_open)
    monkeypatch.setattr(
        os, "stat", lambda p, *a, **kw: (_ for _ in ()).throw(OSError(5, "Input/output error"))
    )
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(src)
    assert [(str(p), p.code) for p in exc.value.problems] == [
        (f"{src}: cannot read: Input/output error", "file-unreadable")
    ]
