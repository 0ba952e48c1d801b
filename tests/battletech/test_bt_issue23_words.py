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


def test_a_one_unit_file_fills_its_page_with_blank_blocks(cli, write, tmp_path):
    """Issue 23: a one-unit ProtoMech file filled a fifth of a page; the rest of the Point's page
    now holds blank blocks to fill in by hand (the skeleton, no values, no pips)."""
    from sheets.data import data_path

    for lang, tab, tons in (("en", "PROTOMECH", "Tons:"), ("ru", "ПРОТОМЕХ", "Тонн:")):
        out = tmp_path / f"roc-{lang}.pdf"
        r = cli("render", data_path("units/battletech/roc.yaml"), "-o", out, "--lang", lang)
        assert r.exit_code == 0, r.stderr
        pages = pypdf.PdfReader(out).pages
        assert len(pages) == 1
        text = pages[0].extract_text()
        assert [n for n in range(1, 7) if f"{tab} {n}" in text] == [1, 2, 3, 4, 5]
        assert text.count(tons) == 5  # one filled in ("Tons: 7"), four to write on
        assert text.count(" 4/2") == 2 and "Roc" in text  # only the Roc carries armour counts (its arms)


def test_a_full_point_gets_no_blank_block(cli, tmp_path):
    from sheets.data import data_path

    out = tmp_path / "alpha.pdf"
    r = cli("render", data_path("units/battletech/point-alpha.yaml"), "-o", out)
    assert r.exit_code == 0, r.stderr
    text = pypdf.PdfReader(out).pages[-1].extract_text()
    assert "PROTOMECH 5" in text and "PROTOMECH 6" not in text
    assert text.count("Tons:") == 5
