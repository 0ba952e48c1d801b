"""Fixtures of the editor-client tests (the clients themselves: clients.py)."""

from __future__ import annotations

import pytest

from editor.clients import GAMES


@pytest.fixture(scope="session")
def schemas() -> dict:
    """``sheets schema GAME`` of every game, as the API gives it (the CLI prints the same)."""
    from sheets.api import unit_file_schema

    return {g: unit_file_schema(g) for g in GAMES}
