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
    "import": (
        "sheets.cli.commands:import_group",
        "Import units from other tools' files (MegaMek, BattleScribe).",
    ),
    "new": ("sheets.cli.commands:new", "Write a starter unit or army file to fill in."),
    "examples": ("sheets.cli.commands:examples", "Copy the bundled sample files into a folder."),
    "config": ("sheets.cli.commands:config", "Show the settings files and the settings used."),
    "serve": ("sheets.web.cli:serve", "A local web page to edit, check, preview and print files."),
}

# options of the whole program, also accepted after the command (`sheets render x.yaml --debug`)
GLOBAL_FLAGS = ("--debug",)
GLOBAL_VALUES = ("--data-dir",)


def hoist_global_options(args: list[str]) -> list[str]:
    """Move the program's own options (``--debug``, ``--data-dir DIR``) written after the
    command to before it, so that they work in either place (not after ``--``)."""
    args = list(args)
    start = 0
    while start < len(args) and args[start].startswith("-"):  # options before the command
        start += 2 if args[start] in GLOBAL_VALUES else 1
    head, tail, moved = args[: start + 1], [], []
    rest = args[start + 1 :]
    i = 0
    while i < len(rest):
        a = rest[i]
        if a == "--":
            tail.extend(rest[i:])
            break
        if a in GLOBAL_FLAGS:
            moved.append(a)
        elif a in GLOBAL_VALUES and i + 1 < len(rest):
            moved.extend(rest[i : i + 2])
            i += 1
        elif a.split("=", 1)[0] in GLOBAL_VALUES and "=" in a:
            moved.append(a)
        else:
            tail.append(a)
        i += 1
    if not moved:
        return args
    return head[:start] + moved + head[start:] + tail


HELP_OPTIONS = ["-h", "--help"]


def short_help_option(cmd):
    """``-h`` beside ``--help`` on ``cmd`` and the commands under it, however they are reached:
    click keeps the help option it first made on the command object, so a context made without
    the program's settings (a plug-in's own test, a help walk) must not leave ``--help`` alone."""
    if cmd is None:
        return None
    cmd.context_settings.setdefault("help_option_names", HELP_OPTIONS)
    made = getattr(cmd, "_help_option", None)
    if made is not None and "-h" not in made.opts:
        cmd._help_option = None
    for sub in (getattr(cmd, "commands", None) or {}).values():
        short_help_option(sub)
    return cmd


class LazyGroup(click.Group):
    def parse_args(self, ctx, args):
        args = hoist_global_options(args)
        ctx.meta["sheets.argv"] = list(args)
        return super().parse_args(ctx, args)

    def list_commands(self, ctx):
        return list(COMMANDS)

    def get_command(self, ctx, name):
        if name not in COMMANDS:
            return None
        from sheets.core.game import load_object

        return short_help_option(load_object(COMMANDS[name][0]))

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
        except _config_error() as exc:
            click.echo(str(exc), err=True)
            ctx.exit(1)
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
                click.echo(
                    f"{read[-1]}: cannot use this data override{others}: {type(exc).__name__}: "
                    f"{first} (a value refers to something the tables do not have; compare "
                    f"with the bundled file)",
                    err=True,
                )
                ctx.exit(1)
            click.echo(
                f"internal error: {type(exc).__name__}: {first} (for the details run: {_debug_command(ctx)})",
                err=True,
            )
            ctx.exit(3)

    def format_commands(self, ctx, formatter):
        """The command list, from ``COMMANDS`` (no command module is imported for it)."""
        rows = [(name, help_) for name, (_, help_) in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _config_error():
    from sheets.cli.config import ConfigError

    return ConfigError


def _debug_command(ctx) -> str:
    """The command line that was run, with ``--debug`` (it works before or after the command)."""
    import shlex

    args = [a for a in ctx.meta.get("sheets.argv", []) if a != "--debug"]
    return shlex.join(["sheets", "--debug", *args])


@click.group(
    cls=LazyGroup,
    context_settings={"help_option_names": HELP_OPTIONS},
    epilog="Start here: `sheets new GAME -o my.yaml`, then `sheets render my.yaml`. "
    "`sheets COMMAND -h` describes a command. --debug and --data-dir may also "
    "follow the command.",
)
@click.version_option(
    __version__,
    "--version",
    "-V",
    prog_name="sheets",
    message="%(prog)s %(version)s (distribution wargame-sheets)",
)
@click.option("--debug", is_flag=True, help="Show full tracebacks on internal errors.")
@click.option(
    "--data-dir",
    type=click.Path(exists=True, file_okay=False),
    default=None,
    help="Folder whose rule tables and labels replace the bundled ones "
    "(same relative paths, e.g. battletech/weapons.yaml). Also $SHEETS_DATA_DIR.",
)
@click.pass_context
def cli(ctx, debug, data_dir):
    """Record sheets, unit cards, army lists and reference handouts for tabletop wargames."""
    ctx.ensure_object(dict)
    ctx.obj["debug"] = debug
    if ctx.resilient_parsing:  # shell completion: no settings files, no side effects
        return
    from sheets.cli import config

    settings, used = config.load()
    ctx.obj["config"] = (settings, used)
    if settings:
        ctx.default_map = config.default_map(settings)
    data_dir = data_dir or settings.get("data_dir")
    if data_dir:
        import os

        from sheets.core.data import OVERRIDE_ENV

        os.environ[OVERRIDE_ENV] = str(data_dir)


def _overrides_read() -> list[str]:
    import sys

    data = sys.modules.get("sheets.core.data")  # not imported: no table, let alone an override, read
    return data.overrides_read() if data is not None else []


def main(argv=None) -> None:
    _text_streams()
    cli.main(args=argv, prog_name="sheets")


def _text_streams() -> None:
    """Text the command prints is UTF-8 when it goes to a file or a pipe, whatever the locale
    (Windows redirects would use the ANSI code page: Russian text or ``—`` could not be written);
    a console that cannot show a character gets a replacement, never an error. A file name that
    the locale could not decode (``LC_ALL=C`` and a Russian name: Python keeps its bytes as lone
    surrogates) is written back as the bytes it was, so a UTF-8 name stays UTF-8."""
    import codecs
    import sys

    codecs.register_error("sheets-bytes", _bytes_back)
    for stream in (sys.stdout, sys.stderr):
        if stream is None or not hasattr(stream, "reconfigure"):
            continue
        try:
            if stream.isatty():
                stream.reconfigure(errors="replace")
            else:
                stream.reconfigure(encoding="utf-8", errors="sheets-bytes")
        except (OSError, ValueError):  # a closed or unusual stream: left as it is
            pass


def _bytes_back(exc):
    """Codec error handler: the escaped bytes of an undecodable name (U+DC80–U+DCFF) as those
    bytes, any other unencodable character as a backslash escape."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    bad = exc.object[exc.start : exc.end]
    if all(0xDC80 <= ord(c) <= 0xDCFF for c in bad):
        return bytes(ord(c) - 0xDC00 for c in bad), exc.end
    return "".join(f"\\u{ord(c):04x}" for c in bad), exc.end


def report_problems(problems) -> None:
    """Each problem once: a library's problem is also found through every file that names it
    (``sheets validate roster.yaml lib.yaml`` or a folder holding both printed it twice)."""
    from sheets.api import distinct

    for p in distinct(list(problems)):
        click.echo(str(p), err=True)
