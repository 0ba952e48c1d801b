"""Issue 21: every cap of the MegaMek importers (``sheets/games/battletech/blk.py`` and ``mul.py``)
just inside (read) and one step past (the documented refusal: exit 1, a positioned
``file:line:col: message`` where the problem has a line, nothing written), in each format that has
the cap: the file (2 MiB: a ``.blk``, a ``.mul``, and bytes given to the API), blocks per ``.blk``
(500), lines per data block (100), characters per line (200), problems reported per file (100),
units per force (500), ``.blk`` files scanned in a units folder (20,000), a pilot's name (60)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheets.core.errors import InputError
from sheets.games.battletech.blk import blk_to_unit_file, parse_blk
from sheets.games.battletech.mul import index_units, read_force

FIX = Path(__file__).parent / "fixtures"
MIB2 = 2 * 1024 * 1024
HARPY = (FIX / "Harpy.blk").read_bytes()

BASE = (
    "<UnitType>\nProtoMek\n</UnitType>\n<Name>\nTest\n</Name>\n<motion_type>\nBiped\n</motion_type>\n"
    "<cruiseMP>\n3\n</cruiseMP>\n<armor>\n2\n4\n1\n1\n3\n</armor>\n<tonnage>\n2.0\n</tonnage>\n"
)
BASE_LINES = BASE.count("\n")  # 22 lines, 6 blocks


def _problems(text, path="u.blk") -> list[str]:
    with pytest.raises(InputError) as exc:
        parse_blk(text, path)
    return [str(p) for p in exc.value.problems]


def _padded(size: int) -> bytes:
    """Harpy.blk grown to exactly ``size`` bytes by comment lines."""
    pad = size - len(HARPY)
    lines = b"".join(b"#" + b"x" * 98 + b"\n" for _ in range(pad // 100))
    rest = pad - len(lines)
    return HARPY + lines + (b"#" * (rest - 1) + b"\n" if rest else b"")


# -- the file --------------------------------------------------------------------------------------


def _inside_read_past_refused(cli, tmp_path, inside, past) -> None:
    """``import megamek`` reads ``inside`` and refuses ``past`` (2 MiB + 1) writing nothing."""
    out = tmp_path / "in.yaml"
    r = cli("import", "megamek", inside, "-o", out)
    assert r.exit_code == 0, r.stderr
    out = tmp_path / "past.yaml"
    r = cli("import", "megamek", past, "-o", out)
    assert r.exit_code == 1 and not out.exists() and r.stdout == ""
    assert f"{past}: file too large (limit 2097152 bytes)" in r.stderr.splitlines()


def test_a_blk_of_2_mib_is_read_and_one_byte_more_is_refused(tmp_path, cli):
    inside, past = tmp_path / "Inside.blk", tmp_path / "Past.blk"
    inside.write_bytes(_padded(MIB2))
    past.write_bytes(_padded(MIB2 + 1))
    assert inside.stat().st_size == MIB2 and past.stat().st_size == MIB2 + 1
    _inside_read_past_refused(cli, tmp_path, inside, past)
    # the bytes given directly (the API, an upload) are held to the same cap, at line 1
    assert blk_to_unit_file("Inside.blk", _padded(MIB2))["units"][0]["name"] == "Harpy"
    with pytest.raises(InputError) as exc:
        blk_to_unit_file("Past.blk", _padded(MIB2 + 1))
    assert [str(p) for p in exc.value.problems] == [
        "Past.blk:1:1: file too large (2097153 bytes; limit 2097152)"
    ]


def _force(entities: int, chassis: str = "Harpy", pad: int = 0) -> bytes:
    body = "".join(
        f'<entity chassis="{chassis}" model="" type="Biped"><pilot name="Pilot {i}" gunnery="4"/></entity>\n'
        for i in range(entities)
    )
    text = f'<?xml version="1.0"?>\n<unit>\n{body}</unit>\n'.encode()
    if pad:
        comment_len = pad - len(text)
        text = text.replace(b"<unit>", b"<!--" + b"x" * (comment_len - 7) + b"-->" + b"<unit>", 1)
        assert len(text) == pad
    return text


def test_a_mul_of_2_mib_is_read_and_one_byte_more_is_refused(tmp_path, cli):
    (tmp_path / "Harpy.blk").write_bytes(HARPY)
    inside, past = tmp_path / "inside.mul", tmp_path / "past.mul"
    inside.write_bytes(_force(1, pad=MIB2))
    past.write_bytes(_force(1, pad=MIB2 + 1))
    _inside_read_past_refused(cli, tmp_path, inside, past)
    index = index_units(tmp_path)
    assert [u["name"] for u in read_force("in.mul", _force(1, pad=MIB2), index)["units"]] == ["Harpy"]
    with pytest.raises(InputError) as exc:
        read_force("past.mul", _force(1, pad=MIB2 + 1), index)
    assert [str(p) for p in exc.value.problems] == ["past.mul: file too large (limit 2097152 bytes)"]


# -- inside a .blk: blocks, lines per block, characters per line, problems --------------------------


def test_500_blocks_are_read_and_the_501st_is_refused():
    fluff = "".join(f"<year>\n30{i:02}\n</year>\n" for i in range(494))  # 6 + 494 = 500 blocks
    unit = parse_blk(BASE + fluff, "u.blk")
    assert unit["name"] == "Test"
    # an unclosed-block-free, repeated fluff tag is not "given twice": only data tags are
    past = BASE + fluff + "<year>\n3100\n</year>\n"
    line = BASE_LINES + 494 * 3 + 1
    assert _problems(past) == [f"u.blk:{line}:1: more than 500 blocks; stopped reading"]


def test_100_lines_in_a_data_block_are_read_and_the_101st_is_refused():
    torso = "<Torso Equipment>\n" + "CLMG\n# a comment line is not a value\n" * 100 + "</Torso Equipment>\n"
    unit = parse_blk(BASE + torso, "u.blk")
    assert [e["item"] for e in unit["equipment"]] == ["Machine Gun"] * 100
    past = "<Torso Equipment>\n" + "CLMG\n" * 101 + "</Torso Equipment>\n"
    line = BASE_LINES + 1 + 101
    assert _problems(BASE + past) == [f"u.blk:{line}:1: more than 100 lines in <Torso Equipment>"]


def test_the_value_cap_holds_in_every_data_block():
    """The armour block: 100 values are counted (and are the wrong number), 101 are refused."""
    hundred = BASE.replace("2\n4\n1\n1\n3\n", "1\n" * 100)
    assert _problems(hundred) == [
        "u.blk:13:1: expected 5 armour values (6 with a main gun) in the order head, torso, right arm, "
        "left arm, legs[, main gun]; found 100"
    ]
    past = BASE.replace("2\n4\n1\n1\n3\n", "1\n" * 101)
    assert _problems(past) == [
        "u.blk:13:1: expected 5 armour values (6 with a main gun) in the order head, torso, right arm, "
        "left arm, legs[, main gun]; found 100",
        "u.blk:114:1: more than 100 lines in <armor>",
    ]


@pytest.mark.parametrize("block, text", [("Name", "N" * 200), ("Torso Equipment", "CLMG" + " " * 196)])
def test_200_characters_are_read_and_201_are_refused(block, text):
    """A value line of 200 characters is read; 201 (a name, an item line) is refused at its line.
    (Trailing spaces are stripped before the count, so the item pads inside the name.)"""
    if block == "Name":
        inside = BASE.replace("<Name>\nTest\n", f"<Name>\n{text}\n")
        assert parse_blk(inside, "u.blk")["name"] == text
        past = BASE.replace("<Name>\nTest\n", f"<Name>\n{text}N\n")
        assert _problems(past) == ["u.blk:5:1: line too long in <Name> (201 characters; limit 200)"]
    else:
        mg = "Clan Machine" + " " * 187 + "Gun"  # 202 characters; the lookup joins the spaces
        inside = BASE + f"<Torso Equipment>\n{mg[:-3]}Gu\n</Torso Equipment>\n"
        assert len(mg[:-3] + "Gu") == 201
        line = BASE_LINES + 2
        assert (
            _problems(inside)[0]
            == f"u.blk:{line}:1: line too long in <Torso Equipment> (201 characters; limit 200)"
        )
        ok = BASE + f"<Torso Equipment>\nClan Machine{' ' * 185}Gun\n</Torso Equipment>\n"
        assert [e["item"] for e in parse_blk(ok, "u.blk")["equipment"]] == ["Machine Gun"]


def _unknown(n: int) -> str:
    """``n`` unknown items: 50 in the head, the rest in the torso (read in that order)."""
    return (
        BASE
        + "<Head Equipment>\n"
        + "Nope\n" * 50
        + "</Head Equipment>\n"
        + "<Torso Equipment>\n"
        + "Nope\n" * (n - 50)
        + "</Torso Equipment>\n"
    )


def test_100_problems_are_all_reported_and_the_101st_stops_the_file():
    found = _problems(_unknown(100))
    assert len(found) == 100 and all(p.endswith(": unknown item 'Nope'") for p in found)
    found = _problems(_unknown(101))
    assert len(found) == 101 and found[:100] == _problems(_unknown(100))
    assert found[-1] == "u.blk: more than 100 problems; stopped checking this file"


def test_warnings_count_toward_the_problem_cap_but_never_hide_an_error():
    """99 fluff warnings and an error are 100 problems (all reported). After 100 warnings the
    report is full, yet the error still fails the file (it took a warning's place): before, it
    was dropped, and the unit imported without the item."""

    def with_warnings(n):
        return BASE + "</p>\n" * n + "<Torso Equipment>\nNope\n</Torso Equipment>\n"

    found = _problems(with_warnings(99))
    assert len(found) == 100 and found[-1] == f"u.blk:{BASE_LINES + 99 + 2}:1: unknown item 'Nope'"
    assert found[0] == f"u.blk:{BASE_LINES + 1}:1: warning: </p> without an opening tag (ignored)"
    found = _problems(with_warnings(100))
    assert found[-2:] == [
        f"u.blk:{BASE_LINES + 100 + 2}:1: unknown item 'Nope'",
        "u.blk: more than 100 problems; stopped checking this file",
    ]
    assert len(found) == 101 and sum(": warning: " in p for p in found) == 99


# -- a .mul force: units, the units folder, pilots ---------------------------------------------------


# The two costly caps at their documented size (``big``) and made small (the same code and
# messages in milliseconds: what mutation runs use, ``-m "not big"``).
@pytest.fixture(params=["small", pytest.param("real", marks=pytest.mark.big)])
def force_caps(request, monkeypatch):
    if request.param == "real":
        return {"entities": 500, "scan": 20_000}
    from sheets.games.battletech import mul

    monkeypatch.setattr(mul, "MAX_ENTITIES", 5)
    monkeypatch.setattr(mul, "MAX_SCAN", 30)
    return {"entities": 5, "scan": 30}


def test_500_units_in_a_force_are_read_and_the_501st_is_refused(tmp_path, force_caps):
    """The same chassis 500 times (one .blk, 500 units, each its own pilot); 501 are refused."""
    cap = force_caps["entities"]
    (tmp_path / "Harpy.blk").write_bytes(HARPY)
    index = index_units(tmp_path)
    doc = read_force("big.mul", _force(cap), index)
    assert len(doc["units"]) == cap and doc.warnings == []
    assert [u["pilot"]["name"] for u in doc["units"][:: cap - 1]] == ["Pilot 0", f"Pilot {cap - 1}"]
    with pytest.raises(InputError) as exc:
        read_force("big.mul", _force(cap + 1), index)
    assert [str(p) for p in exc.value.problems] == [
        f"big.mul:{3 + cap}:1: more than {cap} units in the force: refused"
    ]


def test_20000_blk_files_are_scanned_and_one_more_is_refused(tmp_path, cli, force_caps):
    """Only ``.blk`` and ``.mtf`` files count (any case); the first of a chassis in sorted order wins."""
    cap = force_caps["scan"]
    folder = tmp_path / "units"
    (folder / "a").mkdir(parents=True)
    (folder / "a" / "Harpy.BLK").write_bytes(HARPY)
    for i in range(cap - 1):
        (folder / f"x{i:05}.{'blk' if i % 2 else 'MTF'}").write_bytes(b"")
    (folder / "notes.txt").write_bytes(b"")
    force = tmp_path / "f.mul"
    force.write_bytes(_force(1))
    out = tmp_path / "in.yaml"
    r = cli("import", "megamek", force, "--units", folder, "-o", out)
    assert r.exit_code == 0, r.stderr
    (folder / "zzz.blk").write_bytes(b"")
    out = tmp_path / "past.yaml"
    r = cli("import", "megamek", force, "--units", folder, "-o", out)
    assert r.exit_code == 1 and not out.exists()
    assert (
        f"{folder}: more than {cap} unit files (.blk, .mtf) in the units folder: refused"
        in r.stderr.splitlines()
    )


def test_a_pilot_name_of_60_characters_is_kept_and_61_are_cut(tmp_path):
    (tmp_path / "Harpy.blk").write_bytes(HARPY)
    index = index_units(tmp_path)
    for name, kept, cut in (
        ("P" * 60, "P" * 60, []),
        (
            "Q" * 61,
            "Q" * 60,
            ["p.mul:1:53: warning: unit 1 (Harpy): the pilot's name is longer than 60 characters: cut to 60"],
        ),
        ("  Anna   Frost ", "Anna Frost", []),
    ):
        data = f'<unit><entity chassis="Harpy" model="" type="Biped"><pilot name="{name}"/></entity></unit>'
        doc = read_force("p.mul", data.encode(), index)
        assert doc["units"][0]["pilot"] == {"name": kept, "gunnery": 4}
        assert [str(w) for w in doc.warnings] == cut
