"""The facing template: its pure layout (hex count, faces, half hexes) and `sheets chart dmech
facing` as PDF and PNG."""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest
from PIL import Image

from sheets.games.dmech import chart
from sheets.games.dmech.geometry import FACES
from sheets.render import hexes
from sheets.render.pdf import MM

from .helpers import A4, LETTER, non_grey, page_size, render, run, text


@pytest.mark.parametrize("radius", range(1, 13))
def test_layout_draws_one_plus_3n_n_plus_1_hexes(radius):
    cells = chart.layout(radius)
    assert len(cells) == 1 + 3 * radius * (radius + 1)
    assert len({(c.q, c.r) for c in cells}) == len(cells)
    assert cells[0] == chart.ChartHex(0, 0, ())
    assert all(not c.is_target for c in cells[1:])


def test_layout_faces_follow_the_digest_examples():
    faces = {(c.q, c.r): c.faces for c in chart.layout(5)}
    assert faces[(0, 3)] == ("rear",)  # §6.4 example 1
    assert faces[(2, 1)] == ("rear_right",)  # example 2, A
    assert faces[(1, 2)] == ("rear",)  # example 2, B
    assert faces[(1, 1)] == ("rear_right", "rear")  # example 2, C: half hex
    assert faces[(4, -2)] == ("front_right", "rear_right")  # example 3: due east, on a spine
    assert faces[(1, -1)] == ("front_right",)  # the NE neighbour


@pytest.mark.parametrize("radius", [1, 2, 5, 8])
def test_half_hexes_sit_on_the_six_spines(radius):
    cells = chart.layout(radius)
    split = [c for c in cells if c.is_split]
    # half hexes are the spine hexes at even distance: 6 per even ring (digest §6.2)
    assert len(split) == 6 * (radius // 2)
    # the six sectors are the same size
    whole = Counter(c.faces[0] for c in cells if len(c.faces) == 1)
    assert set(whole) == set(FACES) and len(set(whole.values())) == 1


def test_layout_rejects_a_bad_radius():
    with pytest.raises(ValueError, match="radius"):
        chart.layout(0)


def test_split_hex_cut_runs_along_the_cone_line():
    # a hex due east of the target is cut horizontally: corners 0 and 3
    assert hexes.cut_corner(10, 0) == 0
    # up-right at 60°: corners 1 and 4
    assert hexes.cut_corner(1, 3**0.5) == 1
    first, second = hexes.halves(0, 0, 1, 0)
    assert first[0] == second[-1] and first[-1] == second[0]


def test_hex_size_is_stated_in_whole_half_millimetres():
    assert chart.hex_width_mm(19.4 * MM / hexes.SQRT3) == 19.0
    assert chart.hex_width_mm(8.74 * MM / hexes.SQRT3) == 8.5


def _hex_mm(t: str, pattern: str) -> float:
    m = re.search(pattern, t)
    assert m, t[:300]
    return float(m.group(1))


def test_chart_ru_a4(tmp_path):
    pdf = render(tmp_path / "c.pdf", "chart", "dmech", "facing", "--lang", "ru")
    assert len(pdf.pages) == 1 and page_size(pdf) == A4
    t = text(pdf)
    for expected in (
        "Грани брони",
        "Цель",
        "перед",
        "перед-прав.",
        "зад-прав.",
        "зад",
        "зад-лев.",
        "перед-лев.",
        "Половинка гекса",
        "Радиус в гексах: 5",
        "От углов грани целевого гекса",
    ):
        assert expected in t, expected
    # radius 5 on A4: 17 circumradii across 190 mm → 19 mm across flats
    assert _hex_mm(t, r"Размер гекса: ([\d.]+) мм") == 19.0


def test_chart_en_letter_and_radius(tmp_path):
    pdf = render(
        tmp_path / "c.pdf", "chart", "dmech", "facing", "--lang", "en", "--paper", "letter", "--radius", "8"
    )
    assert len(pdf.pages) == 1 and page_size(pdf) == LETTER
    t = text(pdf)
    for expected in (
        "Armour facings",
        "Target",
        "front-right",
        "rear-left",
        "Half hex",
        "Radius in hexes: 8",
    ):
        assert expected in t, expected
    assert "Грани" not in t
    size = _hex_mm(t, r"Hex size: ([\d.]+) mm across flats")
    assert 10 <= size < 19  # smaller hexes for a larger radius, still fills the page


def test_chart_png(tmp_path):
    out = tmp_path / "c.png"
    run("chart", "dmech", "facing", "-o", out, "--lang", "ru")
    image = Image.open(io.BytesIO(out.read_bytes()))
    # A4 at the default 150 dpi
    assert abs(image.size[0] - 1240) <= 2 and abs(image.size[1] - 1754) <= 2


def test_chart_mono_is_grey_and_colour_is_not(tmp_path, assert_mono_twin):
    colour = render(tmp_path / "c.pdf", "chart", "dmech", "facing")
    assert len(set(non_grey(colour))) >= 6  # six face colours
    mono = render(tmp_path / "m.pdf", "chart", "dmech", "facing", "--mono")
    assert non_grey(mono) == []
    assert_mono_twin(colour, mono)
    # in black and white every hex still carries its face's letters
    assert text(mono).count("FR") >= 15


def test_chart_is_deterministic(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    run("chart", "dmech", "facing", "-o", a, "--radius", "3")
    run("chart", "dmech", "facing", "-o", b, "--radius", "3")
    assert a.read_bytes() == b.read_bytes()
