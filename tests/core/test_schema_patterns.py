"""The patterns `sheets schema` gives editors read exactly what the rules core reads: each one is
run beside the parser it stands for on the same texts (hand-picked boundaries and thousands of
random ones), so an editor flags a text if and only if `validate` refuses it."""

from __future__ import annotations

import random
import re

import pytest


def agree(pattern: str, accepts, texts) -> list:
    compiled = re.compile(pattern)
    return [t for t in texts if (compiled.search(t) is not None) != accepts(t)]


def fuzz(alphabet, n=6000, longest=6, seed=7):
    rnd = random.Random(seed)
    return ["".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, longest))) for _ in range(n)]


def test_wh40k6_unit_type_pattern_reads_what_parse_type_reads():
    from sheets.games.wh40k6.model import TypeError_, parse_type
    from sheets.games.wh40k6.schema import type_pattern

    def accepts(text):
        try:
            parse_type(text)
        except TypeError_:
            return False
        return True

    literal = [
        "infantry",
        "Infantry (Character)",
        "jump-infantry",
        "JUMP__ infantry",
        "vehicle (tank, transport)",
        "Walker",
        "vehicle walker (character)",
        "unique, infantry",
        "anything, infantry",
        "infantry, unique",
        "infantry, ,",
        "infantry (tank)",  # a vehicle word on infantry
        "vehicle (tanq)",
        "vehicle (super heavy)",
        "vehicle(walker)",
        "(character)",
        "infantry ()",
        "infantry (character) x",
        "_infantry",
        "infantry_",
        "eldar (jetbike)",  # a name in the table that a bracket always splits
        "monster",
        "",
        # the types as the Russian datasheets print them
        "Пехота",
        "Техника (Шагоход, Транспорт)",
        "Шагоход",
        "Пехота (Персонаж)",
        "ПЕХОТА С РЕАКТИВНЫМИ РАНЦАМИ",
        "Пехота (Танк)",
        "пехотa",  # a Latin a
    ]
    words = ["infantry", "vehicle", "walker", "tank", "character", "unique", "jump", "bike", "x"]
    words += ["пехота", "техника", "шагоход", "персонаж", "прыжковая"]
    texts = literal + fuzz([*words, "(", ")", ",", " ", "-", "_", "  "])
    assert agree(type_pattern(), accepts, texts) == []
    assert accepts("Техника (Шагоход, Транспорт)") and accepts("Пехота (Персонаж)") and not accepts("пехотa")
    assert sum(map(accepts, texts)) > 500 and sum(not accepts(t) for t in texts) > 500  # both sides


def test_lnl_counter_pattern_reads_what_parse_counter_reads():
    from sheets.games.lnl.model import CounterError, parse_counter
    from sheets.games.lnl.schema import COUNTER

    def accepts(text):
        try:
            parse_counter(text)
        except CounterError:
            return False
        return True

    literal = [
        "2-5-4",
        "2M-5-4",
        "2-5-4M",
        "2m-5-4",
        " 2 - 5 - 4 ",
        "2–5–4",
        "0-2-0",
        "0-2-00",
        "0-2-01",
        "12-10-99",
    ]
    literal += ["2-5", "2-5-4-1", "123-5-4", "2M-5-4M", "2-5M-4", "2—5—4", "", "2-5-4x", "١-٢-٣"]
    texts = literal + fuzz(["0", "1", "2", "9", "-", "–", "M", "m", " ", "x"], longest=9)
    assert agree(COUNTER, accepts, texts) == []
    assert accepts("2M-5-4") and not accepts("0-2-0")


@pytest.mark.parametrize("ammo", [None, True, False])
def test_battletech_item_pattern_reads_what_find_item_finds(ammo):
    from sheets.games.battletech.model import Ammo
    from sheets.games.battletech.rules import catalogue, find_item
    from sheets.games.battletech.schema import item_pattern

    def accepts(text):
        found = find_item(text)
        return found is not None and (ammo is None or isinstance(found, Ammo) is ammo)

    names = catalogue().names()
    rnd = random.Random(3)
    texts = [
        "ER Small Laser",
        "ER Smal Laser",
        "er  small\tlaser",
        "Clan ER Small Laser",
        "CL ER Small Laser",
    ]
    texts += [
        "IS ER Medium Laser",
        "clanER Small Laser",
        "Machine Gun Ammo",
        "Machine Gun Ammo (Half)",
        " LRM 5 ",
    ]
    for name in rnd.sample(names, 120):
        texts += [name, name.upper(), "  " + name.lower() + " ", name.replace(" ", "   "), "Clan " + name]
        texts += [name[:-1], name + "s", name.replace(" ", "")]
    assert agree(item_pattern(ammo), accepts, texts) == []
    assert not accepts("ER Smal Laser")


def test_lnl_support_weapon_names_are_the_catalogues_in_any_letter_case():
    from sheets.games.lnl.model import find_weapon
    from sheets.games.lnl.schema import SWName

    schema = SWName(max_len=60).json_schema()
    pattern = schema["anyOf"][1]["pattern"]
    texts = [
        "M1919",
        "m1919",
        " MG-34 ",
        "Базука",
        "БАЗУКА",
        "M1991",
        "MG 34",
        "пулемёт",
        "пулемет",
        ".30 cal",
    ]
    assert agree(pattern, lambda t: find_weapon(t) is not None, texts) == []
    assert "M1919" in schema["anyOf"][0]["enum"]


@pytest.mark.parametrize("kind", ["vehicle", "walker", "gun", "model"])
def test_wh40k6_type_patterns_of_one_kind_read_parse_types_kind(kind):
    from sheets.games.wh40k6.model import TypeError_, parse_type
    from sheets.games.wh40k6.schema import type_pattern

    def accepts(text):
        try:
            t = parse_type(text)
        except TypeError_:
            return False
        return {
            "vehicle": t.is_vehicle,
            "walker": t.is_walker,
            "gun": t.kind == "gun",
            "model": not t.is_vehicle and t.kind != "gun",
        }[kind]

    literal = [
        "vehicle (walker)",
        "Walker",
        "vehicle walker (tank)",
        "Техника (Шагоход)",
        "vehicle (tank, walker)",
    ]
    literal += [
        "artillery gun",
        "Орудие",
        "gun (character)",
        "infantry",
        "bike",
        "vehicle (tank)",
        "tank",
        "x",
    ]
    words = ["infantry", "vehicle", "walker", "tank", "gun", "artillery", "character", "unique", "шагоход"]
    texts = literal + fuzz([*words, "(", ")", ",", " ", "-"], n=4000, seed=11)
    assert agree(type_pattern(kind), accepts, texts) == []
    assert sum(map(accepts, texts)) > 50  # the kind is met, not only refused
