"""The four readings of the melee rules (Lock 'n Load Tactical Core Rules §8.0, §8.4, §8.5 in the
Russian translation), pinned with literals worked out by hand from the sentences:

* two SWs giving the same FP: the one spent does not depend on the order typed — the one that is
  not single-use (a Molotov or a Satchel Charge is removed after the round) or captured is used;
* with "M" added after the Ambush tripling, the weapon is chosen after tripling too;
* «отделение может использовать один SW … или два SW»: the rules limit using, not carrying;
* «утраивается для первого раунда Melle»: the ambushers' FP is tripled in their attack, or (the
  other reading, an option) in their defence too."""

from __future__ import annotations

import json

import pytest

from sheets.games.lnl import rules
from sheets.games.lnl.spec import parse_spec


def fp(spec: str, **kw) -> rules.UnitFP:
    return rules.melee_fp(parse_spec(spec, "A1"), **kw)


@pytest.mark.parametrize("spec", ["2-4-4+Molotov+M1919", "2-4-4+M1919+Molotov"])
def test_of_two_sws_giving_the_same_fp_the_one_kept_after_the_round_is_used(spec):
    # IFP 2 + M1919 2 = IFP 2 + Molotov 2 = 4: the Molotov would be removed after the round
    got = fp(spec)
    assert got.fp == 4 and [w.weapon.name for w in got.used] == ["M1919"]
    assert got.text() == "IFP 2 + M1919 2 = 4"


@pytest.mark.parametrize("spec", ["2-4-4+MG*+MG", "2-4-4+MG+MG*"])
def test_a_captured_sw_is_kept_for_when_no_other_gives_as_much(spec):
    got = fp(spec)
    assert got.fp == 3 and [w.captured for w in got.used] == [False]  # IFP 2 + MG 1


@pytest.mark.parametrize("spec", ["2-4-4+Molotov+M1919", "2-4-4+M1919+Molotov"])
def test_the_calculator_says_no_sw_is_spent_whatever_the_order(cli, spec):
    r = cli("calc", "lnl", "melee", "--a", spec, "--b", "1-6-4", "--json")
    assert r.exit_code == 0, r.stderr
    a = json.loads(r.stdout)["a"]
    assert a["fp"] == 4 and a["single_use_removed"] == [] and a["units"][0]["why"] == "IFP 2 + M1919 2 = 4"


def test_with_m_after_ambush_the_weapon_is_chosen_after_tripling():
    # hero 1M with a Satchel Charge (FP 3): its own FP 1 ×3 +1 = 4; half the SC's FP, 2, ×3 = 6
    after = rules.Interpretations(m_before_ambush=False)
    assert fp("hero:1M-4-5+SC", ambush=True, rules=after).fp == 6
    assert fp("hero:1M-4-5+SC", ambush=True, rules=after).used[0].weapon.name == "Satchel Charge"
    # "M" before tripling: (1 + 1) ×3 = 6 = 2 ×3: a tie keeps the SW unused
    before = fp("hero:1M-4-5+SC", ambush=True)
    assert before.fp == 6 and before.used == ()
    # no ambush: 1 + 1 = 2 = half of 3 rounded up: the SW stays unused
    assert fp("hero:1M-4-5+SC").fp == 2 and fp("hero:1M-4-5+SC").used == ()


def test_a_squad_may_carry_more_sws_than_it_may_use_and_uses_the_best():
    # MG+MG+Bazooka: one SW keeping the IFP (2 + 1 = 3) beats two losing it (1 + 1 = 2); the
    # bazooka is no melee SW
    got = fp("2-4-4+MG+MG+Bazooka")
    assert got.fp == 3 and [w.weapon.name for w in got.used] == ["MG"]
    assert fp("1-4-4+MG-34+MG-34+MG").fp == 4  # two MG-34 (2 + 2) beat IFP 1 + one (1 + 2)
    assert [w.weapon.name for w in fp("1-4-4+MG-34+MG-34+MG").used] == ["MG-34", "MG-34"]


def test_a_counter_carries_four_sws_and_a_fifth_is_refused(cli):
    assert cli("calc", "lnl", "melee", "--a", "2-4-4+MG+MG+MG+MG", "--b", "1-6-4").exit_code == 0
    r = cli("calc", "lnl", "melee", "--a", "2-4-4+MG+MG+MG+MG+MG", "--b", "1-6-4")
    assert r.exit_code == 2
    assert "a counter carries at most 4 support weapons here (it uses the best it may)" in r.stderr


def _round(**kw):
    a = rules.Side("a", [parse_spec("2-4-4", "A1")])
    b = rules.Side("b", [parse_spec("3-4-4", "B1")])
    return rules.melee_round(a, b, ambush="a", rules=rules.Interpretations(**kw))


def test_the_ambushers_fp_is_tripled_in_their_attack_only_by_default():
    rnd = _round()
    assert (rnd.a.fp, rnd.a.target_fp) == (6, 3)  # A1's 2 ×3 against B1's 3
    assert (rnd.b.fp, rnd.b.target_fp) == (3, 2)  # B1 strikes back at A1's untripled 2


def test_the_other_reading_triples_their_defence_too():
    rnd = _round(ambush_defence=True)
    assert (rnd.a.fp, rnd.a.target_fp) == (6, 3)
    assert (rnd.b.fp, rnd.b.target_fp) == (3, 6)  # 3 against 6: odds 1:2


def test_the_calculator_offers_the_other_reading(cli):
    base = ("calc", "lnl", "melee", "--a", "2-4-4", "--b", "3-4-4", "--ambush", "a", "--json")
    assert json.loads(cli(*base).stdout)["b"]["target_fp"] == 2
    assert json.loads(cli(*base, "--ambush-defence").stdout)["b"]["target_fp"] == 6
    assert "--ambush-defence" in cli("calc", "lnl", "melee", "-h").stdout


OOB4 = """system: lnl
roster: {name: Test, side: US}
units:
  - {name: 1st Squad, kind: squad, counter: "2-6-4", weapons: [MG, M1919, Satchel Charge, Molotov Cocktail]}
  - {name: 2nd Squad, kind: squad, counter: "2-6-4", weapons: [MG, M1919, Satchel Charge]}
  - {name: 3rd Squad, kind: squad, counter: "2-6-4", weapons: [MG, M1919]}
"""


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_four_carried_sws_get_four_boxes_inside_their_column(tmp_path, paper):
    """The "SW used" boxes of a counter carrying three or four SWs go two to a line and stay in
    the column (drawn in one line they ran past the sheet's right edge)."""
    from sheets.core.game import Options, get_game, load_object
    from sheets.core.loader import load_file
    from sheets.render.pdf import Document, margins

    f = tmp_path / "oob.yaml"
    f.write_text(OOB4, encoding="utf-8")
    loaded = load_file(str(f), Options(lang="en", paper=paper))
    doc = Document(paper, False, lang="en", record=True)
    load_object(get_game("lnl").renderer)(doc, loaded.units, loaded.options)
    doc.finish()
    boxes = [it[1] for p in doc.recorder.pages for it in p["items"] if it[0] == "b"]
    right = doc.width - margins(paper)
    assert max(x1 for _x0, _y0, x1, _y1 in boxes) <= right
    from sheets.render.layout_check import check

    assert check(doc.recorder) == []
