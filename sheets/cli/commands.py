"""Command implementations. Heavy modules (reportlab, jinja2, games) are imported inside the
functions so that ``sheets --help`` imports almost nothing."""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from pathlib import Path

import click

from sheets.cli.options import (
    GameOptionsCommand,
    json_option,
    lang_option,
    paths_argument,
    printing_options,
    rules_option,
)


def _options(lang="en", paper="a4", mono=False, rules=None, **extra):
    from sheets.core.game import Options

    return Options(
        lang=lang,
        paper=paper,
        mono=mono,
        rules=rules.lower() if rules else None,
        extra={k: v for k, v in extra.items() if v is not None},
    )


def _load_all(paths, options, jobs: int = 1):
    """Load every path (on ``jobs`` processes); report the problems of all files together."""
    from sheets.core.parallel_load import load_files

    if "-" in paths:
        jobs = 1  # standard input is read by this process
    return load_files(paths, options, jobs)


UNIT_SUFFIXES = (".yaml", ".yml")


def _read_suffixes() -> tuple[str, ...]:
    """What a folder given to render/validate/info contributes: unit files and the other tools'
    files a game reads directly (``Game.file_formats``: .blk, .ros, .rosz…)."""
    from sheets.core.game import all_games

    return UNIT_SUFFIXES + tuple(sorted({s for g in all_games() for s in (g.file_formats or {})}))


def expand_paths(paths) -> list[str]:
    """The command line's PATHs: a folder is replaced by the files under it (recursively, in a
    stable order, symlinked folders not followed) that the commands read; ``-`` is standard
    input (once)."""
    out: list[str] = []
    suffixes = None
    for path in paths:
        if path != "-" and os.path.isdir(path):
            suffixes = suffixes or _read_suffixes()
            found = []
            for root, dirs, names in os.walk(path, followlinks=False):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                found.extend(
                    os.path.join(root, n)
                    for n in sorted(names)
                    if os.path.splitext(n)[1].lower() in suffixes and not n.startswith(".")
                )
            if not found:
                raise click.UsageError(f"no unit files ({', '.join(suffixes)}) in folder {path}")
            out.extend(found)
        else:
            out.append(path)
    if out.count("-") > 1:
        raise click.UsageError("- (standard input) can be read only once")
    return out


def _stem(path: str) -> str:
    return "stdin" if path == "-" else Path(path).stem


def _output_name(paths, suffix: str = ".pdf", tag: str = "") -> Path:
    """``output/<what it holds><tag><suffix>``: the file's stem, or the stems joined by ``+``
    (at most three, then ``+N-more``); ``tag`` tells the commands apart (``-list``)."""
    stems = list(dict.fromkeys(_stem(p) for p in paths))
    name = "+".join(stems[:3])
    if len(stems) > 3:
        name += f"+{len(stems) - 3}-more"
    return Path("output") / f"{name}{tag}{suffix}"


def _format_of(output, command: str, formats: tuple[str, ...], default: str | None = None) -> str:
    """The format the suffix of ``-o`` asks for; a suffix the command cannot make is a usage
    error naming the formats it makes. ``-`` (standard output) and no ``-o``: ``default``."""
    if output is None or str(output) == "-":
        return default or formats[0]
    suffix = Path(str(output)).suffix.lower().lstrip(".")
    aliases = {"yml": "yaml", "htm": "html", "markdown": "md"}
    suffix = aliases.get(suffix, suffix)
    if suffix in formats:
        return suffix
    if not str(output) or os.path.lexists(str(output)):
        from sheets.core.fsio import check_target

        check_target(output)  # an empty name, a device, an input: refused for that first
    listed = ", ".join(f".{f}" for f in formats)
    got = f"'.{suffix}'" if suffix else "no suffix"
    raise click.BadParameter(
        f"{output}: {got}; `sheets {command}` makes {listed} (the suffix of -o chooses)", param_hint="-o"
    )


def _write_pngs(out, pdf: bytes, dpi: int, grey: bool) -> None:
    """A PDF as PNG pages: ``out`` for one page, ``out-1.png``, ``out-2.png``… for several
    (all written or none)."""
    from sheets.render.raster import pdf_to_pngs

    if str(out) == "-":
        raise click.BadParameter("PNG pages are written to files, not to standard output", param_hint="-o")
    out = Path(out)
    pngs = pdf_to_pngs(pdf, dpi=dpi, grey=grey)
    if len(pngs) == 1:
        _write(out, pngs[0])
        return
    from sheets.core.fsio import write_files

    names = [out.with_name(f"{out.stem}-{i}{out.suffix}") for i in range(1, len(pngs) + 1)]
    write_files(list(zip(names, pngs)))
    click.echo(f"wrote {len(names)} PNG pages: {names[0]} … {names[-1]}", err=True)


def _given(ctx, name: str) -> bool:
    """The user wrote this option on the command line (not a default, not a settings file)."""
    from click.core import ParameterSource

    return ctx.get_parameter_source(name) in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)


def check_game_options(ctx, command: str, game_ids) -> None:
    """Options of another game than the file's (``render roc.yaml --card tarot``) and ``--rules``
    on a game without variants are usage errors naming the game they belong to."""
    from sheets.cli.options import game_params, owners_of
    from sheets.core.game import all_games, get_game

    game_ids = sorted(set(game_ids))
    if not game_ids:
        return
    # the games' options are on the command only when its line holds one (or --help): then
    # they are checked; a plain command line imports no other game
    for param in game_params(command) if ctx.meta.get("sheets.game_options") else ():
        if not _given(ctx, param.name):
            continue
        owners = owners_of(command, param.name)
        if not set(owners) & set(game_ids):
            opt = max(param.opts, key=len)
            raise click.UsageError(
                f"{opt} is an option of {' and '.join(owners)}, not of {' or '.join(game_ids)}"
            )
    if "rules" in ctx.params and ctx.params["rules"] and _given(ctx, "rules"):
        value = ctx.params["rules"].lower()
        for gid in game_ids:
            game = get_game(gid)
            if not game.variants:
                having = [f"{g.id} ({'|'.join(g.variants)})" for g in all_games() if g.variants]
                raise click.UsageError(f"--rules: {gid} has no rule variants (only {', '.join(having)} have)")
            if value not in game.variants:
                raise click.UsageError(
                    f"--rules: {gid} has no rules variant {value!r}; "
                    f"expected one of {', '.join(game.variants)}"
                )


PARALLEL_LOAD_BYTES = 128 * 1024  # input of about 1,000 units: worth a second loading process


def _load_jobs(paths, jobs) -> int:
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


def _glyph_check(loaded_list) -> None:
    """Every user string must be drawable by the bundled font: report it at its YAML line."""
    from sheets.api import glyph_problems
    from sheets.core.errors import InputError

    problems = glyph_problems(loaded_list)
    if problems:
        raise InputError(problems)


def _write(path, data, quiet: bool = False) -> None:
    """Write one output file (atomically), or standard output for ``-o -``."""
    from sheets.core.fsio import after_written, atomic_write

    if str(path) == "-":
        _to_stdout(data)
        return
    atomic_write(path, data)
    if not quiet:  # (inside deferred_writes: once the file is really there)
        after_written(lambda: click.echo(f"wrote {path}", err=True))


def _recording(loaded_list=()) -> dict:
    """How the document records its layout for the check every printing command runs: pages
    are measured as they are drawn; the user's own texts (``loaded_list``: unit names, …) may
    stay in Latin script on a Russian page."""
    from sheets.api import layout_words

    ctx = click.get_current_context(silent=True)
    full = bool(ctx and (ctx.meta.get("sheets.check_layout") or ctx.meta.get("sheets.strict")))
    return {
        "stream": True,
        "full_pages": None if full else FULL_CHECK_PAGES,
        "allowed_words": layout_words(loaded_list),
    }


# Pages measured by every rule of the layout checker on a plain run; the pages after them by the
# rules a file's texts can break (language, text cut short, coverage, blank pages): the geometry
# of every layout is measured in full by the layout test suite, and by --check-layout / --strict
# on any document. Measuring every rule costs about as much as drawing the page.
FULL_CHECK_PAGES = 5


def _coverage(loaded_list, layout: str, variant: str = "") -> list:
    """What the layout must print of the loaded units (``data/common/coverage.yaml``)."""
    from sheets.render.layout_check import coverage_values

    out = []
    for loaded in loaded_list:
        out += coverage_values(loaded.game.id, layout, loaded.units, loaded.game.text_fields, variant)
    return out


def _check_layout(doc, loaded_list=(), coverage=()) -> None:
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
    problems = check(doc.recorder, coverage=coverage, staged=True)
    if not problems:
        if asked:
            click.echo(f"layout: {doc.pages} page(s) checked, no problems", err=True)
        return
    staged = rules().staged
    enforced = [v for v in problems if v.kind not in staged]
    fail = strict or (asked and bool(enforced))
    prefix = "" if fail else "warning: "
    click.echo("\n".join(prefix + line for line in summary(problems).splitlines()), err=True)
    if asked and not strict and not enforced:  # only rules still staged (data/common/layout.yaml)
        click.echo(
            f"layout: {doc.pages} page(s) checked, no problems; {len(problems)} warning(s) "
            f"of staged rules (--strict: exit 1)",
            err=True,
        )
        return
    click.echo(
        f"layout: {len(problems)} problem(s) on {doc.pages} page(s)"
        + ("" if fail else " (--strict: exit 1)"),
        err=True,
    )
    if fail:
        raise SystemExit(1)


def _to_stdout(data) -> None:
    """``-o -``: text as is; a PDF or PNG only when standard output is not a terminal."""
    from sheets.core.errors import InputError, Problem, UsageProblem

    if isinstance(data, bytes) and _stdout_is_terminal():
        raise UsageProblem(
            "-o -: not writing a binary file (PDF/PNG) to a terminal; "
            "redirect it (> file.pdf) or pass a file name"
        )
    import sys

    stream = sys.stdout
    if stream is None:  # started with standard output closed (`>&-`)
        raise InputError([Problem("-", None, "cannot write to standard output: it is closed")])
    try:
        if isinstance(data, bytes):
            stream.buffer.write(data)  # the binary side of whatever stdout is (also under CliRunner)
            stream.buffer.flush()
        else:
            click.echo(data, nl=False)
            stream.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as exc:  # closed (EBADF), disk full (ENOSPC), a closed file
        reason = getattr(exc, "strerror", None) or str(exc)
        raise InputError([Problem("-", None, f"cannot write to standard output: {reason}")]) from None


def _stdout_is_terminal() -> bool:
    import sys

    return sys.stdout is not None and sys.stdout.isatty()


def _out(output, default: Path):
    """The ``-o`` value (kept as given: ``""`` is refused when writing, ``-`` is stdout)."""
    return default if output is None else output


@contextmanager
def _gc_frozen():
    """What is loaded before the pages are drawn (modules, tables, units) lives until they are
    written: the cyclic collector need not walk it again in every full collection while they are
    drawn (~8 % of a 100-page render's CPU). Unfrozen after, for callers that go on."""
    import gc

    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@click.command()
@json_option
def systems(as_json):
    """List the registered games: id, name and unit kinds.

    \b
    Example:
      sheets systems --json"""
    from sheets.core.game import all_games

    rows = [
        {
            "id": g.id,
            "name": g.name.get("en", g.id),
            "name_ru": g.name.get("ru", ""),
            "unit_kinds": list(g.unit_kinds),
            "variants": list(g.variants),
        }
        for g in all_games()
    ]
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for r in rows:
        extra = f"  rules: {'|'.join(r['variants'])}" if r["variants"] else ""
        click.echo(f"{r['id']:<12} {r['name']}  [{', '.join(r['unit_kinds'])}]{extra}")


def _completion_games(ctx, param, incomplete):
    """Shell completion of GAME: the registered game ids."""
    from click.shell_completion import CompletionItem

    from sheets.core.game import all_games

    return [
        CompletionItem(g.id, help=g.name.get("en", "")) for g in all_games() if g.id.startswith(incomplete)
    ]


def _completion_charts(ctx, param, incomplete):
    """Shell completion of CHART: the charts of the GAME already written."""
    from click.shell_completion import CompletionItem

    from sheets.core.game import UnknownGame, get_game

    try:
        game = get_game(str(ctx.params.get("game_id") or "").lower())
    except UnknownGame:
        return []
    return [CompletionItem(c) for c in game.charts if c.startswith(incomplete)]


@click.command(cls=GameOptionsCommand, game_options_for="validate")
@paths_argument
@rules_option
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print every problem as JSON (a list of {file, line, column, severity, message}) "
    "on standard output.",
)
@click.pass_context
def validate(ctx, paths, rules, as_json, **game_options):
    """Check files (or folders of them; - is standard input); exit 0 when all are valid, 1
    otherwise. Every problem of every file is listed in one run: the structure, the rules of
    every unit whose structure is right, the printable characters and the list's limits.

    \b
    Example:
      sheets validate my-army.yaml more-units.yaml
      sheets validate my-units/ --json"""
    from sheets.api import Problem, check_loaded
    from sheets.core.errors import InputError
    from sheets.core.loader import load_file

    paths = expand_paths(paths)
    options = _options(rules=rules, **game_options)
    failed, warnings, games = [], [], set()
    for path in paths:
        try:
            loaded = load_file(path, options)
        except InputError as exc:
            failed.extend(exc.problems)
            continue
        games.add(loaded.game.id)
        warnings.extend(loaded.warnings)
        if not as_json:
            for w in loaded.warnings:
                click.echo(str(w), err=True)
        # what validates also prints (the font check of render) and keeps list-level rules
        later = check_loaded([loaded])
        if later:
            failed.extend(later)
            continue
        if not as_json:
            count = plural(len(loaded.units), "unit", "units")
            where = " in roster" if loaded.is_roster else ""
            click.echo(f"{path}: ok ({loaded.game.id}, {count}{where})")
    check_game_options(ctx, "validate", games)
    if as_json:
        from sheets.api import distinct

        # each problem once (a library's is also found through the files naming it)
        rows = [Problem.of(p).as_dict() for p in distinct([*warnings, *failed])]
        click.echo(json.dumps(rows, ensure_ascii=False, indent=1))
        if any(p.severity == "error" for p in failed):
            raise SystemExit(1)
        return
    if failed:
        raise InputError(failed)


@click.command(cls=GameOptionsCommand, game_options_for="info")
@paths_argument
@json_option
@rules_option
@lang_option
@click.option(
    "-o",
    "--output",
    "output",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write to this file (.txt, or .json for --json) instead of standard output (- is standard output).",
)
@click.pass_context
def info(ctx, paths, as_json, rules, lang, output, **game_options):
    """Derived values of every unit (JSON: one object per unit). With --lang ru the field
    names are Russian; a value the unit does not have prints as —. PATH may be a folder or -.

    \b
    Example:
      sheets info --lang ru data/units/dmech/otrok.yaml"""
    fmt = _format_of(output, "info", ("txt", "json"), "json" if as_json else "txt")
    as_json = as_json or fmt == "json"
    paths = expand_paths(paths)
    loaded = _load_all(paths, _options(rules=rules, lang=lang, **game_options))
    check_game_options(ctx, "info", {l.game.id for l in loaded})
    if as_json:
        rows = [l.game.info(u, l.options) for l in loaded for u in l.units]
        _write(_out(output, "-"), json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
        return
    from sheets.cli.info_text import info_lines

    lines = [
        line
        for l in loaded
        for line in info_lines(l.game, [l.game.info_text(u, l.options) for u in l.units], lang)
    ]
    _write(_out(output, "-"), "".join(line + "\n" for line in lines))


RENDER_FORMATS = ("pdf", "png")


@click.command(cls=GameOptionsCommand, game_options_for="render")
@paths_argument
@click.option(
    "-o",
    "--output",
    "output",
    type=click.Path(dir_okay=False),
    default=None,
    help="OUT.pdf, or OUT.png for one PNG per page (OUT-1.png, OUT-2.png…); - is "
    "standard output (PDF). Default: output/<the files' names>.pdf.",
)
@printing_options
@click.option("--no-list", is_flag=True, help="Rosters: leave out the army-list first page.")
@click.option(
    "--dpi", type=click.IntRange(36, 600), default=150, show_default=True, help="PNG resolution (-o OUT.png)."
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(0, 64),
    default=None,
    metavar="N",
    help="Worker processes loading and drawing (same PDF bytes as one; default: every "
    "idle CPU from 1,000 units, else 1; 0 = every CPU).",
)
@click.option(
    "-q", "--quiet", is_flag=True, help="No progress bar on stderr (shown past 50 pages, on a terminal only)."
)
@click.pass_context
def render(ctx, paths, output, lang, paper, mono, rules, no_list, dpi, jobs, quiet, **game_options):
    """Print record sheets or unit cards for unit files and rosters (PATH: a file, a folder of
    them, - for standard input, a MegaMek .blk or .mul, a BattleScribe .ros/.rosz).

    Options marked with a game id (or "Cards:") come from that game's plug-in; an option of
    another game than the file's is refused.

    \b
    Example:
      sheets render my-army.yaml --lang ru --paper letter -o my-army.pdf
      sheets render roc.yaml -o roc.png
      cat army.yaml | sheets render - -o army.pdf"""
    paths = expand_paths(paths)
    if click.get_current_context().meta.get("sheets.strict"):
        game_options["strict"] = True  # battletech: post-rules equipment is an error too
    options = _options(lang=lang, paper=paper, mono=mono, rules=rules, **game_options)
    if output is not None and not os.path.lexists(str(output)):
        _format_of(output, "render", RENDER_FORMATS)  # a new file's suffix: before any work
    loaded = _load_all(paths, options, _load_jobs(paths, jobs))
    fmt = _format_of(output, "render", RENDER_FORMATS)  # after loading: inputs are known
    games = {l.game.id for l in loaded}
    if len(games) > 1:
        raise click.UsageError(f"render one game at a time (got {', '.join(sorted(games))})")
    check_game_options(ctx, "render", games)
    _glyph_check(loaded)
    for l in loaded:  # e.g. the units a MegaMek force left out, later equipment
        for w in l.warnings:
            click.echo(str(w), err=True)
    _warn_violations(loaded)
    game = loaded[0].game
    if not game.renderer:
        raise click.UsageError(f"{game.id} has no record-sheet renderer yet")
    from sheets import api
    from sheets.core.fsio import check_target, deferred_writes
    from sheets.render import parallel

    if jobs is None:
        jobs = parallel.default_jobs(sum(len(l.units) for l in loaded))
    elif jobs == 0:
        jobs = os.cpu_count() or 1
    record = _recording(loaded)
    if loaded[0].options.extra.get("png_dir"):
        jobs = 1  # card PNGs are made by the renderer itself
    # what the layout must print (read before drawing: a bad --data-dir table fails before output)
    cover = _coverage(loaded, "sheet", str(loaded[0].options.extra.get("card") or ""))
    if not no_list:
        cover += _coverage([l for l in loaded if l.is_roster], "list")
    out = _out(output, _output_name(paths, ".pdf"))
    if out != "-":
        check_target(out)  # a bad -o fails before any work (and before any --png file)
    elif fmt == "png":
        raise click.BadParameter("PNG pages are written to files, not to standard output", param_hint="-o")
    from sheets.cli.progress import PageProgress

    def progress(doc):
        return PageProgress(
            doc, total=_expected_pages(loaded), enabled=False if (quiet or jobs > 1) else None
        )

    with deferred_writes(), _gc_frozen():  # card PNGs and the PDF: all written at the end, or none
        done = api.render(
            loaded, jobs=jobs, record=record, no_list=no_list, progress=progress, glyphs_checked=True
        )
        if fmt == "png":
            _write_pngs(out, done.pdf, dpi, mono)
        else:
            _write(out, done.pdf)
    click.echo(f"{out if out != '-' else '(stdout)'}: {done.pages} page(s)", err=True)
    _check_layout(done.document, loaded, cover)


def _expected_pages(loaded) -> int | None:
    """About how many pages a render makes, for the progress bar's percentage and ETA: the
    game's own estimate (``Game.expected_pages``) or one page per unit."""
    total = 0
    for l in loaded:
        estimate = getattr(l.game, "expected_pages", None)
        total += estimate(l.units, l.options) if estimate else len(l.units)
    return total or None


ROSTER_FORMATS = ("pdf", "png", "md", "html", "bbcode", "json")


@click.command()
@click.argument("path", type=click.Path(), metavar="PATH")
@click.option(
    "-o",
    "--output",
    "output",
    type=click.Path(dir_okay=False),
    default=None,
    help="The file; its suffix chooses the format (.pdf .png .md .html .bbcode .json). "
    "Default: output/<name>-list.pdf, text formats to standard output.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(list(ROSTER_FORMATS)),
    default=None,
    help="pdf: a printable page; md, html, bbcode: text for forums and web pages "
    "(to standard output unless -o); json: the list as data. Default: the "
    "suffix of -o, else pdf.",
)
@click.option(
    "--template",
    type=click.Path(dir_okay=False, exists=True),
    default=None,
    help="Your own jinja2 template for the text formats (start from templates/).",
)
@printing_options
@click.option("--dpi", type=click.IntRange(36, 600), default=150, show_default=True, help="PNG resolution.")
@click.pass_context
def roster(ctx, path, output, fmt, template, lang, paper, mono, rules, dpi):
    """The army list of a roster (or unit file): units, costs, groups, totals and the limit.

    \b
    Example:
      sheets roster my-army.yaml --format md
      sheets roster my-army.yaml -o list.html"""
    from sheets import api

    if output is not None and str(output) != "-":
        from sheets.core.fsio import note_input

        for given in (path, template):
            if given:
                note_input(given)  # -o naming an input is refused as that, not for its suffix
        wanted = _format_of(output, "roster", ROSTER_FORMATS)
        if fmt and fmt != wanted:
            raise click.BadParameter(
                f"--format {fmt} but -o {output} ends in .{wanted}: give one of them", param_hint="-o"
            )
        fmt = wanted
    fmt = fmt or "pdf"
    if fmt == "png" and (output is None or str(output) == "-"):
        raise click.BadParameter("--format png needs -o OUT.png", param_hint="-o")
    loaded = _load_all([path], _options(lang=lang, paper=paper, mono=mono, rules=rules))[0]
    check_game_options(ctx, "roster", [loaded.game.id])
    template_data = None
    if template:
        from sheets.core.fsio import read_user_bytes
        from sheets.render.text import MAX_TEMPLATE_BYTES

        template_data = read_user_bytes(template, MAX_TEMPLATE_BYTES)
    cover = _coverage([loaded], "list") if fmt in ("pdf", "png") else ()
    data, doc = api.roster_output(
        [loaded],
        "pdf" if fmt == "png" else fmt,
        template=template_data,
        record=_recording([loaded]),
        template_name=str(template) if template else "template",
    )
    if fmt == "pdf":
        _write(_out(output, _output_name([path], ".pdf", "-list")), data)
    elif fmt == "png":
        _write_pngs(output, data, dpi, mono)
    else:
        _write(_out(output, "-"), data.decode("utf-8"))
    _warn_violations([loaded])
    _check_layout(doc, [loaded], cover)


def _warn_violations(loaded_list) -> None:
    """render/roster still print a list that breaks list-level rules (marked in red on the page):
    one warning per breach on stderr, exit code 0."""
    from sheets.core.roster import list_violations

    for loaded in loaded_list:
        for w in loaded.warnings:  # e.g. a roster unit imported with gaps (as validate says it)
            click.echo(str(w), err=True)
        for breach in list_violations(loaded):
            click.echo(f"{loaded.path}: warning: {breach}", err=True)


def plural(n: int, one: str, many: str) -> str:
    """``1 unit``, ``2 units`` (English)."""
    return f"{n} {one if n == 1 else many}"


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """Russian count forms: 1 отряд, 2 отряда, 5 отрядов, 11 отрядов, 21 отряд."""
    if n % 10 == 1 and n % 100 != 11:
        word = one
    elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        word = few
    else:
        word = many
    return f"{n} {word}"


def _games_epilog() -> str:
    """The help's closing line: the games GAME may name (the registered ones)."""
    from sheets.core.game import game_ids

    return f"GAME is one of: {', '.join(game_ids())} (`sheets systems` describes them)."


def _charts_epilog() -> str:
    from sheets.api import all_charts_text

    return f"Charts (GAME CHART): {all_charts_text()}. " + _games_epilog()


def _with_games_epilog(cls=click.Command, text=None):
    """``cls`` whose help ends with :func:`_games_epilog` (or ``text()``), worked out when the
    help is shown: listing the games reads every installed package's entry points
    (importlib.metadata, ~25 ms), which importing this module for `render` must not pay."""

    class WithGamesEpilog(cls):
        @property
        def epilog(self):
            return (text or _games_epilog)()

        @epilog.setter
        def epilog(self, value):
            pass

    return WithGamesEpilog


def _game(game_id: str):
    from sheets.core.errors import did_you_mean
    from sheets.core.game import UnknownGame, game_ids, get_game

    try:
        return get_game(game_id.lower())
    except UnknownGame:
        raise click.BadParameter(
            f"unknown game {game_id!r}{did_you_mean(game_id, game_ids())}; known: {', '.join(game_ids())}",
            param_hint="GAME",
        ) from None


@click.command(cls=_with_games_epilog(GameOptionsCommand), game_options_for="reference")
@click.argument("game_id", metavar="GAME", shell_complete=_completion_games)
@click.option(
    "-o",
    "--output",
    "output",
    type=click.Path(dir_okay=False),
    default=None,
    help="OUT.pdf or OUT.png (one PNG per page); default output/<GAME>-reference.pdf; - is standard output.",
)
@printing_options
@click.option("--dpi", type=click.IntRange(36, 600), default=150, show_default=True, help="PNG resolution.")
@click.pass_context
def reference(ctx, game_id, output, lang, paper, mono, rules, dpi, **game_options):
    """A game's quick-reference handout (tables and short rules).

    \b
    Example:
      sheets reference dmech --lang ru     (writes output/dmech-reference.pdf)"""
    fmt = _format_of(output, "reference", ("pdf", "png"))
    game = _game(game_id)
    if not game.reference_renderer:
        raise click.UsageError(f"{game.id} has no reference handout yet")
    check_game_options(ctx, "reference", [game.id])
    from sheets import api

    opts = _options(
        lang=lang,
        paper=paper,
        mono=mono,
        rules=(rules.lower() if rules and game.variants else game.default_variant()),
        **game_options,
    )
    done = api.reference(game.id, opts, record=_recording())
    out = _out(output, Path("output") / f"{game.id}-reference.pdf")
    if fmt == "png":
        _write_pngs(out, done.pdf, dpi, mono)
    else:
        _write(out, done.pdf)
    _check_layout(done.document)


@click.command(cls=_with_games_epilog(GameOptionsCommand, _charts_epilog), game_options_for="chart")
@click.argument("game_id", metavar="GAME", shell_complete=_completion_games)
@click.argument("name", metavar="CHART", required=False, shell_complete=_completion_charts)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    default=None,
    help="OUT.pdf or OUT.png (default output/<game>-<chart>.pdf; - is standard output).",
)
@printing_options
@click.option("--dpi", type=click.IntRange(36, 600), default=150, show_default=True, help="PNG resolution.")
@click.pass_context
def chart(ctx, game_id, name, output, lang, paper, mono, rules, dpi, **game_options):
    """Draw one of a game's charts (the list is below).

    \b
    Example:
      sheets chart dmech facing --radius 6 -o facing.png"""
    from sheets.api import all_charts_text
    from sheets.core.errors import did_you_mean

    game = _game(game_id)
    if not game.charts:
        raise click.BadParameter(f"{game.id} has no charts; charts: {all_charts_text()}", param_hint="GAME")
    if name is None:
        raise click.UsageError(f"which chart? {game.id} charts: {', '.join(game.charts)}")
    if name not in game.charts:
        raise click.BadParameter(
            f"no chart {name!r} for {game.id}{did_you_mean(name, game.charts)}; "
            f"charts: {', '.join(game.charts)}",
            param_hint="CHART",
        )
    fmt = _format_of(output, "chart", ("pdf", "png"))
    check_game_options(ctx, "chart", [game.id])
    out = _out(output, Path("output") / f"{game.id}-{name}.pdf")
    from sheets import api

    opts = _options(
        lang=lang,
        paper=paper,
        mono=mono,
        rules=(rules.lower() if rules and game.variants else game.default_variant()),
        **game_options,
    )
    done = api.chart(game.id, name, opts, record=_recording())
    if fmt == "pdf":
        _write(out, done.pdf)
    else:
        _write_pngs(out, done.pdf, dpi, False)
    _check_layout(done.document)


class _CalcGroup(click.Group):
    """`sheets calc <game> …`: each game's calculator group, loaded lazily."""

    def _games(self):
        from sheets.core.game import all_games

        return {g.id: g for g in all_games() if g.calc_cli}

    def list_commands(self, ctx):
        return sorted(self._games())

    def get_command(self, ctx, name):
        from sheets.cli import short_help_option
        from sheets.core.game import load_object

        game = self._games().get(name)
        return short_help_option(load_object(game.calc_cli)) if game else None


def calculators() -> list[str]:
    """``dmech facing``, ``dust cover``…: every calculator of every registered game."""
    from sheets.core.game import all_games, load_object

    out = []
    for game in all_games():
        if game.calc_cli:
            group = load_object(game.calc_cli)
            names = group.list_commands(click.Context(group)) if isinstance(group, click.Group) else []
            out.extend(f"{game.id} {n}" for n in names)
    return out


def _calc_epilog() -> str:
    return (
        "Calculators: "
        + ", ".join(f"`sheets calc {c}`" for c in calculators())
        + ". `sheets calc GAME CALCULATOR -h` describes one."
    )


@click.group(cls=_with_games_epilog(_CalcGroup, _calc_epilog))
def calc():
    """Calculators of the games (the list is below; each takes --json).

    \b
    Example:
      sheets calc dmech penetration --power 4 --dice 3,5 --armor 6"""


@click.command(cls=_with_games_epilog())
@click.argument("system", metavar="GAME", shell_complete=_completion_games)
@click.option(
    "-o",
    "--output",
    "output",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write to this file instead of standard output (- is standard output).",
)
def schema(system, output):
    """Print the JSON Schema of GAME's unit file (use it in your editor).

    \b
    Example:
      sheets schema dust -o dust.schema.json"""
    game = _game(system)
    _format_of(output, "schema", ("json",))
    from sheets.api import unit_file_schema

    doc = unit_file_schema(game.id)
    _write(_out(output, "-"), json.dumps(doc, ensure_ascii=False, indent=2) + "\n")


class _ImportGroup(click.Group):
    """`sheets import <format>`: the importers the registered games declare (``Game.importers``)."""

    def _formats(self) -> dict:
        from sheets.core.game import all_games

        return {fmt: path for g in all_games() for fmt, path in (g.importers or {}).items()}

    def list_commands(self, ctx):
        return sorted(self._formats())

    def get_command(self, ctx, name):
        from sheets.cli import short_help_option
        from sheets.core.game import load_object

        path = self._formats().get(name)
        return short_help_option(load_object(path)) if path else None


@click.group("import", cls=_ImportGroup)
def import_group():
    """Import units from other tools' files.

    \b
    Example:
      sheets import megamek Harpy.blk -o harpy.yaml"""


def _completion_kinds(ctx, param, incomplete):
    """Shell completion of KIND: the starter kinds of the GAME already written."""
    from click.shell_completion import CompletionItem

    from sheets.api import UsageError, starter_kinds

    try:
        kinds = starter_kinds(str(ctx.params.get("game_id") or ""))
    except UsageError:
        return []
    return [CompletionItem(k) for k in kinds if k.startswith(incomplete)]


def _starters_epilog() -> str:
    from sheets.api import starter_kinds
    from sheets.core.game import game_ids

    kinds = "; ".join(f"{g}: {', '.join(starter_kinds(g))}" for g in game_ids() if starter_kinds(g))
    return f"Starter kinds (the first is the default) — {kinds}."


@click.command(cls=_with_games_epilog(click.Command, _starters_epilog))
@click.argument("game_id", metavar="GAME", required=False, shell_complete=_completion_games)
@click.argument("kind", metavar="[KIND]", required=False, shell_complete=_completion_kinds)
@click.option(
    "-o",
    "--output",
    "output",
    type=click.Path(dir_okay=False),
    default=None,
    help="The new file (.yaml); default: standard output. An existing file is kept unless --force.",
)
@lang_option
@click.option("--force", is_flag=True, help="Replace an existing -o file.")
@click.option(
    "--example",
    "example",
    is_flag=True,
    help="Copy GAME's bundled sample files instead (like `sheets examples GAME`).",
)
def new(game_id, kind, output, lang, force, example):
    """Write a starter unit or army file: every field has a comment in --lang, the values
    validate and render as they are, and the first line points your editor at the schema
    (write it with `sheets schema GAME -o GAME.schema.json` in the same folder).

    \b
    Example:
      sheets new dust -o my-force.yaml --lang ru
      sheets new dmech infantry > stand.yaml
      sheets render my-force.yaml"""
    from sheets import api

    if game_id is None:
        raise click.UsageError("which game? `sheets new GAME [KIND]`; " + _games_epilog())
    game = _game(game_id)
    if example:
        _copy_examples([game.id], output or ".", force)
        return
    text = api.starter(game.id, kind, lang)
    if output is None or str(output) == "-":
        click.echo(text, nl=False)
        return
    _format_of(output, "new", ("yaml",))
    if os.path.lexists(output) and not force:
        raise click.UsageError(f"{output} exists; choose another name or add --force")
    _write(output, text)
    click.echo(
        f"next: sheets validate {output}; sheets render {output}; for your editor: "
        f"sheets schema {game.id} -o {Path(output).parent / (game.id + '.schema.json')}",
        err=True,
    )


def _samples(game_ids) -> list[tuple[str, Path]]:
    """The bundled sample files of the games: (path under data/, file)."""
    from sheets.core.data import data_root

    root = data_root() / "units"
    out = []
    for gid in game_ids:
        folder = root / gid
        if folder.is_dir():
            out.extend((f"data/units/{gid}/{f.name}", f) for f in sorted(folder.glob("*.yaml")))
    return out


def _copy_examples(game_ids, folder, force: bool) -> None:
    files = _samples(game_ids)
    if not files:
        raise click.UsageError(f"no sample files for {', '.join(game_ids)}")
    targets, kept = [], []
    for rel, src in files:
        target = Path(folder) / rel
        if target.exists() and not force:
            kept.append(str(target))
            continue
        targets.append((target, src.read_bytes()))
    from sheets.core.fsio import write_files

    if targets:
        write_files(targets)
    for target, _ in targets:
        click.echo(f"wrote {target}", err=True)
    for name in kept:
        click.echo(f"kept {name} (exists; --force replaces it)", err=True)
    if targets:
        first = targets[0][0]
        click.echo(f"next: sheets render {first}", err=True)


@click.command(cls=_with_games_epilog())
@click.argument("game_ids", metavar="[GAME]...", nargs=-1, shell_complete=_completion_games)
@click.option(
    "-d",
    "--dir",
    "folder",
    type=click.Path(file_okay=False),
    default=".",
    show_default=True,
    help="Folder to copy into (the files go to DIR/data/units/<game>/).",
)
@click.option("--force", is_flag=True, help="Replace files that exist.")
@click.option("--list", "as_list", is_flag=True, help="Only list the sample files.")
def examples(game_ids, folder, force, as_list):
    """Copy the bundled sample files (all games, or the GAMEs given) into DIR/data/units/<game>/,
    so that the README's sample commands work from DIR after `pip install`.

    \b
    Example:
      sheets examples && sheets render data/units/battletech/point-alpha.yaml"""
    from sheets.core.game import game_ids as all_ids

    ids = [_game(g).id for g in game_ids] or all_ids()
    if as_list:
        for rel, _src in _samples(ids):
            click.echo(rel)
        return
    _copy_examples(ids, folder, force)


@click.command("config")
@json_option
@click.pass_context
def config(ctx, as_json):
    """Show where settings are looked for (sheets.toml in the working folder, then the user's
    config folder) and the settings used. Flags on the command line win over them.

    \b
    Example:
      sheets config
    \b
    A sheets.toml:
      lang = "ru"
      paper = "letter"
      [render]
      card = "mini\""""
    from sheets.cli import config as cfg

    settings, used = (ctx.find_root().obj or {}).get("config") or cfg.load()
    places = [str(p) for p in cfg.places()]
    unknown = _unknown_settings(settings)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "looked_in": places,
                    "read": [str(p) for p in used],
                    "settings": settings,
                    "unknown": unknown,
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    click.echo("settings files (later ones win; command-line flags win over all):")
    for p in cfg.places():
        click.echo(f"  {p}  ({'read' if p in used else 'not found'})")
    if not settings:
        click.echo("no settings: every option has its default")
        return
    click.echo("settings used:")
    for key, value in settings.items():
        if isinstance(value, dict):
            for k, v in _flat(value, key):
                click.echo(
                    f"  [{k.rsplit('.', 1)[0]}] {k.rsplit('.', 1)[1]} = {json.dumps(v, ensure_ascii=False)}"
                )
        else:
            click.echo(f"  {key} = {json.dumps(value, ensure_ascii=False)}")
    for name in unknown:
        click.echo(f"warning: unknown setting {name}", err=True)


def _flat(section: dict, prefix: str):
    for k, v in section.items():
        if isinstance(v, dict):
            yield from _flat(v, f"{prefix}.{k}")
        else:
            yield f"{prefix}.{k}", v


def _known_settings() -> set[str]:
    """Every option name of every command (the names a settings file may use)."""
    from sheets.cli import cli as root

    names = {"data_dir"}
    # the help option click makes (and keeps on the command) must be the real one: -h, --help
    ctx = click.Context(root, help_option_names=["-h", "--help"])

    def walk(cmd, c):
        for p in cmd.get_params(c):
            names.add(p.name)
        if isinstance(cmd, click.Group):
            for sub in cmd.list_commands(c):
                child = cmd.get_command(c, sub)
                if child is not None:
                    walk(child, click.Context(child, parent=c, info_name=sub))

    walk(root, ctx)
    from sheets.cli.options import game_params

    for command in ("render", "validate", "reference", "chart"):
        names.update(p.name for p in game_params(command))
    return names


def _unknown_settings(settings: dict) -> list[str]:
    """``name (did you mean 'x'?)`` for every setting no command has."""
    from sheets.core.errors import did_you_mean

    if not settings:
        return []
    known = _known_settings()
    out = []
    for key, value in settings.items():
        pairs = list(_flat(value, key)) if isinstance(value, dict) else [(key, value)]
        for name, _ in pairs:
            last = name.rsplit(".", 1)[-1]
            if last not in known:
                out.append(f"{name!r}{did_you_mean(last, known)}")
    return out
