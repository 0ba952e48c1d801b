"""Mutation testing of the rule tables (``data/<game>/*.yaml``): mutmut mutates Python only.

Each mutant is one minimal text edit of one YAML scalar of a rule table (issue 14, point 3):

  int       an integer +1 and -1
  float     the last digit of a decimal +1 and -1 (2.42 -> 2.43 / 2.41; BV multipliers, tons)
  bool      true <-> false (e.g. ``verified``, ``melee``, ``pilot_hit``)
  swap      two adjacent, different entries exchanged: items of a list / values of a row
            (``{2: main_gun, 3: near_miss, ...}``), or the same field of two adjacent rows
            (``- {min: 2, ...}`` / ``- {min: 8, ...}``)
  name      a name (location, result, slot, label key...) replaced by the next other value that
            occurs in the same column of the same table (same key path, numbers/indices
            generalised; else the same key anywhere in the file)
  label     (``data/<game>/labels.yaml`` only) the ``en`` or the ``ru`` text of two adjacent
            labels exchanged (``kind_squad``'s "Squad" <-> ``kind_half_squad``'s "Half-squad"):
            a printed word that moves to the wrong place must fail a test (issue 21)

Skipped as documentation only: comments, mapping keys, block scalars, strings longer than 40
characters, and everything under the keys in ``DOC_KEYS`` (``source``, ``note``, ``ru``/``en``
texts, display names, aliases and import spellings). A game's ``labels.yaml`` gets the
``label`` operator only. Skipped files: ``rules_glossary.yaml`` and ``weapon_names.yaml``
(printed text, checked by the label tests),
``data/common`` (layout), ``data/units`` (sample units) and ``data/starters`` (the templates of
``sheets new``: placeholder values for the user to change, checked by the starter tests for
validating and printing, not for their numbers: of a sample of 18 of their mutants 15 survived,
issue 21). A candidate edit whose YAML does not
parse, or parses to the same value, is dropped.

How a mutant is run: the worktree (minus .git/output/mutants) is copied once into a temporary
folder; the mutated table is written into that copy's ``data/`` and the tests run from the copy
with the copy first on ``sys.path`` and in ``PYTHONPATH``, so the package (``sheets.data``
finds ``data/`` next to the package), the tests that open ``data/...`` themselves and CLI
subprocesses all read the mutated table. The file is restored after each mutant. Each mutant
runs ``pytest -x -q -p no:randomly`` in a forked child of a parent that has imported pytest and
the third-party libraries once (never ``sheets``, whose caches must start empty); one child at
a time (``--max-children``, default 1: the machine is shared).

Test selection: the test files that read the table. A tracing run (``--trace``; done
automatically when the map is missing, repeat it after adding tests) runs the whole suite once
in the copy, clears the package's ``functools`` caches before each test and records, with an
audit hook on ``open``, which test file (or its collection) opened which table; the map is kept
in ``output/mutate_tables_map.json`` (never committed). Files run fastest first, so a killed
mutant usually costs one small test file. Test files of the game's folders (``tests/<game>``,
``tests/<game>_*``) and top-level ``tests/test_*.py`` files that the map does not know yet run
first, for every table of that game.
Left out unless ``--all-tests``: ``SLOW_TESTS`` (every-layout, fuzzing and catalogue-print
tests: they read every table but check printouts and robustness, and cost minutes per
survivor; mutmut's selection leaves them out too). ``--narrow`` keeps only the game's folders
(a lower bound of the kill rate, much faster); ``--ignore GLOB`` drops test files (e.g. to
measure before new tests); ``--rerun OLD.json`` runs again only the survivors of an earlier run
and keeps its other verdicts (adding tests cannot revive a killed mutant).

Verdicts from the child's exit code: 0 survived; 1 (a test failed) and 2/3/4 (collection or
internal error) killed; 5 no tests; a child past ``--timeout`` is killed and counted as
``timeout`` (= killed, as in mutmut). Before a table's mutants, the unmutated selection must
pass in the copy, else the table is skipped with a message.

Usage (from the project root; not in CI)::

    python benchmarks/mutate_tables.py --list [--game battletech] [--file hit_tables]
    python benchmarks/mutate_tables.py --game battletech --file hit_tables --survivors
    python benchmarks/mutate_tables.py --sample 40 --seed 1 --survivors      # 40 per table
    python benchmarks/mutate_tables.py --trace                                # rebuild the map

``--file`` matches a table by its path under data/ (substring: ``hit_tables``,
``battletech/weapons``); ``--sample N --seed S`` draws N mutants per table, deterministically
(``--label-sample N``: another N for the ``labels.yaml`` files); ``--json PATH`` writes every
result. The report gives per table, per game's tables and labels, and per game: mutants, killed,
survived, no tests, timeout and rate = killed (incl. timeout) / (killed + survived + no tests).
A table whose unmutated selection is not green is skipped with the end of its pytest output.

The broad run of issue 21 (every table file of every game, a few mutants each; the tables with
the game's own test folders, the labels with every traced reader, since the words are pinned in
top-level tests too; then the survivors again once tests are added)::

    python benchmarks/mutate_tables.py --op int --op float --op bool --op swap --op name \
        --sample 3 --seed 21 --narrow --game battletech --game dmech --game dust --game lnl \
        --game wh40k6 --survivors --json tables.json
    python benchmarks/mutate_tables.py --op label --sample 12 --seed 21 --game battletech \
        --game dmech --game dust --game lnl --game wh40k6 --survivors --json labels.json
    python benchmarks/mutate_tables.py ...same options... --rerun tables.json --json tables2.json
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SKIP_FILES = {"rules_glossary.yaml", "weapon_names.yaml"}
LABEL_FILE = "labels.yaml"  # mutated by the label operator only (the en/ru texts are DOC_KEYS)
SKIP_DIRS = {"common", "units", "starters"}
DOC_KEYS = {
    "source",
    "sources",
    "note",
    "notes",
    "description",
    "comment",
    "title",
    "name",
    "aliases",
    "blk",
    "ru",
    "en",
    "ru_text",
    "text",
    "codes",
    "legend",
    "rules_label",
    "rule",
}
MAX_NAME_LEN = 40
_FAST = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
INT_RE = re.compile(r"[-+]?\d+\Z")
FLOAT_RE = re.compile(r"[-+]?\d+\.\d+\Z")
MAP_PATH = ROOT / "output" / "mutate_tables_map.json"
COPY_IGNORE = shutil.ignore_patterns(
    ".git", "output", "mutants", "__pycache__", ".pytest_cache", "*.egg-info", "build", "dist"
)
# Read every table but check printouts/robustness, not table values, and cost minutes per survivor
# (left out of the mutmut selection too); --all-tests puts them back.
SLOW_TESTS = (
    "tests/render/layout/test_every_layout.py",
    "tests/hardening/test_fuzz.py",
    "tests/battletech/test_battletech_catalogue_print.py",
)
PREIMPORT = (
    "pytest",
    "yaml",
    "click",
    "jinja2",
    "reportlab.pdfgen.canvas",
    "reportlab.pdfbase.ttfonts",
    "reportlab.platypus",
    "PIL.Image",
    "pypdfium2",
    "pypdf",
    "defusedxml.ElementTree",
)


# --------------------------------------------------------------------------- mutants


@dataclass
class Mutant:
    file: str  # path under data/, e.g. battletech/hit_tables.yaml
    line: int  # 1-based position of the (first) edited scalar
    col: int
    op: str  # int | float | bool | swap | name
    path: str  # key path of the edited scalar, e.g. standard.biped.11
    before: str
    after: str
    edits: list  # [(start, end, replacement)] character offsets in the original text

    @property
    def game(self) -> str:
        return self.file.split("/")[0]

    @property
    def where(self) -> str:
        return f"data/{self.file}:{self.line}:{self.col}"

    def apply(self, text: str) -> str:
        for start, end, repl in sorted(self.edits, reverse=True):
            text = text[:start] + repl + text[end:]
        return text


def table_files() -> list[str]:
    out = []
    for path in sorted((ROOT / "data").glob("*/*.yaml")):
        if path.parent.name in SKIP_DIRS or path.name in SKIP_FILES:
            continue
        out.append(path.relative_to(ROOT / "data").as_posix())
    return out


def _key(node) -> str:
    return node.value if isinstance(node, yaml.ScalarNode) else "?"


def _general(part: str) -> str:
    return "#" if INT_RE.match(part) or part.startswith("[") else part


def _plain(node) -> bool:
    """A scalar on one line whose text span is the value (plain or quoted)."""
    return (
        isinstance(node, yaml.ScalarNode)
        and node.style in (None, "'", '"')
        and node.start_mark.line == node.end_mark.line
    )


def _walk(node, path: tuple, out: list) -> None:
    """Collect (path, node) of every mutable scalar; children lists for the swap operator."""
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            key = _key(k)
            if key in DOC_KEYS:
                continue
            _walk(v, path + (key,), out)
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            _walk(v, path + (f"[{i}]",), out)
    elif _plain(node):
        out.append((path, node))


def _children(node) -> list[tuple[str, object]]:
    if isinstance(node, yaml.MappingNode):
        return [(_key(k), v) for k, v in node.value if _key(k) not in DOC_KEYS]
    if isinstance(node, yaml.SequenceNode):
        return [(f"[{i}]", v) for i, v in enumerate(node.value)]
    return []


def _collections(node, path: tuple, out: list) -> None:
    kids = _children(node)
    if kids:
        out.append((path, node, kids))
    for key, child in kids:
        _collections(child, path + (key,), out)


def _scalar_text(node) -> str:
    return node.value


def _span(node) -> tuple[int, int]:
    return node.start_mark.index, node.end_mark.index


def _swap(text, a, b) -> list:
    (sa, ea), (sb, eb) = _span(a), _span(b)
    return [(sa, ea, text[sb:eb]), (sb, eb, text[sa:ea])]


def _label_mutants(root, text, add) -> None:
    """The en (and the ru) text of each two adjacent labels exchanged."""
    if not isinstance(root, yaml.MappingNode):
        return
    rows = [
        (_key(k), dict((_key(a), b) for a, b in v.value))
        for k, v in root.value
        if isinstance(v, yaml.MappingNode)
    ]
    for (ka, a), (kb, b) in zip(rows, rows[1:]):
        for lang in ("en", "ru"):
            na, nb = a.get(lang), b.get(lang)
            if na is not None and nb is not None and _plain(na) and _plain(nb) and na.value != nb.value:
                add("label", (ka, lang), na, na.value, f"{nb.value} (<-> {kb})", _swap(text, na, nb))


def mutants_of(rel: str) -> list[Mutant]:
    text = (ROOT / "data" / rel).read_text(encoding="utf-8")
    root = yaml.compose(text, Loader=yaml.SafeLoader)  # pure-Python marks: character indices
    original = yaml.load(text, Loader=_FAST)
    scalars: list = []
    raw: list[Mutant] = []

    def add(op, path, node, before, after, edits):
        m = node.start_mark
        raw.append(Mutant(rel, m.line + 1, m.column + 1, op, ".".join(path), before, after, edits))

    if rel.endswith("/" + LABEL_FILE):
        _label_mutants(root, text, add)
        root = None  # no other operator on printed text
    _walk(root, (), scalars)

    # names: the values of one column (generalised key path), else of one key in the file
    column: dict[tuple, list[str]] = {}
    by_key: dict[str, list[str]] = {}
    for path, node in scalars:
        if node.tag.endswith(":str") and len(node.value) <= MAX_NAME_LEN:
            g = tuple(_general(p) for p in path)
            for bucket, key in ((column, g), (by_key, g[-1] if g else "")):
                vals = bucket.setdefault(key, [])
                if node.value not in vals:
                    vals.append(node.value)

    for path, node in scalars:
        value, (s, e) = node.value, _span(node)
        tag = node.tag.rsplit(":", 1)[-1]
        if tag == "int" and INT_RE.match(value):
            for d in (1, -1):
                add("int", path, node, value, str(int(value) + d), [(s, e, str(int(value) + d))])
        elif tag == "float" and FLOAT_RE.match(value):
            digits = len(value.split(".")[1])
            for d in (1, -1):
                new = f"{float(value) + d * 10**-digits:.{digits}f}"
                add("float", path, node, value, new, [(s, e, new)])
        elif tag == "bool":
            new = "false" if value.lower() == "true" else "true"
            add("bool", path, node, value, new, [(s, e, new)])
        elif tag == "str" and len(value) <= MAX_NAME_LEN and node.style is None:
            g = tuple(_general(p) for p in path)
            for pool in (column.get(g, []), by_key.get(g[-1] if g else "", [])):
                if len(pool) >= 2:
                    new = pool[(pool.index(value) + 1) % len(pool)]
                    add("name", path, node, value, new, [(s, e, new)])
                    break

    collections: list = []
    if root is not None:
        _collections(root, (), collections)
    for path, _node, kids in collections:
        for (ka, a), (kb, b) in zip(kids, kids[1:]):
            if _plain(a) and _plain(b):
                if a.value != b.value and a.tag == b.tag:
                    add("swap", path + (ka,), a, a.value, f"{b.value} (<-> {kb})", _swap(text, a, b))
            elif isinstance(a, yaml.MappingNode) and isinstance(b, yaml.MappingNode):
                fa, fb = dict(_children(a)), dict(_children(b))
                for field, na in fa.items():
                    nb = fb.get(field)
                    if nb is not None and _plain(na) and _plain(nb) and na.value != nb.value:
                        add(
                            "swap",
                            path + (ka, field),
                            na,
                            na.value,
                            f"{nb.value} (<-> {kb}.{field})",
                            _swap(text, na, nb),
                        )

    out = []
    seen = set()
    for m in raw:
        new_text = m.apply(text)
        if new_text in seen:
            continue
        try:
            if yaml.load(new_text, Loader=_FAST) == original:
                continue
        except yaml.YAMLError:
            continue
        seen.add(new_text)
        out.append(m)
    out.sort(key=lambda m: (m.line, m.col, m.op, m.after))
    return out


# --------------------------------------------------------------------------- running


def make_copy() -> Path:
    tmp = Path(tempfile.mkdtemp(prefix="mutate-tables-"))
    dest = tmp / "wt"
    shutil.copytree(ROOT, dest, ignore=COPY_IGNORE, symlinks=True)
    return dest


def _enter_copy(copy: Path) -> None:
    os.chdir(copy)
    sys.path.insert(0, str(copy))
    os.environ["PYTHONPATH"] = str(copy) + (
        os.pathsep + os.environ["PYTHONPATH"] if os.environ.get("PYTHONPATH") else ""
    )
    os.environ.pop("SHEETS_DATA_DIR", None)


def _preimport() -> None:
    import importlib

    for name in PREIMPORT:
        try:
            importlib.import_module(name)
        except Exception:
            pass


_CHILD: list[int] = []  # the running child, killed if the runner is stopped


def run_child(
    copy: Path, args: list[str], timeout: float, quiet: bool = True, plugins=(), log: str | None = None
) -> tuple[str, float]:
    """Fork, run pytest in the child; -> (status, cpu seconds of the child). ``log``: the
    child's output goes to this file instead of /dev/null."""
    t0 = os.times()
    pid = os.fork()
    if pid == 0:  # child
        try:
            _enter_copy(copy)
            if quiet:
                fd = os.open(log or os.devnull, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                os.dup2(fd, 1)
                os.dup2(fd, 2)
            import pytest

            rc = pytest.main(
                ["-x", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", *args], plugins=list(plugins)
            )
            sys.stdout.flush()
            os._exit(int(rc))
        except BaseException:
            os._exit(3)
    _CHILD[:] = [pid]
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            _CHILD.clear()
            return "timeout", _cpu(t0)
        time.sleep(0.05)
    _CHILD.clear()
    code = os.waitstatus_to_exitcode(status)
    verdict = {0: "survived", 5: "no tests"}.get(code, "killed")
    return verdict, _cpu(t0)


def _cpu(t0) -> float:
    t1 = os.times()
    return (t1.children_user - t0.children_user) + (t1.children_system - t0.children_system)


class _Tracer:
    """pytest plugin (tracing run): which test file opened which table."""

    def __init__(self, data_dir: Path):
        self.data = str(data_dir) + os.sep
        self.current = None
        self.reads: dict[str, set] = {}
        self.durations: dict[str, float] = {}
        sys.addaudithook(self._hook)

    def _hook(self, event, args):
        if event == "open" and self.current and args and isinstance(args[0], (str, os.PathLike)):
            path = os.fspath(args[0])
            if isinstance(path, str) and path.startswith(self.data):
                self.reads.setdefault(path[len(self.data) :], set()).add(self.current)

    def pytest_collectstart(self, collector):
        fspath = getattr(collector, "path", None)
        if fspath is not None and fspath.suffix == ".py":
            self.current = os.path.relpath(fspath)

    def pytest_runtest_setup(self, item):
        for name, mod in list(sys.modules.items()):
            if name == "sheets" or name.startswith("sheets."):
                for obj in list(vars(mod).values()):
                    clear = getattr(obj, "cache_clear", None)
                    if callable(clear) and getattr(obj, "__module__", "") == name:
                        clear()
        self.current = item.nodeid.split("::")[0]
        self._t = time.perf_counter()

    def pytest_runtest_teardown(self, item):
        self.durations[self.current] = self.durations.get(self.current, 0.0) + time.perf_counter() - self._t

    def pytest_sessionfinish(self, session):
        reads = {k: sorted(v) for k, v in self.reads.items()}
        with open(os.environ["MUTATE_TABLES_MAP"], "w", encoding="utf-8") as fh:
            json.dump({"reads": reads, "durations": self.durations}, fh, indent=1, sort_keys=True)


def trace(copy: Path) -> dict:
    print("tracing the suite once (which test file reads which table)...", file=sys.stderr)
    MAP_PATH.parent.mkdir(exist_ok=True)
    os.environ["MUTATE_TABLES_MAP"] = str(MAP_PATH)
    pid = os.fork()
    if pid == 0:
        try:
            _enter_copy(copy)
            import pytest

            fd = os.open(os.devnull, os.O_WRONLY)
            os.dup2(fd, 1)
            rc = pytest.main(
                ["-q", "-p", "no:randomly", "-p", "no:cacheprovider", "tests"],
                plugins=[_Tracer(copy / "data")],
            )
            os._exit(int(rc))
        except BaseException:
            os._exit(3)
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        print("warning: the tracing run was not green (see pytest)", file=sys.stderr)
    return json.loads(MAP_PATH.read_text(encoding="utf-8"))


def load_map(copy: Path, force: bool) -> dict:
    if not force and MAP_PATH.is_file():
        return json.loads(MAP_PATH.read_text(encoding="utf-8"))
    return trace(copy)


def _game_dirs(game: str, base: Path = ROOT) -> list[Path]:
    return [
        d
        for d in sorted((base / "tests").iterdir())
        if d.is_dir() and (d.name == game or d.name.startswith(game + "_"))
    ]


def selection(
    rel: str, tmap: dict, all_tests: bool = False, narrow: bool = False, base: Path = ROOT
) -> list[str]:
    """The traced readers of ``rel``, fastest first, after the test files of the game's test
    folders and the top-level ``tests/test_*.py`` files that the map does not know yet (new
    tests: they run first); ``narrow``: only the
    game's own test folders (tests/<game>, tests/<game>_*)."""
    game = rel.split("/")[0]
    own = [
        p.relative_to(base).as_posix() for d in _game_dirs(game, base) for p in sorted(d.glob("test_*.py"))
    ]
    known = {f for files in tmap["reads"].values() for f in files} | set(tmap["durations"])
    new = [f for f in own if f not in known]
    if not narrow:  # new cross-game test files (tests/test_*.py) the map does not know yet
        new += [
            p.relative_to(base).as_posix()
            for p in sorted((base / "tests").glob("test_*.py"))
            if p.relative_to(base).as_posix() not in known
        ]
    files = [
        f
        for f in tmap["reads"].get(rel, [])
        if (all_tests or f not in SLOW_TESTS) and (not narrow or f in own)
    ]
    durations = tmap["durations"]
    files = [f for f in files if (base / f).is_file()]  # the map may name files since removed
    return new + sorted(files, key=lambda f: (durations.get(f, 0.0), f))


# --------------------------------------------------------------------------- report


def report(results: list[dict], sampled: dict[str, tuple[int, int]], survivors: bool) -> None:
    def row(name, rs, note=""):
        k = sum(r["status"] in ("killed", "timeout") for r in rs)
        s = sum(r["status"] == "survived" for r in rs)
        n = sum(r["status"] == "no tests" for r in rs)
        t = sum(r["status"] == "timeout" for r in rs)
        rate = 100.0 * k / (k + s + n) if rs else 0.0
        print(f"| {name} | {len(rs)} | {k} | {s} | {n} | {t} | {rate:.1f} % | {note} |")

    print("| table | mutants run | killed | survived | no tests | timeout | rate | sample |")
    print("|---|---|---|---|---|---|---|---|")
    games: dict[str, list] = {}
    parts: dict[str, list] = {}
    for rel in sorted({r["file"] for r in results}):
        rs = [r for r in results if r["file"] == rel]
        games.setdefault(rel.split("/")[0], []).extend(rs)
        kind = "labels" if rel.endswith("/" + LABEL_FILE) else "tables"
        parts.setdefault(f"{rel.split('/')[0]} {kind}", []).extend(rs)
        run, total = sampled[rel]
        row(rel, rs, "full" if run == total else f"{run} of {total}")
    for name, rs in sorted(parts.items()):
        row(f"**{name}**", rs)
    for game, rs in sorted(games.items()):
        row(f"**{game}**", rs)
    row("**all**", results)
    if survivors:
        print("\nsurvivors:")
        for r in results:
            if r["status"] in ("survived", "no tests"):
                print(
                    f"  {r['where']}  {r['op']:5} {r['path']}: {r['before']} -> {r['after']}"
                    f"{'  (no tests)' if r['status'] == 'no tests' else ''}"
                )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--file", action="append", help="only tables whose path under data/ contains this")
    ap.add_argument("--op", action="append", choices=["int", "float", "bool", "swap", "name", "label"])
    ap.add_argument("--sample", type=int, default=0, help="at most N mutants per table")
    ap.add_argument(
        "--label-sample", type=int, default=None, help="at most N mutants per labels.yaml (default: --sample)"
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-children", type=int, default=1, help="only 1 is supported (shared machine)")
    ap.add_argument(
        "--timeout", type=float, default=0, help="seconds per mutant (default: 3 x baseline + 30)"
    )
    ap.add_argument("--survivors", action="store_true", help="list surviving mutants with file:line")
    ap.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    ap.add_argument("--trace", action="store_true", help="rebuild the test-selection map first")
    ap.add_argument("--json", help="write every result here")
    ap.add_argument(
        "--rerun",
        help="results JSON of an earlier run: run its survivors (and no-test "
        "mutants) again, keep its other verdicts (tests only add kills)",
    )
    ap.add_argument("--ignore", action="append", help="leave out test files matching this glob")
    ap.add_argument(
        "--narrow",
        action="store_true",
        help="only the game's own test folders (tests/<game>*): faster, a lower bound",
    )
    ap.add_argument("--all-tests", action="store_true", help=f"also run {', '.join(SLOW_TESTS)}")
    opts = ap.parse_args(argv)
    if opts.max_children != 1:
        print("only --max-children 1 is supported", file=sys.stderr)
        return 2

    tables = [
        t
        for t in table_files()
        if (not opts.game or t.split("/")[0] in opts.game)
        and (not opts.file or any(f in t for f in opts.file))
    ]
    plan: dict[str, list[Mutant]] = {}
    sampled: dict[str, tuple[int, int]] = {}
    for rel in tables:
        ms = [m for m in mutants_of(rel) if not opts.op or m.op in opts.op]
        total = len(ms)
        n = opts.sample
        if opts.label_sample is not None and rel.endswith("/" + LABEL_FILE):
            n = opts.label_sample
        if n and total > n:
            rnd = random.Random(f"{opts.seed}:{rel}")
            ms = sorted(rnd.sample(ms, n), key=lambda m: (m.line, m.col, m.op, m.after))
        plan[rel] = ms
        sampled[rel] = (len(ms), total)
    previous: dict[tuple, dict] = {}
    if opts.rerun:
        for r in json.loads(Path(opts.rerun).read_text(encoding="utf-8")):
            previous[(r["file"], r["line"], r["col"], r["op"], r["after"])] = r
        for rel in plan:
            keys = {k for k in previous if k[0] == rel}
            plan[rel] = [m for m in mutants_of(rel) if (m.file, m.line, m.col, m.op, m.after) in keys]
            sampled[rel] = (len(plan[rel]), sampled[rel][1]) if keys else (0, sampled[rel][1])
    if opts.list:
        for rel, ms in plan.items():
            print(
                f"{rel}: {sampled[rel][1]} mutants"
                + (f", {len(ms)} sampled" if len(ms) < sampled[rel][1] else "")
            )
            for m in ms:
                print(f"  {m.where}  {m.op:5} {m.path}: {m.before} -> {m.after}")
        return 0

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # clean the copy up on kill
    _preimport()
    copy = make_copy()
    try:
        tmap = load_map(copy, opts.trace)
        results = []
        todo = sum(len(ms) for ms in plan.values())
        done = 0
        for rel, ms in plan.items():
            if not ms:
                continue
            keep = [
                previous[(m.file, m.line, m.col, m.op, m.after)]
                for m in ms
                if previous.get((m.file, m.line, m.col, m.op, m.after), {}).get("status")
                in ("killed", "timeout")
            ]
            results.extend(keep)
            ms = [
                m
                for m in ms
                if previous.get((m.file, m.line, m.col, m.op, m.after), {}).get("status")
                not in ("killed", "timeout")
            ]
            if not ms:
                continue
            sel = [
                f
                for f in selection(rel, tmap, opts.all_tests, opts.narrow, copy)
                if not any(fnmatch.fnmatch(f, g) for g in opts.ignore or ())
            ]
            target = copy / "data" / rel
            original = target.read_text(encoding="utf-8")
            timeout = opts.timeout
            if not sel:
                status_all = "no tests"
            else:
                status_all = None
                log = copy.parent / "baseline.log"
                verdict, cpu = run_child(copy, sel, timeout=1800, log=str(log))
                if verdict != "survived":
                    tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-15:]
                    print(
                        f"{rel}: the unmutated selection is not green ({verdict}); skipped; "
                        f"its pytest output ends:",
                        *("    " + t for t in tail),
                        sep="\n",
                        file=sys.stderr,
                    )
                    continue
                timeout = timeout or 3 * max(cpu, 5.0) + 30
                print(
                    f"{rel}: {len(ms)} mutants, {len(sel)} test files, baseline {cpu:.1f} s CPU",
                    file=sys.stderr,
                )
            for m in ms:
                done += 1
                if status_all:
                    status, cpu = status_all, 0.0
                else:
                    target.write_text(m.apply(original), encoding="utf-8")
                    try:
                        status, cpu = run_child(copy, sel, timeout=timeout)
                    finally:
                        target.write_text(original, encoding="utf-8")
                print(
                    f"  [{done}/{todo}] {status:8} {m.where} {m.op} {m.path}: {m.before} -> {m.after}"
                    f" ({cpu:.1f} s)",
                    file=sys.stderr,
                )
                results.append({**asdict(m), "where": m.where, "status": status, "cpu": round(cpu, 2)})
                if opts.json:  # after every mutant: a stopped run keeps what it measured
                    Path(opts.json).write_text(
                        json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8"
                    )
    finally:
        for pid in _CHILD:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        shutil.rmtree(copy.parent, ignore_errors=True)
    if opts.json:
        Path(opts.json).write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
    report(results, sampled, opts.survivors)
    return 0


if __name__ == "__main__":
    sys.exit(main())
