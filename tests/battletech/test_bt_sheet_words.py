"""Issue 23, words on the ProtoMech sheet: the main gun's location abbreviation was "MG", which
sits next to Machine Gun weapons and reads as one."""

from __future__ import annotations

import re

import pypdf


def test_main_gun_is_not_abbreviated_mg_next_to_machine_guns(cli, write, tmp_path):
    src = write(
        "mg.yaml",
        "system: battletech\nunits:\n  - name: Gunner\n    tons: 7\n    motion: biped\n"
        "    walk: 5\n    armor: {head: 2, torso: 8, right_arm: 2, left_arm: 2, legs: 6, main_gun: 2}\n"
        "    equipment:\n      - {item: Machine Gun, location: right_arm}\n"
        "      - {item: ER Small Laser, location: main_gun}\n      - {item: Machine Gun Ammo, shots: 20}\n",
    )
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
    from sheets.core.data import data_path

    for lang, tab, tons in (("en", "ProtoMech", "Tons:"), ("ru", "Протомех", "Тонн:")):
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
    from sheets.core.data import data_path

    out = tmp_path / "alpha.pdf"
    r = cli("render", data_path("units/battletech/point-alpha.yaml"), "-o", out)
    assert r.exit_code == 0, r.stderr
    pages = [p.extract_text() for p in pypdf.PdfReader(out).pages]
    assert len(pages) == 2
    text = pages[0]  # the Point's sheet page: five units, no blank block
    assert "ProtoMech 5" in text and "ProtoMech 6" not in text
    assert text.count("Tons:") == 5
    assert "Army list" not in text


def test_a_full_points_army_list_page_is_used(cli, tmp_path):
    """Issue 23: the full Point's army list had a page of its own, 29 % used; it now comes last,
    with blank blocks under it, numbered as a Point of their own (issue 33: never beyond five)."""
    from sheets import api
    from sheets.core.data import data_path
    from sheets.core.game import Options
    from sheets.core.loader import load_file
    from sheets.render.layout_check import check

    out = tmp_path / "alpha.pdf"
    r = cli("render", data_path("units/battletech/point-alpha.yaml"), "-o", out)
    assert r.exit_code == 0, r.stderr
    assert "blank" not in r.stderr
    last = pypdf.PdfReader(out).pages[-1].extract_text()
    assert "Army list: Point Alpha" in last and "Page 2/2" in last
    assert "ProtoMech 1" in last and "ProtoMech 3" in last and "ProtoMech 4" not in last
    assert "ProtoMech 6" not in last and "Minotaur" in last  # the list row, not a sheet
    for paper in ("a4", "letter"):
        loaded = [
            load_file(
                str(data_path("units/battletech/point-alpha.yaml")),
                Options(lang="ru", paper=paper, mono=False, rules="classic", extra={}),
            )
        ]
        done = api.render(loaded, record=True)
        assert not [
            v
            for v in check(done.document.recorder, set(api.layout_words(loaded)), staged=True)
            if v.kind == "blank"
        ]


def test_a_cut_pilot_name_is_printed_in_full_in_the_legend(cli, tmp_path):
    """Issue 23: a pilot's name longer than two lines hold at 6 pt ends in "…" in its block; the
    page legend prints it in full (also without the army list)."""
    from pathlib import Path

    longnames = Path(__file__).parents[1] / "render" / "layout" / "longnames.yaml"
    for lang, head in (("ru", "Имена пилотов полностью: "), ("en", "Pilots' names in full: ")):
        out = tmp_path / f"long-{lang}.pdf"
        r = cli("render", longnames, "--rules", "tw", "--lang", lang, "--no-list", "-o", out)
        assert r.exit_code == 0, r.stderr
        text = " ".join(pypdf.PdfReader(out).pages[-1].extract_text().split())
        assert head + "Harpy: Светлана Александровна Константинопольская-Вишневецкая." in text
        assert "Aleksandra Konstantinova." not in text  # a name that fits its block is not repeated
