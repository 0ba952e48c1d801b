"""Weapon-line cell notation (digest §2): dice/damage, phaser XzY, dash = cannot target."""

import pytest

from sheets.games.dust.model import Cell, CellError, parse_cell, target_classes


def test_dice_damage_cell_keeps_its_text():
    assert parse_cell("2/1") == Cell("2/1", dice=2, damage=1, phaser=False)
    # Panzerschreck-style cell: one die, 3 damage per hit (digest §2)
    assert parse_cell("1/3") == Cell("1/3", 1, 3, False)


def test_phaser_cell():
    cell = parse_cell("2z1")
    assert (cell.dice, cell.damage, cell.phaser, cell.text) == (2, 1, True, "2z1")
    assert parse_cell("3Z2").text == "3z2"


def test_spacing_is_normalised():
    assert parse_cell(" 3 / 1 ").text == "3/1"


@pytest.mark.parametrize("value", [None, "", "-", "–", "—"])
def test_dash_or_nothing_means_cannot_target(value):
    assert parse_cell(value) is None


@pytest.mark.parametrize(
    "value, words",
    [
        ("2-1", "bad cell '2-1'"),
        ("x/1", "bad cell 'x/1'"),
        ("0/1", "at least 1"),
        (2, "2 is not a cell"),
    ],
)
def test_malformed_cells_name_the_value(value, words):
    with pytest.raises(CellError, match=words.replace("(", r"\(")):
        parse_cell(value)


def test_fourteen_target_classes_in_card_order():
    assert target_classes() == (
        "S1",
        "S2",
        "S3",
        "S4",
        "V1",
        "V2",
        "V3",
        "V4",
        "V5",
        "V6",
        "V7",
        "A1",
        "A2",
        "A3",
    )
