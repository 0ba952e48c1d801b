"""Dust cards rendered through the real CLI: pages, frames, crop marks, backs, PNGs, languages,
heroes after their squads, mono colours and determinism."""

import math
import re

import pytest
from PIL import Image
from reportlab.lib.rl_accel import fp_str

from sheets.core.game import Options
from sheets.core.loader import load_file
from sheets.games.dust.cards import card_frames
from sheets.render.cards import grid
from sheets.render.pdf import MM, PAPER, margins

from .conftest import PAIR_LATE, SAMPLE, clip_rects, content, text, vehicles


@pytest.mark.parametrize(
    "paper,card,n,per_page",
    [
        ("a4", "poker", 10, 9),
        ("letter", "poker", 10, 8),
        ("a4", "poker", 18, 9),
        ("a4", "mini", 17, 16),
        ("letter", "bridge", 7, 6),
    ],
)
def test_pages_are_cards_over_cards_per_page(units_file, render, paper, card, n, per_page):
    reader, _ = render(units_file(vehicles(n)), "--paper", paper, "--card", card)
    assert len(reader.pages) == math.ceil(n / per_page)
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    assert (width, height) == pytest.approx(PAPER[paper], abs=0.01)


def test_card_frames_on_the_page_are_63_by_88_mm(units_file, render):
    path = units_file(vehicles(4))
    reader, _ = render(path)
    frames = card_frames(load_file(path).units, Options())
    clips = clip_rects(reader.pages[0])
    assert len(clips) == 4
    for (_, r, _), clip in zip(frames, clips):
        assert clip == pytest.approx((r.x, r.y, 63 * MM, 88 * MM), abs=0.01)


def test_crop_marks_are_drawn(units_file, render):
    reader, _ = render(units_file(vehicles(3)))
    g = grid(PAPER["a4"], (63 * MM, 88 * MM), margins("a4"))
    stream = " ".join(content(reader.pages[0]).split())
    used = g.marks_for(g.slots[:3])
    # one row of three cards: 4 cut lines across (top and bottom), 2 along (left and right)
    assert len(used) == 12
    for x1, y1, x2, y2 in used:
        assert f"{fp_str(x1)} {fp_str(y1)} m {fp_str(x2)} {fp_str(y2)} l" in stream
    # no marks for the six empty slots: the rows below the cards have none (issue 23)
    for x1, y1, x2, y2 in set(g.marks) - set(used):
        assert f"{fp_str(x1)} {fp_str(y1)} m {fp_str(x2)} {fp_str(y2)} l" not in stream


def test_backs_double_the_pages_and_are_mirrored(units_file, render):
    path = units_file(vehicles(10))
    plain, _ = render(path)
    duplex, _ = render(path, "--backs")
    assert len(duplex.pages) == 2 * len(plain.pages) == 4
    fronts, backs = clip_rects(duplex.pages[0]), clip_rects(duplex.pages[1])
    width = PAPER["a4"][0]
    assert len(backs) == len(fronts) == 9
    for (x, y, w, h), back in zip(fronts, backs):
        assert back == pytest.approx((width - x - w, y, w, h), abs=0.01)
    assert "Dust Tactics" in duplex.pages[1].extract_text()


@pytest.mark.parametrize("card,size", [("poker", (744, 1039)), ("mini", (526, 750))])
def test_png_per_card_at_300_dpi(units_file, render, tmp_path, card, size):
    folder = tmp_path / "png"
    render(units_file(vehicles(3)), "--card", card, "--png", folder)
    files = sorted(folder.glob("*.png"))
    assert [f.name for f in files] == ["01-tank-1.png", "02-tank-2.png", "03-tank-3.png"]
    for f in files:
        assert Image.open(f).size == size


def test_png_skips_the_empty_slot_kept_for_a_pair(units_file, render, tmp_path):
    folder = tmp_path / "png"
    reader, _ = render(units_file(PAIR_LATE), "--png", folder)
    # Tank A, Tank B, (the empty slot: not drawn, no marks), Lasers, Keller
    assert len(clip_rects(reader.pages[0])) == 4
    assert [f.name for f in sorted(folder.glob("*.png"))] == [
        "01-tank-a.png",
        "02-tank-b.png",
        "03-lasers.png",
        "04-keller.png",
    ]


def test_english_card_text(render):
    reader, _ = render(SAMPLE, "--lang", "en")
    words = text(reader)
    for expected in (
        "Sample Laser Squad",
        "Sample Hero Keller",
        "Sample Walker",
        "20 AP",
        "Axis · Squad · Soldier 3",
        "Move",
        "Armour",
        "Soft:",
        "Hard:",
        "Hit points: 3 × 1",
        "Sample laser rifle ×2",
        "Range C",
        "1/3",
        "–",
        "Classic Dust dice: 2 hit faces / 4 miss faces",
        "front · Range 6",
    ):
        assert expected in words, expected


def test_russian_card_text(render):
    reader, _ = render(SAMPLE, "--lang", "ru")
    words = text(reader)
    for expected in (
        "Sample Laser Squad",
        "20 ОА",
        "Отряд",
        "Пехота 3",
        "Движение",
        "Броня",
        "Слабое",
        "Жёсткое",
        "Очки здоровья: 3 × 1",
        "С героем: Sample Hero Keller",
        "Дальн. ББ",
        "герой",
        "Классические кубики Dust",
        "–",
    ):
        assert expected in words, expected
    assert "Move" not in words and "Soft" not in words


def test_hero_card_follows_its_squad_and_names_it(units_file, render):
    path = units_file("""\
        system: dust
        units:
          - name: Keller
            kind: hero
            armor: {type: soldier, level: 3}
            health: 3
            move: 1
            points: 12
            joins: Lasers
            weapons:
              - {name: Pistol, range: 2, vs: {S1: 2/1}}
          - {name: Tank A, kind: vehicle, armor: {type: vehicle, level: 4}, health: 6, move: 1, points: 10}
          - name: Lasers
            kind: squad
            armor: {type: soldier, level: 3}
            models: 3
            move: 1
            points: 20
            cover: {soft: hits, hard: misses}
        """)
    reader, _ = render(path)
    words = text(reader)
    lines = reader.pages[0].extract_text().splitlines()
    order = [lines.index(name) for name in ("Tank A", "Lasers", "Keller")]  # the title lines
    assert order == sorted(order)
    assert "Joined by: Keller" in words  # the squad card: marker and hero's weapon
    # the hero's hit points once, on its own card (issue 33: printed on both cards)
    assert "Hero's hit points" not in words
    assert words.count("Hit points: 3") - words.count("Hit points: 3 × 1") == 1
    assert "Joins: Lasers" in words  # the hero card
    assert (
        "Uses the cover of the squad it joins" in words or "Squad's cover" in words
    ) and "Joins: Lasers" in words
    assert words.count("Pistol") == 2  # on the hero card and flagged on the squad card


def test_lone_hero_has_no_cover_of_its_own(units_file, render):
    path = units_file("""\
        system: dust
        units:
          - {name: Solo, kind: hero, armor: {type: soldier, level: 1}, health: 4, move: 2, points: 25}
        """)
    words = text(render(path)[0])
    assert "Heroes have no cover value" in words
    assert "Hit points: 4" in words


def _colour_ops(data: bytes) -> list[tuple[float, float, float]]:
    from io import BytesIO

    from pypdf import PdfReader

    out = []
    for page in PdfReader(BytesIO(data)).pages:
        for m in re.finditer(r"([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG)\b", content(page)):
            out.append(tuple(float(v) for v in m.groups()))
    return out


def test_mono_draws_greys_only(render, assert_mono_twin):
    _, colour = render(SAMPLE)
    _, mono = render(SAMPLE, "--mono")
    assert any(len(set(rgb)) > 1 for rgb in _colour_ops(colour))  # the colour theme has colour
    assert [rgb for rgb in _colour_ops(mono) if len(set(rgb)) > 1] == []
    assert_mono_twin(colour, mono)


def test_mono_reference_draws_greys_only(tmp_path, assert_mono_twin):
    from click.testing import CliRunner

    from sheets.cli import cli

    out, colour = tmp_path / "ref.pdf", tmp_path / "colour.pdf"
    for args, path in ((["--mono"], out), ([], colour)):
        r = CliRunner().invoke(cli, ["reference", "dust", *args, "-o", str(path)], catch_exceptions=False)
        assert r.exit_code == 0, r.output
    assert [rgb for rgb in _colour_ops(out.read_bytes()) if len(set(rgb)) > 1] == []
    assert any(len(set(rgb)) > 1 for rgb in _colour_ops(colour.read_bytes()))
    assert_mono_twin(colour, out)


def test_renders_are_deterministic(render):
    _, first = render(SAMPLE, "--lang", "ru", "--backs")
    _, second = render(SAMPLE, "--lang", "ru", "--backs")
    assert first == second


def test_png_cards_do_not_change_the_pdf(cli, tmp_path):
    """`--png DIR` writes one PNG per card and the very same PDF (the army list stayed under the
    cards: it moved to a page of its own when --png was given)."""
    from .conftest import SAMPLE

    plain, with_pngs = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert cli("render", SAMPLE, "-o", plain).exit_code == 0
    r = cli("render", SAMPLE, "-o", with_pngs, "--png", tmp_path / "cards")
    assert r.exit_code == 0, r.stderr
    assert with_pngs.read_bytes() == plain.read_bytes()
    assert sorted(p.name for p in (tmp_path / "cards").iterdir()) == [
        "01-sample-laser-squad.png",
        "02-sample-hero-keller.png",
        "03-sample-walker.png",
    ]
