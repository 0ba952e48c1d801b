"""``sheets roster --template-help`` (render/text.py ``template_help``) in the test process:
every line as printed, in English and in Russian, and the first template it offers works."""

from __future__ import annotations

from sheets.core.i18n import use_lang
from sheets.render.text import template_help

EN_HEAD = [
    "A roster template is a jinja2 text template (sandboxed). It gets these variables:",
    "",
    "  name                             the roster's name",
    "  game                             the game's name in the chosen language",
    "  system                           the game's id (battletech, dmech, dust, lnl, wh40k6)",
    "  rules, rules_name                the rule variant's id and its name",
    "  lang                             the language (en or ru)",
    "  limit, limit_unit                the roster's limit and what it counts (points, BV, AP); "
    "limit is none without one",
    "  total, over, over_by, remaining  the total, whether it is over the limit, by how much, what is left",
    "  unit_count                       how many units",
    "  columns                          the list's columns: each has key and label",
    "  groups                           the list's groups (a Point, a detachment): each has title, rows, "
    "subtotal; a row has no and a value per column key",
    "  tally                            summary chips: each has text and ok",
    "  violations, rule_violations      the list's breaches, in the chosen language",
    "  labels                           the printed words: labels.army_list, labels.total, labels.limit, …",
    "  notes                            the roster's notes",
    "",
    "Filters: fmt prints a number without a needless .0 and none as —; e (escape) for HTML.",
    "The bundled templates (md, html, bbcode) are a fuller start: see the templates/ folder of the package.",
    "",
    "A first template (save it as list.md.j2, then: sheets roster army.yaml --template list.md.j2 -o list.md):",
    "",
]
EXAMPLE = [
    "# {{ labels.army_list }}: {{ name }}",
    "{% for group in groups %}{% for row in group.rows %}",
    "- {{ row.name }}{% if row.cost is not none %} ({{ row.cost | fmt }}){% endif %}",
    "{% endfor %}{% endfor %}",
    "{{ labels.total }}: {{ total | fmt }} {{ limit_unit }}",
    "",
]


def test_template_help_in_english_line_by_line():
    with use_lang("en"):
        assert template_help().split("\n") == EN_HEAD + EXAMPLE


def test_template_help_in_russian_keeps_the_names_and_the_template():
    with use_lang("ru"):
        lines = template_help().split("\n")
    assert lines[0] == "Шаблон ростера — текстовый шаблон jinja2 (в песочнице). Ему доступны эти переменные:"
    assert lines[1] == ""
    assert lines[2] == "  name                             название ростера"
    assert (
        lines[8]
        == "  total, over, over_by, remaining  итог, превышен ли лимит, на сколько и сколько осталось"
    )
    assert lines[15] == "  notes                            примечания ростера"
    assert lines[17] == "Фильтры: fmt печатает число без лишнего .0, а none как —; e (escape) — для HTML."
    assert lines[20] == (
        "Первый шаблон (сохраните его как list.md.j2, затем: sheets roster army.yaml --template list.md.j2 -o list.md):"
    )
    # the variables' names and the template are code: the same in both languages
    assert lines[-len(EXAMPLE) :] == EXAMPLE
    assert len(lines) == len(EN_HEAD) + len(EXAMPLE)


def test_every_variable_column_starts_at_the_same_place():
    with use_lang("en"):
        rows = template_help().split("\n")[2:16]
    # the widest name ("total, over, over_by, remaining", 31 characters) + 2 spaces of indent + 2 of gap
    descriptions = [r[2:].split("  ", 1)[1].lstrip() for r in rows]
    assert {len(r) - len(d) for r, d in zip(rows, descriptions)} == {35}
