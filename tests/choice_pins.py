"""The other names a unit file may give a choice (``sheets.core.data.choice_names``): the words a
game's printouts print for the choice, in English and Russian, and the spellings its Russian
starters use. Each game's ``tests/<game>/test_<game>_choice_names.py`` pins them whole, as
literals: a printed word that moved to another choice (or was lost) would let a unit file mean
what its player did not write (the ``name`` and ``swap`` mutants of ``data/<game>/choices.yaml``)."""

from __future__ import annotations

import pytest

from sheets.core.data import choice_names


def pinned_names_test(game: str, names: dict[str, dict[str, str]]):
    """The test of one game's ``names`` ({field: {name: choice}})."""

    @pytest.mark.parametrize("field", sorted(names))
    def test_every_printed_name_reads_as_its_own_choice(field):
        assert choice_names(game, field) == names[field]

    return test_every_printed_name_reads_as_its_own_choice
