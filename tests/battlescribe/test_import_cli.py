"""`sheets import battlescribe` and reading rosters directly (`validate`/`info`/`render FILE.ros`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from . import rosters as R

FIXTURES = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "battlescribe"


@pytest.fixture
def ros(tmp_path):
    p = tmp_path / "host.ros"
    p.write_text(R.roster("2.01"), encoding="utf-8")
    return p


def test_import_to_stdout_is_a_valid_unit_file(cli, ros, tmp_path):
    res = cli("import", "battlescribe", ros)
    assert res.exit_code == 0, res.output
    doc = yaml.safe_load(res.stdout)
    assert doc["system"] == "wh40k6"
    assert [u["points"] for u in doc["units"]] == [105, 80]
    out = tmp_path / "again.yaml"
    out.write_text(res.stdout, encoding="utf-8")
    assert_only_list_level(cli("validate", out))


def test_import_to_file_and_folder(cli, ros, tmp_path):
    res = cli("import", "battlescribe", ros, "-o", tmp_path / "one.yaml")
    assert res.exit_code == 0, res.output
    assert yaml.safe_load((tmp_path / "one.yaml").read_text(encoding="utf-8"))["roster"]["limit"] == 1000
    res = cli("import", "battlescribe", ros, "-d", tmp_path / "out")
    assert res.exit_code == 0, res.output
    assert (tmp_path / "out" / "host.yaml").is_file()


def test_a_refused_roster_writes_nothing(cli, ros, tmp_path):
    new = tmp_path / "new.ros"
    new.write_text(R.roster(system=R.EIGHTH), encoding="utf-8")
    res = cli("import", "battlescribe", ros, new, "-d", tmp_path / "out")
    assert res.exit_code == 1
    assert "8th/9th edition" in res.stderr
    assert not (tmp_path / "out").exists()


def test_output_may_not_be_the_input(cli, ros):
    before = ros.read_bytes()
    res = cli("import", "battlescribe", ros, "-o", ros)
    assert res.exit_code == 2 and "input of this command" in res.stderr  # the shared -o policy
    assert ros.read_bytes() == before


def test_hostile_roster_through_the_cli_is_exit_1_without_traceback(cli, tmp_path):
    from .test_battlescribe import BILLION_LAUGHS

    evil = tmp_path / "evil.ros"
    evil.write_text(BILLION_LAUGHS, encoding="utf-8")
    for args in (("import", "battlescribe", evil), ("validate", evil), ("info", evil)):
        res = cli(*args)
        assert res.exit_code == 1, args
        assert "Traceback" not in res.output
        lines = [ln for ln in res.stderr.splitlines() if not ln.startswith("imported 0 of 1")]
        assert len(lines) == 1 and lines[0].startswith(f"{evil}: refused")


def assert_only_list_level(res):
    """The units are valid; what `validate` may still report (exit 1) are list-level breaches
    (the 6th-ed Force Organisation Chart, the points limit), one line each."""
    if res.exit_code == 0:
        return
    assert res.exit_code == 1, res.output
    for line in res.stderr.strip().splitlines():
        assert "detachment:" in line or "over the limit" in line, line


def test_validate_and_info_read_a_roster_directly(cli, ros):
    res = cli("validate", ros)
    assert_only_list_level(res)
    info = json.loads(cli("info", ros, "--json").stdout)
    assert [(u["name"], u["slot"], u["points"]) for u in info] == [
        ("Glass Squad", "troops", 105),
        ("Lantern Captain", "hq", 80),
    ]


def test_problems_of_an_imported_unit_name_the_roster_without_a_line(cli, tmp_path):
    bad = R.roster().replace(
        '<characteristic name="WS" typeId="t1">3</characteristic>',
        '<characteristic name="WS" typeId="t1">99</characteristic>',
        1,
    )
    p = tmp_path / "bad.ros"
    p.write_text(bad, encoding="utf-8")
    # a roster is not refused for one field (issue 22): the unit is kept, WS printed as a dash,
    # and the warning names the roster without a line
    res = cli("validate", p)
    first = res.stderr.splitlines()[0]
    assert first.startswith(
        f"{p}: warning: unit 'Glass Squad': imported with gaps: Glass Trooper: "
        f"ws '99' not read (99 is out of range (0–10))"
    ), first
    res = cli("import", "battlescribe", p, "--strict")
    assert res.exit_code == 1 and "nothing written" in res.stderr
    assert f"{p}: unit 'Glass Squad'.models[1].ws: 99 is out of range" in res.stderr


@pytest.mark.skipif(not FIXTURES.is_dir(), reason="real rosters not present")
@pytest.mark.parametrize("name", ["hh1_traitor.ros", "hh1_traitor.rosz", "hh1_bs201_transports.ros"])
def test_real_rosters_validate(cli, name):
    res = cli("validate", FIXTURES / name)
    assert_only_list_level(res)
