"""One fuzz harness for every game, loader and importer (issue 10).

A *seed* is a real input: every bundled sample (``data/units/**``), every test fixture
(``tests/**/fixtures/**``) and the shared fixtures of other tools when present. A *case* is a seed
mutated by a few random operations (text level for every format; structure level for YAML) and
one command run on it in-process: ``validate``, ``info``, ``roster`` (md/json), ``render`` (also
with ``--jobs 2`` beside three clean copies, so that a forked worker loads it) for unit
files and the formats games read directly (``Game.file_formats``), ``import <format>`` for importer
inputs. :func:`check` asserts the contract: exit code 0 or 1, no traceback or internal error,
every stderr line ``file:line:col: message`` / ``file: message`` (or a known progress line),
bounded time and output, and nothing written on failure.

Adding a game needs nothing here when its samples live in ``data/units/<game>/`` and its
importer fixtures in ``tests/<dir>/fixtures/``; a new importer adds its suffixes to
``IMPORTER_SUFFIXES`` (a test fails until it does).
"""

from __future__ import annotations

import copy
import os
import random
import re
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from sheets.core.data import data_root

TESTS = Path(__file__).resolve().parent.parent
SHARED_FIXTURES = Path(__file__).resolve().parents[3] / "shared" / "fixtures"  # beside the checkout

# importer name (``Game.importers``) -> suffixes of the files it reads
IMPORTER_SUFFIXES = {"megamek": (".blk", ".mul"), "battlescribe": (".ros", ".rosz")}

MAX_SECONDS = 30.0  # one case; longer counts as a hang
MAX_STDOUT = 4 * 1024 * 1024
MAX_STDERR = 200 * 1024

HOSTILE = [
    "\x1b",
    "\x07",
    "\uffff",
    "\x00",
    "\x7f",
    "\u202e",
    "\ufeff",
    "\u0301",
    "\U0001f916",
    "漢字",
    "Ω",
    "\t",
    "\r",
    "\r\n",
    "{{ 7*7 }}",
    "{% for %}",
    "[url=javascript:x]",
    "<script>",
    "| a |",
    "9" * 5000,
    "1e999",
    "-1",
    "-0",
    "0x1F",
    "1_000",
    ".nan",
    "-.inf",
    ".inf",
    "~",
    "null",
    "yes",
    "'",
    '"',
    ":",
    ": ",
    "- ",
    "-",
    "? ",
    "&a ",
    "*a",
    "<<: *a",
    "<<: 5",
    "!!int abc",
    "!!binary aGk=",
    "!!python/object:os.system x",
    "!!timestamp x",
    "!!float x",
    "!!bool maybe",
    "!!set {a}",
    "2001-02-30",
    "%YAML 1.1",
    "---",
    "...",
    "#",
    "@",
    "`",
    "{",
    "}",
    "[",
    "]",
    ",",
    "\\",
    "../../../etc/passwd",
    "/dev/zero",
    "from: /etc/passwd",
    "from: ../x.yaml",
    "x" * 3000,
    "<Name>",
    "</Name>",
    "<tonnage>",
    "&amp;",
    "&#0;",
    "<!ENTITY x SYSTEM 'file:///etc/passwd'>",
    "<!DOCTYPE x [<!ENTITY a 'aaaa'>]>",
    "]]>",
    "<![CDATA[",
    "=",
    "\u0000",
]
YAML_VALUES = [
    None,
    True,
    False,
    0,
    -1,
    -999999,
    10**40,
    2.5,
    float("nan"),
    float("inf"),
    "",
    " ",
    "x" * 300,
    "\U0001f916",
    "漢字",
    "[url=x]",
    "a\x1bb",
    [],
    {},
    [1, 2],
    {"a": 1},
    "2001-02-03",
    "99999",
    {"from": "../../../etc/passwd"},
    {"from": "missing.yaml"},
]


@dataclass(frozen=True)
class Seed:
    path: Path
    kind: str  # "units" (validate/info/roster/render) or an importer name

    @property
    def label(self) -> str:
        try:
            return str(self.path.relative_to(TESTS.parent))
        except ValueError:
            return str(self.path)


def _unit_suffixes() -> set[str]:
    from sheets.core.game import all_games

    suffixes = {".yaml", ".yml"}
    for game in all_games():
        suffixes.update((getattr(game, "file_formats", None) or {}).keys())
    return suffixes


def seeds() -> list[Seed]:
    """Every sample and fixture, each with how it is read."""
    unit_suffixes = _unit_suffixes()
    by_suffix = {s: name for name, suffixes in IMPORTER_SUFFIXES.items() for s in suffixes}
    found: list[Seed] = []
    roots = [data_root() / "units", *sorted(TESTS.glob("**/fixtures"))]
    if SHARED_FIXTURES.is_dir():
        roots.append(SHARED_FIXTURES)
    seen = set()
    for root in roots:
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            if path in seen or "/hardening/" in str(path):
                continue
            seen.add(path)
            suffix = path.suffix.lower()
            if suffix in unit_suffixes:
                found.append(Seed(path, "units"))
            if suffix in by_suffix and suffix not in (".yaml", ".yml"):
                found.append(Seed(path, by_suffix[suffix]))
    return found


# -- mutations ---------------------------------------------------------------------------------


def _text_op(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    op = rng.randrange(9)
    if op == 0 and len(lines) > 1:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[i])
    elif op == 2:
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
    elif op == 3:
        at = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:at] + rng.choice(HOSTILE) + lines[i][at:]
    elif op == 4 and ":" in lines[i]:
        key = lines[i].split(":", 1)[0]
        lines[i] = f"{key}: {rng.choice(HOSTILE)}"
    elif op == 5:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 6:
        return "\n".join(lines)[: rng.randrange(len(text) + 1)]
    elif op == 7:
        digits = re.sub(
            r"\d+",
            lambda m: rng.choice(
                ["9" * rng.randrange(1, 6000), "-" + m.group(), "0", m.group() * 3, "1.5", ".nan"]
            ),
            lines[i],
            count=1,
        )
        lines[i] = digits
    else:
        lines.insert(i, rng.choice(HOSTILE))
    return "\n".join(lines)


def _nodes(value, path=(), seen=()):
    yield path, value
    if id(value) in seen or len(path) > 40:  # shared values are fine, cycles are not walked
        return
    if isinstance(value, dict):
        for k, v in list(value.items()):
            yield from _nodes(v, path + (k,), seen + (id(value),))
    elif isinstance(value, list):
        for n, v in enumerate(value):
            yield from _nodes(v, path + (n,), seen + (id(value),))


def _get(root, path):
    for step in path:
        root = root[step]
    return root


def _yaml_op(doc, rng: random.Random):
    nodes = list(_nodes(doc))
    path, value = rng.choice(nodes)
    if not path:
        return doc
    parent = _get(doc, path[:-1])
    key = path[-1]
    op = rng.randrange(6)
    if op == 0:
        del parent[key]
    elif op == 1:
        parent[key] = rng.choice(YAML_VALUES)
    elif op == 2:
        other_path, other = rng.choice(nodes)
        if other_path and other_path[: len(path)] != path and path[: len(other_path)] != other_path:
            parent[key] = copy.deepcopy(other)  # a copy: never a cycle
    elif op == 3 and isinstance(value, dict):
        value[rng.choice(["nmae", "extra", "from", "name", "<<", 7, "units", "system"])] = rng.choice(
            YAML_VALUES
        )
    elif op == 4 and isinstance(value, list) and value:
        value.extend([value[0]] * rng.choice([1, 5, 50, 600]))
    elif op == 5 and isinstance(value, str):
        at = rng.randrange(len(value) + 1)
        parent[key] = value[:at] + rng.choice(HOSTILE) + value[at:]
    return doc


def _anchor_op(text: str, rng: random.Random) -> str:
    """Anchors, aliases and merge keys the YAML dumper never writes."""
    lines = text.split("\n")
    candidates = [n for n, l in enumerate(lines) if re.match(r"^\s*(- )?[\w ]+:\s*\S", l)]
    if len(candidates) < 2:
        return text
    a, b = sorted(rng.sample(candidates, 2))
    m = re.match(r"^(\s*(?:- )?[\w ]+:\s*)(.*)$", lines[a])
    lines[a] = f"{m.group(1)}&x {m.group(2)}"
    mb = re.match(r"^(\s*(?:- )?[\w ]+:\s*)(.*)$", lines[b])
    lines[b] = mb.group(1) + rng.choice(["*x", "[*x, *x, *x]", "{<<: *x}", "*y"])
    if rng.random() < 0.3:
        indent = re.match(r"^\s*", lines[b]).group()
        lines.insert(b, f"{indent}<<: *x")
    return "\n".join(lines)


def mutate(data: bytes, suffix: str, rng: random.Random, ops: int) -> bytes:
    """``data`` after ``ops`` random mutations; binary containers get byte-level ones."""
    if suffix == ".rosz":
        buf = bytearray(data)
        for _ in range(ops):
            choice = rng.randrange(3)
            if choice == 0 and buf:
                buf[rng.randrange(len(buf))] = rng.randrange(256)
            elif choice == 1:
                del buf[rng.randrange(len(buf) + 1) :]
            else:
                at = rng.randrange(len(buf) + 1)
                buf[at:at] = os.urandom(rng.randrange(1, 16))
        return bytes(buf)
    text = data.decode("utf-8", "replace")
    for _ in range(ops):
        kind = rng.random()
        if suffix in (".yaml", ".yml") and kind < 0.45:
            try:
                doc = yaml.safe_load(text)
            except Exception:
                doc = None
            if isinstance(doc, (dict, list)):
                doc = _yaml_op(doc, rng)
                try:
                    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=10**6)
                except Exception:
                    pass
                continue
        if suffix in (".yaml", ".yml") and kind < 0.55:
            text = _anchor_op(text, rng)
            continue
        text = _text_op(text, rng)
    if rng.random() < 0.05:
        return text.encode("utf-8", "surrogatepass")[: rng.randrange(len(text) + 1)] + b"\xff\xfe"
    return text.encode("utf-8", "surrogatepass")


# -- running a case ----------------------------------------------------------------------------

COMMANDS = (
    "validate",
    "info",
    "info-json",
    "roster-md",
    "roster-json",
    "roster-bbcode",
    "render",
    "render-jobs",
)
WEIGHTS = (30, 15, 10, 15, 8, 7, 15, 4)


@dataclass
class Outcome:
    command: list
    exit_code: int
    stdout: bytes
    stderr: str
    seconds: float
    before: set
    after: set
    output: Path | None
    problems: list = field(default_factory=list)


def command_for(seed: Seed, target: Path, out: Path, rng: random.Random) -> list:
    if seed.kind != "units":
        return ["import", seed.kind, target, "-o", out]
    name = rng.choices(COMMANDS, WEIGHTS)[0]
    lang = rng.choice(["en", "ru"])
    if name == "validate":
        return ["validate", target]
    if name == "info":
        return ["info", target, "--lang", lang]
    if name == "info-json":
        return ["info", target, "--json"]
    if name.startswith("roster-"):
        return ["roster", target, "--format", name.split("-")[1], "--lang", lang, "-o", out]
    if name == "render-jobs":  # loaded on two processes: the mutated file by the forked worker
        copies = []
        for i in range(3):
            copy = target.with_name(f"copy{i}{target.suffix}")
            copy.write_bytes(seed.path.read_bytes())
            copies.append(copy)
        return ["render", *copies, target, "--jobs", "2", "--lang", lang, "-o", out]
    return ["render", target, "--lang", lang, "--paper", rng.choice(["a4", "letter"]), "-o", out]


def run(args: list) -> tuple[int, bytes, str]:
    from click.testing import CliRunner

    from sheets.cli import cli as group

    result = CliRunner().invoke(group, [str(a) for a in args], catch_exceptions=True)
    code = result.exit_code
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        tb = "".join(traceback.format_exception(result.exception))
        return 99, result.stdout_bytes, result.stderr + "\nTraceback (uncaught in the CLI)\n" + tb
    return code, result.stdout_bytes, result.stderr


def run_case(seed: Seed, rng: random.Random, workdir: Path) -> Outcome:
    """Mutate ``seed`` into ``workdir`` and run one command on it."""
    data = seed.path.read_bytes()
    mutated = mutate(data, seed.path.suffix.lower(), rng, rng.choice([1, 1, 2, 3, 5]))
    target = workdir / seed.path.name
    target.write_bytes(mutated)
    out = workdir / ("out" + (".yaml" if seed.kind != "units" else ".pdf"))
    args = command_for(seed, target, out, rng)
    if args[0] == "roster":
        out = out.with_suffix("." + args[3])  # the suffix of -o names the format (issue 20)
        args[-1] = out
    before = {p.name for p in workdir.iterdir()}
    start = time.monotonic()
    code, stdout, stderr = run(args)
    seconds = time.monotonic() - start
    after = {p.name for p in workdir.iterdir()}
    return Outcome(args, code, stdout, stderr, seconds, before, after, out)


LINE = re.compile(r"^(?P<file>[^:\n]+?)(?::(?P<line>\d+):(?P<col>\d+))?: (?P<msg>\S.*)$")
# the progress lines a command may print on standard error, in English and in Russian
INFO_LINES = re.compile(
    r"^(wrote |imported |\(stdout\)|warning: |layout: "
    r"|записан |записаны |\(стандартный вывод\)|предупреждение: |вёрстка: )"
)


def check(o: Outcome, workdir: Path) -> list[str]:
    """Contract violations of one case (empty when it kept the contract)."""
    bad = []
    if o.exit_code not in (0, 1):
        bad.append(f"exit code {o.exit_code}")
    if "Traceback" in o.stderr or "internal error" in o.stderr:
        bad.append("traceback / internal error")
    if o.seconds > MAX_SECONDS:
        bad.append(f"took {o.seconds:.1f} s")
    if len(o.stdout) > MAX_STDOUT:
        bad.append(f"stdout {len(o.stdout)} bytes")
    if len(o.stderr) > MAX_STDERR:
        bad.append(f"stderr {len(o.stderr)} characters")
    prefix = str(workdir)
    for line in o.stderr.splitlines():
        if INFO_LINES.match(line):
            continue
        m = LINE.match(line)
        if not m or not m.group("file").startswith(prefix):
            bad.append(f"stderr line not 'file:line:col: message': {line[:200]!r}")
            break
    added = o.after - o.before
    if o.exit_code != 0 and added:
        bad.append(f"files written on failure: {sorted(added)}")
    if o.exit_code == 0 and added - {o.output.name}:
        bad.append(f"unexpected files: {sorted(added - {o.output.name})}")
    return bad


# -- rule-table overrides (--data-dir) -------------------------------------------------------


def table_seeds() -> list[Path]:
    """Every bundled rule table (``data/<game>/*.yaml``), the files ``--data-dir`` replaces."""
    root = data_root()
    return sorted(p for p in root.glob("*/*.yaml") if p.parent.name != "units")


def clear_caches() -> None:
    """Forget every table a ``sheets`` module cached (functools caches), so an override is read."""
    import sys

    for name, module in list(sys.modules.items()):
        if name == "sheets" or name.startswith("sheets."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def run_table_case(table: Path, rng: random.Random, workdir: Path) -> Outcome:
    """A mutated copy of one bundled table in a data folder, then a command on a sample of the
    table's game (``render`` for labels and layouts, ``info`` otherwise)."""
    game = table.parent.name
    relative = table.relative_to(data_root())
    override = workdir / "data" / relative
    override.parent.mkdir(parents=True)
    override.write_bytes(mutate(table.read_bytes(), ".yaml", rng, rng.choice([1, 1, 2, 3])))
    samples = sorted((data_root() / "units" / game).glob("*.yaml")) if game != "common" else []
    sample = rng.choice(samples or sorted((data_root() / "units" / "battletech").glob("*.yaml")))
    sample = Path(shutil.copy(sample, workdir / sample.name))  # its messages name the work folder
    out = workdir / "out.pdf"
    command = rng.choice(["info", "render", "validate"])
    args = ["--data-dir", workdir / "data", command, sample]
    if command == "render":
        args += ["-o", out]
    before = {p.name for p in workdir.iterdir()}
    from sheets.core.data import OVERRIDE_ENV

    saved = os.environ.get(OVERRIDE_ENV)  # --data-dir sets it for the process: put it back
    clear_caches()
    start = time.monotonic()
    try:
        code, stdout, stderr = run(args)
    finally:
        if saved is None:
            os.environ.pop(OVERRIDE_ENV, None)
        else:
            os.environ[OVERRIDE_ENV] = saved
        clear_caches()
    seconds = time.monotonic() - start
    return Outcome(args, code, stdout, stderr, seconds, before, {p.name for p in workdir.iterdir()}, out)
