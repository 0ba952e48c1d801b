"""``sheets roster``: the army list of a roster as a page or as text for forums."""

from __future__ import annotations

import click

from sheets.cli.base import Path, command
from sheets.cli.common import (
    check_layout,
    coverage,
    format_of,
    load_all,
    make_options,
    out_or,
    output_name,
    recording,
    warn_violations,
    write,
    write_pngs,
)
from sheets.cli.options import output_option, printing_options, verbosity
from sheets.cli.specs import check_game_options, check_rules
from sheets.core.i18n import N_, _

ROSTER_FORMATS = ("pdf", "png", "md", "html", "bbcode", "json")
TEMPLATE_FORMATS = ("md", "html", "bbcode")


def _template_help(ctx, param, value):
    if value:
        from sheets.render.text import template_help

        click.echo(template_help())
        ctx.exit(0)
    return value


@command(
    help=N_(
        "The army list of a roster (or unit file): units, costs, groups, totals and the limit.\n\n\b\n"
        "Example:\n  sheets roster my-army.yaml --format md\n  sheets roster my-army.yaml -o list.html\n"
        "  sheets roster my-army.yaml --template my.md.j2 -o list.md"
    )
)
@click.argument("path", type=Path(), metavar="PATH")
@output_option(
    N_(
        "The file; its suffix chooses the format (.pdf .png .md .html .bbcode .json). Default: "
        "output/<name>-list.pdf, text formats to standard output."
    )
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(list(ROSTER_FORMATS)),
    default=None,
    help=N_(
        "pdf: a printable page; md, html, bbcode: text for forums and web pages (to standard output unless "
        "-o); json: the list as data. Default: the suffix of -o, else pdf."
    ),
)
@click.option(
    "--template",
    type=Path(dir_okay=False, exists=True),
    default=None,
    help=N_(
        "Your own jinja2 template for the text formats md, html and bbcode (`sheets roster --template-help` "
        "lists its variables and gives a first example)."
    ),
)
@click.option(
    "--template-help",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_template_help,
    help=N_("Describe the variables a --template gets, with a working first example, and exit."),
)
@printing_options
@click.option(
    "--dpi", type=click.IntRange(36, 600), default=150, show_default=True, help=N_("PNG resolution.")
)
@verbosity
@click.pass_context
def roster(ctx, path, output, fmt, template, paper, mono, rules, dpi):
    from sheets import api

    if output is not None and str(output) != "-":
        from sheets.core.fsio import note_input

        for named in (path, template):
            if named:
                note_input(named)  # -o naming an input is refused as that, not for its suffix
        wanted = format_of(output, "roster", ROSTER_FORMATS)
        if fmt and fmt != wanted:
            raise click.BadParameter(
                _("--format {fmt} but -o {output} ends in .{suffix}: give one of them").format(
                    fmt=fmt, output=output, suffix=wanted
                ),
                param_hint="-o",
            )
        fmt = wanted
    fmt = fmt or "pdf"
    if template and fmt not in TEMPLATE_FORMATS:
        raise click.UsageError(
            _(
                "--template makes the text formats {formats}, not {fmt} (choose one with --format or the suffix of -o)"
            ).format(formats=", ".join(TEMPLATE_FORMATS), fmt=fmt)
        )
    if fmt == "png" and (output is None or str(output) == "-"):
        raise click.BadParameter(_("--format png needs -o OUT.png"), param_hint="-o")

    def usage(games):  # before the file's problems
        check_game_options(ctx, "roster", games)
        check_rules(ctx, games)

    loaded = load_all([path], make_options(paper=paper, mono=mono, rules=rules), usage=usage)[0]
    template_data = None
    if template:
        from sheets.core.fsio import read_user_bytes
        from sheets.render.text import MAX_TEMPLATE_BYTES

        template_data = read_user_bytes(template, MAX_TEMPLATE_BYTES)
    cover = coverage([loaded], "list") if fmt in ("pdf", "png") else ()
    data, doc = api.roster_output(
        [loaded],
        "pdf" if fmt == "png" else fmt,
        template=template_data,
        record=recording([loaded]),
        template_name=str(template) if template else "template",
    )
    if fmt == "pdf":
        write(out_or(output, output_name([path], ".pdf", "-list")), data)
    elif fmt == "png":
        write_pngs(output, data, dpi, mono)
    else:
        write(out_or(output, "-"), data.decode("utf-8"))
    warn_violations([loaded])
    check_layout(doc, [loaded], cover)
