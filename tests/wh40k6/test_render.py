"""wh40k6 printouts through the CLI: army list with the FOC tally, datasheets (unit-type box,
profiles, boxes, never split), --collapse, the glossary page, en/ru, A4/Letter."""

from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data/units/wh40k6/sample_list.yaml"
NAMES = [
    "Sample Captain",
    "Sample Tactical Squad A",
    "Sample Tactical Squad B",
    "Sample Assault Squad",
    "Sample Bike Squadron",
    "Sample Walker",
    "Sample Battle Tank",
    "Sample Gun Battery",
]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    from click.testing import CliRunner

    from sheets.cli import cli

    d = tmp_path_factory.mktemp("wh")
    out = {}
    for key, args in {"en": [], "ru": ["--lang", "ru", "--paper", "letter"]}.items():
        path = d / f"{key}.pdf"
        r = CliRunner().invoke(cli, ["render", str(SAMPLE), "-o", str(path), *args])
        assert r.exit_code == 0, r.output
        out[key] = (PdfReader(path), path.read_bytes())
    return out


def test_pages_army_list_datasheets_glossary(rendered):
    reader, _ = rendered["en"]
    pages = [p.extract_text() for p in reader.pages]
    assert "Army list: Sample Strike Force" in pages[0] and "Troops 2 / 2–6" in pages[0]
    assert "HQ 1 / 1–2" in pages[0] and "Violations" not in pages[0]
    # paper (issues 22/23): the army list shares the first page with the first datasheets and
    # the glossary starts on the last datasheet page: 4 pages (there were 5: list, 3 datasheet
    # pages, the glossary alone)
    assert len(pages) == 4
    assert "Sample Captain" in pages[0] and "Sample Tactical Squad A" in pages[0]
    assert "Sample Gun Battery" in pages[2]
    assert "Heavy Support 2 / 0–3" in pages[0]
    body = [pages[0].split("Heavy Support 2 / 0–3", 1)[1]] + pages[1:]  # without the army list
    for name in NAMES:  # each datasheet, title to its boxes, sits on one page
        holders = [i for i, t in enumerate(body) if name in t]
        assert len(holders) == 1, name
    bikes = next(t for t in body if "Sample Bike Squadron" in t)
    assert 'Move 12" · Turbo-boost 12" · Charge 2D6" · Fall back 3D6"' in bikes
    assert "Hammer of Wrath, Jink, Relentless, Very Bulky" in bikes
    assert "each rider fires one weapon" in bikes and "cannot Go to Ground" in bikes
    assert "WS BS S T W I A Ld Sv" in bikes.replace("\n", " ")
    tank = next(t for t in body if "Sample Battle Tank" in t)
    assert "BS Front Side Rear HP Type" in tank.replace("\n", " ") and 'Flat Out +6"' in tank
    walker = next(t for t in body if "Sample Walker" in t)
    assert "WS BS S Front Side Rear I A HP" in walker.replace("\n", " ") and 'Run D6"†' in walker
    assert "Range S AP Type" in walker.replace("\n", " ")
    gloss = pages[3]
    assert "Special rules: short meanings" in gloss and "Hammer of Wrath" in gloss
    # our glossary now covers the core rules real lists use (issue 22), marked † (our wording)
    assert "Scouts†" in gloss and "Fearless†" in gloss and "not in the bundled glossary" not in gloss


def test_russian_letter(rendered):
    reader, _ = rendered["ru"]
    assert reader.pages[0].mediabox.width == 612
    text = "\n".join(p.extract_text() for p in reader.pages)
    assert 'Движение 12" · Турбо-ускорение 12" · Нападение 2D6" · Отступление 3D6"' in text
    assert "Молот ярости" in text and "не может залегать" in text
    for english in ("Move 12", "Turbo-boost", "Wounds", "Hull points", "Special rules"):
        assert english not in text


def test_collapse_identical_units(cli, tmp_path):
    path = tmp_path / "two.yaml"
    (tmp_path / "s.yaml").write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    path.write_text(
        "system: wh40k6\nunits:\n  - {from: s.yaml, name: Sample Battle Tank}\n"
        "  - {from: s.yaml, name: Sample Battle Tank}\n  - {from: s.yaml, name: Sample Walker}\n",
        encoding="utf-8",
    )
    plain, collapsed = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert cli("render", path, "-o", plain).exit_code == 0
    assert cli("render", path, "-o", collapsed, "--collapse").exit_code == 0
    text_a = PdfReader(plain).pages[0].extract_text()
    text_b = PdfReader(collapsed).pages[0].extract_text()
    assert text_a.count("Sample Battle Tank") == 2 and "×2" not in text_a
    assert text_b.count("Sample Battle Tank") == 1 and "Sample Battle Tank  ×2" in text_b


def test_reproducible_bytes(rendered, cli, tmp_path):
    again = tmp_path / "again.pdf"
    assert cli("render", SAMPLE, "-o", again).exit_code == 0
    assert again.read_bytes() == rendered["en"][1]


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    from click.testing import CliRunner

    from sheets.cli import cli

    d = tmp_path_factory.mktemp("ref")
    out = {}
    for lang in ("en", "ru"):
        path = d / f"{lang}.pdf"
        r = CliRunner().invoke(cli, ["reference", "wh40k6", "--lang", lang, "-o", str(path)])
        assert r.exit_code == 0, r.output
        out[lang] = PdfReader(path)
    return out


def test_reference_has_every_type_row_and_the_charts(reference):
    reader = reference["en"]
    assert reader.pages[0].mediabox.width > reader.pages[0].mediabox.height  # landscape
    text = " ".join(" ".join(p.extract_text() for p in reader.pages).split())
    for row in (
        "Infantry",
        "Jump Infantry",
        "Jet Pack Infantry",
        "Bike",
        "Jetbike",
        "Eldar Jetbike",
        "Monstrous Creature",
        "Flying Monstrous Creature",
        "Beast",
        "Cavalry",
        "Artillery",
        "Vehicle (Fast, Skimmer)",
        "Vehicle (Walker)",
        "Vehicle (Flyer)",
        "Vehicle (Chariot)",
    ):
        assert row in text, row
    assert 'Turbo-boost 36"' in text and "T 7 W 2 Sv 3+" in text
    assert "Crew Shaken" in text and "Razor wire" in text and "Re-roll misses on" in text


def test_reference_russian_uses_the_seed_terms(reference):
    text = " ".join(" ".join(p.extract_text() for p in reference["ru"].pages).split())
    for term in (
        "Мотоцикл",
        'Турбо-ускорение 12"',
        'Реактивный скачок 2D6"',
        "Прыжковая пехота",
        "Летающее монструозное создание",
        "Звери",
        "Кавалерия",
        "Молот ярости",
        "не может залегать",
        "навскидку",
        "Ранение (сила против стойкости)",
    ):
        assert term.lower() in text.lower(), term
    for english in ("Move", "Charge", "Fall back", "Infantry", "Hammer of Wrath", "Crew Shaken"):
        assert english not in text, english


def test_a_unit_taller_than_a_page_continues_on_the_next_without_shrinking(cli, tmp_path):
    """Legibility wins over 'one page per datasheet': a datasheet no page can hold continues on the
    next page under a 'continued' title band; nothing is scaled below 6 pt."""
    kinds = [
        "infantry",
        "bike",
        "jetbike",
        "beast",
        "cavalry",
        "jump infantry",
        "monstrous creature",
        "flying monstrous creature",
        "eldar jetbike",
        "jet pack infantry",
    ]
    lines = [
        "system: wh40k6",
        "units:",
        "  - name: Huge",
        "    slot: troops",
        "    points: 10",
        "    models:",
    ]
    lines += [
        f'      - {{name: M{i}, count: 9, type: "{kinds[i % 10]}", ws: 4, bs: 4, s: 4, t: 4, w: 5, i: 4, '
        f'a: 1, ld: 8, sv: "3+"}}'
        for i in range(20)
    ]
    lines += ["    weapons:"] + [
        f"      - {{name: Weapon {i}, range: 24, s: 4, ap: 5, type: Heavy 3}}" for i in range(24)
    ]
    src = tmp_path / "huge.yaml"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "huge.pdf"
    res = cli("render", src, "-o", out, "--check-layout")
    assert res.exit_code == 0 and "no problems" in res.stderr, res.stderr  # every text >= 6 pt
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(out).pages]
    assert len(pages) == 4  # the datasheet on three pages, then the glossary
    assert "M19" in pages[0] and "Weapon 23" in pages[0] and "continued" not in pages[0]
    assert pages[1].startswith("Huge (continued) Troops · 10 pts Unit type: Bike")
    assert pages[2].startswith("Huge (continued)") and "M19: Wounds" in pages[2]


def test_every_model_gets_its_wound_or_hull_point_boxes(cli, tmp_path, monkeypatch):
    """One group of boxes per model, as many boxes as its W or HP (sample list; the gun's W2 is
    the artillery default), whether or not its label wraps."""
    from sheets.render.pdf import Pen

    drawn = []
    real = Pen.box_track

    def spy(self, x, y, kinds, *args, **kw):
        if not self.trial:  # the army list's room on page 1 is measured by a trial drawing
            drawn.append(len(kinds))
        return real(self, x, y, kinds, *args, **kw)

    monkeypatch.setattr(Pen, "box_track", spy)
    assert cli("render", SAMPLE, "-o", tmp_path / "boxes.pdf").exit_code == 0
    squad = [1] + [1] * 9  # Sergeant W1, nine Troopers W1
    assert drawn == (
        [3]
        + squad
        + squad
        + [1] * 5  # Captain W3; two squads; five Assault troopers
        + [1, 1, 1, 2]  # three Bikers W1, the Attack bike W2
        # Walker HP 3 and Battle tank HP 3, each with its damage track: one tick box
        # per result of the damage table (Crew Shaken … Explodes!), issue 22
        + [3]
        + [1] * 5
        + [3]
        + [1] * 5
        + [2, 1, 1]
    )  # Gun W2, two Crewmen W1
