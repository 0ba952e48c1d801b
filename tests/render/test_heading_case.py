"""Issue 23: one heading case style in every game (sentence case, as the other games and the
seeds' own Russian terms use); the battletech sheets had capitals ("ARMOR DIAGRAM")."""

import io

import pypdf
import pytest

from sheets.render.pdf import Document, Rect


def _text(pdf: bytes) -> str:
    return "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf)).pages)


def test_pen_heading_sets_capitals_in_sentence_case():
    doc = Document("a4", False, lang="en")
    pen = doc.page()
    pen.heading(Rect(40, 700, 300, 14), "HIT LOCATION TABLE (2D6)", 9)
    pen.heading(Rect(40, 600, 300, 14), "Таблица Места Попадания", 9)  # mixed case: as written
    text = _text(doc.finish())
    assert "Hit location table (2D6)" in text and "HIT LOCATION" not in text
    assert "Таблица Места Попадания" in text


@pytest.mark.parametrize(
    "lang, want, old",
    [
        (
            "en",
            [
                "ProtoMech record sheet",
                "Weapons inventory",
                "Hit locations and critical hits",
                "Armor diagram",
                "Pilot data",
                "ProtoMech 1",
            ],
            ["ARMOR DIAGRAM", "PROTOMECH", "PILOT DATA"],
        ),
        (
            "ru",
            [
                "Лист записи протомеха",
                "Перечень оружия",
                "Места попадания и критические попадания",
                "Схема брони",
                "Протомех 1",
            ],
            ["СХЕМА БРОНИ", "ПРОТОМЕХ", "ЛИСТ ЗАПИСИ"],
        ),
    ],
)
def test_battletech_sheet_headings_in_sentence_case(cli, tmp_path, lang, want, old):
    from sheets.core.data import data_path

    out = tmp_path / "s.pdf"
    r = cli("render", data_path("units/battletech/point-alpha.yaml"), "--lang", lang, "-o", out)
    assert r.exit_code == 0, r.stderr
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(out).pages)
    for w in want:
        assert w in text
    for w in old:
        assert w not in text
    assert ("Army list: Point Alpha" if lang == "en" else "Список армии: Point Alpha") in text


def test_battletech_reference_keeps_the_seeds_term():
    from sheets.core.data import label

    assert label("battletech", "ref_hit_heading", "ru") == "Таблица Места Попадания (2D6)"
    assert label("battletech", "ref_hit_heading", "en") == "Hit location table (2D6)"
