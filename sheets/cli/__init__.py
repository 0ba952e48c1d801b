"""The `sheets` command line: a thin click layer over :mod:`sheets.api`. Each command is a module
of :mod:`sheets.cli.commands`, imported only when it runs, so ``--help`` stays fast.

The language of the command (its messages, its help, click's own words and the printout) is
decided before the command line is parsed: ``--lang`` (anywhere before ``--``), ``SHEETS_LANG``,
``lang`` in a settings file, then the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English.
"""

from __future__ import annotations

import os
from typing import Any

import click

from sheets import __version__
from sheets.cli.base import HELP_MSGID, Group, Path, lang_option, option
from sheets.core.i18n import N_, _, tr

# command name -> (module:function, one-line help shown by `sheets --help`, a msgid)
COMMANDS = {
    "systems": ("sheets.cli.commands.systems:systems", N_("List the registered games.")),
    "validate": (
        "sheets.cli.commands.validate:validate",
        N_("Check unit files and rosters against the rules."),
    ),
    "info": (
        "sheets.cli.commands.info:info",
        N_("Show derived values (BV, movement, armour…) of every unit."),
    ),
    "render": ("sheets.cli.commands.render:render", N_("Print record sheets / unit cards as PDF.")),
    "roster": ("sheets.cli.commands.roster:roster", N_("Print an army list (pdf, md, html, bbcode, json).")),
    "reference": ("sheets.cli.commands.reference:reference", N_("Print a game's quick-reference handout.")),
    "chart": ("sheets.cli.commands.chart:chart", N_("Draw a chart (hit locations, facings) as PDF or PNG.")),
    "calc": ("sheets.cli.commands.calc:calc", N_("Calculators (facing, penetration, cover…).")),
    "schema": ("sheets.cli.commands.schema:schema", N_("JSON Schema of a game's unit file (for editors).")),
    "import": (
        "sheets.cli.commands.importer:import_group",
        N_("Import units from other tools' files (MegaMek, BattleScribe)."),
    ),
    "new": ("sheets.cli.commands.new:new", N_("Write a starter unit or army file to fill in.")),
    "examples": ("sheets.cli.commands.examples:examples", N_("Copy the bundled sample files into a folder.")),
    "config": ("sheets.cli.commands.config:config", N_("Show the settings files and the settings used.")),
    "serve": (
        "sheets.cli.commands.serve:serve",
        N_("A local web page to edit, check, preview and print files."),
    ),
}

# options of the whole program, also accepted after the command (`sheets render x.yaml --debug`)
GLOBAL_FLAGS = ("--debug",)
GLOBAL_VALUES = ("--data-dir",)
HELP_OPTIONS = ["-h", "--help"]


def hoist_global_options(args: list[str]) -> list[str]:
    """Move the program's own options (``--debug``, ``--data-dir DIR``) written after the
    command to before it, so that they work in either place (not after ``--``)."""
    args = list(args)
    start = 0
    while start < len(args) and args[start].startswith("-"):  # options before the command
        start += 2 if args[start] in (*GLOBAL_VALUES, "--lang") else 1
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


def lang_on_command_line(args: list[str]) -> str | None:
    """The value of the last ``--lang X`` / ``--lang=X`` before ``--`` (None: not given)."""
    found = None
    for i, a in enumerate(args):
        if a == "--":
            break
        if a == "--lang" and i + 1 < len(args):
            found = args[i + 1]
        elif a.startswith("--lang="):
            found = a.split("=", 1)[1]
    return found


LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")


def _section_lang(args: list[str], settings: dict):
    """``lang`` of the settings, the command's own section (``[render]``, ``[calc.dust.cover]``)
    over the top level."""
    words = [a for a in args if not a.startswith("-")][:3]
    found, section = settings.get("lang"), settings
    for word in words:
        section = section.get(word) if isinstance(section, dict) else None
        if not isinstance(section, dict):
            break
        if "lang" in section:
            found = section["lang"]
    return found


def decide_lang(args: list[str], settings: dict, used: list) -> tuple[str, str]:
    """(language, what decided it): ``--lang``, ``SHEETS_LANG``, a settings file's ``lang``,
    the locale, else English. A value the tool has no language for is passed over here (the
    option itself then refuses it, in the language the next source gives)."""
    from sheets.core.i18n import DEFAULT_LANG, normalise_lang

    given = lang_on_command_line(args)
    if given is not None and normalise_lang(given) and given.strip().lower() == normalise_lang(given):
        return normalise_lang(given) or DEFAULT_LANG, "--lang"
    env = os.environ.get("SHEETS_LANG")
    if env and normalise_lang(env):
        return normalise_lang(env) or DEFAULT_LANG, "SHEETS_LANG"
    value = _section_lang(args, settings)
    if isinstance(value, str) and normalise_lang(value):
        where = str(used[-1]) if used else "sheets.toml"
        return normalise_lang(value) or DEFAULT_LANG, where
    for var in LOCALE_VARS:  # POSIX order: the first one set decides
        value = os.environ.get(var)
        if value:
            lang = normalise_lang(value)
            return (lang, f"{var}={value}") if lang else (DEFAULT_LANG, f"{var}={value}")
    return DEFAULT_LANG, "default"


def short_help_option(cmd):
    """``-h`` beside ``--help`` on ``cmd`` and the commands under it, however they are reached:
    click keeps the help option it first made on the command object, so a context made without
    the program's settings (a plug-in's own test, a help walk) must not leave ``--help`` alone."""
    if cmd is None:
        return None
    cmd.context_settings.setdefault("help_option_names", HELP_OPTIONS)
    made = getattr(cmd, "_help_option", None)
    if made is not None and ("-h" not in made.opts or made.help != tr(HELP_MSGID)):
        cmd._help_option = None  # (also: made in another run's language)
    for sub in (getattr(cmd, "commands", None) or {}).values():
        short_help_option(sub)
    return cmd


class LazyGroup(Group):
    def main(self, args: Any = None, *rest: Any, **kwargs: Any) -> Any:
        """Decide the language before anything is parsed (click's usage errors are in it too)."""
        import sys

        from sheets.cli import places
        from sheets.core import i18n

        argv = list(sys.argv[1:] if args is None else args)
        settings, used = {}, []
        self._settings = None  # none there: the program's callback reads none again (it is cheap)
        if not places.none_exists():  # (`sheets --help` with no settings file loads no reader)
            from sheets.cli import config

            try:
                self._settings = config.read_all()
                settings, used = self._settings.raw, self._settings.used
            except config.ConfigError as exc:
                self._settings = exc  # reported by the program's callback (exit 1)
        lang, source = decide_lang(argv, settings, used)
        before, env = i18n.current_lang(), os.environ.get("LANGUAGE")
        i18n.set_lang(lang)
        i18n.install_default_domain()
        if self._settings is not None and not hasattr(self._settings, "raw"):  # an error: said
            from sheets.cli import config  # in the language just decided

            try:
                self._settings = config.read_all()
            except config.ConfigError as exc:
                self._settings = exc
        self._lang_source = source
        short_help_option(self)  # a context made elsewhere (a help walk) may have cached --help alone
        from sheets.cli.streams import guarded

        try:
            with guarded():  # a failed write to standard output is a message (exit 1)
                return super().main(argv, *rest, **kwargs)
        finally:
            self._settings = None
            i18n.set_lang(before)
            if env is None:
                os.environ.pop("LANGUAGE", None)
            else:
                os.environ["LANGUAGE"] = env

    def parse_args(self, ctx, args):
        args = hoist_global_options(args)
        ctx.meta["sheets.argv"] = list(args)
        ctx.meta["sheets.lang_source"] = getattr(self, "_lang_source", "default")
        return super().parse_args(ctx, args)

    def list_commands(self, ctx):
        return list(COMMANDS)

    def get_command(self, ctx, name):
        if name not in COMMANDS:
            return None
        from sheets.cli.options import with_lang, with_verbosity
        from sheets.core.game import load_object

        return with_verbosity(with_lang(short_help_option(load_object(COMMANDS[name][0]))))

    def invoke(self, ctx):
        """Map failures to the exit-code contract: 1 invalid input, 3 internal error."""
        from sheets.core.errors import InputError, UsageProblem
        from sheets.core.fsio import reset_inputs
        from sheets.core.report import NORMAL, set_verbosity

        reset_inputs()
        set_verbosity(NORMAL)  # -q / -v of this command set it while its options are parsed
        try:
            return super().invoke(ctx)
        except InputError as exc:
            report_problems(exc.problems)
            ctx.exit(1)
        except UsageProblem as exc:
            click.echo(_("Error: {message}").format(message=exc), err=True)
            ctx.exit(2)
        except _config_error() as exc:
            click.echo(str(exc), err=True)
            ctx.exit(1)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except BrokenPipeError:
            ctx.exit(0)
        except Exception as exc:
            internal_error(ctx, exc)

    def format_commands(self, ctx, formatter):
        """The command list, from ``COMMANDS`` (no command module is imported for it)."""
        from sheets.core.i18n import tr

        rows = [(name, tr(help_)) for name, (_path, help_) in COMMANDS.items()]
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)


def internal_error(ctx, exc: Exception) -> None:
    """One line (exit 3; the traceback with ``--debug``); a failure after a ``--data-dir`` table was
    read that is a missing key or a wrong type is the user's data (exit 1)."""
    if ctx.obj and ctx.obj.get("debug"):
        import traceback

        traceback.print_exc()
    first = str(exc).splitlines()[0][:300] if str(exc) else ""
    read = _overrides_read()
    if read and isinstance(exc, (KeyError, IndexError, TypeError, ValueError, AttributeError)):
        others = (
            _(" (or one of {n} other override files read)").format(n=len(read) - 1) if len(read) > 1 else ""
        )
        click.echo(
            _(
                "{file}: cannot use this data override{others}: {error}: {detail} (a value refers to "
                "something the tables do not have; compare with the bundled file)"
            ).format(file=read[-1], others=others, error=type(exc).__name__, detail=first),
            err=True,
        )
        ctx.exit(1)
    click.echo(
        _("internal error: {error}: {detail} (for the details run: {command})").format(
            error=type(exc).__name__, detail=first, command=_debug_command(ctx)
        ),
        err=True,
    )
    ctx.exit(3)


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
    help=N_("Record sheets, unit cards, army lists and reference handouts for tabletop wargames."),
    epilog=N_(
        "Start here: `sheets serve` (a page in your browser), or `sheets new GAME -o my.yaml`, then "
        "`sheets render my.yaml`. `sheets COMMAND -h` describes a command. --debug, --data-dir and "
        "--lang may also follow the command."
    ),
)
@click.version_option(
    __version__, "--version", "-V", prog_name="sheets", message="%(prog)s %(version)s (wargame-sheets)"
)
@option("--debug", is_flag=True, help=N_("Show full tracebacks on internal errors."))
@option(
    "--data-dir",
    type=Path(exists=True, file_okay=False),
    default=None,
    help=N_(
        "Folder whose rule tables and labels replace the bundled ones (same relative paths, e.g. "
        "battletech/weapons.yaml). Also $SHEETS_DATA_DIR."
    ),
)
@lang_option
@click.pass_context
def cli(ctx, debug, data_dir):
    ctx.ensure_object(dict)
    ctx.obj["debug"] = debug
    if ctx.resilient_parsing:  # shell completion: no settings files, no side effects
        return
    settings = getattr(ctx.command, "_settings", None)
    if settings is None:
        from sheets.cli import places

        if places.none_exists():  # nothing to read nor check: the settings reader is not loaded
            _use_data_dir(data_dir)  # (`sheets config` reads the none there itself)
            return
    from sheets.cli import config

    if settings is None:
        settings = config.read_all()
    if isinstance(settings, Exception):
        raise settings
    checked = config.check(settings)
    ctx.obj["config"] = (settings, checked)
    if ctx.invoked_subcommand != "config" and not _quiet(ctx.meta.get("sheets.argv", [])):
        for warning in checked.warnings:  # (`sheets config` lists them itself)
            click.echo(str(warning), err=True)
    if checked.values:
        ctx.default_map = config.default_map(checked.values)
    _use_data_dir(data_dir or checked.values.get("data_dir"))


def _use_data_dir(data_dir) -> None:
    """``--data-dir`` (or the settings' ``data_dir``) for every table read after it."""
    if data_dir:
        from sheets.core.data import OVERRIDE_ENV

        os.environ[OVERRIDE_ENV] = str(data_dir)


def _quiet(args: list[str]) -> bool:
    """``-q``/``--quiet`` on the command line (before ``--``): the settings' warnings are not said."""
    for a in args:
        if a == "--":
            return False
        if a in ("-q", "--quiet"):
            return True
    return False


def _overrides_read() -> list[str]:
    import sys

    data = sys.modules.get("sheets.core.data")  # not imported: no table, let alone an override, read
    return data.overrides_read() if data is not None else []


def main(argv=None) -> None:
    _text_streams()
    _exit_uncollected()
    import gc

    young, middle, full = gc.get_threshold()
    _USUAL_YOUNG[:] = [young]
    gc.set_threshold(max(young, STARTUP_YOUNG), middle, full)
    try:
        cli.main(args=argv, prog_name="sheets")
    finally:
        young_collections_as_usual()


# Young collections before a command's work: the start-up of a render (modules, their classes,
# the tables, the file) makes ~100 of them at the interpreter's 700 allocations, and ~8 older ones
# walking all of it again (~6 ms of a one-page render, 3 %). Until the work begins the collector
# waits for this many allocations; what lives on is frozen before the pages are drawn
# (``cli.common.gc_frozen``), and a long-running command (``serve``) puts the usual back at once.
STARTUP_YOUNG = 100_000
_USUAL_YOUNG: list[int] = []


def young_collections_as_usual() -> None:
    """The young generation's threshold as it was before :func:`main` raised it."""
    import gc

    if _USUAL_YOUNG:
        _young, middle, full = gc.get_threshold()
        gc.set_threshold(_USUAL_YOUNG[0], middle, full)


_EXIT_HOOKED: list[bool] = []


def _exit_uncollected() -> None:
    """What a command made (modules, tables, units, caches, the document) lives until the
    process ends: its exit frees it without the interpreter's last cyclic collections walking
    it all (``gc.freeze`` at exit, as ``benchmarks/floor.py`` leaves its calls frozen; they took
    ~35 ms of every render). Everything is still freed; only cycles left at exit are not looked
    for: the outputs were written and closed before, and the standard streams are flushed by
    the interpreter either way. Hooked once per process (tests call :func:`main` many times)."""
    if not _EXIT_HOOKED:
        import atexit
        import gc

        atexit.register(gc.freeze)
        _EXIT_HOOKED.append(True)


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
