"""The bundled tables' compiled copies (``data/<folder>/tables.marshal``).

    python tools/tables.py compile   write each folder's tables.marshal from its *.yaml
    python tools/tables.py check     exit 1 (naming them) when a compiled copy is missing,
                                     stale or differs from its YAML; nothing is written

The YAML files are the tables (their format: ``docs/data.md``); a folder's ``tables.marshal``
holds, per file name, the file's size, the CRC-32 of its bytes and its value as the package's
table reader gives it, in Python's ``marshal`` format. ``sheets.core.data`` reads a table from
there while the size and CRC-32 are the YAML's (a table edited since is read from its YAML),
which takes a twentieth of parsing it. Run ``compile`` after editing a table and commit both;
``tests/core/test_compiled_tables.py`` fails while a compiled copy is not current. The sample
units (``data/units``) and the starters are unit files, read by the unit loader: not compiled.
"""

from __future__ import annotations

import marshal
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
SKIP = {"units", "starters"}
sys.path.insert(0, str(ROOT))  # this checkout's package reads the tables
MARSHAL_VERSION = 4  # read by every Python 3 the package supports


def folders() -> list[Path]:
    return sorted(p for p in DATA.iterdir() if p.is_dir() and p.name not in SKIP)


def compiled_of(folder: Path) -> bytes:
    from sheets.core.data import _safe_load

    entries = {}
    for path in sorted(folder.glob("*.yaml")):
        raw = path.read_bytes()
        entries[path.name] = (len(raw), zlib.crc32(raw), _safe_load(raw.decode("utf-8")))
    return marshal.dumps(entries, MARSHAL_VERSION)


def main(argv: list[str]) -> int:
    if argv not in (["compile"], ["check"]):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    stale = []
    for folder in folders():
        target = folder / "tables.marshal"
        blob = compiled_of(folder)
        current = target.read_bytes() if target.exists() else b""
        if argv == ["check"]:
            if not current or marshal.loads(current) != marshal.loads(blob):
                stale.append(str(target.relative_to(ROOT)))
        elif current != blob:
            target.write_bytes(blob)
            print(f"wrote {target.relative_to(ROOT)}")
    for name in stale:
        print(f"{name}: not current (python tools/tables.py compile)", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
