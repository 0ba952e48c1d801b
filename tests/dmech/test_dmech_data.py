"""The data files of dmech are complete in both languages and documented."""

from pathlib import Path

import pytest

from sheets.core.data import data_path, load_data
from sheets.games.dmech import rules
from sheets.games.dmech.geometry import FACES

FILES = ["classes.yaml", "tables.yaml", "equipment.yaml", "labels.yaml"]


def _texts(node, where="") -> list[tuple[str, dict]]:
    """Every {ru, en, …} mapping inside a data tree."""
    found = []
    if isinstance(node, dict):
        if "ru" in node or "en" in node:
            found.append((where, node))
        for k, v in node.items():
            found += _texts(v, f"{where}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            found += _texts(v, f"{where}[{i}]")
    return found


@pytest.mark.parametrize("name", FILES)
def test_every_text_has_both_languages(name):
    texts = _texts(load_data(f"dmech/{name}"))
    assert texts
    for where, node in texts:
        for lang in ("ru", "en"):
            assert isinstance(node.get(lang), str) and node[lang].strip(), f"{name}{where}: {lang}"


@pytest.mark.parametrize("name", FILES)
def test_every_file_starts_with_a_documenting_comment(name):
    text = Path(data_path(f"dmech/{name}")).read_text(encoding="utf-8")
    assert text.startswith("# «Древняя Механика»")
    assert "seed" in text.split("\n\n")[0] or "digest" in text.split("\n\n")[0]


def test_labels_cover_the_sheet():
    labels = load_data("dmech/labels.yaml")
    assert all(isinstance(k, str) for k in labels)
    for key in [
        "walker_sheet",
        "structure",
        "speed",
        "initiative",
        "skill",
        "daring",
        "armor",
        "accuracy",
        "power",
        "ammo",
        "pilot",
        "wounds",
        "conditions",
        "strength",
        "balance",
        "standing",
        "half_hex",
        "unverified",
        "illustrative",
    ]:
        assert key in labels, key
    for face in FACES:
        assert f"face_{face}" in labels
    assert labels["speed"]["ru"] == "Скр" and labels["skill"]["ru"] == "Искс"
    assert labels["daring"]["ru"] == "Дрзст" and labels["accuracy"]["ru"] == "Тч"


def test_unverified_entries_carry_a_note():
    for name in FILES:
        for where, node in _texts(load_data(f"dmech/{name}")):
            if node.get("verified") is False:
                assert "note" in node or name == "classes.yaml", f"{name}{where}"


def test_tables_have_six_rows_in_both_columns():
    for row in rules.damage_table():
        assert row.damage.text.ru and row.heavy_damage.text.en
    assert len(rules.reactor_table()) == 6
    assert len(rules.classes()) == 4


@pytest.mark.parametrize("module", ["__init__", "geometry", "model", "rules", "schema"])
def test_rules_core_is_pure(module):
    import sheets.games.dmech as pkg

    source = (Path(pkg.__file__).parent / f"{module}.py").read_text(encoding="utf-8")
    for banned in ("reportlab", "click", "jinja2"):
        assert f"import {banned}" not in source and f"from {banned}" not in source
