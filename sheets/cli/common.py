"""What the commands share: loading files into the API's form, output names and formats, writing
(atomically, or to standard output), the layout check every printing command runs, and what a
command says on stderr at each verbosity (``-q``: errors only; ``-v``: what was read and checked).
Heavy modules (reportlab, jinja2, games) are imported inside the functions so that ``sheets
--help`` imports almost nothing."""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

import click

from sheets.core.i18n import _, current_lang, ngettext

# -- what the command says ----------------------------------------------------------------------


def verbosity() -> int:
    """-1 with ``-q``, 1 with ``-v``, else 0 (the current command's: :mod:`sheets.core.report`)."""
    from sheets.core.report import verbosity as level

    return level()


def say(text: str) -> None:
    """A progress or "wrote" line on stderr (not with ``-q``)."""
    from sheets.core import report

    report.say(text)


def warn(text: str) -> None:
    """A warning on stderr (not with ``-q``)."""
    from sheets.core import report

    report.warn(text)


def detail(text: str) -> None:
    """What ``-v`` adds: each file read, each check made."""
    from sheets.core import report

    report.detail(text)


# -- options and loading -------------------------------------------------------------------------


def make_options(paper="a4", mono=False, rules=None, **extra):
    """The :class:`~sheets.core.game.Options` of a command: the language is the command's (see
    :func:`sheets.cli.decide_lang`); the shared ``--strict`` reaches the games too."""
    from sheets.core.game import Options

    ctx = click.get_current_context(silent=True)
    if ctx is not None and ctx.meta.get("sheets.strict"):
        extra.setdefault("strict", True)  # battletech: post-rules equipment is an error too
    return Options(
        lang=current_lang(),
        paper=paper,
        mono=mono,
        rules=rules.lower() if rules else None,
        extra={k: v for k, v in extra.items() if v is not None},
    )


def load_all(paths, options, jobs: int = 1, usage=None):
    """Load every path (on ``jobs`` processes); report the problems of all files together.
    ``usage(game_ids)`` judges the command line against the games of the files that loaded
    (an option of another game, ``--rules``) before any file's problem is reported: a usage error
    comes first."""
    from sheets.core.errors import InputError
    from sheets.core.parallel_load import load_files_each

    if "-" in paths:
        jobs = 1  # standard input is read by this process
    loaded, problems = load_files_each(paths, options, jobs)
    if usage is not None:
        usage({one.game.id for one in loaded})
    if problems:
        raise InputError(problems)
    for one in loaded:
        detail(_("read {file}: {units}").format(file=one.path, units=units_count(len(one.units))))
    return loaded


UNIT_SUFFIXES = (".yaml", ".yml")


def read_suffixes() -> tuple[str, ...]:
    """What a folder given to render/validate/info contributes: unit files and the other tools'
    files a game reads directly (``Game.file_formats``: .blk, .ros, .rosz…)."""
    from sheets.core.game import all_games

    return UNIT_SUFFIXES + tuple(sorted({s for g in all_games() for s in (g.file_formats or {})}))


def expand_paths(paths) -> list[str]:
    """The command line's PATHs: a folder is replaced by the files under it that the commands
    read (recursively; hidden files and folders left out; the suffix in any letter case; a
    symlinked file read, a symlinked folder not followed), in a stable order: a folder's files
    sorted by name, then each subfolder's, sorted by name. A subfolder that cannot be read is an
    input error naming it (exit 1), never skipped in silence. ``-`` is standard input (once)."""
    from sheets.core.errors import InputError, Problem
    from sheets.core.fsio import os_reason

    out: list[str] = []
    suffixes = None
    unreadable: list[Problem] = []
    for path in paths:
        if path != "-" and os.path.isdir(path):
            suffixes = suffixes or read_suffixes()
            found = []
            errors: list[OSError] = []
            for root, dirs, names in os.walk(path, onerror=errors.append, followlinks=False):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                found.extend(
                    os.path.join(root, n)
                    for n in sorted(names)
                    if os.path.splitext(n)[1].lower() in suffixes and not n.startswith(".")
                )
            for exc in errors:
                unreadable.append(
                    Problem(
                        str(exc.filename or path),
                        None,
                        _("this folder cannot be read ({reason}): its unit files were not read").format(
                            reason=os_reason(exc)
                        ),
                        code="unreadable-folder",
                    )
                )
            if not found and not errors:
                raise click.UsageError(
                    _("no unit files ({suffixes}) in folder {folder}").format(
                        suffixes=", ".join(suffixes), folder=path
                    )
                )
            out.extend(found)
        else:
            out.append(path)
    if unreadable:
        raise InputError(unreadable)
    if out.count("-") > 1:
        raise click.UsageError(_("- (standard input) can be read only once"))
    return out


def example_paths(names) -> list[str]:
    """The bundled sample files ``--example NAME`` names: a game id (its first printout,
    ``data/common/examples.yaml``) or a sample's file name without ``.yaml``."""
    if not names:  # (no table read nor samples' folder listed for a command without --example)
        return []
    from sheets.core.data import data_root, load_data
    from sheets.core.errors import did_you_mean

    root = data_root() / "units"
    table = load_data("common/examples.yaml")
    stems = {p.stem: p for p in sorted(root.glob("*/*.yaml"))}
    out: list[str] = []
    for name in names:
        key = str(name).strip().lower()
        if key in table:
            out.extend(str(root / key / f) for f in table[key])
        elif key in stems:
            out.append(str(stems[key]))
        else:
            known = sorted(table) + sorted(stems)
            raise click.BadParameter(
                _("no sample {name}{hint}; samples: {known}").format(
                    name=repr(name), hint=did_you_mean(key, known), known=", ".join(known)
                ),
                param_hint="'--example'",
            )
    return out


def inputs(paths, examples) -> list[str]:
    """The files a command reads: its PATHs (folders expanded) and the ``--example`` samples."""
    if not paths and not examples:
        raise click.UsageError(_("give the files to read (PATH...) or a bundled sample (--example GAME)"))
    return expand_paths(paths) + example_paths(examples)


def units_count(n: int) -> str:
    return ngettext("{n} unit", "{n} units", n).format(n=n)


# -- output -------------------------------------------------------------------------------------


def _stem(path: str) -> str:
    return "stdin" if path == "-" else Path(path).stem


def output_name(paths, suffix: str = ".pdf", tag: str = "") -> Path:
    """``output/<what it holds><tag><suffix>``: the file's stem, or the stems joined by ``+``
    (at most three, then ``+N-more``); ``tag`` tells the commands apart (``-list``)."""
    stems = list(dict.fromkeys(_stem(p) for p in paths))
    name = "+".join(stems[:3])
    if len(stems) > 3:
        name += f"+{len(stems) - 3}-more"
    return Path("output") / f"{name}{tag}{suffix}"


SUFFIX_ALIASES = {"yml": "yaml", "htm": "html", "markdown": "md"}


def format_of(output, command: str, formats: tuple[str, ...], default: str | None = None) -> str:
    """The format the suffix of ``-o`` asks for; a suffix the command cannot make is a usage
    error naming the formats it makes. ``-`` (standard output) and no ``-o``: ``default``."""
    if output is None or str(output) == "-":
        return default or formats[0]
    typed = Path(str(output)).suffix.lstrip(".")
    suffix = SUFFIX_ALIASES.get(typed.lower(), typed.lower())
    if suffix in formats:
        return suffix
    if not str(output) or os.path.lexists(str(output)):
        from sheets.core.fsio import check_target

        check_target(output)  # an empty name, a device, an input: refused for that first
    from sheets.core.errors import plain, short

    listed = ", ".join(f".{f}" for f in formats)
    got = short("." + typed) if typed else _("no suffix")  # as the user typed it, not its alias
    raise click.BadParameter(
        _("{output}: {got}; `sheets {command}` makes {formats} (the suffix of -o chooses)").format(
            output=str(output) if len(str(output)) <= 200 else plain(str(output)),
            got=got,
            command=command,
            formats=listed,
        ),
        param_hint="-o",
    )


def write_pngs(out, pdf: bytes, dpi: int, grey: bool) -> None:
    """A PDF as PNG pages: ``out`` for one page, ``out-1.png``, ``out-2.png``… for several
    (all written or none)."""
    from sheets.render.raster import pdf_to_pngs

    if str(out) == "-":
        raise click.BadParameter(_("PNG pages are written to files, not to standard output"), param_hint="-o")
    out = Path(out)
    pngs = pdf_to_pngs(pdf, dpi=dpi, grey=grey)
    if len(pngs) == 1:
        write(out, pngs[0])
        return
    from sheets.core.fsio import write_files

    names = [out.with_name(f"{out.stem}-{i}{out.suffix}") for i in range(1, len(pngs) + 1)]
    write_files(list(zip(names, pngs)))
    say(_("wrote {n} PNG pages: {first} … {last}").format(n=len(names), first=names[0], last=names[-1]))


def write(path, data) -> None:
    """Write one output file (atomically), or standard output for ``-o -``."""
    from sheets.core.fsio import after_written, atomic_write

    if str(path) == "-":
        to_stdout(data)
        return
    atomic_write(path, data)
    after_written(lambda: say(_("wrote {file}").format(file=path)))  # once the file is really there


def to_stdout(data) -> None:
    """``-o -``: text as is; a PDF or PNG only when standard output is not a terminal. Every byte
    is written or the command stops with a message (a full disk, ``ulimit -f``, a closed
    standard output: exit 1; see :mod:`sheets.cli.streams`)."""
    import sys

    from sheets.cli.streams import refused, write_all
    from sheets.core.errors import UsageProblem

    if isinstance(data, bytes) and stdout_is_terminal():
        raise UsageProblem(
            _(
                "-o -: not writing a binary file (PDF/PNG) to a terminal; redirect it (> file.pdf) or pass a file name"
            )
        )
    stream = sys.stdout
    if stream is None:  # started with standard output closed (`>&-`)
        raise refused(_("it is closed"))
    binary = getattr(stream, "buffer", None)
    try:
        if binary is None:  # a plain text stream (a test's StringIO)
            stream.write(data if isinstance(data, str) else data.decode("utf-8", "replace"))
            stream.flush()
            return
        stream.flush()  # what was printed before comes first
        if isinstance(data, str):
            data = data.encode(
                getattr(stream, "encoding", None) or "utf-8", getattr(stream, "errors", None) or "strict"
            )
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as exc:  # closed (EBADF), disk full (ENOSPC), a closed file
        from sheets.core.fsio import os_reason

        raise refused(os_reason(exc) if isinstance(exc, OSError) else _("it is closed")) from None
    write_all(binary, data)


def stdout_is_terminal() -> bool:
    import sys

    return sys.stdout is not None and sys.stdout.isatty()


def out_or(output, default):
    """The ``-o`` value (kept as given: ``""`` is refused when writing, ``-`` is stdout)."""
    return default if output is None else output


# -- checks every printing command makes ------------------------------------------------------


def glyph_check(loaded_list) -> None:
    """Every user string must be drawable by the bundled font: report it at its YAML line."""
    from sheets.api import glyph_problems
    from sheets.core.errors import InputError

    problems = glyph_problems(loaded_list)
    if problems:
        raise InputError(problems)


def warn_violations(loaded_list) -> None:
    """render/roster still print a list that breaks list-level rules (marked in red on the page):
    one warning per breach on stderr, exit code 0."""
    from sheets.core.roster import list_violations

    for loaded in loaded_list:
        for w in loaded.warnings:  # e.g. a roster unit imported with gaps (as validate says it)
            warn(str(w))
        for breach in list_violations(loaded):
            warn(_("{file}: warning: {message}").format(file=loaded.path, message=breach))


def recording(loaded_list=()) -> dict:
    """How the document records its layout for the check every printing command runs: pages
    are measured as they are drawn; the user's own texts (``loaded_list``: unit names, …) may
    stay in Latin script on a Russian page."""
    from sheets.api import layout_words
    from sheets.render.layout_check import checks_language

    ctx = click.get_current_context(silent=True)
    full = bool(ctx and (ctx.meta.get("sheets.check_layout") or ctx.meta.get("sheets.strict")))
    # the document's language is the files' (sheets.api.render); only the language rule reads
    # the words, and only on pages it measures (on 18,000 units their words took ~10 % of a render)
    lang = loaded_list[0].options.lang if loaded_list else current_lang()
    return {
        "stream": True,
        "full_pages": None if full else FULL_CHECK_PAGES,
        "allowed_words": layout_words(loaded_list) if checks_language(lang) else set(),
    }


# Pages measured by every rule of the layout checker on a plain run; the pages after them by the
# rules a file's texts can break (language, text cut short, coverage, blank pages): the geometry
# of every layout is measured in full by the layout test suite, and by --check-layout / --strict
# on any document. Measuring every rule costs about as much as drawing the page.
FULL_CHECK_PAGES = 5


def coverage(loaded_list, layout: str, variant: str = "") -> list:
    """What the layout must print of the loaded units (``data/common/coverage.yaml``)."""
    from sheets.render.layout_check import coverage_values

    out = []
    for loaded in loaded_list:
        out += coverage_values(loaded.game.id, layout, loaded.units, loaded.game.text_fields, variant)
    return out


def check_layout(doc, loaded_list=(), cover=()) -> None:
    """The layout check every printing command runs: each problem is a warning on stderr
    naming the page and the text (exit 0); ``--strict`` makes any problem exit 1, and
    ``--check-layout`` a problem of a rule that is not staged (``data/common/layout.yaml``).
    The output is written either way. The user's words were given to the recorder."""
    if doc is None or doc.recorder is None:
        return
    from sheets.render.layout_check import check, rules, summary

    ctx = click.get_current_context(silent=True)
    asked = bool(ctx and ctx.meta.get("sheets.check_layout"))
    strict = bool(ctx and ctx.meta.get("sheets.strict"))
    problems = check(doc.recorder, coverage=cover, staged=True)
    pages = ngettext("{n} page", "{n} pages", doc.pages).format(n=doc.pages)
    if not problems:
        (say if asked else detail)(_("layout: {pages} checked, no problems").format(pages=pages))
        return
    staged = rules().staged
    enforced = [v for v in problems if v.kind not in staged]
    fail = strict or (asked and bool(enforced))
    prefix = "" if fail else _("warning: ")
    text = "\n".join(prefix + line for line in summary(problems).splitlines())
    if fail:
        click.echo(text, err=True)
    else:
        warn(text)
    count = ngettext("{n} problem", "{n} problems", len(problems)).format(n=len(problems))
    if asked and not strict and not enforced:  # only rules still staged (data/common/layout.yaml)
        say(
            _("layout: {pages} checked, no problems; {count} of staged rules (--strict: exit 1)").format(
                pages=pages, count=count
            )
        )
        return
    line = _("layout: {count} on {pages}").format(count=count, pages=pages)
    if fail:
        click.echo(line, err=True)
        raise SystemExit(1)
    warn(line + _(" (--strict: exit 1)"))


@contextmanager
def gc_frozen():
    """What is loaded before the pages are drawn (modules, tables, units) lives until they are
    written: the cyclic collector need not walk it again in every full collection while they are
    drawn (~8 % of a 100-page render's CPU). Unfrozen after, for callers that go on.

    While they are drawn there are no full collections either, only young ones: what a layout
    keeps for the whole document (a battletech render plans every sheet first) outlives two
    young collections and, after the freeze, set off one full collection per ~50,000 such
    objects, each walking all of them again (~5 % of a 1,000-page render; they held no cycles).
    Cycles still die in the young collections; the full threshold is put back after."""
    import gc

    from sheets.cli import young_collections_as_usual

    gc.freeze()
    young_collections_as_usual()
    young, middle, full = gc.get_threshold()
    gc.set_threshold(young, middle, NO_FULL_COLLECTION)
    try:
        yield
    finally:
        gc.set_threshold(young, middle, full)
        gc.unfreeze()


NO_FULL_COLLECTION = 2**30  # a gen-2 threshold never reached (young collections go on)


def game_of(game_id: str):
    """The registered game ``game_id`` (a usage error naming the others)."""
    from sheets.core.errors import did_you_mean, short
    from sheets.core.game import UnknownGame, game_ids, get_game

    try:
        return get_game(game_id.lower())
    except UnknownGame:
        raise click.BadParameter(
            _("unknown game {game}{hint}; known: {games}").format(
                game=short(game_id), hint=did_you_mean(game_id, game_ids()), games=", ".join(game_ids())
            ),
            param_hint="GAME",
        ) from None


def games_epilog() -> str:
    """The help's closing line: the games GAME may name (the registered ones)."""
    from sheets.core.game import game_ids

    return _("GAME is one of: {games} (`sheets systems` describes them).").format(games=", ".join(game_ids()))


def completion_games(ctx, param, incomplete):
    """Shell completion of GAME: the registered game ids."""
    from click.shell_completion import CompletionItem

    from sheets.core.game import all_games

    return [
        CompletionItem(g.id, help=g.name.get(current_lang(), ""))
        for g in all_games()
        if g.id.startswith(incomplete)
    ]
