"""Issue 22, "our own glossary": the core rules and weapon types real lists use, en + ru, marked
† where our wording is not from the seed or the digest; a name we do not know stays as written."""

import re

import pytest

from sheets.games.wh40k6.model import Unit
from sheets.games.wh40k6.sheet import glossary_entries
from sheets.games.wh40k6.view import glossary, rule_name

ISSUE_LIST = [
    "Independent Character",
    "Stubborn",
    "Fearless",
    "Fleet",
    "Scouts",
    "Infiltrate",
    "Outflank",
    "Deep Strike",
    "Feel No Pain",
    "Eternal Warrior",
    "Furious Charge",
    "Rage",
    "Counter-attack",
    "Hit & Run",
    "Preferred Enemy",
    "Night Vision",
    "Acute Senses",
    "Move Through Cover",
    "Skilled Rider",
    "Stealth",
    "Shrouded",
    "Fear",
    "Hatred",
    "Monster Hunter",
    "Tank Hunter",
    "Precision Shots",
    "Precision Strikes",
    "Look Out, Sir",
    "Assault",
    "Heavy",
    "Rapid Fire",
    "Pistol",
    "Salvo",
    "Ordnance",
    "Blast",
    "Large Blast",
    "Template",
    "Melta",
    "Twin-linked",
    "Rending",
    "Poisoned",
    "Instant Death",
    "Gets Hot",
    "Ignores Cover",
    "Sniper",
    "Concussive",
    "Shred",
    "Master-crafted",
    "Force",
    "Unwieldy",
    "Specialist Weapon",
    "Armourbane",
    "Lance",
    "Haywire",
]

# the seed's own Russian terms (its glossary, digest §9)
SEED_TERMS = {
    "Independent Character": "Независимый персонаж",
    "Deep Strike": "Глубокий удар",
    "Fleet": "Проворность",
    "Fear": "Устрашение",
    "Move Through Cover": "Движение через укрытие",
    "Look Out, Sir": "«Берегитесь, сэр»",
    "Template": "Шаблон",
    "Blast": "Взрыв",
    "Large Blast": "Большой взрыв",
}


@pytest.mark.parametrize("name", ISSUE_LIST)
def test_every_core_rule_has_en_and_ru(name):
    canon, entry = glossary()[name.lower()]
    assert canon == name
    ru = rule_name(name, "ru")
    assert re.search("[А-Яа-яЁё]", ru) and not re.search("[A-Za-z]", ru), ru
    assert entry["en"] and re.search("[А-Яа-яЁё]", entry["ru_text"])
    # no Latin in the Russian line beyond what a Russian page may print (WS, AP2, D6 …): "+D3"
    # in Rending was refused by the layout checker on real rosters
    from sheets.core.data import load_data

    allowed = set(load_data("common/layout.yaml")["latin_allowed"])
    latin = re.findall(r"[0-9A-Za-z]*[A-Za-z][0-9A-Za-z]*", entry["ru_text"])
    assert set(latin) <= allowed, (name, latin)


@pytest.mark.parametrize("name, ru", SEED_TERMS.items())
def test_the_seeds_terms_win(name, ru):
    assert rule_name(name, "ru").lower() == ru.lower()


def test_our_wording_is_marked_unverified():
    new = [
        n
        for n in ISSUE_LIST
        if n not in ("Fleet", "Deep Strike", "Fear", "Move Through Cover", "Instant Death", "Hit & Run")
    ]
    for n in new:
        assert glossary()[n.lower()][1]["verified"] is False, n


def test_aliases_and_unknown_names():
    assert rule_name("look out sir", "en") == "Look Out, Sir"
    assert rule_name("Counterattack", "ru") == "Контратака"
    assert rule_name("Blessing of the Invented Host", "ru") == "Blessing of the Invented Host"


def test_russian_glossary_names_the_english_once():
    u = Unit(
        name="U",
        slot="troops",
        detachment="primary",
        points=10,
        rules=["Fearless", "Stubborn", "Invented Rule"],
    )
    ru = dict(glossary_entries([u], "ru"))
    assert "Бесстрашие (Fearless)†" in ru and "Упорство (Stubborn)†" in ru
    assert ru["Invented Rule"] == "нет во встроенном глоссарии: см. ваш кодекс"
    en = dict(glossary_entries([u], "en"))
    assert "Fearless†" in en and en["Fearless†"].startswith("automatically passes Morale")


def test_a_rule_with_a_value_is_found_and_keeps_its_value():
    """Real rosters write "Feel No Pain (6+)", "Preferred Enemy (Everyone)"."""
    assert rule_name("Feel No Pain (6+)", "ru") == "Не чувствует боли (6+)"
    assert rule_name("Preferred Enemy (Everyone)", "en") == "Preferred Enemy (Everyone)"
    assert rule_name("Invented (Thing)", "ru") == "Invented (Thing)"
    u = Unit(
        name="U",
        slot="troops",
        detachment="primary",
        points=10,
        rules=["Feel No Pain (6+)", "Feel No Pain (5+)"],
    )
    entries = dict(glossary_entries([u], "en"))
    assert list(entries) == ["Feel No Pain†"]  # one glossary entry for the rule
