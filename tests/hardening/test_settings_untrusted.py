"""A ``sheets.toml`` in the working folder is a file from a stranger (it comes with an unzipped
forum army): it may set preferences only; what a command writes, replaces, reads or opens to
other machines comes from the command line or the user's own settings file. Every file is read as
a bounded regular file and every value is checked with a ``file:line:col`` message (exit 1)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from settings_places import two_places

from sheets.cli import config

ROOT = Path(__file__).resolve().parents[2]
ROC = ROOT / "data/units/battletech/roc.yaml"
DUST = ROOT / "data/units/dust/sample_force.yaml"


@pytest.fixture
def places(monkeypatch, tmp_path):
    """(the user's own file, the working folder's file), both read."""
    return two_places(monkeypatch, tmp_path)


def _not_here(file, line, name, flag, user):
    return (
        f"{file}:{line}:1: warning: {name}: not taken from a settings file in the working folder "
        f"(anyone can put one there); give {flag} on the command line or set it in {user}"
    )


# -- what the working folder's file may not set -----------------------------------------------------------
def test_an_output_in_the_working_folders_file_is_not_used(cli, places, tmp_path):
    user, here = places
    thesis = tmp_path / "thesis.pdf"
    thesis.write_bytes(b"my thesis")
    here.write_text('output = "../thesis.pdf"\n', encoding="utf-8")
    r = cli("render", ROC)
    assert r.exit_code == 0, r.stderr
    assert thesis.read_bytes() == b"my thesis"
    assert Path("output/roc.pdf").read_bytes().startswith(b"%PDF")
    assert r.stderr.splitlines()[0] == _not_here(here, 1, "output", "-o", user)


def test_new_with_a_strangers_output_and_force_still_prints_to_standard_output(cli, places, tmp_path):
    user, here = places
    keep = tmp_path / "keep.yaml"
    keep.write_text("mine", encoding="utf-8")
    here.write_text('[new]\noutput = "../keep.yaml"\nforce = true\nexample = true\n', encoding="utf-8")
    r = cli("new", "dust")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.startswith("# yaml-language-server: $schema=dust.schema.json")
    assert keep.read_text(encoding="utf-8") == "mine"
    assert not Path("data").exists()  # new --example would have copied the samples here
    assert r.stderr.splitlines() == [
        _not_here(here, 2, "new.output", "-o", user),
        _not_here(here, 3, "new.force", "--force", user),
        _not_here(here, 4, "new.example", "--example", user),
    ]


def test_the_same_settings_in_the_users_own_file_are_used(cli, places, tmp_path):
    user, here = places
    keep = tmp_path / "keep.yaml"
    keep.write_text("mine", encoding="utf-8")
    user.write_text(f'[new]\noutput = "{keep}"\nforce = true\n', encoding="utf-8")
    r = cli("new", "dust")
    assert r.exit_code == 0, r.stderr
    assert r.stdout == "" and keep.read_text(encoding="utf-8").startswith("# yaml-language-server")


def _served_host(cli, monkeypatch) -> str:
    from sheets.cli.commands import serve

    seen = {}

    def bind(host, port):
        seen["host"] = host
        raise SystemExit(0)

    monkeypatch.setattr(serve, "_bind", bind)
    r = cli("serve", "--no-open")
    assert r.exit_code == 0, r.stderr
    return seen["host"], r.stderr


def test_serve_listens_on_every_interface_only_when_the_user_says_so(cli, places, monkeypatch):
    user, here = places
    here.write_text('[serve]\nhost = "0.0.0.0"\nport = 8080\n', encoding="utf-8")
    host, stderr = _served_host(cli, monkeypatch)
    assert host == "127.0.0.1"
    assert stderr.splitlines() == [_not_here(here, 2, "serve.host", "--host", user)]
    here.unlink()
    user.write_text('[serve]\nhost = "0.0.0.0"\n', encoding="utf-8")
    assert _served_host(cli, monkeypatch) == ("0.0.0.0", "")


def test_a_data_folder_comes_only_from_the_user(cli, places, tmp_path):
    user, here = places
    mine = tmp_path / "mydata"
    (mine / "battletech").mkdir(parents=True)
    here.write_text(f'data_dir = "{mine}"\n', encoding="utf-8")
    r = cli("validate", ROC)
    assert r.exit_code == 0 and "SHEETS_DATA_DIR" not in os.environ
    assert r.stderr.splitlines() == [_not_here(here, 1, "data_dir", "--data-dir", user)]
    here.unlink()
    user.write_text(f'data_dir = "{mine}"\n', encoding="utf-8")
    assert cli("validate", ROC).exit_code == 0
    assert os.environ.get("SHEETS_DATA_DIR") == str(mine)


def test_every_setting_that_names_a_file_or_replaces_one_is_the_users_alone():
    """The list is derived from the options' types (a click path, a spec of type path or unit)
    plus --force, --host and new --example: a new path option joins it by itself."""
    from sheets.cli import cli

    catalogue = config.Catalogue(cli)
    catalogue.complete()
    only_user, anyone = set(), set()
    for names in catalogue.commands.values():
        for name, params in names.items():
            for p in params:
                (only_user if config.only_from_the_user(p) else anyone).add(name)
    assert only_user == {
        "a", "b", "dir", "folder", "force", "host", "outdir", "output", "png", "png_dir",
        "template", "unit", "units", "units_dir", "example", "examples",
    }  # fmt: skip
    assert {"lang", "paper", "mono", "card", "bleed", "gap", "backs", "dpi", "tables", "collapse"} <= anyone
    assert not only_user & anyone
    assert config.only_from_the_user(config._root_param("data_dir"))


def test_the_preferences_of_every_option_spec_may_come_from_the_working_folder():
    """Every shared and game option spec that names no file is a preference."""
    from sheets.cli import cli
    from sheets.core.game import all_games, option_specs
    from sheets.core.options import PATH, SHARED, UNIT, UNIT_OR_TEXT

    catalogue = config.Catalogue(cli)
    catalogue.complete()
    specs = list(SHARED) + [
        s
        for g in all_games()
        for c in ("render", "validate", "info", "reference", "chart")
        for s in option_specs(g, c)
    ]
    for spec in specs:
        found = catalogue.params((), spec.name)
        assert found, spec.name
        wanted = spec.type in (PATH, UNIT, UNIT_OR_TEXT)
        assert any(config.only_from_the_user(p) for _path, p in found) == wanted, spec.name


# -- reading: bounded, regular files only ------------------------------------------------------------------
def test_a_fifo_named_sheets_toml_does_not_hang(cli, places):
    user, here = places
    os.mkfifo(here)
    r = cli("systems")
    assert r.exit_code == 1
    assert r.stderr == f"{here}: is a FIFO (named pipe), not a regular file\n"


def test_a_symlink_to_dev_zero_is_refused_without_reading_it(cli, places):
    user, here = places
    here.symlink_to("/dev/zero")
    r = cli("systems")
    assert r.exit_code == 1 and r.stderr == f"{here}: is a device, not a regular file\n"


def test_a_dangling_symlink_is_no_settings(cli, places):
    user, here = places
    here.symlink_to("nowhere.toml")
    r = cli("systems")
    assert r.exit_code == 0 and r.stderr == ""


def test_the_users_folder_as_working_folder_is_read_once_as_the_users_file(cli, places, monkeypatch):
    user, here = places
    monkeypatch.chdir(user.parent)
    user.write_text("[new]\nforce = true\n", encoding="utf-8")
    assert config.places() == [config.Place(user, True)]
    assert json.loads(cli("config", "--json").stdout)["settings"] == {"new.force": True}


def test_a_utf16_settings_file_with_its_mark_is_read(tmp_path):
    f = tmp_path / "sheets.toml"
    f.write_bytes('lang = "ru"\n'.encode("utf-16"))
    assert config.read(f) == {"lang": "ru"}


# -- every value checked, positioned ------------------------------------------------------------------------
CASES = [
    ("dpi = inf\n", "1:7: dpi: expected a finite number, got 'inf'"),
    ("dpi = nan\n", "1:7: dpi: expected a finite number, got 'nan'"),
    ("dpi = 20\n", "1:7: dpi: 20 is not in the range 36<=x<=600."),
    ("dpi = 150.5\n", "1:7: dpi: expected a whole number, got 150.5"),
    ("dpi = true\n", "1:7: dpi: expected a whole number, got True"),
    ("mono = 2\n", "1:8: mono: expected on or off (1 or 0), got 2"),
    ("lang = 1979-05-27\n", "1:8: lang: expected text or a number, got a date"),
    ('lang = "xx"\n', "1:8: lang: unknown value 'xx'; expected one of en, ru"),
    (
        "[render]\npaper = 1979-05-27T07:32:00Z\n",
        "2:9: render.paper: expected text or a number, got a date and time",
    ),
    ("[render]\ncard = 5\n", "2:8: render.card: unknown card size '5'"),
    ('bleed = "x"\n', "1:9: bleed: expected a number, got 'x'"),
    ("bleed = 11\n", "1:9: bleed: expected 0 to 10, got 11"),
    ("[calc.dust.cover]\nhits = 99999999999999999999\n", "2:8: calc.dust.cover.hits: "),
    ('[calc.dust.cover]\nhits = "x"\n', "2:8: calc.dust.cover.hits: expected a whole number, got 'x'"),
    ("jobs = -1\n", "1:8: jobs: -1 is not in the range 0<=x<=64."),
    ("render.dpi = [1, 2]\n", "1:14: render.dpi: one value, not a list"),
    ("[render]\ndpi = [[1]]\n", "2:7: render.dpi: one value, not a list"),
    ("paper = { a = 1 }\n", "1:1: paper: one value, not a table"),
    ("[render.dpi]\nx = 1\n", "1:1: render.dpi: one value, not a table"),
    ("[serve]\nport = 70000\n", "2:8: serve.port: 70000 is not in the range 0<=x<=65535."),
    ("[serve]\ntime_limit = 0.5\n", "2:14: serve.time_limit: 0.5 is not in the range 1<=x<=3600."),
    ('[validate]\njson = "yes"\n', "2:8: validate.json: expected true or false, got 'yes'"),
    ('[roster]\nformat = "docx"\n', "2:10: roster.format: 'docx' is not one of"),
    ("[calc.lnl.melee]\nlow_odds = 3\n", "2:12: calc.lnl.melee.low_odds: "),
]


@pytest.mark.parametrize("text, expected", CASES, ids=[c[0].strip() for c in CASES])
def test_a_value_its_option_refuses_is_a_positioned_error_on_every_command(
    cli, tmp_path, monkeypatch, text, expected
):
    f = tmp_path / "s.toml"
    f.write_text(text, encoding="utf-8")
    monkeypatch.setenv("SHEETS_CONFIG", str(f))
    for args in (("systems",), ("validate", ROC), ("schema", "dust")):
        r = cli(*args)
        assert r.exit_code == 1, (args, r.stderr)
        assert "Traceback" not in r.stderr and "internal error" not in r.stderr
        assert r.stderr.startswith(f"{f}:{expected}"), r.stderr
        assert r.stdout == ""


def test_a_nul_in_a_folder_setting_is_a_positioned_error(cli, tmp_path, monkeypatch):
    f = tmp_path / "s.toml"
    f.write_text('data_dir = "a\\u0000b"\n', encoding="utf-8")
    monkeypatch.setenv("SHEETS_CONFIG", str(f))
    r = cli("systems")
    assert (r.exit_code, r.stderr) == (1, f"{f}:1:12: data_dir: the text contains a NUL character\n")
    f.write_text('data_dir = "/no/such/folder"\n', encoding="utf-8")
    r = cli("systems")
    assert r.exit_code == 1 and r.stderr.startswith(
        f"{f}:1:12: data_dir: Directory '/no/such/folder' does not exist"
    )


def test_nested_lists_past_the_cap_are_refused_before_tomllib_recurses(cli, tmp_path, monkeypatch):
    f = tmp_path / "s.toml"
    f.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    monkeypatch.setenv("SHEETS_CONFIG", str(f))
    r = cli("systems")
    assert (r.exit_code, r.stderr) == (
        1,
        f"{f}:1:13: nested too deeply (at most 8 lists or tables inside each other)\n",
    )
    f.write_text("x = " + "[" * 8 + "]" * 8 + "\n", encoding="utf-8")  # the cap itself: read
    r = cli("systems")
    assert r.exit_code == 0 and "unknown setting 'x'" in r.stderr
    f.write_text("x = " + "{a = " * 9 + "1" + "}" * 9 + "\n", encoding="utf-8")
    assert cli("systems").stderr.startswith(f"{f}:1:")


def test_a_dotted_key_past_the_cap_is_refused_at_its_line(cli, tmp_path, monkeypatch):
    f = tmp_path / "s.toml"
    f.write_text('lang = "en"\n' + ".".join(["a"] * 5000) + " = 1\n", encoding="utf-8")
    monkeypatch.setenv("SHEETS_CONFIG", str(f))
    r = cli("systems")
    assert r.exit_code == 1
    assert r.stderr == (
        f"{f}:2:1: 'a.a.a.a.a.a.a': a setting's name has at most 6 parts (e.g. calc.dust.cover.hits)\n"
    )
    f.write_text('[calc.dust.cover]\n"hits" = 3\n', encoding="utf-8")
    assert cli("systems").exit_code == 0


def test_a_list_of_tables_is_refused(cli, tmp_path, monkeypatch):
    f = tmp_path / "s.toml"
    f.write_text('lang = "en"\n[[render]]\ndpi = 100\n', encoding="utf-8")
    monkeypatch.setenv("SHEETS_CONFIG", str(f))
    r = cli("systems")
    assert (r.exit_code, r.stderr) == (
        1,
        f"{f}:2:1: 'render': a list of tables is not a setting (write one [section] of settings)\n",
    )


def test_every_bad_value_of_a_file_is_listed_in_one_run(cli, tmp_path, monkeypatch):
    f = tmp_path / "s.toml"
    f.write_text("dpi = inf\nmono = 2\n[render]\ncard = 5\n", encoding="utf-8")
    monkeypatch.setenv("SHEETS_CONFIG", str(f))
    r = cli("systems")
    assert r.exit_code == 1
    assert [line.split(": ", 1)[0] for line in r.stderr.splitlines()] == [f"{f}:1:7", f"{f}:2:8", f"{f}:4:8"]


def test_values_echoed_in_messages_stay_short(cli, tmp_path, monkeypatch):
    f = tmp_path / "s.toml"
    f.write_text(f'lang = "{"x" * 10000}"\n', encoding="utf-8")
    monkeypatch.setenv("SHEETS_CONFIG", str(f))
    r = cli("systems")
    assert (r.exit_code, r.stderr) == (1, f"{f}:1:8: lang: too long (10000 characters; at most 2000)\n")
    f.write_text(f'[render]\ncard = "{"x" * 10000}"\n', encoding="utf-8")
    r = cli("systems")
    assert r.exit_code == 1 and len(r.stderr) < 300 and "too long (10000 characters" in r.stderr
    f.write_text(f"{'k' * 5000} = 1\n", encoding="utf-8")
    r = cli("systems")
    assert r.exit_code == 0 and len(r.stderr) < 300 and "… (5000 characters)" in r.stderr


# -- unknown names, on every command ------------------------------------------------------------------------
COMMANDS = [
    ("systems",),
    ("validate", ROC),
    ("info", ROC),
    ("schema", "dmech"),
    ("new", "dmech"),
    ("examples", "--list"),
    ("calc", "dmech", "penetration", "--power", "5", "--dice", "3,4", "--armor", "6"),
    ("import", "megamek", ROOT / "tests/megamek/fixtures/Harpy.blk"),
    ("reference", "dmech", "-o", "ref.pdf"),
]


@pytest.mark.parametrize("args", COMMANDS, ids=[a[0] for a in COMMANDS])
def test_an_unknown_setting_is_a_warning_on_every_command_and_quiet_hides_it(cli, places, args):
    user, here = places
    here.write_text('lang = "en"\nlnag = "ru"\n[rendr]\ncard = "mini"\n', encoding="utf-8")
    r = cli(*args)
    assert r.exit_code == 0, r.stderr
    lines = r.stderr.splitlines()
    assert lines[:2] == [
        f"{here}:2:1: warning: unknown setting 'lnag' (did you mean 'lang'?)",
        f"{here}:3:1: warning: unknown section [rendr] (did you mean 'render'?); its settings are not used",
    ]
    quiet = cli(*args, "-q")
    assert quiet.exit_code == 0 and "unknown" not in quiet.stderr


def test_names_are_the_long_options(cli, tmp_path, monkeypatch):
    f = tmp_path / "s.toml"
    f.write_text('[validate]\njson = true\n[roster]\nformat = "md"\n', encoding="utf-8")
    monkeypatch.setenv("SHEETS_CONFIG", str(f))
    r = cli("validate", ROC)
    assert r.exit_code == 0 and json.loads(r.stdout) == []
    r = cli("roster", DUST)
    assert r.exit_code == 0 and r.stdout.startswith("#"), r.stdout[:80]


def test_sheets_config_lists_what_was_left_out_and_why(cli, places):
    user, here = places
    user.write_text("mono = true\n", encoding="utf-8")
    here.write_text('paper = "letter"\noutput = "x.pdf"\nlnag = "x"\n', encoding="utf-8")
    r = cli("config")
    assert r.exit_code == 0
    assert r.stdout.splitlines()[-2:] == [
        f"  mono = true  (from {user})",
        f'  paper = "letter"  (from {here})',
    ]
    assert r.stderr.splitlines() == [
        _not_here(here, 2, "output", "-o", user),
        f"{here}:3:1: warning: unknown setting 'lnag' (did you mean 'lang'?)",
    ]
    data = json.loads(cli("config", "--json").stdout)
    assert data["settings"] == {"mono": True, "paper": "letter"}
    assert data["from"] == {"mono": str(user), "paper": str(here)}
    assert [w["code"] for w in data["warnings"]] == ["settings-not-here", "settings-unknown"]
    assert re.fullmatch(
        r".*\(read; preferences only: no paths, --force or --host\)", r.stdout.splitlines()[3]
    )


def test_a_value_in_another_spelling_its_option_takes_reaches_the_command(cli, tmp_path, monkeypatch):
    """``backs = 1`` passed the spec's check, then crashed click's own flag type (exit 3, found by
    the settings fuzz): the checked value is what the command gets."""
    f = tmp_path / "s.toml"
    f.write_text('backs = 1\nmono = "yes"\ndpi = 100.0\n[render]\npaper = "LETTER"\n', encoding="utf-8")
    monkeypatch.setenv("SHEETS_CONFIG", str(f))
    assert cli("render", DUST, "-o", tmp_path / "a.pdf").exit_code == 0
    monkeypatch.setenv("SHEETS_CONFIG", "")
    r = cli("render", DUST, "-o", tmp_path / "b.pdf", "--backs", "--mono", "--paper", "letter")
    assert r.exit_code == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
