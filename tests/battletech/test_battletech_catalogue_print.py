"""Walk the whole weapon catalogue through the record sheet in both languages and variants:
no label may be missing, every item prints under its name in the page's language, and every
page keeps the print rules (layout checker: quads, gliders, long Russian names, ammo boxes)."""

import pytest
import yaml

from sheets.core.data import load_data
from sheets.core.game import Options
from sheets.core.loader import load_file
from sheets.render.layout_check import check, summary
from sheets.render.pdf import Document


def catalogue_units(motion: str) -> list[dict]:
    cat = load_data("battletech/weapons.yaml")
    ammo_for = {a["key"]: a["name"] for a in cat["ammo"]}
    units = []
    for i, w in enumerate(cat["weapons"]):
        equipment = [{"item": w["name"], "location": "main_gun"}]
        if w.get("ammo") in ammo_for:
            equipment.append({"item": ammo_for[w["ammo"]], "shots": 10})
        arms = {} if motion == "quad" else {"right_arm": 2, "left_arm": 2}
        units.append(
            {
                "name": f"Walker {i}",
                "tons": 9,
                "motion": motion,
                "walk": 4,
                "jump": 0,
                "armor": {"head": 2, "torso": 4, "legs": 4, "main_gun": 3, **arms},
                "equipment": equipment,
            }
        )
    return units


@pytest.mark.parametrize(
    "motion, rules", [("biped", "classic"), ("biped", "tw"), ("quad", "tw"), ("glider", "tw")]
)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_catalogue_item_prints(write, motion, rules, lang):
    from sheets.games.battletech.sheet import render

    units = catalogue_units(motion)
    src = write(
        f"cat-{motion}.yaml",
        yaml.safe_dump(
            {"system": "battletech", "rules": rules, "units": units}, allow_unicode=True, sort_keys=False
        ),
    )
    options = Options(lang=lang, paper="a4", rules=rules)
    loaded = load_file(str(src), options)
    doc = Document("a4", lang=lang, record=True)
    render(doc, loaded.units, loaded.options)
    doc.finish()
    runs = [it[1] for page in doc.recorder.pages for it in page["items"] if it[0] == "t"]
    text = " ".join(runs)  # a wrapped name's lines are drawn one after the other
    names = load_data("battletech/weapon_names.yaml")
    for u in units:
        item = u["equipment"][0]["item"]
        assert names[item][lang] in text, (item, names[item][lang])
    assert "None" not in text.split()  # no missing value printed as Python's None
    words = {w for u in units for w in u["name"].split()}
    problems = check(doc.recorder, words)
    assert not problems, summary(problems)


def test_every_catalogue_item_has_a_russian_name():
    cat = load_data("battletech/weapons.yaml")
    names = load_data("battletech/weapon_names.yaml")
    items = [w["name"] for w in cat["weapons"]] + [e["name"] for e in cat["equipment"]]
    assert sorted(names) == sorted(items)
    for item in items:
        assert names[item]["en"] == item
        ru = names[item]["ru"]
        assert any("\u0400" <= ch <= "\u04ff" for ch in ru) or item.startswith("ATM"), (item, ru)
    # the Russian rules text's own terms: SRM = РБД, LRM = РДД
    assert names["SRM 5"]["ru"] == "РБД-5" and names["LRM 7"]["ru"] == "РДД-7"
