"""Issue 23, words on the ProtoMech sheet: the main gun's location abbreviation was "MG", which
sits next to Machine Gun weapons and reads as one."""

from __future__ import annotations

import re

import pypdf


def test_main_gun_is_not_abbreviated_mg_next_to_machine_guns(cli, write, tmp_path):
    src = write("mg.yaml", "system: battletech\nunits:\n  - name: Gunner\n    tons: 7\n    motion: biped\n"
                "    walk: 5\n    armor: {head: 2, torso: 8, right_arm: 2, left_arm: 2, legs: 6, main_gun: 2}\n"
                "    equipment:\n      - {item: Machine Gun, location: right_arm}\n"
                "      - {item: ER Small Laser, location: main_gun}\n      - {item: Machine Gun Ammo, shots: 20}\n")
    out = tmp_path / "mg.pdf"
    r = cli("render", src, "-o", out)
    assert r.exit_code == 0, r.stderr
    text = pypdf.PdfReader(out).pages[0].extract_text()
    assert "Machine Gun" in text
    assert not re.search(r"\bMG\b", text)
    assert re.search(r"\bGun\b", text.replace("Main Gun", "").replace("Machine Gun", ""))  # its location
