"""The one click adapter of the option and calculator specs (:mod:`sheets.core.options`,
:mod:`sheets.core.calc`): a spec becomes a click option whose values :meth:`OptionSpec.convert`
checks (the same words as the page), the games' options join the shared commands, and every
game's calculators become ``sheets calc GAME NAME`` commands."""

from __future__ import annotations

import os
from typing import Any

import click

from sheets.cli.base import Command, Composed, Group, Option, SpecType
from sheets.core.i18n import N_, _, tr
from sheets.core.options import FLAG, FLOAT, INT, OptionSpec


def _help(spec: OptionSpec, prefix: str = "") -> str:
    """The option's help (a msgid: translated when shown) with its range; ``prefix`` names the
    games that own a game option in a shared command's help."""
    text = spec.help
    if spec.type in (INT, FLOAT) and (spec.minimum is not None or spec.maximum is not None):
        low = "" if spec.minimum is None else _num(spec.minimum)
        high = "" if spec.maximum is None else _num(spec.maximum)
        text = Composed(text, f" [{low}–{high}]")
    if prefix:
        text = Composed(text, "", prefix)
    return text


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def click_params(spec: OptionSpec, prefix: str = "", keep_text: bool = False) -> list[click.Option]:
    """The click option of ``spec`` and a hidden one per former spelling (``aliases``);
    ``keep_text``: values are checked but given on as written (a calculator converts them)."""
    flag = spec.cli_flag
    decls = [flag, spec.name]
    if spec.short_flag:
        decls.insert(0, spec.short_flag)
    kw: dict[str, Any] = {"help": _help(spec, prefix), "show_default": spec.show_default}
    if spec.type == FLAG:
        if spec.off_flag:
            decls[0 if not spec.short_flag else 1] = f"{flag}/{spec.off_flag}"
            kw.update(default=spec.default)
        else:
            kw.update(is_flag=True, default=spec.default)
    else:
        kw.update(
            type=SpecType(spec, keep_text), multiple=spec.multiple, metavar=None, required=spec.required
        )
        if spec.default is not None:  # (click 8.5 takes an explicit None as a value given)
            kw["default"] = spec.default
        if spec.metavar:
            kw["metavar"] = spec.metavar
    out = [Option(decls, spec=spec, **kw)]
    for i, alias in enumerate(spec.aliases):
        hidden = {k: v for k, v in kw.items() if k not in ("help", "show_default", "default", "required")}
        out.append(Option([alias, f"{spec.name}__alias{i}"], hidden=True, **hidden))
    return out


def merge_aliases(values: dict) -> dict:
    """``name__aliasN`` values folded into ``name`` (the former spelling counts when given)."""
    out = {k: v for k, v in values.items() if "__alias" not in k}
    for k, v in values.items():
        if "__alias" in k and v not in (None, (), False):
            name = k.split("__alias", 1)[0]
            if out.get(name) in (None, ()):
                out[name] = v
    return out


def spelled(spec: OptionSpec) -> str:
    """How a message names an option on the command line (``--diagonal/--not-diagonal``)."""
    return f"{spec.cli_flag}/{spec.off_flag}" if spec.off_flag else spec.cli_flag


# -- the games' options on the shared commands -------------------------------------------------
def game_specs(command: str) -> list[tuple[OptionSpec, list[str]]]:
    """Every registered game's specs for ``command`` (the first game wins a name) with the games
    that declare an option of that name."""
    if command not in _GAME_SPECS:
        from sheets.core.game import all_games, option_specs

        found: dict[str, tuple[OptionSpec, list[str]]] = {}
        for game in all_games():
            for spec in option_specs(game, command):
                if spec.name in found:
                    found[spec.name][1].append(game.id)
                else:
                    found[spec.name] = (spec, [game.id])
        _GAME_SPECS[command] = list(found.values())
    return _GAME_SPECS[command]


_GAME_SPECS: dict[str, list] = {}


def owners_of(command: str, name: str) -> list[str]:
    """The games whose plug-in adds the option ``name`` to ``command``."""
    for spec, owners in game_specs(command):
        if spec.name == name:
            return list(owners)
    return []


def game_params(command: str) -> list[click.Option]:
    """The click options every registered game adds to ``command`` (help marked with the games)."""
    out: list[click.Option] = []
    for spec, owners in game_specs(command):
        out.extend(click_params(spec, prefix=", ".join(owners) + ": "))
    return out


class GameOptionsCommand(Command):
    """A command whose options are the shared ones plus those the registered games declare for
    it (``Game.command_options``). Their values reach the game through ``Options.extra``.

    Finding them imports every game, so it is done only when needed: for ``--help``, for shell
    completion and when the command line holds an option the shared command does not know (a
    plain ``sheets validate FILE`` stays fast)."""

    def __init__(self, *args: Any, game_options_for: str, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.game_options_for = game_options_for

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        known = {o for p in super().get_params(ctx) for o in (*p.opts, *p.secondary_opts)}
        helps = set(ctx.help_option_names)
        names = {p.name for p in super().get_params(ctx)}
        ctx.meta["sheets.game_options"] = (
            ctx.resilient_parsing  # shell completion offers every game's options
            or any(
                a.startswith("-") and a != "-" and (a.split("=", 1)[0] not in known or a in helps)
                for a in args
            )
            or any(k not in names for k in (ctx.default_map or {}))
        )
        return super().parse_args(ctx, args)

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        params = super().get_params(ctx)
        if not ctx.meta.get("sheets.game_options", True):
            return params
        seen = {p.name for p in params}
        extra = [p for p in game_params(self.game_options_for) if p.name not in seen]
        helps = set(ctx.help_option_names)  # the help option last
        help_opts = [p for p in params if helps & set(p.opts)]
        return [p for p in params if p not in help_opts] + extra + help_opts


def given(ctx: click.Context, name: str) -> bool:
    """The user wrote this option on the command line (not a default, not a settings file)."""
    from click.core import ParameterSource

    return ctx.get_parameter_source(name) in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)


def check_game_options(ctx: click.Context, command: str, game_ids) -> None:
    """Options of another game than the file's (``render roc.yaml --card tarot``) are usage errors
    naming the games they belong to."""
    game_ids = sorted(set(game_ids))
    if not game_ids or not ctx.meta.get("sheets.game_options"):
        return
    for spec, owners in game_specs(command):
        if spec.name in ctx.params and given(ctx, spec.name) and not set(owners) & set(game_ids):
            raise click.UsageError(
                _("{option} is an option of {owners}, not of {games}").format(
                    option=spec.cli_flag, owners=_(" and ").join(owners), games=_(" or ").join(game_ids)
                )
            )


def check_rules(ctx, game_ids) -> None:
    """``--rules`` given for a game without variants, or a variant the game does not have: a
    usage error naming the games that have them."""
    from sheets.core.game import all_games, get_game

    value = ctx.params.get("rules")
    if not value or not given(ctx, "rules"):
        return
    for gid in sorted(set(game_ids)):
        game = get_game(gid)
        if not game.variants:
            having = [f"{g.id} ({'|'.join(g.variants)})" for g in all_games() if g.variants]
            raise click.UsageError(
                _("--rules: {game} has no rule variants (only {having} have)").format(
                    game=gid, having=", ".join(having)
                )
            )
        if value.lower() not in game.variants:
            raise click.UsageError(
                _("--rules: {game} has no rules variant {value}; expected one of {choices}").format(
                    game=gid, value=repr(value.lower()), choices=", ".join(game.variants)
                )
            )


# -- calculators ---------------------------------------------------------------------------------
class DiskFiles:
    """Unit references of ``sheets calc`` name files of the file system."""

    def exists(self, file: str) -> bool:
        try:
            return os.path.isfile(file)
        except (OSError, ValueError):  # a name too long, or with a NUL
            return False

    def load(self, file: str, expect_game: str | None) -> Any:
        from sheets.cli.common import detail, units_count
        from sheets.core.loader import load_file

        loaded = load_file(file, expect_game=expect_game)
        detail(_("read {file}: {units}").format(file=file, units=units_count(len(loaded.units))))
        return loaded


class VariadicCommand(Command):
    """``--a X Y Z`` stands for ``--a X --a Y --a Z`` for the inputs marked ``variadic``."""

    variadic: tuple[str, ...] = ()

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        out: list[str] = []
        current = None
        for token in args:
            if token in self.variadic:
                current = token
                out.append(token)
                continue
            if token.startswith("-") and not token[1:].isdigit():  # -1 is a value (an LM)
                current = None
                out.append(token)
                continue
            if current is not None and out and out[-1] != current:
                out.append(current)
            out.append(token)
        return super().parse_args(ctx, out)


def calc_command(game_id: str, spec) -> click.Command:
    """``sheets calc GAME NAME``: the calculator ``spec``'s inputs as options, ``--lang``,
    ``--json``."""
    from sheets.cli.options import lang_option, verbosity

    params: list[click.Parameter] = []
    for item in spec.inputs:
        params.extend(click_params(item, keep_text=True))
    by_name = {i.name: i for i in spec.inputs}

    def spell(name: str) -> str:
        return spelled(by_name[name]) if name in by_name else name

    def run(**values: Any) -> None:
        from sheets.cli.commands.validate import json_text
        from sheets.core import calc as core_calc
        from sheets.core.options import NamedValueError

        as_json = values.pop("as_json")
        values.pop("lang", None)  # the language of the command (decided before parsing)
        values = merge_aliases(values)
        try:
            done = core_calc.run(spec, values, DiskFiles())
        except core_calc.InputProblem as exc:
            raise click.UsageError(exc.render(spell)) from None
        except NamedValueError as exc:
            raise click.BadParameter(str(exc), param_hint=f"'{spelled(exc.spec)}'") from None
        except core_calc.Refused as exc:
            if exc.result is not None:
                text = exc.text or ""
                for n in exc.names:
                    text = text.replace("{" + n + "}", spell(n))
                click.echo(json_text(exc.result, indent=2) if as_json else text)
            else:
                click.echo(exc.render(spell), err=True)
            raise SystemExit(1) from None
        click.echo(json_text(done.result, indent=2) if as_json else done.text)

    cls = type("Calc", (VariadicCommand,), {"variadic": tuple(i.cli_flag for i in spec.inputs if i.variadic)})
    cmd = cls(
        spec.name,
        params=params,
        callback=run,
        help=spec.help,
        short_help=spec.title,
    )
    lang_option(cmd)
    click.option("--json", "as_json", is_flag=True, cls=Option, help=N_("Print JSON."))(cmd)
    verbosity(cmd)
    return cmd


class GameCalcGroup(Group):
    """``sheets calc GAME``: the calculators of one game."""

    def __init__(self, game, **kwargs: Any):
        super().__init__(game.id, help=_game_calc_help(game), **kwargs)
        self.game = game

    def _specs(self) -> dict:
        from sheets.core.game import calculator_specs

        return {s.name: s for s in calculator_specs(self.game)}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self._specs())

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        spec = self._specs().get(name)
        return calc_command(self.game.id, spec) if spec else None


def _game_calc_help(game):
    """The help of ``sheets calc GAME``: the game's name and the line, in the language shown."""

    def text() -> str:
        from sheets.core.i18n import current_lang

        name = game.name.get(current_lang()) or game.name.get("en") or game.id
        line = tr(N_("Calculators of this game."))
        return f"{name}: {line}"

    return text


class CalcGroup(Group):
    """``sheets calc``: each game's calculators, loaded when asked for."""

    def _games(self) -> dict:
        from sheets.core.game import all_games

        return {g.id: g for g in all_games() if g.calculators}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(self._games())

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        from sheets.cli import short_help_option
        from sheets.cli.options import with_lang

        game = self._games().get(name)
        return with_lang(short_help_option(GameCalcGroup(game))) if game else None


def calculator_names() -> list[str]:
    """``dmech facing``, ``dust cover``…: every calculator of every registered game."""
    from sheets.core.game import all_games, calculator_specs

    return [f"{g.id} {s.name}" for g in all_games() for s in calculator_specs(g)]
