"""A walker weapon's ammunition tick boxes keep a pencil gap (issue 21: `ammo: 2` or more failed
``--check-layout`` with boxes 0.42 mm apart)."""

from pathlib import Path

import pytest

OTROK = Path(__file__).resolve().parents[3] / "data" / "units" / "dmech" / "otrok.yaml"


@pytest.mark.parametrize("ammo", [1, 2, 3, 4, 6])
def test_ammo_boxes_pass_the_layout_check(cli, tmp_path, ammo):
    text = OTROK.read_text(encoding="utf-8")
    assert "ammo: 0}" in text
    src = tmp_path / "otrok.yaml"
    src.write_text(text.replace("ammo: 0}", f"ammo: {ammo}}}", 1), encoding="utf-8")
    out = tmp_path / "o.pdf"
    r = cli("render", src, "-o", out, "--check-layout", "--strict")
    assert r.exit_code == 0, r.output + r.stderr
    assert "no problems" in r.stderr
    assert "gap" not in r.stderr


def test_boxes_in_draws_gaps_of_at_least_0_6_mm():
    from sheets.games.dmech.sheet import _boxes_in
    from sheets.render.pdf import MM, Rect

    class Spy:
        def __init__(self):
            self.calls = []

        def box_track(self, x, y, kinds, size, gap, width):
            self.calls.append((len(kinds), size, gap))

        def text_in(self, *a, **k):
            self.calls.append(("text", a[1]))

    pen = Spy()
    _boxes_in(pen, Rect(0, 0, 30 * MM, 5 * MM), 3)
    ((count, size, gap),) = pen.calls
    assert count == 3 and size >= 3 * MM and gap >= 0.6 * MM
    pen = Spy()  # 8 boxes do not fit at 3 mm in 20 × 4 mm: the count is printed instead
    _boxes_in(pen, Rect(0, 0, 20 * MM, 4 * MM), 8)
    assert pen.calls == [("text", "□ × 8")]
