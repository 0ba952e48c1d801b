"""Issue 10, finding 7: --data-dir overrides are checked against the bundled table (positioned
input errors, exit 1); a missing SHEETS_DATA_DIR is an error."""

import re
import subprocess
import sys
from types import SimpleNamespace

import pytest

from sheets.core.data import data_root

MINOTAUR = data_root() / "units" / "battletech" / "minotaur.yaml"
WEAPONS = (data_root() / "battletech" / "weapons.yaml").read_text(encoding="utf-8")
LABELS = (data_root() / "battletech" / "labels.yaml").read_text(encoding="utf-8")


@pytest.fixture
def override(tmp_path):
    """override(relative, text) -> path of the file in the user's data folder."""

    def _write(relative, text):
        path = tmp_path / "mine" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    return _write


@pytest.fixture
def cli(subprocess_env):
    """A child process per run: the rule tables are cached per process, and an override must
    not leak into the rest of the suite."""

    def run(*args, env=None):
        r = subprocess.run(
            [sys.executable, "-m", "sheets", *map(str, args)],
            capture_output=True,
            text=True,
            env=dict(subprocess_env, **(env or {})),
            timeout=120,
        )
        return SimpleNamespace(exit_code=r.returncode, stdout=r.stdout, stderr=r.stderr)

    return run


def first_bv_line(text):
    return next(i for i, l in enumerate(text.splitlines(), 1) if re.match(r"\s+bv: \d", l))


@pytest.mark.parametrize("case", ["negative", "nan", "inf", "mapping", "missing", "no_ru"])
def test_bad_override_is_a_positioned_input_error(cli, override, tmp_path, case):
    line = first_bv_line(WEAPONS)
    lines = WEAPONS.splitlines()
    indent = lines[line - 1].index("bv:")
    if case in ("negative", "nan", "inf"):
        value = {"negative": "-7", "nan": ".nan", "inf": ".inf"}[case]
        lines[line - 1] = " " * indent + f"bv: {value}"
        path, command = override("battletech/weapons.yaml", "\n".join(lines) + "\n"), "info"
        where, message = (
            f":{line}:{indent + 5}:",
            {
                "negative": "must not be negative",
                "nan": "expected a whole number",
                "inf": "expected a whole number",
            }[case],
        )
    elif case == "mapping":
        path, command = (
            override("battletech/weapons.yaml", "weapons: {a: 1}\nammo: []\nequipment: []\n"),
            "info",
        )
        where, message = ":1:10:", "expected a list, got a mapping"
    elif case == "missing":
        del lines[line - 1]
        path, command = override("battletech/weapons.yaml", "\n".join(lines) + "\n"), "info"
        where, message = ":", "missing key 'bv' in 'weapons[1]'"
    else:
        text = re.sub(r'\n(sheet_title): \{en: ("[^"]*"), ru: "[^"]*"\}', r"\n\1: {en: \2}", LABELS, count=1)
        assert text != LABELS
        path, command = override("battletech/labels.yaml", text), "render"
        where, message = ":", "missing key 'ru' in 'sheet_title'"
    args = ["--data-dir", tmp_path / "mine", command, MINOTAUR]
    if command == "render":
        args += ["-o", tmp_path / "x.pdf"]
    r = cli(*args)
    assert r.exit_code == 1, r.stderr
    assert r.stderr.startswith(f"{path}{where}") and message in r.stderr.splitlines()[0]
    assert not (tmp_path / "x.pdf").exists()


def test_a_faithful_copy_is_accepted(cli, override, tmp_path):
    override("battletech/weapons.yaml", WEAPONS.replace("bv: 7\n", "bv: 8\n", 1))
    r = cli("--data-dir", tmp_path / "mine", "info", MINOTAUR)
    assert r.exit_code == 0, r.stderr


def test_fifo_override_is_refused(cli, override, tmp_path):
    import os

    (tmp_path / "mine" / "battletech").mkdir(parents=True)
    os.mkfifo(tmp_path / "mine" / "battletech" / "weapons.yaml")
    r = cli("--data-dir", tmp_path / "mine", "info", MINOTAUR)
    assert r.exit_code == 1 and "FIFO" in r.stderr


def test_missing_sheets_data_dir_is_an_error(cli, tmp_path):
    r = cli("info", MINOTAUR, env={"SHEETS_DATA_DIR": str(tmp_path / "nope")})
    assert r.exit_code == 2 and "is not a folder" in r.stderr


def test_a_row_of_numbers_keeps_its_length(cli, override, tmp_path):
    """Found by the table fuzzing: a shortened row of a numeric table was indexed by the code
    (IndexError, exit 3)."""
    text = (data_root() / "battletech" / "bv.yaml").read_text(encoding="utf-8")
    lines = text.splitlines()
    [n] = [i for i, l in enumerate(lines) if l.startswith("  0: [")]
    lines[n] = "  0: [2.42, 2.31]"
    path = override("battletech/bv.yaml", "\n".join(lines) + "\n")
    r = cli("--data-dir", tmp_path / "mine", "info", MINOTAUR)
    assert r.exit_code == 1, r.stderr
    assert r.stderr.startswith(f"{path}:{n + 1}:6: ") and "9 values expected" in r.stderr


def test_a_dangling_reference_in_an_override_is_exit_1(cli, override, tmp_path):
    """Found by the table fuzzing: a unit type naming a label that does not exist passed the
    structural check and ended in KeyError (exit 3); it is the user's data: exit 1, one line."""
    text = (data_root() / "wh40k6" / "unit_types.yaml").read_text(encoding="utf-8")
    assert "shooting: shoot_bike_rider" in text
    path = override(
        "wh40k6/unit_types.yaml", text.replace("shooting: shoot_bike_rider", "shooting: shoot_bike_r")
    )
    sample = data_root() / "units" / "wh40k6" / "sample_list.yaml"
    r = cli("--data-dir", tmp_path / "mine", "render", sample, "-o", tmp_path / "x.pdf")
    assert r.exit_code == 1, r.stderr
    assert "internal error" not in r.stderr and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"{path}: cannot use this data override: KeyError: 'shoot_bike_r'")
    assert len(r.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.pdf").exists()


BUG = """
import sys
import sheets.core.loader as loader

def broken(*args, **kwargs):
    raise KeyError("a bug of ours")

loader.load_file = broken
from sheets.cli import main
sys.argv = ["sheets", *sys.argv[1:]]
main()
"""


def test_our_own_bug_with_an_unread_override_folder_is_an_internal_error(override, tmp_path, subprocess_env):
    """The "cannot use this data override" exit 1 needs an override the command has read: a
    KeyError of ours while the folder only replaces another game's table is exit 3."""
    override("dust/weapons.yaml", "weapons: []\n")  # a battletech command never reads it
    r = subprocess.run(
        [sys.executable, "-c", BUG, "--data-dir", str(tmp_path / "mine"), "info", str(MINOTAUR)],
        capture_output=True,
        text=True,
        env=subprocess_env,
        timeout=120,
    )
    assert r.returncode == 3, r.stderr
    assert r.stderr.startswith("internal error: KeyError: 'a bug of ours'")
    assert "data override" not in r.stderr
