"""Command implementations. Heavy modules (reportlab, jinja2, games) are imported inside the
functions so that ``sheets --help`` imports almost nothing."""

from __future__ import annotations

import json
import os
import re
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
    """Every user string must be drawable by the bundled font: report it at its YAML line (in
    another tool's file, at the character's line in that file). Every text of a unit counts,
    not only its ``text_fields``: whatever validates also prints."""
    from sheets.core.errors import InputError, Problem, short
    from sheets.render.fonts import missing_chars

    problems = []
    seen: set = set()

    def check(path, pos, text, foreign):
        for ch in missing_chars(str(text or "")):
            if (path, ch, str(text)) in seen:
                continue
            seen.add((path, ch, str(text)))
            where = _char_position(path, ch) if foreign else pos
            problems.append(Problem(path, where, f"character {ch!r} (U+{ord(ch):04X}) in {short(text)} "
                                                 f"cannot be printed: the bundled font has no glyph for it"))

    for loaded in loaded_list:
        foreign = Path(loaded.path).suffix.lower() not in (".yaml", ".yml")
        for i, unit in enumerate(loaded.units):
            named = set()
            for path, text in loaded.game.text_fields(unit):
                named.add(str(text))
                check(loaded.path, loaded.position(i, path), text, foreign)
            for text in _unit_texts(unit):  # every other text of the unit, at the unit's line
                if text not in named:
                    check(loaded.path, loaded.position(i, ()), text, foreign)
        for key in ("name", "notes", "side"):  # the roster's own texts are printed too
            check(loaded.path, None, (loaded.roster or {}).get(key) or "", foreign)
    if problems:
        raise InputError(problems)


def _unit_texts(value, depth: int = 0):
    """Every text in a unit model (dataclass fields, lists, tuples, mapping values)."""
    import dataclasses

    if isinstance(value, str):
        yield value
    elif depth > 8:
        return
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _unit_texts(getattr(value, f.name, None), depth + 1)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from _unit_texts(v, depth + 1)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _unit_texts(v, depth + 1)


def _char_position(path: str, ch: str):
    """Line and column of the first ``ch`` in the text file ``path`` (None when it is not there
    as text, e.g. inside a compressed file)."""
    from sheets.core.errors import Pos

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


def _write(path, data, quiet: bool = False) -> None:
    """Write one output file (atomically), or standard output for ``-o -``."""
    from sheets.core.fsio import after_written, atomic_write

    if str(path) == "-":
        _to_stdout(data)
        return
    atomic_write(path, data)
    if not quiet:  # (inside deferred_writes: once the file is really there)
        after_written(lambda: click.echo(f"wrote {path}", err=True))


def _document(*args, **kwargs):
    """A Document that records its layout when ``--check-layout`` was given."""
    from sheets.render.pdf import Document

    ctx = click.get_current_context(silent=True)
    return Document(*args, record=bool(ctx and ctx.meta.get("sheets.check_layout")), **kwargs)


def _check_layout(doc, loaded_list=()) -> None:
    """With ``--check-layout``: list the layout problems of ``doc`` and exit 1 if there are any.
    The user's own texts (unit names, …) may stay in Latin script on a Russian page."""
    if doc.recorder is None:
        return
    from sheets.render.layout_check import check, summary

    words = set()
    for loaded in loaded_list:
        for unit in loaded.units:
            for _path, text in loaded.game.text_fields(unit):
                words.update(re.findall(r"\w+", str(text or "")))  # "Lt. Baker" → Lt, Baker
        roster = getattr(loaded, "roster", None)
        if isinstance(roster, dict):
            words.update(re.findall(r"\w+", f"{roster.get('name') or ''} {roster.get('side') or ''}"))
    problems = check(doc.recorder, words)
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


def _guard_glyphs(fn, source: str):
    from sheets.core.errors import InputError, Problem
    from sheets.render.fonts import GlyphError

    try:
        return fn()
    except GlyphError as exc:
        raise InputError([Problem(*_glyph_source(exc.char, source), str(exc))]) from None


def _glyph_source(ch: str, fallback: str):
    """The file (and line:col) a character that cannot be drawn came from: a ``--data-dir``
    table or label file first (its texts are printed too), then the command's inputs."""
    from sheets.core.fsio import inputs_read
    from sheets.data import overrides_read

    for name in [*reversed(overrides_read()), *(n for _, n in inputs_read())]:
        pos = _char_position(name, ch)
        if pos is not None:
            return name, pos
    return fallback, None


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
    from sheets.core.errors import InputError
    from sheets.core.loader import load_file
    from sheets.core.errors import Problem
    from sheets.core.roster import list_violations

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
        try:
            _glyph_check([loaded])  # what validates also prints: the same check as render
        except InputError as exc:
            failed.extend(exc.problems)
            continue
        breaches = list_violations(loaded)  # list-level: over the limit, force organisation
        if breaches:
            failed.extend(Problem(path, None, b) for b in breaches)
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
    from sheets.core.game import load_object

    renderer = load_object(game.renderer)
    opts = loaded[0].options
    title = ", ".join(Path(p).stem for p in paths)
    doc = _document(paper, mono, title=f"{game.name.get(lang, game.id)}: {title}",
                    subject="record sheets", lang=lang)

    units = [u for l in loaded for u in l.units]

    def draw(doc):
        if not no_list:
            from sheets.core.roster import army_list
            from sheets.render.roster_pdf import draw_army_lists

            lists = [army_list(l, lang) for l in loaded if l.is_roster]
            if lists and getattr(renderer, "draws_army_lists", False):
                opts.extra["army_lists"] = lists  # the renderer places them (e.g. in free space)
            elif lists:  # every roster, one after the other
                draw_army_lists(doc, lists, loaded[0].options)
        # which units came from which file (renderers that print one section per file use it)
        opts.extra["files"] = [{"path": l.path, "roster": l.roster, "units": len(l.units)} for l in loaded]
        renderer(doc, units, opts)

    from sheets.core.fsio import check_target, deferred_writes
    from sheets.render import parallel

    if jobs is None:
        jobs = parallel.default_jobs(len(units))
    elif jobs == 0:
        jobs = os.cpu_count() or 1
    if opts.extra.get("png_dir") or doc.recorder is not None:
        jobs = 1  # card PNGs and the layout check are made by the renderer itself
    out = _out(output, _default_output(paths[0], ".pdf"))
    if out != "-":
        check_target(out)  # a bad -o fails before any work (and before any --png file)
    from sheets.cli.progress import PageProgress

    progress = PageProgress(doc, enabled=False if (quiet or jobs > 1) else None)
    with deferred_writes(), _gc_frozen():  # card PNGs and the PDF: all written at the end, or none
        try:
            pdf = _guard_glyphs(lambda: parallel.render(doc, draw, jobs), paths[0])
        finally:
            progress.close()
        _write(out, pdf)
    click.echo(f"{out if out != '-' else '(stdout)'}: {doc.pages} page(s)", err=True)
    _check_layout(doc, loaded)


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
    from sheets.core.roster import army_list

    loaded = _load_all([path], _options(lang=lang, paper=paper, mono=mono, rules=rules))[0]
    data = army_list(loaded, lang)
    if fmt == "pdf":
        from sheets.render.roster_pdf import draw_army_list

        doc = _document(paper, mono, title=data["name"] or Path(path).stem, subject="army list", lang=lang)
        pdf = _guard_glyphs(lambda: (draw_army_list(doc, data, loaded.options), doc.finish())[1], path)
        _write(_out(output, _default_output(path, ".pdf")), pdf)
    else:
        if fmt == "json":
            text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        else:
            from sheets.render.text import render_roster_text

            text = render_roster_text(data, fmt, template)
        _write(_out(output, "-"), text)
    _warn_violations([loaded])
    if fmt == "pdf":
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
    from sheets.core.game import load_object

    opts = _options(lang=lang, paper=paper, mono=mono,
                    rules=(rules.lower() if rules else game.default_variant()), **game_options)
    doc = _document(paper, mono, title=f"{game.name.get(lang, game.id)}: reference", subject="reference", lang=lang)
    fn = load_object(game.reference_renderer)
    pdf = _guard_glyphs(lambda: (fn(doc, opts), doc.finish())[1], game.id)
    _write(_out(output, Path("output") / f"{game.id}-reference.pdf"), pdf)
    _check_layout(doc)


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
    from sheets.core.game import load_object

    opts = _options(lang=lang, paper=paper, mono=mono,
                    rules=(rules.lower() if rules else game.default_variant()), **game_options)
    doc = _document(paper, mono, title=f"{game.name.get(lang, game.id)}: {name}", subject="chart", lang=lang)
    fn = load_object(game.charts[name])
    pdf = _guard_glyphs(lambda: (fn(doc, opts), doc.finish())[1], game.id)
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
