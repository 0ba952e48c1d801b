"""Issue 21: every documented cap of a BattleScribe roster (README "BattleScribe / New Recruit
rosters", ``data/wh40k6/battlescribe.yaml`` ``limits``) just inside (imported) and one step past
(refused), in ``.ros`` AND ``.rosz``: XML elements (100,000), XML nesting (200), selections
(20,000 per roster), selection nesting (40), force nesting (40), units (500), digits of one number
(18), the file (20,000,000 bytes), zip members (64) and the unpacked XML (50,000,000 bytes).

A refusal is the documented one: exit 1, one positioned ``file:line:col: message`` (the position
is the offending element's, the same in the zip as in the plain file), nothing written."""

from __future__ import annotations

import io
import random
import xml.etree.ElementTree as ET
import zipfile

import pytest

from sheets.core.errors import InputError
from sheets.games.wh40k6.battlescribe import roster_to_unit_file

from . import rosters as R

FORMATS = ["ros", "rosz"]
TROOPER = R.trooper("2.03", "Cap Trooper")


def _zip(text: str, extra: int = 0) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for i in range(extra):
            z.writestr(f"notes/{i}.txt", "not a roster")
        z.writestr("army.ros", text)
    return buf.getvalue()


def _file(tmp_path, text: str, fmt: str, name: str = "cap"):
    p = tmp_path / f"{name}.{fmt}"
    p.write_bytes(text.encode("utf-8") if fmt == "ros" else _zip(text))
    return p


def _elements(text: str) -> int:
    return sum(1 for _ in ET.fromstring(text.encode("utf-8")).iter())


def _one_unit(children: str = "", name: str = "Cap Unit") -> str:
    """A unit selection (one model profile) on its own line, ``children`` its selections."""
    kids = f"<selections>{children}</selections>" if children else ""
    return (
        f'\n<selection id="u-{name}" name="{name}" entryId="e" number="1" type="unit">'
        f"<profiles>{TROOPER}</profiles>{kids}</selection>"
    )


def _at(text: str, needle: str) -> str:
    """``line:col`` where ``needle`` first starts in ``text`` (1-based, as the messages give)."""
    before = text[: text.index(needle)]
    return f"{before.count(chr(10)) + 1}:{len(before) - before.rfind(chr(10))}"


def _roster_of(selections: str) -> str:
    return R.roster(forces=R.force("2.03", "Primary Detachment", selections), limit=None)


def _refused(cli, tmp_path, src, message: str) -> None:
    """The CLI's refusal: exit 1, this one message (after the summary line), nothing written."""
    out = tmp_path / "out.yaml"
    r = cli("import", "battlescribe", src, "-o", out)
    assert r.exit_code == 1, r.output
    assert "Traceback" not in r.output
    assert r.stderr.splitlines() == ["imported 0 of 1 roster(s); nothing written", f"{src}:{message}"]
    assert not out.exists() and r.stdout == ""


# The caps at their documented size (``big``: seconds each) and the same tests with the caps
# made small (the same code and messages, milliseconds: what mutation runs use, ``-m "not big"``).
REAL = {
    "xml_elements": 100_000,
    "selections": 20_000,
    "units": 500,
    "file_bytes": 20_000_000,
    "xml_bytes": 50_000_000,
}
SMALL = {"xml_elements": 400, "selections": 60, "units": 6, "file_bytes": 30_000, "xml_bytes": 40_000}


@pytest.fixture(params=["small", pytest.param("real", marks=pytest.mark.big)])
def caps(request, monkeypatch):
    if request.param == "real":
        return REAL
    from sheets.games.wh40k6 import battlescribe

    real = battlescribe.config()
    small = {**real, "limits": {**real["limits"], **SMALL}}
    monkeypatch.setattr(battlescribe, "config", lambda: small)
    return SMALL


# -- the caps counted while parsing: XML elements and nesting ------------------------------------


def _padded(elements: int) -> tuple[str, int]:
    """The test roster grown to ``elements`` XML elements by ``<pad/>`` lines; (text, the line of
    the last pad)."""
    base = R.roster()
    k = elements - _elements(base)
    return base.replace("</roster>", "\n<pad/>" * k + "\n</roster>"), 2 + k


def _nested(levels: int) -> tuple[str, int]:
    """The test roster with ``<d>`` nested so that the deepest element is at ``levels`` (the root
    is level 1); (text, the line of the deepest ``<d>``)."""
    k = levels - 1
    return R.roster().replace("</roster>", "\n<d>" * k + "</d>" * k + "</roster>"), 2 + k


@pytest.mark.parametrize("fmt", FORMATS)
def test_100000_xml_elements_are_read_and_one_more_is_refused(tmp_path, cli, fmt, caps):
    cap = caps["xml_elements"]
    inside, _ = _padded(cap)
    assert _elements(inside) == cap
    doc = roster_to_unit_file(_file(tmp_path, inside, fmt, "inside"))
    assert [u["name"] for u in doc["units"]] == ["Glass Squad", "Lantern Captain"]
    past, line = _padded(cap + 1)
    _refused(
        cli,
        tmp_path,
        _file(tmp_path, past, fmt, "past"),
        f"{line}:1: more than {cap} XML elements: refused (a roster has a few thousand)",
    )


@pytest.mark.parametrize("fmt", FORMATS)
def test_xml_nested_200_levels_is_read_and_201_is_refused(tmp_path, cli, fmt):
    inside, _ = _nested(200)
    doc = roster_to_unit_file(_file(tmp_path, inside, fmt, "inside"))
    assert [u["points"] for u in doc["units"]] == [105, 80]
    past, line = _nested(201)
    _refused(
        cli,
        tmp_path,
        _file(tmp_path, past, fmt, "past"),
        f"{line}:1: XML nested deeper than 200 levels: refused",
    )


# -- the caps of the roster's structure ------------------------------------------------------------


def _bits(n: int) -> str:
    return "".join(f'\n<selection name="Bit {i}" type="upgrade"/>' for i in range(n))


@pytest.mark.parametrize("fmt", FORMATS)
def test_20000_selections_are_read_and_one_more_is_refused(tmp_path, cli, fmt, caps):
    """The unit and its 19,999 upgrades are 20,000 selections; the 20,001st (line: the unit is
    line 3, its k-th upgrade line 3 + k) is refused."""
    cap = caps["selections"]
    inside = _roster_of(_one_unit(_bits(cap - 1)))
    (unit,) = roster_to_unit_file(_file(tmp_path, inside, fmt, "inside"))["units"]
    assert unit["name"] == "Cap Unit" and unit["models"][0]["count"] == 1
    past = _roster_of(_one_unit(_bits(cap)))
    _refused(
        cli, tmp_path, _file(tmp_path, past, fmt, "past"), f"{cap + 3}:1: more than {cap} selections: refused"
    )


def test_the_selection_cap_counts_the_whole_roster_not_one_unit(tmp_path, cli, caps, fmt="ros"):
    """10,000 + 10,000 selections in two units are read; 10,000 + 10,001 are refused at the last
    one (the same unit repeated: the count does not restart per unit)."""
    half = caps["selections"] // 2
    inside = _roster_of(_one_unit(_bits(half - 1), "A") + _one_unit(_bits(half - 1), "B"))
    doc = roster_to_unit_file(_file(tmp_path, inside, fmt, "inside"))
    assert [u["name"] for u in doc["units"]] == ["A", "B"]
    past = _roster_of(_one_unit(_bits(half - 1), "A") + _one_unit(_bits(half), "B"))
    # unit A: line 3, its bits 4..half+2; unit B: line half+3, its bits up to 2 * half + 3
    _refused(
        cli,
        tmp_path,
        _file(tmp_path, past, fmt, "past"),
        f"{2 * half + 3}:1: more than {2 * half} selections: refused",
    )


def _chain(levels: int) -> str:
    """A unit (depth 0) whose selections nest down to depth ``levels``, one per line."""
    inner = ""
    for depth in range(levels, 0, -1):
        kids = f"<selections>{inner}</selections>" if inner else ""
        inner = f'\n<selection name="Level {depth}" type="upgrade">{kids}</selection>'
    return _one_unit(inner)


@pytest.mark.parametrize("fmt", FORMATS)
def test_selections_nested_40_deep_are_read_and_41_are_refused(tmp_path, cli, fmt):
    (unit,) = roster_to_unit_file(_file(tmp_path, _roster_of(_chain(40)), fmt, "inside"))["units"]
    assert unit["name"] == "Cap Unit"
    # the unit is line 3, the selection at depth d line 3 + d
    _refused(
        cli,
        tmp_path,
        _file(tmp_path, _roster_of(_chain(41)), fmt, "past"),
        "44:1: selections nested deeper than 40 levels: refused",
    )


def _forces(levels: int) -> str:
    """Forces nested ``levels`` deep below the top one (depth 0), one per line; the unit in the
    deepest."""
    inner = f"<selections>{_one_unit()}</selections>"
    for depth in range(levels, -1, -1):
        inner = f'\n<force id="f{depth}" name="Detachment {depth}" entryId="fe">{inner}</force>'
        if depth:
            inner = f"<forces>{inner}</forces>"
    return inner


@pytest.mark.parametrize("fmt", FORMATS)
def test_forces_nested_40_deep_are_read_and_41_are_refused(tmp_path, cli, fmt):
    (unit,) = roster_to_unit_file(_file(tmp_path, R.roster(forces=_forces(40)), fmt, "inside"))["units"]
    assert (unit["name"], unit["detachment"]) == ("Cap Unit", "primary")
    # the top force is line 3, the one at depth d line 3 + d
    _refused(
        cli,
        tmp_path,
        _file(tmp_path, R.roster(forces=_forces(41)), fmt, "past"),
        "44:1: forces nested too deeply: refused",
    )


def _units(n: int) -> str:
    return "".join(
        f'\n<selection name="U{i}" type="unit">{R._cost("2.03", "1")}'
        f"<profiles>{TROOPER}</profiles>{R.category('2.03', 'Troops')}</selection>"
        for i in range(n)
    )


@pytest.mark.parametrize("fmt", FORMATS)
def test_500_units_are_read_and_the_501st_is_refused(tmp_path, cli, fmt, caps):
    cap = caps["units"]
    doc = roster_to_unit_file(_file(tmp_path, _roster_of(_units(cap)), fmt, "inside"))
    assert len(doc["units"]) == cap and doc["units"][-1]["name"] == f"U{cap - 1}"
    assert sum(u["points"] for u in doc["units"]) == cap
    _refused(
        cli,
        tmp_path,
        _file(tmp_path, _roster_of(_units(cap + 1)), fmt, "past"),
        f"{cap + 3}:1: more than {cap} units: refused",
    )


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_dedicated_transport_counts_as_one_of_the_500_units(tmp_path, cli, fmt, caps):
    """498 units and a squad with its dedicated transport are 500 units; 499 and the squad with its
    transport are 501: refused at the transport's selection."""
    cap = caps["units"]
    rhino = (
        '\n<selection name="Cap Carriage" type="upgrade"><profiles>'
        + R.profile(
            "2.03",
            "Cap Carriage",
            "Vehicle",
            [("BS", "4"), ("Front", "11"), ("Side", "11"), ("Rear", "10"), ("HP", "3"), ("Type", "Tank")],
        )
        + R.profile("2.03", "Cap Carriage (Transport)", "Transport", [("Capacity", "10")])
        + "</profiles></selection>"
    )
    inside = _roster_of(_units(cap - 2) + _one_unit(rhino))
    doc = roster_to_unit_file(_file(tmp_path, inside, fmt, "inside"))
    assert len(doc["units"]) == cap and doc["units"][-1]["transport_of"] == "Cap Unit"
    past = _roster_of(_units(cap - 1) + _one_unit(rhino))
    # cap - 1 units on lines 3..cap + 1, the squad on line cap + 2, its transport on cap + 3
    _refused(
        cli, tmp_path, _file(tmp_path, past, fmt, "past"), f"{cap + 3}:1: more than {cap} units: refused"
    )


# -- digits of one number: 18 read (then range-checked), 19 refused --------------------------------


def _digits_roster(where: str, value: str) -> str:
    """A one-unit roster whose ``where`` (number, cost, characteristic, limit) is ``value``; the
    unit's selection (and its cost) on line 3, the characteristics on line 4."""
    ws = f'\n<characteristic name="WS" typeId="t1">{value if where == "characteristic" else "3"}</characteristic>'
    prof = R.trooper("2.03", "Digit Trooper").replace(
        '<characteristic name="WS" typeId="t1">3</characteristic>', ws
    )
    number = value if where == "number" else "1"
    cost = value if where == "cost" else "10"
    sel = (
        f'\n<selection name="Digit Unit" number="{number}" type="unit"><costs><cost name="pts" '
        f'typeId="points" value="{cost}"/></costs><profiles>{prof}</profiles>'
        f"{R.category('2.03', 'Troops')}</selection>"
    )
    text = R.roster(forces=R.force("2.03", "P", sel), limit=value if where == "limit" else "1000")
    return text


DIGITS = {  # where: (the element refused, its message one step past)
    "number": ('<selection name="Digit Unit"', "number of 'Digit Unit'"),
    "cost": ('<cost name="pts" typeId="points" value="10000', "cost of 'Digit Unit'"),
    "characteristic": ('<characteristic name="WS"', "'Digit Trooper' WS"),
    "limit": ("<costLimit ", "points limit"),
}


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("where", sorted(DIGITS))
def test_19_digits_are_refused_in_every_number(tmp_path, cli, fmt, where):
    text = _digits_roster(where, "1" + "0" * 18)
    element, what = DIGITS[where]
    _refused(
        cli,
        tmp_path,
        _file(tmp_path, text, fmt),
        f"{_at(text, element)}: {what}: a number of 19 digits (limit 18): refused",
    )


@pytest.mark.parametrize("fmt", FORMATS)
def test_18_digits_are_read_and_then_checked_as_values(tmp_path, fmt):
    """18 digits pass the digit cap; what happens next is the value's own check: a count is
    clamped to 10,000 then refused by the unit schema (a gap), a cost or a limit is out of range
    (more than 10 digits before the point), a characteristic not read (a gap)."""
    eighteen = "1" + "0" * 17
    (unit,) = roster_to_unit_file(_file(tmp_path, _digits_roster("number", eighteen), fmt))["units"]
    assert unit["gaps"][0] == "Digit Trooper: count '10000' not read (10000 is out of range (1–100))"
    (unit,) = roster_to_unit_file(_file(tmp_path, _digits_roster("characteristic", eighteen), fmt))["units"]
    assert unit["gaps"] == [f"Digit Trooper: ws '{eighteen}' not read ({eighteen} is out of range (0–10))"]
    for where in ("cost", "limit"):
        text = _digits_roster(where, eighteen)
        element, what = DIGITS[where]
        with pytest.raises(InputError) as exc:
            roster_to_unit_file(_file(tmp_path, text, fmt))
        assert [str(p) for p in exc.value.problems] == [
            f"{tmp_path / f'cap.{fmt}'}:{_at(text, element)}: {what}: '{eighteen}' is out of range"
        ]


# -- the file, the zip and the unpacked XML ----------------------------------------------------------


def _ros_of_size(size: int) -> bytes:
    base = R.roster().encode("utf-8")
    return base.replace(b"</roster>", b" " * (size - len(base)) + b"</roster>")


def _rosz_of_size(size: int) -> bytes:
    """A .rosz of exactly ``size`` bytes: the roster and a stored member of random bytes."""
    noise = random.Random(21).randbytes(size)

    def build(n: int) -> bytes:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as z:
            z.writestr("army.ros", R.roster(), compress_type=zipfile.ZIP_DEFLATED)
            z.writestr("noise.bin", noise[:n], compress_type=zipfile.ZIP_STORED)
        return buf.getvalue()

    first = build(size // 2)
    data = build(size // 2 + size - len(first))
    assert len(data) == size
    return data


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_file_of_20000000_bytes_is_read_and_one_byte_more_is_refused(tmp_path, cli, fmt, caps):
    cap = caps["file_bytes"]
    make = _ros_of_size if fmt == "ros" else _rosz_of_size
    inside = tmp_path / f"inside.{fmt}"
    inside.write_bytes(make(cap))
    assert [u["points"] for u in roster_to_unit_file(inside)["units"]] == [105, 80]
    past = tmp_path / f"past.{fmt}"
    data = make(cap + 1)
    past.write_bytes(data)
    out = tmp_path / "out.yaml"
    r = cli("import", "battlescribe", past, "-o", out)
    assert r.exit_code == 1 and not out.exists()
    assert r.stderr.splitlines() == [
        "imported 0 of 1 roster(s); nothing written",
        f"{past}: file too large (limit {cap} bytes)",
    ]
    # the same bytes given as an upload (no file read) are refused the same way
    with pytest.raises(InputError) as exc:
        roster_to_unit_file("upload.ros", data)
    assert [str(p) for p in exc.value.problems] == [f"upload.ros: file too large (limit {cap} bytes)"]
    assert [u["points"] for u in roster_to_unit_file("upload.ros", make(cap))["units"]] == [105, 80]


def test_64_zip_members_are_read_and_65_are_refused(tmp_path, cli):
    inside = tmp_path / "inside.rosz"
    inside.write_bytes(_zip(R.roster(), extra=63))
    assert [u["points"] for u in roster_to_unit_file(inside)["units"]] == [105, 80]
    past = tmp_path / "past.rosz"
    past.write_bytes(_zip(R.roster(), extra=64))
    out = tmp_path / "out.yaml"
    r = cli("import", "battlescribe", past, "-o", out)
    assert r.exit_code == 1 and not out.exists()
    assert r.stderr.splitlines()[-1] == f"{past}: the zip holds 65 members (limit 64)"


def test_a_member_unpacking_to_50000000_bytes_is_read_and_one_byte_more_is_refused(tmp_path, cli, caps):
    cap = caps["xml_bytes"]
    inside = tmp_path / "inside.rosz"
    inside.write_bytes(_zip(_ros_of_size(cap).decode("utf-8")))
    assert [u["points"] for u in roster_to_unit_file(inside)["units"]] == [105, 80]
    past = tmp_path / "past.rosz"
    past.write_bytes(_zip(_ros_of_size(cap + 1).decode("utf-8")))
    out = tmp_path / "out.yaml"
    r = cli("import", "battlescribe", past, "-o", out)
    assert r.exit_code == 1 and not out.exists()
    assert r.stderr.splitlines()[-1] == (
        f"{past}: army.ros unpacks to {cap + 1} bytes (limit {cap}): refused (a zip bomb?)"
    )


def test_a_plain_ros_is_capped_by_the_xml_size_too(tmp_path, monkeypatch):
    """The shipped file cap (20 MB) is below the XML cap (50 MB); with the caps the other way round
    a plain .ros is still held to the XML cap, just inside and one past."""
    from sheets.games.wh40k6 import battlescribe

    real = battlescribe.config()
    size = len(R.roster().encode("utf-8")) + 10
    small = {**real, "limits": {**real["limits"], "file_bytes": 10**9, "xml_bytes": size}}
    monkeypatch.setattr(battlescribe, "config", lambda: small)
    assert [u["points"] for u in roster_to_unit_file("a.ros", _ros_of_size(size))["units"]] == [105, 80]
    with pytest.raises(InputError) as exc:
        roster_to_unit_file("a.ros", _ros_of_size(size + 1))
    assert [str(p) for p in exc.value.problems] == [f"a.ros: roster too large (limit {size} bytes)"]


def test_a_zip_header_lying_about_the_size_is_refused(tmp_path):
    """A member whose header says 1,000 bytes but unpacks to more is never read past what the
    header says: refused (its check sum fails), one line, whatever the cap."""
    data = bytearray(_zip(R.roster()))
    cd = data.rfind(b"PK\x01\x02")  # the central directory's uncompressed size: offset 24
    data[cd + 24 : cd + 28] = (1000).to_bytes(4, "little")
    with pytest.raises(InputError) as exc:
        roster_to_unit_file("lie.rosz", bytes(data))
    assert [str(p) for p in exc.value.problems] == [
        "lie.rosz: cannot unpack army.ros: Bad CRC-32 for file 'army.ros'"
    ]
