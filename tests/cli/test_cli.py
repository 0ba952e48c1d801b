"""The CLI contract: commands, exit codes (0/1/2/3), messages, safe output."""

import json
import subprocess
import sys

import pytest

from sheets import __version__

POINT = "data/units/battletech/point-alpha.yaml"


@pytest.fixture
def root():
    from pathlib import Path

    return Path(__file__).resolve().parent.parent.parent


def test_version_and_help(cli):
    r = cli("--version")
    assert r.exit_code == 0 and __version__ in r.output
    r = cli("--help")
    assert r.exit_code == 0
    for name in (
        "systems",
        "validate",
        "info",
        "render",
        "schema",
        "roster",
        "reference",
        "chart",
        "calc",
        "import",
    ):
        assert name in r.output


def test_help_does_not_import_heavy_modules(subprocess_env):
    code = (
        "import sys; from sheets.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in ('reportlab', 'jinja2', 'yaml', 'pypdfium2', 'PIL') if m in sys.modules]\n"
        "print('HEAVY=' + ','.join(heavy))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=subprocess_env
    )
    assert out.stdout.strip().splitlines()[-1] == "HEAVY="


def test_systems_lists_the_games(cli):
    r = cli("systems", "--json")
    assert r.exit_code == 0
    games = {g["id"]: g for g in json.loads(r.output)}
    assert {"battletech", "dmech", "dust"} <= set(games)
    assert games["battletech"]["variants"] == ["classic", "tw"]
    assert "protomech" in games["battletech"]["unit_kinds"]


def test_usage_errors_exit_2(cli, root):
    assert cli("render").exit_code == 2  # no PATH
    assert cli("render", str(root / POINT), "--paper", "a3").exit_code == 2
    assert cli("frobnicate").exit_code == 2
    r = cli("info", str(root / POINT), "--rules", "classik")
    assert r.exit_code == 2 and "did you mean 'classic'" in r.output
    r = cli("schema", "batletech")
    assert r.exit_code == 2 and "did you mean 'battletech'" in r.output


def test_validate_ok_and_bad(cli, root, write):
    r = cli("validate", str(root / POINT))
    assert r.exit_code == 0, r.output
    bad = write(
        "bad.yaml",
        "system: battletech\nunits:\n  - name: X\n    tons: 30\n    walk: three\n    armor: {head: 1}\n",
    )
    r = cli("validate", str(root / POINT), str(bad))
    assert r.exit_code == 1
    assert f"{bad}:4:11:" in r.stderr and f"{bad}:5:11:" in r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("system: battletech\nunits: [\n", "malformed YAML"),
        ("system: battletek\nunits: []\n", "did you mean 'battletech'"),
        ("- just\n- a list\n", "expected a mapping"),
        (
            "system: battletech\nunits:\n  - name: X\n    tons: 5\n    walk: 3\n    armor: {head: 1, torso: 2, right_arm: 1, left_arm: 1, legs: 2}\n"
            "    equipment:\n      - {item: ER Medum Laser, location: torso}\n",
            "did you mean 'ER Medium Laser'",
        ),
    ],
)
def test_bad_input_is_one_line_per_problem_exit_1_no_output(cli, write, tmp_path, text, fragment):
    src = write("u.yaml", text)
    out = tmp_path / "u.pdf"
    r = cli("render", src, "-o", out)
    assert r.exit_code == 1, r.output
    assert fragment in r.stderr
    assert r.stderr.startswith(str(src))
    assert "Traceback" not in r.stderr
    assert not out.exists()


def test_missing_file(cli, tmp_path):
    r = cli("info", tmp_path / "nope.yaml")
    assert r.exit_code == 1 and "no such file" in r.stderr


def test_output_under_a_file_is_an_input_error(cli, root, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = cli("render", root / POINT, "-o", blocker / "x.pdf")
    assert r.exit_code == 1 and "Traceback" not in r.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["file"]


@pytest.mark.parametrize("fail", ["open", "replace"])
def test_unwritable_output_keeps_existing_file(cli, root, tmp_path, monkeypatch, fail):
    """Valid input, so the run reaches the writer; the failure is injected (works as root too)."""
    import os

    existing = tmp_path / "keep.pdf"
    existing.write_bytes(b"precious")
    real = getattr(os, fail)

    def denied(path, *a, **k):
        if fail == "replace" or os.path.dirname(os.path.abspath(path)) == str(tmp_path):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *a, **k)

    monkeypatch.setattr(os, fail, denied)
    r = cli("render", root / POINT, "-o", existing)
    monkeypatch.undo()
    assert r.exit_code != 0 and "Traceback" not in r.stderr
    if fail == "open":
        assert r.exit_code == 1 and f"{existing}: cannot write here: permission denied" in r.stderr
    assert existing.read_bytes() == b"precious"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.pdf"]  # no temp file left behind


def test_render_default_output_folder(cli, root, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cli("render", root / POINT)
    assert r.exit_code == 0, r.stderr
    out = tmp_path / "output" / "point-alpha.pdf"
    assert out.read_bytes().startswith(b"%PDF")
    assert [p.name for p in (tmp_path / "output").iterdir()] == ["point-alpha.pdf"]


def test_internal_error_is_one_line_exit_3(cli, root, tmp_path, monkeypatch):
    import sheets.cli.commands.render as commands

    def boom(*a, **k):
        raise RuntimeError("kaboom\nsecond line")

    monkeypatch.setattr(commands, "glyph_check", boom)
    r = cli("render", root / POINT, "-o", tmp_path / "x.pdf")
    assert r.exit_code == 3
    assert r.stderr.strip().count("\n") == 0 and "kaboom" in r.stderr and "Traceback" not in r.stderr
    r = cli("--debug", "render", root / POINT, "-o", tmp_path / "x.pdf")
    assert r.exit_code == 3 and "Traceback" in r.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_schema_is_json_schema(cli):
    r = cli("schema", "battletech")
    assert r.exit_code == 0
    doc = json.loads(r.output)
    unit = doc["properties"]["units"]["items"]["anyOf"][0]
    assert {"name", "tons", "walk", "armor", "equipment"} <= set(unit["properties"])
    assert doc["properties"]["rules"]["anyOf"][0]["anyOf"][0]["enum"] == ["classic", "tw"]


def test_console_entry_point_runs_as_module(root, tmp_path, subprocess_env):
    out = subprocess.run(
        [sys.executable, "-m", "sheets", "info", "--json", str(root / POINT)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=subprocess_env,
    )
    assert out.returncode == 0, out.stderr
    assert len(json.loads(out.stdout)) == 5
