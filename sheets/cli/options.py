"""Options shared by several commands, defined once."""

from __future__ import annotations

import click

lang_option = click.option("--lang", type=click.Choice(["en", "ru"]), default="en", show_default=True,
                           help="Language of every printed label.")
paper_option = click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4",
                            show_default=True, help="Paper size (each has its own layout).")
mono_option = click.option("--mono", is_flag=True, help="Greys and outlines only (black-and-white printers).")
def _check_rules(ctx, param, value):
    if value is None:
        return None
    from sheets.core.errors import did_you_mean
    from sheets.core.game import all_games

    known = sorted({v for g in all_games() for v in g.variants})
    if value.lower() not in known:
        raise click.BadParameter(f"unknown rules variant {value!r}{did_you_mean(value, known)}; "
                                 f"expected one of {', '.join(known)}")
    return value.lower()


rules_option = click.option("--rules", "rules", default=None, metavar="VARIANT", callback=_check_rules,
                            help="Rule variant where the game has them (battletech: classic|tw; default classic).")
json_option = click.option("--json", "as_json", is_flag=True, help="Machine-readable JSON output.")
out_option = click.option("-o", "--output", "output", type=click.Path(dir_okay=False), default=None,
                          help="Output file (default: output/<stem of the first input>.<ext>).")
paths_argument = click.argument("paths", nargs=-1, required=True, type=click.Path())


def printing_options(f):
    for deco in reversed((lang_option, paper_option, mono_option, rules_option)):
        f = deco(f)
    return f
def _check_dice(ctx, param, value):
    if value is None:
        return None
    from sheets.core.errors import did_you_mean
    from sheets.games.dust.rules import edition_names

    names = edition_names()
    if value not in names:
        raise click.BadParameter(f"unknown dice edition {value!r}{did_you_mean(value, names)}; "
                                 f"expected one of {', '.join(names)}")
    return value


dice_option = click.option("--dice", default=None, metavar="EDITION", callback=_check_dice,
                           help="dust: dice edition the printout assumes (default: data/dust/dice.yaml).")
