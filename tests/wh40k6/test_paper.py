"""Issues 22/23, paper: short datasheets share pages, the glossary follows on the last page when
it fits, the army list shares the first page with the first datasheets; --collapse prints ×N
with one wound track per unit and the points per unit and in total. Both languages and papers,
the layout checker clean, byte-identical for the same input."""

from pathlib import Path

import pytest
from conftest import layout_clean
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data/units/wh40k6/sample_list.yaml"


def _pages(pdf):
    return [" ".join(p.extract_text().split()) for p in PdfReader(pdf).pages]


def _write(tmp_path, name, body):
    (tmp_path / "s.yaml").write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    p = tmp_path / name
    p.write_text(body, encoding="utf-8")
    return p


@pytest.mark.parametrize("lang, paper", [("en", "a4"), ("en", "letter"), ("ru", "a4"), ("ru", "letter")])
def test_a_short_roster_is_one_page_list_datasheet_and_glossary(cli, tmp_path, lang, paper):
    src = _write(
        tmp_path,
        "one.yaml",
        "system: wh40k6\nroster: {name: One Captain, limit: 500}\n"
        "units:\n  - {from: s.yaml, name: Sample Captain}\n",
    )
    out = tmp_path / "one.pdf"
    r = cli("render", src, "-o", out, "--lang", lang, "--paper", paper, "--check-layout")
    assert r.exit_code == 0 and layout_clean(r.stderr), r.stderr
    pages = _pages(out)
    assert len(pages) == 1  # it took three: the list, the datasheet, the glossary
    title = {
        "en": ("Army list: One Captain", "Special rules: short meanings"),
        "ru": ("Список армии: One Captain", "Особые правила: кратко"),
    }[lang]
    text = pages[0]
    assert (
        text.index(title[0])
        < text.index("Sample Captain HQ" if lang == "en" else "Sample Captain Штаб")
        < text.index(title[1])
    )


def test_no_list_leaves_the_datasheets_at_the_top(cli, tmp_path):
    out = tmp_path / "nl.pdf"
    assert cli("render", SAMPLE, "-o", out, "--no-list").exit_code == 0
    pages = _pages(out)
    assert "Army list" not in " ".join(pages) and pages[0].startswith("Sample Captain")


def test_a_long_list_shares_its_page_with_the_datasheet_that_fits_under_it(cli, tmp_path):
    """30 rows: the list fills most of a page; the first datasheet goes under it where it really
    ends (issue 33: no page more than 45 % blank; it went to a page of its own when an estimate
    of the list's height said it would not fit), whole; the next one starts page 2."""
    units = "".join(f"  - {{from: s.yaml, name: Sample Captain, points: {i}}}\n" for i in range(1, 31))
    src = _write(tmp_path, "long.yaml", "system: wh40k6\nroster: {name: Many}\nunits:\n" + units)
    out = tmp_path / "long.pdf"
    r = cli("render", src, "-o", out, "--check-layout")
    assert r.exit_code == 0, r.stderr
    pages = _pages(out)
    assert pages[0].startswith("Army list: Many")
    assert "Sample Captain HQ · 1 pts" in pages[0] and "Captain: Wounds" in pages[0]
    assert "(continued)" not in " ".join(pages)
    assert pages[1].startswith("Sample Captain HQ · 2 pts")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_collapse_prints_per_unit_and_total_and_a_track_per_unit(cli, tmp_path, monkeypatch, lang):
    from sheets.render.pdf import Pen

    src = _write(
        tmp_path,
        "three.yaml",
        "system: wh40k6\nunits:\n" + "  - {from: s.yaml, name: Sample Assault Squad}\n" * 3,
    )
    drawn = []
    real = Pen.box_track

    def spy(self, x, y, kinds, *a, **kw):
        drawn.append(len(kinds))
        return real(self, x, y, kinds, *a, **kw)

    monkeypatch.setattr(Pen, "box_track", spy)
    out = tmp_path / "c.pdf"
    r = cli("render", src, "-o", out, "--collapse", "--lang", lang, "--check-layout")
    assert r.exit_code == 0 and layout_clean(r.stderr), r.stderr
    text = " ".join(_pages(out))
    if lang == "en":
        assert "Sample Assault Squad ×3" in text
        assert "100 pts per unit · total 300 pts" in text
        for k in (1, 2, 3):
            assert f"unit {k}/3: Assault trooper: Wounds" in text
    else:
        assert "100 очк. за отряд · всего 300 очк." in text
        assert "отряд 2/3: Assault trooper: Ранения" in text
    assert drawn == [1] * 15  # five W1 troopers, once per unit
    assert text.count("Sample Assault Squad") == 1


def test_vehicle_damage_track_in_both_languages(cli, tmp_path):
    src = _write(
        tmp_path, "tank.yaml", "system: wh40k6\nunits:\n  - {from: s.yaml, name: Sample Battle Tank}\n"
    )
    for lang, words in (
        (
            "en",
            ["1–2 Crew Shaken", "3 Crew Stunned", "4 Weapon Destroyed", "Explodes", "Battle tank: Damage"],
        ),
        ("ru", ["1–2 Экипаж потрясён", "3 Экипаж оглушён", "Battle tank: Повреждения"]),
    ):
        out = tmp_path / f"t-{lang}.pdf"
        r = cli("render", src, "-o", out, "--lang", lang, "--check-layout")
        assert r.exit_code == 0 and layout_clean(r.stderr), r.stderr
        text = " ".join(_pages(out))
        for w in words:
            assert w in text, (lang, w)


@pytest.mark.parametrize("extra", [[], ["--mono"], ["--paper", "letter", "--lang", "ru"]])
def test_same_input_same_bytes(cli, tmp_path, extra):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert cli("render", SAMPLE, "-o", a, *extra).exit_code == 0
    assert cli("render", SAMPLE, "-o", b, *extra).exit_code == 0
    assert a.read_bytes() == b.read_bytes()
