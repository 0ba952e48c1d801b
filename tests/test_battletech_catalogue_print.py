"""Walk the whole weapon catalogue through the record sheet in both languages and variants:
no label may be missing, every item name must be printed."""

import pypdfium2 as pdfium
import pytest
import yaml

from sheets.data import load_data


def catalogue_units(motion: str) -> list[dict]:
    cat = load_data("battletech/weapons.yaml")
    ammo_for = {a["key"]: a["name"] for a in cat["ammo"]}
    units = []
    for i, w in enumerate(cat["weapons"]):
        equipment = [{"item": w["name"], "location": "main_gun"}]
        if w.get("ammo") in ammo_for:
            equipment.append({"item": ammo_for[w["ammo"]], "shots": 10})
        arms = {} if motion == "quad" else {"right_arm": 2, "left_arm": 2}
        units.append({"name": f"Walker {i}", "tons": 9, "motion": motion, "walk": 4, "jump": 0,
                      "armor": {"head": 2, "torso": 4, "legs": 4, "main_gun": 3, **arms},
                      "equipment": equipment})
    return units


@pytest.mark.parametrize("motion, rules", [("biped", "classic"), ("biped", "tw"), ("quad", "tw"), ("glider", "tw")])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_catalogue_item_prints(cli, write, tmp_path, motion, rules, lang):
    units = catalogue_units(motion)
    src = write(f"cat-{motion}.yaml", yaml.safe_dump({"system": "battletech", "rules": rules, "units": units},
                                                     allow_unicode=True, sort_keys=False))
    out = tmp_path / f"cat-{motion}-{rules}-{lang}.pdf"
    r = cli("render", src, "-o", out, "--lang", lang)
    assert r.exit_code == 0, r.stderr
    # pdfium's text layer: ~30× faster than pypdf's extract_text on these 12-page documents
    doc = pdfium.PdfDocument(str(out))
    try:
        text = " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in doc)
    finally:
        doc.close()
    for u in units:
        assert u["equipment"][0]["item"] in text, u["equipment"][0]["item"]
    assert "None" not in text.split()  # no missing value printed as Python's None
