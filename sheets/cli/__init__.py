"""The `sheets` command line: a thin click layer. Command implementations live in
``sheets.cli.commands`` and are imported only when a command runs, so ``--help`` stays fast."""

from __future__ import annotations


import click

from sheets import __version__

# command name -> (module:function, one-line help shown by `sheets --help`)
COMMANDS = {
    "systems": ("sheets.cli.commands:systems", "List the registered games."),
    "validate": ("sheets.cli.commands:validate", "Check unit files and rosters against the rules."),
    "info": ("sheets.cli.commands:info", "Show derived values (BV, movement, armour…) of every unit."),
    "render": ("sheets.cli.commands:render", "Print record sheets / unit cards as PDF."),
    "roster": ("sheets.cli.commands:roster", "Print an army list (pdf, md, html, bbcode, json)."),
    "reference": ("sheets.cli.commands:reference", "Print a game's quick-reference handout."),
    "chart": ("sheets.cli.commands:chart", "Draw a chart (hit locations, facings) as PDF or PNG."),
    "calc": ("sheets.cli.commands:calc", "Calculators (facing, penetration, cover…)."),
    "schema": ("sheets.cli.commands:schema", "JSON Schema of a game's unit file (for editors)."),
    "import": ("sheets.cli.commands:import_group", "Import units from other tools' files."),
    "serve": ("sheets.web.cli:serve", "A local web page to edit, check, preview and print files."),
}


class LazyGroup(click.Group):
    def list_commands(self, ctx):
        return list(COMMANDS)

    def get_command(self, ctx, name):
        if name not in COMMANDS:
            return None
        from sheets.core.game import load_object

        return load_object(COMMANDS[name][0])

    def invoke(self, ctx):
        """Map failures to the exit-code contract: 1 invalid input, 3 internal error."""
        from sheets.core.errors import InputError, UsageProblem
        from sheets.core.fsio import reset_inputs

        reset_inputs()
        try:
            return super().invoke(ctx)
        except InputError as exc:
            report_problems(exc.problems)
            ctx.exit(1)
        except UsageProblem as exc:
            click.echo(f"Error: {exc}", err=True)
            ctx.exit(2)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except BrokenPipeError:
            ctx.exit(0)
        except Exception as exc:
            if ctx.obj and ctx.obj.get("debug"):
                import traceback

                traceback.print_exc()
            first = str(exc).splitlines()[0][:300] if str(exc) else ""
            read = _overrides_read()
            if read and isinstance(exc, (KeyError, IndexError, TypeError, ValueError, AttributeError)):
                # the user's tables passed the structural check but refer to something that is
                # not there (a label key, a mode another key depends on): the user's data -> exit
                # 1. Only when an override was actually read: otherwise it is our bug (exit 3).
                others = f" (or one of {len(read) - 1} other override files read)" if len(read) > 1 else ""
                click.echo(f"{read[-1]}: cannot use this data override{others}: {type(exc).__name__}: "
                           f"{first} (a value refers to something the tables do not have; compare "
                           f"with the bundled file)", err=True)
                ctx.exit(1)
            click.echo(f"internal error: {type(exc).__name__}: {first} (run with --debug for details)",
                       err=True)
            ctx.exit(3)

    def format_commands(self, ctx, formatter):
        rows = [(name, help_) for name, (_, help_) in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sheets")
@click.option("--debug", is_flag=True, help="Show full tracebacks on internal errors.")
@click.option("--data-dir", type=click.Path(exists=True, file_okay=False), default=None,
              help="Folder whose rule tables and labels replace the bundled ones "
                   "(same relative paths, e.g. battletech/weapons.yaml). Also $SHEETS_DATA_DIR.")
@click.pass_context
def cli(ctx, debug, data_dir):
    """Record sheets, unit cards, army lists and reference handouts for tabletop wargames."""
    ctx.ensure_object(dict)
    ctx.obj["debug"] = debug
    if data_dir:
        import os

        from sheets.data import OVERRIDE_ENV

        os.environ[OVERRIDE_ENV] = data_dir


def _overrides_read() -> list[str]:
    import sys

    data = sys.modules.get("sheets.data")  # not imported: no table, let alone an override, read
    return data.overrides_read() if data is not None else []


def main(argv=None) -> None:
    _text_streams()
    cli.main(args=argv, prog_name="sheets")


def _text_streams() -> None:
    """Text the command prints is UTF-8 when it goes to a file or a pipe, whatever the locale
    (Windows redirects would use the ANSI code page: Russian text or ``—`` could not be written);
    a console that cannot show a character gets a replacement, never an error."""
    import sys

    for stream in (sys.stdout, sys.stderr):
        if stream is None or not hasattr(stream, "reconfigure"):
            continue
        try:
            if stream.isatty():
                stream.reconfigure(errors="replace")
            else:
                stream.reconfigure(encoding="utf-8", errors="backslashreplace" if stream is sys.stderr
                                   else "strict")
        except (OSError, ValueError):  # a closed or unusual stream: left as it is
            pass


def report_problems(problems) -> None:
    for p in problems:
        click.echo(str(p), err=True)
