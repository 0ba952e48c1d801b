"""Issue 20, the first hour of a new user: through the CLI (CliRunner / subprocess)."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from docs_text import documentation
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent.parent
UNITS = ROOT / "data" / "units"
ROC = UNITS / "battletech" / "roc.yaml"
POINT = UNITS / "battletech" / "point-alpha.yaml"
DUST = UNITS / "dust" / "sample_force.yaml"
LNL = UNITS / "lnl" / "hill30_us.yaml"
W40K = UNITS / "wh40k6" / "sample_list.yaml"
PNG = b"\x89PNG\r\n\x1a\n"


def text_of(pdf) -> str:
    reader = PdfReader(io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf)
    return "\n".join(page.extract_text() for page in reader.pages)


# -- the suffix of -o decides the format ------------------------------------------------------
def test_render_to_png_writes_one_png_per_page(cli, tmp_path):
    r = cli("render", ROC, "-o", tmp_path / "roc.png", "--dpi", 40)
    assert r.exit_code == 0, r.stderr
    assert (tmp_path / "roc.png").read_bytes()[:8] == PNG
    assert cli("render", W40K, "-o", tmp_path / "list.pdf").exit_code == 0
    pages = len(PdfReader(tmp_path / "list.pdf").pages)
    assert pages > 1
    r = cli("render", W40K, "-o", tmp_path / "list.png", "--dpi", 40)
    assert r.exit_code == 0, r.stderr
    assert sorted(p.name for p in tmp_path.glob("list*.png")) == [
        f"list-{i}.png" for i in range(1, pages + 1)
    ]
    assert not (tmp_path / "list.png").exists()


@pytest.mark.parametrize(
    "args, made",
    [
        (("render", ROC, "-o", "roc.md"), "`sheets render` makes .pdf, .png"),
        (("reference", "dust", "-o", "ref.txt"), "`sheets reference` makes .pdf, .png"),
        (("chart", "dmech", "facing", "-o", "f.svg"), "`sheets chart` makes .pdf, .png"),
        (("roster", W40K, "-o", "list.docx"), "`sheets roster` makes .pdf, .png, .md, .html, .bbcode, .json"),
        (("info", ROC, "-o", "info.pdf"), "`sheets info` makes .txt, .json"),
        (("render", ROC, "-o", "noext"), "no suffix"),
    ],
)
def test_a_suffix_the_command_cannot_make_is_a_usage_error(cli, tmp_path, monkeypatch, args, made):
    monkeypatch.chdir(tmp_path)
    r = cli(*args)
    assert r.exit_code == 2 and made in r.stderr, r.stderr
    assert list(tmp_path.iterdir()) == []  # nothing written, not even output/


def test_reference_png_and_roster_text_by_suffix(cli, tmp_path):
    r = cli("reference", "dust", "-o", tmp_path / "ref.png", "--dpi", 40)
    assert r.exit_code == 0, r.stderr
    assert sorted(tmp_path.glob("ref*.png")) and all(
        p.read_bytes()[:8] == PNG for p in tmp_path.glob("ref*.png")
    )
    for suffix, start in (
        (".md", "# Army list: Sample Strike Force"),
        (".html", "<"),
        (".json", "{"),
        (".bbcode", "["),
    ):
        out = tmp_path / f"list{suffix}"
        r = cli("roster", W40K, "-o", out)
        assert r.exit_code == 0, r.stderr
        assert out.read_text(encoding="utf-8").lstrip().startswith(start), suffix
    assert json.loads((tmp_path / "list.json").read_text())["name"] == "Sample Strike Force"
    r = cli("roster", W40K, "-o", tmp_path / "list.pdf")
    assert (tmp_path / "list.pdf").read_bytes()[:5] == b"%PDF-"
    r = cli("roster", W40K, "--format", "json", "-o", tmp_path / "x.md")
    assert r.exit_code == 2 and "--format json but -o" in r.stderr


# -- default names ------------------------------------------------------------------------------
def test_default_names_never_collide_and_say_what_they_hold(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "L.yaml").write_bytes(W40K.read_bytes())
    r1 = cli("render", "L.yaml")
    r2 = cli("roster", "L.yaml")
    assert r1.exit_code == r2.exit_code == 0
    assert "wrote output/L.pdf" in r1.stderr and "wrote output/L-list.pdf" in r2.stderr
    assert text_of((tmp_path / "output/L.pdf").read_bytes()) != text_of(
        (tmp_path / "output/L-list.pdf").read_bytes()
    )
    assert len(PdfReader(tmp_path / "output/L-list.pdf").pages) == 1  # the list alone
    assert len(PdfReader(tmp_path / "output/L.pdf").pages) > 1  # list + datasheets
    names = ["harpy", "siren", "roc", "orc", "gorgon"]
    for n in names:
        (tmp_path / f"{n}.yaml").write_bytes((UNITS / "battletech" / f"{n}.yaml").read_bytes())
    r = cli("render", "harpy.yaml", "siren.yaml")
    assert r.exit_code == 0 and "wrote output/harpy+siren.pdf" in r.stderr
    r = cli("render", *[f"{n}.yaml" for n in names])
    assert r.exit_code == 0 and "wrote output/harpy+siren+roc+2-more.pdf" in r.stderr
    r = cli("render", *[f"{n}.yaml" for n in names[:3]])
    assert "wrote output/harpy+siren+roc.pdf" in r.stderr  # three: all named


# -- options of another game ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "args, message",
    [
        (("render", ROC, "--card", "tarot"), "--card is an option of dust, not of battletech"),
        (("render", ROC, "--png", "cards"), "--png is an option of dust, not of battletech"),
        (("render", DUST, "--tables"), "--tables is an option of dmech, not of dust"),
        (
            ("render", LNL, "--rules", "tw"),
            "--rules: lnl has no rule variants (only battletech (classic|tw), wh40k6 (6th|7th|hh1|other) have)",
        ),
        (("validate", DUST, "--rules", "tw"), "--rules: dust has no rule variants"),
        (("reference", "dust", "--rules", "tw"), "--rules: dust has no rule variants"),
        (("chart", "lnl", "melee-odds", "--rules", "classic"), "--rules: lnl has no rule variants"),
    ],
)
def test_options_of_another_game_are_usage_errors_naming_it(cli, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    r = cli(*args)
    assert r.exit_code == 2, r.stderr
    assert message in r.stderr
    assert not (tmp_path / "output").exists() and not (tmp_path / "cards").exists()


def test_an_option_of_the_files_game_still_works(cli, tmp_path):
    r = cli("render", DUST, "--card", "tarot", "-o", tmp_path / "c.pdf")
    assert r.exit_code == 0, r.stderr
    r = cli("render", ROC, "--rules", "tw", "-o", tmp_path / "r.pdf")
    assert r.exit_code == 0, r.stderr


# -- global options anywhere ----------------------------------------------------------------------
def test_global_options_before_or_after_the_command(cli, tmp_path):
    before = cli("--debug", "render", ROC, "-o", tmp_path / "a.pdf")
    after = cli("render", ROC, "-o", tmp_path / "b.pdf", "--debug")
    assert before.exit_code == after.exit_code == 0, after.stderr
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    data = tmp_path / "mydata"
    (data / "battletech").mkdir(parents=True)
    r = cli("validate", ROC, "--data-dir", data)
    assert r.exit_code == 0, r.stderr
    r = cli("validate", ROC, f"--data-dir={tmp_path / 'missing'}")
    assert r.exit_code == 2 and "does not exist" in r.stderr
    r = cli("validate", "--", "--debug")  # after --: a file name, not the option
    assert r.exit_code == 1 and "--debug: no such file" in r.stderr


def test_internal_error_hint_is_a_command_line_that_works(cli, tmp_path, monkeypatch):
    import sheets.api

    def broken(*a, **k):
        raise RuntimeError("boom")

    monkeypatch.setattr(sheets.api, "render", broken)
    r = cli("render", ROC, "-o", tmp_path / "x.pdf")
    assert r.exit_code == 3
    hint = re.search(r"for the details run: (.*)\)$", r.stderr.strip()).group(1)
    assert hint == f"sheets --debug render {ROC} -o {tmp_path / 'x.pdf'}"
    r = cli(*hint.split()[1:])
    assert r.exit_code == 3 and "Traceback" in r.stderr and "RuntimeError: boom" in r.stderr


# -- validate ---------------------------------------------------------------------------------------
BROKEN = """system: battletech
units:
  - name: Typo
    tons: 2
    motion: bipedd
    walk: 3
    armor: {head: 2, torso: 4, right_arm: 1, left_arm: 1, legs: 3}
    equipment: []
  - name: Too Thick
    tons: 2
    motion: biped
    walk: 3
    armor: {head: 2, torso: 40, right_arm: 1, left_arm: 1, legs: 3}
    equipment: []
"""


def test_validate_reports_structure_and_rules_in_one_run_and_as_json(cli, write):
    bad = write("bad.yaml", BROKEN)
    r = cli("validate", bad, ROC)
    assert r.exit_code == 1
    lines = r.stderr.splitlines()
    assert lines[0] == (
        f"{bad}:5:13: unit 'Typo'.motion: unknown value 'bipedd' (did you mean "
        f"'biped'?); expected one of biped, quad, glider"
    )  # one unit's structure
    assert lines[1] == f"{bad}:13:29: unit 'Too Thick': torso armour 40 exceeds the maximum 4 for a 2 t biped"
    assert f"{ROC}: ok" in r.stdout  # the good file too
    r = cli("validate", bad, ROC, "--json")
    assert r.exit_code == 1
    rows = json.loads(r.stdout)
    assert [(p["file"], p["line"], p["column"], p["severity"]) for p in rows] == [
        (str(bad), 5, 13, "error"),
        (str(bad), 13, 29, "error"),
    ]
    assert rows[1]["message"] == "unit 'Too Thick': torso armour 40 exceeds the maximum 4 for a 2 t biped"
    assert set(rows[0]) == {"file", "line", "column", "severity", "code", "message"}
    r = cli("validate", ROC, "--json")
    assert r.exit_code == 0 and json.loads(r.stdout) == []


def test_validate_json_lists_warnings_with_exit_0(cli, write):
    later = write(
        "later.yaml",
        ROC.read_text().replace(
            "{item: ER Medium Laser, location: main_gun}", "{item: Heavy Small Laser, location: main_gun}"
        ),
    )
    r = cli("validate", later, "--json")
    assert r.exit_code == 0
    assert json.loads(r.stdout) == [
        {
            "file": str(later),
            "line": 12,
            "column": 16,
            "severity": "warning",
            "code": "bt-later-equipment",
            "message": "unit 'Roc': Heavy Small Laser is not in the classic ProtoMech rules (later "
            "equipment; use rules: tw), marked † on the sheet",
        }
    ]


# -- stdin and folders ---------------------------------------------------------------------------------
def test_stdin_for_render_validate_info(cli, tmp_path):
    data = ROC.read_text(encoding="utf-8")
    out = tmp_path / "roc.pdf"
    r = cli("render", "-", "-o", out, input=data)
    assert r.exit_code == 0, r.stderr
    ref = tmp_path / "ref.pdf"
    cli("render", ROC, "-o", ref)
    assert text_of(out.read_bytes()) == text_of(ref.read_bytes())
    r = cli("validate", "-", input=data)
    assert r.exit_code == 0 and "-: ok (battletech, 1 unit)" in r.stdout
    r = cli("info", "-", "--json", input=data)
    assert json.loads(r.stdout)[0]["name"] == "Roc"
    r = cli("validate", "-", input="system: battletech\nunits: 3\n")
    assert r.exit_code == 1 and r.stderr.startswith("<stdin>:2:8: ")
    r = cli("validate", "-", "-", input=data)
    assert r.exit_code == 2 and "only once" in r.stderr


def test_folders_are_read_recursively(cli, tmp_path):
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "roc.yaml").write_bytes(ROC.read_bytes())
    (tmp_path / "a" / "b" / "harpy.yaml").write_bytes((UNITS / "battletech/harpy.yaml").read_bytes())
    (tmp_path / "a" / "notes.txt").write_text("not a unit file")
    r = cli("validate", tmp_path / "a")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.count(": ok") == 2
    r = cli("info", tmp_path / "a", "--json")
    assert sorted(u["name"] for u in json.loads(r.stdout)) == ["Harpy", "Roc"]
    r = cli("render", tmp_path / "a", "-o", tmp_path / "both.pdf")
    assert r.exit_code == 0, r.stderr
    assert "Harpy" in text_of((tmp_path / "both.pdf").read_bytes())


# -- starters, examples -----------------------------------------------------------------------------------
STARTERS = [
    ("battletech", "point"),
    ("dmech", "walker"),
    ("dmech", "infantry"),
    ("dust", "force"),
    ("lnl", "oob"),
    ("wh40k6", "list"),
]


@pytest.mark.parametrize("game, kind", STARTERS)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_sheets_new_validates_and_renders_as_it_is(cli, tmp_path, game, kind, lang):
    r = cli("new", game, kind, "--lang", lang)
    assert r.exit_code == 0, r.stderr
    text = r.stdout
    assert text.splitlines()[0] == f"# yaml-language-server: $schema={game}.schema.json"
    for line in text.splitlines()[1:]:
        if re.match(r"\s*(- )?[a-z_]+:", line):
            comment = line.split("  # ", 1)[1] if "  # " in line else ""
            assert comment, f"no comment on {line!r}"
            if lang == "ru":
                assert re.search("[А-Яа-яЁё]", comment), line
            else:
                assert (
                    not re.search("[А-Яа-яЁё]", comment.replace("«", "").replace("»", "")) or game == "dmech"
                ), line  # dmech's own Russian terms (скр, Мощь…)
        assert "en:" not in line and "ru:" not in line and "⟪" not in line
    path = tmp_path / f"{game}.yaml"
    path.write_text(text, encoding="utf-8")
    r = cli("validate", path)
    assert r.exit_code == 0 and r.stderr == "", r.stderr
    r = cli("render", path, "--lang", lang, "-o", tmp_path / "out.pdf", "--check-layout")
    assert r.exit_code == 0, r.stderr


def test_russian_starters_name_things_in_russian(cli):
    ru = cli("new", "dust", "--lang", "ru").stdout
    assert "name: Мой отряд" in ru and "joins: Лазерный взвод" in ru and "name: Лазерный взвод" in ru
    en = cli("new", "dust").stdout
    assert "name: My force" in en and "joins: Laser Squad" in en
    assert "name: Моя армия" in cli("new", "wh40k6", "--lang", "ru").stdout


def test_sheets_new_kinds_and_output(cli, tmp_path):
    r = cli("new", "dust")
    assert r.exit_code == 0 and "kind: hero" in r.stdout and "kind: vehicle" in r.stdout
    r = cli("new", "wh40k6")
    slots = re.findall(r"^    slot: (\w+)", r.stdout, re.M)
    assert slots == ["hq", "troops", "troops"]
    r = cli("new", "dmech", "tank")
    assert (
        r.exit_code == 2
        and "dmech has no starter 'tank'" in r.stderr
        and "kinds: walker, infantry" in r.stderr
    )
    r = cli("new", "dmeh")
    assert r.exit_code == 2 and "did you mean 'dmech'" in r.stderr
    out = tmp_path / "mine.yaml"
    r = cli("new", "lnl", "-o", out)
    assert r.exit_code == 0 and out.read_text().startswith("# yaml-language-server")
    assert f"sheets schema lnl -o {tmp_path / 'lnl.schema.json'}" in r.stderr
    out.write_text("mine")
    r = cli("new", "lnl", "-o", out)
    assert r.exit_code == 2 and "exists" in r.stderr and out.read_text() == "mine"
    assert cli("new", "lnl", "-o", out, "--force").exit_code == 0 and out.read_text() != "mine"
    r = cli("new", "lnl", "-o", tmp_path / "x.txt")
    assert r.exit_code == 2 and "makes .yaml" in r.stderr


def test_examples_make_the_readme_commands_work_outside_the_checkout(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cli("examples")
    assert r.exit_code == 0, r.stderr
    copied = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*.yaml"))
    assert copied == sorted(str(p.relative_to(ROOT)) for p in UNITS.rglob("*.yaml"))
    r = cli("render", "data/units/battletech/point-alpha.yaml")  # the README's first command
    assert r.exit_code == 0 and (tmp_path / "output/point-alpha.pdf").exists()
    (tmp_path / "data/units/lnl/hill30_us.yaml").write_text("mine")
    r = cli("new", "--example", "lnl")
    assert r.exit_code == 0 and "kept data/units/lnl/hill30_us.yaml" in r.stderr
    assert (tmp_path / "data/units/lnl/hill30_us.yaml").read_text() == "mine"
    assert "data/units/dust/sample_force.yaml" in cli("examples", "--list").stdout


# -- settings file ------------------------------------------------------------------------------------------
def test_settings_file_in_the_working_folder_and_flags_win(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("SHEETS_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home"))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    (work / "sheets.toml").write_text('lang = "ru"\npaper = "letter"\n[render]\ncard = "mini"\n')
    r = cli("render", DUST, "-o", "c.pdf")
    assert r.exit_code == 0, r.stderr
    reader = PdfReader("c.pdf")
    assert round(float(reader.pages[0].mediabox.width)) == 612  # Letter
    assert re.search("[А-Яа-я]", reader.pages[0].extract_text())
    flagged = cli("render", DUST, "-o", "d.pdf", "--lang", "en", "--paper", "a4", "--card", "poker")
    plain = cli("--debug", "render", DUST, "-o", "e.pdf")
    assert flagged.exit_code == plain.exit_code == 0
    (work / "sheets.toml").unlink()
    assert cli("render", DUST, "-o", "f.pdf").exit_code == 0
    assert Path("d.pdf").read_bytes() == Path("f.pdf").read_bytes()  # the flags won
    (work / "sheets.toml").write_text('card = "tarot"\n')  # a dust setting: ignored for battletech
    assert cli("render", ROC, "-o", "r.pdf").exit_code == 0


def test_user_settings_folder_and_sheets_config(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("SHEETS_CONFIG")
    home = tmp_path / "home"
    (home / "sheets").mkdir(parents=True)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    monkeypatch.chdir(tmp_path)
    (home / "sheets" / "sheets.toml").write_text('lang = "ru"\nmono = true\nlnag = "x"\n')
    (tmp_path / "sheets.toml").write_text('lang = "en"\n')
    r = cli("config")
    assert r.exit_code == 0
    assert f"{home / 'sheets' / 'sheets.toml'}  (read)" in r.stdout
    assert f"{tmp_path / 'sheets.toml'}  (read; preferences only" in r.stdout
    assert 'lang = "en"' in r.stdout and "mono = true" in r.stdout  # the working folder wins
    assert "unknown setting 'lnag' (did you mean 'lang'?)" in r.stderr
    data = json.loads(cli("config", "--json").stdout)
    assert data["settings"]["lang"] == "en" and data["settings"]["mono"] is True
    (tmp_path / "sheets.toml").write_text('lang = "en\n')
    r = cli("validate", ROC)
    assert r.exit_code == 1 and r.stderr.startswith(f"{tmp_path / 'sheets.toml'}:1:")


# -- version and packaging ---------------------------------------------------------------------------------------
def test_version_from_one_place(cli):
    from sheets import __version__

    r = cli("--version")
    assert r.exit_code == 0 and r.stdout.strip() == f"sheets {__version__} (wargame-sheets)"
    text = (ROOT / "pyproject.toml").read_text()
    assert 'name = "wargame-sheets"' in text and 'dynamic = ["version"]' in text
    assert not re.search(r"^version\s*=", text, re.M)
    assert 'sheets = "sheets.cli:main"' in text  # the command stays `sheets`


# -- help that is true ------------------------------------------------------------------------------------------
def _walk(cli_group):
    import click

    from sheets.cli import cli as root

    out = []

    def walk(cmd, path):
        out.append(path)
        if isinstance(cmd, click.Group):
            ctx = click.Context(cmd, help_option_names=["-h", "--help"])
            for name in cmd.list_commands(ctx):
                walk(cmd.get_command(ctx, name), [*path, name])

    walk(root, [])
    return out


def test_dash_h_works_everywhere_and_equals_help(cli):
    paths = _walk(cli)
    assert ["calc", "dust", "cover"] in paths and ["import", "megamek"] in paths and ["new"] in paths
    for path in paths:
        short, long = cli(*path, "-h"), cli(*path, "--help")
        assert short.exit_code == long.exit_code == 0, path
        assert short.stdout == long.stdout
        assert "-h, --help" in short.stdout, path


def test_help_lists_come_from_the_registry(cli):
    text = " ".join(cli("chart", "--help").stdout.split())
    for pair in (
        "battletech hit-location",
        "dmech facing",
        "lnl melee-odds",
        "wh40k6 to-wound",
        "wh40k6 to-hit",
    ):
        assert pair in text
    text = " ".join(cli("calc", "--help").stdout.split())
    for pair in ("dmech facing", "dmech penetration", "dust cover", "lnl melee", "wh40k6 attack"):
        assert f"`sheets calc {pair}`" in text
    r = cli("chart", "dust", "x")
    assert r.exit_code == 2
    assert (
        "dust has no charts; charts: battletech hit-location, dmech facing, lnl melee-odds, "
        "wh40k6 to-wound, wh40k6 to-hit" in " ".join(r.stderr.split())
    )
    r = cli("chart", "dmech")
    assert r.exit_code == 2 and "which chart? dmech charts: facing" in r.stderr
    text = " ".join(cli("new", "--help").stdout.split())
    assert "dmech: walker, infantry" in text and "wh40k6: list" in text


def test_argument_names_are_consistent(cli):
    for path in (["render"], ["validate"], ["info"], ["import", "megamek"], ["import", "battlescribe"]):
        assert (
            "PATH]..." in cli(*path, "-h").stdout.splitlines()[0]
            or "PATH..." in cli(*path, "-h").stdout.splitlines()[0]
        ), path
    assert cli("roster", "-h").stdout.splitlines()[0].endswith("[OPTIONS] PATH")
    cover = cli("calc", "dust", "cover", "-h").stdout
    render = cli("render", "-h").stdout
    assert "--dice EDITION" in cover and "--dice EDITION" in render
    assert "--edition" not in cover
    r = cli(
        "calc", "dust", "cover", "--unit", f"{DUST}#Sample Walker", "--cover", "hard", "--dice", "revised"
    )
    old = cli(
        "calc", "dust", "cover", "--unit", f"{DUST}#Sample Walker", "--cover", "hard", "--edition", "revised"
    )
    assert r.exit_code == old.exit_code == 0 and r.stdout == old.stdout  # the old name still works


# -- import to standard output ------------------------------------------------------------------------------------
def test_import_battlescribe_of_several_rosters_to_stdout_is_one_valid_file(cli, tmp_path):
    from battlescribe.rosters import roster

    a, b = tmp_path / "a.ros", tmp_path / "b.ros"
    a.write_text(roster())
    b.write_text(roster().replace('name="', 'name="B ', 1))
    r = cli("import", "battlescribe", a, b)
    assert r.exit_code == 0, r.stderr
    army = tmp_path / "army.yaml"
    army.write_text(r.stdout, encoding="utf-8")
    v = cli("validate", army)
    assert v.exit_code == 0, v.stderr
    one = cli("import", "battlescribe", a)
    single = json.loads(cli("info", "--json", "-", input=one.stdout).stdout)
    both = json.loads(cli("info", "--json", army).stdout)
    assert len(both) == 2 * len(single)
    assert cli("render", army, "-o", tmp_path / "army.pdf").exit_code == 0


def test_import_megamek_to_stdout_is_a_valid_file(cli, tmp_path):
    fixtures = ROOT / "tests/megamek/fixtures"
    r = cli("import", "megamek", fixtures / "Harpy.blk", fixtures / "Roc.blk")
    assert r.exit_code == 0, r.stderr
    v = cli("validate", "-", input=r.stdout)
    assert v.exit_code == 0 and "2 units" in v.stdout, v.stderr


# -- shell completion ------------------------------------------------------------------------------------------------
def _complete(subprocess_env, words: str, cword: int, tmp_path=None) -> list[str]:
    env = {
        **subprocess_env,
        "_SHEETS_COMPLETE": "bash_complete",
        "COMP_WORDS": words,
        "COMP_CWORD": str(cword),
        "SHEETS_CONFIG": "",
    }
    out = subprocess.run(
        [sys.executable, "-m", "sheets"], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    return out.stdout.split()


def test_shell_completion_of_games_charts_calculators_and_files(subprocess_env, tmp_path):
    assert _complete(subprocess_env, "sheets chart ", 2) == [
        "plain,battletech",
        "plain,dmech",
        "plain,dust",
        "plain,lnl",
        "plain,wh40k6",
    ]
    assert _complete(subprocess_env, "sheets chart wh40k6 ", 3) == ["plain,to-wound", "plain,to-hit"]
    assert _complete(subprocess_env, "sheets calc d", 2) == ["plain,dmech", "plain,dust"]
    assert _complete(subprocess_env, "sheets calc dmech ", 3) == ["plain,facing", "plain,penetration"]
    assert _complete(subprocess_env, "sheets new dmech ", 3) == ["plain,walker", "plain,infantry"]
    assert _complete(subprocess_env, "sheets render my", 2) == ["file,my"]  # the shell lists files
    for shell in ("bash", "zsh", "fish"):
        env = {**subprocess_env, "_SHEETS_COMPLETE": f"{shell}_source"}
        script = subprocess.run(
            [sys.executable, "-m", "sheets"], capture_output=True, text=True, env=env
        ).stdout
        assert "_SHEETS_COMPLETE" in script, shell
    readme = documentation()
    for line in (
        'eval "$(_SHEETS_COMPLETE=bash_source sheets)"',
        'eval "$(_SHEETS_COMPLETE=zsh_source sheets)"',
        "_SHEETS_COMPLETE=fish_source sheets | source",
    ):
        assert line in readme


def test_validate_reports_a_units_rules_and_the_forces_joins_in_one_run(cli, write):
    """A rule problem of one unit no longer hides the checks across units (a hero's joins)."""
    text = DUST.read_text(encoding="utf-8")
    text = text.replace("joins: Sample Laser Squad", "joins: Sample Laser Sqaud")
    text = text.replace("    points: 15\n", "    points: 15\n    joins: Sample Laser Squad\n", 1)
    bad = write("force.yaml", text)
    r = cli("validate", bad)
    assert r.exit_code == 1
    lines = r.stderr.splitlines()
    assert any("unit 'Sample Walker'" in l and "only heroes join squads" in l for l in lines)  # a rule
    assert any("Sample Laser Sqaud" in l for l in lines)  # the join, in the same run
