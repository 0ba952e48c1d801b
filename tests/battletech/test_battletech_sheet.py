"""The ProtoMech record sheet as a PDF: pages, sizes, text in both languages, variants,
shrink-to-fit, mono, determinism, glyph coverage."""

import re
from pathlib import Path

import pypdf
import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
POINT = ROOT / "data/units/battletech/point-alpha.yaml"
SIZES = {"a4": (595.276, 841.89), "letter": (612.0, 792.0)}


def render(cli, tmp_path, *args, src=POINT, name="out.pdf"):
    out = tmp_path / name
    r = cli("render", src, "-o", out, *args)
    assert r.exit_code == 0, r.stderr
    return out


def pages_text(path):
    reader = pypdf.PdfReader(str(path))
    # wrapped cells come out on several lines: compare on single-spaced text
    return [" ".join(p.extract_text().split()) for p in reader.pages], reader


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_point_is_one_page_plus_army_list(cli, tmp_path, paper):
    out = render(cli, tmp_path, "--paper", paper)
    texts, reader = pages_text(out)
    assert len(reader.pages) == 2  # army list, then one Point
    for page in reader.pages:
        box = page.mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(SIZES[paper], abs=0.01)
    out = render(cli, tmp_path, "--paper", paper, "--no-list", name="nolist.pdf")
    assert len(pypdf.PdfReader(str(out)).pages) == 1


def test_sheet_text_has_names_bv_and_pilot_bv(cli, tmp_path):
    from sheets.core.loader import load_file
    from sheets.games.battletech import GAME

    loaded = load_file(POINT)
    texts, _ = pages_text(render(cli, tmp_path, "--no-list"))
    sheet = texts[0]
    assert "ProtoMech record sheet" in sheet and "Pilot data" in sheet and "Consciousness #" in sheet
    for unit in loaded.units:
        info = GAME.info(unit, loaded.options)
        assert unit.name in sheet
        assert f"BV: {info['bv']}" in sheet
        assert f"BV (pilot): {info['bv_pilot']}" in sheet
    assert "Crossed box: 1 pilot hit" in sheet  # classic legend
    assert "Shaded box" not in sheet


def test_russian_labels(cli, tmp_path):
    texts, _ = pages_text(render(cli, tmp_path, "--no-list", "--lang", "ru"))
    sheet = texts[0]
    for word in (
        "Лист записи протомеха",
        "Торс",
        "Голова",
        "Ноги",
        "ОД Шага",
        "ОД Бега",
        "ОД Прыжка",
        "БЦ",
        "Перечень оружия",
        "Пилот",
        "Ранения",
        "сознание",
        "Harpy",
        "Minotaur",
    ):
        assert word in sheet, word
    assert "ProtoMech record sheet" not in sheet and "Walking" not in sheet


def test_rule_variants_differ_as_printed(cli, tmp_path):
    classic, _ = pages_text(render(cli, tmp_path, "--no-list", name="c.pdf"))
    tw, _ = pages_text(render(cli, tmp_path, "--no-list", "--rules", "tw", name="t.pdf"))
    assert "Shaded box: pilot hit" in tw[0] and "Total Warfare" in tw[0]
    assert "Classic ProtoMech rules" in classic[0]
    # tw prints a main-gun crit box for the Roc; classic does not
    assert "Main Gun destroyed" in tw[0] and "Main Gun destroyed" not in classic[0]
    assert "none → Torso" in classic[0]  # units without a main gun


def test_more_than_five_units_make_more_pages(cli, tmp_path, write):
    write("point.yaml", Path(POINT).read_text(encoding="utf-8"))  # `from:` stays in the folder
    units = "\n".join("  - {from: point.yaml, name: Harpy}" for _ in range(7))
    src = write("seven.yaml", f"system: battletech\nunits:\n{units}\n")
    texts, reader = pages_text(render(cli, tmp_path, src=src))
    assert len(reader.pages) == 2  # no roster block: no army list page
    assert texts[0].count("Harpy") == 5 and texts[1].count("Harpy") == 2
    assert "Point 2/2" in texts[1]


def test_long_names_stay_legible_inside_their_column(cli, tmp_path, write):
    """A long name stays at 6 pt or more inside the data column on two lines (it was squeezed below
    6 pt before), and so does a long pilot's name."""
    import pypdfium2 as pdfium

    from sheets.games.battletech.sheet import block_columns, page_geometry

    long_name = "Ultra-Long Experimental Assault ProtoMech Prototype Mk XIV"
    src = write(
        "long.yaml",
        "system: battletech\nunits:\n"
        f"  - {{name: {long_name}, tons: 9, walk: 3, armor: {{head: 5, torso: 15, right_arm: 3,"
        " left_arm: 3, legs: 10}, pilot: {name: Konstantin Konstantinopolsky-Vyshnegradsky, gunnery: 3}}\n",
    )
    for paper in ("a4", "letter"):
        out = render(cli, tmp_path, "--paper", paper, src=src, name=f"long-{paper}.pdf")
        _, _, slots = page_geometry(paper, SIZES[paper])
        data_col = block_columns(paper, slots[0])[0]
        page = pdfium.PdfDocument(str(out))[0]
        height = page.get_height()
        text = page.get_textpage()
        # everything inside the data column's rectangle, in PDF coordinates
        inside = text.get_text_bounded(
            left=data_col.x - 0.5, bottom=data_col.y, right=data_col.right + 0.5, top=data_col.top
        )
        flat = inside.replace("\r\n", " ").replace("\n", " ")
        # (the data column is wide enough since issue 23 for the whole 58-character name on two lines)
        assert "Ultra-Long Experimental" in flat and "Prototype Mk XIV" in flat, flat
        assert "Konstantin Konstantinopolsky-Vyshnegradsky" in flat  # whole, on two lines
        assert height == pytest.approx(SIZES[paper][1], abs=0.01)
        r = cli("render", src, "-o", tmp_path / "check.pdf", "--paper", paper, "--check-layout")
        assert r.exit_code == 0 and "no problems" in r.stderr, r.stderr  # nothing under 6 pt


def test_same_input_same_bytes(cli, tmp_path):
    a = render(cli, tmp_path, "--lang", "ru", name="a.pdf").read_bytes()
    b = render(cli, tmp_path, "--lang", "ru", name="b.pdf").read_bytes()
    assert a == b


COLOUR_OP = re.compile(rb"([\d.]+) ([\d.]+) ([\d.]+) (rg|RG)\b")


def colour_ops(path):
    reader = pypdf.PdfReader(str(path))
    found = []
    for page in reader.pages:
        data = page.get_contents().get_data()
        for m in COLOUR_OP.finditer(data):
            r, g, b = (float(x) for x in m.groups()[:3])
            if not (r == g == b):
                found.append((r, g, b))
    return found


def test_mono_draws_no_colour(cli, tmp_path, assert_mono_twin):
    colour = render(cli, tmp_path, name="colour.pdf")
    assert colour_ops(colour), "the colour theme should use colour"
    mono = render(cli, tmp_path, "--mono", name="mono.pdf")
    assert colour_ops(mono) == []
    assert_mono_twin(colour, mono)
    mono2 = render(cli, tmp_path, "--mono", "--rules", "tw", "--lang", "ru", name="mono2.pdf")
    assert colour_ops(mono2) == []
    assert_mono_twin(render(cli, tmp_path, "--rules", "tw", "--lang", "ru", name="colour2.pdf"), mono2)


def test_unprintable_character_is_an_input_error(cli, tmp_path, write):
    src = write(
        "emoji.yaml",
        "system: battletech\nunits:\n"
        '  - {name: "Robo \U0001f916", tons: 2, walk: 3, armor: {head: 1, torso: 1, right_arm: 1,'
        " left_arm: 1, legs: 1}}\n",
    )
    out = tmp_path / "e.pdf"
    r = cli("render", src, "-o", out)
    assert r.exit_code == 1
    assert f"{src}:3:" in r.stderr and "U+1F916" in r.stderr
    assert not out.exists()
