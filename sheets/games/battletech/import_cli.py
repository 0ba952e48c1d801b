"""``sheets import megamek FILE.blk|DIR… [-o OUT.yaml | -d OUTDIR] [--strict]``: MegaMek ProtoMech
files to unit files; ``sheets import megamek FORCE.mul [--units DIR] [-o OUT.yaml]``: a MegaMek
force to one roster.

A directory is searched recursively for ``*.blk`` files (like MegaMek's unit folders). Every
input is read and checked first. By default a batch keeps the good units: every unit that
imports is written, each refused file is listed with its reasons, and the exit code is 1 when
any file was refused. ``--strict`` is all or nothing: if any file is refused, nothing is written.
Problems confined to fluff text are warnings and never refuse a unit. A force keeps its
ProtoMechs: units of other kinds are named, and so is a unit that may be a ProtoMech but has no
unit file or one that does not import (``--strict``: that is an error, nothing is written).

Every file read (the inputs, the unit files of the folder looked at) is an input of the command:
``-o`` may not name one (``sheets.core.fsio``), and it must name a YAML file (``.yaml``/``.yml``;
``-`` is standard output).
"""

from __future__ import annotations

import os
import sys
from contextlib import nullcontext
from pathlib import Path

import click

from sheets.core import report
from sheets.core.fsio import os_reason
from sheets.core.i18n import LANGS, N_, _, ngettext, use_lang


def _said_read(path) -> None:
    """-v: a file was read (the command's functions use ``_`` as a loop name)."""
    report.detail(_("read {file}").format(file=path))


PROGRESS_MIN_FILES = 5  # show a progress bar (terminal only) from this many inputs
MAX_FILES = 5000  # .blk files taken from the command line and its directories together
OUTPUT_SUFFIXES = (".yaml", ".yml")


def _on_terminal() -> bool:
    """True when stderr is a terminal (a progress bar helps there) and the command is not -q."""
    from sheets.core.report import progress_shown

    return progress_shown() and sys.stderr.isatty()


def _blk_files(folder: Path, problems: list) -> list[Path]:
    """Every ``*.blk`` file under ``folder`` (recursively, symlinked folders not followed),
    in a stable order; a subfolder that cannot be read is added to ``problems``."""
    from sheets.core.errors import Problem

    def unreadable(exc: OSError) -> None:
        problems.append(
            Problem(
                str(exc.filename or folder),
                None,
                _("this folder cannot be read ({reason}): its .blk files were not imported").format(
                    reason=os_reason(exc) or type(exc).__name__
                ),
                code="megamek-folder-unreadable",
            )
        )

    found = []
    for root, dirs, names in os.walk(folder, onerror=unreadable, followlinks=False):
        dirs.sort()
        found.extend(Path(root) / n for n in sorted(names) if n.lower().endswith(".blk"))
    return found


def expand_inputs(paths, problems: list | None = None) -> list[Path]:
    """Command-line paths with each directory replaced by the ``.blk`` files under it."""
    problems = [] if problems is None else problems
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = _blk_files(path, problems)
            if not found and not problems:
                raise click.UsageError(_("no .blk files in folder {folder}").format(folder=path))
            out.extend(found)
        else:
            out.append(path)
        if len(out) > MAX_FILES:
            raise click.UsageError(_("more than {limit} input files").format(limit=MAX_FILES))
    return out


def _check_output(output: Path | None) -> Path | None:
    """``-o``: None or ``-`` (standard output), else a file name ending in .yaml or .yml."""
    if output is None or str(output) == "-":
        return None
    if output.suffix.lower() not in OUTPUT_SUFFIXES:
        from sheets.core.errors import UsageProblem

        raise UsageProblem(
            _("-o {name}: the import writes a unit file; give a name ending in .yaml or .yml").format(
                name=click.format_filename(str(output))
            )
        )
    return output


def _units_count(n: int) -> str:
    return ngettext("{count} unit", "{count} units", n).format(count=n)


def _protos_count(n: int) -> str:
    return ngettext("{count} ProtoMech", "{count} ProtoMechs", n).format(count=n)


@click.command(
    "megamek",
    short_help=N_("Convert MegaMek ProtoMech files (.blk) and forces (.mul) into unit files."),
    help=N_(
        "Convert MegaMek .blk ProtoMech files (or folders of them, searched recursively) into unit "
        "files, or a MegaMek force (FORCE.mul --units DIR) into one roster with its pilots.\n\n"
        "Without -o or -d the YAML goes to standard output. Fluff text is never copied. Units that "
        "import are written even when others are refused (exit code 1 then); --strict writes nothing "
        "unless every file imports.\n\n"
        "\b\nExamples:\n  sheets import megamek Harpy.blk -o harpy.yaml\n"
        "  sheets import megamek star.mul --units ~/megamek/data/mekfiles -o star.yaml"
    ),
)
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path), metavar="PATH...")
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path),
    default=None,
    help=N_("Write all units into this one YAML file (.yaml or .yml; - for standard output)."),
)
@click.option(
    "-d",
    "--outdir",
    type=click.Path(path_type=Path),
    default=None,
    help=N_("Write one YAML file per input (<name>.yaml) into this folder."),
)
@click.option(
    "--strict", is_flag=True, default=False, help=N_("All or nothing: write no file if any input is refused.")
)
@click.option(
    "--units",
    "units_dir",
    type=click.Path(path_type=Path, exists=True, file_okay=False),
    default=None,
    metavar="DIR",
    help=N_(
        "FORCE.mul: the folder of the force's unit files (.blk, .mtf), e.g. a MegaMek installation's "
        "unit folder (searched recursively; default: the force's folder)."
    ),
)
@click.option(
    "--lang",
    type=click.Choice(LANGS),
    default=None,
    help=N_("Language of the messages (en, ru)."),
)
def megamek(
    files: tuple[Path, ...],
    output: Path | None,
    outdir: Path | None,
    strict: bool,
    units_dir: Path | None,
    lang: str | None,
) -> None:
    with use_lang(lang):
        _megamek(files, output, outdir, strict, units_dir)


def _megamek(files, output, outdir, strict, units_dir) -> None:
    if output is not None and outdir is not None:
        raise click.UsageError(_("give either -o or -d, not both"))
    output = _check_output(output)
    forces = [p for p in files if p.suffix.lower() == ".mul"]
    if forces:
        _import_force(files, forces, output, outdir, strict, units_dir)
        return
    if units_dir is not None:
        raise click.UsageError(_("--units DIR is for MegaMek force files (.mul)"))
    from sheets.core.errors import InputError, Problem
    from sheets.core.fsio import write_files
    from sheets.games.battletech.blk import check_unit, read_blk_with_warnings, to_yaml

    refusals: list[Problem] = []  # problems of refused files (and unreadable folders)
    inputs = expand_inputs(files, refusals)
    warnings: list[Problem] = []
    imported: list[tuple[Path, dict]] = []
    refused: set[Path] = set()
    show_bar = len(inputs) >= PROGRESS_MIN_FILES and _on_terminal()
    with (
        click.progressbar(inputs, label=_("importing"), file=sys.stderr)
        if show_bar
        else nullcontext(inputs) as bar
    ):
        for path in bar:
            try:
                unit, fluff = read_blk_with_warnings(path)
                _said_read(path)
                warnings.extend(fluff)
                warnings.extend(check_unit(unit, str(path)))
            except InputError as exc:
                refusals.extend(exc.problems)
                refused.add(path)
                continue
            imported.append((path, unit))

    targets: list[tuple[Path, list[dict]]] = []
    if outdir is not None:
        seen: dict[Path, Path] = {}
        kept = []
        for path, unit in imported:
            target = outdir / f"{path.stem}.yaml"
            key = target.resolve()
            if key in seen:
                refusals.append(
                    Problem(
                        str(path),
                        None,
                        _("{other} also writes {target}; import them separately").format(
                            other=seen[key], target=target
                        ),
                        code="megamek-same-output",
                    )
                )
                refused.add(path)
                continue
            seen[key] = path
            kept.append((path, unit))
            targets.append((target, [unit]))
        imported = kept
    elif output is not None and imported:
        targets.append((output, [unit for _path, unit in imported]))
    units = len(imported)
    summary = _("imported {units} (files read: {files}, refused: {refused})").format(
        units=_units_count(units), files=len(inputs), refused=len(refused)
    )
    for warning in warnings:
        report.warn(str(warning))
    if strict and refusals:
        report.say(_("{summary}; nothing written (--strict)").format(summary=summary))
        raise InputError(refusals)
    if targets:
        # every file or none (sheets.core.fsio.write_files)
        write_files([(target, to_yaml(target_units)) for target, target_units in targets])
        written = _("{summary}; files written: {count}").format(summary=summary, count=len(targets))
    elif outdir is None and output is None and imported:
        click.echo(to_yaml([unit for _path, unit in imported]), nl=False)
        written = _("{summary}; on standard output").format(summary=summary)
    else:
        written = _("{summary}; nothing written").format(summary=summary)
    report.say(written)
    if refusals:
        raise InputError(refusals)


def _import_force(files, forces, output, outdir, strict, units_dir) -> None:
    """``sheets import megamek FORCE.mul --units DIR``: the force's ProtoMechs, found by chassis
    and model among the unit files of DIR, with their pilots (``<pilot>`` or ``<crew>``) and
    Points, as one roster file. Units of other kinds are named; a unit without a unit file, or
    whose file does not import, is named and the rest kept (``--strict``: exit 1 and nothing
    written then). What the loader warns about is warned about the same way by `render`."""
    from sheets.core.fsio import note_input, read_user_bytes, write_files
    from sheets.core.loader import load_mapping
    from sheets.games.battletech.mul import MAX_BYTES, force_to_yaml, index_units, read_force

    if len(files) != 1:
        raise click.UsageError(_("import one force (.mul) at a time, without other files"))
    if outdir is not None:
        raise click.UsageError(_("a force is one roster file: give -o FILE (or none: standard output)"))
    force = forces[0]
    note_input(force)
    data = read_user_bytes(force, MAX_BYTES)
    folder = units_dir or force.resolve().parent
    doc = read_force(str(force), data, index_units(folder))
    load_mapping(dict(doc), str(force))  # the same checks as a hand-written unit file
    for warning in doc.warnings:
        report.warn(str(warning))
    summary = _("imported {units} of the force (left out: {left})").format(
        units=_protos_count(len(doc["units"])), left=doc.left_out
    )
    if strict and doc.missing:
        report.say(_("{summary}; nothing written (--strict)").format(summary=summary))
        raise SystemExit(1)
    text = force_to_yaml(doc)
    if output is None:
        click.echo(text, nl=False)
        report.say(_("{summary}; on standard output").format(summary=summary))
    else:
        write_files([(output, text)])
        report.say(_("{summary}; wrote {file}").format(summary=summary, file=output))
