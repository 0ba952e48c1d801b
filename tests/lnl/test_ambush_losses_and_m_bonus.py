"""Lock 'n Load Tactical melee, round 2 of issue 21: the losses of a round that side B ambushes
(§8.4: B strikes first, A's survivors strike back) with the two attacks at different indexes, the
"M" bonus (§8.5) of a 0-IFP squad and half-squad that fight with a melee SW (§8.3), a hero forced
to use a non-melee SW, and skill names read whatever their punctuation. Literals by hand."""

from sheets.core.errors import RuleIssue
from sheets.games.lnl import rules
from sheets.games.lnl.rules import Side, losses, melee_fp, melee_round, skill_text
from sheets.games.lnl.spec import parse_spec


def side(key, *specs, **kw):
    return Side(key, [parse_spec(s, f"{key.upper()}{i + 1}") for i, s in enumerate(specs)], **kw)


# -- losses when B ambushes ------------------------------------------------------------------------


def test_losses_of_a_round_b_ambushes_with_a_strike_back():
    # B ambushes and kills A1 first; A's survivor A2 strikes back at B2 (the 4-6-4), the target A
    # chose for the whole side (A1 + A2 at B2)
    rnd = melee_round(
        side("a", "2-5-4", "2-5-4"), side("b", "1-6-4", "4-6-4"), a_targets=[1], b_targets=[0], ambush="b"
    )
    assert rnd.first == "b" and [i for i, _ in rnd.strike_back.attackers] == [1]
    assert [i for i, _ in rnd.strike_back.targets] == [1]
    assert losses(rnd) == {
        "only_b_destroyed": {"a": [], "b": ["B2"]},
        "only_a_destroyed": {"a": ["A1"], "b": []},
        "both": {"a": ["A1"], "b": ["B2"]},
        "neither": {"a": [], "b": []},
    }


def test_losses_of_a_round_a_ambushes_with_a_strike_back():
    # the mirror: A ambushes and kills B1; B2 strikes back at A2
    rnd = melee_round(
        side("a", "1-6-4", "4-6-4"), side("b", "2-5-4", "2-5-4"), a_targets=[0], b_targets=[1], ambush="a"
    )
    assert rnd.first == "a" and [i for i, _ in rnd.strike_back.attackers] == [1]
    assert losses(rnd) == {
        "only_b_destroyed": {"a": [], "b": ["B1"]},
        "only_a_destroyed": {"a": ["A2"], "b": []},
        "both": {"a": ["A2"], "b": ["B1"]},
        "neither": {"a": [], "b": []},
    }


# -- "M" on a 0-IFP MMC that fights with its SW ---------------------------------------------------


def test_a_zero_ifp_squad_with_an_mg_keeps_its_own_m():
    # §8.3: the 0-IFP squad fights with the MG's FP 1; its "M" adds 1 (a squad using one SW keeps
    # its own FP, §8.0): 2, and it still counts for the zero-FP modifier
    f = melee_fp(parse_spec("0M-5-4+MG", "S"))
    assert (f.fp, f.zero_ifp, [w.name for w in f.used]) == (2, True, ["MG"])
    assert f.text("en") == "IFP 0, fights with the SW's FP: MG 1; +1 M = 2"
    assert f.text("ru") == "IFP 0, сражается с FP своего SW: пулемёт 1; +1 за «M» = 2"


def test_a_zero_ifp_half_squad_with_an_mg_loses_its_m():
    # a half-squad using its SW loses its IFP (§8.0), and with it the unit's own "M": 1
    f = melee_fp(parse_spec("half:0M-2-3+MG", "H"))
    assert (f.fp, f.zero_ifp, [w.name for w in f.used]) == (1, True, ["MG"])


def test_without_its_sw_the_zero_ifp_half_squad_keeps_its_m():
    f = melee_fp(parse_spec("half:nosw:0M-2-3+MG", "H"))
    assert (f.fp, f.used) == (2, ())  # FP 1 for 0 IFP, +1 for "M"


# -- use_sw without a melee SW ------------------------------------------------------------------------


def test_use_sw_true_without_a_melee_sw_is_one_exact_issue():
    u = rules.build_unit({"name": "Ray", "kind": "hero", "fp": 2, "weapons": ["Bazooka"], "use_sw": True})
    assert rules.validate_unit(u) == [
        RuleIssue(
            ("use_sw",),
            "use_sw: true needs a melee SW (MG, Satchel Charge, Molotov Cocktail, Flamethrower) in weapons",
        )
    ]
    ok = rules.build_unit({"name": "Cole", "kind": "hero", "fp": 2, "weapons": ["MG"], "use_sw": True})
    assert rules.validate_unit(ok) == []


# -- skills -------------------------------------------------------------------------------------------


def test_skill_names_are_read_whatever_their_case_spacing_and_punctuation():
    assert skill_text("Bayonet", "ru") == "Штыковая атака"
    assert skill_text("  BAYONET  ", "ru") == "Штыковая атака"
    assert skill_text("Bayonet.", "ru") == "Штыковая атака"
    assert skill_text("(bayonet)", "en") == "Bayonet"
    assert skill_text("Sprint!", "ru") == "Sprint!"  # unknown: as the user wrote it


def test_a_shaken_leaders_lm_counts_by_default():
    # the seed says only that Shaken units are NME (§8.1): their leader's LM still counts unless asked
    s = side("a", "shaken:leader:lm2+MG", "2-5-4")
    assert s.leadership() == 2 and s.leadership(shaken=False) == 0
    assert s.leadership([0, 1]) == 2 and s.leadership([1]) == 0
