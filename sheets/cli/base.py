"""click classes whose help is translated when it is shown: a command's and an option's help are
msgids (marked with ``N_``) read in the language of the command being run (``--lang``,
``SHEETS_LANG``, ``sheets.toml``, the locale), so ``sheets render -h --lang ru`` is Russian
whatever language a module was imported in."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import click

from sheets.core.i18n import LANG_HELP, LANGS, N_, tr

if TYPE_CHECKING:
    from sheets.core.options import OptionSpec

# words click translates at run time through gettext without marking them for extraction
# (``_(extra["required"])`` in an option's help record): listed so the catalogue holds them
CLICK_RUNTIME_WORDS = (N_("required"),)
HELP_MSGID = N_("Show this message and exit.")  # click's help option's help


class Composed(str):
    """A help msgid with untranslated parts around it (a range, the games owning an option):
    :func:`shown` translates the msgid only."""

    msgid: str
    prefix: str
    suffix: str

    def __new__(cls, msgid: str, suffix: str = "", prefix: str = "") -> Composed:
        if isinstance(msgid, Composed):
            msgid, suffix, prefix = msgid.msgid, msgid.suffix + suffix, prefix + msgid.prefix
        obj = super().__new__(cls, prefix + msgid + suffix)
        obj.msgid, obj.prefix, obj.suffix = msgid, prefix, suffix
        return obj


def shown(value: Any) -> Any:
    """A help text as shown: a callable worked out, a msgid translated."""
    if callable(value):
        value = value()
    if isinstance(value, Composed):
        return value.prefix + tr(value.msgid) + value.suffix
    return tr(value) if isinstance(value, str) and value else value


_LONG_QUOTED = r"'([^'\n]{61,})'"  # (compiled when a usage error is shown, not for the help)


def shorten_values(text: str) -> str:
    """A message with every quoted value of more than 60 characters cut to 60 (click's own
    messages echo what was typed whole: ``No such command '<5,000 characters>'``)."""
    import re

    def cut(match: re.Match[str]) -> str:
        from sheets.core.errors import short

        return short(match.group(1))

    return re.sub(_LONG_QUOTED, cut, text)


def _shortened(exc: click.UsageError) -> click.UsageError:
    exc.message = shorten_values(exc.message)
    return exc


class Option(click.Option):
    """The options of sheets (their help is translated by the command that shows it); ``spec``:
    the :class:`~sheets.core.options.OptionSpec` it was made from, if any (a settings file's value
    is checked by it)."""

    def __init__(self, *args: Any, spec: Any = None, **kwargs: Any) -> None:
        given = kwargs.get("help")
        super().__init__(*args, **kwargs)
        self.spec = spec
        if isinstance(given, Composed):  # click's cleandoc made it a plain str: no msgid to translate
            self.help = given

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        """The help line in the language of the command shown (an option made afresh for each
        listing, as a game's option of a shared command is, is translated here too)."""
        saved = self.help
        self.help = shown(saved)
        try:
            return super().get_help_record(ctx)
        finally:
            self.help = saved


class _Translated:
    """Mixin: ``help``, ``short_help`` and ``epilog`` translated when shown (an ``epilog`` may be
    a callable, worked out then: the list of the registered games); a usage error's quoted values
    at most 60 characters each."""

    help: str | None
    short_help: str | None
    epilog: Any

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)  # type: ignore[misc]
        except click.UsageError as exc:
            raise _shortened(exc) from exc.__cause__

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        """click makes the help option once per command, its help in the language of the run that
        made it: a later run in another language gets the msgid back (translated when shown)."""
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None and option.help != tr(HELP_MSGID):
            option.help = HELP_MSGID
        return option

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        saved = self.help
        self.help = shown(saved)
        try:
            super().format_help_text(ctx, formatter)  # type: ignore[misc]
        finally:
            self.help = saved

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        params = [p for p in self.get_params(ctx) if getattr(p, "help", None)]  # type: ignore[attr-defined]
        saved = [p.help for p in params]
        for p in params:
            p.help = shown(p.help)
        try:
            super().format_options(ctx, formatter)  # type: ignore[misc]
        finally:
            for p, h in zip(params, saved):
                p.help = h

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        saved = self.epilog
        self.epilog = shown(saved)
        try:
            super().format_epilog(ctx, formatter)  # type: ignore[misc]
        finally:
            self.epilog = saved

    def get_short_help_str(self, limit: int = 45) -> str:
        saved, saved_short = self.help, self.short_help
        self.help, self.short_help = shown(saved), shown(saved_short)
        try:
            return super().get_short_help_str(limit)  # type: ignore[misc]
        finally:
            self.help, self.short_help = saved, saved_short


class Command(_Translated, click.Command):
    pass


class Group(_Translated, click.Group):
    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as exc:  # "No such command 'X'."
            raise _shortened(exc) from exc.__cause__


_TRANSLATED_CLASSES: dict[type, type] = {}


def translated(cmd: Any) -> Any:
    """``cmd`` and the commands under it speaking the run's language when shown, as the commands
    of sheets do: a game's importer is a plain click command (a game never imports sheets.cli),
    its help texts msgids; its class becomes a translating subclass of its own."""
    if isinstance(cmd, click.Command) and not isinstance(cmd, _Translated):
        base = type(cmd)
        if base not in _TRANSLATED_CLASSES:
            _TRANSLATED_CLASSES[base] = type(base.__name__, (_Translated, base), {})
        cmd.__class__ = _TRANSLATED_CLASSES[base]
    for sub in (getattr(cmd, "commands", None) or {}).values():
        translated(sub)
    return cmd


class Path(click.Path):
    """``click.Path`` naming what it takes ("file", "directory", "path": in its messages and its
    metavar) in the language of the command run: click translates the word once, when the type is
    made, i.e. when the module defining the option is imported."""

    def _word(self) -> str:
        import gettext

        if self.file_okay and not self.dir_okay:
            return gettext.gettext("file")
        if self.dir_okay and not self.file_okay:
            return gettext.gettext("directory")
        return gettext.gettext("path")

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        self.name = self._word()
        return super().convert(value, param, ctx)

    def get_metavar(self, *args: Any, **kwargs: Any) -> str | None:
        self.name = self._word()
        return super().get_metavar(*args, **kwargs)


class SpecType(click.ParamType):
    """A click type that converts with the spec (its messages, its bounds, its choices)."""

    def __init__(self, spec: OptionSpec, keep_text: bool = False):
        from sheets.core.options import FLOAT, INT

        self.spec = spec
        self.keep_text = keep_text  # checked here, converted later (a calculator converts its inputs)
        self.name = spec.metavar or {INT: "N", FLOAT: "X"}.get(spec.type, "TEXT")

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from sheets.core.options import OptionValueError

        try:
            converted = self.spec.convert_one(value)
        except OptionValueError as exc:
            self.fail(str(exc), param, ctx)
        return value if self.keep_text else converted

    def get_metavar(self, param: click.Parameter, *args: Any, **kwargs: Any) -> str | None:
        from sheets.core.options import CHOICE

        if self.spec.type == CHOICE and not self.spec.metavar:
            return "[" + "|".join(self.spec.choice_values()) + "]"
        return self.name

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
        """The spec's values for the shell: a choice's values (with their words), a path's or a
        unit's file or folder (the shell lists them); nothing for free text and numbers."""
        from click.shell_completion import CompletionItem

        from sheets.core.options import CHOICE, PATH, UNIT, UNIT_OR_TEXT

        if self.spec.type in (PATH, UNIT, UNIT_OR_TEXT):
            folder = self.spec.type == PATH and (self.spec.metavar or "").upper() == "DIR"
            return [CompletionItem(incomplete, type="dir" if folder else "file")]
        if self.spec.type != CHOICE:
            return []
        return [
            CompletionItem(c.value, help=tr(c.label) or None)
            for c in self.spec.choice_list()
            if c.value.lower().startswith(incomplete.lower())
        ]


class LangType(SpecType):
    """The type of ``--lang``: the spec :data:`sheets.core.options.LANG`, read when a value is
    converted or completed. Its metavar is the list of languages (:data:`sheets.core.i18n.LANGS`,
    the spec's choices), so the program's ``--help`` shows it without loading the specs."""

    name = "TEXT"
    keep_text = False

    def __init__(self) -> None:  # (the spec is read when needed)
        pass

    @property  # type: ignore[override]
    def spec(self) -> OptionSpec:
        from sheets.core.options import LANG

        return LANG

    def get_metavar(self, param: click.Parameter, *args: Any, **kwargs: Any) -> str | None:
        return "[" + "|".join(LANGS) + "]"


def _lang_checked(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    # the language was decided before parsing (sheets.cli.decide_lang); a value it could not
    # use is refused here by the option's type
    return value


# ``--lang`` of every command; a settings file's ``lang`` is checked by its type's spec
lang_option = click.option(
    "--lang",
    type=LangType(),
    default=None,
    expose_value=False,
    callback=_lang_checked,
    cls=Option,
    help=LANG_HELP,
)

option = functools.partial(click.option, cls=Option)


def command(*args: Any, **kwargs: Any):
    kwargs.setdefault("cls", Command)
    return click.command(*args, **kwargs)


def group(*args: Any, **kwargs: Any):
    kwargs.setdefault("cls", Group)
    return click.group(*args, **kwargs)
