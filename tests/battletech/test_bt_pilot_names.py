"""A long pilot's name on the ProtoMech sheet: two lines at 6 pt or more, a word wider than its
line broken after its hyphen, and a name two lines cannot hold ends in "…" instead of being
squeezed below 6 pt (a 55-character name printed at 3.2 pt before)."""

from __future__ import annotations

import pytest

from sheets.games.battletech.sheet import _pilot_lines
from sheets.render import fonts
from sheets.render.pdf import fill_lines

LONG = "Светлана Александровна Константинопольская-Вишневецкая"  # 55 characters (limit 60)


@pytest.fixture(autouse=True)
def _fonts():
    fonts.register()


def test_a_word_wider_than_its_line_breaks_after_its_hyphen():
    width = fonts.width("Константинопольская-", "Cond", 6.0) + 1
    assert fill_lines("Константинопольская-Вишневецкая", "Cond", 6.0, (width,)) == [
        "Константинопольская-",
        "Вишневецкая",
    ]
    assert fill_lines("Ab Cd", "Cond", 6.0, (200,)) == ["Ab Cd"]
    # narrower than one letter: one letter a line, never an endless loop
    assert fill_lines("Жук", "Cond", 6.0, (1.0,)) == ["Ж", "у", "к"]


def test_a_name_two_lines_hold_is_printed_whole_at_the_largest_size():
    name = "Aleksandra Konstantinova Petrova"
    first_w = fonts.width("Aleksandra Konstantinova", "Cond-Bold", 6.5) + 0.5
    lines, size, font = _pilot_lines(name, first_w, 90, 6.5)
    assert lines == ["Aleksandra Konstantinova", "Petrova"] and size == 6.5 and font == "Cond-Bold"


def test_a_name_too_long_for_two_lines_ends_in_an_ellipsis_at_6_pt():
    lines, size, font = _pilot_lines(LONG, 70, 88, 6.5)
    assert size == 6.0 and font == "Cond"
    # the second line ends in "…" at a word end (issue 33: never inside "Константинопольская")
    assert lines[0] == "Светлана" and lines[1] == "Александровна…"
    assert lines[1].endswith("…")
    assert fonts.width(lines[0], font, size) <= 70 and fonts.width(lines[1], font, size) <= 88


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_sheet_prints_it_legibly(cli, write, tmp_path, paper):
    from conftest import layout_clean, page_texts

    src = write(
        "p.yaml",
        f"""system: battletech
units:
  - name: Harpy
    tons: 3
    motion: biped
    walk: 6
    jump: 6
    armor: {{head: 2, torso: 6, right_arm: 2, left_arm: 2, legs: 4}}
    equipment:
      - {{item: ER Small Laser, location: torso}}
    pilot: {{name: "{LONG}", gunnery: 4}}
""",
    )
    out = tmp_path / "p.pdf"
    r = cli("render", src, "-o", out, "--paper", paper, "--lang", "ru", "--check-layout")
    assert r.exit_code == 0, r.stderr
    assert layout_clean(r.stderr)  # nothing under 6 pt
    text = page_texts(out)[0]
    assert "Светлана" in text and "Александровна" in text and "…" in text
