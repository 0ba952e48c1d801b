"""Helpers for the Dust tests: write a unit file to a temporary folder and load it."""

import textwrap

import pytest

from sheets.core.loader import load_file


@pytest.fixture
def write_units(tmp_path):
    """write_units(yaml_text, name="units.yaml") -> path of the written file."""

    def write(text: str, name: str = "units.yaml"):
        path = tmp_path / name
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    return write


@pytest.fixture
def load_units(write_units):
    """load_units(yaml_text) -> Loaded (raises InputError like the CLI would)."""

    def load(text: str):
        return load_file(write_units(text))

    return load
