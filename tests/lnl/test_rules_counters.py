"""Building and checking one Lock 'n Load Tactical counter (Core Rules §8.0 quoting §1.6 on SWs,
§8.1 on NME units, §8.3 on zero-FP units, §8.5 "M"), through :mod:`sheets.games.lnl.rules`.

Expected values are literals from the rules text and the issue-8 contract (counter notation
Firepower-Range-Morale; SW limits: a squad one SW keeping its IFP or two losing it, a half-squad
or crew one losing its IFP, an SMC one)."""

import pytest

from sheets.core.errors import RuleIssue
from sheets.games.lnl.model import CarriedSW, Unit, find_weapon
from sheets.games.lnl.rules import build_unit, nme_reason, sw_use_note, validate_unit
from sheets.games.lnl.spec import SpecError, parse_spec

# what the schema hands over for a `units:` entry with nothing but name and kind (its defaults)
DEFAULTS = {
    "counter": "",
    "fp": None,
    "lm": None,
    "morale": None,
    "skills": [],
    "m": False,
    "ambush": False,
    "shaken": False,
    "weapons": [],
    "notes": "",
}


def entry(**kw):
    return {**DEFAULTS, **kw}


def sw(name, captured=False):
    return CarriedSW(find_weapon(name), captured)


# -- build_unit ------------------------------------------------------------------------------


def test_build_squad_reads_firepower_range_morale_from_its_counter():
    u = build_unit(
        entry(
            name="  1st Squad ",
            kind="squad",
            counter=" 2-5-4 ",
            ambush=True,
            skills=["Ambush"],
            notes="Hill 30",
            weapons=["MG-34", {"item": "MG", "captured": True}],
        )
    )
    assert (u.name, u.kind, u.counter) == ("1st Squad", "squad", "2-5-4")
    assert (u.ifp, u.range, u.morale, u.lm) == (2, 5, 4, None)
    assert (u.m, u.ambush, u.shaken) == (False, True, False)
    assert u.skills == ("Ambush",) and u.notes == "Hill 30"
    assert u.weapons == [sw("MG-34"), sw("MG", captured=True)]
    assert u.unknown_weapons == [] and u.counter_error is None and u.fp_given is False
    assert validate_unit(u) == []


@pytest.mark.parametrize(
    "counter, m_field, expected",
    [
        ("2-5-4", False, False),
        ("2M-5-4", False, True),  # the "M" superscript written on the counter (§8.5)
        ("2-5-4M", False, True),
        ("2-5-4", True, True),  # or as `m: true`
        ("2M-5-4", True, True),
    ],
)
def test_build_m_superscript_from_the_counter_or_the_field(counter, m_field, expected):
    assert build_unit(entry(name="S", kind="squad", counter=counter, m=m_field)).m is expected


def test_build_shaken_flag():
    assert build_unit(entry(name="S", kind="squad", counter="1-6-4", shaken=True)).shaken is True


def test_build_bad_counter_keeps_the_parser_message():
    u = build_unit(entry(name="A", kind="squad", counter="2-5"))
    assert u.counter_error == (
        "bad counter '2-5': expected Firepower-Range-Morale like 2-5-4 (an \"M\" on the firepower: 2M-5-4)"
    )
    assert u.ifp is None
    assert validate_unit(u) == [RuleIssue(("counter",), u.counter_error)]


@pytest.mark.parametrize("kind", ["squad", "half_squad", "crew", "weapon_team"])
def test_build_mmc_without_counter_is_an_error(kind):
    u = build_unit(entry(name="A", kind=kind))
    assert u.counter_error == "an MMC needs its counter: Firepower-Range-Morale like 2-5-4"
    assert validate_unit(u) == [RuleIssue(("counter",), u.counter_error)]


def test_build_smc_keeps_named_fields_and_its_counter_text_verbatim():
    u = build_unit(
        entry(name="Lt. Baker", kind="leader", counter="6-0-6", lm=1, morale=6, skills=["Inspire"])
    )
    assert (u.counter, u.ifp, u.lm, u.morale, u.range) == ("6-0-6", None, 1, 6, None)
    assert u.counter_error is None and u.fp_given is False and u.skills == ("Inspire",)
    hero = build_unit(entry(name="Sgt. Cole", kind="hero", fp=1, morale=5))
    assert (hero.ifp, hero.fp_given, hero.counter) == (1, True, "")
    assert validate_unit(hero) == []
    plain = build_unit(entry(name="Sgt. Cole", kind="hero", fp=1))
    assert (plain.notes, plain.skills, plain.weapons, plain.ambush) == ("", (), [], False)


def test_hero_with_zero_fp_is_refused():
    """A 0-FP MMC counts as 1 (§8.3); nothing gives a 0-FP hero a value: the file must say."""
    zero = build_unit(entry(name="H", kind="hero", fp=0))
    assert zero.ifp == 0 and zero.fp_given is True
    assert validate_unit(zero) == [
        RuleIssue(
            ("fp",),
            "a hero's firepower is at least 1 (FP 0 counting as 1 is the rule for MMCs, Core Rules §8.3)",
        )
    ]
    for spec in ("hero:fp0", "hero:0-4-5", "hero:fp0,M+MG"):
        with pytest.raises(SpecError, match=r"^'.*': a hero's firepower is at least 1 \(FP 0 "):
            parse_spec(spec, "H")
    assert parse_spec("hero:fp1", "H").ifp == 1


def test_build_unknown_weapons_keep_their_index():
    u = build_unit(
        entry(
            name="B",
            kind="squad",
            counter="1-6-4",
            weapons=["MG-34", "Satchel Chrage", {"item": "mg42", "captured": False}],
        )
    )
    assert u.weapons == [sw("MG-34"), sw("MG-42")]  # aliases are case-insensitive
    assert u.unknown_weapons == [(1, "Satchel Chrage")]


# -- validate_unit ---------------------------------------------------------------------------


def test_unknown_weapon_message_names_the_closest_and_the_catalogue():
    u = build_unit(entry(name="B", kind="squad", counter="1-6-4", weapons=["Satchel Chrage"]))
    [issue] = validate_unit(u)
    assert issue.path == ("weapons", 0)
    assert issue.message.startswith(
        "unknown support weapon 'Satchel Chrage' (did you mean 'Satchel Charge'?); known: MG-34, MG, "
    )
    assert issue.message.endswith(" (add yours in lnl/weapons.yaml with --data-dir)")


SQUAD = "a squad may use one SW and keep its IFP, or two and lose it"
HALF = "a half-squad may use one SW (and loses its IFP)"
CREW = "a crew may use one SW (and loses its IFP)"
TEAM = "a weapon team, like a crew, may use one SW (and loses its IFP)"
SMC = "a single-man counter uses one SW"


@pytest.mark.parametrize(
    "kind, counter, extra",
    [
        ("squad", "1-6-4", {}),
        ("half_squad", "0-2-3", {}),
        ("crew", "1-4-4", {}),
        ("leader", "", {"lm": 1}),
        ("hero", "", {"fp": 1}),
    ],
)
def test_a_counter_may_carry_up_to_four_sws_whatever_it_uses_in_melee(kind, counter, extra):
    """«отделение может использовать один SW … или два SW» limits use in melee, not carrying:
    four are carried (the sheet's room), a fifth is refused."""
    names = ["MG", "MG-34", "MG-42", "M1919", "Satchel Charge"]
    ok = build_unit(entry(name="U", kind=kind, counter=counter, weapons=names[:4], **extra))
    assert validate_unit(ok) == []
    over = build_unit(entry(name="U", kind=kind, counter=counter, weapons=names, **extra))
    assert validate_unit(over) == [
        RuleIssue(
            ("weapons",),
            "5 support weapons: a counter's sheet has room for 4 (in melee it uses the best it may)",
            code="lnl-too-many-sw",
        )
    ]


def test_unknown_weapons_count_towards_the_carried_sws():
    u = build_unit(
        entry(name="D", kind="squad", counter="1-6-4", weapons=["MG", "MG-34", "MG-43", "MG", "MG"])
    )
    assert [i.path for i in validate_unit(u)] == [("weapons", 2), ("weapons",)]
    assert validate_unit(u)[1].message.startswith("5 support weapons: ")


def test_mmc_fields_that_belong_to_smcs():
    u = build_unit(entry(name="S", kind="squad", counter="2-5-4", fp=2, lm=1))
    assert validate_unit(u) == [
        RuleIssue(("fp",), "an MMC's firepower comes from its counter (Firepower-Range-Morale): remove fp"),
        RuleIssue(("lm",), "only leaders have a leadership modifier"),
    ]
    zero = build_unit(entry(name="S", kind="half_squad", counter="0-2-3", lm=0))
    assert validate_unit(zero) == [RuleIssue(("lm",), "only leaders have a leadership modifier")]


@pytest.mark.parametrize(
    "fields, issues",
    [
        ({"kind": "hero"}, [(("kind",), "a hero needs its firepower: add fp: N")]),
        ({"kind": "hero", "fp": 1, "lm": 1}, [(("lm",), "only leaders have a leadership modifier")]),
        ({"kind": "leader"}, [(("kind",), "a leader needs its leadership modifier: add lm: N")]),
        ({"kind": "leader", "lm": 0}, []),
        ({"kind": "leader", "lm": -1, "fp": 1}, []),
        ({"kind": "medic", "lm": 0}, [(("lm",), "only leaders have a leadership modifier")]),
        ({"kind": "sniper"}, []),
        ({"kind": "scout", "lm": 1}, [(("lm",), "only leaders have a leadership modifier")]),
    ],
)
def test_smc_fields(fields, issues):
    u = build_unit(entry(name="X", **fields))
    assert validate_unit(u) == [RuleIssue(p, m) for p, m in issues]


# -- the IFP note on the OOB sheet (§1.6 as quoted in §8.0) --------------------------------------


@pytest.mark.parametrize(
    "spec, note",
    [
        ("1-6-4", None),
        ("1-6-4+MG", None),  # one SW: the squad keeps its IFP
        ("1-6-4+MG+MG-34", None),  # IFP 1 + MG-34 2 = 3 ties MG + MG-34: it keeps its IFP
        ("1-6-4+MG-34+MG-42", "two_sw_no_ifp"),  # 2 + 2 = 4 beats IFP 1 + 2 = 3
        ("1-6-4+Bazooka+MG", None),  # only the MG is used in melee
        ("nosw:half:1-4-4+MG-34", None),  # forced to keep its IFP
        ("half:0-2-3", None),
        ("half:0-2-3+MG", "one_sw_no_ifp"),
        ("crew:1-4-4+MG-34", "one_sw_no_ifp"),
        ("wt:1-4-4+MG-42", "one_sw_no_ifp"),
        ("crew:1-4-4", None),
        ("leader:lm1+MG", None),
        ("hero:1-4-5+MG", None),
    ],
)
def test_sw_use_note(spec, note):
    assert sw_use_note(parse_spec(spec, "U")) == note


# -- NME (§8.1) ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spec, reason",
    [
        ("2-5-4", None),
        ("half:0-2-3", None),  # zero FP still melees (§8.3)
        ("wt:1-4-4", None),  # weapon teams can be attacked individually
        ("hero:1-4-5", None),
        ("hero:1-4-5+Bazooka", None),
        ("leader:lm1+MG", None),
        ("leader:lm1+Satchel Charge", None),
        ("leader:lm1", "leader without a melee SW"),
        ("leader:lm1+Bazooka", "leader without a melee SW"),  # not a melee SW
        ("scout:fp1", "scout without a melee SW"),
        ("scout:fp1+MG", None),
        ("medic:", "medic"),
        ("medic:+MG", "medic"),
        ("sniper:fp1+MG", "sniper"),
        ("shaken:2-5-4", "shaken"),
        ("shaken:hero:1-4-5", "shaken"),
        ("shaken:medic:", "shaken"),
    ],
)
def test_nme_reason(spec, reason):
    assert nme_reason(parse_spec(spec, "U")) == reason


def test_nme_reason_of_a_bare_unit():
    assert nme_reason(Unit(name="L", kind="leader", weapons=[sw("MG-34")])) is None
    assert (
        nme_reason(Unit(name="L", kind="leader", weapons=[sw("Panzerfaust")])) == "leader without a melee SW"
    )
