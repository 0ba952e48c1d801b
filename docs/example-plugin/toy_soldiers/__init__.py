"""Toy Soldiers: the smallest complete game plug-in of ``sheets``.

It has a unit file schema, a rule check, derived values, an army-list cost, a record sheet with a
hit track, one option of ``sheets render`` and one calculator — everything through the plug-in
contract (:class:`sheets.core.game.Game`), nothing in sheets itself. Its words come in English and
Russian from the plug-in's own table (a plug-in has no file in sheets' ``data/``).
"""

from __future__ import annotations

from sheets.core.calc import CalculatorSpec
from sheets.core.errors import RuleIssue
from sheets.core.game import Game, Options
from sheets.core.i18n import current_lang
from sheets.core.options import FLAG, INT, OptionSpec
from sheets.core.schema import Int, Obj, Str

WORDS = {
    "title": {"en": "Toy Soldiers", "ru": "Оловянные солдатики"},
    "points": {"en": "points", "ru": "очки"},
    "hits": {"en": "Hits", "ru": "Попадания"},
    "drill": {"en": "Drill", "ru": "Строевая"},
    "volley": {
        "en": "{shots} shots hitting on {hit_on}+: {hits} hits expected",
        "ru": "{shots} выстр. с попаданием на {hit_on}+: ожидается попаданий {hits}",
    },
}


def word(key: str, lang: str | None = None) -> str:
    return WORDS[key][lang or current_lang()]


# -- options and calculators are data: the CLI and the page make their controls of them --------
RENDER = (
    OptionSpec(
        "drill", INT, help="Boxes of the drill track on each card.", label="Drill boxes", minimum=0, maximum=6
    ),
    OptionSpec("plain", FLAG, help="Leave out the hit track.", label="No hit track"),
)


def _volley(values: dict) -> dict:
    hits = values["shots"] * (7 - values["hit_on"]) / 6
    return {"shots": values["shots"], "hit_on": values["hit_on"], "expected_hits": hits}


def _volley_text(result: dict, values: dict) -> str:
    return word("volley").format(
        shots=result["shots"], hit_on=result["hit_on"], hits=f"{result['expected_hits']:.2f}"
    )


CALCULATORS = (
    CalculatorSpec(
        "volley",
        title="Volley",
        help="Expected hits of a volley.",
        inputs=(
            OptionSpec(
                "shots", INT, help="Shots fired.", label="Shots", required=True, minimum=0, maximum=100
            ),
            OptionSpec(
                "hit_on", INT, help="The roll that hits.", label="Hit on", default=4, minimum=2, maximum=6
            ),
        ),
        run=_volley,
        text=_volley_text,
    ),
)


# -- the record sheet: the render layer's pen, one card per soldier ------------------------------
def render(doc, units, options: Options) -> None:
    from sheets.render.pdf import MM, Rect, margins

    lang = options.lang
    m = margins(options.paper)
    pen = doc.page()
    pen.heading(Rect(m, doc.height - m - 8 * MM, doc.width - 2 * m, 8 * MM), word("title", lang), 11)
    y = doc.height - m - 12 * MM
    for unit in units:
        card = Rect(m, y - 24 * MM, doc.width - 2 * m, 22 * MM)
        pen.rect(card)
        pen.text(card.x + 3 * MM, card.top - 6 * MM, unit["name"], 11, "Sans-Bold")
        pen.text(
            card.right - 3 * MM,
            card.top - 6 * MM,
            f"{unit['points']} {word('points', lang)}",
            9,
            align="right",
        )
        if not options.extra.get("plain"):
            pen.text(card.x + 3 * MM, card.y + 10 * MM, word("hits", lang), 8)
            pen.box_track(card.x + 25 * MM, card.y + 8 * MM, ["plain"] * unit["wounds"], size=9, gap=3)
        drill = options.extra.get("drill") or 0
        if drill:
            pen.text(card.x + 3 * MM, card.y + 3 * MM, word("drill", lang), 8)
            pen.box_track(card.x + 25 * MM, card.y + 1.5 * MM, ["plain"] * drill, size=9, gap=3)
        y -= 26 * MM
        if y < m + 26 * MM:
            pen = doc.page()
            y = doc.height - m


class ToySoldiers(Game):
    id = "toy"
    name = {"en": "Toy Soldiers", "ru": "Оловянные солдатики"}
    unit_kinds = ("soldier",)
    limit_unit = {"en": "points", "ru": "очков"}  # what a roster's limit counts
    renderer = "toy_soldiers:render"
    command_options = {"render": "toy_soldiers:RENDER"}
    calculators = "toy_soldiers:CALCULATORS"

    def unit_spec(self) -> Obj:
        return Obj(
            fields={
                "name": Str(allow_empty=False, max_len=40),
                "points": Int(min=0, max=100),
                "wounds": Int(min=1, max=10, default=1),
            }
        )

    def build_unit(self, data, options: Options) -> dict:
        return dict(data)

    def validate_unit(self, unit, options: Options) -> list[RuleIssue]:
        if unit["points"] > 50 and unit["wounds"] < 2:
            return [
                RuleIssue(
                    ("wounds",), "a soldier of more than 50 points has at least 2 wounds", code="toy-wounds"
                )
            ]
        return []

    def info(self, unit, options: Options) -> dict:
        return {"system": self.id, **unit, "points_per_wound": unit["points"] / unit["wounds"]}

    def unit_cost(self, unit, options: Options) -> int:
        return unit["points"]


GAME = ToySoldiers()
