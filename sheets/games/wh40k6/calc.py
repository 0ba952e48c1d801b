"""Warhammer 40,000 (6th edition)'s options and calculators as data: the attack calculator
(expected hits, wounds and unsaved wounds with the exact distribution) and the options
``render`` gains."""

from __future__ import annotations

from sheets.core.calc import CalculatorSpec, InputProblem
from sheets.core.data import decimal, label
from sheets.core.i18n import N_, _, current_lang
from sheets.core.options import FLAG, INT, TEXT, OptionSpec
from sheets.games.wh40k6.model import SaveError, parse_save

RENDER = (
    OptionSpec(
        "collapse",
        FLAG,
        help=N_("Print one datasheet for identical units (×N)."),
        label=N_("One datasheet for identical units"),
    ),
    OptionSpec(
        "no_odds",
        FLAG,
        help=N_("Leave out the expected-wounds columns of the weapon tables."),
        label=N_("No odds columns"),
    ),
)


def _save(text: str) -> str | None:
    try:
        save = parse_save(text)
    except SaveError as exc:
        raise ValueError(str(exc)) from None
    return save.text if save else None


def _cover(text: str) -> str | None:
    value = _save(text)
    if value is not None:
        save = parse_save(value)
        assert save is not None  # `value` is a save's own text, never a dash
        if save.armour is None:
            raise ValueError(_("a cover save is a plain roll like 4+"))
    return value


def _ws(text: str) -> tuple[int, int]:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(p.isdigit() and len(p) <= 2 for p in parts):
        raise ValueError(_("expected ATTACKER,DEFENDER, e.g. 4,3"))
    a, d = (int(p) for p in parts)
    if not (1 <= a <= 10 and 1 <= d <= 10):
        raise ValueError(_("WS values are 1–10"))
    return a, d


def _poisoned(text: str) -> int:
    if len(text) == 2 and text[0] in "23456" and text[1] == "+":
        return int(text[0])
    raise ValueError(_("expected the roll that wounds, e.g. 4+ (2+ to 6+)"))


def _check(values: dict) -> None:
    if (values["bs"] is None) == (values["ws"] is None):
        raise InputProblem(_("give either {bs} for shooting or {ws} for close combat"), "bs", "ws")
    for name in ("twin_linked", "snap"):
        if values[name] and values["ws"] is not None:
            template = _("{option} applies to shooting (with {bs})").format(
                option="{" + name + "}", bs="{bs}"
            )
            raise InputProblem(template, name, "bs")


def _run(values: dict) -> dict:
    from sheets.games.wh40k6.rules import attack

    return attack(
        values["shots"],
        values["strength"],
        values["toughness"],
        bs=values["bs"],
        ws=values["ws"],
        sv=values["sv"],
        cover=values["cover"],
        ap=values["ap"],
        twin_linked=values["twin_linked"],
        snap=values["snap"],
        rending=values["rending"],
        poisoned=values["poisoned"],
        wounds=values["wounds"],
    )


def _words(r: dict, values: dict) -> dict:
    """The sentences of a result: the roll, the cover note, the expected values, the notes."""
    from sheets.games.wh40k6.rules import readings

    lang = current_lang()

    def t(key: str) -> str:
        return label("wh40k6", key, lang)

    if values["bs"]:
        hit = t("calc_snap" if values["snap"] else "calc_bs").format(bs=values["bs"], hit=r["to_hit"])
    else:
        hit = t("calc_ws").format(a=values["ws"][0], d=values["ws"][1], hit=r["to_hit"])
    if r.get("reroll_misses_on"):
        hit += t("calc_reroll").format(n=r["reroll_misses_on"])
    wound = f"{r['to_wound']}+" if r["to_wound"] else t("calc_cannot_wound")
    if not r["to_wound_verified"]:
        wound += " †"
    if values["rending"]:
        wound += t("calc_rending_on") + "†"
    if values["poisoned"] is not None:
        wound += t("calc_poisoned_on").format(n=values["poisoned"]) + "†"
        if r["reroll_failed_wounds"]:
            wound += t("calc_reroll_wounds")
    if r["save"]:
        save = t("calc_save").format(n=r["save"], kind=t("calc_save_" + r["save_used"]))
    else:
        save = t("calc_no_save")
    head = [
        t("calc_line").format(
            shots=values["shots"],
            hit=hit,
            s=values["strength"],
            tough=values["toughness"],
            wound=wound,
            save=save,
        )
    ]
    if r["cover_ignored"]:
        head.append(t("calc_cover_ignored") + ("" if readings()["cover_verified"] else " †"))
    head.append(
        t("calc_expected").format(
            hits=decimal(r["hits"], lang, 3),
            wounds=decimal(r["wounds"], lang, 3),
            unsaved=decimal(r["unsaved"], lang, 3),
        )
    )
    removed = None
    if values["wounds"] is not None:
        key = "calc_instant_death" if r["instant_death"] else "calc_models_removed"
        removed = t(key).format(w=values["wounds"], removed=decimal(r["models_removed"], lang, 3))
    notes = []
    if not r["to_wound_verified"]:
        notes.append(t("calc_note_wound_chart"))
    if values["rending"] or values["poisoned"] is not None:
        notes.append(t("calc_note_special"))
    return {"head": head, "removed": removed, "notes": notes, "t": t, "lang": lang}


def _shown(distribution: list) -> list[tuple[int, float]]:
    return [(k, q) for k, q in enumerate(distribution) if q >= 0.0005 or k == 0]


def _text(r: dict, values: dict) -> str:
    w = _words(r, values)
    t, lang = w["t"], w["lang"]
    lines = list(w["head"])
    lines += [
        "  " + t("calc_p_unsaved").format(k=k, p=decimal(q, lang, 4)) for k, q in _shown(r["distribution"])
    ]
    if w["removed"]:
        lines.append(w["removed"])
        lines += [
            "  " + t("calc_p_removed").format(k=k, p=decimal(q, lang, 4))
            for k, q in _shown(r["removed_distribution"])
        ]
    return "\n".join(lines + w["notes"])


def _display(r: dict, values: dict) -> dict:
    """The page's form: sentences, and each distribution as a table (count, chance)."""
    w = _words(r, values)
    t, lang = w["t"], w["lang"]
    tables = [
        {
            "title": t("calc_table_unsaved"),
            "columns": [t("calc_col_unsaved"), t("calc_col_chance")],
            "rows": [[str(k), decimal(q, lang, 4)] for k, q in _shown(r["distribution"])],
        }
    ]
    lines = list(w["head"])
    if w["removed"]:
        lines.append(w["removed"])
        tables.append(
            {
                "title": t("calc_table_removed"),
                "columns": [t("calc_col_removed"), t("calc_col_chance")],
                "rows": [[str(k), decimal(q, lang, 4)] for k, q in _shown(r["removed_distribution"])],
            }
        )
    return {"lines": lines + w["notes"], "tables": tables}


ATTACK = CalculatorSpec(
    "attack",
    title=N_("Attack"),
    help=N_("Expected hits, wounds and unsaved wounds with the exact distribution."),
    inputs=(
        OptionSpec(
            "shots",
            INT,
            help=N_("Shots or close-combat attacks."),
            label=N_("Shots or attacks"),
            required=True,
            minimum=0,
            maximum=200,
        ),
        OptionSpec(
            "bs",
            INT,
            help=N_("Ballistic skill (shooting)."),
            label=N_("Ballistic skill (BS)"),
            minimum=1,
            maximum=10,
        ),
        OptionSpec(
            "ws",
            TEXT,
            help=N_("Close combat: the attacker's WS and the defender's WS."),
            label=N_("Weapon skills (WS)"),
            parse=_ws,
            metavar="A,D",
            placeholder=N_("e.g. 4,3"),
        ),
        OptionSpec(
            "strength",
            INT,
            help=N_("Strength."),
            label=N_("Strength (S)"),
            flag="--s",
            required=True,
            minimum=1,
            maximum=10,
        ),
        OptionSpec(
            "toughness",
            INT,
            help=N_("The target's Toughness."),
            label=N_("Toughness (T)"),
            flag="--t",
            required=True,
            minimum=1,
            maximum=10,
        ),
        OptionSpec(
            "sv",
            TEXT,
            help=N_("The target's save (armour/invulnerable)."),
            label=N_("Save"),
            parse=_save,
            metavar="3+[/4++]",
            placeholder=N_("e.g. 3+ or 3+/4++"),
        ),
        OptionSpec(
            "cover",
            TEXT,
            help=N_("Cover save (shooting only: not taken against close-combat attacks)."),
            label=N_("Cover save"),
            parse=_cover,
            metavar="4+",
        ),
        OptionSpec(
            "ap", INT, help=N_("The weapon's AP (none = AP –)."), label=N_("AP"), minimum=1, maximum=6
        ),
        OptionSpec(
            "twin_linked", FLAG, help=N_("Re-roll missed shots."), label=N_("Twin-linked"), default=False
        ),
        OptionSpec(
            "snap",
            FLAG,
            help=N_("Snap Shots: hit on the chart's fixed roll whatever the BS."),
            label=N_("Snap Shots"),
            default=False,
        ),
        OptionSpec(
            "wounds",
            INT,
            help=N_("The target's Wounds per model: count models removed (Instant Death at S ≥ 2×T)."),
            label=N_("Wounds per model (W)"),
            flag="--w",
            minimum=1,
            maximum=20,
            metavar="N",
        ),
        OptionSpec(
            "rending",
            FLAG,
            help=N_("Rending (†: a wound roll of 6 wounds and is AP2)."),
            label=N_("Rending"),
            default=False,
        ),
        OptionSpec(
            "poisoned",
            TEXT,
            help=N_("Poisoned (†: wounds on this roll or the chart's, whichever is better)."),
            label=N_("Poisoned"),
            parse=_poisoned,
            metavar="4+",
        ),
    ),
    run=_run,
    text=_text,
    display=_display,
    check=_check,
)
CALCULATORS = (ATTACK,)
