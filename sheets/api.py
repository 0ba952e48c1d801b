"""The in-memory API under the command line and the web page: named bytes in, bytes out.

Nothing here reads or writes a file the caller names, parses a command line or decides where
output goes: the CLI (``sheets.cli``) keeps its file handling (paths, folders, ``-o`` policy,
atomic writes) and calls these functions with what it loaded; the web page calls them with the
files the user opened. The same inputs and options give the same bytes either way.

Inputs and problems::

    Source(name, data)            a named input: a YAML unit file or roster, a MegaMek .blk
                                  or force .mul (its units among the given .blk sources), a
                                  BattleScribe .ros/.rosz (by the name's suffix)
    Problem(file, line, column, severity, message)
                                  severity "error" | "warning"; str() is the line `validate`
                                  prints (file:line:col: message)
    InvalidInput                  raised by load(): .problems is a list of Problem
    UsageError, GameOptionError   an option, game, chart, kind or format that cannot be used

Options are a :class:`sheets.core.game.Options`, a mapping (``lang``, ``paper``, ``mono``,
``rules`` and the game's own options by their parameter names, e.g. ``card``, ``tables``) or
None (the defaults). :func:`parse_game_options` turns text values (a query string) into it.

Loading and checking::

    load(sources, options) -> Loaded        every source that no other source names in a
                                            ``from:`` (those are unit libraries); a ``from:``
                                            resolves only among ``sources`` by name, relative to
                                            the naming source's name, never the file system;
                                            all problems raised together (InvalidInput)
    check(sources, options) -> (problems, units, game_id)
                                            structural, rule, font and list problems of every
                                            file in one run (warnings included); never raises
                                            for bad input

Output::

    render_pdf(loaded, options) -> bytes    byte-identical to `sheets render` of the same files
    render_png(loaded, options, page, dpi) -> bytes      one page (1-based) as PNG
    render(loaded, options, ...) -> Rendered             the PDF with its Document (pages,
                                                         layout recorder): what the CLI uses
    export_roster(loaded, fmt, options, template) -> bytes
                                            the army list: pdf | md | html | bbcode | json
                                            (``template``: a jinja2 template's bytes)
    reference_pdf(game_id, options) -> bytes
    chart_output(game_id, name, options, fmt="pdf", dpi=150) -> bytes   (png: the first page)
    chart_pngs(game_id, name, options, dpi=150) -> list[bytes]           every page as PNG

The games' own options, from the plug-in (the web layer knows no game)::

    game_options(game_id, command="render") -> list[dict]
        {"name": long option without dashes, "param": its parameter name, "kind":
         "flag"|"choice"|"int"|"float"|"str", "choices", "default", "min", "max", "help"};
        ``rules`` first for a game with variants. Options that name a folder (``--png``) are
        left out: they write files.
    parse_game_options(game_id, command, {name: text}) -> dict
        raises GameOptionError for an unknown option (with "did you mean") or one of another
        game (naming that game), and for a value the option does not take
    starter(game_id, kind=None, lang="en") -> str       the `sheets new` starter file text
    starter_kinds(game_id) -> list[str]                 its kinds (the first is the default)
    unit_file_schema(game_id) -> dict                   the JSON Schema of `sheets schema GAME`
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

from sheets.core.errors import InputError, Pos, UsageProblem
from sheets.core.errors import Problem as CoreProblem
from sheets.core.game import Game, Options
from sheets.core.i18n import LANGS, _

if TYPE_CHECKING:
    from sheets.core.calc import Calculation
    from sheets.core.calc import Refused as CalculationRefused
    from sheets.core.loader import Loaded as CoreLoaded
    from sheets.core.options import OptionSpec
    from sheets.render.pdf import Document

__all__ = [
    "Source",
    "Problem",
    "Loaded",
    "Rendered",
    "InvalidInput",
    "UsageError",
    "GameOptionError",
    "make_options",
    "load",
    "check",
    "check_loaded",
    "render",
    "render_pdf",
    "render_png",
    "export_roster",
    "reference",
    "reference_pdf",
    "chart",
    "chart_output",
    "chart_pngs",
    "game_options",
    "parse_game_options",
    "calculators",
    "calculate",
    "CalculationRefused",
    "starter",
    "starter_kinds",
    "layout_words",
    "unit_file_schema",
    "ROSTER_FORMATS",
]


def __getattr__(name: str) -> Any:
    """``CalculationRefused`` (:class:`sheets.core.calc.Refused`), imported when first asked for:
    a render or a check never loads the calculators' module."""
    if name == "CalculationRefused":
        from sheets.core.calc import Refused

        return Refused
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


ROSTER_FORMATS = ("pdf", "md", "html", "bbcode", "json")


# -- inputs, problems, errors -------------------------------------------------------------------
@dataclass(frozen=True)
class Source:
    """A named input: ``name`` decides the format by its suffix and is the file name messages
    use; ``from:`` references are resolved relative to it."""

    name: str
    data: bytes


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None
    column: int | None
    severity: str  # "error" | "warning"
    message: str  # in the language the call ran in
    code: str = ""  # the problem's kind, the same in every language ("" where none was given)

    @classmethod
    def of(cls, p: CoreProblem) -> Problem:
        """The API form of a :class:`sheets.core.errors.Problem`."""
        file = p.pos.file if p.pos is not None and p.pos.file else p.path
        return cls(
            file,
            p.pos.line if p.pos else None,
            p.pos.col if p.pos else None,
            p.severity,
            p.message,
            getattr(p, "code", "") or "",
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "severity": self.severity,
            "code": self.code or "input",
            "message": self.message,
        }

    def __str__(self) -> str:

        where = self.file if self.line is None else f"{self.file}:{self.line}:{self.column}"
        prefix = _("warning: ") if self.severity == "warning" else ""
        return f"{where}: {prefix}{self.message}"


class InvalidInput(InputError):
    """Invalid input: ``problems`` lists every :class:`Problem` (str() of each is the line
    `validate` prints). An :class:`sheets.core.errors.InputError`, so the CLI reports it."""

    def __init__(self, problems: Iterable[Problem | CoreProblem]) -> None:
        # the API's own Problems are taken too (the per-file cap of InputError reads core fields)
        super().__init__([_core(p) if isinstance(p, Problem) else p for p in problems])
        self.core_problems = self.problems
        # (the API's Problems where InputError has the core's: both print the same line)
        self.problems = [Problem.of(p) for p in self.core_problems]  # type: ignore[misc]


def _core(p: Problem) -> CoreProblem:
    """The :class:`sheets.core.errors.Problem` of an API :class:`Problem` (the same line)."""
    return CoreProblem(
        p.file,
        None if p.line is None else Pos(p.line, p.column or 1),  # (a line without a column: its start)
        p.message,
        p.severity,
        p.code,
    )


class UsageError(UsageProblem, ValueError):
    """A game, chart, kind, format or option value that cannot be used (the CLI: exit 2)."""


class GameOptionError(UsageError):
    """An option the game does not have (another game's option names that game)."""


# -- options ------------------------------------------------------------------------------------
_SHARED = ("lang", "paper", "mono", "rules")


def make_options(options: Options | Mapping[str, Any] | None = None) -> Options:
    """An :class:`Options` from a mapping (shared keys and the game's own by parameter name;
    None values are left out, so the game's defaults apply) or a copy of ``options``. The
    language defaults to the current one (:func:`sheets.core.i18n.current_lang`)."""
    from sheets.core.i18n import current_lang
    from sheets.core.options import PAPERS

    if options is None:
        return Options(lang=current_lang())
    if isinstance(options, Options):
        return Options(
            lang=options.lang,
            paper=options.paper,
            mono=options.mono,
            rules=options.rules,
            extra=dict(options.extra),
        )
    values = dict(options)
    lang = values.pop("lang", None) or current_lang()
    paper = values.pop("paper", None) or "a4"
    if lang not in LANGS:
        raise GameOptionError(
            _("unknown language {value}; expected {choices}").format(
                value=repr(lang), choices=_(" or ").join(LANGS)
            )
        )
    if paper not in PAPERS:
        raise GameOptionError(
            _("unknown paper {value}; expected {choices}").format(
                value=repr(paper), choices=_(" or ").join(PAPERS)
            )
        )
    rules = values.pop("rules", None)
    return Options(
        lang=lang,
        paper=paper,
        mono=bool(values.pop("mono", False)),
        rules=str(rules).lower() if rules else None,
        extra={k: v for k, v in values.items() if v is not None},
    )


def _game(game_id: str) -> Game:
    from sheets.core.errors import did_you_mean
    from sheets.core.game import UnknownGame, game_ids, get_game

    try:
        return get_game(str(game_id).lower())
    except UnknownGame:
        raise UsageError(
            _("unknown game {game}{hint}; known: {games}").format(
                game=repr(game_id), hint=did_you_mean(str(game_id), game_ids()), games=", ".join(game_ids())
            )
        ) from None


def _specs(game: Game, command: str) -> tuple[OptionSpec, ...]:
    from sheets.core.game import option_specs

    return option_specs(game, command)


def _rules_spec(game: Game) -> OptionSpec:
    from sheets.core.i18n import N_
    from sheets.core.options import CHOICE, Choice, OptionSpec

    return OptionSpec(
        "rules",
        CHOICE,
        help=N_("The rule variant the printout and the checks follow."),
        label=N_("Rules"),
        choices=tuple(Choice(v, f"rules_{v}") for v in game.variants),
        default=game.variants[0],
    )


RULES_COMMANDS = ("render", "validate", "info", "roster", "reference", "chart")


def game_options(game_id: str, command: str = "render", lang: str | None = None) -> list[dict[str, Any]]:
    """The options ``game_id``'s plug-in adds to ``command`` (render, validate, reference,
    chart), described for a form in ``lang`` (see :meth:`OptionSpec.describe`); ``rules`` first
    when the game has variants. Options that name a folder of this machine (``--png DIR``,
    ``--units DIR``) are left out: a page never names a path."""
    from sheets.core.data import label
    from sheets.core.i18n import current_lang
    from sheets.core.options import PATH

    game = _game(game_id)
    lang = lang or current_lang()
    out = []
    if game.variants and command in RULES_COMMANDS:
        rules = _rules_spec(game).describe(lang)
        for choice in rules["choices"]:  # the variants' names are the game's printed labels
            key = f"rules_{choice['value']}"
            choice["label"] = label(game.id, key, lang) if _has_label(game.id, key) else choice["value"]
        out.append(rules)
    out.extend(s.describe(lang) for s in _specs(game, command) if s.type != PATH)
    return out


def _has_label(game_id: str, key: str) -> bool:
    from sheets.core.data import labels

    return key in labels(game_id)


def parse_game_options(game_id: str, command: str, values: Mapping[str, str | None]) -> dict[str, Any]:
    """Text values (e.g. a query string: ``{"card": "mini", "backs": "1"}``) of ``game_id``'s
    options for ``command`` -> the mapping :func:`make_options` takes. Names are the parameter
    names or the long options without dashes (``-`` or ``_`` alike). A refused value names the
    option by its label (the words a form shows), in the current language."""
    from sheets.core.options import FLAG, PATH, OptionValueError

    game = _game(game_id)
    mine = {}
    for s in _specs(game, command):
        mine[s.cli_flag.lstrip("-").replace("-", "_")] = s
        mine[s.name] = s
    if game.variants:
        mine["rules"] = _rules_spec(game)
    out: dict[str, Any] = {}
    for raw_name, text in values.items():
        name = str(raw_name).lstrip("-").replace("-", "_")
        spec = mine.get(name)
        if spec is None:
            raise GameOptionError(_unknown_option(game, command, str(raw_name), name))
        if spec.type == PATH:
            raise GameOptionError(
                _("{option} names a path on this machine: not available here").format(option=spec.cli_flag)
            )
        if spec.type == FLAG and text in (None, ""):
            out[spec.name] = True  # ``?backs`` with no value: on
            continue
        try:
            out[spec.name] = spec.convert(text)
        except OptionValueError as exc:
            raise GameOptionError(f"{spec.title()}: {exc}") from None
    return out


def _unknown_option(game: Game, command: str, raw_name: str, name: str) -> str:
    """The refusal of an option ``game`` does not have: the games that do, or its own options."""
    from sheets.core.errors import did_you_mean, short
    from sheets.core.game import all_games
    from sheets.core.options import PATH

    if name == "rules":
        return _("rules: {game} has no rule variants").format(game=game.id)
    owners = sorted(
        g.id for g in all_games() if g.id != game.id and any(s.name == name for s in _specs(g, command))
    )
    if owners:
        return _("{option} is an option of {owners}, not of {game}").format(
            option="--" + raw_name.lstrip("-")[:40], owners=_(" and ").join(owners), game=game.id
        )
    names = sorted(
        {s.cli_flag.lstrip("-") for s in _specs(game, command) if s.type != PATH}
        | ({"rules"} if game.variants else set())
    )
    known = (
        _("; {game} options: {names}").format(game=game.id, names=", ".join(names))
        if names
        else _("; {game} has none").format(game=game.id)
    )
    return _("unknown option {option}{hint}{known}").format(
        option=short(raw_name), hint=did_you_mean(name.replace("_", "-"), names), known=known
    )


# -- calculators ------------------------------------------------------------------------------
def calculators(game_id: str, lang: str | None = None) -> list[dict[str, Any]]:
    """The calculators of ``game_id`` described for a form in ``lang`` (see
    :meth:`sheets.core.calc.CalculatorSpec.describe`)."""
    from sheets.core.game import calculator_specs
    from sheets.core.i18n import use_lang

    game = _game(game_id)
    with use_lang(lang):
        return [spec.describe() for spec in calculator_specs(game)]


class _SourceFiles:
    """A calculator's unit references resolved among the documents the caller sent (by name),
    never the file system; their ``from:`` references resolve among them too."""

    def __init__(self, sources: list[Source]) -> None:
        self.table = {s.name: s.data for s in sources}

    def exists(self, file: str) -> bool:
        return file in self.table

    def load(self, file: str, expect_game: str | None) -> CoreLoaded:
        from sheets.core.errors import InputError, Problem
        from sheets.core.loader import load_source

        if file not in self.table:
            names = ", ".join(self.table) or _("none")
            raise InputError(
                [
                    Problem(
                        file,
                        None,
                        _("no opened file of that name (opened: {names})").format(names=names),
                        code="calc-no-such-file",
                    )
                ]
            )
        loaded, _used = load_source(file, self.table[file], self.table, None, expect_game)
        return loaded


def calculate(
    game_id: str,
    name: str,
    inputs: Mapping[str, Any],
    lang: str | None = None,
    sources: Iterable[Source] = (),
) -> Calculation:
    """Run calculator ``name`` of ``game_id`` on ``inputs`` (by input name; text, numbers, flags,
    ``{"file", "name"}`` for a unit of ``sources``): a :class:`sheets.core.calc.Calculation`
    (``result`` JSON, ``text`` as `sheets calc` prints it, ``display`` for a page), words in
    ``lang``. Raises :class:`InvalidInput` (a unit file's problems), :class:`CalculationRefused`
    (the rules forbid it: ``message``, and ``result``/``text`` when there is still an answer) or
    :class:`UsageError` (an input refused: the message names it by its label)."""
    from sheets.core import calc as core_calc
    from sheets.core.errors import InputError
    from sheets.core.game import calculator_specs
    from sheets.core.i18n import use_lang
    from sheets.core.options import NamedValueError

    game = _game(game_id)
    with use_lang(lang):
        specs = calculator_specs(game)
        known: dict[str, OptionSpec] = {}

        def spell(n: str) -> str:
            return known[n].title() if n in known else n

        try:
            spec = core_calc.find(specs, str(name), game.id)
            known.update((i.name, i) for i in spec.inputs)
            return core_calc.run(spec, dict(inputs), _SourceFiles(_sources(sources)))
        except core_calc.InputProblem as exc:
            raise UsageError(exc.render(spell)) from None
        except core_calc.Refused as exc:
            text = exc.text
            for n in exc.names:
                text = text.replace("{" + n + "}", spell(n)) if text else text
            raise core_calc.Refused(exc.render(spell), exc.result, text) from None
        except NamedValueError as exc:
            raise UsageError(f"{exc.spec.title()}: {exc}") from None
        except InputError as exc:
            raise InvalidInput(exc.problems) from None


# -- loading and checking ---------------------------------------------------------------------
@dataclass
class Loaded:
    """What :func:`load` gives (or the CLI builds from files): the loaded files in order."""

    files: list[CoreLoaded]  # one per root source
    warnings: list[Problem] = field(default_factory=list)

    @property
    def game(self) -> Game:
        return self.files[0].game

    @property
    def units(self) -> list[Any]:
        return [u for f in self.files for u in f.units]

    @property
    def names(self) -> list[str]:
        return [f.path for f in self.files]


def _sources(sources: Iterable[Source]) -> list[Source]:
    out = []
    for s in sources:
        if not isinstance(s, Source):
            s = Source(*s)
        out.append(Source(str(s.name), bytes(s.data)))
    return out


def _load_each(
    sources: list[Source], options: Options
) -> tuple[list[CoreLoaded | None], list[list[CoreProblem]], set[str]]:
    """(loaded files or None, problems, names read through ``from:``) of every source."""
    from sheets.core.loader import load_source

    table = {s.name: s.data for s in sources}
    results: list[CoreLoaded | None] = []
    problems: list[list[CoreProblem]] = []
    used: set[str] = set()
    for s in sources:
        try:
            loaded, names = load_source(s.name, s.data, table, options)
        except InputError as exc:
            results.append(None)
            problems.append(list(exc.problems))
            continue
        results.append(loaded)
        problems.append(list(loaded.warnings))
        used |= names - {s.name}
    return results, problems, used


def load(sources: Iterable[Source], options: Options | Mapping[str, Any] | None = None) -> Loaded:
    """Load ``sources``; raise :class:`InvalidInput` with every problem of every file."""
    from sheets.core.i18n import use_lang

    given = _sources(sources)
    opts = make_options(options)
    with use_lang(opts.lang):
        if not given:
            raise UsageError(_("no files given"))
        return _load_sources(given, opts)


def _load_sources(sources: list[Source], opts: Options) -> Loaded:
    results, problems, used = _load_each(sources, opts)
    errors = distinct([p for r, found in zip(results, problems) if r is None for p in found])
    if errors:
        raise InvalidInput(errors)
    # (no result is None here: a file that did not load raised its problems above)
    files = [r for s, r in zip(sources, results) if s.name not in used and r is not None]
    if not files:  # every file names another: nothing is a root, print them all
        files = [r for r in results if r is not None]
    return Loaded(files, [Problem.of(p) for f in files for p in f.warnings])


def check_loaded(files: Iterable[CoreLoaded]) -> list[CoreProblem]:
    """The problems of loaded files beyond loading (core ``Problem``s, in file order): every
    printed text must be drawable by the bundled font, and list-level rules (limit, force
    organisation) must hold. What `validate` adds to loading, and `render` checks too."""
    from sheets.core.roster import list_violations

    problems = []
    for loaded in files:
        glyphs = glyph_problems([loaded])
        problems.extend(glyphs)
        if glyphs:
            continue
        problems.extend(CoreProblem(loaded.path, None, b) for b in list_violations(loaded))
    return problems


def glyph_problems(files: Iterable[CoreLoaded]) -> list[CoreProblem]:
    """Every user string must be printable by the bundled font: one problem at its YAML line (in
    another tool's file, e.g. a ``.ros``, at the character's line in that file). Every text of a
    unit counts, not only its ``text_fields``, and the roster's side: what validates also prints."""
    from sheets.core.errors import short
    from sheets.core.fsio import inputs_read
    from sheets.render.fonts import missing_chars

    problems = []
    seen: set[tuple[str, str, str]] = set()
    # a file is searched for the character only when this command read it from disk: a source
    # given as bytes (the page's uploads) is only a name, which must never open a server file
    on_disk = {name for _, name in inputs_read()}

    def test(
        path: str, pos: Pos | None, text: object, foreign: bool = False, fallback: Pos | None = None
    ) -> None:
        for ch in missing_chars(str(text or "")):
            if (path, ch, str(text)) in seen:
                continue
            seen.add((path, ch, str(text)))
            # (another tool's file: the loader's positions are not lines of that file)
            where = ((_char_position(path, ch) if path in on_disk else None) or fallback) if foreign else pos
            problems.append(
                CoreProblem(
                    path,
                    where,
                    _(
                        "character {char} (U+{code}) in {text} cannot be printed: the bundled font has no glyph for it"
                    ).format(char=repr(ch), code=f"{ord(ch):04X}", text=short(text)),
                    code="no-glyph",
                )
            )

    for loaded in files:
        foreign = Path(loaded.path).suffix.lower() not in (".yaml", ".yml")
        for i, unit in enumerate(loaded.units):
            texts: list[str] = []
            _collect_texts(unit, texts)
            if not missing_chars("".join(texts)):  # (every text of the unit: the fields too)
                continue
            named = set()
            for path, text in loaded.game.text_fields(unit):
                named.add(str(text))
                test(loaded.path, loaded.position(i, path), text, foreign)
            for text in _unit_texts(unit):  # every other text of the unit, at the unit's line
                if text not in named:
                    test(loaded.path, loaded.position(i, ()), text, foreign)
        for key in ("name", "notes", "side"):  # the roster's own texts are printed too
            text = (loaded.roster or {}).get(key) or ""
            places = getattr(loaded, "roster_pos", {}).get(key) or ()
            bad = missing_chars(str(text))  # where the character is: the piece of text holding it
            at = next((pos for piece, pos in places if bad and bad[0] in str(piece)), None)
            test(loaded.path, None if foreign else at, text, foreign, fallback=at)
    return problems


def _unit_texts(value: Any) -> list[str]:
    """Every text in a unit model (dataclass fields, lists, tuples, mapping values)."""
    out: list[str] = []
    _collect_texts(value, out)
    return out


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _collect_texts(value: Any, out: list[str], depth: int = 0) -> None:
    if isinstance(value, str):
        out.append(value)
        return
    if depth > 8 or value is None or isinstance(value, (int, float)):
        return
    kind = type(value)
    names = _FIELD_NAMES.get(kind)
    if names is None and hasattr(kind, "__dataclass_fields__"):
        import dataclasses

        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(value))
    if names is not None:
        for name in names:
            v = getattr(value, name, None)
            if v.__class__ is str:  # (most fields: a text, a number or None, without a call)
                out.append(v)
            elif v is not None and not isinstance(v, (int, float)):
                _collect_texts(v, out, depth + 1)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            if v.__class__ is str:
                out.append(v)
            elif v is not None and not isinstance(v, (int, float)):
                _collect_texts(v, out, depth + 1)
    elif isinstance(value, dict):
        for v in value.values():
            _collect_texts(v, out, depth + 1)


def _char_position(path: str, ch: str) -> Pos | None:
    """Line and column of the first ``ch`` in the text file ``path`` (None when it is not there
    as text, e.g. inside a compressed file)."""
    try:
        with open(path, "rb") as fh:
            text = fh.read(8 * 1024 * 1024).decode("utf-8", "replace")
    except OSError:
        return None
    at = text.find(ch)
    if at < 0:
        return None
    line_start = text.rfind("\n", 0, at) + 1
    return Pos(text.count("\n", 0, at) + 1, at - line_start + 1)


def check(
    sources: Iterable[Source], options: Options | Mapping[str, Any] | None = None
) -> tuple[list[Problem], int, str | None]:
    """Every problem of every source in one run (structural, rules, font, list; warnings too),
    the number of units that loaded (of the files :func:`load` would print) and the game (None
    when no file names a known one)."""
    from sheets.core.i18n import use_lang

    given = _sources(sources)
    opts = make_options(options)
    with use_lang(opts.lang):
        return _check_sources(given, opts)


def _check_sources(sources: list[Source], opts: Options) -> tuple[list[Problem], int, str | None]:
    results, problems, used = _load_each(sources, opts)
    out: list[CoreProblem] = []
    units, game_id = 0, None
    # as load() prints them: the files no other names, or every file when each one is named
    no_root = not any(s.name not in used for s, r in zip(sources, results) if r is not None)
    for s, loaded, found in zip(sources, results, problems):
        out.extend(found)
        if loaded is None:
            game_id = game_id or _system_of(s)
            continue
        game_id = game_id or loaded.game.id
        if s.name not in used or no_root:  # a library's units count where they are named
            units += len(loaded.units)
        out.extend(check_loaded([loaded]))
    return distinct([Problem.of(p) for p in out]), units, game_id


_T = TypeVar("_T")


def distinct(problems: Iterable[_T]) -> list[_T]:
    """Each problem once, in order: a library's problem is also found through every source
    that names it with ``from:`` (the API's problems and the core's alike; the CLI reports
    through this too)."""
    seen: set[tuple[str, str]] = set()
    out = []
    for p in problems:
        key = (str(p), getattr(p, "severity", "error"))
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def _system_of(source: Source) -> str | None:
    """The known game a file that did not load names in ``system:`` (for the page's controls)."""
    import re

    from sheets.core.game import game_ids

    m = re.search(rb"^system:\s*['\"]?([A-Za-z0-9_]+)", source.data[:65536], re.M)
    if m:
        gid = m.group(1).decode().lower()
        return gid if gid in game_ids() else None
    return None


# -- output -------------------------------------------------------------------------------------
@dataclass
class Rendered:
    pdf: bytes
    document: Document  # .pages, .recorder (layout check)

    @property
    def pages(self) -> int:
        return self.document.pages


# what the output functions take: what :func:`load` gave, or the CLI's loaded files
Loadable: TypeAlias = Loaded | Iterable["CoreLoaded"]


def _loaded(loaded: Loadable) -> Loaded:
    if isinstance(loaded, Loaded):
        return loaded
    return Loaded(list(loaded))


def _stem(name: str) -> str:
    from pathlib import PurePath

    return PurePath(name).stem


def render(
    loaded: Loadable,
    options: Options | Mapping[str, Any] | None = None,
    *,
    jobs: int = 1,
    record: bool = False,
    no_list: bool = False,
    progress: Callable[[Document], Any] | None = None,
    glyphs_checked: bool = False,
) -> Rendered:
    """Record sheets / unit cards of every loaded file, as `sheets render` prints them.

    ``options`` here are only ``paper``/``mono`` of the document when given as an Options the
    loader used; the units keep the options they were loaded with. ``jobs`` > 1 draws on
    worker processes (same bytes); ``record`` keeps the layout for the layout checker;
    ``progress(document)`` (the CLI's progress bar) is called before drawing and must return
    an object with ``close()`` (its ``finished`` is set first: whether the render finished)."""
    loaded = _loaded(loaded)
    files = loaded.files
    games = {f.game.id for f in files}
    if len(games) > 1:
        raise UsageError(_("render one game at a time (got {games})").format(games=", ".join(sorted(games))))
    problems = [] if glyphs_checked else glyph_problems(files)
    if problems:
        raise InvalidInput(problems)
    game = files[0].game
    if not game.renderer:
        raise UsageError(_("{game} has no record-sheet renderer yet").format(game=game.id))
    from sheets.core.game import load_object
    from sheets.render import parallel
    from sheets.render.pdf import Document

    renderer = load_object(game.renderer)
    base = files[0].options
    # a copy: the loaded files' options must not keep this drawing's army lists and file table
    opts = make_options(base) if options is None else _overlay(base, make_options(options))
    lang = opts.lang
    title = ", ".join(_stem(f.path) for f in files)
    doc = Document(
        opts.paper,
        opts.mono,
        title=f"{game.name.get(lang, game.id)}: {title}",
        subject="record sheets",
        lang=lang,
        record=record,
    )
    units = [u for f in files for u in f.units]

    def draw(doc: Document) -> None:
        # which units came from which file (renderers that print one section per file use it;
        # the trial drawing of the first page too: a card that cannot fit names its file)
        opts.extra["files"] = [
            {"path": f.path, "roster": f.roster, "units": len(f.units), "rules": f.options.rules}
            for f in files
        ]
        if not no_list:
            from sheets.core.roster import army_list
            from sheets.render.roster_pdf import draw_army_lists

            lists = [army_list(f, lang) for f in files if f.is_roster]
            after = False
            if lists and getattr(renderer, "draws_army_lists", False):
                opts.extra["army_lists"] = lists  # the renderer places them (e.g. in free space)
            elif lists and not _list_shares_first_page(doc, lists, renderer, units, opts):
                after = _short_list(doc, lists, opts)
                if not after:
                    draw_army_lists(doc, lists, opts)  # every roster, one after the other
        else:
            lists, after = [], False
        renderer(doc, units, opts)
        if after:  # a list shorter than a third of a page: last, not a widow page before the sheets
            from sheets.render.roster_pdf import draw_army_lists

            draw_army_lists(doc, lists, opts)

    if opts.extra.get("png_dir"):
        jobs = 1  # card PNGs are made by the renderer itself (--jobs workers measure their pages)
    bar = progress(doc) if progress else None
    finished = False
    try:
        pdf = _glyph_guard(lambda: parallel.render(doc, draw, jobs), files[0].path)
        finished = True
    finally:
        if bar is not None:
            bar.finished = finished  # (a finished render's bar shows 100 % before it is cleared)
            bar.close()
    return Rendered(pdf, doc)


def _short_list(doc: Document, lists: list[dict[str, Any]], opts: Options) -> bool:
    """Whether the army lists take less than the layout rules' least page fill (issue 23: a list
    that cannot go under the first page's sheets would be a page 70–75 % blank before them; as
    the last page after the full sheet pages it is allowed)."""
    from sheets.render.layout_check import rules
    from sheets.render.pdf import margins
    from sheets.render.roster_pdf import army_lists_height

    m = margins(opts.paper)
    return army_lists_height(lists, doc.width - 2 * m) < (doc.height - 2 * m) * rules().min_page_fill


def _list_shares_first_page(
    doc: Document,
    lists: list[dict[str, Any]],
    renderer: Callable[[Document, list[Any], Options], None],
    units: list[Any],
    opts: Options,
) -> bool:
    """The army lists go under the sheets / cards of the first page when they fit in the room
    the renderer leaves there (measured by a trial drawing of that page); False: they take
    page(s) of their own before the sheets."""
    from sheets.render.pdf import Document
    from sheets.render.roster_pdf import first_page_room, share_first_page

    def trial() -> Document:
        scratch = Document(doc.size, opts.mono, lang=opts.lang, record=True)
        scratch.pen.trial = True
        return scratch

    # the trial drawing makes no card PNGs: the same pages as without --png DIR
    dry = Options(
        opts.lang, opts.paper, opts.mono, opts.rules, {k: v for k, v in opts.extra.items() if k != "png_dir"}
    )
    room = first_page_room(trial, lambda d: renderer(d, units, dry), opts.paper)
    return share_first_page(doc, lists, room)


def _overlay(base: Options, given: Options) -> Options:
    """The loader's options with the document settings of ``given`` (lang, paper, mono)."""
    return Options(
        lang=given.lang,
        paper=given.paper,
        mono=given.mono,
        rules=base.rules,
        extra={**base.extra, **given.extra},
    )


def _glyph_guard(fn: Callable[[], bytes], source: str) -> bytes:
    from sheets.core.errors import Problem as CoreProblem
    from sheets.render.fonts import GlyphError

    try:
        return fn()
    except GlyphError as exc:
        raise InvalidInput([CoreProblem(*_glyph_source(exc.char, source), str(exc))]) from None


def _glyph_source(ch: str, fallback: str) -> tuple[str, Pos | None]:
    """The file (and line:col) a character that cannot be drawn came from: a ``--data-dir``
    table or label file first (its texts are printed too), then the command's inputs."""
    from sheets.core.data import overrides_read
    from sheets.core.fsio import inputs_read

    for name in [*reversed(overrides_read()), *(n for _key, n in inputs_read())]:
        pos = _char_position(name, ch)
        if pos is not None:
            return name, pos
    return fallback, None


def render_pdf(loaded: Loadable, options: Options | Mapping[str, Any] | None = None) -> bytes:
    """The PDF `sheets render` writes for the same files and options (byte-identical)."""
    return render(loaded, options).pdf


def render_png(
    loaded: Loadable, options: Options | Mapping[str, Any] | None = None, page: int = 1, dpi: int = 100
) -> bytes:
    """Page ``page`` (1-based) of :func:`render_pdf` as PNG (greys with ``mono``)."""
    pdf = render_pdf(loaded, options)
    from sheets.render.raster import pdf_page_png

    opts = _loaded(loaded).files[0].options if options is None else make_options(options)
    return pdf_page_png(pdf, page, dpi, grey=opts.mono)


def export_roster(
    loaded: Loadable,
    fmt: str = "pdf",
    options: Options | Mapping[str, Any] | None = None,
    template: bytes | None = None,
    *,
    record: bool = False,
    template_name: str = "template",
) -> bytes:
    """The army list of the (first) loaded file, as `sheets roster --format FMT` makes it:
    PDF bytes or UTF-8 text. ``template``: a jinja2 template's bytes for md/html/bbcode."""
    return roster_output(loaded, fmt, options, template, record=record, template_name=template_name)[0]


def roster_output(
    loaded: Loadable,
    fmt: str = "pdf",
    options: Options | Mapping[str, Any] | None = None,
    template: bytes | None = None,
    *,
    record: bool = False,
    template_name: str = "template",
) -> tuple[bytes, Document | None]:
    """(bytes, Document or None) of :func:`export_roster` (the CLI checks the layout)."""
    if fmt not in ROSTER_FORMATS:
        raise UsageError(
            _("unknown roster format {fmt}; formats: {formats}").format(
                fmt=repr(fmt), formats=", ".join(ROSTER_FORMATS)
            )
        )
    first = _loaded(loaded).files[0]
    opts = first.options if options is None else _overlay(first.options, make_options(options))
    from sheets.core.roster import army_list

    data = army_list(first, opts.lang)
    if fmt == "pdf":
        from sheets.render.pdf import Document
        from sheets.render.roster_pdf import draw_army_list

        doc = Document(
            opts.paper,
            opts.mono,
            title=data["name"] or _stem(first.path),
            subject="army list",
            lang=opts.lang,
            record=record,
        )

        def drawn() -> bytes:
            draw_army_list(doc, data, opts)
            return doc.finish()

        return _glyph_guard(drawn, first.path), doc
    if fmt == "json":
        import json

        return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8"), None
    from sheets.render.text import render_roster_text

    if template is not None:
        text = render_roster_text(data, fmt, template_name, template_data=bytes(template))
    else:
        text = render_roster_text(data, fmt)
    return text.encode("utf-8"), None


def reference(
    game_id: str, options: Options | Mapping[str, Any] | None = None, *, record: bool = False
) -> Rendered:
    """A game's quick-reference handout (`sheets reference`)."""
    game = _game(game_id)
    if not game.reference_renderer:
        raise UsageError(_("{game} has no reference handout yet").format(game=game.id))
    return _one_drawing(game, game.reference_renderer, "reference", "reference", options, record)


def _one_drawing(
    game: Game,
    renderer: str,
    title: str,
    subject: str,
    options: Options | Mapping[str, Any] | None,
    record: bool,
) -> Rendered:
    """A game's handout or chart: one renderer drawing one document."""
    opts = _game_opts(game, options)
    from sheets.core.game import load_object
    from sheets.render.pdf import Document

    doc = Document(
        opts.paper,
        opts.mono,
        title=f"{game.name.get(opts.lang, game.id)}: {title}",
        subject=subject,
        lang=opts.lang,
        record=record,
    )
    fn = load_object(renderer)
    pdf = _glyph_guard(lambda: (fn(doc, opts), doc.finish())[1], game.id)
    return Rendered(pdf, doc)


def _game_opts(game: Game, options: Options | Mapping[str, Any] | None) -> Options:
    opts = make_options(options)
    if opts.rules and not game.variants:
        raise GameOptionError(_("--rules: {game} has no rule variants").format(game=game.id))
    if opts.rules and opts.rules not in game.variants:
        raise GameOptionError(
            _("--rules: expected one of {choices}").format(choices=", ".join(game.variants))
        )
    opts.rules = opts.rules or game.default_variant()
    return opts


def reference_pdf(game_id: str, options: Options | Mapping[str, Any] | None = None) -> bytes:
    return reference(game_id, options).pdf


def chart(
    game_id: str, name: str, options: Options | Mapping[str, Any] | None = None, *, record: bool = False
) -> Rendered:
    """One of a game's charts (`sheets chart GAME CHART`) as PDF."""
    from sheets.core.errors import did_you_mean

    game = _game(game_id)
    if name not in game.charts:
        known = ", ".join(game.charts)
        if not known:
            raise UsageError(
                _("{game} has no charts; charts: {charts}").format(game=game.id, charts=all_charts_text())
            )
        raise UsageError(
            _("no chart {name} for {game}{hint}; charts: {charts}").format(
                name=repr(name), game=game.id, hint=did_you_mean(name, game.charts), charts=known
            )
        )
    return _one_drawing(game, game.charts[name], name, "chart", options, record)


def all_charts_text() -> str:
    """``battletech hit-location, dmech facing, …``: every chart of every registered game."""
    from sheets.core.game import all_games

    return ", ".join(f"{g.id} {c}" for g in all_games() for c in g.charts) or "none"


def chart_output(
    game_id: str,
    name: str,
    options: Options | Mapping[str, Any] | None = None,
    fmt: str = "pdf",
    dpi: int = 150,
) -> bytes:
    """A chart as PDF, or its first page as PNG (``fmt="png"``)."""
    if fmt not in ("pdf", "png"):
        raise UsageError(_("a chart is made as pdf or png, not {fmt}").format(fmt=repr(fmt)))
    done = chart(game_id, name, options)
    if fmt == "pdf":
        return done.pdf
    from sheets.render.raster import pdf_page_png

    return pdf_page_png(done.pdf, 1, dpi, grey=make_options(options).mono)


def chart_pngs(
    game_id: str, name: str, options: Options | Mapping[str, Any] | None = None, dpi: int = 150
) -> list[bytes]:
    from sheets.render.raster import pdf_to_pngs

    return pdf_to_pngs(chart(game_id, name, options).pdf, dpi=dpi, grey=make_options(options).mono)


def layout_words(files: Iterable[CoreLoaded]) -> set[str]:
    """The user's own words in loaded files (unit and roster names…): they may stay in Latin
    script on a Russian page (the layout checker's allowance)."""
    import re

    words: set[str] = set()
    for loaded in files:
        for unit in loaded.units:
            for _path, text in loaded.game.text_fields(unit):
                words.update(re.findall(r"\w+", str(text or "")))  # "Lt. Baker" → Lt, Baker
        roster = getattr(loaded, "roster", None)
        if isinstance(roster, dict):
            words.update(re.findall(r"\w+", f"{roster.get('name') or ''} {roster.get('side') or ''}"))
    return words


# -- the editor's schema -----------------------------------------------------------------------
def unit_file_schema(game_id: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``game_id``'s unit file (`sheets schema GAME`): it
    accepts what the loader accepts (aliases, any letter case of a choice, ``from:`` references
    with overrides) and lists the choices and the tables' names as ``enum`` for completion."""
    from sheets.core.loader import _roster_spec
    from sheets.core.schema import Enum

    game = _game(game_id)
    unit = game.unit_spec().json_schema()
    overrides = {k: v for k, v in (unit.get("properties") or {}).items() if k != "name"}
    reference = {
        "type": "object",
        "required": ["from"],
        "description": "a unit of another file: {from: FILE, name: UNIT} and any field to change",
        "properties": {
            "from": {"type": "string", "description": "unit file (.yaml/.yml), relative to this file"},
            "name": {
                "anyOf": [{"type": "string"}, {"type": "number"}],
                "description": "which unit of that file (needed when it holds several)",
            },
            **overrides,
        },
        "additionalProperties": False,
    }
    doc: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"sheets unit file: {game.name.get('en', game.id)}",
        "type": "object",
        "required": ["system", "units"],
        "additionalProperties": False,
        "properties": {
            "system": Enum(choices=(game.id,)).json_schema(),
            "units": {"type": "array", "minItems": 1, "items": {"anyOf": [unit, reference]}},
            "roster": {"anyOf": [_roster_spec().json_schema(), {"type": "null"}]},
        },
    }
    if game.variants:
        rules = Enum(choices=tuple(game.variants)).json_schema()
        rules["default"] = game.variants[0]
        doc["properties"]["rules"] = {"anyOf": [rules, {"type": "null"}]}
    return doc


# -- starter files ------------------------------------------------------------------------------
def starter_kinds(game_id: str) -> list[str]:
    """The kinds of starter file ``game_id`` has (the first is the default of `sheets new`)."""
    from sheets.core.data import load_data

    game = _game(game_id)
    try:
        table = load_data("common/starters.yaml")
    except FileNotFoundError:
        return []
    return list((table.get(game.id) or {}).keys())


def starter(game_id: str, kind: str | None = None, lang: str = "en") -> str:
    """The text of a starter file (`sheets new GAME KIND --lang LANG`): a comment on every field
    in ``lang``, values that validate and render as they are, and the editor's schema line."""
    from sheets.core.data import data_path, load_data
    from sheets.core.errors import did_you_mean, short

    game = _game(game_id)
    if lang not in LANGS:
        raise UsageError(
            _("unknown language {value}; expected {choices}").format(
                value=short(lang), choices=_(" or ").join(LANGS)
            )
        )
    table = load_data("common/starters.yaml").get(game.id) or {}
    if not table:
        raise UsageError(_("{game} has no starter files").format(game=game.id))
    kind = kind or next(iter(table))
    if kind not in table:
        raise UsageError(
            _("{game} has no starter {kind}{hint}; kinds: {kinds}").format(
                game=game.id, kind=short(kind), hint=did_you_mean(kind, table), kinds=", ".join(table)
            )
        )
    text = data_path(f"starters/{table[kind]['file']}").read_text(encoding="utf-8")
    return fill_starter(text, lang, game.id)


def fill_starter(text: str, lang: str, game_id: str) -> str:
    """A starter template in one language: a comment ``# en: … | ru: …`` keeps the ``lang``
    part, a value ``⟪en:…|ru:…⟫`` too; ``{schema}`` is the schema file name `sheets schema GAME
    -o` suggests."""
    import re

    def one(m: re.Match[str]) -> str:
        parts = dict(re.findall(r"(en|ru):\s*(.*?)\s*(?=\|\s*(?:en|ru):|$)", m.group(2)))
        return f"{m.group(1)}# {parts.get(lang) or parts.get('en', '')}"

    out = re.sub(r"(^|\s)#\s*(en:.*)$", one, text, flags=re.M)
    # a value in both languages: ⟪en:My force|ru:Мой отряд⟫ (names the player will replace)
    out = re.sub(r"⟪en:([^|⟫]*)\|ru:([^⟫]*)⟫", lambda m: m.group(1 if lang == "en" else 2), out)
    return out.replace("{schema}", f"{game_id}.schema.json")
