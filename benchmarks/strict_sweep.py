"""Issue 23's closing sweep: every bundled sample (data/units) and every unit file among the
test fixtures (tests/render/layout/*.yaml, the MegaMek .blk files of tests/megamek/fixtures)
rendered with `sheets render --strict` in en/ru × A4/Letter × colour/mono; prints one line per
failing run and the totals (renders, warnings, failures). Exit 1 when any run warns or fails.
Every checker rule runs, issue 33's too (card backs judged with their fronts, widow, spill).

``--real`` adds the real files, each group rendered as one run: the MegaMek fixtures five at a
time (loose .blk files given together are one Point), the real MegaMek ProtoMechs of the folder
``SHEETS_REAL_BLK`` names (MegaMek's megamek/data/mekfiles/protomeks, GPL: not shipped with
this project; the ultraheavies left out) five at a time, and the real BattleScribe rosters of
``../shared/fixtures/battlescribe`` (when present).

    .venv/bin/python benchmarks/strict_sweep.py [--quick] [--real]   # --quick: en/ru × A4 only
"""

from __future__ import annotations

import itertools
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def files() -> list[Path]:
    out = sorted((ROOT / "data/units").rglob("*.yaml"))
    out += sorted(p for p in (ROOT / "tests/render/layout").glob("*.yaml") if p.name != "motions_rules.yaml")
    out += sorted((ROOT / "tests/megamek/fixtures").glob("*.blk"))
    return out


def real_runs() -> list[list[Path]]:
    """The groups of real files, each rendered as one run (see the module's docstring)."""
    import os

    runs: list[list[Path]] = []
    fixtures = sorted((ROOT / "tests/megamek/fixtures").glob("*.blk"))
    runs += [fixtures[i : i + 5] for i in range(0, len(fixtures), 5)]
    folder = os.environ.get("SHEETS_REAL_BLK")
    if folder and Path(folder).is_dir():
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from bt_points import unit_files

        real = unit_files(Path(folder))
        runs += [real[i : i + 5] for i in range(0, len(real), 5)]
    shared = ROOT.parent / "shared" / "fixtures" / "battlescribe"
    if shared.is_dir():
        # (other-systems/ and the 8th-edition roster must be refused: its README's "expected")
        rosters = sorted(
            p
            for p in shared.rglob("*.ros*")
            if "other-systems" not in p.parts and not p.name.startswith("w40k8")
        )
        runs += [[p] for p in rosters]
    return runs


def main(argv: list[str]) -> int:
    from click.testing import CliRunner

    from sheets.cli import cli

    quick = "--quick" in argv
    runner = CliRunner()
    combos = list(
        itertools.product(
            ("en", "ru"), ("a4",) if quick else ("a4", "letter"), (False,) if quick else (False, True)
        )
    )
    runs = warnings = failures = 0
    groups = [[f] for f in files()] + (real_runs() if "--real" in argv else [])
    with tempfile.TemporaryDirectory() as tmp:
        for group in groups:
            f = group[0]
            for lang, paper, mono in combos:
                args = [
                    "render",
                    *map(str, group),
                    "--lang",
                    lang,
                    "--paper",
                    paper,
                    "--strict",
                    "-o",
                    str(Path(tmp) / "out.pdf"),
                ] + (["--mono"] if mono else [])
                res = runner.invoke(cli, args, catch_exceptions=False)
                runs += 1
                found = [l for l in res.stderr.splitlines() if l.startswith(("warning:", "page "))]
                warnings += len(found)
                if res.exit_code != 0 or found:
                    failures += 1
                    rel = f.relative_to(ROOT) if f.is_relative_to(ROOT) else f
                    rel = f"{rel} (+{len(group) - 1})" if len(group) > 1 else rel
                    print(f"{rel} {lang} {paper} {'mono' if mono else 'colour'}: exit {res.exit_code}")
                    for line in (found or res.stderr.splitlines())[:5]:
                        print("   ", line)
    print(f"{len(groups)} files, {runs} renders, {warnings} layout warning(s), {failures} failing run(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
