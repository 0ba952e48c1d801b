"""``sheets render``: record sheets and unit cards as PDF (or PNG pages)."""

from __future__ import annotations

import os

import click

from sheets.cli.base import command
from sheets.cli.common import (
    check_layout,
    coverage,
    format_of,
    gc_frozen,
    glyph_check,
    inputs,
    load_all,
    make_options,
    out_or,
    output_name,
    recording,
    say,
    verbosity,
    warn_violations,
    write,
    write_pngs,
)
from sheets.cli.options import example_option, inputs_argument, output_option, printing_options
from sheets.cli.options import verbosity as verbosity_options
from sheets.cli.specs import GameOptionsCommand, check_game_options, check_rules
from sheets.core.i18n import N_, _, ngettext

RENDER_FORMATS = ("pdf", "png")
PARALLEL_LOAD_BYTES = 128 * 1024  # input of about 1,000 units: worth a second loading process


def load_jobs(paths, jobs) -> int:
    """Processes loading the files of a render: ``--jobs`` when given; by default every idle CPU
    for a batch of several files of ``PARALLEL_LOAD_BYTES`` or more (the unit count that sets
    the default of drawing is known only once they are loaded)."""
    if jobs is not None:
        return (os.cpu_count() or 1) if jobs == 0 else jobs
    from sheets.core.parallel_load import sizes_of

    if len(paths) < 2 or sum(sizes_of(paths)) < PARALLEL_LOAD_BYTES:
        return 1
    from sheets.render.parallel import idle_cpus

    return idle_cpus()


def expected_pages(loaded) -> int | None:
    """About how many pages a render makes, for the progress bar's percentage and ETA: the
    game's own estimate (``Game.expected_pages``) or one page per unit."""
    total = 0
    for one in loaded:
        estimate = getattr(one.game, "expected_pages", None)
        total += estimate(one.units, one.options) if estimate else len(one.units)
    return total or None


@command(
    cls=GameOptionsCommand,
    game_options_for="render",
    help=N_(
        "Print record sheets or unit cards for unit files and rosters (PATH: a file, a folder of them, - "
        "for standard input, a MegaMek .blk or .mul, a BattleScribe .ros/.rosz).\n\nOptions marked with "
        "a game id come from that game's plug-in; an option of another game than the file's is refused."
        "\n\n\b\nExample:\n  sheets render my-army.yaml --lang ru --paper letter -o my-army.pdf\n"
        "  sheets render roc.yaml -o roc.png\n  cat army.yaml | sheets render - -o army.pdf"
    ),
)
@inputs_argument
@example_option
@output_option(
    N_(
        "OUT.pdf, or OUT.png for one PNG per page (OUT-1.png, OUT-2.png…); - is standard output (PDF). "
        "Default: output/<the files' names>.pdf."
    )
)
@printing_options
@click.option("--no-list", is_flag=True, help=N_("Rosters: leave out the army-list first page."))
@click.option(
    "--dpi",
    type=click.IntRange(36, 600),
    default=150,
    show_default=True,
    help=N_("PNG resolution (-o OUT.png)."),
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(0, 64),
    default=None,
    metavar="N",
    help=N_(
        "Worker processes loading and drawing (same PDF bytes as one; default: every idle CPU from 1,000 "
        "units, else 1; 0 = every CPU)."
    ),
)
@verbosity_options
@click.pass_context
def render(ctx, paths, examples, output, paper, mono, rules, no_list, dpi, jobs, **game_options):
    paths = inputs(paths, examples)
    options = make_options(paper=paper, mono=mono, rules=rules, **game_options)
    if output is not None and not os.path.lexists(str(output)):
        format_of(output, "render", RENDER_FORMATS)  # a new file's suffix: before any work
    loaded = load_all(paths, options, load_jobs(paths, jobs))
    fmt = format_of(output, "render", RENDER_FORMATS)  # after loading: inputs are known
    games = {one.game.id for one in loaded}
    if len(games) > 1:
        raise click.UsageError(
            _("render one game at a time (got {games})").format(games=", ".join(sorted(games)))
        )
    check_game_options(ctx, "render", games)
    check_rules(ctx, games)
    glyph_check(loaded)
    warn_violations(loaded)  # e.g. the units a MegaMek force left out, a list over its limit
    game = loaded[0].game
    if not game.renderer:
        raise click.UsageError(_("{game} has no record-sheet renderer yet").format(game=game.id))
    from sheets import api
    from sheets.core.fsio import check_target, deferred_writes
    from sheets.render import parallel

    if jobs is None:
        jobs = parallel.default_jobs(sum(len(one.units) for one in loaded))
    elif jobs == 0:
        jobs = os.cpu_count() or 1
    record = recording(loaded)
    if loaded[0].options.extra.get("png_dir"):
        jobs = 1  # card PNGs are made by the renderer itself
    # what the layout must print (read before drawing: a bad --data-dir table fails before output)
    cover = coverage(loaded, "sheet", str(loaded[0].options.extra.get("card") or ""))
    if not no_list:
        cover += coverage([one for one in loaded if one.is_roster], "list")
    out = out_or(output, output_name(paths, ".pdf"))
    if out != "-":
        check_target(out)  # a bad -o fails before any work (and before any --png file)
    elif fmt == "png":
        raise click.BadParameter(_("PNG pages are written to files, not to standard output"), param_hint="-o")
    from sheets.cli.progress import PageProgress

    quiet = verbosity() < 0

    def progress(doc):
        return PageProgress(doc, total=expected_pages(loaded), enabled=False if (quiet or jobs > 1) else None)

    with deferred_writes(), gc_frozen():  # card PNGs and the PDF: all written at the end, or none
        done = api.render(
            loaded, jobs=jobs, record=record, no_list=no_list, progress=progress, glyphs_checked=True
        )
        if fmt == "png":
            write_pngs(out, done.pdf, dpi, mono)
        else:
            write(out, done.pdf)
    pages = ngettext("{n} page", "{n} pages", done.pages).format(n=done.pages)
    say(_("{file}: {pages}").format(file=out if out != "-" else _("(stdout)"), pages=pages))
    check_layout(done.document, loaded, cover)
