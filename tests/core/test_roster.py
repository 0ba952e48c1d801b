"""The army-list model against the toy game: rows, groups and subtotals, the limit on its
boundary (total == limit is within; limit + 1 is over by 1), and the game's own list checks."""

import pytest

from sheets.core.game import Options
from sheets.core.loader import load_file
from sheets.core.roster import _num, army_list, limit_warning, list_violations


@pytest.fixture
def roster(toy, write):
    def _roster(costs, limit=None, name="Star", lang="en", rules=None, header=True, notes=None):
        units = ", ".join(f"{{name: U{i + 1}, cost: {c}}}" for i, c in enumerate(costs))
        head = ""
        if header:
            head = (
                f"roster: {{name: {name}"
                + (f", limit: {limit}" if limit is not None else "")
                + (f", notes: {notes}" if notes else "")
                + "}\n"
            )
        return load_file(
            write("r.yaml", f"system: toy\n{head}units: [{units}]\n"),
            Options(lang=lang, rules=rules, paper="letter", mono=True, extra={"k": 1}),
        )

    return _roster


def test_rows_columns_and_totals(roster):
    data = army_list(roster([10, 20, 5], limit=100))
    assert data["columns"] == [{"key": "name", "label": "Unit"}, {"key": "cost", "label": "Cost"}]
    assert data["groups"] == [
        {
            "title": "",
            "subtotal": 35,
            "rows": [
                {"name": "U1", "cost": 10, "no": 1},
                {"name": "U2", "cost": 20, "no": 2},
                {"name": "U3", "cost": 5, "no": 3},
            ],
        }
    ]
    assert (data["total"], data["limit"], data["over"], data["over_by"], data["remaining"]) == (
        35,
        100,
        False,
        0,
        65,
    )
    assert (data["unit_count"], data["violations"], data["rule_violations"], data["tally"]) == (3, [], [], [])
    assert (data["system"], data["game"], data["name"], data["notes"], data["lang"]) == (
        "toy",
        "Toy Wars",
        "Star",
        "",
        "en",
    )
    assert (data["rules"], data["rules_name"], data["limit_unit"]) == ("classic", "classic", "points")
    assert data["labels"]["total"] == "Total" and data["labels"]["col_no"] == "#"
    assert set(data["labels"]) == {
        "army_list",
        "total",
        "subtotal",
        "limit",
        "remaining",
        "over_limit",
        "within_limit",
        "no_limit",
        "units_count",
        "col_no",
        "generated_by",
        "rules_variant",
        "violations",
    }


@pytest.mark.parametrize(
    "limit, over, over_by, remaining",
    [
        (35, False, 0, 0),  # total == limit: within
        (36, False, 0, 1),
        (34, True, 1, None),  # over by exactly one
        (0, True, 35, None),
    ],
)
def test_the_limit_on_its_boundary(roster, limit, over, over_by, remaining):
    loaded = roster([10, 20, 5], limit=limit)
    data = army_list(loaded)
    assert (data["over"], data["over_by"], data["remaining"]) == (over, over_by, remaining)
    if over:
        line = f"OVER THE LIMIT by {over_by} (35 > {limit})"
        assert data["violations"] == [line] and data["rule_violations"] == []
        warning = f"roster 'Star' is over the limit: 35 points > {limit} (by {over_by})"
        assert limit_warning(loaded) == warning and list_violations(loaded) == [warning]
    else:
        assert data["violations"] == [] and limit_warning(loaded) is None and list_violations(loaded) == []


def test_no_limit_and_no_roster(roster):
    data = army_list(roster([10, 20]))
    assert (data["limit"], data["over"], data["over_by"], data["remaining"]) == (None, False, 0, None)
    plain = roster([10, 20], header=False)
    assert limit_warning(plain) is None and list_violations(plain) == []
    data = army_list(plain)
    assert (data["name"], data["notes"], data["limit"], data["total"]) == ("", "", None, 30)


def test_units_without_cost_make_no_total(toy, write, monkeypatch):
    monkeypatch.setattr(type(toy), "unit_cost", lambda self, unit, options: None)
    loaded = load_file(write("r.yaml", "system: toy\nroster: {name: S, limit: 5}\nunits: [{name: A}]\n"))
    data = army_list(loaded)
    assert (data["total"], data["over"], data["remaining"], data["groups"][0]["subtotal"]) == (
        None,
        False,
        None,
        None,
    )
    assert data["groups"][0]["rows"] == [{"name": "A", "cost": None, "no": 1}]


def test_a_row_may_bring_its_own_cost(toy, write, monkeypatch):
    monkeypatch.setattr(type(toy), "roster_row", lambda self, unit, options: {"name": unit.name, "cost": 2.5})
    loaded = load_file(
        write("r.yaml", "system: toy\nroster: {limit: 4}\nunits: [{name: A, cost: 1}, {name: B, cost: 1}]\n")
    )
    data = army_list(loaded)
    assert data["total"] == 5 and isinstance(data["total"], int)
    assert (data["over"], data["over_by"]) == (True, 1)


def test_fractional_costs_are_rounded_to_two_places(roster, toy, monkeypatch):
    monkeypatch.setattr(type(toy), "unit_cost", lambda self, unit, options: unit.cost / 3)
    data = army_list(roster([1, 1, 3], limit=1))
    assert data["total"] == 1.67 and data["over_by"] == 0.67
    assert data["violations"] == ["OVER THE LIMIT by 0.67 (1.67 > 1)"]


def test_groups_of_a_fixed_size_have_subtotals(roster, toy, monkeypatch):
    monkeypatch.setattr(type(toy), "roster_group_size", 2)
    monkeypatch.setattr(type(toy), "roster_group_label", "group")
    data = army_list(roster([1, 2, 3, 4, 5]), "ru")
    assert [g["title"] for g in data["groups"]] == ["Группа 1", "Группа 2", "Группа 3"]
    assert [[r["no"] for r in g["rows"]] for g in data["groups"]] == [[1, 2], [3, 4], [5]]
    assert [g["subtotal"] for g in data["groups"]] == [3, 7, 5] and data["total"] == 15


def test_a_group_without_costs_has_no_subtotal(toy, write, monkeypatch):
    monkeypatch.setattr(type(toy), "roster_group_size", 1)
    monkeypatch.setattr(type(toy), "unit_cost", lambda self, unit, options: unit.cost or None)
    loaded = load_file(write("r.yaml", "system: toy\nunits: [{name: A, cost: 0}, {name: B, cost: 4}]\n"))
    data = army_list(loaded)
    assert [g["subtotal"] for g in data["groups"]] == [None, 4] and data["total"] == 4


def test_the_list_in_russian_and_the_games_own_checks(roster, toy):
    loaded = roster([1, 2, 3, 4], limit=5, lang="en", rules="tw")
    toy.calls.clear()
    data = army_list(loaded, "ru")
    assert data["lang"] == "ru" and data["game"] == "Игрушечные войны" and data["rules"] == "tw"
    assert data["columns"][0]["label"] == "Отряд" and data["labels"]["total"] == "Итого"
    assert data["violations"] == ["ПРЕВЫШЕН ЛИМИТ на 5 (10 > 5)", "4 units: too many (ru)"]
    assert data["rule_violations"] == ["4 units: too many (ru)"]
    assert ("list", "ru", "Star") in toy.calls
    toy.calls.clear()
    assert list_violations(loaded) == [
        "roster 'Star' is over the limit: 10 points > 5 (by 5)",
        "4 units: too many (en)",
    ]
    assert toy.calls == [("list", "en", "Star"), ("list", "en", "Star")]
    assert army_list(loaded)["lang"] == "en"  # the file's language unless told


def test_the_game_gets_the_commands_options_in_the_lists_language(roster, toy, monkeypatch):
    seen = []
    monkeypatch.setattr(
        type(toy),
        "list_tally",
        lambda self, units, options, roster: (
            seen.append(options) or [{"text": f"{roster['name']} {len(units)}", "ok": True}]
        ),
    )
    data = army_list(roster([1], limit=5, rules="tw"), "ru")
    (opts,) = seen
    assert (opts.lang, opts.paper, opts.mono, opts.rules, opts.extra) == (
        "ru",
        "letter",
        True,
        "tw",
        {"k": 1},
    )
    assert data["tally"] == [{"text": "Star 1", "ok": True}]
    seen.clear()
    monkeypatch.setattr(
        type(toy), "validate_list", lambda self, units, options, roster: seen.append(options) or []
    )
    list_violations(roster([1], limit=5, rules="tw", lang="ru"))
    assert {(o.lang, o.paper, o.mono, o.rules, str(o.extra)) for o in seen} == {
        ("en", "letter", True, "tw", "{'k': 1}")
    }


def test_own_labels_name_the_limit_unit_and_the_rules(roster, toy, monkeypatch):
    import sheets.core.roster as roster_module

    own = {"limit_unit": {"en": "BV", "ru": "БС"}, "rules_tw": {"en": "Total Warfare", "ru": "TW"}}
    monkeypatch.setattr(roster_module, "labels", lambda game: own if game == "toy" else {})
    data = army_list(roster([1], rules="tw"), "ru")
    assert (data["limit_unit"], data["rules_name"]) == ("БС", "TW")
    data = army_list(roster([1], rules="classic"), "en")
    assert (data["limit_unit"], data["rules_name"]) == ("BV", "classic")
    monkeypatch.setattr(roster_module, "labels", lambda game: {})
    data = army_list(roster([1], rules="tw"), "en")
    assert (data["limit_unit"], data["rules_name"]) == ("points", "tw")


def test_no_rules_variant_has_no_name(toy, write):
    loaded = load_file(write("r.yaml", "system: plain\nroster: {name: P, notes: hi}\nunits: [{name: A}]\n"))
    data = army_list(loaded)
    assert (data["rules"], data["rules_name"], data["notes"], data["total"], data["game"]) == (
        None,
        None,
        "hi",
        None,
        "Plain",
    )


def test_the_game_name_falls_back_to_english_then_the_id(roster, toy, monkeypatch):
    monkeypatch.setattr(type(toy), "name", {"en": "Toy Wars"})
    assert army_list(roster([1]), "ru")["game"] == "Toy Wars"
    monkeypatch.setattr(type(toy), "name", {})
    assert army_list(roster([1]), "ru")["game"] == "toy"


@pytest.mark.parametrize(
    "value, out",
    [
        (None, None),
        (5.0, 5),
        (7, 7),
        (2.345, 2.35),
        (2.344, 2.34),
        (0.5, 0.5),
        (-1.25, -1.25),
        (10**6 + 0.0, 10**6),
    ],
)
def test_num(value, out):
    assert _num(value) == out and type(_num(value)) is type(out)


def test_every_label_is_the_games_in_the_lists_language(roster, toy, monkeypatch):
    import sheets.core.roster as roster_module

    monkeypatch.setattr(roster_module, "label", lambda game, key, lang: f"{game}/{key}/{lang}")
    monkeypatch.setattr(type(toy), "roster_group_size", 5)
    data = army_list(roster([4, 3], limit=5), "ru")
    assert data["columns"] == [
        {"key": "name", "label": "toy/col_unit/ru"},
        {"key": "cost", "label": "toy/col_cost/ru"},
    ]
    assert data["groups"][0]["title"] == "toy/group/ru 1"
    assert data["violations"] == ["toy/over_limit/ru 2 (7 > 5)"]
    assert data["labels"]["total"] == "toy/total/ru" and data["labels"]["army_list"] == "toy/army_list/ru"


def test_the_game_gets_the_options_for_columns_rows_and_costs(roster, toy, monkeypatch):
    monkeypatch.setattr(
        type(toy),
        "roster_columns",
        lambda self, options: [("name", "col_unit"), ("rules", "rules_variant")] if options.rules else [],
    )
    monkeypatch.setattr(
        type(toy), "roster_row", lambda self, unit, options: {"name": unit.name, "rules": options.rules}
    )
    monkeypatch.setattr(type(toy), "unit_cost", lambda self, unit, options: unit.cost * len(options.rules))
    data = army_list(roster([1, 2], rules="tw"))
    assert [c["key"] for c in data["columns"]] == ["name", "rules"]
    assert [(r["name"], r["rules"], r["cost"]) for r in data["groups"][0]["rows"]] == [
        ("U1", "tw", 2),
        ("U2", "tw", 4),
    ]
    assert data["total"] == 6
