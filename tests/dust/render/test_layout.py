"""Card order, slot plans, card frames and the fit of every face (no PDF parsing)."""

import pytest

from sheets.core.game import Options
from sheets.core.loader import load_file
from sheets.games.dust import cards
from sheets.games.dust.cards import box_rows, card_frames, card_groups, slot_plan
from sheets.render import pdf
from sheets.render.pdf import MM, Document

from .conftest import PAIR_LATE, SAMPLE, vehicles

POKER = (63 * MM, 88 * MM)
MINI = (44.5 * MM, 63.5 * MM)


def test_hero_follows_its_squad_in_print_order(units_file):
    units = load_file(units_file(PAIR_LATE)).units
    assert card_groups(units) == [[1], [2], [3, 0]]
    names = [name for _, _, name in card_frames(units, Options())]
    assert names == ["Tank A", "Tank B", "Lasers", "Keller"]


def test_a_pair_that_would_wrap_starts_the_next_row():
    # 3 cards per row: [a] [b] then the pair [c, d] would straddle two rows
    assert slot_plan([[0], [1], [2, 3]], cols=3) == [0, 1, None, 2, 3]
    assert slot_plan([[0], [1, 2], [3]], cols=3) == [0, 1, 2, 3]
    assert slot_plan([[0, 1]], cols=1) == [0, 1]  # one column: nothing to keep side by side


def test_pair_sits_side_by_side_on_the_sheet(units_file):
    units = load_file(units_file(PAIR_LATE)).units
    frames = card_frames(units, Options())  # A4 poker: 3 × 3
    (_, squad, _), (_, hero, _) = frames[2], frames[3]
    assert squad.y == pytest.approx(hero.y)  # same row
    assert hero.x > squad.x
    assert squad.x == pytest.approx(frames[0][1].x)  # the pair starts the second row


def test_card_frames_are_the_card_size_in_points():
    units = load_file(SAMPLE).units
    for _, r, _ in card_frames(units, Options(paper="a4")):
        assert (r.w, r.h) == pytest.approx(POKER)
        assert (r.w, r.h) == pytest.approx((178.58, 249.45), abs=0.01)
    for _, r, _ in card_frames(units, Options(paper="a4", extra={"card": "mini"})):
        assert (r.w, r.h) == pytest.approx(MINI)
    # Letter: Dust cards stay upright (3 × 2) even where sideways cards would fit 8 — a squad
    # and its joined hero read side by side, and no card is turned (issue 11)
    for _, r, _ in card_frames(units, Options(paper="letter")):
        assert (r.w, r.h) == pytest.approx(POKER)
    for _, r, _ in card_frames(units, Options(paper="a4", extra={"card": "mini", "bleed": 3})):
        assert (r.w, r.h) == pytest.approx(MINI)


@pytest.mark.parametrize(
    "paper,card,n,per_page",
    [
        ("a4", "poker", 10, 9),
        ("letter", "poker", 10, 6),
        ("a4", "mini", 17, 16),
        ("letter", "mini", 17, 16),
        ("a4", "tarot", 5, 4),
    ],
)
def test_pages_of_card_frames(units_file, paper, card, n, per_page):
    units = load_file(units_file(vehicles(n))).units
    frames = card_frames(units, Options(paper=paper, extra={"card": card}))
    pages = [p for p, _, _ in frames]
    assert pages.count(0) == per_page
    assert max(pages) + 1 == -(-n // per_page)


def test_box_rows_keep_a_models_boxes_together():
    size, gap = 10, 2
    # 5 models × 2 health on a row of 60 pt: two models (2 × 22 + 3 gap) per row
    rows = box_rows([2] * 5, 60, size, gap)
    assert [len(r) for r in rows] == [4, 4, 2]
    assert rows[0] == [0, 12, 27, 39]  # 1.5 gaps more between two models
    # a single track wraps box by box
    assert [len(r) for r in box_rows([12], 60, size, gap)] == [5, 5, 2]


STRESS = """\
system: dust
units:
  - name: Очень длинное название отряда тяжёлых лазерных гренадеров ударной группы
    faction: Ось
    kind: squad
    armor: {type: soldier, level: 2}
    models: 10
    health: 3
    move: 1
    points: 35
    cover: {soft: hits, hard: none}
    weapons:
%s
    skills:
      - {name: Damage Resilient, text: "%s"}
      - {name: Fast}
  - name: Герой с длинным именем
    kind: hero
    armor: {type: soldier, level: 2}
    health: 9
    move: 2
    points: 25
    joins: Очень длинное название отряда тяжёлых лазерных гренадеров ударной группы
    weapons:
      - {name: Heavy pistol, count: 2, range: 2, vs: {S1: 2/1, S2: 2/1}}
  - {name: Big tank, kind: vehicle, armor: {type: vehicle, level: 7}, health: 40, move: 1, points: 60}
""" % (
    "\n".join(
        f"      - {{name: Schwer Laser-Werfer Nummer {i}, count: 12, range: 4, mount: turret, "
        f"tags: [UGL, limited ammo], vs: {{S1: 12z10, S2: 10/10, V1: 1/3, A1: 2z2}}}}"
        for i in range(8)
    ),
    "A long skill text. " * 15,
)


@pytest.mark.parametrize("card", ["poker", "square", "tarot", "euro"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_text_and_box_stays_inside_its_card(units_file, monkeypatch, card, lang):
    units = load_file(units_file(STRESS)).units
    options = Options(lang=lang, paper="a4", extra={"card": card})
    drawn = []
    text, rect = pdf.Pen.text, pdf.Pen.rect
    at = [(0.0, 0.0)]  # where the form being drawn is placed (skeletons are forms)

    def spy_text(self, x, y, s, size=8, font="Sans", align="left", max_width=None, **kw):
        w = text(self, x, y, s, size, font, align, max_width, **kw)
        left = {"left": x, "center": x - w / 2, "right": x - w}[align] + at[-1][0]
        shown = pdf.Pen.fit_size(self, str(s), font, size, max_width, kw.get("min_size", 3.0))
        y += at[-1][1]
        drawn.append((left, y - 0.25 * shown, left + w, y + 0.8 * shown))
        return w

    def spy_rect(self, r, *a, **kw):
        dx, dy = at[-1]
        drawn.append((r.x + dx, r.y + dy, r.right + dx, r.top + dy))
        return rect(self, r, *a, **kw)

    def spy_form(self, key, x, y, draw):  # every placement drawn in place, at its offset
        at.append((at[-1][0] + x, at[-1][1] + y))
        try:
            draw(self)
        finally:
            at.pop()

    monkeypatch.setattr(pdf.Pen, "text", spy_text)
    monkeypatch.setattr(pdf.Pen, "rect", spy_rect)
    monkeypatch.setattr(pdf.Pen, "form", spy_form)
    cards.render(Document("a4", lang=lang), units, options)
    frames = [r for _, r, _ in card_frames(units, options)]
    assert len(drawn) > 100
    outside = [
        d
        for d in drawn
        if not any(
            f.x - 0.01 <= d[0] and d[2] <= f.right + 0.01 and f.y - 0.01 <= d[1] and d[3] <= f.top + 0.01
            for f in frames
        )
    ]
    assert outside == []


def test_unverified_dice_edition_is_footnoted():
    from io import BytesIO

    from pypdf import PdfReader

    units = load_file(SAMPLE).units
    doc = Document("a4", lang="en")
    cards.render(doc, units, Options(extra={"dice": "revised"}))
    words = " ".join(PdfReader(BytesIO(doc.finish())).pages[0].extract_text().split())
    assert "Revised Dust dice: hit save = army symbol" in words
    assert words.count("† unverified: check against your rules") == 3
