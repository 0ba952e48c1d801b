"""Issue 20: ``info --lang ru`` prints words, not keys: no English field name and no internal
value (``biped``, ``walker``, ``squad``, ``hits``, ``single_use`` …) in the text form of any
game; ``--json`` keeps its keys and values.

The scan allows only the abbreviations of ``data/common/layout.yaml`` ``latin_allowed`` and the
user's own texts (the game's ``text_fields`` of every unit in the file)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
UNITS = ROOT / "data" / "units"
_WORD = re.compile(r"[0-9A-Za-z\u0400-\u04FF]*[A-Za-z][0-9A-Za-z\u0400-\u04FF]*")

SAMPLES = {
    "battletech": sorted((UNITS / "battletech").glob("*.yaml")),
    "dmech": sorted((UNITS / "dmech").glob("*.yaml")),
    "dust": sorted((UNITS / "dust").glob("*.yaml")),
    "lnl": sorted((UNITS / "lnl").glob("*.yaml")),
    "wh40k6": sorted((UNITS / "wh40k6").glob("*.yaml")),
}


def latin_allowed() -> set:
    from sheets.render.layout_check import rules

    return set(rules().latin_allowed)


def user_words(path: Path, rules: str | None = None) -> set:
    from sheets.core.game import Options
    from sheets.core.loader import load_file

    loaded = load_file(path, Options(lang="ru", rules=rules))
    words = set()
    for unit in loaded.units:
        for _, text in loaded.game.text_fields(unit):
            words |= set(_WORD.findall(str(text or "")))
    if loaded.roster:
        words |= set(_WORD.findall(str(loaded.roster.get("name") or "")))
    return words


def latin_left(text: str, allowed: set) -> list:
    return sorted({w for w in _WORD.findall(text) if w not in allowed})


QUAD_AND_GLIDER = """system: battletech
units:
  - name: Quadro
    tons: 5
    motion: quad
    walk: 5
    armor: {head: 2, torso: 8, legs: 6}
  - name: Gleit
    tons: 3
    motion: glider
    walk: 4
    armor: {head: 2, torso: 5, right_arm: 1, left_arm: 1, legs: 3}
"""


def _files(game, tmp_path, cli):
    files = list(SAMPLES[game])
    if game == "battletech":  # the other motive types (Total Warfare)
        files.append(tmp_path / "quad.yaml")
        files[-1].write_text(QUAD_AND_GLIDER, encoding="utf-8")
    kinds = {"dmech": ["walker", "infantry"]}.get(game, [None])
    for lang in ("en", "ru"):
        for kind in kinds:
            out = tmp_path / f"{game}-{kind}-{lang}.yaml"
            r = cli("new", game, *([kind] if kind else []), "--lang", lang, "-o", out)
            assert r.exit_code == 0, r.stderr
            files.append(out)
    return files


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_info_in_russian_has_no_english_key_or_value(game, cli, tmp_path):
    allowed = latin_allowed()
    left = {}
    for path in _files(game, tmp_path, cli):
        rules = "tw" if path.name == "quad.yaml" else None
        r = cli("info", "--lang", "ru", path, *(["--rules", rules] if rules else []))
        assert r.exit_code == 0, r.stderr
        words = latin_left(r.stdout, allowed | user_words(path, rules))
        if words:
            left[path.name] = words
    assert left == {}


def _info(cli, *args) -> str:
    r = cli("info", *map(str, args))
    assert r.exit_code == 0, r.stderr
    return r.stdout


def test_battletech_words_in_russian(cli, tmp_path):
    out = _info(cli, "--lang", "ru", UNITS / "battletech" / "roc.yaml")
    assert out.startswith("== Roc (BattleTech: протомехи кланов)\n")
    assert "  правила: Классические правила для протомехов\n" in out
    assert "  передвижение: Двуногий\n" in out
    assert "biped" not in out and "classic" not in out
    (tmp_path / "q.yaml").write_text(QUAD_AND_GLIDER, encoding="utf-8")
    out = _info(cli, "--lang", "ru", "--rules", "tw", tmp_path / "q.yaml")
    assert "  правила: Правила Total Warfare\n" in out
    assert "  передвижение: Четвероногий\n" in out and "  передвижение: Планер\n" in out
    out = _info(cli, "--lang", "en", "--rules", "tw", tmp_path / "q.yaml")
    assert "  motion: Quad\n" in out and "  motion: Glider\n" in out


def test_dmech_words_in_russian(cli):
    out = _info(cli, "--lang", "ru", UNITS / "dmech" / "otrok.yaml")
    assert out.startswith("== Отрок (Древняя Механика)\n")
    assert "  вид: бронеход\n" in out and "  класс: Малый\n" in out
    assert "walker" not in out and "light" not in out
    out = _info(cli, "--lang", "ru", UNITS / "dmech" / "pilot_on_foot.yaml")
    assert "  вид: пеший отряд\n" in out and "infantry" not in out


def test_dust_words_in_russian(cli):
    out = _info(cli, "--lang", "ru", UNITS / "dust" / "sample_force.yaml")
    assert "== Sample Laser Squad (Dust Tactics)\n  фракция: Axis\n  вид: Отряд\n" in out
    assert "  броня: тип: Пехота, уровень: 3, код: S3\n" in out
    assert "  укрытие: слабое: спас-бросок попаданий, жёсткое: спас-бросок промахов\n" in out
    assert "  укрытие: слабое: нет спас-броска, жёсткое: спас-бросок попаданий\n" in out  # the walker
    assert (
        "(название: Sample laser rifle, количество: 2, дальность: 4, установка: —, свойства: —, "
        "против: S1: ячейка: 2/1, кубики: 2, урон: 1, фазер: нет, " in out
    )
    assert "дальность: ББ" in out  # the combat knife: range C (close combat)
    assert "установка: спереди" in out  # the walker's twin cannon: mount front
    assert "  вид: Герой\n" in out and "  вид: Машина\n" in out
    for word in ("squad", "soldier", "hits", "misses", "count", "mount", "phaser", "dice"):
        assert word not in out, word


def test_lnl_words_in_russian(cli):
    out = _info(cli, "--lang", "ru", UNITS / "lnl" / "hill30_us.yaml")
    assert "== 2nd Squad (Lock 'n Load Tactical)\n  вид: Отделение\n  фишка: 2-5-4\n" in out
    assert "  откуда огневая мощь в атаке: IFP 2 = 2\n" in out
    assert "  откуда огневая мощь в атаке: IFP 0 считается как 1 = 1\n" in out  # 3rd Squad (half)
    assert "  вид: Полотделения\n" in out and "  вид: Лидер\n" in out and "  вид: Медик\n" in out
    assert "  без ближнего боя, потому что: NME: нет SW для бл. боя\n" in out  # Lt. Baker
    assert "  без ближнего боя, потому что: NME: медик\n" in out  # Doc Hale
    assert "ближний бой: да, одноразовое: нет, M (+1 в ближнем бою): нет, трофей: да, подтверждено: да" in out
    assert "  способности: Штыковая атака\n" in out and "Bayonet" not in out  # Sgt. Cole's skill
    for word in ("squad", "leader", "medic", "melee", "single_use", "captured", "counts", "without"):
        assert word not in out, word
    out = _info(cli, "--lang", "ru", UNITS / "lnl" / "hill30_german.yaml")
    assert "  откуда огневая мощь в атаке: IFP 1 + MG-34 2 = 3\n" in out


def test_wh40k6_words_in_russian(cli):
    out = _info(cli, "--lang", "ru", UNITS / "wh40k6" / "sample_list.yaml")
    assert (
        "== Sample Captain (Вархаммер 40 000 (6-я редакция))\n  ячейка: Штаб\n  отряд: Основной отряд\n"
        in out
    )
    assert (
        "тип: Пехота (Персонаж), профиль: WS: 6, BS: 5, S: 4, T: 4, W: 3, I: 5, A: 3, Ld: 10, Sv: 3+/4++"
        in out
    )
    assert '  передвижение: Движение 12" · Турбо-ускорение 12" · Нападение 2D6" · Отступление 3D6"\n' in out
    assert "  правила типа: Молот ярости; Уклонение; Безостановочный; " in out  # the bikes
    assert "  тип отряда: Прыжковая пехота\n" in out
    for word in ("slot", "troops", "primary", "type_id", "turbo_boost", "granted_rules", "Hammer"):
        assert word not in out, word


def test_json_keeps_its_keys_and_values(cli):
    rows = json.loads(_info(cli, "--json", "--lang", "ru", UNITS / "battletech" / "roc.yaml"))
    assert (rows[0]["motion"], rows[0]["rules"]) == ("biped", "classic")
    rows = json.loads(_info(cli, "--json", "--lang", "ru", UNITS / "dmech" / "otrok.yaml"))
    assert (rows[0]["kind"], rows[0]["class"], rows[0]["class_name"]) == (
        "walker",
        "light",
        {"ru": "Малый", "en": "Light"},
    )
    rows = json.loads(_info(cli, "--json", "--lang", "ru", UNITS / "dust" / "sample_force.yaml"))
    assert (rows[0]["kind"], rows[0]["armor"]["type"], rows[0]["cover"]) == (
        "squad",
        "soldier",
        {"soft": "hits", "hard": "misses"},
    )
    rows = json.loads(_info(cli, "--json", "--lang", "ru", UNITS / "lnl" / "hill30_us.yaml"))
    assert (rows[1]["kind"], rows[1]["melee_attack_why"]) == ("squad", "IFP 2 = 2")
    assert rows[3]["nme_reason"] == "leader without a melee SW"
    rows = json.loads(_info(cli, "--json", "--lang", "ru", UNITS / "wh40k6" / "sample_list.yaml"))
    assert (rows[0]["slot"], rows[0]["detachment"], rows[0]["models"][0]["type_id"]) == (
        "hq",
        "primary",
        "infantry",
    )
