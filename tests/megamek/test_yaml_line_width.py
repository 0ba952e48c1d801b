"""The unit files the MegaMek importer writes fold long lines at 100 columns (PyYAML's rule: a
plain scalar breaks at the first space past column 100), both sides of that column: a line
that reaches column 101 before a space breaks there, one that reaches 100 does not, and a line
of 80-100 columns (PyYAML's default width is 80) stays whole. Both writers: ``to_yaml`` of
``.blk`` units and ``force_to_yaml`` of a ``.mul`` force."""

from __future__ import annotations

from pathlib import Path

import yaml

from sheets.games.battletech.blk import parse_blk, to_yaml
from sheets.games.battletech.mul import force_to_unit_file, force_to_yaml

from .mul_writer import Entity, Pilot, write_mul

FIX = Path(__file__).parent / "fixtures"
HARPY = (FIX / "Harpy.blk").read_bytes()


def _unit(name: str) -> dict:
    unit = parse_blk(HARPY, "Harpy.blk")
    unit["name"] = name
    return unit


def _name_line(text: str) -> list[str]:
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("  - name: "))
    return lines[i : i + 2]


def test_blk_a_name_reaching_column_101_before_a_space_breaks_there():
    head = " ".join(["Abcd"] * 17 + ["Abcdef"])  # 91 characters: "  - name: " + head = 101
    text = to_yaml([_unit(head + " End")])
    assert _name_line(text) == ["  - name: " + head, "      End"]
    assert len("  - name: " + head) == 101
    assert yaml.safe_load(text)["units"][0]["name"] == head + " End"


def test_blk_a_name_reaching_column_100_before_a_space_stays_on_its_line():
    head = " ".join(["Abcd"] * 17 + ["Abcde"])  # 90 characters: the line reaches column 100
    text = to_yaml([_unit(head + " End")])
    assert _name_line(text) == ["  - name: " + head + " End", '    model: ""']


def test_blk_a_line_of_90_columns_with_spaces_is_not_folded_at_80():
    name = " ".join(["Abcd"] * 16)  # 79 characters: a line of 89
    text = to_yaml([_unit(name)])
    assert _name_line(text) == ["  - name: " + name, '    model: ""']


def test_mul_a_pilot_line_breaks_at_the_first_space_past_column_100():
    name = " ".join(["Abcd"] * 12)  # 59 characters (under the 60 cut)
    nick = " ".join(["Wxyz"] * 12)
    sources = {"Harpy.blk": HARPY, "f.mul": write_mul([Entity("Harpy", pilot=Pilot(name, nick=nick))])}
    text = force_to_yaml(force_to_unit_file("f.mul", sources["f.mul"], sources=sources))
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("    pilot: "))
    first = f"    pilot: {{name: {name}, gunnery: 4, nick: Wxyz"
    assert len(first) == 101
    assert lines[i : i + 2] == [first, "        " + " ".join(["Wxyz"] * 11) + "}"]
    assert lines[i + 2 :] == []
    pilot = yaml.safe_load(text)["units"][0]["pilot"]
    assert pilot == {"name": name, "gunnery": 4, "nick": nick}
