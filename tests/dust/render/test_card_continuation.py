"""Issue 23, Dust cards: one deck, one type scale; a card never drops content (a unit too long
for its card continues on a second card marked 2/2, or the command names the unit that does
not fit); the target-class header stays one table on narrow cards."""

from collections import defaultdict

import pytest
from click.testing import CliRunner

from sheets.cli import cli
from sheets.core.game import Options
from sheets.core.loader import load_file
from sheets.games.dust import cards, view
from sheets.games.dust.rules import partners
from sheets.render.pdf import MM, Document

from .conftest import SAMPLE, text

SQUAD, HERO, WALKER = "Sample Laser Squad", "Sample Hero Keller", "Sample Walker"

STRESS_SQUAD = """\
system: dust
units:
  - name: Long Squad
    faction: Axis
    kind: squad
    armor: {type: soldier, level: 2}
    models: 3
    health: 1
    move: 1
    points: 20
    cover: {soft: hits, hard: misses}
    weapons:
%s
"""

AA = """\
system: dust
units:
  - name: AA Walker
    faction: Allies
    kind: vehicle
    armor: {type: vehicle, level: 3}
    health: 5
    move: 1
    points: 25
    cover: {soft: none, hard: hits}
    weapons:
      - name: Quad gun
        range: 6
        vs: {S1: 3/1, S2: 3/1, S3: 2/1, S4: 2/1, V1: 2/1, V2: 2/1, V3: 1/1, V4: 1/1, V5: 1/1,
             V6: 1/1, V7: 1/1, A1: 4/1, A2: 3z1, A3: 2/1}
"""


def _weapons(n: int) -> str:
    return "\n".join(
        f"      - {{name: Laser rifle {i}, range: 4, vs: {{S1: 2/1, V1: 1/3}}}}" for i in range(1, n + 1)
    )


def _recorded(units, card="poker", lang="en", paper="a4"):
    """The text runs (text, size in pt) the cards draw directly, per card page."""
    doc = Document(paper, lang=lang, record=True)
    cards.render(doc, units, Options(lang=lang, paper=paper, extra={"card": card}))
    return [
        [(item[1], round(item[3], 2)) for item in page["items"] if item[0] == "t"]
        for page in doc.recorder.pages
    ]


def _sizes_of(runs, words) -> dict[str, set[float]]:
    out = defaultdict(set)
    for t, size in runs:
        if t in words:
            out[t].add(size)
    return out


# -- one type scale ----------------------------------------------------------------------------


def test_the_titles_and_stat_numbers_of_a_sheet_share_one_size():
    runs = _recorded(load_file(SAMPLE).units)[0]
    titles = _sizes_of(runs, {SQUAD, HERO, WALKER})
    # before: 11 / 13 / 14.5 pt on one sheet; now 1.7 × 9.5 × 0.62 = 10.01 pt on every poker card
    assert titles == {SQUAD: {10.01}, HERO: {10.01}, WALKER: {10.01}}
    numbers = _sizes_of(runs, {"S3", "V4"})
    # the armour numbers, before 16.8 / 19.8 / 22 pt: now 1.6 × 9.5 = 15.2 pt on every card
    # (6.65 pt = 0.7 × 9.5: the same codes in the target-class header)
    assert numbers == {"S3": {6.65, 15.2}, "V4": {6.65, 15.2}}


def test_another_file_on_the_same_card_size_uses_the_same_scale(units_file):
    heavy = load_file(units_file(STRESS_SQUAD % _weapons(3))).units
    runs = _recorded(heavy)[0]
    assert _sizes_of(runs, {"Long Squad"}) == {"Long Squad": {10.01}}
    assert _sizes_of(runs, {"S2"}) == {"S2": {6.65, 15.2}}


@pytest.mark.parametrize(
    "card, u, small",
    [
        ("poker", 9.5, False),  # 63 × 88 mm: the natural unit
        ("bridge", 9.5 * 57 / 63, False),  # 8.60: limited by the width
        ("tarot", 9.5 * 70 / 63, False),  # 10.56
        ("mini", 7.5, True),  # 6.71 natural: 6 pt floor needs 7.5
        # 7.56 by its height, but as wide as a tarot card: the least regular unit, 6 / 0.7 =
        # 8.57 (issue 33: 6 pt with 30-40 % of the card empty), with a short card's tighter gaps
        ("square", 6 / 0.7, True),
    ],
)
def test_scale_of_each_card_size(card, u, small):
    from sheets.render.cards import card_size

    scale = cards.card_scale(*card_size(card))
    assert scale.u == pytest.approx(u) and scale.small is small


def test_a_card_with_room_spreads_its_blocks_not_its_type():
    units = load_file(SAMPLE).units
    mates = partners(units)
    hero = view.card_data(units[1], units, Options(), mates)
    layout = cards.Layout(hero, cards.texts("en"), 63 * MM, 88 * MM)
    (part,) = layout.parts
    assert part.spare > 20  # the hero card is short: its room is spread between the blocks
    assert layout.title_size() == pytest.approx(10.013, abs=1e-3)


# -- nothing dropped -----------------------------------------------------------------------------


@pytest.mark.parametrize("card", ["mini", "bridge", "square", "poker", "tarot", "euro"])
@pytest.mark.parametrize(
    "lang, subline, pistol",
    [
        ("en", "Axis · Squad · Soldier 3", "Sample heavy pistol"),
        ("ru", "Ось · Отряд · Пехота 3", "Sample heavy pistol"),
    ],
)
def test_every_size_keeps_the_heros_weapon_and_the_faction_line(render, card, lang, subline, pistol):
    reader, _ = render(SAMPLE, "--card", card, "--lang", lang)
    words = text(reader)
    # the hero's pistol: on its own card and (joined) on the squad's cards
    assert words.count(pistol) == 2
    assert subline in words
    assert words.count("Sample laser rifle ×2") == 1 and words.count("Sample combat knife ×3") == 1


def _sample_with_grenades(units_file) -> str:
    """The sample force with a third weapon line for its squad: too long for one mini card
    (the sample squad itself fits one since its hero's hit points print on the hero's card
    only, issue 33)."""
    text = SAMPLE.read_text(encoding="utf-8").replace(
        "    skills: []\n",
        "      - {name: Sample grenade, range: 2, vs: {S1: 2/1, S2: 2/1, S3: 1/1, S4: 1/1}}\n    skills: []\n",
        1,
    )
    return units_file(text)


@pytest.mark.parametrize("lang, count", [("en", "20 AP · 1/2"), ("ru", "20 ОА · 1/2")])
def test_a_squad_too_long_for_a_mini_card_continues_on_2_of_2(render, lang, count, units_file):
    reader, _ = render(_sample_with_grenades(units_file), "--card", "mini", "--lang", lang)
    words = text(reader)
    assert count in words
    assert f"{SQUAD} 2/2" in words  # the second card carries the name and "2/2"
    # the joined hero's weapon is on the continuation card, after the squad's own weapons
    assert words.index(f"{SQUAD} 2/2") < words.index(
        "hero Sample heavy pistol" if lang == "en" else "герой Sample heavy pistol"
    )


def test_continuation_cards_sit_after_their_unit_and_before_its_hero(units_file):
    units = load_file(_sample_with_grenades(units_file)).units
    frames = cards.card_frames(units, Options(extra={"card": "mini"}))
    assert [name for _, _, name in frames] == [SQUAD, SQUAD, HERO, WALKER]
    # mini on A4: 4 per row, the squad's two cards and its hero side by side in row 1
    assert len({round(r.y, 3) for _, r, _ in frames[:3]}) == 1


def test_nine_weapon_lines_on_a_poker_card_continue_in_order(units_file, render):
    reader, _ = render(units_file(STRESS_SQUAD % _weapons(9)))
    words = text(reader)
    assert "1/2" in words and "Long Squad 2/2" in words
    positions = [words.index(f"Laser rifle {i} ") for i in range(1, 10)]
    assert positions == sorted(positions)  # each line once, in file order
    assert all(words.count(f"Laser rifle {i} ") == 1 for i in range(1, 10))


def test_a_unit_that_cannot_fit_the_size_is_named_and_nothing_is_written(units_file, tmp_path):
    squad = STRESS_SQUAD.replace("models: 3", "models: 10").replace("health: 1", "health: 6")
    path = units_file(squad % _weapons(1))
    out = tmp_path / "cards.pdf"
    result = CliRunner().invoke(cli, ["render", str(path), "--card", "mini", "-o", str(out)])
    assert result.exit_code == 1
    assert result.output.startswith(
        f"{path}: unit 'Long Squad' does not fit a 44.5 × 63.5 mm card: "
        "its name, stats and damage boxes take "
    )
    assert "choose a larger --card" in result.output and "Traceback" not in result.output
    assert not out.exists()
    # the same unit fits a poker card
    ok = CliRunner().invoke(cli, ["render", str(path), "-o", str(out)])
    assert ok.exit_code == 0 and out.exists()


# -- the mini target header: one table ----------------------------------------------------------


def test_the_mini_header_is_one_row_of_the_classes_used():
    units = load_file(SAMPLE).units
    mates = partners(units)
    squad = view.card_data(units[0], units, Options(), mates)
    layout = cards.Layout(squad, cards.texts("en"), 44.5 * MM, 63.5 * MM)
    # S1–S4 and V1–V7 are attacked, A1–A3 are not: one header row of 11 (was two rows of 6 + 5)
    assert [squad["classes"][i] for i in layout.classes] == [
        "S1",
        "S2",
        "S3",
        "S4",
        "V1",
        "V2",
        "V3",
        "V4",
        "V5",
        "V6",
        "V7",
    ]
    assert not layout.stacked and layout.header_h() == pytest.approx(layout.u)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_fourteen_classes_on_a_mini_card_are_one_grouped_table(units_file, render, lang):
    path = units_file(AA)
    loaded = load_file(path).units
    data = view.card_data(loaded[0], loaded, Options(lang=lang))
    layout = cards.Layout(data, cards.texts(lang), 44.5 * MM, 63.5 * MM)
    assert layout.stacked and len(layout.classes) == 14
    reader, _ = render(path, "--card", "mini", "--lang", lang, "--check-layout")
    words = text(reader)
    # S | V | A over the level digits, each cell's dice over its damage; the phaser keeps its z
    assert "S 1 2 3 4" in words or "S V A" in words
    assert "z1" in words and "Quad gun" in words


def test_png_files_of_a_unit_on_two_cards(render, tmp_path, units_file):
    folder = tmp_path / "png"
    render(_sample_with_grenades(units_file), "--card", "mini", "--png", folder)
    assert [f.name for f in sorted(folder.glob("*.png"))] == [
        "01-sample-laser-squad-1-2.png",
        "02-sample-laser-squad-2-2.png",
        "03-sample-hero-keller.png",
        "04-sample-walker.png",
    ]


def test_parallel_render_with_continuation_cards_is_byte_identical(units_file, tmp_path):
    text = STRESS_SQUAD % _weapons(9)
    path = units_file(
        text.replace(
            "units:\n",
            "units:\n"
            + "".join(
                f"  - {{name: Tank {i}, kind: vehicle, armor: {{type: vehicle, level: 4}}, health: 6, "
                f"move: 1, points: 10}}\n"
                for i in range(30)
            ),
            1,
        )
    )
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"j{jobs}.pdf"
        result = CliRunner().invoke(
            cli, ["render", str(path), "--card", "mini", "--jobs", jobs, "-o", str(out)]
        )
        assert result.exit_code == 0, result.output
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
