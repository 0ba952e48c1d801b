"""Issue 21 (BattleScribe import): the game system of a roster, from its root element's
``gameSystemId`` / ``gameSystemName``, exact messages. A 6th-edition id imports; another known
system is refused naming its edition; an unknown or missing id is refused naming what the file
says (the name, or "unknown game system" when it has none; the name shortened past 60
characters, the id past 40). A roster whose XML breaks after its root element names another
game's system first (that is the reason it is not read); a 6th-edition or id-less one gets the
XML error with its position."""

from __future__ import annotations

import pytest

from battlescribe import rosters as R
from sheets.core.errors import InputError
from sheets.games.wh40k6.battlescribe import roster_to_unit_file

NOT = " is not Warhammer 40,000 6th/7th edition or Horus Heresy 1st edition: not imported"
ONLY = "; only 6th/7th-edition and Horus Heresy 1st-edition rosters can be imported"


def _refusal(text: str) -> list[str]:
    with pytest.raises(InputError) as exc:
        roster_to_unit_file("f.ros", text.encode("utf-8"))
    return [str(p) for p in exc.value.problems]


def _with(
    system_id: str | None = R.SIXTH, system_name: str | None = "Test System", broken: bool = False
) -> str:
    text = R.roster()
    text = text.replace(
        f'gameSystemId="{R.SIXTH}" ', "" if system_id is None else f'gameSystemId="{system_id}" '
    )
    text = text.replace(
        'gameSystemName="Test System" ', "" if system_name is None else f'gameSystemName="{system_name}" '
    )
    return text.replace("</forces>", "</forcez>") if broken else text


def test_a_sixth_edition_roster_imports_without_a_system_name():
    doc = roster_to_unit_file("f.ros", _with(system_name=None).encode("utf-8"))
    assert doc["rules"] == "6th" and [u["points"] for u in doc["units"]] == [105, 80]


@pytest.mark.parametrize(
    "system_id, system_name, shown_id, shown_name",
    [
        ("abc", "Test System", "abc", "Test System"),
        ("abc", None, "abc", "unknown game system"),
        ("abc", "   ", "abc", "unknown game system"),
        (" abc ", " Odd Game ", "abc", "Odd Game"),
        (None, "Test System", "", "Test System"),
        ("i" * 40, "n" * 60, "i" * 40, "n" * 60),
        ("i" * 41, "n" * 61, "i" * 39 + "…", "n" * 59 + "…"),
    ],
)
def test_an_unknown_game_system_is_refused_naming_what_the_file_says(
    system_id, system_name, shown_id, shown_name
):
    assert _refusal(_with(system_id, system_name)) == [f"f.ros: game system {shown_name!r} ({shown_id}){NOT}"]


@pytest.mark.parametrize(
    "system_name, shown",
    [("Test System", "Test System"), (None, "unknown game system"), ("n" * 61, "n" * 59 + "…")],
)
def test_eighth_edition_is_refused_naming_the_edition_and_the_files_name(system_name, shown):
    assert _refusal(_with(R.EIGHTH, system_name)) == [
        f"f.ros: this roster is for Warhammer 40,000 8th/9th edition ({shown}){ONLY}"
    ]


def test_broken_xml_of_an_unknown_system_names_the_system():
    assert _refusal(_with("abc", broken=True)) == [f"f.ros: game system 'Test System' (abc){NOT}"]


def test_broken_xml_of_the_eighth_edition_names_the_edition():
    assert _refusal(_with(R.EIGHTH, broken=True)) == [
        f"f.ros: this roster is for Warhammer 40,000 8th/9th edition (Test System){ONLY}"
    ]


@pytest.mark.parametrize("system_id", [R.SIXTH, None])
def test_broken_xml_of_a_sixth_edition_or_id_less_roster_is_an_xml_error_at_its_place(system_id):
    text = _with(system_id, broken=True)
    col = text.splitlines()[1].index("</forcez>") + 3  # 1-based: the end tag's name ("forcez")
    assert _refusal(text) == [f"f.ros:2:{col}: not valid XML: mismatched tag"]


def test_xml_broken_inside_the_root_tag_is_an_xml_error():
    text = R.roster().replace("battleScribeVersion", "battle Scribe")
    (msg,) = _refusal(text)
    assert msg.startswith("f.ros:2:") and msg.endswith(": not valid XML: not well-formed (invalid token)")
