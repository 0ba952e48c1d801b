"""`sheets reference battletech`: the ProtoMech quick-reference handout through the real CLI."""

import pytest
import yaml
from pypdf import PdfReader

from sheets.core.data import templates_root
from sheets.core.game import Options
from sheets.games.battletech import reference, rules
from sheets.render.pdf import Document, Rect, margins

from .helpers import PAPER_PT, labels, non_grey_colour_ops, page_texts, pct, shares, text
from .helpers import reference as ref


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("variant", ["classic", "tw"])
def test_page_count_and_media_box(paper, variant):
    reader = PdfReader(str(ref(variant, "en", paper)))
    assert 1 <= len(reader.pages) <= 2
    for page in reader.pages:
        box = page.mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(PAPER_PT[paper], abs=0.01)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("variant", ["classic", "tw"])
def test_every_page_fits_its_frame_at_a_readable_size(paper, lang, variant):
    doc = Document(paper)
    m = margins(paper)
    frame = Rect(m, m + 4, doc.width - 2 * m, doc.height - 2 * m - 4)
    ctx = reference._Ctx(doc.pen, lang, variant, rules.variant_data(variant))
    for rows in reference.pages(ctx):
        size = reference._fit(rows, frame)
        assert size >= 6.5, (paper, lang, variant, size)
        assert reference._need(rows, frame.w, size, reference._base_gap(size)) <= frame.h


def test_english_hit_table_chances_computed_from_the_data():
    t, lab = text(ref("classic", "en")), labels("en")
    biped = shares("biped")
    assert biped["torso"] == 16 and biped["legs"] == 8 and biped["near_miss"] == 4
    for loc, ways in biped.items():
        assert f"{lab['loc_' + loc]} " in t
        assert f"{ways}/36 = {pct(ways)}" in t
    assert "16/36 = 44.4 %" in t  # digest §2.1: 6, 7, 8 -> 5 + 6 + 5 ways
    for roll in range(2, 13):  # the chance of every single 2D6 result
        ways = 6 - abs(7 - roll)
        assert f"{roll} {ways}/36 = {pct(ways)}" in t
    for key in ("ref_hit_heading", "ref_share_heading", "determining_crits", "transfer_note"):
        assert lab[key].split()[0] in t
    assert "All excess damage transfers to the Torso" in t
    assert "Near miss (3, 11): the attack counts as a hit" in t


def test_russian_labels_and_decimal_comma():
    t, lab = text(ref("classic", "ru")), labels("ru")
    for key in (
        "reference_title",
        "ref_hit_heading",
        "ref_crit_effects",
        "ref_movement",
        "ref_physical",
        "ref_bv",
        "ref_other",
        "loc_torso",
        "loc_near_miss",
        "legend_classic",
        "kick_table",
        "punch_table",
        "bv_protomech_column",
    ):
        assert lab[key] in t, key
    assert f"16/36 = {pct(16, 'ru')}" in t and "44,4 %" in t
    assert "1,75" in t and "1.75" not in t
    assert "Все лишние повреждения переназначаются в Торс" in t


def test_quad_column_only_where_the_variant_allows_quads():
    quad = shares("quad")
    assert quad["legs"] == 14  # 4, 5, 9, 10 -> 3 + 4 + 4 + 3
    tw, classic = text(ref("tw", "en")), text(ref("classic", "en"))
    assert f"4, 5, 9, 10 {quad['legs']}/36 = {pct(quad['legs'])}" in tw
    assert pct(quad["legs"]) not in classic
    assert "Biped / Glider" in tw and "Quad" in tw
    assert "Biped / Glider" not in classic


def test_determining_crits_with_chances_and_the_unverified_12():
    t = text(ref("classic", "en"))
    assert "2–7 No critical hit 21/36 = 58.3 %" in t
    assert "8–9 1 critical hit 9/36 = 25.0 %" in t
    assert "10–11 2 critical hits 5/36 = 13.9 %" in t
    assert "12 † 3 critical hits † 1/36 = 2.8 %" in t
    assert "† 12 → 3 critical hits: not confirmed against the rules text" in t


def test_variant_specific_lines_differ():
    classic, tw = text(ref("classic", "en")), text(ref("tw", "en"))
    only_tw = [
        "Special hit location table",
        "Shaded box: pilot hit",
        "rounded down",
        "Main Gun destroyed",
        "Torso (Glider)",
        "Wings (near miss)",
        "3 (10–15 t)",
        "Target must be in the same hex",
        "Destroyed location: pilot hits Head 1, Torso 3, Right Arm 1, Left Arm 1, Legs 1, Main Gun 0",
    ]
    only_classic = [
        "Crossed box: 1 pilot hit",
        "half the ORIGINAL Walk, rounded up",
        "Main gun cannot take critical hits",
        "Punch Location Table",
        "no partial cover",
        "1–2 Torso Weapon A; 3–4 Torso Weapon B; 5–6 No Effect",
        "every box it crosses is 1 pilot hit, so a destroyed Head costs up to 2.",
        "Weapons not on the arms cannot fire in a turn the main gun fires",
    ]
    for line in only_tw:
        assert line in tw and line not in classic, line
    for line in only_classic:
        assert line in classic and line not in tw, line
    assert "Kick Location Table" in classic and "Kick Location Table" in tw
    assert "Point: 5 ProtoMechs" in classic and "Point: 5 ProtoMechs" in tw


def test_footer_names_the_variant_on_every_page():
    """Issue 11: the footer prints the variant's name, never its id («Правила: tw»)."""
    for lang, names in (
        ("en", ("Classic ProtoMech rules", "Total Warfare rules")),
        ("ru", ("Классические правила для протомехов", "Правила Total Warfare")),
    ):
        for variant, name in zip(("classic", "tw"), names):
            for page in page_texts(ref(variant, lang)):
                assert page.split("Printed with")[0].split("Напечатано")[0].strip().endswith(name), page[
                    -120:
                ]
                assert variant not in page.split()


def test_movement_halving_follows_the_variant_rounding():
    # 2nd leg crit: Walk = half the original Walk (classic rounds up, tw down) but never more than
    # the 1st crit left (walk 1: 0, not 1); Run = ceil(1.5 × Walk)
    classic, tw = text(ref("classic", "en")), text(ref("tw", "en"))
    up = " ".join(
        f"{min((w + 1) // 2, w - 1)}/{(3 * min((w + 1) // 2, w - 1) + 1) // 2}" for w in range(1, 11)
    )
    down = " ".join(f"{w // 2}/{(3 * (w // 2) + 1) // 2}" for w in range(1, 11))
    assert up.startswith("0/0 1/2 2/3")
    assert f"2nd leg crit: Walk / Run {up}" in classic
    assert f"2nd leg crit: Walk / Run {down}" in tw
    assert "Run MP 2 3 5 6 8 9 11 12 14 15" in classic  # ceil(1.5 × Walk), Walk 1-10


# digest §9.3 (MegaMek BV `bvMultipliers`): rows Gunnery 0..8, columns Piloting 0..8
BV_MULTIPLIERS = [
    [2.42, 2.31, 2.21, 2.10, 1.93, 1.75, 1.68, 1.59, 1.50],
    [2.21, 2.11, 2.02, 1.92, 1.76, 1.60, 1.54, 1.46, 1.38],
    [1.93, 1.85, 1.76, 1.68, 1.54, 1.40, 1.35, 1.28, 1.21],
    [1.66, 1.58, 1.51, 1.44, 1.32, 1.20, 1.16, 1.10, 1.04],
    [1.38, 1.32, 1.26, 1.20, 1.10, 1.00, 0.95, 0.90, 0.85],
    [1.31, 1.19, 1.13, 1.08, 0.99, 0.90, 0.86, 0.81, 0.77],
    [1.24, 1.12, 1.07, 1.02, 0.94, 0.85, 0.81, 0.77, 0.72],
    [1.17, 1.06, 1.01, 0.96, 0.88, 0.80, 0.76, 0.72, 0.68],
    [1.10, 0.99, 0.95, 0.90, 0.83, 0.75, 0.71, 0.68, 0.64],
]


def test_bv_multiplier_table_marks_the_protomech_column():
    t = text(ref("classic", "en"))
    assert "▼ ProtoMech column" in t and "use column 5" in t
    for gunnery, row in enumerate(BV_MULTIPLIERS):  # all 9 × 9 values, row by row, as printed
        assert f"{gunnery} " + " ".join(f"{x:.2f}" for x in row) in t, gunnery
    ru = text(ref("classic", "ru"))
    assert "4 1,38 1,32 1,26 1,20 1,10 1,00 0,95 0,90 0,85" in ru


def test_physical_attack_damage_by_tonnage_per_variant():
    classic, tw = text(ref("classic", "en")), text(ref("tw", "en"))
    assert "Tons Damage 1–5 1 6–9 2" in classic
    assert "Tons Damage 2–5 1 6–9 2 10–15 3" in tw
    assert "1–3 LL RL RL 4–6 LL LL RL" in classic  # kick table, digest §6.1
    assert "6 HD HD HD" in classic and "6 HD HD HD" not in tw  # punch table only in classic


@pytest.mark.parametrize("variant", ["classic", "tw"])
def test_mono_draws_greys_only(variant, assert_mono_twin):
    assert non_grey_colour_ops(ref(variant, "ru", "letter", mono=True)) == []
    assert non_grey_colour_ops(ref(variant, "ru", "letter")) != []  # the check can see colour
    assert_mono_twin(ref(variant, "ru", "letter"), ref(variant, "ru", "letter", mono=True))


def test_two_renders_are_byte_identical():
    doc_a, doc_b = Document("a4", lang="en"), Document("a4", lang="en")
    opts = Options(lang="en", paper="a4", rules="tw")
    reference.render(doc_a, opts)
    reference.render(doc_b, opts)
    assert doc_a.finish() == doc_b.finish()


def test_templates_have_the_same_sections_and_placeholders_in_both_languages():
    import string

    def shape(node):
        if isinstance(node, dict):
            return {k: shape(v) for k, v in node.items()}
        if isinstance(node, list):
            return [shape(v) for v in node]
        return sorted(f for _, f, _, _ in string.Formatter().parse(node) if f)

    en, ru = (
        yaml.safe_load((templates_root() / "battletech" / f"reference.{lang}.yaml").read_text("utf-8"))
        for lang in ("en", "ru")
    )
    assert shape(en) == shape(ru)


def test_percent_rounds_half_up():
    assert reference.percent(16, "en") == "44.4 %"
    assert reference.percent(1, "ru") == "2,8 %"
    assert reference.percent(9, "en") == "25.0 %"
    assert reference.percent(1, "en", total=16) == "6.3 %"  # 6.25: exactly half, rounds up
