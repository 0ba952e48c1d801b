"""``sheets import battlescribe FILE.ros|FILE.rosz… [-o OUT.yaml | -d DIR]``: BattleScribe and New
Recruit rosters to ``wh40k6`` unit files.

A unit the importer cannot read fully is imported with what it can read, one warning
(``file: warning: unit 'X': imported with gaps: …``) and the same mark on its datasheet;
``--strict`` refuses such a roster instead. Every input is read and checked before anything is
written; a problem in any file is reported
(``file: message``, exit 1) and nothing is written. Without ``-o``/``-d`` the YAML of a single
roster goes to standard output.
"""

from __future__ import annotations

from pathlib import Path

import click

from sheets.core import report
from sheets.core.i18n import N_, _, ngettext


def _said_read(path) -> None:
    """-v: a file was read (the command's functions use ``_`` as a loop name)."""
    report.detail(_("read {file}").format(file=path))


@click.command(
    "battlescribe",
    short_help=N_("Convert BattleScribe / New Recruit rosters into wh40k6 unit files."),
    help=N_(
        "Convert BattleScribe / New Recruit rosters (.ros, .rosz) of Warhammer 40,000 6th/7th edition "
        "or Horus Heresy 1st edition into wh40k6 unit files.\n\n"
        "Without -o or -d the unit file goes to standard output; several rosters then become one file "
        "(their units in order, the names joined, no points limit: set the one you play to).\n\n"
        "\b\nExample:\n  sheets import battlescribe army.rosz -o army.yaml"
    ),
)
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path), metavar="PATH...")
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help=N_("Write the unit file here (one roster only)."),
)
@click.option(
    "-d",
    "--outdir",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help=N_("Write one unit file per roster (<name>.yaml) into this folder."),
)
@click.option(
    "--strict",
    is_flag=True,
    help=N_(
        "Refuse a roster when any unit cannot be read fully (default: import it with "
        "what can be read, a warning, and 'imported with gaps' on its datasheet)."
    ),
)
def battlescribe(
    files: tuple[Path, ...], output: Path | None, outdir: Path | None, strict: bool = False
) -> None:
    from sheets.core.errors import InputError, Problem
    from sheets.core.fsio import note_input, write_files
    from sheets.core.loader import load_mapping
    from sheets.games.wh40k6.battlescribe import roster_to_unit_file, to_yaml

    if output is not None and outdir is not None:
        raise click.UsageError(_("give either -o or -d, not both"))
    if output is not None and len(files) > 1:
        raise click.UsageError(_("-o takes one roster; use -d DIR for several"))
    for path in files:
        note_input(path)  # write_files refuses to replace an input (exit 2), like every command
    problems: list[Problem] = []
    docs: list[tuple[Path, dict]] = []
    warnings: list[Problem] = []
    for path in files:
        try:
            doc = roster_to_unit_file(path, strict=strict, warnings=warnings)
            load_mapping(doc, str(path))  # the same checks as a hand-written unit file
            _said_read(path)
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        docs.append((path, doc))
    targets: list[tuple[Path, dict]] = []
    if outdir is not None:
        seen: dict[Path, Path] = {}
        for path, doc in docs:
            target = outdir / f"{path.stem}.yaml"
            if target.resolve() in seen:
                problems.append(
                    Problem(
                        str(path),
                        None,
                        _("{other} also writes {target}; import them separately").format(
                            other=seen[target.resolve()], target=target
                        ),
                        code="same-output",
                    )
                )
            seen[target.resolve()] = path
            targets.append((target, doc))
    elif output is not None and docs:
        targets.append((output, docs[0][1]))
    for w in warnings:
        report.warn(str(w))
    if problems:
        report.say(
            _("imported {done} of {count} roster(s); nothing written").format(
                done=len(docs), count=len(files)
            )
        )
        raise InputError(problems)
    if not targets:  # standard output: one unit file that every command reads
        click.echo(to_yaml(merge_rosters([doc for _, doc in docs])), nl=False)
    write_files([(target, to_yaml(doc)) for target, doc in targets])  # every file or none
    for target, doc in targets:
        n = len(doc["units"])
        report.say(
            ngettext("wrote {target} ({count} unit)", "wrote {target} ({count} units)", n).format(
                target=target, count=n
            )
        )


def merge_rosters(docs: list[dict]) -> dict:
    """One unit file of several imported rosters (standard output holds one file): the units
    in order, the names joined with " + ", the notes kept; a single roster is returned as is.
    No limit: the rosters' limits need not add up to the game's (an allied detachment is
    within the army's points), so the player writes the one they play to."""
    if len(docs) == 1:
        return docs[0]
    names = [d["roster"].get("name") or "" for d in docs]
    notes = "; ".join(d["roster"].get("notes") or "" for d in docs if d["roster"].get("notes"))
    header = {
        "name": " + ".join(n for n in names if n)[:200],
        "notes": notes if len(notes) <= 2000 else notes[:1999] + "…",
    }
    return {"system": "wh40k6", "roster": header, "units": [u for d in docs for u in d["units"]]}
