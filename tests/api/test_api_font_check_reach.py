"""How far the font check (``glyph_problems``) reaches and where it places what it finds: texts a
game does not list in ``text_fields`` at the unit's own line, the roster's side, another tool's
file from disk at the character's line (its roster name too), nested values to a depth of 8 in
mappings and dataclasses alike, ``_char_position`` at the start of a line and past its 8 MiB
read, and the user's words of ``layout_words`` exactly."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from sheets import api
from sheets.api import Source
from sheets.core.game import get_game

ROOT = Path(__file__).resolve().parents[2]
DUST = (ROOT / "data/units/dust/sample_force.yaml").read_bytes()
ROC = (ROOT / "data/units/battletech/roc.yaml").read_bytes()
BAD = "\u4e00"
CANNOT = "cannot be printed: the bundled font has no glyph for it"


@pytest.fixture(autouse=True)
def _forget_the_cli_inputs():
    """The CLI records the files a command read (and forgets them when the next one starts):
    the API calls of later tests in this process must not see this file's."""
    from sheets.core.fsio import reset_inputs

    yield
    reset_inputs()


def _only_the_name(monkeypatch, game: str):
    monkeypatch.setattr(get_game(game), "text_fields", lambda unit: [(("name",), unit.name)])


def test_a_text_the_game_does_not_list_is_checked_at_the_units_line(monkeypatch):
    _only_the_name(monkeypatch, "dust")
    data = DUST.replace(b"faction: Axis", f"faction: Axis {BAD}".encode())  # all three units
    problems, _, _ = api.check([Source("f.yaml", data)])
    # at the first unit's line (its entry), once: the same text again is the same problem
    assert [str(p) for p in problems] == [f"f.yaml:8:5: character '{BAD}' (U+4E00) in 'Axis {BAD}' {CANNOT}"]


def test_a_listed_text_is_checked_once_at_its_own_line_not_again_at_the_units(monkeypatch):
    _only_the_name(monkeypatch, "dust")
    data = DUST.replace(
        b"Sample Laser Squad", f"Squad {BAD}".encode()
    )  # the squad's name and the hero's joins
    problems, _, _ = api.check([Source("f.yaml", data)])
    assert [(p.line, p.column, p.message.split(" in ")[1].split(" cannot")[0]) for p in problems] == [
        (8, 11, f"'Squad {BAD}'")
    ]


def test_the_rosters_side_is_checked():
    data = DUST.replace(b"limit: 50}", f"limit: 50, side: Axis {BAD}}}".encode())
    problems, _, _ = api.check([Source("f.yaml", data)])
    # at the side's own place in the roster line (issue 31: a roster's own text has a line:col)
    assert [str(p) for p in problems] == [f"f.yaml:6:52: character '{BAD}' (U+4E00) in 'Axis {BAD}' {CANNOT}"]


def _rosters():
    spec = importlib.util.spec_from_file_location("bs_rosters", ROOT / "tests/battlescribe/rosters.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_another_tools_roster_name_from_disk_is_placed_at_the_character(cli, tmp_path):
    text = _rosters().roster().replace('name="Test Host"', f'name="Test Host {BAD}"')
    f = tmp_path / "army.ros"
    f.write_text(text, encoding="utf-8")
    line = text.split(BAD)[0].count("\n") + 1
    column = len(text.split(BAD)[0].rsplit("\n", 1)[-1]) + 1
    r = cli("validate", f)
    assert r.exit_code == 1
    assert r.stderr.startswith(f"{f}:{line}:{column}: character '{BAD}' (U+4E00) in 'Test Host {BAD}' ")


def test_another_tools_unit_text_beyond_the_listed_ones_from_disk(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(get_game("battletech"), "text_fields", lambda unit: [])
    blk = (ROOT / "tests/megamek/fixtures/Harpy.blk").read_text(encoding="utf-8")
    named = blk.replace("<Name>\nHarpy\n</Name>", f"<Name>\nHarpy {BAD}\n</Name>")
    assert named != blk
    f = tmp_path / "h.blk"
    f.write_text(named, encoding="utf-8")
    r = cli("validate", f)
    line = named.split(BAD)[0].count("\n") + 1
    assert r.exit_code == 1 and r.stderr.startswith(
        f"{f}:{line}:7: character '{BAD}' (U+4E00) in 'Harpy {BAD}' "
    )


# -- _unit_texts: the same depth through every kind of container --------------------------------
@dataclass
class Box:
    inner: object = None


@dataclass
class Unset:
    value: str = field(init=False)  # never set: not an attribute of the instance


def _nest(kind: str, depth: int):
    value = "bottom"
    for _ in range(depth):
        value = {"k": value} if kind == "dict" else Box(value) if kind == "dataclass" else (value,)
    return value


@pytest.mark.parametrize("kind", ["dict", "dataclass", "tuple"])
def test_unit_texts_to_a_depth_of_nine_containers_not_ten(kind):
    assert list(api._unit_texts(_nest(kind, 8))) == ["bottom"]
    assert list(api._unit_texts(_nest(kind, 9))) == ["bottom"]
    assert list(api._unit_texts(_nest(kind, 10))) == []


def test_unit_texts_of_a_mixture_count_every_level():
    mixed = "bottom"
    for i in range(9):
        mixed = [mixed] if i % 3 == 0 else {"k": mixed} if i % 3 == 1 else Box(mixed)
    assert list(api._unit_texts(mixed)) == ["bottom"]
    assert list(api._unit_texts(Box(mixed))) == []


def test_unit_texts_of_a_field_never_set():
    assert list(api._unit_texts(Unset())) == []
    assert list(api._unit_texts([Unset(), Box("x")])) == ["x"]


# -- _char_position ----------------------------------------------------------------------------
def test_char_position_just_after_a_newline_at_the_start(tmp_path):
    f = tmp_path / "x.txt"
    f.write_bytes("\nЖ".encode())
    pos = api._char_position(str(f), "Ж")
    assert (pos.line, pos.col) == (2, 1)
    f.write_bytes("\n\nabЖ".encode())
    pos = api._char_position(str(f), "Ж")
    assert (pos.line, pos.col) == (3, 3)


def test_char_position_after_bytes_that_are_not_utf8(tmp_path):
    f = tmp_path / "x.bin"
    f.write_bytes(b"\xff\xfe\n\x80x" + "Ж".encode())
    pos = api._char_position(str(f), "Ж")
    assert (pos.line, pos.col) == (2, 3)  # each bad byte one replacement character


def test_char_position_reads_eight_mib_and_no_more(tmp_path):
    cap = 8 * 1024 * 1024
    f = tmp_path / "big.txt"
    f.write_bytes(b"x" * (cap - 1) + b"Z")  # the last byte read
    assert api._char_position(str(f), "Z").col == cap
    f.write_bytes(b"x" * cap + b"Z")  # one byte past the read
    assert api._char_position(str(f), "Z") is None


# -- layout_words ---------------------------------------------------------------------------------
def test_layout_words_are_exactly_the_users_words():
    data = DUST.replace(b"limit: 50}", b"limit: 50, side: Blok}")
    words = api.layout_words(api.load([Source("d.yaml", data)]).files)
    assert "Blok" in words and "Axis" in words and "force" in words
    assert "XXXX" not in words and "None" not in words
    lib = api.load([Source("p.yaml", (ROOT / "data/units/battletech/roc.yaml").read_bytes())]).files
    assert api.layout_words(lib) == {"Roc"}  # the pilot's name is blank: nothing from it, no roster


def test_layout_words_of_files_without_a_roster_attribute():
    class Bare:
        game = get_game("battletech")
        units = api.load([Source("r.yaml", ROC)]).units

    assert api.layout_words([Bare()]) == {"Roc"}


# -- small helpers: a short option of a capital X, a plug-in without options ---------------------
def test_a_bare_plug_in_has_no_options_and_no_calculators():
    import types

    from sheets.core.game import calculator_specs, option_specs

    assert option_specs(types.SimpleNamespace(), "render") == ()
    assert option_specs(types.SimpleNamespace(command_options=None), "render") == ()
    assert calculator_specs(types.SimpleNamespace()) == ()


# -- load: files that all name each other are all printed ---------------------------------------
WALKER = DUST.decode("utf-8").split("  - name: Sample Walker\n", 1)[1]


def test_files_that_all_name_each_other_are_all_roots():
    a = (
        "system: dust\nunits:\n  - name: Other Walker\n"
        + WALKER
        + "  - {from: b.yaml, name: Sample Walker}\n"
    ).encode("utf-8")
    b = DUST.replace(b"limit: 50", b"limit: 500") + b"  - {from: a.yaml, name: Other Walker}\n"
    loaded = api.load([Source("a.yaml", a), Source("b.yaml", b)])
    assert loaded.names == ["a.yaml", "b.yaml"]  # no root: every file is printed, in order
    assert [u.name for u in loaded.units] == [
        "Other Walker",
        "Sample Walker",
        "Sample Laser Squad",
        "Sample Hero Keller",
        "Sample Walker",
        "Other Walker",
    ]
    assert loaded.warnings == []
    problems, units, game = api.check([Source("a.yaml", a), Source("b.yaml", b)])
    # the units load() prints (it said 0: every file is named by another, none counted)
    assert (problems, units, game) == ([], 6, "dust")


def test_layout_words_of_a_roster_with_only_a_name_or_only_a_side():
    point = (ROOT / "data/units/battletech/point-alpha.yaml").read_bytes()
    units = {"Harpy", "Minotaur", "Procyon", "Roc", "Siren"}
    assert api.layout_words(api.load([Source("p.yaml", point)]).files) == units | {"Point", "Alpha"}
    side_only = point.replace(b"roster: {name: Point Alpha}", b"roster: {side: Clan Wolf}")
    assert side_only != point
    assert api.layout_words(api.load([Source("p.yaml", side_only)]).files) == units | {"Clan", "Wolf"}
    both = point.replace(b"roster: {name: Point Alpha}", b"roster: {name: Point Alpha, side: Clan Wolf}")
    assert api.layout_words(api.load([Source("p.yaml", both)]).files) == units | {
        "Point",
        "Alpha",
        "Clan",
        "Wolf",
    }
