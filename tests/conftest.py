import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "data" / "units"


@pytest.fixture
def subprocess_env() -> dict:
    """Environment for running `python -m sheets` in a child: the same `sheets` as the tests."""
    import sheets

    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(sheets.__file__).resolve().parent.parent)
    return env


@pytest.fixture
def samples() -> Path:
    return SAMPLES


@pytest.fixture
def write(tmp_path):
    """write("name.yaml", text) -> path of a file under tmp_path."""

    def _write(name: str, text: str) -> Path:
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
        return p

    return _write


@pytest.fixture
def cli():
    """Invoke the CLI in-process: cli(*args) -> click Result (exit_code, stdout, stderr)."""
    from click.testing import CliRunner

    from sheets.cli import cli as group

    def _run(*args, input=None):
        return CliRunner().invoke(group, [str(a) for a in args], input=input, catch_exceptions=False)

    return _run
