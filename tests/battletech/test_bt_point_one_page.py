"""Issue 33: a Point of five ProtoMechs fits one sheet with the odds on, as on every official
and MegaMekLab sheet — also five 9 t ProtoMechs at full armour (digest §13: maximum armour of a
9 t ProtoMech head 6, torso 18, arms 4, legs 10, main gun 3; structure 2/9/2/5/1), in English
and Russian, on A4 and Letter, under both rule variants; only a 15 t ultraheavy takes two slots."""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pytest

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "tests/megamek/fixtures"

FULL = """\
  - name: Minotaur {k}
    tons: 9
    motion: biped
    walk: 3
    jump: 3
    armor: {{head: 6, torso: 18, right_arm: 4, left_arm: 4, legs: 10, main_gun: 3}}
    equipment:
      - {{item: LRM 10, location: main_gun}}
      - {{item: LRM 10 Ammo, shots: 12}}
      - {{item: ER Medium Laser, location: torso}}
      - {{item: ER Small Laser, location: right_arm}}
      - {{item: ER Small Laser, location: left_arm}}
    pilot: {{name: "", gunnery: {g}}}
"""


def _pages(path) -> list[str]:
    return [p.extract_text() for p in pypdf.PdfReader(io.BytesIO(Path(path).read_bytes())).pages]


@pytest.mark.parametrize("rules", ["classic", "tw"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_five_9_t_protomechs_at_full_armour_fit_one_page(cli, write, tmp_path, lang, paper, rules):
    text = "system: battletech\nunits:\n" + "".join(FULL.format(k=k, g=3 + k % 3) for k in range(1, 6))
    src = write("full.yaml", text)
    out = tmp_path / "full.pdf"
    r = cli("render", src, "--lang", lang, "--paper", paper, "--rules", rules, "-o", out, "--strict")
    assert r.exit_code == 0, r.stderr
    pages = _pages(out)
    assert len(pages) == 1
    assert all(f"Minotaur {k}" in pages[0] for k in range(1, 6))
    assert "(92 %)" in pages[0]  # the odds are on


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_five_megamek_files_are_one_point_on_one_page(cli, tmp_path, lang, paper):
    five = [FIX / n for n in ("Gorgon.blk", "Cecerops.blk", "Basilisk.blk", "Roc.blk", "Siren.blk")]
    out = tmp_path / "p.pdf"
    r = cli("render", *five, "--lang", lang, "--paper", paper, "-o", out, "--strict")
    assert r.exit_code == 0, r.stderr
    assert len(_pages(out)) == 1


def test_a_wider_armour_diagram_only_when_the_pips_need_it():
    from sheets.core.data import label
    from sheets.games.battletech import sheet
    from sheets.games.battletech.rules import build
    from sheets.render.pdf import Document

    doc = Document("a4", False)
    _, _, slots = sheet.page_geometry("a4", doc.size, 40)

    def plan(armor: dict) -> tuple:
        unit = build(
            {
                "name": "X",
                "tons": 9,
                "motion": "biped",
                "walk": 3,
                "armor": armor,
                "equipment": [{"item": "LRM 10", "location": "main_gun"}],
            }
        )
        known: dict = {}
        two = sheet._needs_two_slots(
            unit, "classic", "a4", slots[0], lambda k: label("battletech", k, "en"), known=known
        )
        return two, known.get(("plan", id(unit)), (None,))[0]

    full = {"head": 6, "torso": 18, "right_arm": 4, "left_arm": 4, "legs": 10, "main_gun": 3}
    two, cols = plan(full)
    assert not two and cols != sheet.LAYOUTS["a4"]["cols"] and cols[3] > 0.22
    light = {"head": 2, "torso": 6, "right_arm": 2, "left_arm": 2, "legs": 4, "main_gun": 1}
    assert plan(light) == (False, sheet.LAYOUTS["a4"]["cols"])


QUAD = """\
system: battletech
rules: tw
units:
  - name: Procyon
    model: (Quad)
    tons: 6
    motion: quad
    walk: 6
    armor: {head: 4, torso: 12, legs: 14}
    equipment:
      - {item: AP Gauss Rifle, location: torso}
      - {item: AP Gauss Rifle, location: torso}
      - {item: SRM 2, location: torso}
      - {item: SRM 2 Ammo, shots: 5}
      - {item: AP Gauss Rifle Ammo, shots: 32}
"""


def test_a_block_with_long_weapon_names_widens_its_weapons_column(cli, write, tmp_path):
    """MegaMek's Procyon (Quad) (TRO Prototypes: two AP Gauss rifles, an SRM 2, 32 + 5 shots):
    in Russian on Letter its weapons column ("2× Бронебойная пушка Гаусса") took two slots; the
    quad's crit table (no arms) gives the room."""
    text = "system: battletech\nrules: tw\nunits:\n" + "".join(
        QUAD.split("units:\n")[1].replace("name: Procyon", f"name: Procyon {k}") for k in range(1, 6)
    )
    src = write("quad.yaml", text)
    out = tmp_path / "quad.pdf"
    r = cli("render", src, "--lang", "ru", "--paper", "letter", "-o", out, "--strict")
    assert r.exit_code == 0, r.stderr
    assert len(_pages(out)) == 1
