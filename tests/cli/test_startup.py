"""Start-up cost (issue 13): what a command imports and reads before it does its work."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


def test_validate_reads_no_entry_points(subprocess_env):
    """A built-in game's file needs no scan of the installed packages' entry points
    (importlib.metadata, ~25 ms): the games' list in `reference`/`chart`/`schema --help` is
    worked out only when that help is shown."""
    code = (
        "import sys\nfrom sheets.cli import main\n"
        "try:\n    main(['validate', sys.argv[1]])\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        "print('METADATA=' + str('importlib.metadata' in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(ROOT / "data/units/battletech/roc.yaml")],
        capture_output=True,
        text=True,
        env=subprocess_env,
    )
    assert out.stdout.strip().splitlines()[-1] == "METADATA=False", out.stdout + out.stderr


def test_games_list_still_closes_the_help(cli):
    for command in ("reference", "chart", "schema"):
        text = " ".join(cli(command, "--help").output.split())
        assert "GAME is one of: battletech, dmech, dust, lnl, wh40k6" in text, command


# what the program's own help loads beyond click (issue 33: `sheets --help` at most 1.2x the CPU
# time of `import click`): neither the option specs and their dataclasses, nor the error types,
# nor a command module, nor the settings reader when no settings file is there
NOT_FOR_THE_HELP = (
    "dataclasses",
    "sheets.cli.commands",
    "sheets.cli.config",
    "sheets.cli.options",
    "sheets.cli.specs",
    "sheets.core.errors",
    "sheets.core.game",
    "sheets.core.options",
    "yaml",
)


@pytest.mark.parametrize(
    "args, given",
    [
        (["--help"], {}),
        (["-h"], {}),
        (["--lang", "ru", "--help"], {}),
        (["--help"], {"SHEETS_LANG": "ru"}),
        (["--help"], {"LC_ALL": "ru_RU.UTF-8"}),
        ([], {}),
    ],
)
def test_the_program_help_loads_no_spec_error_or_command_module(subprocess_env, tmp_path, args, given):
    code = (
        "import sys\nfrom sheets.cli import main\n"
        "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        f"print('LOADED=' + ','.join(m for m in sys.modules if m.startswith({NOT_FOR_THE_HELP!r})))"
    )
    env = {k: v for k, v in subprocess_env.items() if not k.startswith(("SHEETS_", "LC_", "LANGUAGE"))}
    env.update(XDG_CONFIG_HOME=str(tmp_path / "config"), HOME=str(tmp_path), **given)  # no settings file
    out = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert "sheets [OPTIONS] COMMAND [ARGS]..." in out.stdout + out.stderr, out.stdout + out.stderr
    assert out.stdout.strip().splitlines()[-1] == "LOADED=", out.stdout + out.stderr


def test_the_light_lang_type_is_the_spec_type_of_lang():
    """``--lang`` of the program shows its choices without the specs (LangType): the same metavar,
    name, help and conversions as the spec's own type."""
    import click

    from sheets.cli.base import LangType, SpecType
    from sheets.core.i18n import LANG_HELP
    from sheets.core.options import LANG

    light, full = LangType(), SpecType(LANG)
    param = click.Option(["--lang"], type=light)
    assert light.spec is LANG and LANG.help == LANG_HELP
    assert light.get_metavar(param) == full.get_metavar(param) == "[en|ru]"
    assert (light.name, light.keep_text) == (full.name, full.keep_text)
    assert light.convert("RU", param, None) == full.convert("RU", param, None) == "ru"

    def refusal(kind):
        with pytest.raises(click.BadParameter) as caught:
            kind.convert("de", param, None)
        return str(caught.value)

    assert refusal(light) == refusal(full)
