"""The calculator forms (``sheets.web.calcforms``) in this process: the fields described from the
click commands, each cap just inside and one past (values of a repeatable option, characters of
a field), flags on / off / neither, ``@N#Name`` picking an opened file (its number's both ends),
the private folder's file names, and the refusals verbatim."""

from __future__ import annotations

import os

import pytest

from sheets.core.errors import InputError
from sheets.web import calcforms as c
from sheets.web.calcforms import MAX_FIELD_CHARS, MAX_VALUES, CalcProblem

from .conftest import sample


def _fields(game: str, command: str) -> dict:
    return {f["name"]: f for f in next(x for x in c.describe(game) if x["name"] == command)["fields"]}


def test_the_caps():
    assert (MAX_FIELD_CHARS, MAX_VALUES) == (2000, 50)


# -- describe ---------------------------------------------------------------------------------------
def test_describe_a_field_fully():
    pen = _fields("dmech", "penetration")
    assert list(pen) == ["power", "dice", "armor", "lang"]
    assert pen["power"] == {
        "name": "power",
        "flag": "--power",
        "off": None,
        "kind": "int",
        "choices": None,
        "required": True,
        "multiple": False,
        "default": None,
        "metavar": "",
        "help": "the weapon's Power",
        "label": "The weapon's Power",  # words, never the --flag
        "takes_file": False,
        "minimum": 0,
        "maximum": None,
    }
    assert pen["lang"]["kind"] == "choice" and pen["lang"]["choices"] == ["en", "ru"]
    assert pen["lang"]["default"] == "en" and pen["lang"]["required"] is False


def test_describe_names_each_calculator_and_its_first_paragraph():
    names = [(x["name"], x["help"]) for x in c.describe("dmech")]
    assert [n for n, _ in names] == ["facing", "penetration"]  # sorted
    assert names[0][1] == "Which face(s) of the target a shot hits; two on a cone line (the shooter chooses)."
    assert "\n\n" not in names[1][1]
    assert c.describe("battletech") == []


def test_describe_kinds_ranges_files_and_flags():
    attack = _fields("wh40k6", "attack")
    assert attack["shots"]["kind"] == "int" and (attack["shots"]["minimum"], attack["shots"]["maximum"]) == (
        0,
        200,
    )
    assert attack["twin_linked"]["kind"] == "flag" and attack["twin_linked"]["default"] is False
    assert "as_json" not in attack
    cover = _fields("dust", "cover")
    assert cover["unit_ref"]["takes_file"] is True and cover["unit_ref"]["metavar"] == "FILE#NAME"
    assert (
        cover["hits"]["minimum"] == 0 and cover["hits"]["maximum"] == 1000 and cover["hits"]["default"] == 1
    )
    melee = _fields("lnl", "melee")
    assert melee["a_specs"]["multiple"] is True and melee["a_specs"]["takes_file"] is True  # a SPEC
    assert melee["zero_drm_with_sw"]["off"] == "--no-zero-drm-with-sw"
    assert melee["best"]["off"] is None
    # a flag left empty is off, one with an on default is on, under every click version
    assert (melee["best"]["default"], melee["zero_drm_with_sw"]["default"]) == (False, True)
    facing = _fields("dmech", "facing")
    assert facing["target"]["takes_file"] is False and facing["target"]["kind"] == "str"


def test_describe_of_an_unknown_game():
    with pytest.raises(CalcProblem) as e:
        c.describe("chess")
    assert e.value.message == "unknown game 'chess'"
    with pytest.raises(CalcProblem) as e:
        c.describe("x" * 100)
    assert e.value.message == f"unknown game {'x' * 40!r}"


# -- run: results and refusals ----------------------------------------------------------------------
def test_run_answers_the_commands_json():
    out = c.run("dmech", "penetration", {"power": "4", "dice": "3,5", "armor": "6"}, [])
    assert out == {
        "result": {
            "penetration": 9,
            "result": "heavy_damage",
            "lang": "en",
            "words": {
                "result": "Armour + 2 or more",
                "effect": "−1 structure and a roll on the Heavy damage column.",
            },
        },
        # what `sheets calc` prints for a player: the result in words
        "text": "Penetration number 9 against armour 6: Armour + 2 or more — −1 structure and a roll on "
        "the Heavy damage column.",
    }


@pytest.mark.parametrize(
    "game, command, fields, message",
    [
        ("chess", "x", {}, "unknown game 'chess'"),
        ("battletech", "x", {}, "no calculator 'x' for battletech"),
        ("dmech", "y" * 60, {}, f"no calculator {'y' * 40!r} for dmech"),
        ("dmech", "penetration", {"as_json": "1"}, "unknown field 'as_json'"),
        ("dmech", "penetration", {"colour": "red"}, "unknown field 'colour'"),
        (
            "lnl",
            "melee",
            {"best": ["1", "1"]},
            "'Rank every legal choice of targets for each side': one value",
        ),
        (
            "lnl",
            "melee",
            {"best": "maybe"},
            "'Rank every legal choice of targets for each side': expected on or off",
        ),
    ],
)
def test_run_refusals(game, command, fields, message):
    with pytest.raises(CalcProblem) as e:
        c.run(game, command, fields, [])
    assert e.value.message == message


def test_values_of_a_repeatable_option_50_pass_51_are_refused():
    fifty = ["1-6-4"] * MAX_VALUES
    out = c.run("lnl", "melee", {"a_specs": fifty, "b_specs": fifty}, [])
    assert out["result"]["a"]["fp"] == 50 and len(out["result"]["a"]["units"]) == 50
    with pytest.raises(CalcProblem) as e:
        c.run("lnl", "melee", {"a_specs": fifty + ["1-6-4"], "b_specs": fifty}, [])
    assert e.value.message == "'Side A's counters': at most 50 values"


def test_a_field_of_2000_characters_is_given_2001_are_refused():
    with pytest.raises(CalcProblem) as e:  # given to the command, which refuses the value
        c.run("dmech", "penetration", {"power": "4", "dice": "1" * MAX_FIELD_CHARS, "armor": "3"}, [])
    assert "is not a roll" in e.value.message and "--dice" not in e.value.message  # named in words
    with pytest.raises(CalcProblem) as e:
        c.run("dmech", "penetration", {"power": "4", "dice": "1" * (MAX_FIELD_CHARS + 1), "armor": "3"}, [])
    assert e.value.message == "'The shooting roll, D1,D2': too long"


def click_bad_parameter():
    import click

    return click.BadParameter


@pytest.mark.parametrize(
    "value, argv",
    [
        (True, ["--best"]),
        ("1", ["--best"]),
        ("TRUE", ["--best"]),
        ("on", ["--best"]),
        ("yes", ["--best"]),
        (False, []),
        ("0", []),
        ("off", []),
        ("no", []),
        ("false", []),
        (None, []),
        ("", []),
    ],
)
def test_a_flag_without_an_off_form(value, argv):
    import click

    cmd = click.Command("x", params=[click.Option(["--best"], is_flag=True)])
    assert c._argv(cmd, {"best": value}, [], None) == argv


@pytest.mark.parametrize(
    "value, argv",
    [(True, ["--sw"]), ("1", ["--sw"]), (False, ["--no-sw"]), ("0", ["--no-sw"]), (None, []), ("", [])],
)
def test_a_flag_with_an_off_form(value, argv):
    import click

    cmd = click.Command("x", params=[click.Option(["--sw/--no-sw"], default=None)])
    assert c._argv(cmd, {"sw": value}, [], None) == argv


def test_empty_values_are_left_out_and_others_given_in_order():
    import click

    cmd = click.Command("x", params=[click.Option(["--a"], multiple=True), click.Option(["--n"])])
    assert c._argv(cmd, {"a": ["1", "", None, "  ", "2"], "n": 3}, [], None) == [
        "--a",
        "1",
        "--a",
        "2",
        "--n",
        "3",
    ]
    assert c._argv(cmd, {"a": []}, [], None) == []


# -- opened files -----------------------------------------------------------------------------------
FILES = [["force.yaml", b""], ["b.blk", b""], ["noext", b""]]


def test_file_refs_pick_an_opened_file_by_number_both_ends():
    assert c._file_ref("@0#Squad", FILES, "/tmp/f") == os.path.join("/tmp/f", "file0.yaml") + "#Squad"
    assert c._file_ref(" @2 ", FILES, "/tmp/f") == os.path.join("/tmp/f", "file2.yaml")
    assert c._file_ref("@1", FILES, "/tmp/f") == os.path.join("/tmp/f", "file1.blk")
    with pytest.raises(CalcProblem) as e:
        c._file_ref("@3#Squad", FILES, "/tmp/f")
    assert e.value.message == "'@3#Squad': no opened file number 3"
    with pytest.raises(CalcProblem) as e:
        c._file_ref("@0#Squad", FILES, None)
    assert e.value.message == "'@0#Squad': no opened file number 0"
    # four digits are not a reference: a bare name, looked up in the private folder (and not there)
    assert c._file_ref("@1000#A", FILES, "/tmp/f") == "@1000#A"
    with pytest.raises(CalcProblem) as e:
        c._file_ref("@999#A", FILES, "/tmp/f")  # three digits: a reference, to no opened file
    assert e.value.message == "'@999#A': no opened file number 999"


def test_a_reference_spanning_lines_keeps_the_name():
    assert c._file_ref("@0#A\nB", FILES, "/f") == os.path.join("/f", "file0.yaml") + "#A\nB"


@pytest.mark.parametrize("text", ["/etc/passwd", "a/b#X", "a\\b", "~/x.yaml", ".hidden", "..#A", " /x"])
def test_anything_that_could_name_a_path_is_refused(text):
    with pytest.raises(CalcProblem) as e:
        c._file_ref(text, FILES, "/tmp/f")
    assert e.value.message == (
        f"{text[:40]!r}: a file here is one of the opened files (pick a unit from "
        f"the list: @N#Name), never a path"
    )


@pytest.mark.parametrize("text", ["2-5-4", "leader:lm1+MG*", "file.yaml#A/B", "x~y"])
def test_a_value_that_names_no_path_is_given_as_it_is(text):
    assert c._file_ref(text, FILES, "/tmp/f") == text


@pytest.mark.parametrize(
    "name, disk",
    [
        ("a.yaml", "file3.yaml"),
        ("A.YML", "file3.yml"),
        ("x.blk", "file3.blk"),
        ("x.rosz", "file3.rosz"),
        ("x.abcde", "file3.abcde"),
        ("x.abcdef", "file3.yaml"),
        ("noext", "file3.yaml"),
        ("x.a-b", "file3.yaml"),
        ("x.", "file3.yaml"),
        ("dir/../x.mul", "file3.mul"),
    ],
)
def test_disk_names(name, disk):
    assert c._disk_name(3, name) == disk


def test_a_unit_of_an_opened_file_and_a_wrong_name_reported_under_the_opened_name():
    force = sample("dust", "sample_force.yaml")
    files = [["other.yaml", b"system: dust\n"], ["my force.yaml", force]]
    out = c.run("dust", "cover", {"unit_ref": "@1#Sample Laser Squad", "cover": "soft", "hits": "3"}, files)
    assert out["result"]["unit"] == "Sample Laser Squad" and out["result"]["expected_stopped"] == 1.0
    with pytest.raises(InputError) as e:
        c.run("dust", "cover", {"unit_ref": "@1#Sample Laser Sqad", "cover": "soft"}, files)
    (p,) = e.value.problems
    assert p.path == "my force.yaml" and "did you mean 'Sample Laser Squad'" in p.message


def test_the_private_folder_is_gone_and_the_working_folder_back_after_a_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    made = []
    real = c.tempfile.TemporaryDirectory

    def spy(*a, **k):
        t = real(*a, **k)
        made.append(t.name)
        return t

    monkeypatch.setattr(c.tempfile, "TemporaryDirectory", spy)
    c.run("dmech", "penetration", {"power": "4", "dice": "3,5", "armor": "6"}, [])
    with pytest.raises(CalcProblem):
        c.run("dmech", "penetration", {"colour": "red"}, [])
    assert os.getcwd() == str(tmp_path)
    assert made and all(not os.path.exists(m) for m in made)
    assert os.path.basename(made[0]).startswith("sheets-serve-")


def test_a_result_that_is_not_json_is_given_as_text(monkeypatch):
    import click

    @click.command()
    @click.option("--json", "as_json", is_flag=True)
    def plain(as_json):
        click.echo("not json")

    group = click.Group("g", commands={"plain": plain})
    monkeypatch.setattr(c, "_group", lambda game: group)
    assert c.run("x", "plain", {}, []) == {"result": None, "text": "not json"}


# -- files with from: are refused ----------------------------------------------------------------------
def test_flattened_refuses_from_at_its_line():
    data = b"system: dust\nunits:\n  - name: A\n  - {from: /etc/u.yaml, name: B}\n"
    with pytest.raises(InputError) as e:
        c._flattened("r.yaml", data, [])
    (p,) = e.value.problems
    assert (p.path, p.pos.line) == ("r.yaml", 4)
    assert p.message == (
        "a calculator takes units written in the file; this one refers to another file with "
        "'from:' (open that file and pick the unit there)"
    )


@pytest.mark.parametrize(
    "name, data",
    [
        ("r.yaml", b"system: dust\nunits:\n  - name: A\n"),
        ("r.YML", b"system: dust\nunits: []\n"),
        ("r.yaml", b"system: dust\nunits: [\n"),  # does not parse: left to the command
        ("r.yaml", b"\xff\xfe bad"),
        ("r.yaml", b"- a list\n"),
        ("r.yaml", b"units: 3\n"),
        ("x.blk", b"from: anything"),  # another tool's format has no references
    ],
)
def test_flattened_passes_the_rest_unchanged(name, data):
    assert c._flattened(name, data, []) == data


def test_flattened_reads_yaml_without_a_suffix():
    with pytest.raises(InputError):
        c._flattened("pasted", b"system: dust\nunits:\n  - {from: a.yaml, name: B}\n", [])
