"""``sheets import megamek FILE.blk|DIR… [-o OUT.yaml | -d OUTDIR] [--strict]``: MegaMek ProtoMech
files to unit files.

A directory is searched recursively for ``*.blk`` files (like MegaMek's unit folders). Every
input is read and checked first. By default a batch keeps the good units: every unit that
imports is written, each refused file is listed with its reasons, and the exit code is 1 when
any file was refused. ``--strict`` is all or nothing: if any file is refused, nothing is written.
Problems confined to fluff text are warnings and never refuse a unit.
"""

from __future__ import annotations

import os
import sys
from contextlib import nullcontext
from pathlib import Path

import click

from sheets.core import report
from sheets.core.i18n import _


def _said_read(path) -> None:
    """-v: a file was read (the command's functions use ``_`` as a loop name)."""
    report.detail(_("read {file}").format(file=path))


PROGRESS_MIN_FILES = 5  # show a progress bar (terminal only) from this many inputs
MAX_FILES = 5000  # .blk files taken from the command line and its directories together


def _on_terminal() -> bool:
    """True when stderr is a terminal (a progress bar helps there) and the command is not -q."""
    from sheets.core.report import progress_shown

    return progress_shown() and sys.stderr.isatty()


def _blk_files(folder: Path) -> list[Path]:
    """Every ``*.blk`` file under ``folder`` (recursively, symlinked folders not followed),
    in a stable order."""
    found = []
    for root, dirs, names in os.walk(folder, followlinks=False):
        dirs.sort()
        found.extend(Path(root) / n for n in sorted(names) if n.lower().endswith(".blk"))
    return found


def expand_inputs(paths) -> list[Path]:
    """Command-line paths with each directory replaced by the ``.blk`` files under it."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = _blk_files(path)
            if not found:
                raise click.UsageError(f"no .blk files in folder {path}")
            out.extend(found)
        else:
            out.append(path)
        if len(out) > MAX_FILES:
            raise click.UsageError(f"more than {MAX_FILES} input files")
    return out


@click.command("megamek")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path), metavar="PATH...")
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path),
    default=None,
    help="Write all units into this one YAML file.",
)
@click.option(
    "-d",
    "--outdir",
    type=click.Path(path_type=Path),
    default=None,
    help="Write one YAML file per input (<name>.yaml) into this folder.",
)
@click.option(
    "--strict", is_flag=True, default=False, help="All or nothing: write no file if any input is refused."
)
@click.option(
    "--units",
    "units_dir",
    type=click.Path(path_type=Path, exists=True, file_okay=False),
    default=None,
    metavar="DIR",
    help="FORCE.mul: the folder of the force's .blk files, e.g. a MegaMek installation's "
    "unit folder (searched recursively; default: the force's folder).",
)
def megamek(
    files: tuple[Path, ...], output: Path | None, outdir: Path | None, strict: bool, units_dir: Path | None
) -> None:
    """Convert MegaMek .blk ProtoMech files (or folders of them, searched recursively) into
    unit files, or a MegaMek force (FORCE.mul --units DIR) into one roster with its pilots.

    Without -o or -d the YAML goes to standard output. Fluff text is never copied. Units that
    import are written even when others are refused (exit code 1 then); --strict writes nothing
    unless every file imports.
    """
    if output is not None and outdir is not None:
        raise click.UsageError("give either -o or -d, not both")
    forces = [p for p in files if p.suffix.lower() == ".mul"]
    if forces:
        _import_force(files, forces, output, outdir, strict, units_dir)
        return
    if units_dir is not None:
        raise click.UsageError("--units DIR is for MegaMek force files (.mul)")
    from sheets.core.errors import InputError, Problem
    from sheets.core.fsio import write_files
    from sheets.games.battletech.blk import check_unit, read_blk_with_warnings, to_yaml

    inputs = expand_inputs(files)
    refusals: list[Problem] = []  # problems of refused files
    warnings: list[Problem] = []
    imported: list[tuple[Path, dict]] = []
    refused: set[Path] = set()
    show_bar = len(inputs) >= PROGRESS_MIN_FILES and _on_terminal()
    with (
        click.progressbar(inputs, label="importing", file=sys.stderr)
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
                    Problem(str(path), None, f"{seen[key]} also writes {target}; import them separately")
                )
                refused.add(path)
                continue
            seen[key] = path
            kept.append((path, unit))
            targets.append((target, [unit]))
        imported = kept
    elif output is not None and imported:
        targets.append((output, [unit for _, unit in imported]))
    units = len(imported)
    summary = (
        f"imported {units} unit{'s' if units != 1 else ''} from "
        f"{len(inputs)} file{'s' if len(inputs) != 1 else ''}; {len(refused)} refused"
    )
    for warning in warnings:
        report.warn(str(warning))
    if strict and refusals:
        report.say(summary + "; nothing written (--strict)")
        raise InputError(refusals)
    if targets:
        # every file or none (sheets.core.fsio.write_files)
        write_files([(target, to_yaml(target_units)) for target, target_units in targets])
        written = f"; wrote {len(targets)} file{'s' if len(targets) != 1 else ''}"
    elif output is None and outdir is None and imported:
        click.echo(to_yaml([unit for _, unit in imported]), nl=False)
        written = f"; {units} unit{'s' if units != 1 else ''} on standard output"
    else:
        written = "; nothing written"
    report.say(summary + written)
    if refusals:
        raise InputError(refusals)


def _import_force(files, forces, output, outdir, strict, units_dir) -> None:
    """``sheets import megamek FORCE.mul --units DIR``: the force's ProtoMechs, found by chassis
    and model among the .blk files of DIR, with their pilots (``<pilot>`` or ``<crew>``), as one
    roster file. Units that cannot be used are listed (exit 1), the rest kept (``--strict``:
    nothing written then)."""
    from sheets.core.fsio import note_input, read_user_bytes, write_files
    from sheets.core.loader import load_mapping
    from sheets.games.battletech.mul import MAX_BYTES, force_to_yaml, index_units, read_force

    if len(files) != 1:
        raise click.UsageError("import one force (.mul) at a time, without other files")
    if outdir is not None:
        raise click.UsageError("a force is one roster file: give -o FILE (or none: standard output)")
    force = forces[0]
    note_input(force)
    folder = units_dir or force.resolve().parent
    doc = read_force(str(force), read_user_bytes(force, MAX_BYTES), index_units(folder), str(folder))
    load_mapping(dict(doc), str(force))  # the same checks as a hand-written unit file
    for warning in doc.warnings:
        report.warn(str(warning))
    left = len(doc.warnings)
    summary = f"imported {len(doc['units'])} unit{'s' if len(doc['units']) != 1 else ''} of the force; {left} left out"
    if strict and left:
        report.say(summary + "; nothing written (--strict)")
        raise SystemExit(1)
    text = force_to_yaml(doc)
    if output is None:
        click.echo(text, nl=False)
        report.say(summary + "; on standard output")
    else:
        write_files([(output, text)])
        report.say(summary + f"; wrote {output}")
    if left:
        raise SystemExit(1)
