"""BattleScribe import speed (not a test): a synthetic 6th-edition roster of N units in the 2.03
dialect (invented names, no rule text), parsed and converted in-process and end to end.

    python benchmarks/wh40k6_import.py [--units 400] [--texts]

``--texts``: also a .rosz of rule texts near every cap (300 units, 40 rules of 3,990 characters
each on every unit: 49 MB of XML in a few hundred KB of zip), validated, imported and rendered
end to end (issue 31: 21 s to validate when the imported roster went through the pure-Python
YAML emitter; every input under the caps must finish in 10 s).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NS = "http://www.battlescribe.net/schema/rosterSchema"
CHARS = [
    ("Unit Type", "Infantry"),
    ("WS", "4"),
    ("BS", "4"),
    ("S", "4"),
    ("T", "4"),
    ("W", "1"),
    ("I", "4"),
    ("A", "1"),
    ("LD", "8"),
    ("Save", "3+"),
]
GUN = [("Range", "24&quot;"), ("Strength", "4"), ("AP", "5"), ("Type", "Rapid Fire")]


def _profile(name: str, kind: str, pairs) -> str:
    chars = "".join(f'<characteristic name="{k}" typeId="t">{v}</characteristic>' for k, v in pairs)
    return (
        f'<profile id="p" name="{name}" hidden="false" typeId="x" typeName="{kind}">'
        f"<characteristics>{chars}</characteristics></profile>"
    )


def roster(units: int) -> str:
    slots = ["HQ", "Troops", "Troops", "Elites", "Fast Attack", "Heavy Support"]
    sels = []
    for i in range(units):
        models = "".join(
            f'<selection id="m{i}-{j}" name="Trooper {j}" entryId="e" number="{j + 1}" type="model">'
            f'<rules><rule id="r" name="Steady {j % 3}" hidden="false"><description></description></rule></rules>'
            f"<profiles>{_profile(f'Trooper {j}', 'Unit', CHARS)}{_profile(f'Rifle {j % 2}', 'Weapon', GUN)}</profiles>"
            f'<costs><cost name="pts" typeId="points" value="{10 * (j + 1)}.0"/></costs></selection>'
            for j in range(4)
        )
        sels.append(
            f'<selection id="u{i}" name="Squad {i}" entryId="e" number="1" type="unit">'
            f"<selections>{models}</selections>"
            f'<costs><cost name="pts" typeId="points" value="0.0"/></costs>'
            f'<categories><category id="c" name="{slots[i % 6]}" entryId="e" primary="true"/></categories>'
            f"</selection>"
        )
    return (
        f'<?xml version="1.0"?><roster id="r" name="Big" battleScribeVersion="2.03" '
        f'gameSystemId="3d1a4963-0629-4025-a90b-76ab3d63c5c5" gameSystemName="6th" xmlns="{NS}">'
        f'<forces><force id="f" name="Primary Detachment" entryId="e" catalogueId="c">'
        f"<selections>{''.join(sels)}</selections></force></forces></roster>"
    )


def texts_roster(units: int = 300, rules: int = 40, chars: int = 3990) -> str:
    """A roster whose every unit carries ``rules`` distinct rules with ``chars`` characters of
    text each (invented words)."""
    text = ("the unit may re-roll failed to hit rolls " * (chars // 40 + 1))[:chars]
    sels = []
    for i in range(units):
        rl = "".join(
            f'<rule id="r{i}-{j}" name="Rule {i} {j}" hidden="false"><description>{text}</description></rule>'
            for j in range(rules)
        )
        sels.append(
            f'<selection id="u{i}" name="Squad {i}" entryId="e" number="1" type="unit">'
            f'<selections><selection id="m{i}" name="Troopers" entryId="e" number="5" type="model">'
            f"<rules>{rl}</rules><profiles>{_profile(f'Trooper {i}', 'Unit', CHARS)}"
            f"{_profile('Rifle', 'Weapon', GUN)}</profiles></selection></selections>"
            f'<categories><category id="c" name="Troops" entryId="e" primary="true"/></categories>'
            f"</selection>"
        )
    return (
        f'<?xml version="1.0"?><roster id="r" name="Texts" battleScribeVersion="2.03" '
        f'gameSystemId="3d1a4963-0629-4025-a90b-76ab3d63c5c5" gameSystemName="6th" xmlns="{NS}">'
        f'<forces><force id="f" name="Primary Detachment" entryId="e" catalogueId="c">'
        f"<selections>{''.join(sels)}</selections></force></forces></roster>"
    )


def _texts_case(tmp: str) -> None:
    import zipfile

    path = Path(tmp) / "texts.rosz"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("texts.ros", texts_roster())
    print(f"rule texts near every cap: {path.stat().st_size / 1024:.0f} KiB of .rosz")
    for label, cmd in (
        ("validate", ["validate", str(path)]),
        ("import", ["import", "battlescribe", str(path), "-o", str(Path(tmp) / "texts.yaml")]),
        ("render", ["render", str(path), "-o", str(Path(tmp) / "texts.pdf")]),
    ):
        t0 = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "sheets", *cmd],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        print(f"  {label}: {time.perf_counter() - t0:.2f} s")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--units", type=int, default=400)
    ap.add_argument("--texts", action="store_true")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from sheets.games.wh40k6.battlescribe import roster_to_unit_file

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.ros"
        path.write_text(roster(args.units), encoding="utf-8")
        size = path.stat().st_size
        best = min(_time(lambda: roster_to_unit_file(path)) for _ in range(3))
        print(
            f"wh40k6 import: {args.units} units ({size / 1024:.0f} KiB of XML) parsed in "
            f"{best * 1000:.0f} ms in-process -> {args.units / best:.0f} units/s"
        )
        t0 = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "sheets",
                "import",
                "battlescribe",
                str(path),
                "-o",
                str(Path(tmp) / "big.yaml"),
            ],
            check=True,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        print(
            f"wh40k6 import end to end (`sheets import battlescribe`, incl. validation): "
            f"{time.perf_counter() - t0:.2f} s"
        )
        if args.texts:
            _texts_case(tmp)


def _time(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


if __name__ == "__main__":
    main()
