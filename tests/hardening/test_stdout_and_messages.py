"""Standard output that cannot fail in silence, and messages that stay short.

* stdout on a full disk was an internal error (exit 3) for validate, import, new, config, calc,
  systems: now ``-: cannot write to standard output: No space left on device`` (exit 1) on every
  command that prints;
* a closed stdout (``>&-``) printed nothing with exit 0: now a message, exit 1;
* under ``ulimit -f``, a write cut short (``-o -``, a long YAML) exited 0 with a truncated file;
* ``validate --json`` (and every JSON on stdout) stays valid UTF-8 JSON with a non-UTF-8 file name;
* values echoed in messages stay within 60 characters (a 5,000-character KIND, command, option…)."""

from __future__ import annotations

import json
import os
import resource
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OTROK = ROOT / "data/units/dmech/otrok.yaml"
DUST = ROOT / "data/units/dust/sample_force.yaml"
HARPY = ROOT / "tests/megamek/fixtures/Harpy.blk"

PRINTING = {
    "systems": ["systems"],
    "systems --json": ["systems", "--json"],
    "validate": ["validate", DUST],
    "validate --json": ["validate", "--json", DUST],
    "import": ["import", "megamek", HARPY],
    "new": ["new", "dmech"],
    "config": ["config"],
    "config --json": ["config", "--json"],
    "calc": ["calc", "dmech", "penetration", "--power", "5", "--dice", "3,4", "--armor", "6"],
    "calc --json": [
        "calc",
        "dmech",
        "penetration",
        "--power",
        "5",
        "--dice",
        "3,4",
        "--armor",
        "6",
        "--json",
    ],
    "info": ["info", OTROK],
    "schema": ["schema", "dmech"],
    "roster": ["roster", DUST, "--format", "md"],
    "examples --list": ["examples", "--list"],
    "render -o -": ["render", OTROK, "-o", "-"],
}


def _run(args, env, cwd, redirect="", limit=None):
    command = shlex.join([sys.executable, "-m", "sheets", *map(str, args)]) + " " + redirect

    def fsize():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(
        ["bash", "-c", command],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        preexec_fn=fsize if limit else None,
        timeout=60,
    )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("name", list(PRINTING))
def test_standard_output_on_a_full_disk_is_a_message_exit_1(tmp_path, subprocess_env, name):
    r = _run(PRINTING[name], subprocess_env, tmp_path, "> /dev/full")
    assert r.returncode == 1, r.stderr
    assert r.stderr.splitlines()[-1] == "-: cannot write to standard output: No space left on device"
    assert "internal error" not in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("name", list(PRINTING))
def test_a_closed_standard_output_is_a_message_exit_1(tmp_path, subprocess_env, name):
    r = _run(PRINTING[name], subprocess_env, tmp_path, ">&-")
    assert r.returncode == 1, r.stderr
    assert r.stderr.splitlines()[-1] == "-: cannot write to standard output: it is closed"


def test_a_closed_standard_output_does_not_stop_a_command_that_writes_a_file(tmp_path, subprocess_env):
    r = _run(["render", OTROK, "-o", "o.pdf"], subprocess_env, tmp_path, ">&-")
    assert r.returncode == 0 and (tmp_path / "o.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    "args, limit",
    [
        (["render", OTROK, "-o", "-"], 20480),  # a PDF of ~90 KB
        (["new", "dmech"], 1024),
        (["schema", "dmech"], 2048),
        (["import", "megamek", HARPY], 256),
        (["info", OTROK, "--json"], 256),
    ],
)
def test_output_cut_short_by_ulimit_f_is_not_success(tmp_path, subprocess_env, args, limit):
    r = _run(args, subprocess_env, tmp_path, "> out", limit=limit)
    assert r.returncode == 1, r.stderr
    assert r.stderr.splitlines()[-1] == "-: cannot write to standard output: File too large"
    assert (tmp_path / "out").stat().st_size == limit


def test_output_within_ulimit_f_is_written_whole(tmp_path, subprocess_env):
    r = _run(["new", "dmech"], subprocess_env, tmp_path, "> out", limit=1 << 20)
    assert r.returncode == 0
    assert (tmp_path / "out").read_text(encoding="utf-8").startswith("# yaml-language-server")


# -- JSON on stdout stays JSON --------------------------------------------------------------------------
def test_validate_json_with_a_non_utf8_file_name_is_valid_json(tmp_path, subprocess_env):
    name = b"\xff\xfe-army.yaml"
    with open(os.path.join(os.fsencode(tmp_path), name), "wb") as fh:
        fh.write(b"system: dmech\nunits: [{kind: walkr}]\n")
    env = {**subprocess_env, "LC_ALL": "C.UTF-8"}
    r = subprocess.run(
        [sys.executable, "-m", "sheets", "validate", "--json", os.fsdecode(name)],
        capture_output=True,
        env=env,
        cwd=tmp_path,
    )
    assert r.returncode == 1
    rows = json.loads(r.stdout.decode("utf-8"))  # valid UTF-8, valid JSON
    assert rows and all(row["file"] == "\udcff\udcfe-army.yaml" for row in rows)


def test_validate_json_with_a_utf8_name_the_locale_could_not_decode_gives_the_name(tmp_path, subprocess_env):
    name = "армия.yaml"
    (tmp_path / name).write_text("system: dmech\nunits: [{kind: walkr}]\n", encoding="utf-8")
    env = {**subprocess_env, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
    r = subprocess.run(
        [sys.executable, "-m", "sheets", "validate", "--json", name],
        capture_output=True,
        env=env,
        cwd=tmp_path,
    )
    rows = json.loads(r.stdout.decode("utf-8"))
    assert rows and {row["file"] for row in rows} == {name}


def test_json_text_mends_escaped_bytes():
    from sheets.cli.commands.validate import json_text

    assert json.loads(json_text({"file": "a\udcd0\udcb0.yaml"})) == {
        "file": "aа.yaml"
    }  # UTF-8 bytes: the text
    assert json_text({"file": "\udcff.yaml"}).encode("utf-8")  # not UTF-8: escapes, encodable
    assert json.loads(json_text({"file": "\udcff.yaml"})) == {"file": "\udcff.yaml"}
    assert json_text(["Отряд"]) == '[\n "Отряд"\n]'  # Russian stays readable
    assert json_text({"a": 1}, indent=2) == '{\n  "a": 1\n}'


@pytest.mark.parametrize(
    "args",
    [
        ["calc", "dust", "cover", "--unit", "\udcff.yaml#X", "--cover", "soft", "--json"],
        ["config", "--json"],
    ],
)
def test_other_json_on_stdout_survives_undecodable_names(tmp_path, subprocess_env, args):
    env = {**subprocess_env, "LC_ALL": "C.UTF-8", "SHEETS_CONFIG": os.fsdecode(b"/nowhere/\xff.toml")}
    r = subprocess.run([sys.executable, "-m", "sheets", *args], capture_output=True, env=env, cwd=tmp_path)
    assert "internal error" not in r.stderr.decode("utf-8", "replace")
    if r.stdout:
        json.loads(r.stdout.decode("utf-8"))


# -- values echoed in messages stay short -------------------------------------------------------------------
LONG = "k" * 5000


@pytest.mark.parametrize(
    "args",
    [
        ["new", "dmech", LONG],
        ["new", LONG],
        [LONG],
        ["calc", "dmech", LONG],
        ["import", LONG],
        ["roster", "x.yaml", "--format", LONG],
        ["render", "x.yaml", "-o", "x." + LONG],
        ["render", "x.yaml", "--dpi", "9" * 5000],
        ["render", "x.yaml", "--rules", LONG],
        ["render", "x.yaml", "--lang", LONG],
        ["systems", "--" + LONG],
        ["chart", "dmech", LONG],
        ["reference", LONG],
        ["examples", LONG],
        ["schema", LONG],
    ],
    ids=lambda a: " ".join(x[:12] for x in a),
)
def test_a_5000_character_value_is_echoed_in_60(cli, args):
    r = cli(*args)
    assert r.exit_code in (1, 2)
    assert len(r.stderr) < 500, r.stderr[:600]
    assert "k" * 61 not in r.stderr and "9" * 61 not in r.stderr
