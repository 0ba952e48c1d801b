"""Issue 12, points 10-13: «Древняя Механика» handout and sheet say what the seed
(001_8db88bde810e781d.txt) says."""

from pathlib import Path

from docs_text import documentation
from pypdf import PdfReader

from sheets.core.loader import load_file
from sheets.games.dmech import rules

ROOT = Path(__file__).resolve().parents[3]
OTROK = ROOT / "data" / "units" / "dmech" / "otrok.yaml"


def test_fire_rerolls_on_the_heavy_damage_column_next_turn():
    """«Число пробития больше на 2+, вычтите 1 прочность и сделайте бросок тяжелых повреждений.»
    and «Пожар! Проверка Дрзст. В начале следующего хода повторите бросок ТП. При 1 пожар
    потухает без последствий.» — «ТП» is that roll: тяжелые повреждения."""
    fire = rules.damage_effect("heavy_damage", 1)
    assert fire.verified and fire.note is None  # no «ТП не уточнено» footnote any more
    assert "повторите бросок ТП (тяжелых повреждений)" in fire.text.ru
    assert "At the start of the next turn roll on the Heavy damage column again" in fire.text.en
    condition = next(c for c in rules.conditions() if c.id == "fire")
    assert "each turn" not in condition.effect.get("en")
    assert "в начале следующего хода повторный бросок тяжелых повреждений" in condition.effect.get("ru")


def _weapon_row(pdf: Path, name: str, stop: str) -> list[str]:
    text = PdfReader(str(pdf)).pages[0].extract_text()
    start = text.index(name) + len(name)
    return text[start : text.index(stop, start)].split()


def test_hand_unknown_prints_blank(cli, tmp_path, write):
    """The Отрок file leaves the hand-held status out (unknown): «В руках» stays blank, not «нет»."""
    weapon = load_file(OTROK).units[0].weapons[0]
    assert weapon.hand is None
    out = tmp_path / "otrok.pdf"
    assert cli("render", OTROK, "-o", out, "--lang", "ru").exit_code == 0
    assert "нет" not in _weapon_row(out, "Врановская двухладонка", "Гридь")
    text = OTROK.read_text(encoding="utf-8").replace("power: 4, ammo: 0}", "power: 4, ammo: 0, hand: no}")
    for answer, printed in (("no", "нет"), ("yes", "да"), ("unknown", None)):
        path = write(f"otrok_{answer}.yaml", text.replace("hand: no", f"hand: {answer}"))
        pdf = tmp_path / f"{answer}.pdf"
        assert cli("render", path, "-o", pdf, "--lang", "ru").exit_code == 0
        row = _weapon_row(pdf, "Врановская двухладонка", "Гридь")
        assert (printed in row) if printed else ("нет" not in row and "да" not in row)


def test_standing_up_note_names_the_standing_column():
    """«Пытаться подняться бронеход может в любом приказе. Проверка подъема отнимает 2 скр и +2
    инц.» with the table «Равновесие и подъем | Класс | Равновесие | Подъем»."""
    note = rules.rule_note("standing").text
    assert "модификатор — столбец «Подъём» таблицы «Равновесие и подъём»" in note.get("ru")
    assert "modified by the Standing column of the Balance and standing table" in note.get("en")


def test_readme_says_why_vehicles_have_no_sheet():
    """«Заглох (бронеходы, техника)» and «Гексы с уничтоженными бронеходами или техникой являются
    непроходимыми»: the seed gives Техника these rules but no statline, so no sheet is invented."""
    readme = documentation()
    assert "«Техника»" in readme and "no vehicle sheet" in readme
