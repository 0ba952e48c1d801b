"""``sheets import megamek FILE.blk… [-o OUT.yaml | -d OUTDIR]``: MegaMek ProtoMech files to
unit files.

Every input is read and checked before anything is written: if any file has a problem, all
problems are raised together (the main CLI prints them, exit 1) and no file is written.
"""

from __future__ import annotations

import sys
from contextlib import nullcontext
from pathlib import Path

import click

PROGRESS_MIN_FILES = 5  # show a progress bar (terminal only) from this many inputs


def _on_terminal() -> bool:
    """True when stderr is a terminal (a progress bar helps there)."""
    return sys.stderr.isatty()


def _same(a: Path, b: Path) -> bool:
    return a.resolve() == b.resolve()


@click.command("megamek")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(path_type=Path), default=None,
              help="Write all units into this one YAML file.")
@click.option("-d", "--outdir", type=click.Path(path_type=Path), default=None,
              help="Write one YAML file per input (<name>.yaml) into this folder.")
def megamek(files: tuple[Path, ...], output: Path | None, outdir: Path | None) -> None:
    """Convert MegaMek .blk ProtoMech files into a unit file.

    Without -o or -d the YAML goes to standard output. Fluff text is never copied.
    """
    if output is not None and outdir is not None:
        raise click.UsageError("give either -o or -d, not both")
    from sheets.core.errors import InputError, Problem
    from sheets.core.fsio import atomic_write
    from sheets.games.battletech.blk import check_unit, read_blk, to_yaml

    problems: list[Problem] = []
    warnings: list[Problem] = []
    imported: list[tuple[Path, dict]] = []
    refused = 0
    show_bar = len(files) >= PROGRESS_MIN_FILES and _on_terminal()
    with click.progressbar(files, label="importing", file=sys.stderr) if show_bar \
            else nullcontext(files) as bar:
        for path in bar:
            try:
                unit = read_blk(path)
                warnings.extend(check_unit(unit, str(path)))
            except InputError as exc:
                problems.extend(exc.problems)
                refused += 1
                continue
            imported.append((path, unit))

    targets: list[tuple[Path, list[dict]]] = []
    if outdir is not None:
        seen: dict[Path, Path] = {}
        for path, unit in imported:
            target = outdir / f"{path.stem}.yaml"
            key = target.resolve()
            if key in seen:
                problems.append(Problem(str(path), None, f"{seen[key]} also writes {target}; "
                                                         f"import them separately"))
                continue
            seen[key] = path
            targets.append((target, [unit]))
    elif output is not None:
        targets.append((output, [unit for _, unit in imported]))
    for target, _ in targets:
        for path in files:
            if target.exists() and path.exists() and _same(target, path):
                problems.append(Problem(str(target), None, "would overwrite an input file"))

    summary = (f"imported {len(imported)} unit{'s' if len(imported) != 1 else ''} from "
               f"{len(files)} file{'s' if len(files) != 1 else ''}; {refused} refused")
    for warning in warnings:
        click.echo(str(warning), err=True)
    if problems:
        click.echo(summary + "; nothing written", err=True)
        raise InputError(problems)
    if targets:
        for target, units in targets:
            atomic_write(target, to_yaml(units))
    else:
        click.echo(to_yaml([unit for _, unit in imported]), nl=False)
    click.echo(summary, err=True)

