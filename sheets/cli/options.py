"""Options shared by several commands, defined once (their values and words come from the shared
specs of :mod:`sheets.core.options`)."""

from __future__ import annotations

import click

from sheets.cli.base import Option, Path, SpecType, lang_option
from sheets.core.i18n import N_, _
from sheets.core.options import MONO, PAPER

__all__ = ["lang_option"]  # (defined in sheets.cli.base: the program's own option, its help light)


def with_lang(cmd):
    """``--lang`` on ``cmd`` and every command under it (a game's importer too): the language of
    the messages and the printout, accepted after any command."""
    if cmd is None:
        return None
    if not any("--lang" in p.opts for p in cmd.params):
        lang_option(cmd)
    for sub in (getattr(cmd, "commands", None) or {}).values():
        with_lang(sub)
    return cmd


paper_option = click.option(
    "--paper", type=SpecType(PAPER), default="a4", show_default=True, cls=Option, spec=PAPER, help=PAPER.help
)
mono_option = click.option("--mono", is_flag=True, cls=Option, spec=MONO, help=MONO.help)


def _check_rules(ctx, param, value):
    if value is None:
        return None
    from sheets.core.errors import did_you_mean, short
    from sheets.core.game import all_games

    known = sorted({v for g in all_games() for v in g.variants})
    if value.lower() not in known:
        raise click.BadParameter(
            _("unknown rules variant {value}{hint}; expected one of {choices}").format(
                value=short(value), hint=did_you_mean(value, known), choices=", ".join(known)
            )
        )
    return value.lower()


def _complete_rules(ctx, param, incomplete):
    """Shell completion of --rules: every registered game's variants."""
    from click.shell_completion import CompletionItem

    from sheets.core.game import all_games

    seen: dict[str, list[str]] = {}
    for g in all_games():
        for v in g.variants:
            seen.setdefault(v, []).append(g.id)
    return [
        CompletionItem(v, help=", ".join(ids)) for v, ids in seen.items() if v.startswith(incomplete.lower())
    ]


rules_option = click.option(
    "--rules",
    "rules",
    default=None,
    metavar="VARIANT",
    shell_complete=_complete_rules,
    callback=_check_rules,
    cls=Option,
    help=N_(
        "Rule variant where the game has them (battletech: classic|tw, default classic; wh40k6: the "
        "Force Organisation chart 6th|7th|hh1|other, default 6th)."
    ),
)
json_option = click.option(
    "--json", "as_json", is_flag=True, cls=Option, help=N_("Machine-readable JSON output.")
)
paths_argument = click.argument("paths", nargs=-1, required=True, type=Path(), metavar="PATH...")
# render, validate, info: the files, or the bundled samples (`--example battletech`)
inputs_argument = click.argument("paths", nargs=-1, required=False, type=Path(), metavar="[PATH]...")


def _complete_examples(ctx, param, incomplete):
    from click.shell_completion import CompletionItem

    from sheets.core.data import data_root, load_data

    names = sorted(load_data("common/examples.yaml")) + sorted(
        p.stem for p in (data_root() / "units").glob("*/*.yaml")
    )
    return [CompletionItem(n) for n in names if n.startswith(incomplete)]


example_option = click.option(
    "--example",
    "examples",
    multiple=True,
    metavar="NAME",
    cls=Option,
    shell_complete=_complete_examples,
    help=N_(
        "A bundled sample instead of (or beside) PATH: a game id (its sample printout) or a sample's name, "
        "e.g. --example battletech, --example roc. Works from any folder after pip install."
    ),
)


def output_option(help_text: str):
    return click.option(
        "-o", "--output", "output", type=Path(dir_okay=False), default=None, cls=Option, help=help_text
    )


def _remember(key: str, value_of=lambda v: True):
    """A flag's callback that notes it in the context (``ctx.meta[key]``) for the command's end."""

    def callback(ctx, param, value):
        if value:
            ctx.meta[key] = value_of(value)
        return value

    return callback


check_layout_option = click.option(
    "--check-layout",
    is_flag=True,
    expose_value=False,
    callback=_remember("sheets.check_layout"),
    cls=Option,
    help=N_(
        "Every page is measured against the print rules (text >= 6 pt, inside its frame, tick boxes >= 3 "
        "mm, no English on a Russian page, ...); problems are warnings: with this option (or --strict) "
        "they exit 1, and a clean check says so."
    ),
)
strict_option = click.option(
    "--strict",
    is_flag=True,
    expose_value=False,
    callback=_remember("sheets.strict"),
    cls=Option,
    help=N_(
        "Layout problems (always listed as warnings on stderr) make the command exit 1; battletech: "
        "equipment later than the chosen rules is an error too."
    ),
)


def _verbosity(level: int):
    def callback(ctx, param, value):
        if value:
            from sheets.core.report import set_verbosity

            ctx.meta["sheets.verbosity"] = level
            set_verbosity(level)
        return value

    return callback


quiet_option = click.option(
    "-q",
    "--quiet",
    is_flag=True,
    expose_value=False,
    callback=_verbosity(-1),
    cls=Option,
    help=N_("Print only errors and what was asked for (no 'wrote' lines, no warnings, no progress bar)."),
)
verbose_option = click.option(
    "-v",
    "--verbose",
    is_flag=True,
    expose_value=False,
    callback=_verbosity(1),
    cls=Option,
    help=N_("Also say what was read and checked (every file, every page measured)."),
)


def verbosity(f):
    return quiet_option(verbose_option(f))


def with_verbosity(cmd):
    """``-q``/``-v`` on ``cmd`` and every command under it that lacks them (a game's importer, a
    calculator): the same meaning on every command."""
    if cmd is None:
        return None
    names = {o for p in cmd.params for o in p.opts}
    if "--quiet" not in names and not isinstance(cmd, click.Group):
        verbosity(cmd)
    for sub in (getattr(cmd, "commands", None) or {}).values():
        with_verbosity(sub)
    return cmd


def printing_options(f):
    for deco in reversed(
        (lang_option, paper_option, mono_option, rules_option, check_layout_option, strict_option)
    ):
        f = deco(f)
    return f
