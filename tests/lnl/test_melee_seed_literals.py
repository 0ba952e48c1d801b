"""Issue 24 (LnL points 1–5) and issue 20 (words, not keys): `calc lnl melee` against the seed
(Lock 'n Load Tactical Core Rules §8.0–8.3, Russian translation). Every expected value is a
literal worked out by hand from the quoted sentence; none is read back from the data files."""

import json

import pytest

from sheets.games.lnl.rules import Side, melee_fp, melee_round, nme_only, round_json
from sheets.games.lnl.spec import SpecError, SpecTooLong, parse_spec


def melee(cli, *args):
    r = cli("calc", "lnl", "melee", *args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def side(key, *specs):
    return Side(key, [parse_spec(s, f"{key.upper()}{i + 1}") for i, s in enumerate(specs)])


# -- point 1: using an SW is a choice for leaders and heroes ------------------------------------


def test_hero_carrying_an_mg_fights_with_its_own_fp_by_default(cli):
    """«Лидеры / герои, использующие SW для Melle атакуют и защищаются с половиной FP SW» —
    *using*: a hero 2-4-5 carrying an MG (FP 1, half = 1) is better off with its IFP 2:
    2 vs 2 = 1:1, the hero's shift → 2:1, Kill Number 6, a natural 6+ = 26/36 = 13/18."""
    a = melee(cli, "--a", "hero:2-4-5+MG", "--b", "2-4-4")["a"]
    assert (a["fp"], a["ratio"], a["column"], a["kill_number"]) == (2, "2:2", "2:1", 6)
    assert a["need"] == 6 and a["p_kill_exact"] == "13/18"
    assert a["units"][0]["why"] == "hero IFP 2 (MG not used: half its FP would give 1) = 2"


def test_the_user_can_force_either_choice(cli):
    """The same sentence, forced: sw: uses the MG (half of 1 = 1): 1 vs 2 = 1:2, the shift →
    1:1, Kill Number 8, 8+ = 15/36 = 5/12; nosw: keeps the IFP (FP 2 as by default)."""
    used = melee(cli, "--a", "sw:hero:2-4-5+MG", "--b", "2-4-4")["a"]
    assert (used["fp"], used["ratio"], used["column"], used["p_kill_exact"]) == (1, "1:2", "1:1", "5/12")
    assert used["units"][0]["why"] == "half of MG 1 rounded up = 1"
    kept = melee(cli, "--a", "nosw:hero:2-4-5+MG", "--b", "2-4-4")["a"]
    assert (kept["fp"], kept["column"], kept["p_kill_exact"]) == (2, "2:1", "13/18")
    assert kept["units"][0]["why"] == "hero IFP 2 = 2"


def test_the_better_choice_takes_the_sw_when_half_of_it_is_more():
    """Half of a Flamethrower's 3 rounded up = 2 beats a hero's IFP 1 (seed: «остаток
    округляется в большую сторону»)."""
    f = melee_fp(parse_spec("hero:1-4-5+Flamethrower", "H"))
    assert (f.fp, [w.name for w in f.used]) == (2, ["Flamethrower"])


def test_a_legal_attack_is_no_longer_refused_as_below_1_3(cli):
    """«Немодифицированные атаки менее 1:3 … не могут быть проведены против нескольких
    юнитов»: a hero 3-4-5 forced onto its MG has 1 FP against two 4-6-4 (8): 1:8, below 1:3,
    refused; with its IFP 3: 3:8 is not below 1:3 (3 × 3 = 9 ≥ 8), column 1:2 → hero 1:1."""
    r = cli("calc", "lnl", "melee", "--a", "sw:hero:3-4-5+MG", "--b", "4-6-4", "4-6-4")
    assert r.exit_code == 1 and "below 1:3" in r.stderr
    a = melee(cli, "--a", "hero:3-4-5+MG", "--b", "4-6-4", "4-6-4")["a"]
    assert (a["fp"], a["target_fp"], a["ratio"], a["column"]) == (3, 8, "3:8", "1:1")


def test_a_leader_forced_off_its_sw_is_nme():
    """«Лидеры, не имеющие SW для Melle … не атакуют и не могут быть целью атак»: a leader
    has no melee FP of its own, so nosw: makes it NME; by default it uses the MG (half of 1 = 1)."""
    assert melee_fp(parse_spec("leader:lm1+MG", "L")).fp == 1
    with pytest.raises(ValueError, match="not melee-eligible"):
        melee_fp(parse_spec("nosw:leader:lm1+MG", "L"))


def test_use_sw_in_a_unit_file(cli, tmp_path):
    """The file's ``use_sw`` forces the choice like sw:/nosw:; true without a melee SW is an
    error at its line."""
    f = tmp_path / "oob.yaml"
    f.write_text(
        "system: lnl\nunits:\n  - {name: Cole, kind: hero, fp: 2, weapons: [MG], use_sw: true}\n"
        "  - {name: Ray, kind: hero, fp: 2, weapons: [Bazooka], use_sw: true}\n",
        encoding="utf-8",
    )
    r = cli("validate", str(f))
    assert r.exit_code == 1 and "oob.yaml:4:" in r.output and "use_sw: true needs a melee SW" in r.output
    f.write_text(
        "system: lnl\nunits:\n  - {name: Cole, kind: hero, fp: 2, weapons: [MG], use_sw: true}\n",
        encoding="utf-8",
    )
    a = melee(cli, "--a", f"{f}#Cole", "--b", "2-4-4")["a"]
    assert (a["fp"], a["column"]) == (1, "1:1")


def test_sw_prefix_needs_a_melee_sw(cli):
    r = cli("calc", "lnl", "melee", "--a", "sw:hero:2-4-5+Bazooka", "--b", "2-4-4")
    assert r.exit_code == 2 and "carries none" in r.output


# -- point 2: a 0-IFP MMC with an SW fights with the SW's FP -------------------------------------


def test_zero_ifp_unit_with_an_sw_uses_the_sws_fp(cli):
    """§8.3: «MMC с IFP 0 атакуют и защищаются с FP равным 1, если только у таких юнитов нет
    SW, которое можно использовать Melle, и в этом случае они используют FP SW» — a 0-2-3
    half-squad with a captured MG (FP 1) fights with the MG: FP 1, not "IFP 0 counts as 1"."""
    out = melee(cli, "--a", "half:0-2-3+MG*", "--b", "2-4-4")
    a = out["a"]
    assert a["units"][0]["why"] == "IFP 0, fights with the SW's FP: MG 1 = 1"
    assert (a["fp"], a["column"], a["drm"], a["need"]) == (1, "1:2", -1, 11)  # KN 10, −1
    assert out["a"]["captured_used"] == ["MG (A1)"]  # the Admin-Phase reminder stays


def test_no_zero_drm_with_sw_now_drops_the_drm(cli):
    """§8.3 «За каждый MMC с нулевым IFP, участвующий в атаке, вычитается 1» — read as not
    applying when it fights with an SW, the −1 goes: need 10 at 1:2 (Kill Number 10)."""
    out = melee(cli, "--a", "half:0-2-3+MG*", "--b", "2-4-4", "--no-zero-drm-with-sw")
    assert (out["a"]["drm"], out["a"]["need"], out["b"]["drm"]) == (0, 10, 0)
    assert out["a"]["captured_used"] == ["MG (A1)"]
    r = cli("calc", "lnl", "melee", "--a", "half:0-2-3+MG*", "--b", "2-4-4")
    assert "Captured SW used by A: MG (A1) — removed in the Admin Phase" in r.stdout


# -- point 3: a hex of only NME enemies -------------------------------------------------------


def test_a_hex_of_only_nme_enemies_destroys_them(cli):
    """§8.1: «Если юнит входит в гекс, содержащий только вражеские юниты NME, все вражеские
    юниты уничтожаются, юнит который передвигался, должен остановиться; а гекс отмечается
    маркером Melee.»"""
    r = cli("calc", "lnl", "melee", "--a", "2-5-4", "--b", "leader:lm1", "sniper:")
    assert r.exit_code == 0 and r.stderr == ""
    assert r.stdout.strip() == (
        "Side B has only NME units in the hex: all of them are destroyed without a roll (B1, B2); "
        "the unit of side A that entered stops, and the hex gets a Melee marker (§8.1)."
    )
    assert melee(cli, "--a", "medic:", "--b", "2-5-4") == {
        "nme_only": "a",
        "destroyed": ["A1"],
        "simultaneous": None,
    }
    ru = cli("calc", "lnl", "melee", "--a", "2-5-4", "--b", "shaken:1-6-4", "--lang", "ru")
    assert ru.stdout.startswith("У стороны Б в гексе только юниты NME: все они уничтожаются без броска (Б1)")


def test_nme_only_in_the_rules_core():
    assert nme_only(side("a", "2-5-4"), side("b", "sniper:")) == "b"
    assert nme_only(side("a", "2-5-4"), side("b", "sniper:", "1-6-4")) is None
    assert nme_only(side("a", "sniper:"), side("b", "medic:")) is None  # an illegal attack instead


# -- point 4: bounds --------------------------------------------------------------------------


@pytest.mark.parametrize("lm, ok", [(-4, False), (-3, True), (5, True), (6, False), (99, False)])
def test_a_specs_leader_lm_is_limited_like_a_lm(lm, ok):
    """LM −3…5, as ``--a-lm`` and the unit files' ``lm:`` (``lm99`` gave DRM +99)."""
    if ok:
        assert parse_spec(f"leader:lm{lm}+MG", "L").lm == lm
    else:
        with pytest.raises(
            SpecError, match=rf"a leader's LM is -3…5 \(as a side's leadership modifier\), not {lm}$"
        ):
            parse_spec(f"leader:lm{lm}+MG", "L")


def test_lm99_is_a_usage_error(cli):
    r = cli("calc", "lnl", "melee", "--a", "leader:lm99+MG", "--b", "2-4-4")
    assert r.exit_code == 2 and "not 99" in r.output and r.stdout == ""


def test_a_long_spec_is_a_usage_error_with_a_short_message(cli):
    """300 characters were exit 3 (``OSError: File name too long``); 61 echoed the whole SPEC. A
    value the command line gives that cannot be used is a usage error (exit 2), as every other."""
    for n in (61, 300, 2000, 2001):
        spec = "2" * n
        r = cli("calc", "lnl", "melee", "--a", spec, "--b", "2-4-4")
        assert r.exit_code == 2 and r.stdout == ""
        said = (
            f"a SPEC is one counter of at most 60 characters (this one has {n}): write it like 2-5-4 or 1-6-4+MG-34"
            if n <= 2000
            else f"too long ({n} characters; at most 2000)"  # any text value of any option
        )
        assert r.stderr.strip().splitlines()[-1] == f"Error: Invalid value for '--a': {said}"
        assert "Traceback" not in r.stderr and spec not in r.stderr


def test_sixty_characters_are_not_too_long():
    sixty = "1-6-4+" + "+".join(["MG"] * 2)
    assert len(sixty) < 60
    with pytest.raises(SpecTooLong):
        parse_spec("x" * 61, "U")
    with pytest.raises(SpecError) as err:  # 60: parsed (and refused for what it is), not for its length
        parse_spec("x" * 60, "U")
    assert not isinstance(err.value, SpecTooLong)


# -- point 5 and issue 20: words --------------------------------------------------------------


def test_outcomes_name_the_destroyed_units(cli):
    """The outcome lines name the side that loses and its units, with NME units lost with their
    side (§8.1 «Если все юниты, отвечающие требованиям Melle, уничтожены, единицы NME также
    уничтожены»): A 2-5-4 vs B 1-6-4 + a leader without an SW."""
    r = cli("calc", "lnl", "melee", "--a", "2-5-4", "--b", "1-6-4", "leader:lm1")
    out = r.stdout
    assert "only B loses units: B1, B2" in out and "only A loses units: A1" in out
    assert "both sides lose units: A: A1; B: B1, B2" in out and "no unit destroyed" in out
    assert "targets destroyed" not in out
    data = melee(cli, "--a", "2-5-4", "--b", "1-6-4", "leader:lm1")
    assert data["losses"]["only_b_destroyed"] == {"a": [], "b": ["B1", "B2"]}
    assert data["losses"]["both"] == {"a": ["A1"], "b": ["B1", "B2"]}


def test_ambush_losses_use_the_strike_back_targets():
    """§8.4: the ambusher's victims are removed before they strike back; the survivors' strike
    back names its own targets."""
    rnd = melee_round(side("a", "2-5-4"), side("b", "1-6-4", "1-6-4"), a_targets=[0], ambush="a")
    assert round_json(rnd)["losses"]["both"] == {"a": ["A1"], "b": ["B1"]}


def test_certain_and_impossible_kills_in_plain_words(cli):
    """6 vs 1 → 5:1 (Kill Number 3) with LM +1: any roll; half-squad 0-2-3 (1) vs 3-6-4 (3) =
    1:3 (Kill Number 11), LM −1 and −1 for the 0-IFP attacker: 13 needed — cannot succeed."""
    r = cli(
        "calc",
        "lnl",
        "melee",
        "--a",
        "2-5-4",
        "2-5-4",
        "2-5-4",
        "--b",
        "1-6-4",
        "--a-lm",
        "1",
        "--b-targets",
        "A1",
    )
    assert "succeeds on any roll: a certain kill" in r.stdout and "1/1" not in r.stdout
    r = cli("calc", "lnl", "melee", "--a", "half:0-2-3", "--b", "3-6-4", "--a-lm", "-1")
    assert "cannot succeed: even a natural 12 falls short" in r.stdout and "0/1" not in r.stdout
    ru = cli("calc", "lnl", "melee", "--a", "half:0-2-3", "--b", "3-6-4", "--a-lm", "-1", "--lang", "ru")
    assert "успех невозможен: не хватит даже 12 на кубиках" in ru.stdout


def test_best_says_how_many_it_lists(cli):
    """Four targets give 15 target sets (2⁴ − 1); 12 are listed: "best 12 of 15"; two
    targets give 3: "all 3"."""
    r = cli(
        "calc", "lnl", "melee", "--a", "4-6-4", "4-6-4", "--b", "1-6-4", "1-6-4", "1-6-4", "1-6-4", "--best"
    )
    assert "(best 12 of 15 legal choices)" in r.stdout and "(15 legal choices)" not in r.stdout
    r = cli("calc", "lnl", "melee", "--a", "2-5-4", "--b", "1-6-4", "1-6-4", "--best")
    assert "(all 3 legal choices)" in r.stdout


def test_russian_output_has_russian_side_letters_and_no_keys(cli):
    """`--lang ru`: unit names А1/Б1, counters in words (полотделения, герой), no raw keys."""
    r = cli(
        "calc",
        "lnl",
        "melee",
        "--a",
        "half:0-2-3+MG*",
        "hero:fp2+MG",
        "--b",
        "2-4-4",
        "leader:lm1+MG",
        "--lang",
        "ru",
        "--best",
    )
    out = r.stdout
    assert r.exit_code == 0
    assert "А атакует: Б1, Б2" in out and "Б атакует: А1, А2" in out
    assert "полотделения 0-2-3+пулемёт*" in out and "герой FP 2 + пулемёт" in out
    assert "лидер LM +1 + пулемёт" in out
    for key in ("half_squad", "hero:", "leader:", "fp2", "lm1", "A1", "B1", "A2", "B2", "only_"):
        assert key not in out
    # the targets may be named in either alphabet
    a = melee(cli, "--a", "2-5-4", "--b", "1-6-4", "1-6-4", "--lang", "ru", "--a-targets", "B1")["a"]
    assert a["targets"] == ["Б1"]


# -- point 6: a Shaken leader's LM (the seed does not answer it: an option) -------------------


def test_shaken_leader_lm_is_an_option(cli):
    """The seed: «Модификаторы лидерства (LM) применяются к атакующим юнитам и добавляются к их
    2d6» and, of NME units, only «… и Shaken юниты не атакуют и не могут быть целью атак» —
    nothing on a Shaken leader's LM. Default: it counts (no exception named); the option drops
    it. A 2-5-4 with a Shaken leader LM +2 vs a 2-5-4: 1:1, Kill Number 8, need 6 / 8."""
    on = melee(cli, "--a", "2-5-4", "shaken:leader:lm2", "--b", "2-5-4")["a"]
    off = melee(cli, "--a", "2-5-4", "shaken:leader:lm2", "--b", "2-5-4", "--no-shaken-leader-lm")["a"]
    assert (on["lm"], on["need"], on["p_kill_exact"]) == (2, 6, "13/18")
    assert (off["lm"], off["need"], off["p_kill_exact"]) == (0, 8, "5/12")
    # a leader who is not Shaken is not affected by the option
    calm = melee(cli, "--a", "2-5-4", "leader:lm2", "--b", "2-5-4", "--no-shaken-leader-lm")["a"]
    assert calm["lm"] == 2


def test_best_rows_say_any_roll_and_impossible(cli):
    """8 vs 1 → 5:1 (Kill Number 3) with LM +2: a natural 1 is enough — "any roll"; a 1-6-4
    against a 4-6-4 = 1:4, below 1:3 → 1:3 (Kill Number 11) with LM −3: 14 needed — impossible."""
    r = cli(
        "calc",
        "lnl",
        "melee",
        "--a",
        "4-6-4",
        "4-6-4",
        "--b",
        "1-6-4",
        "--a-lm",
        "2",
        "--b-targets",
        "A1",
        "--best",
    )
    assert "B1: 5:1 KN 3† DRM +2 need any roll p 100.0%" in r.stdout
    r = cli("calc", "lnl", "melee", "--a", "1-6-4", "--b", "4-6-4", "--a-lm", "-3", "--best")
    assert "B1: 1:3 KN 11† DRM -3 need impossible p 0.0%" in r.stdout
