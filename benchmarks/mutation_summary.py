"""Summarise a mutmut run (``mutants/**/*.meta``) per file and per area: killed / survived /
no tests / timeout / not yet checked, and the kill rate. Run from the project root after
``mutmut run``; ``--survivors`` also lists the surviving mutant names."""

from __future__ import annotations

import glob
import json
import sys
from collections import Counter

STATUS = {
    1: "killed",
    3: "killed",
    0: "survived",
    5: "no tests",
    33: "no tests",
    34: "skipped",
    36: "timeout",
    24: "timeout",
    -24: "timeout",
    152: "timeout",
    255: "timeout",
    None: "not checked",
}


def area(path: str) -> str:
    parts = path.split("/")  # sheets/games/<game>/..., sheets/core/..., sheets/render/..., sheets/api.py
    return parts[2] if parts[1] == "games" else parts[1].removesuffix(".py")


def main() -> None:
    per_file, per_area, survivors = {}, {}, []
    for meta in sorted(glob.glob("mutants/sheets/**/*.py.meta", recursive=True)):
        data = json.load(open(meta, encoding="utf-8"))
        src = meta[len("mutants/") : -len(".meta")]
        c = Counter(STATUS.get(code, "suspicious") for code in data.get("exit_code_by_key", {}).values())
        if not c:
            continue
        per_file[src] = c
        per_area.setdefault(area(src), Counter()).update(c)
        survivors += [k for k, v in data["exit_code_by_key"].items() if v == 0]
    total = Counter()
    for c in per_area.values():
        total.update(c)

    def line(name, c):
        # timeouts count as killed (the mutant hangs the run); mutants no test reaches count as survived
        killed = c["killed"] + c["timeout"]
        tested = killed + c["survived"] + c["no tests"]
        rate = f"{100 * killed / tested:5.1f} %" if tested else "    –"
        print(f"{name:42} {killed:6} {c['survived']:8} {c['no tests']:8} {c['not checked']:8} {rate}")

    print(f"{'':42} {'killed':>6} {'survived':>8} {'no tests':>8} {'pending':>8}  rate")
    for name, c in per_file.items():
        line(name, c)
    print()
    for name, c in sorted(per_area.items()):
        line(f"area {name}", c)
    line("all", total)
    if "--survivors" in sys.argv:
        print("\n".join(survivors))


if __name__ == "__main__":
    main()
