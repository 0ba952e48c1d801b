"""``-q`` and ``-v`` mean the same on every command, the games' importers and every calculator
included: ``-q`` leaves errors and what was asked for (no "wrote" line, no warning, no "next:"
hint); ``-v`` adds what was read and checked. Each command's stderr is pinned at the three levels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OTROK = ROOT / "data/units/dmech/otrok.yaml"
DUST = ROOT / "data/units/dust/sample_force.yaml"
HARPY = ROOT / "tests/megamek/fixtures/Harpy.blk"
SHARED_ROSTERS = ROOT.parent / "shared/fixtures/battlescribe/real"


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


# (arguments, stderr without a flag, what -v adds before it, after it)
CASES = {
    "render": (
        ["render", OTROK, "-o", "o.pdf"],
        ["wrote o.pdf", "o.pdf: 1 page"],
        [f"read {OTROK}: 1 unit"],
        ["layout: 1 page checked, no problems"],
    ),
    "roster": (["roster", DUST, "-o", "l.md"], ["wrote l.md"], [f"read {DUST}: 3 units"], []),
    "info": (["info", OTROK, "-o", "i.txt"], ["wrote i.txt"], [f"read {OTROK}: 1 unit"], []),
    "validate": (["validate", OTROK], [], [f"read {OTROK}: 1 unit"], []),
    "reference": (
        ["reference", "dmech", "-o", "r.pdf"],
        ["wrote r.pdf"],
        [],
        ["layout: 2 pages checked, no problems"],
    ),
    "chart": (
        ["chart", "dmech", "facing", "-o", "c.pdf"],
        ["wrote c.pdf"],
        [],
        ["layout: 1 page checked, no problems"],
    ),
    "schema": (["schema", "dmech", "-o", "s.json"], ["wrote s.json"], [], []),
    "new": (
        ["new", "dmech", "-o", "n.yaml", "--force"],
        [
            "wrote n.yaml",
            "next: sheets validate n.yaml; sheets render n.yaml; for your editor: sheets schema dmech -o dmech.schema.json",
        ],
        [],
        [],
    ),
    "examples": (
        ["examples", "dmech", "-d", "ex", "--force"],
        [
            "wrote ex/data/units/dmech/otrok.yaml",
            "wrote ex/data/units/dmech/pilot_on_foot.yaml",
            "next: sheets render ex/data/units/dmech/otrok.yaml",
        ],
        [],
        [],
    ),
    "import megamek": (
        ["import", "megamek", HARPY, "-o", "h.yaml"],
        ["imported 1 unit (files read: 1, refused: 0); files written: 1"],
        [f"read {HARPY}"],
        [],
    ),
    "calc": (
        ["calc", "dust", "cover", "--unit", f"{DUST}#Sample Laser Squad", "--cover", "soft", "--json"],
        [],
        [f"read {DUST}: 3 units"],
        [],
    ),
    "systems": (["systems"], [], [], []),
    "config": (["config"], [], [], []),
}


@pytest.mark.parametrize("name", list(CASES))
def test_quiet_and_verbose_on_every_command(cli, tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    args, plain, before, after = CASES[name]
    normal = cli(*args)
    assert normal.exit_code == 0, normal.stderr
    assert _lines(normal.stderr) == plain
    quiet = cli(*args, "-q")
    assert quiet.exit_code == 0 and quiet.stderr == ""
    assert quiet.stdout == normal.stdout  # what was asked for is still there
    verbose = cli(*args, "--verbose")
    assert verbose.exit_code == 0
    assert _lines(verbose.stderr) == before + plain + after
    assert verbose.stdout == normal.stdout


def test_quiet_keeps_the_errors(cli, tmp_path, monkeypatch, write):
    monkeypatch.chdir(tmp_path)
    bad = write("bad.yaml", "system: dmech\nunits: [{name: X, kind: walkr}]\n")
    r = cli("validate", bad, "-q")
    assert r.exit_code == 1 and str(bad) in r.stderr and "walkr" in r.stderr
    r = cli("import", "megamek", tmp_path / "none.blk", "-q")
    assert r.exit_code == 1 and "none.blk" in r.stderr and "imported" not in r.stderr


def test_quiet_hides_an_importers_warnings_and_verbose_is_not_sticky(cli, tmp_path, monkeypatch):
    """The level is the command's: a -q run leaves the next run of the same process at normal."""
    monkeypatch.chdir(tmp_path)
    assert cli("import", "megamek", HARPY, "-o", "h.yaml", "-q").stderr == ""
    assert _lines(cli("import", "megamek", HARPY, "-o", "h2.yaml").stderr) == [
        "imported 1 unit (files read: 1, refused: 0); files written: 1"
    ]
    assert "read" not in cli("render", OTROK, "-o", "o.pdf").stderr  # after a -v run: not verbose
    cli("render", OTROK, "-o", "o.pdf", "-v")
    assert "read" not in cli("render", OTROK, "-o", "o.pdf").stderr


@pytest.mark.skipif(
    not SHARED_ROSTERS.is_dir(), reason="needs ../shared/fixtures/battlescribe (beside the checkout)"
)
def test_import_battlescribe_quiet_and_verbose(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    roster = sorted(SHARED_ROSTERS.glob("*.ros*"))[0]
    normal = cli("import", "battlescribe", roster, "-o", "a.yaml")
    assert normal.exit_code == 0, normal.stderr
    wrote = [line for line in _lines(normal.stderr) if line.startswith("wrote a.yaml (")]
    assert len(wrote) == 1
    quiet = cli("import", "battlescribe", roster, "-o", "b.yaml", "-q")
    assert quiet.exit_code == 0 and quiet.stderr == ""
    verbose = cli("import", "battlescribe", roster, "-o", "c.yaml", "-v")
    assert f"read {roster}" in _lines(verbose.stderr)


def test_serve_quiet_hides_its_warning(cli, monkeypatch):
    import socket

    import sheets.web.app
    from sheets.cli.commands import serve

    def bind(host, port):
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        return sock

    def stop(*args, **kwargs):
        raise SystemExit(0)

    monkeypatch.setattr(serve, "_bind", bind)
    monkeypatch.setattr(sheets.web.app, "create_app", stop)
    loud = cli("serve", "--host", "0.0.0.0", "--no-open")
    assert loud.exit_code == 0 and loud.stderr.startswith("warning: serving on 0.0.0.0, not 127.0.0.1")
    assert cli("serve", "--host", "0.0.0.0", "--no-open", "-q").stderr == ""


def test_calc_json_is_the_same_at_every_level(cli):
    args = ("calc", "dmech", "penetration", "--power", "5", "--dice", "3,4", "--armor", "6", "--json")
    outs = [json.loads(cli(*args, *flag).stdout) for flag in ((), ("-q",), ("-v",))]
    assert outs[0] == outs[1] == outs[2]
