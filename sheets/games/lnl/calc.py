"""Lock 'n Load Tactical's calculators as data: one melee round with exact kill odds (``sheets calc
lnl melee``, the page's form, ``sheets.api.calculate``).

A side is a list of counters (grammar in :mod:`sheets.games.lnl.spec`) and units of an OOB file
(``FILE#Unit Name``, or ``FILE`` for every unit of it). An illegal attack is refused with the
reason (exit 1 on the CLI); a malformed counter or an unknown target name is a usage error. A side
with only NME units in the hex is destroyed without a roll (§8.1). In Russian the generated unit
names use the Russian side letters (А1, Б1); targets may be named in either alphabet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from sheets.core.calc import CalculatorSpec, InputProblem, Refused
from sheets.core.data import label
from sheets.core.errors import did_you_mean, short
from sheets.core.i18n import N_, _, current_lang
from sheets.core.options import CHOICE, FLAG, INT, TEXT, UNIT_OR_TEXT, Choice, NamedValueError, OptionSpec
from sheets.games.lnl import rules
from sheets.games.lnl.model import Unit
from sheets.games.lnl.spec import SpecError, parse_spec


def _side(key: str, items: tuple[str | Iterable[Unit], ...], lm: int | None, hero: bool) -> rules.Side:
    lang = current_lang()
    units: list = []
    letter = label("lnl", f"side_{key}", lang)
    for item in items:
        if not isinstance(item, str):  # the units of a file (a reference)
            units.extend(item)
            continue
        try:
            units.append(parse_spec(item, f"{letter}{len(units) + 1}"))
        except SpecError as exc:
            raise NamedValueError(_INPUTS[key], str(exc)) from None
    seen: dict = {}
    for u in units:  # the same counter twice from a file: tell them apart
        count = seen[u.name.lower()] = seen.get(u.name.lower(), 0) + 1
        if count > 1:
            u.name = f"{u.name} ({count})"
    ambushers = frozenset(i for i, u in enumerate(units) if u.ambush)
    return rules.Side(key, units, lm=lm, hero=hero, ambushers=ambushers)


def _targets(key: str, names: tuple, enemy: rules.Side) -> list[int] | None:
    if not names:
        return None
    wanted = [n.strip() for text in names for n in text.split(",") if n.strip()]
    out: list[int] = []
    for name in wanted:
        match = [i for i, u in enumerate(enemy.units) if u.name.lower() == name.lower()]
        if not match:  # A1 / А1, B1 / Б1: the side letters in either alphabet
            match = [i for i, u in enumerate(enemy.units) if _fold(u.name) == _fold(name)]
        if not match:
            raise NamedValueError(
                _INPUTS[f"{key}_targets"],
                _("no enemy unit named {name}{hint}; side {side} has {units}").format(
                    name=short(name),
                    hint=did_you_mean(name, [u.name for u in enemy.units]),
                    side=enemy.key.upper(),
                    units=", ".join(u.name for u in enemy.units),
                ),
            )
        if match[0] not in out:
            out.append(match[0])
    return out


def _fold(name: str) -> str:
    return name.lower().replace("а", "a").replace("б", "b")


def _pct(p: float) -> str:
    return f"{p * 100:.1f}%"


def _attack_lines(key: str, data: dict[str, Any], L: Callable[..., str]) -> list[str]:
    other = "b" if key == "a" else "a"
    dagger = "" if data["kn_verified"] else "†"
    head = L("calc_attacks", side=L(f"side_{key}"), targets=", ".join(data["targets"]))
    lines = [head + ("  " + L("calc_tripled") if data["ambush"] else "")]
    rows = data["units"] + data["target_units"]
    total = L("calc_total")
    width = max([len(total)] + [len(u["name"]) for u in rows])
    cw = max(len(u["counter"]) for u in rows)
    fp = L("ws_fp")
    for u in data["units"]:
        lines.append(f"  {u['name']:<{width}}  {u['counter']:<{cw}}  {u['fp']:>2} {fp}  {u['why']}")
    lines.append(f"  {total:<{width}}  {'':<{cw}}  {data['fp']:>2} {fp}")
    lines.append("  " + L("calc_defending", side=L(f"side_{other}")))
    for u in data["target_units"]:
        lines.append(f"  {u['name']:<{width}}  {u['counter']:<{cw}}  {u['fp']:>2} {fp}  {u['why']}")
    lines.append(f"  {total:<{width}}  {'':<{cw}}  {data['target_fp']:>2} {fp}")
    why = "; ".join(data["column_why"][1:]) or L("calc_exact")
    lines.append("  " + L("calc_odds", ratio=data["ratio"], column=data["column"], why=why))
    parts = [L("calc_lm", lm=f"{data['lm']:+d}")]
    if data["zero_fp_attacking"]:
        parts.append(L("calc_zero_att", n=data["zero_fp_attacking"]))
    if data["zero_fp_defending"]:
        parts.append(L("calc_zero_def", n=data["zero_fp_defending"]))
    if data["need"] is None:
        need = L("calc_need_never")
    elif data["need"] <= 2:
        need = L("calc_need_any")
    else:
        need = L("calc_need_roll", n=data["need"], exact=data["p_kill_exact"], pct=_pct(data["p_kill"]))
    lines.append(
        "  "
        + L(
            "calc_kn_line",
            kn=f"{data['kill_number']}{dagger}",
            drm=f"{data['drm']:+d}",
            parts=", ".join(parts),
            need=need,
        )
    )
    return lines


def _texts(lang: str | None = None) -> Callable[..., str]:
    from sheets.games.lnl.printing import texts

    return texts(lang or current_lang())


def human(result: dict, values: dict | None = None) -> str:
    """What ``sheets calc lnl melee`` prints of a round's result."""
    L = _texts()
    side = {k: L(f"side_{k}") for k in ("a", "b")}
    lines = [
        L("calc_simultaneous") if result["simultaneous"] else L("calc_ambush", side=side[result["first"]])
    ]
    order = ("a", "b") if result["first"] != "b" else ("b", "a")
    for key in order:
        lines.append("")
        lines.extend(_attack_lines(key, result[key], L))
    if not result["simultaneous"]:
        back = result.get("strike_back")
        first = result["first"]
        other = "b" if first == "a" else "a"
        lines.append("")
        if back is None:
            lines.append(L("calc_none_left", first=side[first], other=side[other]))
        else:
            lines.append(
                L(
                    "calc_strike_back",
                    first=side[first],
                    other=side[other],
                    fp=back["fp"],
                    column=back["column"],
                    pct=_pct(back["p_kill"]),
                )
            )
    for note in result["notes"]:
        lines.append(L("calc_note", text=note))
    o, lost = result["outcomes"], result["losses"]
    rows = [
        (
            L("calc_only", side=side["b"], names=", ".join(lost["only_b_destroyed"]["b"])),
            o["only_b_destroyed"],
        ),
        (
            L("calc_only", side=side["a"], names=", ".join(lost["only_a_destroyed"]["a"])),
            o["only_a_destroyed"],
        ),
        (
            L(
                "calc_both",
                a=side["a"],
                b=side["b"],
                a_names=", ".join(lost["both"]["a"]),
                b_names=", ".join(lost["both"]["b"]),
            ),
            o["both"],
        ),
        (L("calc_neither"), o["neither"]),
    ]
    lines += ["", L("calc_outcome")] + [f"  {_pct(p):>6}  {t}" for t, p in rows]
    for key in ("a", "b"):
        data = result[key]
        if data["nme"]:
            lines.append(L("calc_nme", side=side[key], names=", ".join(data["nme"])))
        if data["single_use_removed"]:
            lines.append(L("calc_single_use", names=", ".join(data["single_use_removed"])))
        if data["captured_used"]:
            lines.append(L("calc_captured", side=side[key], names=", ".join(data["captured_used"])))
    if "best" in result:
        lines += _best_lines(result["best"], L, side)
    if any(not result[k]["kn_verified"] for k in ("a", "b")) or "best" in result:
        lines += ["", L("kn_unverified_note")]
    return "\n".join(lines)


def _best_lines(best: dict[str, Any], L: Callable[..., str], side: dict[str, str]) -> list[str]:
    lines = []
    for key in ("a", "b"):
        ranking = best[key]
        for order_key, title in (("by_p_kill", "calc_by_p"), ("by_expected_fp", "calc_by_e")):
            shown, n = len(ranking[order_key]), ranking["choices"]
            lines += [
                "",
                L(
                    "calc_best_all" if shown == n else "calc_best_some",
                    side=side[key],
                    order=L(title),
                    n=n,
                    shown=shown,
                ),
            ]
            for n, row in enumerate(ranking[order_key], 1):
                dagger = "" if row["kn_verified"] else "†"
                need = (
                    L("calc_best_never")
                    if row["need"] is None
                    else L("calc_best_any")
                    if row["need"] <= 2
                    else f"{row['need']}+"
                )
                lines.append(
                    f"  {n:>2}. "
                    + L(
                        "calc_best_row",
                        targets=", ".join(row["targets"]),
                        column=row["column"],
                        kn=f"{row['kill_number']}{dagger}",
                        drm=f"{row['drm']:+d}",
                        need=need,
                        pct=_pct(row["p_kill"]),
                        e=f"{row['expected_fp_destroyed']:.2f}",
                        fp=row["target_fp"],
                    )
                )
    return lines


def _refusal(exc: rules.IllegalAttack) -> tuple[str, tuple[str, ...]]:
    """The reason in the current language; an option it names (``--a-targets``) as a ``{name}``
    each front end spells its own way."""
    names: tuple[str, ...] = ()
    if "flag" in exc.fields:
        name = str(exc.fields["flag"]).lstrip("-").replace("-", "_")
        exc.fields["flag"] = "{" + name + "}"
        names = (name,)
    return exc.message(current_lang()), names


def _check(values: dict) -> None:
    if values["reinforcing_ambush"] and not values["ambush"]:
        raise InputProblem(
            _("{reinforcing_ambush} needs {ambush} (which side's reinforcements ambush)"),
            "reinforcing_ambush",
            "ambush",
        )


def _interpretations(values: dict) -> rules.Interpretations:
    return rules.Interpretations(
        low_odds=values["low_odds"],
        zero_drm_with_sw=values["zero_drm_with_sw"],
        hero_defence=values["hero_defence"],
        m_before_ambush=not values["m_after_ambush"],
        nme_leader_lm=values["nme_leader_lm"],
        shaken_leader_lm=values["shaken_leader_lm"],
        ambush_defence=values["ambush_defence"],
    )


def _best(
    a: rules.Side, b: rules.Side, ambush: str | None, interp: rules.Interpretations
) -> tuple[dict[str, dict[str, Any]], dict[str, str | None]]:
    """Each side's ranking of every legal choice of targets, and the local reason a side has none."""
    lang = current_lang()
    if ambush == "a" and not a.ambushers:
        a.ambushers = frozenset(range(len(a.units)))
    if ambush == "b" and not b.ambushers:
        b.ambushers = frozenset(range(len(b.units)))
    ranking: dict[str, dict[str, Any]] = {}
    local: dict[str, str | None] = {}
    for key, own, enemy in (("a", a, b), ("b", b, a)):
        try:
            ranking[key] = rules.best_targets(own, enemy, interp, ambush == key)
            local[key] = None
        except rules.IllegalAttack as exc:
            ranking[key] = {"choices": 0, "by_p_kill": [], "by_expected_fp": [], "error": str(exc)}
            local[key] = exc.message(lang)
    return ranking, local


def _run(values: dict) -> dict:
    lang = current_lang()
    interp = _interpretations(values)
    a = _side("a", values["a"], values["a_lm"], values["a_hero"])
    b = _side("b", values["b"], values["b_lm"], values["b_hero"])
    at = _targets("a", values["a_targets"], b)
    bt = _targets("b", values["b_targets"], a)
    gone = rules.nme_only(a, b)
    if gone:  # §8.1: a hex holding only the enemy's NME units: all of them are destroyed
        return rules.nme_only_json(a, b, gone)
    ambush = values["ambush"]
    try:
        result = rules.round_json(
            rules.melee_round(a, b, at, bt, ambush, values["reinforcing_ambush"], interp), lang
        )
        error = local_error = None
    except rules.IllegalAttack as exc:
        result, error = None, str(exc)  # JSON keeps English
        local_error, names = _refusal(exc)
    if not values["best"]:
        if result is None:
            raise Refused(_texts()("illegal_prefix", error=local_error), names=names)
        return result
    ranking, local = _best(a, b, ambush, interp)
    if result is not None:
        return {**result, "best": ranking}
    refused = {"error": error, "best": ranking}
    L = _texts()
    lines = [L("calc_not_allowed", error=local_error), ""]
    for key in ("a", "b"):
        rows = (
            "; ".join(f"{', '.join(r['targets'])} {_pct(r['p_kill'])}" for r in ranking[key]["by_p_kill"][:5])
            or local[key]
            or L("calc_none")
        )
        lines.append(L("calc_best_short", side=L(f"side_{key}"), rows=rows))
    raise Refused(local_error or "", result=refused, text="\n".join(lines), names=names)


def _text(result: dict, values: dict) -> str:
    if "nme_only" in result:  # the NME-only hex (§8.1)
        L = _texts()
        gone = result["nme_only"]
        other = "b" if gone == "a" else "a"
        return L(
            "calc_nme_only",
            side=L(f"side_{gone}"),
            other=L(f"side_{other}"),
            names=", ".join(result["destroyed"]),
        )
    return human(result, values)


def _display(result: dict, values: dict) -> dict:
    """The page's form: the text's sentences, and the round's four outcomes as a table."""
    text = _text(result, values)
    if "outcomes" not in result:
        return {"lines": [line.strip() for line in text.splitlines() if line.strip()], "tables": []}
    L = _texts()
    outcome_at = text.find(L("calc_outcome"))
    head = text[:outcome_at] if outcome_at >= 0 else text
    rows = (
        [line.strip().split("  ", 1) for line in text[outcome_at:].splitlines()[1:5]]
        if outcome_at >= 0
        else []
    )
    tail = text[outcome_at:].splitlines()[5:] if outcome_at >= 0 else []
    return {
        "lines": [line.strip() for line in [*head.splitlines(), *tail] if line.strip()],
        "tables": [
            {
                "title": L("calc_outcome").rstrip(":"),
                "columns": [L("calc_col_chance"), L("calc_col_outcome")],
                "rows": [[r[0].strip(), r[1].strip() if len(r) > 1 else ""] for r in rows],
            }
        ],
    }


def _side_inputs(key: str) -> tuple[OptionSpec, ...]:
    return (
        OptionSpec(
            key,
            UNIT_OR_TEXT,
            help=N_(
                "The side's counters: 2-5-4, 2-5-4M, 1-6-4+MG-34, half:0-2-3, leader:lm1+MG, hero:1-4-5, "
                "amb:2-5-4, or units of an order of battle (FILE#Unit Name, FILE)."
            )
            if key == "a"
            else N_("Side B's counters (as side A's)."),
            label=N_("Side A") if key == "a" else N_("Side B"),
            multiple=True,
            variadic=True,
            required=True,
            metavar="SPEC...",
            placeholder=N_("e.g. 2-4-4+MG"),
        ),
        OptionSpec(
            f"{key}_targets",
            TEXT,
            help=N_("The B units side A attacks (default: every melee-eligible B unit).")
            if key == "a"
            else N_("The A units side B attacks (default: every melee-eligible A unit)."),
            label=N_("Side A attacks") if key == "a" else N_("Side B attacks"),
            multiple=True,
            variadic=True,
            metavar="NAMES",
        ),
        OptionSpec(
            f"{key}_lm",
            INT,
            help=N_("Side A's leadership modifier (default: the best LM of its leaders).")
            if key == "a"
            else N_("Side B's leadership modifier (default: the best LM of its leaders)."),
            label=N_("Side A's leadership modifier") if key == "a" else N_("Side B's leadership modifier"),
            minimum=-3,
            maximum=5,
        ),
        OptionSpec(
            f"{key}_hero",
            FLAG,
            help=N_("A hero is with side A (one column shift when it attacks).")
            if key == "a"
            else N_("A hero is with side B (one column shift when it attacks)."),
            label=N_("Hero with side A") if key == "a" else N_("Hero with side B"),
            default=False,
        ),
    )


MELEE = CalculatorSpec(
    "melee",
    title=N_("Melee"),
    help=N_(
        "One melee round: both sides' FP, odds column, Kill Number, DRM, the natural 2d6 needed and the "
        "exact chance to kill; then the round's four outcomes."
    ),
    inputs=(
        *_side_inputs("a"),
        *_side_inputs("b"),
        OptionSpec(
            "ambush",
            CHOICE,
            help=N_(
                "This side ambushes: its ambushers' FP ×3 (units marked ambush/amb:, else all) and it strikes first."
            ),
            label=N_("Ambushing side"),
            choices=(Choice("a", N_("side A")), Choice("b", N_("side B"))),
        ),
        OptionSpec(
            "reinforcing_ambush",
            FLAG,
            help=N_("The ambushers are reinforcements: FP ×3 but the round stays simultaneous."),
            label=N_("Reinforcements ambush"),
            default=False,
        ),
        OptionSpec(
            "best",
            FLAG,
            help=N_("Rank every legal choice of targets for each side."),
            label=N_("Rank every choice of targets"),
            default=False,
        ),
        OptionSpec(
            "low_odds",
            CHOICE,
            help=N_("Below 1:1: 'up' = 1:floor(D/A), the attacker's favour; 'down' = 1:ceil(D/A)."),
            label=N_("Odds below 1:1"),
            choices=(
                Choice("up", N_("rounded in the attacker's favour")),
                Choice("down", N_("rounded down")),
            ),
            default="up",
            show_default=True,
        ),
        OptionSpec(
            "zero_drm_with_sw",
            FLAG,
            help=N_("The ±1 per 0-IFP MMC also when it fights with an SW."),
            label=N_("±1 per 0-IFP MMC with an SW too"),
            default=True,
            off_flag="--no-zero-drm-with-sw",
            show_default=True,
        ),
        OptionSpec(
            "hero_defence",
            CHOICE,
            help=N_("A hero with an SW defends with its IFP, or with half the SW's FP."),
            label=N_("A hero with an SW defends with"),
            choices=(Choice("ifp", N_("its IFP")), Choice("sw", N_("half the SW's FP"))),
            default="ifp",
            show_default=True,
        ),
        OptionSpec(
            "ambush_defence",
            FLAG,
            help=N_(
                "The ambushers' FP tripled also when they defend in the first round (the other reading of "
                "«утраивается для первого раунда Melle»; default: in their attack only)."
            ),
            label=N_("Ambushers tripled in defence too"),
            default=False,
        ),
        OptionSpec(
            "m_after_ambush",
            FLAG,
            help=N_('Add the "M" +1 after tripling for Ambush (default: before).'),
            label=N_('"M" +1 after the ambush tripling'),
            default=False,
        ),
        OptionSpec(
            "nme_leader_lm",
            FLAG,
            help=N_("A leader without a melee SW still adds its LM to its side's roll."),
            label=N_("A leader without a melee SW adds its LM"),
            default=True,
            off_flag="--no-nme-leader-lm",
            show_default=True,
        ),
        OptionSpec(
            "shaken_leader_lm",
            FLAG,
            help=N_("A Shaken leader still adds its LM (the rules text does not say)."),
            label=N_("A Shaken leader adds its LM"),
            default=True,
            off_flag="--no-shaken-leader-lm",
            show_default=True,
        ),
    ),
    run=_run,
    text=_text,
    display=_display,
    check=_check,
    game="lnl",
)
CALCULATORS = (MELEE,)
_INPUTS = {i.name: i for i in MELEE.inputs}
