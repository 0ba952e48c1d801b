"""Issue 22, rules that disagreed with the seed (the Russian 6th-ed rulebook chapter «Классы
боевых единиц», ``/work/shared/seeds/004_622e076ea61e0607.txt``). Each test quotes the sentence it
restates; expected values are literals from that text, not read from data."""

import pytest

from sheets.games.wh40k6 import battlescribe, rules
from sheets.games.wh40k6.model import Unit, parse_type, type_rules
from sheets.games.wh40k6.view import type_box, type_line


def test_jet_packs_keep_their_run_and_thrust_on_top():
    """«Боевая единица с реактивным ранцем, которая не связана боем или не нападает, может
    передвинуться на 2D6" в фазе наступления, даже если она стреляла или бежала в предыдущей фазе
    стрельбы» — the thrust move does not replace the Run."""
    tr = type_rules(parse_type("jet pack infantry"))
    assert (tr.run_kind, tr.run) == ("run", 'D6"')
    box = type_box(tr, "en")
    assert 'Run D6"' in box["movement"] and "Thrust" not in box["movement"]
    assert any(
        n.startswith('Thrust move 2D6" in the Assault phase') and "even after shooting, running" in n
        for n in box["notes"]
    )
    ru = type_box(tr, "ru")
    assert 'Бег D6"' in ru["movement"]
    assert any('реактивный скачок 2D6" в фазе наступления' in n for n in ru["notes"])


def test_flying_monstrous_creatures_start_gliding_and_print_both_modes():
    """«Летающее монструозное создание, поставленное на стол в начале игры, начинает с
    использования способа планирования»; «Если летающее монструозное создание планирует, то оно
    передвигается, бегает и нападает по тем же правилам, что и прыжковое монструозное создание»;
    пикирование: «минимум на 12", максимум – на 24"», «может бегать строго вперед на 2D6"»."""
    fmc = type_rules(parse_type("flying monstrous creature"))
    jump_mc = type_rules(parse_type("jump monstrous creature"))
    assert (fmc.move, fmc.run) == ('12" / 12"–24"', 'D6" / 2D6"')
    assert (jump_mc.move, jump_mc.run, jump_mc.charge) == ('12"', 'D6"', '2D6"')
    assert fmc.charge == jump_mc.charge == '2D6"'
    box = type_box(fmc, "en")
    assert box["movement"].startswith('Move 12" / 12"–24" · Run D6" / 2D6" · Charge 2D6"')
    notes = box["notes"]
    assert notes[0].startswith("Gliding / Swooping") and "starts the game Gliding" in notes[0]
    assert not notes[0].endswith("†") and not notes[1].endswith("†")  # stated by the seed
    assert notes[-1] == "Grounded test when hit while Swooping†"  # not in the seed
    assert "начинает игру в планировании" in type_box(fmc, "ru")["notes"][0]


@pytest.mark.parametrize("text", ["jetbike", "eldar jetbike", "bike"])
def test_jetbikes_and_bikes_test_for_barricades_when_charging(text):
    """«каждая модель мотоцикла или гравицикла, которая нападает на противника, находящегося за
    баррикадами или оборонительной линией «Эгида», должна пройти тест на преодоление опасного
    ландшафта»."""
    tr = type_rules(parse_type(text))
    en = " ".join(type_box(tr, "en")["notes"])
    ru = " ".join(type_box(tr, "ru")["notes"])
    assert "Dangerous Terrain test when charging a unit behind barricades or an Aegis line" in en
    assert "тест на опасный ландшафт при нападении на врага за баррикадами или линией «Эгида»" in ru


@pytest.mark.parametrize(
    "text, base, rules_",
    [
        (
            "jet pack monstrous creature",
            "jet_pack_monstrous_creature",
            ["Bulky", "Deep Strike", "Fear", "Hammer of Wrath", "Move Through Cover", "Relentless", "Smash"],
        ),
        ("Jump Cavalry", "jump_cavalry", ["Bulky", "Deep Strike", "Fleet", "Hammer of Wrath"]),
        ("Jump Cavalry (Character)", "jump_cavalry", ["Bulky", "Deep Strike", "Fleet", "Hammer of Wrath"]),
    ],
)
def test_prefix_types_are_combined_types(text, base, rules_):
    """«приставку «прыжковая» можно встретить перед названием какой-нибудь другой категории …
    Прыжковая пехота, к примеру, будет следовать правилам прыжковых боевых единиц и пехоты»;
    jet packs «встречаются в названиях совмещенных классов»: valid types, not refused and not
    flattened into the prefix's infantry type."""
    mt = parse_type(text)
    assert mt.base == base
    tr = type_rules(mt)
    assert list(tr.rules) == rules_
    assert "rules" in tr.unverified  # the combination is ours: printed with †
    assert battlescribe.unit_type(text).split(" (")[0] == base.replace("_", " ")


def test_jet_pack_monstrous_creature_keeps_the_monstrous_rules():
    tr = type_rules(parse_type("jet pack monstrous creature"))
    line = type_line(tr, "en")
    assert line.startswith('Jet Pack Monstrous Creature · Move 6" · Run D6" · Charge 2D6" · Fall back 2D6"')
    assert "fires up to two weapons" in line
    assert type_box(tr, "ru")["title"] == "Монструозное создание с реактивным ранцем"


@pytest.mark.parametrize(
    "text",
    [
        "monstrous creature",
        "jump monstrous creature",
        "flying monstrous creature",
        "jet pack monstrous creature",
    ],
)
def test_monstrous_creatures_fire_up_to_two_weapons_in_russian(text):
    """«Монструозные создания могут использовать до двух своих оружий в каждой фазе стрельбы»:
    up to two, not exactly two."""
    ru = " ".join(type_box(type_rules(parse_type(text)), "ru")["shooting"])
    assert "не более чем из двух своих оружий" in ru
    assert "стреляет из двух оружий" not in ru
    en = " ".join(type_box(type_rules(parse_type(text)), "en")["shooting"])
    assert "up to two weapons" in en


def test_the_bike_toughness_note_does_not_invite_double_counting():
    notes = type_box(type_rules(parse_type("bike")), "en")["notes"]
    note = next(n for n in notes if n.startswith("+1 T"))
    assert (
        note
        == "+1 T for the bike: profiles already show it (do not add it twice); the raised T counts for Instant Death"
    )
    ru = next(n for n in type_box(type_rules(parse_type("bike")), "ru")["notes"] if n.startswith("+1"))
    assert "не прибавляйте дважды" in ru


def _army(*slots):
    return [Unit(name=f"U{i}", slot=s, detachment="primary", points=100) for i, s in enumerate(slots)]


def test_a_list_without_a_roster_key_is_still_checked():
    """Fix 9: HQ, Troops and the other slots are checked whether or not the file has `roster:`."""
    from sheets.core.game import Options
    from sheets.games.wh40k6 import GAME

    msgs = GAME.validate_list(_army("troops", *["elites"] * 4), Options(), None)
    assert msgs == [
        "Primary detachment: HQ 0 (needs 1–2)",
        "Primary detachment: Troops 1 (needs 2–6)",
        "Primary detachment: Elites 4 (allowed 0–3)",
    ]
    assert GAME.validate_list(_army("hq", "troops", "troops"), Options(), None) == []
    tally = [c["text"] for c in GAME.list_tally(_army("hq", "troops", "troops"), Options(), None)]
    assert tally[:2] == ["HQ 1 / 1–2", "Troops 2 / 2–6"]


@pytest.mark.parametrize(
    "slots, limit, breaches",
    [
        # one detachment: HQ 1–2, Troops 2–6
        (("hq",) * 2 + ("troops",) * 2, 2000, []),
        # 3 HQ need a second primary detachment, which brings its own 1 HQ + 2 Troops
        (("hq",) * 3 + ("troops",) * 2, 2000, ["Primary detachment: Troops 2 (needs 4–12)"]),
        (("hq",) * 3 + ("troops",) * 3, 2000, ["Primary detachment: Troops 3 (needs 4–12)"]),
        (("hq",) * 3 + ("troops",) * 4, 2000, []),
        (("hq",) * 4 + ("troops",) * 4, 2000, []),
        (("hq",) * 5 + ("troops",) * 4, 2000, ["Primary detachment: HQ 5 (allowed 2–4)"]),
        # 7 Troops and 1 HQ: two detachments need 2 HQ
        (("hq",) + ("troops",) * 7, 2000, ["Primary detachment: HQ 1 (needs 2–4)"]),
        # under 2,000 points there is one detachment only
        (("hq",) * 3 + ("troops",) * 4, 1999, ["Primary detachment: HQ 3 (allowed 1–2)"]),
    ],
)
def test_a_second_primary_detachment_brings_its_own_compulsory_slots(slots, limit, breaches):
    """Fix 2: at 2,000 points and more a second primary detachment is allowed, with its own
    compulsory 1 HQ + 2 Troops; the units are assigned to the fewest detachments that make the
    list legal, and the breach is reported when none does."""
    assert [rules.violation_text(v) for v in rules.foc_violations(_army(*slots), limit)] == breaches
