"""An input is never an output, whatever way it was read: a file redirected to standard input is
an input of the command (``info - --json -o army.json < army.json`` replaced it); a closed or
unreadable standard input is a message (exit 1, not an internal error); a folder argument's
unreadable subfolder is named (exit 1), never skipped in silence; ``sheets examples`` without
``--force`` never writes through a link planted in its folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OTROK = ROOT / "data/units/dmech/otrok.yaml"
DUST = ROOT / "data/units/dust/sample_force.yaml"


def run_cli(args, env, cwd, stdin=None, shell_stdin=None, timeout=60):
    """``python -m sheets ARGS`` in a child; ``shell_stdin``: a redirection for bash (``<&-``)."""
    command = [sys.executable, "-m", "sheets", *map(str, args)]
    if shell_stdin is not None:
        import shlex

        return subprocess.run(
            ["bash", "-c", shlex.join(command) + " " + shell_stdin],
            capture_output=True,
            text=True,
            env=env,
            cwd=cwd,
            timeout=timeout,
        )
    return subprocess.run(
        command, capture_output=True, text=True, env=env, cwd=cwd, stdin=stdin, timeout=timeout
    )


# -- standard input is an input -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "args, name, source",
    [
        (["info", "-", "--json", "-o"], "army.json", OTROK),
        (["info", "-", "-o"], "army.txt", OTROK),
        (["roster", "-", "-o"], "list.md", DUST),
        (["roster", "-", "--format", "json", "-o"], "list.json", DUST),
        (["render", "-", "-o"], "army.pdf", OTROK),
    ],
)
def test_a_file_redirected_to_standard_input_is_never_replaced(tmp_path, subprocess_env, args, name, source):
    target = tmp_path / name
    target.write_bytes(source.read_bytes())
    before = target.read_bytes()
    with open(target, "rb") as stdin:
        r = run_cli([*args, name], subprocess_env, tmp_path, stdin=stdin)
    assert r.returncode == 2, r.stderr
    assert (
        r.stderr == f"Error: {name}: is an input of this command (standard input); refusing to overwrite it\n"
    )
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [name]  # no temporary file either


def test_a_hard_link_to_the_redirected_file_is_the_same_input(tmp_path, subprocess_env):
    army = tmp_path / "army.json"
    army.write_bytes(OTROK.read_bytes())
    os.link(army, tmp_path / "other.json")
    with open(army, "rb") as stdin:
        r = run_cli(["info", "-", "--json", "-o", "other.json"], subprocess_env, tmp_path, stdin=stdin)
    assert r.returncode == 2 and "other.json: is an input of this command" in r.stderr
    assert army.read_bytes() == OTROK.read_bytes()


def test_a_pipe_on_standard_input_still_writes_the_output(tmp_path, subprocess_env):
    r = subprocess.run(
        [sys.executable, "-m", "sheets", "info", "-", "--json", "-o", "army.json"],
        input=OTROK.read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        env=subprocess_env,
        cwd=tmp_path,
    )
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "army.json").read_text(encoding="utf-8").startswith("[")


@pytest.mark.parametrize("command", ["validate", "info", "render", "roster"])
def test_a_closed_standard_input_is_a_message_exit_1(tmp_path, subprocess_env, command):
    r = run_cli([command, "-"], subprocess_env, tmp_path, shell_stdin="<&-")
    assert r.returncode == 1, r.stderr
    assert r.stderr == "<stdin>: cannot read standard input: it is closed\n"


# -- a folder argument's unreadable subfolder -------------------------------------------------------------
def _tree(tmp_path):
    folder = tmp_path / "army"
    (folder / "locked").mkdir(parents=True)
    (folder / "a.yaml").write_bytes(OTROK.read_bytes())
    (folder / "locked" / "b.yaml").write_bytes(OTROK.read_bytes())
    return folder


def _lock(monkeypatch, folder: Path):
    """As root no folder is unreadable: the error is injected where os.walk lists a folder."""
    real = os.scandir

    def scandir(path="."):
        if Path(os.fsdecode(path)) == folder:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)


@pytest.mark.parametrize("command", ["validate", "info", "render"])
def test_an_unreadable_subfolder_is_named_and_nothing_is_done(cli, tmp_path, monkeypatch, command):
    folder = _tree(tmp_path)
    _lock(monkeypatch, folder / "locked")
    monkeypatch.chdir(tmp_path)
    r = cli(command, folder)
    assert r.exit_code == 1
    assert r.stderr == (
        f"{folder / 'locked'}: this folder cannot be read (Permission denied): its unit files were not read\n"
    )
    assert r.stdout == "" and not (tmp_path / "output").exists()


def test_an_unreadable_folder_given_itself_is_not_called_empty(cli, tmp_path, monkeypatch):
    folder = _tree(tmp_path)
    _lock(monkeypatch, folder)
    r = cli("validate", folder)
    assert r.exit_code == 1 and "no unit files" not in r.stderr
    assert r.stderr.startswith(f"{folder}: this folder cannot be read (Permission denied)")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every folder: the injected test above covers it")
def test_a_real_unreadable_subfolder(cli, tmp_path):
    folder = _tree(tmp_path)
    (folder / "locked").chmod(0)
    try:
        r = cli("validate", folder)
    finally:
        (folder / "locked").chmod(0o755)
    assert r.exit_code == 1 and "locked: this folder cannot be read" in r.stderr


# -- examples never write through a planted link -------------------------------------------------------------
def test_examples_keep_a_dangling_symlink_in_place_of_a_sample(cli, tmp_path):
    target = tmp_path / "ex" / "data/units/dmech"
    target.mkdir(parents=True)
    (target / "otrok.yaml").symlink_to(tmp_path / "elsewhere" / "otrok.yaml")
    r = cli("examples", "dmech", "-d", tmp_path / "ex")
    assert r.exit_code == 0
    assert f"kept {target / 'otrok.yaml'} (exists; --force replaces it)" in r.stderr.splitlines()
    assert not (tmp_path / "elsewhere").exists()
    assert (target / "pilot_on_foot.yaml").read_bytes() == (
        ROOT / "data/units/dmech/pilot_on_foot.yaml"
    ).read_bytes()


@pytest.mark.parametrize("dangling", [True, False])
def test_examples_never_write_through_a_linked_folder(cli, tmp_path, dangling):
    ex = tmp_path / "ex"
    (ex / "data").mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    if not dangling:
        elsewhere.mkdir()
    (ex / "data" / "units").symlink_to(elsewhere)
    r = cli("examples", "dmech", "-d", ex)
    assert r.exit_code == 0
    link = ex / "data" / "units"
    assert r.stderr.splitlines() == [
        f"kept {link / 'dmech/otrok.yaml'} ({link} is a symbolic link: not written through; --force does)",
        f"kept {link / 'dmech/pilot_on_foot.yaml'} ({link} is a symbolic link: not written through; --force does)",
    ]
    assert not elsewhere.exists() or list(elsewhere.iterdir()) == []
    forced = cli("examples", "dmech", "-d", ex, "--force")  # --force: the user's choice
    assert forced.exit_code == 0 and (elsewhere / "dmech" / "otrok.yaml").is_file()


def test_new_example_keeps_the_same_rule(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "units").symlink_to(tmp_path / "gone")
    r = cli("new", "--example", "lnl")
    assert r.exit_code == 0 and "is a symbolic link: not written through" in r.stderr
    assert not (tmp_path / "gone").exists()
