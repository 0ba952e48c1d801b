"""Issue 21, words pinned: Lock 'n Load melee labels printed next to what they label, in English
and Russian (the handout's NME bullets, worked examples and readings in their order, the melee
worksheet's columns; the calculator's odds notes, roll lines, counters, outcome heading, the
best-target ranking and the refusal of an illegal attack). Each pin is a literal run of the
printed or echoed text; a label exchanged with its neighbour in ``labels.yaml`` moves a word and
fails the pin."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from label_pins import echoed, missing, printed

from sheets.cli import cli


def melee(*args: str) -> str:
    return echoed("calc", "lnl", "melee", *args)


def refused(*args: str) -> str:
    r = CliRunner().invoke(cli, ["calc", "lnl", "melee", *args])
    assert r.exit_code == 1, r.output
    return " ".join(r.stderr.split())


CASES = {
    "reference-en": (
        lambda: printed("reference", "lnl", "--lang", "en"),
        [
            "• A leader with a captured MG (FP 1 → 1) and a 1-6-4 against a 1-5-4: 2:1. If neither side is "
            "eliminated, the captured MG is removed in the Admin Phase. • An ambushing 2-5-4 against a 1-6-4: "
            "6:1 → 5:1; if the 1-6-4 is killed, it is removed before it can strike back. Readings:",
            "Melee worksheet (write in pencil) Hex / turn Side FP Targets' FP Column KN LM ± 0-FP = DRM Need Killed",
        ],
    ),
    "reference-ru": (
        lambda: printed("reference", "lnl", "--lang", "ru"),
        [
            "• Юнит, вошедший в гекс только с неспособными к ближнему бою врагами, уничтожает их, "
            "останавливается, и гекс получает маркер ближнего боя. Такие юниты сами не входят в гекс только "
            "с врагами. • Юнит, способный только к обороне, не атакует, но и не уничтожается автоматически. "
            "После раунда",
            "3. Утроенная FP засады действует в её атаке, но не в защите от ответного удара (калькулятор предлагает и другое прочтение: утроение и в защите). 4. Собственная "
            "«M» юнита уходит вместе с IFP: юнит, отказавшийся от IFP ради SW, теряет этот +1 («M» самого SW "
            "остаётся). 5.",
        ],
    ),
    "calc-en": (
        lambda: " | ".join(
            [
                melee(
                    "--a",
                    "1-6-4",
                    "--a",
                    "hero:1-4-5",
                    "--a-hero",
                    "--b",
                    "1-5-4",
                    "--b",
                    "1-5-4",
                    "--b",
                    "1-5-4",
                    "--b",
                    "1-5-4",
                    "--lang",
                    "en",
                ),
                melee("--a", "1-6-4", "--b", "10-5-4", "--lang", "en"),
                melee("--a", "12-6-4", "--a-lm", "2", "--b", "1-5-4", "--lang", "en"),
                melee("--a", "2-5-4", "--b", "1-5-4", "--b", "1-5-4", "--best", "--lang", "en"),
                refused("--a", "1-6-4", "--b", "10-5-4", "--b", "1-5-4", "--lang", "en"),
            ]
        ),
        [
            "odds 2:4 → column 1:1 (hero: one column in the attacker's favour) Kill Number 8; DRM +0 (LM +0); "
            "needs a natural 8+ on 2d6: p(kill) = 5/12 = 41.7%",
            "Outcome of the round: 11.6% only B loses units: B1, B2, B3, B4 42.1% only A loses units: A1, A2 "
            "30.1% both sides lose units: A: A1, A2; B: B1, B2, B3, B4 16.2% no unit destroyed",
            "odds 1:10 → column 1:3 (below 1:3: treated as 1:3 (one target only))",
            "Kill Number 3†; DRM +2 (LM +2); succeeds on any roll: a certain kill",
            "Best targets for B by expected enemy FP destroyed (all 1 legal choices): 1. A1: 1:1 KN 8",
            "illegal attack: side A: 1 FP against 2 units with 11 FP is below 1:3; such an attack may target only one unit",
        ],
    ),
    "calc-ru": (
        lambda: " | ".join(
            [
                melee(
                    "--a",
                    "1-6-4",
                    "--a",
                    "hero:1-4-5",
                    "--a-hero",
                    "--b",
                    "1-5-4",
                    "--b",
                    "1-5-4",
                    "--b",
                    "1-5-4",
                    "--b",
                    "1-5-4",
                    "--lang",
                    "ru",
                ),
                melee("--a", "1-6-4", "--b", "10-5-4", "--lang", "ru"),
                melee("--a", "scout:lm1+MG-34", "--b", "1-5-4", "--lang", "ru"),
                melee("--a", "2-5-4", "--b", "1-5-4", "--b", "1-5-4", "--best", "--lang", "ru"),
            ]
        ),
        [
            "соотношение 2:4 → колонка 1:1 (герой: на колонку в пользу атакующего) смертельное число (KN) 8; "
            "модификатор +0 (LM +0); нужно выбросить 8+ на 2d6: шанс уничтожить = 5/12 = 41.7%",
            "Исход раунда: 11.6% потери только у стороны Б: Б1, Б2, Б3, Б4 42.1% потери только у стороны А: "
            "А1, А2 30.1% потери у обеих сторон: А — А1, А2; Б — Б1, Б2, Б3, Б4 16.2% никто не уничтожен",
            "соотношение 1:10 → колонка 1:3 (хуже 1:3: считается как 1:3 (только одна цель))",
            "А1 разведчик LM +1 + MG-34 1 FP MG-34 2: половина с округлением вверх = 1",
            "Лучшие цели стороны Б по ожидаемой уничтоженной FP врага (все допустимые варианты: 1): 1. А1: 1:1 KN 8",
        ],
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_lnl_labels_printed_in_place(case):
    text, pins = CASES[case]
    assert missing(text(), pins) == []
