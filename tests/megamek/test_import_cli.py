"""`sheets import megamek`: outputs, all-or-nothing writing, and the round trip through the
loader to the digest §13 Battle Values."""

from pathlib import Path

import pytest
import yaml

from sheets.core.game import get_game
from sheets.core.loader import load_file

FIXTURES = Path(__file__).parent / "fixtures"
DIGEST_BV = {"Harpy": 56, "Roc": 336, "Gorgon": 295, "Orc": 182, "Siren": 86, "Cecerops": 86}
OTHERS = ("QuadTest", "GliderTest", "ExtendedTest")

BAD = (
    "<UnitType>\nProtoMek\n</UnitType>\n<Name>\nBad\n</Name>\n<Torso Equipment>\nCLMGG\n</Torso Equipment>\n"
)


def fixture(name: str) -> Path:
    return FIXTURES / f"{name}.blk"


def run(cli, *args):
    return cli("import", "megamek", *args)


def test_round_trip_bv_matches_digest(cli, tmp_path):
    out = tmp_path / "protos.yaml"
    result = run(cli, *(fixture(n) for n in DIGEST_BV), "-o", out)
    assert result.exit_code == 0, result.stderr
    assert result.stderr.strip().endswith("imported 6 units (files read: 6, refused: 0); files written: 1")
    loaded = load_file(out)
    game = get_game("battletech")
    bvs = {u.name: game.info(u, loaded.options)["bv"] for u in loaded.units}
    assert bvs == DIGEST_BV


def test_round_trip_tw_designs(cli, tmp_path):
    result = run(cli, *(fixture(n) for n in OTHERS), "-d", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "ExtendedTest.yaml",
        "GliderTest.yaml",
        "QuadTest.yaml",
    ]
    game = get_game("battletech")
    info = {}
    for name in OTHERS:
        loaded = load_file(tmp_path / "out" / f"{name}.yaml")
        info[name] = game.info(loaded.units[0], loaded.options)
    # quads and gliders are tw-only designs, extended jump jets are later than the classic rules
    # (issue 12 point 4): the file says rules: tw
    assert [info[n]["rules"] for n in OTHERS] == ["tw", "tw", "tw"]
    assert info["QuadTest"]["motion"] == "quad" and "right_arm" not in info["QuadTest"]["armor"]
    assert info["GliderTest"]["motion"] == "glider"
    assert info["GliderTest"]["run_boosted"] == 10  # myomer booster: Run = 2 x Walk (digest §5)
    assert info["ExtendedTest"]["jump"] == 6


def test_stdout_when_no_output_given(cli):
    result = run(cli, fixture("Harpy"))
    assert result.exit_code == 0
    doc = yaml.safe_load(result.stdout)
    assert doc["system"] == "battletech" and doc["units"][0]["name"] == "Harpy"
    assert "imported 1 unit (files read: 1, refused: 0)" in result.stderr


def test_o_and_d_together_is_a_usage_error(cli, tmp_path):
    result = run(cli, fixture("Harpy"), "-o", tmp_path / "a.yaml", "-d", tmp_path / "d")
    assert result.exit_code == 2
    assert not (tmp_path / "a.yaml").exists() and not (tmp_path / "d").exists()


@pytest.mark.parametrize("mode", ["-o", "-d"])
def test_strict_writes_nothing_when_any_file_fails(cli, tmp_path, mode):
    bad = tmp_path / "Bad.blk"
    bad.write_text(BAD, encoding="utf-8")
    target = tmp_path / ("all.yaml" if mode == "-o" else "out")
    result = run(cli, fixture("Harpy"), bad, tmp_path / "missing.blk", mode, target, "--strict")
    assert result.exit_code == 1
    assert not target.exists()
    lines = result.stderr.splitlines()
    assert any(f"{bad}:8:1: unknown item 'CLMGG' (did you mean 'CLMG'?)" == l for l in lines)
    assert any(f"{bad}:1:1: missing <tonnage> block" == l for l in lines)
    assert any(l.endswith("missing.blk: no such file") for l in lines)
    assert "imported 1 unit (files read: 3, refused: 2); nothing written (--strict)" in result.stderr


def test_rule_problems_point_at_blk_lines(cli, tmp_path):
    text = fixture("Harpy").read_text(encoding="utf-8")
    lines = text.split("\n")
    head = lines.index("<armor>") + 2  # the first armour value (head)
    lines[head - 1] = "9"
    bad = tmp_path / "Harpy.blk"
    bad.write_text("\n".join(lines), encoding="utf-8")
    result = run(cli, bad)
    assert result.exit_code == 1
    assert f"{bad}:{head}:1: unit 'Harpy': head armour 9 exceeds the maximum 3" in result.stderr
    assert result.stdout == ""


def test_d_refuses_two_inputs_with_the_same_name(cli, tmp_path):
    other = tmp_path / "x" / "Harpy.blk"
    other.parent.mkdir()
    other.write_bytes(fixture("Harpy").read_bytes())
    result = run(cli, fixture("Harpy"), other, "-d", tmp_path / "out")
    assert result.exit_code == 1 and f"{other}: {fixture('Harpy')} also writes" in result.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["Harpy.yaml"]
    assert "imported 1 unit (files read: 2, refused: 1); files written: 1" in result.stderr


def test_progress_bar_on_a_terminal(cli, tmp_path, monkeypatch):
    from sheets.games.battletech import import_cli

    monkeypatch.setattr(import_cli, "_on_terminal", lambda: True)
    result = run(cli, *(fixture(n) for n in DIGEST_BV), "-d", tmp_path)
    assert result.exit_code == 0
    assert "importing" in result.stderr
    assert len(list(tmp_path.glob("*.yaml"))) == 6


def test_output_may_not_be_an_input(cli, tmp_path):
    blk = tmp_path / "Roc.yml"  # a .blk's text under a YAML name: still an input
    blk.write_bytes(fixture("Roc").read_bytes())
    before = blk.read_bytes()
    result = run(cli, fixture("Harpy"), blk, "-o", blk)
    assert result.exit_code == 2 and "input of this command" in result.stderr  # the shared -o policy
    assert blk.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Roc.yml"]  # no temporary file left


@pytest.mark.parametrize("name", ["Roc.blk", "out.BLK", "out.mul", "out.txt", "out", "out.yaml.bak"])
def test_output_must_be_a_yaml_file(cli, tmp_path, name):
    """-o names the unit file written: .yaml or .yml (any case), never a MegaMek file's name."""
    target = tmp_path / name
    result = run(cli, fixture("Harpy"), "-o", target)
    assert result.exit_code == 2 and not target.exists()
    assert f"-o {target}: the import writes a unit file; give a name ending in .yaml or .yml" in result.stderr
    for ok in ("a.yaml", "b.YML"):
        assert run(cli, fixture("Harpy"), "-o", tmp_path / ok).exit_code == 0 and (tmp_path / ok).exists()


def test_output_dash_is_standard_output(cli, tmp_path):
    result = run(cli, fixture("Harpy"), "-o", "-")
    assert result.exit_code == 0 and result.stdout.startswith("system: battletech\n")
    assert not (tmp_path / "-").exists() and not Path("-").exists()


def test_a_refused_oversized_input_is_still_never_overwritten(cli, tmp_path):
    big = tmp_path / "Big.yaml"
    big.write_bytes(b"#" * (2 * 1024 * 1024 + 1))  # over the 2 MiB cap: refused unread
    result = run(cli, fixture("Harpy"), big, "-o", big)  # Harpy imports; Big is refused
    assert result.exit_code == 2 and "input of this command" in result.stderr
    assert big.stat().st_size == 2 * 1024 * 1024 + 1 and big.read_bytes()[:1] == b"#"


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs FIFOs (POSIX)")
def test_a_fifo_named_blk_in_a_folder_input_is_refused_by_name(cli, tmp_path):
    """Issue 31: a FIFO in a folder given to `import megamek` never blocks the import."""
    import os
    import shutil

    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(fixture("Harpy"), folder / "Harpy.blk")
    os.mkfifo(folder / "Hang.blk")
    out = tmp_path / "out.yaml"
    result = run(cli, folder, "-o", out)
    assert result.exit_code == 1 and out.exists()
    assert f"{folder / 'Hang.blk'}: is a FIFO (named pipe), not a regular file" in result.stderr.splitlines()


def test_an_unreadable_subfolder_of_a_folder_input_is_named(cli, tmp_path, monkeypatch):
    """Issue 31: it was skipped in silence; now it is a refusal naming the folder (exit 1)."""
    import os
    import shutil

    from sheets.games.battletech import import_cli

    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(fixture("Harpy"), folder / "Harpy.blk")
    real = os.walk

    def walk(top, onerror=None, followlinks=False):
        err = PermissionError(13, "Permission denied")
        err.filename = str(folder / "locked")
        onerror(err)
        yield from real(top, onerror=onerror, followlinks=followlinks)

    monkeypatch.setattr(import_cli.os, "walk", walk)
    out = tmp_path / "out.yaml"
    result = run(cli, folder, "-o", out)
    assert result.exit_code == 1
    assert (
        f"{folder / 'locked'}: this folder cannot be read (Permission denied): its .blk files were not imported"
        in result.stderr.splitlines()
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run(cli, empty, "-o", out)
    assert (
        result.exit_code == 1 and "its .blk files were not imported" in result.stderr
    )  # not "no .blk files"
