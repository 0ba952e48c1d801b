"""Command implementations. Heavy modules (reportlab, jinja2, games) are imported inside the
functions so that ``sheets --help`` imports almost nothing."""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from pathlib import Path

import click

from sheets.cli.options import (GameOptionsCommand, json_option, lang_option, out_option,
                                paths_argument, printing_options, rules_option)


def _options(lang="en", paper="a4", mono=False, rules=None, **extra):
    from sheets.core.game import Options

    return Options(lang=lang, paper=paper, mono=mono, rules=rules.lower() if rules else None,
                   extra={k: v for k, v in extra.items() if v is not None})


def _load_all(paths, options, jobs: int = 1):
    """Load every path (on ``jobs`` processes); report the problems of all files together."""
    from sheets.core.parallel_load import load_files

    return load_files(paths, options, jobs)


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


def _default_output(first_input: str, suffix: str) -> Path:
    return Path("output") / f"{Path(first_input).stem}{suffix}"


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


def _recording() -> bool:
    """``--check-layout`` was given: the document records its layout."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx and ctx.meta.get("sheets.check_layout"))


def _check_layout(doc, loaded_list=()) -> None:
    """With ``--check-layout``: list the layout problems of ``doc`` and exit 1 if there are any.
    The user's own texts (unit names, …) may stay in Latin script on a Russian page."""
    if doc is None or doc.recorder is None:
        return
    from sheets.api import layout_words
    from sheets.render.layout_check import check, summary

    problems = check(doc.recorder, layout_words(loaded_list))
    if not problems:
        click.echo(f"layout: {doc.pages} page(s) checked, no problems", err=True)
        return
    click.echo(summary(problems), err=True)
    click.echo(f"layout: {len(problems)} problem(s) on {doc.pages} page(s)", err=True)
    raise SystemExit(1)


def _to_stdout(data) -> None:
    """``-o -``: text as is; a PDF or PNG only when standard output is not a terminal."""
    from sheets.core.errors import InputError, Problem, UsageProblem

    if isinstance(data, bytes):
        if _stdout_is_terminal():
            raise UsageProblem("-o -: not writing a binary file (PDF/PNG) to a terminal; "
                               "redirect it (> file.pdf) or pass a file name")
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

    rows = [{"id": g.id, "name": g.name.get("en", g.id), "name_ru": g.name.get("ru", ""),
             "unit_kinds": list(g.unit_kinds), "variants": list(g.variants)} for g in all_games()]
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for r in rows:
        extra = f"  rules: {'|'.join(r['variants'])}" if r["variants"] else ""
        click.echo(f"{r['id']:<12} {r['name']}  [{', '.join(r['unit_kinds'])}]{extra}")


@click.command(cls=GameOptionsCommand, game_options_for="validate")
@paths_argument
@rules_option
def validate(paths, rules, **game_options):
    """Check files; exit 0 when all are valid, 1 otherwise (every problem is listed).

    \b
    Example:
      sheets validate my-army.yaml more-units.yaml"""
    from sheets.api import check_loaded
    from sheets.core.errors import InputError
    from sheets.core.loader import load_file

    options = _options(rules=rules, **game_options)
    failed = []
    for path in paths:
        try:
            loaded = load_file(path, options)
        except InputError as exc:
            failed.extend(exc.problems)
            continue
        for w in loaded.warnings:
            click.echo(str(w), err=True)
        # what validates also prints (the font check of render) and keeps list-level rules
        later = check_loaded([loaded])
        if later:
            failed.extend(later)
            continue
        count = plural(len(loaded.units), "unit", "units")
        where = " in roster" if loaded.is_roster else ""
        click.echo(f"{path}: ok ({loaded.game.id}, {count}{where})")
    if failed:
        raise InputError(failed)


@click.command()
@paths_argument
@json_option
@rules_option
@lang_option
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False), default=None,
              help="Write to this file instead of standard output (- is standard output).")
def info(paths, as_json, rules, lang, output):
    """Derived values of every unit (JSON: one object per unit). With --lang ru the field
    names are Russian; a value the unit does not have prints as —.

    \b
    Example:
      sheets info --lang ru data/units/dmech/otrok.yaml"""
    loaded = _load_all(paths, _options(rules=rules, lang=lang))
    rows = [l.game.info(u, l.options) for l in loaded for u in l.units]
    if as_json:
        _write(_out(output, "-"), json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
        return
    from sheets.data import labels

    names = labels("common")

    def field(key) -> str:  # a field name in the chosen language (info_<key> labels)
        entry = names.get(f"info_{key}")
        return entry[lang] if entry else str(key)

    def value(v) -> str:
        if v is None or v == "":
            return "—"
        if isinstance(v, bool):
            return {"en": ("no", "yes"), "ru": ("нет", "да")}[lang][v]
        if isinstance(v, dict):
            if {"en", "ru"} <= set(v):  # a name in both languages
                return value(v[lang])
            return ", ".join(f"{field(a)}: {value(b)}" for a, b in v.items())
        if isinstance(v, list):
            return "; ".join(f"({value(x)})" if isinstance(x, dict) else value(x) for x in v) or "—"
        return str(v)

    lines = []
    for row in rows:
        lines.append(f"== {row.get('name', '')} ({row.get('system', '')})")
        for k, v in row.items():
            if k in ("name", "system"):
                continue
            lines.append(f"  {field(k)}: {value(v)}")
    _write(_out(output, "-"), "".join(line + "\n" for line in lines))


@click.command(cls=GameOptionsCommand, game_options_for="render")
@paths_argument
@out_option
@printing_options
@click.option("--no-list", is_flag=True, help="Rosters: leave out the army-list first page.")
@click.option("-j", "--jobs", type=click.IntRange(0, 64), default=None, metavar="N",
              help="Worker processes loading and drawing (same PDF bytes as one; default: every "
                   "idle CPU from 1,000 units, else 1; 0 = every CPU).")
@click.option("-q", "--quiet", is_flag=True,
              help="No progress line on stderr (shown past 50 pages, on a terminal only).")
def render(paths, output, lang, paper, mono, rules, no_list, jobs, quiet, **game_options):
    """Print record sheets or unit cards for unit files and rosters.

    Options marked with a game id (or "Cards:") come from that game's plug-in.

    \b
    Example:
      sheets render my-army.yaml --lang ru --paper letter -o my-army.pdf"""
    options = _options(lang=lang, paper=paper, mono=mono, rules=rules, **game_options)
    loaded = _load_all(paths, options, _load_jobs(paths, jobs))
    games = {l.game.id for l in loaded}
    if len(games) > 1:
        raise click.UsageError(f"render one game at a time (got {', '.join(sorted(games))})")
    _glyph_check(loaded)
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
    record = _recording()
    if loaded[0].options.extra.get("png_dir") or record:
        jobs = 1  # card PNGs and the layout check are made by the renderer itself
    out = _out(output, _default_output(paths[0], ".pdf"))
    if out != "-":
        check_target(out)  # a bad -o fails before any work (and before any --png file)
    from sheets.cli.progress import PageProgress

    def progress(doc):
        return PageProgress(doc, enabled=False if (quiet or jobs > 1) else None)

    with deferred_writes(), _gc_frozen():  # card PNGs and the PDF: all written at the end, or none
        done = api.render(loaded, jobs=jobs, record=record, no_list=no_list, progress=progress,
                          glyphs_checked=True)
        _write(out, done.pdf)
    click.echo(f"{out if out != '-' else '(stdout)'}: {done.pages} page(s)", err=True)
    _check_layout(done.document, loaded)


@click.command()
@click.argument("path", type=click.Path())
@out_option
@click.option("--format", "fmt", type=click.Choice(["pdf", "md", "html", "bbcode", "json"]),
              help="pdf: a printable page; md, html, bbcode: text for forums and web pages "
                   "(to standard output unless -o); json: the list as data.",
              default="pdf", show_default=True)
@click.option("--template", type=click.Path(dir_okay=False, exists=True), default=None,
              help="Your own jinja2 template for the text formats (start from templates/).")
@printing_options
def roster(path, output, fmt, template, lang, paper, mono, rules):
    """The army list of a roster (or unit file): units, costs, groups, totals and the limit.

    \b
    Example:
      sheets roster my-army.yaml --format md"""
    from sheets import api

    loaded = _load_all([path], _options(lang=lang, paper=paper, mono=mono, rules=rules))[0]
    template_data = None
    if template:
        from sheets.core.fsio import read_user_bytes
        from sheets.render.text import MAX_TEMPLATE_BYTES

        template_data = read_user_bytes(template, MAX_TEMPLATE_BYTES)
    data, doc = api.roster_output([loaded], fmt, template=template_data, record=_recording(),
                                  template_name=str(template) if template else "template")
    if fmt == "pdf":
        _write(_out(output, _default_output(path, ".pdf")), data)
    else:
        _write(_out(output, "-"), data.decode("utf-8"))
    _warn_violations([loaded])
    _check_layout(doc, [loaded])


def _warn_violations(loaded_list) -> None:
    """render/roster still print a list that breaks list-level rules (marked in red on the page):
    one warning per breach on stderr, exit code 0."""
    from sheets.core.roster import list_violations

    for loaded in loaded_list:
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


def _with_games_epilog(cls=click.Command):
    """``cls`` whose help ends with :func:`_games_epilog`, worked out when the help is shown:
    listing the games reads every installed package's entry points (importlib.metadata, ~25 ms),
    which importing this module for `render` or `validate` must not pay."""

    class WithGamesEpilog(cls):
        @property
        def epilog(self):
            return _games_epilog()

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
        raise click.BadParameter(f"unknown game {game_id!r}{did_you_mean(game_id, game_ids())}; "
                                 f"known: {', '.join(game_ids())}", param_hint="GAME") from None


@click.command(cls=_with_games_epilog(GameOptionsCommand), game_options_for="reference")
@click.argument("game_id", metavar="GAME")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False), default=None,
              help="Output file (default: output/<GAME>-reference.pdf; - is standard output).")
@printing_options
def reference(game_id, output, lang, paper, mono, rules, **game_options):
    """A game's quick-reference handout (tables and short rules).

    \b
    Example:
      sheets reference dmech --lang ru     (writes output/dmech-reference.pdf)"""
    game = _game(game_id)
    if not game.reference_renderer:
        raise click.UsageError(f"{game.id} has no reference handout yet")
    if rules and game.variants and rules.lower() not in game.variants:
        raise click.BadParameter(f"expected one of {', '.join(game.variants)}", param_hint="--rules")
    from sheets import api

    opts = _options(lang=lang, paper=paper, mono=mono,
                    rules=(rules.lower() if rules else game.default_variant()), **game_options)
    done = api.reference(game.id, opts, record=_recording())
    _write(_out(output, Path("output") / f"{game.id}-reference.pdf"), done.pdf)
    _check_layout(done.document)


@click.command(cls=_with_games_epilog(GameOptionsCommand), game_options_for="chart")
@click.argument("game_id", metavar="GAME")
@click.argument("name", metavar="CHART")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="OUT.pdf or OUT.png (default output/<game>-<chart>.pdf).")
@printing_options
@click.option("--dpi", type=click.IntRange(36, 600), default=150, show_default=True, help="PNG resolution.")
def chart(game_id, name, output, lang, paper, mono, rules, dpi, **game_options):
    """Draw a chart: `battletech hit-location`, `dmech facing`.

    \b
    Example:
      sheets chart dmech facing --radius 6 -o facing.png"""
    from sheets.core.errors import did_you_mean

    game = _game(game_id)
    if name not in game.charts:
        known = ", ".join(game.charts) or "none"
        raise click.BadParameter(f"no chart {name!r} for {game.id}{did_you_mean(name, game.charts)}; "
                                 f"charts: {known}", param_hint="CHART")
    out = _out(output, Path("output") / f"{game.id}-{name}.pdf")
    if out == "-":
        out_suffix = ".pdf"
    else:
        out = Path(out) if out else out
        out_suffix = Path(out).suffix.lower() if out else ".pdf"
    if out_suffix not in (".pdf", ".png"):
        raise click.BadParameter("the output must end in .pdf or .png (or be - for stdout)",
                                 param_hint="-o")
    from sheets import api

    opts = _options(lang=lang, paper=paper, mono=mono,
                    rules=(rules.lower() if rules else game.default_variant()), **game_options)
    done = api.chart(game.id, name, opts, record=_recording())
    pdf, doc = done.pdf, done.document
    if out_suffix == ".pdf":
        _write(out, pdf)
        _check_layout(doc)
        return
    from sheets.render.raster import pdf_to_pngs

    pngs = pdf_to_pngs(pdf, dpi=dpi)
    if len(pngs) == 1:
        _write(out, pngs[0])
    else:
        from sheets.core.fsio import write_files

        names = [out.with_name(f"{out.stem}-{i}{out.suffix}") for i in range(1, len(pngs) + 1)]
        write_files(list(zip(names, pngs)))
        for name in names:
            click.echo(f"wrote {name}", err=True)
    _check_layout(doc)


class _CalcGroup(click.Group):
    """`sheets calc <game> …`: each game's calculator group, loaded lazily."""

    def _games(self):
        from sheets.core.game import all_games

        return {g.id: g for g in all_games() if g.calc_cli}

    def list_commands(self, ctx):
        return sorted(self._games())

    def get_command(self, ctx, name):
        from sheets.core.game import load_object

        game = self._games().get(name)
        return load_object(game.calc_cli) if game else None


@click.group(cls=_CalcGroup)
def calc():
    """Calculators: `sheets calc dmech facing|penetration`, `sheets calc dust cover`.

    \b
    Example:
      sheets calc dmech penetration --power 4 --dice 3,5 --armor 6"""


@click.command(cls=_with_games_epilog())
@click.argument("system", metavar="GAME")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False), default=None,
              help="Write to this file instead of standard output (- is standard output).")
def schema(system, output):
    """Print the JSON Schema of GAME's unit file (use it in your editor).

    \b
    Example:
      sheets schema dust -o dust.schema.json"""
    game = _game(system)
    from sheets.core.loader import _roster_spec

    doc = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"sheets unit file: {game.name.get('en', game.id)}",
        "type": "object",
        "required": ["system", "units"],
        "additionalProperties": False,
        "properties": {
            "system": {"const": game.id},
            "units": {"type": "array", "minItems": 1, "items": {"anyOf": [
                game.unit_spec().json_schema(),
                {"type": "object", "required": ["from"], "properties": {
                    "from": {"type": "string", "description": "unit file, relative to this file"},
                    "name": {"type": "string", "description": "which unit of that file"}}},
            ]}},
            "roster": _roster_spec().json_schema(),
        },
    }
    if game.variants:
        doc["properties"]["rules"] = {"enum": list(game.variants), "default": game.variants[0]}
    _write(_out(output, "-"), json.dumps(doc, ensure_ascii=False, indent=2) + "\n")


class _ImportGroup(click.Group):
    """`sheets import <format>`: the importers the registered games declare (``Game.importers``)."""

    def _formats(self) -> dict:
        from sheets.core.game import all_games

        return {fmt: path for g in all_games() for fmt, path in (g.importers or {}).items()}

    def list_commands(self, ctx):
        return sorted(self._formats())

    def get_command(self, ctx, name):
        from sheets.core.game import load_object

        path = self._formats().get(name)
        return load_object(path) if path else None


@click.group("import", cls=_ImportGroup)
def import_group():
    """Import units from other tools' files.

    \b
    Example:
      sheets import megamek Harpy.blk -o harpy.yaml"""
