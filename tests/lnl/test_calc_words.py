"""`calc lnl melee --best` on a round that is not allowed (below 1:3 against two targets, §8.2:
such an attack may target only one unit): the short ranking it prints instead, pinned word for
word in English and Russian (issue 21: a label swapped with another fails).

1 FP against one 4-6-4 (4 FP) is 1:4, below 1:3, so 1:3, Kill Number 11: 3 of 36 rolls (8.3 %).
The two 4-6-4s (8 FP) against the 1-6-4 (1 FP): 8:1, capped at 5:1, Kill Number 3: 35/36 (97.2 %).
"""

import pytest

ARGS = ("calc", "lnl", "melee", "--a", "1-6-4", "--b", "4-6-4", "4-6-4", "--a-targets", "B1,B2", "--best")

EXPECTED = {
    "en": [
        "The round as given is not allowed: side A: 1 FP against 2 units with 8 FP is below 1:3; such an "
        "attack may target only one unit: pick one of B1, B2 (e.g. --a-targets B1)",
        "",
        "Best targets for A: B1 8.3%; B2 8.3%",
        "Best targets for B: A1 97.2%",
    ],
    "ru": [
        "Такой раунд не разрешён правилами: сторона А: 1 FP против 2 отрядов с 8 FP — хуже 1:3; такая "
        "атака может быть направлена только на один отряд: выберите один из Б1, Б2 (например, --a-targets Б1)",
        "",
        "Лучшие цели стороны А: Б1 8.3%; Б2 8.3%",
        "Лучшие цели стороны Б: А1 97.2%",
    ],
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_refused_round_lists_the_best_legal_targets(cli, lang):
    r = cli(*ARGS, "--lang", lang)
    assert r.exit_code == 1
    assert r.stdout.splitlines() == EXPECTED[lang]
