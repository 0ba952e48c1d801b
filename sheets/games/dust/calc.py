"""Dust Tactics' options and calculators as data: the cover calculator (``sheets calc dust cover``,
the page's form, ``sheets.api.calculate``) and the options ``render``/``reference`` gain."""

from __future__ import annotations

from sheets.core.calc import CalculatorSpec, InputProblem
from sheets.core.data import decimal, label, load_data
from sheets.core.i18n import N_, _, current_lang
from sheets.core.options import CARD_OPTIONS, CHOICE, FLAG, INT, TEXT, UNIT, Choice, OptionSpec
from sheets.games.dust.rules import check_cover_sources, combine_cover, cover_calc, edition_names, partner

# the words a form shows for the choices (a value the data adds later is shown as it is)
_CHOICE_WORDS = {
    "classic": N_("classic dice"),
    "revised": N_("revised dice"),
    "no_dot": N_("a wall (a square without a dot)"),
    "vehicle": N_("a vehicle"),
    "squad": N_("a squad"),
    "hero": N_("a hero"),
    "open": N_("nothing (an ordinary square)"),
}


def _editions() -> tuple[Choice, ...]:
    return tuple(Choice(k, _CHOICE_WORDS.get(k, "")) for k in edition_names())


DICE = OptionSpec(
    "dice",
    CHOICE,
    help=N_("The dice edition the printout assumes (default: the one data/dust/dice.yaml names)."),
    label=N_("Dice edition"),
    choices=_editions,
    metavar="EDITION",
)
RENDER = (*CARD_OPTIONS, DICE)
REFERENCE = (DICE,)


def _cover(text: str) -> str:
    parts = text.split("+")
    combine_cover(parts)  # ValueError: an unknown source
    check_cover_sources(parts)  # ValueError: two crates on one square
    return text


def _corner_squares() -> tuple[Choice, ...]:
    return tuple(
        Choice(k, _CHOICE_WORDS.get(k, "")) for k in load_data("dust/cover_objects.yaml")["corner_squares"]
    )


CORNER = ("diagonal", "adjacent", "through_corner", "corner_square")


def _check(values: dict) -> None:
    """A ``corner`` source needs its four conditions; the conditions need a corner."""
    has_corner = "corner" in [p.strip().lower() for p in values["cover"].split("+")]
    given = [k for k in CORNER if values.get(k) is not None]
    if not has_corner and given:
        raise InputProblem(
            _("{given} describe a corner: add 'corner' to {cover}").format(
                given=", ".join("{" + k + "}" for k in given), cover="{cover}"
            ),
            *given,
            "cover",
        )
    missing = [k for k in CORNER if values.get(k) is None]
    if has_corner and missing:
        raise InputProblem(
            _("a cover with a corner needs {missing} (the corner rule has four conditions)").format(
                missing=", ".join("{" + k + "}" for k in missing)
            ),
            *missing,
        )


def words(result: dict, lang: str | None = None) -> dict:
    """The printed words of a :func:`cover_calc` result: the cover, the save, the dice edition."""
    lang = lang or current_lang()
    return {
        "cover": label("dust", f"calc_cover_{result['cover']}", lang),
        "save": label("dust", f"save_{result['save']}_line", lang),
        "edition": label("dust", result["edition_label"], lang),
    }


def _run(values: dict) -> dict:
    picked = values["unit"]
    unit = picked.unit
    corner = None
    if values.get("corner_square") is not None:
        corner = {
            "diagonal": values["diagonal"],
            "adjacent": values["adjacent"],
            "through_corner": values["through_corner"],
            "square": values["corner_square"],
        }
    squad = partner(unit, list(picked.units)) if unit.is_hero else None
    result = cover_calc(
        unit,
        values["cover"],
        values["hits"],
        values["dice"],
        squad=squad,
        ignores_cover=values["ignores_cover"],
        corner=corner,
    )
    lang = current_lang()
    return {**result, "lang": lang, "words": words(result, lang)}


def _text(result: dict, values: dict) -> str:
    lang = current_lang()

    def L(key: str, **values: object) -> str:
        return label("dust", key, lang).format(**values)

    said = words(result, lang)
    notes = []
    if result.get("corner") == "none":
        notes.append(L("calc_corner_none"))
    if result.get("ignores_cover"):
        notes.append(L("calc_ignores_cover"))
    if "uses_squad" in result:
        notes.append(L("calc_uses_squad", squad=result["uses_squad"]))
    elif result.get("note") == "hero_no_cover":
        notes.append(L("calc_hero_alone"))
    who = result["unit"] + "".join(f" ({n})" for n in notes)
    text = L(
        "calc_line",
        who=who,
        cover=said["cover"],
        save=said["save"],
        dice=result["dice"],
        dice_word=L("calc_die_one" if result["dice"] == 1 else "calc_die_many"),
        p=decimal(result["p_stop_each"], lang, 3),
        expected=decimal(result["expected_stopped"], lang, 2),
        hits=result["hits"],
        hits_word=L("calc_hit_one" if result["hits"] == 1 else "calc_hit_many"),
    )
    footer = said["edition"]
    if not result["edition_verified"]:
        footer += "\n" + L("unverified_note")
    return f"{text}\n{footer}"


def _flag3(name: str, help_: str, label_: str, off: str) -> OptionSpec:
    return OptionSpec(name, FLAG, help=help_, label=label_, default=None, off_flag=off)


COVER = CalculatorSpec(
    "cover",
    title=N_("Cover save"),
    help=N_(
        "Which save a unit gets in cover and how many hits it should stop. A 'corner' source counts "
        "only when the unit is attacked diagonally, stands adjacent to the corner, the line of sight "
        "passes through it and its square forms a corner: give all four conditions."
    ),
    inputs=(
        OptionSpec(
            "unit",
            UNIT,
            help=N_("The unit file and the unit's name."),
            label=N_("Unit"),
            required=True,
            metavar="FILE#NAME",
        ),
        OptionSpec(
            "cover",
            TEXT,
            help=N_("soft, hard, or sources joined by '+', e.g. soft+soft, ammo_crate+corner"),
            label=N_("Cover"),
            required=True,
            parse=_cover,
            metavar="SOURCES",
            placeholder=N_("e.g. soft+soft"),
        ),
        OptionSpec(
            "hits",
            INT,
            help=N_("Hits the unit received (one save die per hit)."),
            label=N_("Hits"),
            default=1,
            minimum=0,
            maximum=1000,
            show_default=True,
        ),
        OptionSpec(
            "dice",
            CHOICE,
            help=N_("The dice edition (default: the one data/dust/dice.yaml names)."),
            label=N_("Dice edition"),
            choices=_editions,
            metavar="EDITION",
            aliases=("--edition",),
        ),
        _flag3(
            "diagonal",
            N_("Corner: the unit is (not) attacked diagonally."),
            N_("Attacked diagonally"),
            "--not-diagonal",
        ),
        _flag3(
            "adjacent",
            N_("Corner: the unit's square is (not) adjacent to the corner."),
            N_("Adjacent to the corner"),
            "--not-adjacent",
        ),
        _flag3(
            "through_corner",
            N_("Corner: the line of sight does (not) pass through the corner."),
            N_("Line of sight through the corner"),
            "--not-through-corner",
        ),
        OptionSpec(
            "corner_square",
            CHOICE,
            help=N_(
                "Corner: what stands on the square that would form the corner (no_dot = a wall; a "
                "vehicle counts, a squad or a hero does not)."
            ),
            label=N_("On the corner's square"),
            choices=_corner_squares,
        ),
        OptionSpec(
            "ignores_cover",
            FLAG,
            help=N_("The attacking weapon's text says it ignores cover: no save."),
            label=N_("Weapon ignores cover"),
            default=False,
        ),
    ),
    run=_run,
    text=_text,
    check=_check,
    game="dust",
)
CALCULATORS = (COVER,)
