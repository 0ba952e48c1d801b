"""Issue 20, "help that is true": the README's command list and its "Start here" block agree
with the real CLI.

* Every command line of the ``## Commands`` block names a command that exists, and every option
  it writes is an option of that command (or of ``sheets`` itself); every command of the CLI
  (``serve`` too) is in the list.
* Every command line of the ``## Start here`` block runs (exit 0) in a fresh folder outside
  the checkout, after ``sheets examples``, as a new user would type it."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import click
import pytest
from docs_text import documentation, readme

ROOT = Path(__file__).resolve().parent.parent.parent
README = readme()
DOCS = documentation()  # the README and the reference pages of docs/
_OPTION = re.compile(r"(?<![\w\-])(--(?:\[no-\])?[a-z0-9][a-z0-9-]*|-[a-zA-Z])(?![\w])")


def block_after(heading: str) -> str:
    """The first fenced code block under ``heading``."""
    section = DOCS.split(f"\n{heading}\n", 1)[1]
    return section.split("```", 2)[1].split("\n", 1)[1]


def command_lines(block: str) -> list[str]:
    """The block's ``sheets …`` commands, continuation lines joined, comments dropped, and
    ``a | sheets b`` alternatives split."""
    out = []
    for line in block.splitlines():
        line = re.split(r"\s{2,}#\s", line, maxsplit=1)[0].rstrip()
        if not line.strip():
            continue
        if line.startswith("sheets"):
            out.append(line)
        elif out and line[0].isspace():
            out[-1] += " " + line.strip()
    split = []
    for line in out:
        split += [("sheets " + part if i else part) for i, part in enumerate(line.split(" | sheets "))]
    return split


def _options(cmd: click.Command) -> set:
    ctx = click.Context(cmd)
    found = {"-h", "--help"}
    for p in cmd.get_params(ctx):
        if isinstance(p, click.Option):
            found |= set(p.opts) | set(p.secondary_opts)
    return found


def resolve(line: str):
    """(command path, the click command, the options the line writes)."""
    from sheets.cli import cli

    words = line.split()[1:]
    cmd, path = cli, []
    for w in words:
        if isinstance(cmd, click.Group) and not w.startswith("-"):
            sub = cmd.get_command(click.Context(cmd), w)
            if sub is None:
                break
            cmd, path = sub, path + [w]
        elif not w.startswith("-"):
            break
    written = set()
    for opt in _OPTION.findall(line):
        if opt.startswith("--[no-]"):
            written |= {"--" + opt[7:], "--no-" + opt[7:]}
        else:
            written.add(opt)
    return path, cmd, written


COMMANDS = command_lines(block_after("## Commands"))


def test_the_command_list_is_parsed():
    assert len(COMMANDS) >= 20
    assert (
        "sheets serve [--host ADDR] [--port N] [--[no-]open] [--time-limit SECONDS] [--workers N]" in COMMANDS
    )


@pytest.mark.parametrize("line", COMMANDS)
def test_every_listed_command_and_option_exists(line):
    from sheets.cli import cli

    path, cmd, written = resolve(line)
    words = [w for w in line.split()[1:] if not w.startswith(("-", "[", "("))]
    if words and words[0] in {"calc", "import"}:
        assert not isinstance(cmd, click.Group), f"{line}: {' '.join(path)} needs a subcommand"
    known = _options(cmd) | _options(cli)
    unknown = sorted(written - known)
    assert not unknown, f"{line}: not options of `sheets {' '.join(path)}`: {unknown}"


def _leaves(group: click.Group, path=()):
    for name in group.list_commands(click.Context(group)):
        sub = group.get_command(click.Context(group), name)
        if isinstance(sub, click.Group):
            yield from _leaves(sub, (*path, name))
        else:
            yield (*path, name)


def test_every_command_is_listed():
    from sheets.cli import cli

    listed = {tuple(resolve(line)[0]) for line in COMMANDS}
    missing = sorted(" ".join(p) for p in _leaves(cli) if p not in listed)
    assert missing == []


def test_an_option_that_does_not_exist_is_caught():
    """The check above can fail: a made-up option and a made-up command are both found out."""
    path, cmd, written = resolve("sheets render PATH [--no-such-thing]")
    assert path == ["render"] and "--no-such-thing" not in _options(cmd)
    assert resolve("sheets frobnicate X")[0] == []


# -- "Start here", run as written -----------------------------------------------------------------

START = [line for line in command_lines(block_after("## Start here"))]


def test_start_here_is_parsed():
    assert [shlex.split(l)[1] for l in START] == ["new", "schema", "validate", "render", "examples"]
    assert any(l.startswith("pip install") for l in block_after("## Start here").splitlines())


def run_as_typed(line: str, work: Path, env: dict) -> subprocess.CompletedProcess:
    """A README command line run in ``work`` as a user types it (exit 0 asserted)."""
    argv = shlex.split(line)
    assert argv[0] == "sheets"
    r = subprocess.run(
        [sys.executable, "-m", "sheets", *argv[1:]],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=180,
    )
    assert r.returncode == 0, f"{line}\n{r.stderr}"
    return r


def test_start_here_runs_outside_the_checkout(tmp_path, subprocess_env):
    work = tmp_path / "first-hour"
    work.mkdir()
    assert ROOT not in work.parents

    def run(line):
        return run_as_typed(line, work, subprocess_env)

    run("sheets examples")
    for line in START:
        run(line)
    assert (
        (work / "my-force.yaml")
        .read_text(encoding="utf-8")
        .startswith("# yaml-language-server: $schema=dust.schema.json")
    )
    assert (work / "dust.schema.json").is_file()
    assert (work / "output" / "my-force.pdf").read_bytes().startswith(b"%PDF")
    assert (work / "data" / "units" / "dust" / "sample_force.yaml").is_file()
    # the sample command at the top of the README works there too
    top = README.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()[0]
    assert top.startswith("pip install . && sheets render ")
    run(top.split(" && ", 1)[1])
    assert (work / "output" / "point-alpha.pdf").read_bytes().startswith(b"%PDF")


def test_every_option_of_every_command_is_in_the_readme():
    """The other way round: an option the CLI has and the README never names is drift too."""
    from sheets.cli import cli

    written = set()
    for opt in _OPTION.findall(DOCS):
        written |= {"--" + opt[7:], "--no-" + opt[7:]} if opt.startswith("--[no-]") else {opt}
    missing = {}
    for path in _leaves(cli):
        cmd = cli
        for name in path:
            cmd = cmd.get_command(click.Context(cmd), name)
        # a flag pair counts as named when one side is (``--open/--no-open``)
        pairs = [
            p for p in cmd.get_params(click.Context(cmd)) if isinstance(p, click.Option) and not p.hidden
        ]
        left = [
            p.opts[0] for p in pairs if not (set(p.opts) | set(p.secondary_opts)) & (written | {"--help"})
        ]
        if left:
            missing[" ".join(path)] = left
    assert missing == {}


# -- the front door: one example per game, run as written; the reference in docs/ -----------------

EXAMPLES = command_lines(block_after("## One example per game"))


def test_one_example_per_game_runs_outside_the_checkout(tmp_path, subprocess_env):
    from sheets.core.game import game_ids

    work = tmp_path / "examples"
    work.mkdir()
    named = {w.split("/")[2] for line in EXAMPLES for w in line.split() if w.startswith("data/units/")}
    named |= {line.split()[2] for line in EXAMPLES if line.split()[1] == "calc"}
    assert named == set(game_ids())  # every game, and only the games there are
    for line in ["sheets examples", *EXAMPLES]:
        run_as_typed(line, work, subprocess_env)
    for pdf in ("point-alpha", "otrok", "sample_force", "hill30_us+hill30_german"):
        assert (work / "output" / f"{pdf}.pdf").read_bytes().startswith(b"%PDF"), pdf
    assert "**Total: 1015 pts** · Units: 8" in (work / "army-list.md").read_text(encoding="utf-8")


def test_the_readme_is_the_front_door_and_links_every_reference_page():
    lines = README.splitlines()
    assert len(lines) <= 300
    assert lines[:4] == [
        "```sh",
        "pip install . && sheets render --example battletech",
        "pip install '.[test]' && pytest",
        "```",
    ]
    pages = sorted(p.name for p in (ROOT / "docs").glob("*.md") if p.name != "README.md")
    for page in pages:
        assert f"](docs/{page})" in README, page
    for name in ("Commands", "Files from strangers (safety)", "Benchmarks", "Development"):
        assert f"\n## {name}" in DOCS and f"\n## {name}" not in README
