"""``sheets calc lnl melee …``: the melee calculator with exact kill odds (click group ``calc``).

    sheets calc lnl melee --a SPEC... --b SPEC... [--a-targets NAMES] [--b-targets NAMES]
                          [--a-lm N] [--b-lm N] [--a-hero] [--b-hero] [--ambush a|b]
                          [--reinforcing-ambush] [--best] [--lang en|ru] [--json]

A SPEC is a counter (grammar in :mod:`sheets.games.lnl.spec`), ``FILE#Unit Name`` (one unit of
an OOB file) or ``FILE`` (every unit of it). Several SPECs follow one ``--a``/``--b`` (or repeat
the option). An illegal attack exits 1 with the reason; a malformed SPEC or unknown target name
is a usage error (exit 2); a SPEC over 60 characters (not echoed) and a bad OOB file are input
errors (exit 1). A side with only NME units in the hex is destroyed without a roll (§8.1).
With ``--lang ru`` the generated unit names use the Russian side letters (А1, Б1); targets may
be named in either alphabet.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from sheets.core.errors import InputError, Problem, did_you_mean
from sheets.games.lnl import rules
from sheets.games.lnl.spec import SpecError, SpecTooLong, parse_spec

VARIADIC = ("--a", "--b", "--a-targets", "--b-targets")


class _VariadicCommand(click.Command):
    """Lets ``--a X Y Z`` stand for ``--a X --a Y --a Z`` (the issue's ``--a SPEC...``)."""

    def parse_args(self, ctx, args):
        out, current = [], None
        for token in args:
            if token in VARIADIC:
                current = token
                out.append(token)
                continue
            if token.startswith("-") and not _looks_negative(token):
                current = None
                out.append(token)
                continue
            if current is not None and out and out[-1] != current:
                out.append(current)
            out.append(token)
        return super().parse_args(ctx, out)


def _looks_negative(token: str) -> bool:
    return token[1:].isdigit()  # --a-lm -1


def _file_units(ref: str) -> list:
    """Units named by ``FILE#Unit Name`` or ``FILE`` (all its units)."""
    from sheets.core.loader import load_file

    path, sep, name = ref.rpartition("#") if "#" in ref else (ref, "", "")
    loaded = load_file(path, expect_game="lnl")
    if not sep:
        return list(loaded.units)
    for unit in loaded.units:
        if unit.name.lower() == name.strip().lower():
            return [unit]
    raise InputError(
        [
            Problem(
                path,
                None,
                f"no unit named {name.strip()!r}{did_you_mean(name.strip(), [u.name for u in loaded.units])}",
            )
        ]
    )


def _is_file_ref(text: str) -> bool:
    head = text.rpartition("#")[0] if "#" in text else text
    if "#" in text or head.lower().endswith((".yaml", ".yml")):
        return True
    try:
        return Path(head).is_file()
    except (OSError, ValueError):  # a name too long for the file system, or with a NUL
        return False


def _side(key: str, specs: tuple, lm, hero, lang: str = "en") -> rules.Side:
    from sheets.core.data import label

    units, n = [], 0
    letter = label("lnl", f"side_{key}", lang)
    for text in specs:
        if _is_file_ref(text):
            units.extend(_file_units(text))
            continue
        n += 1
        try:
            units.append(parse_spec(text, f"{letter}{len(units) + 1}"))
        except SpecTooLong as exc:
            raise InputError([Problem(f"--{key}", None, str(exc))]) from None
        except SpecError as exc:
            raise click.BadParameter(str(exc), param_hint=f"--{key}") from None
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
    out = []
    for name in wanted:
        match = [i for i, u in enumerate(enemy.units) if u.name.lower() == name.lower()]
        if not match:  # A1 / А1, B1 / Б1: the side letters in either alphabet
            match = [i for i, u in enumerate(enemy.units) if _fold(u.name) == _fold(name)]
        if not match:
            raise click.BadParameter(
                f"no enemy unit named {name!r}"
                f"{did_you_mean(name, [u.name for u in enemy.units])}; "
                f"side {enemy.key.upper()} has "
                f"{', '.join(u.name for u in enemy.units)}",
                param_hint=f"--{key}-targets",
            )
        if match[0] not in out:
            out.append(match[0])
    return out


def _fold(name: str) -> str:
    return name.lower().replace("а", "a").replace("б", "b")


def _pct(p: float) -> str:
    return f"{p * 100:.1f}%"


def _attack_lines(key: str, data: dict, L) -> list[str]:
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


def _texts(lang: str):
    from sheets.games.lnl.printing import texts

    return texts(lang)


def human(result: dict, lang: str = "en") -> str:
    L = _texts(lang)
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


def _best_lines(best: dict, L, side: dict) -> list[str]:
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


@click.group("lnl")
def calc():
    """Lock 'n Load Tactical calculators: melee."""


@calc.command("melee", cls=_VariadicCommand)
@click.option(
    "--a",
    "a_specs",
    multiple=True,
    required=True,
    metavar="SPEC...",
    help="side A's counters: 2-5-4, 2-5-4M, 1-6-4+MG-34, half:0-2-3, leader:lm1+MG, "
    "hero:1-4-5, amb:2-5-4, FILE#Unit Name, FILE",
)
@click.option(
    "--b", "b_specs", multiple=True, required=True, metavar="SPEC...", help="side B's counters (as --a)"
)
@click.option(
    "--a-targets",
    multiple=True,
    metavar="NAMES",
    help="the B units A attacks (default: every melee-eligible B unit)",
)
@click.option(
    "--b-targets",
    multiple=True,
    metavar="NAMES",
    help="the A units B attacks (default: every melee-eligible A unit)",
)
@click.option(
    "--a-lm",
    type=click.IntRange(-3, 5),
    default=None,
    help="A's leadership modifier (default: the best LM of A's leaders)",
)
@click.option("--b-lm", type=click.IntRange(-3, 5), default=None, help="B's leadership modifier")
@click.option("--a-hero", is_flag=True, help="a hero is with A (one column shift when A attacks)")
@click.option("--b-hero", is_flag=True, help="a hero is with B")
@click.option(
    "--ambush",
    type=click.Choice(["a", "b"]),
    default=None,
    help="this side ambushes: its ambushers' FP ×3 (units marked ambush/amb:, else all) and it strikes first",
)
@click.option(
    "--reinforcing-ambush",
    is_flag=True,
    help="the ambushers are reinforcements: FP ×3 but the round stays simultaneous",
)
@click.option("--best", is_flag=True, help="rank every legal choice of targets for each side")
@click.option(
    "--low-odds",
    type=click.Choice(["up", "down"]),
    default="up",
    show_default=True,
    help="below 1:1: 'up' = 1:floor(D/A), the attacker's favour; 'down' = 1:ceil(D/A)",
)
@click.option(
    "--zero-drm-with-sw/--no-zero-drm-with-sw",
    default=True,
    show_default=True,
    help="the ±1 per 0-IFP MMC also when it fights with an SW",
)
@click.option(
    "--hero-defence",
    type=click.Choice(["ifp", "sw"]),
    default="ifp",
    show_default=True,
    help="a hero with an SW defends with its IFP, or with half the SW's FP",
)
@click.option(
    "--m-after-ambush", is_flag=True, help='add the "M" +1 after tripling for Ambush (default: before)'
)
@click.option(
    "--nme-leader-lm/--no-nme-leader-lm",
    default=True,
    show_default=True,
    help="a leader without a melee SW still adds its LM to its side's roll",
)
@click.option(
    "--shaken-leader-lm/--no-shaken-leader-lm",
    default=True,
    show_default=True,
    help="a Shaken leader still adds its LM (the rules text does not say)",
)
@click.option(
    "--lang",
    type=click.Choice(["en", "ru"]),
    default="en",
    show_default=True,
    help="language of the explanation texts",
)
@click.option("--json", "as_json", is_flag=True, help="print JSON")
@click.pass_context
def melee(
    ctx,
    a_specs,
    b_specs,
    a_targets,
    b_targets,
    a_lm,
    b_lm,
    a_hero,
    b_hero,
    ambush,
    reinforcing_ambush,
    best,
    low_odds,
    zero_drm_with_sw,
    hero_defence,
    m_after_ambush,
    nme_leader_lm,
    shaken_leader_lm,
    lang,
    as_json,
):
    """One melee round: both sides' FP, odds column, Kill Number, DRM, the natural 2d6 needed and
    the exact chance to kill; then the round's four outcomes."""
    if reinforcing_ambush and not ambush:
        raise click.BadParameter(
            "needs --ambush a|b (which side's reinforcements ambush)", param_hint="--reinforcing-ambush"
        )
    interp = rules.Interpretations(
        low_odds=low_odds,
        zero_drm_with_sw=zero_drm_with_sw,
        hero_defence=hero_defence,
        m_before_ambush=not m_after_ambush,
        nme_leader_lm=nme_leader_lm,
        shaken_leader_lm=shaken_leader_lm,
    )
    a = _side("a", a_specs, a_lm, a_hero, lang)
    b = _side("b", b_specs, b_lm, b_hero, lang)
    at = _targets("a", a_targets, b)
    bt = _targets("b", b_targets, a)
    gone = rules.nme_only(a, b)
    if gone:  # §8.1: a hex holding only the enemy's NME units: all of them are destroyed
        result = rules.nme_only_json(a, b, gone)
        if as_json:
            click.echo(json.dumps(result, ensure_ascii=False, indent=2))
        else:
            L = _texts(lang)
            other = "b" if gone == "a" else "a"
            click.echo(
                L(
                    "calc_nme_only",
                    side=L(f"side_{gone}"),
                    other=L(f"side_{other}"),
                    names=", ".join(result["destroyed"]),
                )
            )
        return
    result, error, local_error = None, None, None
    try:
        rnd = rules.melee_round(a, b, at, bt, ambush, reinforcing_ambush, interp)
        result = rules.round_json(rnd, lang)
    except rules.IllegalAttack as exc:
        error, local_error = str(exc), exc.message(lang)  # JSON keeps English; people read theirs
    if best:
        if ambush and not a.ambushers and ambush == "a":
            a.ambushers = frozenset(range(len(a.units)))
        if ambush and not b.ambushers and ambush == "b":
            b.ambushers = frozenset(range(len(b.units)))
        ranking = {}
        for key, own, enemy in (("a", a, b), ("b", b, a)):
            try:
                ranking[key] = rules.best_targets(own, enemy, interp, ambush == key)
            except rules.IllegalAttack as exc:
                ranking[key] = {
                    "choices": 0,
                    "by_p_kill": [],
                    "by_expected_fp": [],
                    "error": str(exc),
                    "_local": exc.message(lang),
                }
        if result is None:
            local = {k: ranking[k].pop("_local", None) for k in ranking}
            result = {"error": error, "best": ranking}
            if as_json:
                click.echo(json.dumps(result, ensure_ascii=False, indent=2))
            else:
                L = _texts(lang)
                click.echo(L("calc_not_allowed", error=local_error) + "\n")
                for key in ("a", "b"):
                    rows = (
                        "; ".join(
                            f"{', '.join(r['targets'])} {_pct(r['p_kill'])}"
                            for r in ranking[key]["by_p_kill"][:5]
                        )
                        or local[key]
                        or L("calc_none")
                    )
                    click.echo(L("calc_best_short", side=L(f"side_{key}"), rows=rows))
            ctx.exit(1)
        for row in ranking.values():
            row.pop("_local", None)
        result["best"] = ranking
    if result is None:
        click.echo(_texts(lang)("illegal_prefix", error=local_error), err=True)
        ctx.exit(1)
    click.echo(json.dumps(result, ensure_ascii=False, indent=2) if as_json else human(result, lang))
