"""Start-up cost (issue 13): what a command imports and reads before it does its work."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
