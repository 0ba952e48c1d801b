"""Issue 23, words: the army-list heading of a file without a roster name is "Army list" (and
«Список армии»), never the label twice; a named roster keeps "Army list: <name>"."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

SAMPLES = {  # files without a roster name, one per game
    "battletech": "battletech/roc.yaml",
    "dmech": "dmech/otrok.yaml",
    "dust": "dust/sample_force.yaml",
    "lnl": "lnl/hill30_us.yaml",
    "wh40k6": "wh40k6/sample_list.yaml",
}


def _text(path) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(str(path)).pages)


@pytest.mark.parametrize("lang, word", [("en", "Army list"), ("ru", "Список армии")])
def test_an_unnamed_roster_is_not_titled_twice(cli, tmp_path, lang, word):
    src = tmp_path / "plain.yaml"
    src.write_text(
        "system: dmech\nunits:\n  - from: " + str(_sample("dmech/otrok.yaml")) + "\n", encoding="utf-8"
    )
    out = tmp_path / "list.pdf"
    got = cli("roster", src, "--lang", lang, "-o", out)
    assert got.exit_code == 0, got.output
    text = _text(out)
    assert f"{word}: {word}" not in text and f"{word.upper()}: {word.upper()}" not in text
    assert word in text or word.upper() in text


@pytest.mark.parametrize("game", sorted(SAMPLES))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_game_prints_the_label_twice(cli, tmp_path, game, lang):
    from sheets.core.loader import load_file
    from sheets.core.roster import army_list

    path = _sample(SAMPLES[game])
    loaded = load_file(str(path))
    data = army_list(loaded, lang)
    out = tmp_path / "list.pdf"
    assert cli("roster", path, "--lang", lang, "-o", out).exit_code == 0
    label = data["labels"]["army_list"]
    text = _text(out)
    assert f"{label}: {label}" not in text
    if data["name"]:
        assert f"{label}: {data['name']}" in text
    else:
        assert label in text


def test_list_title():
    from sheets.render.roster_pdf import list_title

    assert list_title({"name": "", "labels": {"army_list": "Army list"}}) == "Army list"
    assert list_title({"name": None, "labels": {"army_list": "Список армии"}}) == "Список армии"
    assert (
        list_title({"name": "Point Alpha", "labels": {"army_list": "Army list"}}) == "Army list: Point Alpha"
    )


def _sample(rel):
    from sheets.core.data import data_path

    return data_path(f"units/{rel}")


@pytest.mark.parametrize(
    "given, want",
    [
        ("ARMOR DIAGRAM", "Armor diagram"),
        ("СХЕМА БРОНИ", "Схема брони"),
        ("HIT LOCATION TABLE (2D6)", "Hit location table (2D6)"),
        ("BV SKILL MULTIPLIERS", "BV skill multipliers"),
        ("Таблица Места Попадания", "Таблица Места Попадания"),  # the seed's own capitalisation stays
        ("Army list: Point Alpha", "Army list: Point Alpha"),
        ("A", "A"),
        ("Armour facings", "Armour facings"),
    ],
)
def test_heading_style_is_sentence_case_for_capitals_only(given, want):
    from sheets.render.pdf import heading_style

    assert heading_style(given) == want
