"""`sheets calc dust cover` through click's CliRunner."""

import json

from click.testing import CliRunner

from sheets.cli.specs import GameCalcGroup
from sheets.core.data import data_path
from sheets.core.errors import InputError
from sheets.core.game import get_game

calc = GameCalcGroup(get_game("dust"))

SAMPLE = str(data_path("units/dust/sample_force.yaml"))


def run(*args):
    return CliRunner().invoke(calc, ["cover", *args])


def test_json_output_for_soft_plus_soft():
    res = run("--unit", f"{SAMPLE}#Sample Laser Squad", "--cover", "soft+soft", "--hits", "4", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert {k: out[k] for k in ("cover", "save", "dice", "edition")} == {
        "cover": "hard",
        "save": "misses",
        "dice": 4,
        "edition": "classic",
    }
    assert abs(out["p_stop_each"] - 2 / 3) < 1e-9
    assert abs(out["expected_stopped"] - 8 / 3) < 1e-9


def test_human_line_names_the_edition_and_joined_squad():
    res = run("--unit", f"{SAMPLE}#sample hero keller", "--cover", "soft", "--hits", "3")
    assert res.exit_code == 0, res.output
    assert "joined to Sample Laser Squad" in res.output and "hit save" in res.output
    assert "Classic Dust dice: 2 hit faces / 4 miss faces" in res.output


def test_revised_edition_is_footnoted():
    res = run("--unit", f"{SAMPLE}#Sample Walker", "--cover", "hard", "--dice", "revised")
    assert res.exit_code == 0 and "† unverified" in res.output


def test_unknown_unit_name_is_an_input_error():
    res = run("--unit", f"{SAMPLE}#Sample Laser Sqad", "--cover", "soft")
    assert res.exit_code == 1
    assert isinstance(res.exception, InputError)
    assert "did you mean 'Sample Laser Squad'?" in str(res.exception)


def test_usage_errors_exit_2():
    bad_cover = run("--unit", f"{SAMPLE}#Sample Walker", "--cover", "sfot")
    assert bad_cover.exit_code == 2 and "did you mean 'soft'?" in bad_cover.output
    bad_edition = run("--unit", f"{SAMPLE}#Sample Walker", "--cover", "soft", "--dice", "new")
    assert (
        bad_edition.exit_code == 2
        and "unknown value 'new'; expected one of classic, revised" in bad_edition.output
    )
    bad_hits = run("--unit", f"{SAMPLE}#Sample Walker", "--cover", "soft", "--hits", "-1")
    assert bad_hits.exit_code == 2
    bad_ref = run("--unit", f"{SAMPLE}#", "--cover", "soft")
    assert bad_ref.exit_code == 2 and "FILE#NAME" in bad_ref.output


def test_missing_file_is_an_input_error(tmp_path):
    res = run("--unit", f"{tmp_path / 'nope.yaml'}#X", "--cover", "soft")
    assert res.exit_code == 1 and "no such file" in str(res.exception)
