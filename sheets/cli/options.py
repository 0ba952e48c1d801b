"""Options shared by several commands, defined once."""

from __future__ import annotations

import click

lang_option = click.option(
    "--lang",
    type=click.Choice(["en", "ru"]),
    default="en",
    show_default=True,
    help="Language of every printed label.",
)
paper_option = click.option(
    "--paper",
    type=click.Choice(["a4", "letter"]),
    default="a4",
    show_default=True,
    help="Paper size (each has its own layout).",
)
mono_option = click.option("--mono", is_flag=True, help="Greys and outlines only (black-and-white printers).")


def _check_rules(ctx, param, value):
    if value is None:
        return None
    from sheets.core.errors import did_you_mean
    from sheets.core.game import all_games

    known = sorted({v for g in all_games() for v in g.variants})
    if value.lower() not in known:
        raise click.BadParameter(
            f"unknown rules variant {value!r}{did_you_mean(value, known)}; expected one of {', '.join(known)}"
        )
    return value.lower()


rules_option = click.option(
    "--rules",
    "rules",
    default=None,
    metavar="VARIANT",
    callback=_check_rules,
    help="Rule variant where the game has them (battletech: classic|tw, default classic; "
    "wh40k6: the Force Organisation chart 6th|7th|hh1|other, default 6th).",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Machine-readable JSON output.")
out_option = click.option(
    "-o",
    "--output",
    "output",
    type=click.Path(dir_okay=False),
    default=None,
    help="Output file (default: output/<stem of the first input>.<ext>).",
)
paths_argument = click.argument("paths", nargs=-1, required=True, type=click.Path(), metavar="PATH...")


def _remember(key: str):
    """A flag's callback that notes it in the context (``ctx.meta[key]``) for the command's end."""

    def callback(ctx, param, value):
        if value:
            ctx.meta[key] = True
        return value

    return callback


check_layout_option = click.option(
    "--check-layout",
    is_flag=True,
    expose_value=False,
    callback=_remember("sheets.check_layout"),
    help="Every page is measured against the print rules (text >= 6 pt, inside its frame, tick "
    "boxes >= 3 mm, no English on a Russian page, ...); problems are warnings: with this "
    "option (or --strict) they exit 1, and a clean check says so.",
)


strict_option = click.option(
    "--strict",
    is_flag=True,
    expose_value=False,
    callback=_remember("sheets.strict"),
    help="Layout problems (always listed as warnings on stderr) make the command exit 1; "
    "battletech render: equipment later than the chosen rules is an error too.",
)


def printing_options(f):
    for deco in reversed(
        (lang_option, paper_option, mono_option, rules_option, check_layout_option, strict_option)
    ):
        f = deco(f)
    return f


class GameOptionsCommand(click.Command):
    """A command whose options are the shared ones plus those the registered games declare for it
    (``Game.cli_options[<command>]``). Their values reach the game through ``Options.extra``.

    Finding them imports every game, so it is done only when needed: for ``--help`` and when the
    command line holds an option the shared command does not know (a plain ``sheets validate
    FILE`` stays fast). A game reads an option it was not given with its default
    (``extra.get(name, default)``)."""

    def __init__(self, *args, game_options_for: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.game_options_for = game_options_for

    def parse_args(self, ctx, args):
        known = {o for p in super().get_params(ctx) for o in (*p.opts, *p.secondary_opts)}
        helps = set(ctx.help_option_names)
        names = {p.name for p in super().get_params(ctx)}
        ctx.meta["sheets.game_options"] = any(
            a.startswith("-") and a != "-" and (a.split("=", 1)[0] not in known or a in helps) for a in args
        ) or any(k not in names for k in (ctx.default_map or {}))
        return super().parse_args(ctx, args)

    def get_params(self, ctx):
        params = super().get_params(ctx)
        if not ctx.meta.get("sheets.game_options", True):
            return params
        seen = {p.name for p in params}
        extra = [p for p in game_params(self.game_options_for) if p.name not in seen]
        # the help option last (found by its flags: click 8.2+ names it "_click_default_help")
        helps = set(ctx.help_option_names)
        help_opts = [p for p in params if helps & set(p.opts)]
        return [p for p in params if p not in help_opts] + extra + help_opts


def game_params(command: str) -> list:
    """The click parameters every registered game adds to ``command`` (first game wins a name)."""
    if command not in _GAME_PARAMS:
        from sheets.core.game import all_games, load_object

        out, seen = [], set()
        for game in all_games():
            path = (getattr(game, "cli_options", None) or {}).get(command)
            if not path:
                continue
            for param in load_object(path):
                if param.name not in seen:
                    seen.add(param.name)
                    out.append(param)
        _GAME_PARAMS[command] = out
    return _GAME_PARAMS[command]


_GAME_PARAMS: dict = {}


def owners_of(command: str, name: str) -> list[str]:
    """The games whose plug-in adds the parameter ``name`` to ``command``."""
    from sheets.core.game import all_games, load_object

    owners = []
    for game in all_games():
        path = (getattr(game, "cli_options", None) or {}).get(command)
        if path and any(p.name == name for p in load_object(path)):
            owners.append(game.id)
    return owners
