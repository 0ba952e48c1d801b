"""Issue 23's closing sweep: every bundled sample (data/units) and every unit file among the
test fixtures (tests/render/layout/*.yaml, the MegaMek .blk files of tests/megamek/fixtures)
rendered with `sheets render --strict` in en/ru × A4/Letter × colour/mono; prints one line per
failing run and the totals (renders, warnings, failures). Exit 1 when any run warns or fails.

    .venv/bin/python benchmarks/strict_sweep.py [--quick]   # --quick: en/ru × A4 only
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
    with tempfile.TemporaryDirectory() as tmp:
        for f in files():
            for lang, paper, mono in combos:
                args = [
                    "render",
                    str(f),
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
                    rel = f.relative_to(ROOT)
                    print(f"{rel} {lang} {paper} {'mono' if mono else 'colour'}: exit {res.exit_code}")
                    for line in (found or res.stderr.splitlines())[:5]:
                        print("   ", line)
    print(f"{len(files())} files, {runs} renders, {warnings} layout warning(s), {failures} failing run(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
