"""A 15 t ultraheavy at full armour takes two slots (its pips keep 3 mm); a Point that then needs
more than five slots continues on the next page as "Point N (cont.)"; normal Points keep one page."""

from __future__ import annotations

from pathlib import Path

import yaml

from sheets.core.game import Options
from sheets.core.loader import load_file
from sheets.games.battletech.sheet import render
from sheets.render.layout_check import check
from sheets.render.pdf import Document

ULTRA = yaml.safe_load(Path(__file__).with_name("ultraheavy.yaml").read_text())["units"][0]


def _render(tmp_path, units, lang="en"):
    f = tmp_path / "point.yaml"
    f.write_text(yaml.safe_dump({"system": "battletech", "rules": "tw", "units": units}))
    options = Options(lang=lang, paper="letter", mono=False, rules="tw", extra={})
    loaded = load_file(str(f), options)
    doc = Document("letter", False, lang=lang, record=True)
    render(doc, loaded.units, loaded.options)
    pdf = doc.finish()
    return doc.recorder, pdf


def _texts(recorder, page):
    return [it[1] for it in recorder.pages[page]["items"] if it[0] == "t"]


def test_three_ultraheavies_and_a_light_continue_on_a_second_page(tmp_path):
    light = {
        "name": "Harpy",
        "tons": 2,
        "motion": "biped",
        "walk": 3,
        "jump": 3,
        "armor": {"head": 2, "torso": 4, "right_arm": 1, "left_arm": 1, "legs": 3},
    }
    units = [dict(ULTRA, name=f"Ultra {i}") for i in (1, 2, 3)] + [light]
    recorder, _ = _render(tmp_path, units, "ru")
    assert len(recorder.pages) == 2
    first, second = " ".join(_texts(recorder, 0)), " ".join(_texts(recorder, 1))
    assert "Ultra 1" in first and "Ultra 2" in first and "Ultra 3" not in first
    assert "Ultra 3" in second and "Harpy" in second
    assert "Точка 1/1 (продолжение)" in second and "продолжение" not in first
    assert not check(recorder, {"Ultra", "Harpy", "N", "Ward"})


def test_a_normal_point_of_five_keeps_one_page(tmp_path):
    light = {
        "name": "Harpy",
        "tons": 2,
        "motion": "biped",
        "walk": 3,
        "jump": 3,
        "armor": {"head": 2, "torso": 4, "right_arm": 1, "left_arm": 1, "legs": 3},
    }
    recorder, _ = _render(tmp_path, [dict(light, name=f"H{i}") for i in range(5)])
    assert len(recorder.pages) == 1
    assert "(cont.)" not in " ".join(_texts(recorder, 0))
