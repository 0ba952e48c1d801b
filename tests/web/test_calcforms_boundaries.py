"""Issue 21, the calculator forms (``sheets.web.calcforms``) past the one-sided tests: a form made
from a command with options of every kind in every place (``--json`` and a hidden option before
others, no help, a float, two help paragraphs), a flag followed by more fields, texts cut to 40
characters in the refusals (40 kept, 41 cut), opened-file numbers at ``len(files)``, ``#`` inside
a unit name, ``~`` and capitals in a bare name, ``.yml`` files with ``from:`` refused, and the
problems of an opened file told under its own name (never the server's private folder)."""

from __future__ import annotations

import json

import click
import pytest

from sheets.core.errors import InputError
from sheets.web import calcforms as c
from sheets.web.calcforms import CalcProblem

from .conftest import files as upload

FILES = [["force.yaml", b""], ["b.blk", b""]]


# -- a form from a made-up command -------------------------------------------------------------------
@click.command(help="First paragraph\nstill the first.\n\nSecond paragraph.")
@click.option("--json", "as_json", is_flag=True, help="JSON out")
@click.option("--secret", hidden=True)
@click.option("--ratio", type=float, help="a float")
@click.option("--range", "span", type=click.FloatRange(0.5, 2.5))
@click.option("--plain")
def _sample(as_json, secret, ratio, span, plain):
    click.echo(json.dumps({"ratio": ratio, "span": span, "plain": plain}))


@click.command()
@click.option("--json", "as_json", is_flag=True)
def _bare(as_json):
    click.echo("{}")


@pytest.fixture
def group(monkeypatch):
    g = click.Group("g", commands={"sample": _sample, "bare": _bare})
    monkeypatch.setattr(c, "_group", lambda game: g)
    return g


def test_a_form_skips_json_and_hidden_options_wherever_they_stand(group):
    forms = {f["name"]: f for f in c.describe("x")}
    assert [f["name"] for f in forms["sample"]["fields"]] == ["ratio", "span", "plain"]
    assert forms["bare"]["fields"] == []


def test_a_form_tells_floats_and_blank_helps(group):
    fields = {f["name"]: f for f in next(x for x in c.describe("x") if x["name"] == "sample")["fields"]}
    assert fields["ratio"]["kind"] == "float" and fields["ratio"]["help"] == "a float"
    assert fields["span"]["kind"] == "float" and (fields["span"]["minimum"], fields["span"]["maximum"]) == (
        0.5,
        2.5,
    )
    assert fields["plain"]["kind"] == "str" and fields["plain"]["help"] == ""


def test_a_forms_help_is_the_first_paragraph_and_blank_without_help(group):
    helps = {x["name"]: x["help"] for x in c.describe("x")}
    assert helps == {"bare": "", "sample": "First paragraph\nstill the first."}


def test_a_float_field_runs(group):
    assert c.run("x", "sample", {"ratio": "1.5", "span": "2.5"}, []) == {
        "result": {"ratio": 1.5, "span": 2.5, "plain": None},
        "text": '{"ratio": 1.5, "span": 2.5, "plain": null}',  # this command prints JSON either way
    }


# -- the command line --------------------------------------------------------------------------------
def test_fields_after_a_flag_are_given_too():
    cmd = click.Command(
        "x",
        params=[
            click.Option(["--best"], is_flag=True),
            click.Option(["--n"]),
            click.Option(["--sw/--no-sw"], default=None),
            click.Option(["--m"]),
        ],
    )
    assert c._argv(cmd, {"best": "1", "n": "3", "sw": False, "m": "4"}, [], None) == [
        "--best",
        "--n",
        "3",
        "--no-sw",
        "--m",
        "4",
    ]
    assert c._argv(cmd, {"best": "", "n": "3"}, [], None) == ["--n", "3"]


@pytest.mark.parametrize("size", [40, 41, 60])
def test_an_unknown_field_is_named_by_its_first_40_characters(size):
    name = "f" * 39 + "g" * (size - 39)
    cmd = click.Command("x", params=[click.Option(["--n"])])
    with pytest.raises(CalcProblem) as e:
        c._argv(cmd, {name: "1"}, [], None)
    assert e.value.message == f"unknown field {name[:40]!r}"
    assert ("g" in e.value.message) and e.value.message.count("g") == 1


# -- opened files -------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["/" + "p" * 38 + "q", "/" + "p" * 38 + "qr", "/" + "p" * 38 + "qrs" * 10])
def test_a_refused_path_is_quoted_by_its_first_40_characters(text):
    with pytest.raises(CalcProblem) as e:
        c._file_ref(text, FILES, "/tmp/f")
    assert e.value.message.startswith(f"{'/' + 'p' * 38 + 'q'!r}: a file here is one of the opened files")


def test_a_missing_file_number_is_quoted_by_its_first_40_characters():
    text = "@7#" + "n" * 36 + "m" + "z" * 10
    with pytest.raises(CalcProblem) as e:
        c._file_ref(text, FILES, "/tmp/f")
    assert e.value.message == f"{text[:40]!r}: no opened file number 7"
    assert text[:40].endswith("m")


@pytest.mark.parametrize("text", ["~army.yaml", "~", "~#A", ".x#A"])
def test_a_name_starting_with_a_tilde_or_a_dot_is_refused(text):
    with pytest.raises(CalcProblem) as e:
        c._file_ref(text, FILES, "/tmp/f")
    assert "never a path" in e.value.message


@pytest.mark.parametrize("text", ["Xeno.yaml#A", "XX", "unit.yaml#A/B#C", "u#~x", "u#.x"])
def test_only_what_stands_before_the_first_hash_is_judged_a_path(text):
    assert c._file_ref(text, FILES, "/tmp/f") == text


def test_a_file_number_one_past_the_opened_files_is_refused_in_run():
    force = [["f.yaml", b"system: dust\nunits: []\n"]]
    with pytest.raises(CalcProblem) as e:
        c.run("dust", "cover", {"unit_ref": "@1#A", "cover": "soft"}, force)
    assert e.value.message == "'@1#A': no opened file number 1"


# -- files with from: ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["r.yml", "r.YML", "r.Yaml"])
def test_a_yml_file_with_from_is_refused(name):
    with pytest.raises(InputError) as e:
        c._flattened(name, b"system: dust\nunits:\n  - {from: a.yaml, name: B}\n", [])
    (p,) = e.value.problems
    assert (p.path, p.pos.line, p.pos.col) == (name, 3, 12)  # at the value of from:


# -- the problems of an opened file ------------------------------------------------------------------------
BAD = b"system: dust\nunits:\n  - name: A\n    typo: 1\n"


def test_an_opened_files_problems_name_it_never_the_private_folder():
    with pytest.raises(InputError) as e:
        c.run(
            "dust", "cover", {"unit_ref": "@1#A", "cover": "soft"}, [["a.yaml", b""], ["bad force.yaml", BAD]]
        )
    first = e.value.problems[0]
    assert first.path == "bad force.yaml" and first.severity == "error"
    assert (first.pos.line, first.pos.col, first.pos.file) == (4, 5, "bad force.yaml")
    assert first.message == "unit 'A': unknown key 'typo'"
    assert all("sheets-serve-" not in str(p) for p in e.value.problems)
    assert str(first) == "bad force.yaml:4:5: unit 'A': unknown key 'typo'"


def test_a_position_in_a_file_that_is_not_opened_keeps_its_file():
    from sheets.core.errors import Pos

    names = {"/tmp/p/file0.yaml": "mine.yaml"}
    assert c._told(Pos(3, 4, "/tmp/p/file0.yaml"), names) == Pos(3, 4, "mine.yaml")
    assert c._told(Pos(3, 4, "/tmp/p/file0.yaml"), names).file == "mine.yaml"
    assert c._told(Pos(3, 4, "other.yaml"), names).file == "other.yaml"
    assert c._told(Pos(3, 4), names).file is None and c._told(None, names) is None


def test_a_problem_of_a_file_that_is_not_opened_keeps_its_name():
    with pytest.raises(InputError) as e:
        c.run("dust", "cover", {"unit_ref": "nothere.yaml#A", "cover": "soft"}, [["a.yaml", b""]])
    (p,) = e.value.problems
    assert (p.path, p.pos, p.message, p.severity) == ("nothere.yaml", None, "no such file", "error")


def test_the_served_calculator_answers_the_opened_files_name(inline):
    r = inline.post(
        "/api/calc",
        files=upload(("bad force.yaml", BAD)),
        data={
            "game": "dust",
            "command": "cover",
            "fields": json.dumps({"unit_ref": "@0#A", "cover": "soft"}),
        },
    )
    assert r.status_code == 422
    assert r.json()["problems"][0] == {
        "file": "bad force.yaml",
        "line": 4,
        "column": 5,
        "severity": "error",
        "message": "unit 'A': unknown key 'typo'",
    }


# -- what the command sees and says (a made-up group) --------------------------------------------------
def _one(monkeypatch, cmd):
    monkeypatch.setattr(c, "_group", lambda game: click.Group("g", commands={cmd.name: cmd}))


@pytest.mark.parametrize("size, kept", [(19999, 19999), (20000, 20000), (20001, 20000)])
def test_a_text_result_is_cut_to_20000_characters(monkeypatch, size, kept):
    @click.command("plain")
    @click.option("--json", "as_json", is_flag=True)
    def plain(as_json):
        click.echo("t" * (size - 1) + "u")

    _one(monkeypatch, plain)
    out = c.run("x", "plain", {}, [])
    assert out["result"] is None and len(out["text"]) == kept
    assert out["text"].endswith("u") is (size <= 20000)


def test_the_command_runs_under_its_cli_name(monkeypatch):
    @click.command("named")
    @click.option("--json", "as_json", is_flag=True)
    def named(as_json):
        click.echo(json.dumps(click.get_current_context().command_path))

    _one(monkeypatch, named)
    assert c.run("dust", "named", {}, []) == {
        "result": "sheets calc dust named",
        "text": '"sheets calc dust named"',
    }


def test_a_warning_stays_a_warning(monkeypatch):
    from sheets.core.errors import Problem

    @click.command("warns")
    @click.option("--json", "as_json", is_flag=True)
    def warns(as_json):
        raise InputError([Problem("w.yaml", None, "only a warning", "warning")])

    _one(monkeypatch, warns)
    with pytest.raises(InputError) as e:
        c.run("x", "warns", {}, [])
    (p,) = e.value.problems
    assert (p.path, p.pos, p.message, p.severity) == ("w.yaml", None, "only a warning", "warning")
