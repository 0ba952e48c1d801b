"""Case generators of issue 19 for the fuzz harness: what the mutation harness (fuzz_harness.py)
never produced. Each generator makes one case from a ``random.Random``: it writes its files into
a work folder and returns a :class:`Case` (the command, Python to run in the child first, and what
the case promises beyond the common contract). :func:`run` runs it in a bounded child
(tests/hardening/bounded.py: 1 GiB of address space, 10 s) and :func:`check` lists every broken
promise. test_fuzz_bounded.py runs a fixed sample in CI and ``--fuzz-long=N`` runs more.

Generators: ``template`` (compile-time folding, format widths and precisions, exponents, output
growth, recursion), ``alias`` (alias fan-out under the schema check: lists, mappings and merge
keys repeated through aliases, and repeated ``from:`` references), ``output-input`` (``-o`` aimed
at every input of a ``render --jobs 2`` or of the default parallel loading: unit files, ``from:``
files) and ``rename-signal`` (SIGTERM / SIGINT during the renames of a multi-file output, through
``write_files`` and ``import megamek -d``).
"""

from __future__ import annotations

import hashlib
import random
import re
import shutil
import signal
from dataclasses import dataclass, field
from pathlib import Path

from sheets.core.data import data_root

from .bounded import LIMIT_BYTES, LIMIT_SECONDS, Run, bounded_cli

SAMPLES = data_root() / "units"
TESTS = Path(__file__).resolve().parent.parent
LINE = re.compile(r"^(?P<file>[^:\n]+?)(?::(?P<line>\d+):(?P<col>\d+))?: (?P<msg>\S.*)$")
INFO = re.compile(r"^(wrote |imported |\(stdout\)|warning: |layout: |Error: )")


@dataclass
class Case:
    generator: str
    args: list
    workdir: Path
    prelude: str = ""
    codes: tuple = (0, 1)  # exit codes the case may end with
    inputs: list = field(default_factory=list)  # files that must be unchanged afterwards
    expect_stderr: str = ""  # a text stderr must hold
    all_or_none: list = field(default_factory=list)  # [(path, old bytes or None, new bytes)]
    outputs: list = field(default_factory=list)  # files a failed command must not leave


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


# -- templates ------------------------------------------------------------------------------------

_FOLD = [
    "'x'|center({n})|replace(' ','a ')|urlize|urlize",
    "'ab' * {n}",
    "('x'|center({n}))|wordwrap(3)",
    "range({n})|list|join(',')",
    "'%s' % ('x'|center({n}))",
]
_WIDTH = [
    "'{{:>{w}}}'.format(1)",
    "'{{:.{w}f}}'.format(1.5)",
    "'%*d' % ({w}, 1)",
    "'%.*f' % ({w}, 1)",
    "'%{w}d'|format(7)",
    "'{{:>{{w}}}}'.format(1, w={w})",
    "'{{0:{w}}}{{0:{w}}}'.format('a')",
    "'x'|center({w})",
    "'a'|indent({w}, true)",
    "'x'.rjust({w})",
    "'x'.zfill({w})",
]
_NUMBERS = [1, 9, 99, 9999, 10000, 99999, 10**6, 10**6 + 1, 999999999, 3999999999]
_POWER = ["{a} ** {b}", "({a} ** {b}) ** {b}", "{a} * {a} * {a} * {a}", "{a} // 0", "{a} % 0"]


def _growth(rng: random.Random) -> str:
    op = rng.choice(["~", "+"])
    steps = rng.choice([5, 20, 23, 40])
    seed = rng.choice(["'x'", "'ab'", "name"])
    kind = rng.randrange(4)
    if kind == 0:
        return (
            f"{{% set ns = namespace(s={seed}) %}}{{% for i in range({steps}) %}}"
            f"{{% set ns.s = ns.s {op} ns.s %}}{{% endfor %}}{{{{ ns.s|length }}}}"
        )
    if kind == 1:
        return f"{{% macro f(s, n) %}}{{% if n %}}{{{{ f(s {op} s, n - 1) }}}}{{% endif %}}{{% endmacro %}}{{{{ f({seed}, {steps}) }}}}"
    if kind == 2:
        return f"{{{{ (['x'|center({rng.choice(_NUMBERS[:7])})] * {rng.choice([2, 100, 1000])})|{rng.choice(['join', 'pprint|length', 'tojson|length', 'string|length'])} }}}}"
    return f"{{{{ 'x'|center({rng.choice(_NUMBERS[:7])})|replace(' ', {rng.choice(['xx', 'x' * 999, ''])!r}) }}}}"


def _recursion(rng: random.Random) -> str:
    return rng.choice(
        [
            "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}",
            "{% macro f(n) %}{{ n }}{% if n %}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(N) }}".replace(
                "N", str(rng.choice([10, 500, 5000]))
            ),
            "{{ " + "(" * rng.choice([10, 200, 5000]) + "1" + ")" * 10 + " }}",
            "{% for a in range(3) %}" * rng.choice([2, 19, 25]) + "x" + "{% endfor %}" * 3,
        ]
    )


def template_case(rng: random.Random, workdir: Path) -> Case:
    parts = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(["fold", "width", "power", "growth", "recursion", "loop"])
        if kind == "fold":
            chain = rng.choice(_FOLD).format(n=rng.choice(_NUMBERS[:7]))
            parts.append(f"{{% if name == 'never' %}}{{{{ {chain} }}}}{{% endif %}}")
        elif kind == "width":
            parts.append("{{ " + rng.choice(_WIDTH).format(w=rng.choice(_NUMBERS)) + " }}")
        elif kind == "power":
            parts.append(
                "{{ "
                + rng.choice(_POWER).format(a=rng.choice(_NUMBERS[:8]), b=rng.choice([2, 64, 65, 999999]))
                + " }}"
            )
        elif kind == "growth":
            parts.append(_growth(rng))
        elif kind == "recursion":
            parts.append(_recursion(rng))
        else:
            parts.append(
                "{% set r = range(" + str(rng.choice([10, 3000, 100000])) + ") %}"
                "{% for i in r %}{% for j in r %}{% endfor %}{% endfor %}"
            )
    tpl = workdir / "t.j2"
    tpl.write_text("\n".join(parts), encoding="utf-8")
    unit = Path(shutil.copy(SAMPLES / "battletech" / "point-alpha.yaml", workdir / "u.yaml"))
    fmt = rng.choice(["md", "html", "bbcode"])
    out = workdir / f"out.{fmt}"
    prelude = "from sheets.render import text; text.MAX_SECONDS = 2.0"  # the limit, shortened
    return Case(
        "template",
        ["roster", unit, "--format", fmt, "--template", tpl, "-o", out],
        workdir,
        prelude,
        inputs=[unit, tpl],
        outputs=[out],
    )


# -- alias fan-out ----------------------------------------------------------------------------------


def alias_case(rng: random.Random, workdir: Path) -> Case:
    tags = rng.choice([3, 100, 1000, 5000])
    weapons = rng.choice([2, 100, 1000])
    units = rng.choice([2, 50, 499])
    how = rng.choice(["merge", "alias", "from"])
    t = "&t [" + ", ".join(["t"] * tags) + "]"
    ws = "&ws [&w {name: W, range: 2, tags: " + t + "}, " + ", ".join(["*w"] * (weapons - 1)) + "]"
    head = "{name: U, kind: squad, armor: {type: soldier, level: 3}, move: 1, points: 1, weapons: " + ws + "}"
    if how == "from":
        (workdir / "base.yaml").write_text("system: dust\nunits:\n  - " + head + "\n", encoding="utf-8")
        body = "".join("  - {from: base.yaml, name: U}\n" for _ in range(units))
        inputs = [workdir / "base.yaml"]
    else:
        body = (
            "  - &u "
            + head
            + "\n"
            + "".join(
                (f"  - {{<<: *u, name: U{i}}}\n" if how == "merge" else "  - *u\n") for i in range(units - 1)
            )
        )
        inputs = []
    f = workdir / "bomb.yaml"
    f.write_text("system: dust\nunits:\n" + body, encoding="utf-8")
    command = rng.choice(["validate", "info", "roster"])
    args = [command, f] + (["--format", "json", "-o", workdir / "out.json"] if command == "roster" else [])
    return Case("alias", args, workdir, inputs=[f, *inputs], outputs=[workdir / "out.json"])


# -- -o aimed at an input of a parallel load ---------------------------------------------------------


def output_input_case(rng: random.Random, workdir: Path) -> Case:
    game = rng.choice(["battletech", "dust", "lnl"])
    sample = {
        "battletech": SAMPLES / "battletech" / "roc.yaml",
        "dust": SAMPLES / "dust" / "sample_force.yaml",
        "lnl": SAMPLES / "lnl" / "hill30_us.yaml",
    }[game]
    default = rng.random() < 0.4  # no --jobs: the default parallel loading (files of 128 KiB or more)
    pad = "#" + "x" * (40 * 1024) + "\n" if default else ""
    text = sample.read_text(encoding="utf-8") + pad
    n = rng.randint(3, 6)
    files = []
    for i in range(n):
        p = workdir / f"f{i}.yaml"
        p.write_text(text, encoding="utf-8")
        files.append(p)
    ref = workdir / "ref.yaml"
    ref.write_text(text, encoding="utf-8")
    first = re.findall(r"^  - name: (.+)$", text, re.M)[0]  # the unit ref.yaml gives
    k = rng.randrange(n)  # the file that pulls in ref.yaml (loaded by whichever process)
    files[k].write_text(
        f'system: {game}\nunits:\n  - {{from: ref.yaml, name: "{first}"}}\n' + pad, encoding="utf-8"
    )
    target = rng.choice([ref, *files])
    link = None
    if rng.random() < 0.2:  # through a symlink
        link = workdir / "link.pdf"
        link.symlink_to(target)
    args = ["render", *files] + ([] if default else ["--jobs", "2"]) + ["-o", link or target]
    prelude = "from sheets.render import parallel; parallel.idle_cpus = lambda: 2" if default else ""
    return Case(
        "output-input",
        args,
        workdir,
        prelude,
        codes=(2,),
        inputs=[ref, *files],
        expect_stderr="is an input of this command",
    )


# -- signals during the renames of a multi-file output -------------------------------------------------


RENAME_SIGNALS = (
    signal.SIGTERM,
    signal.SIGINT,
    signal.SIGHUP,
    signal.SIGUSR1,
    signal.SIGUSR2,
    signal.SIGALRM,
)


def rename_signal_case(rng: random.Random, workdir: Path) -> Case:
    signum = rng.choice(RENAME_SIGNALS)
    after = rng.randint(1, 3)  # the signal arrives after this many renames
    prelude = (
        "import os\nreal = os.replace\ncount = [0]\n"
        "def replace(src, dst):\n    real(src, dst)\n    count[0] += 1\n"
        f"    if count[0] == {after}:\n        os.kill(os.getpid(), {int(signum)})\n"
        "os.replace = replace\n"
    )
    out = workdir / "out"
    if rng.random() < 0.5:
        blk = sorted((TESTS / "megamek" / "fixtures").glob("*.blk"))
        chosen = rng.sample(blk, min(len(blk), rng.randint(2, 4)))
        out.mkdir()
        expected = []
        for p in chosen:
            old = b"old\n" if rng.random() < 0.5 else None
            if old:
                (out / f"{p.stem}.yaml").write_bytes(old)
            expected.append((out / f"{p.stem}.yaml", old, None))
        args = ["import", "megamek", *chosen, "-d", out]
    else:
        # a multi-file output without the CLI: write_files itself
        count = rng.randint(2, 5)
        out.mkdir()
        expected = []
        for i in range(count):
            old = b"old" if rng.random() < 0.5 else None
            if old:
                (out / f"{i}.png").write_bytes(old)
            expected.append((out / f"{i}.png", old, f"new {i}".encode()))
        files = [(str(p), new.decode()) for p, _, new in expected]
        prelude += f"from sheets.core.fsio import write_files\nwrite_files({files!r})\nraise SystemExit(0)\n"
        args = []
    return Case(
        "rename-signal",
        args,
        workdir,
        prelude,
        codes=(0, 1, 130, *(-s for s in RENAME_SIGNALS)),
        all_or_none=expected,
    )


GENERATORS = {
    "template": template_case,
    "alias": alias_case,
    "output-input": output_input_case,
    "rename-signal": rename_signal_case,
}


def run(case: Case) -> Run:
    before = {p: _digest(p) for p in case.inputs}
    result = bounded_cli(case.args, cwd=case.workdir, prelude=case.prelude)
    result.inputs_changed = [str(p) for p, d in before.items() if _digest(p) != d]
    return result


def check(case: Case, r: Run) -> list[str]:
    """The promises ``r`` broke (empty when it kept them all)."""
    bad = []
    if r.timed_out:
        return [f"still running after {LIMIT_SECONDS:g} s"]
    if r.returncode not in case.codes:
        bad.append(f"exit code {r.returncode} (expected one of {case.codes})")
    if "Traceback" in r.stderr and case.generator != "rename-signal" or "internal error" in r.stderr:
        bad.append("traceback / internal error")
    if r.peak_bytes >= LIMIT_BYTES:
        bad.append(f"peak memory {r.peak_bytes} bytes")
    if "MemoryError" in r.stderr:
        bad.append("MemoryError outside the template's own ceiling")
    if r.inputs_changed:
        bad.append(f"inputs changed: {r.inputs_changed}")
    if case.expect_stderr and case.expect_stderr not in r.stderr:
        bad.append(f"stderr lacks {case.expect_stderr!r}")
    if case.generator != "rename-signal":
        prefix = str(case.workdir)
        for line in r.stderr.splitlines():
            if INFO.match(line):
                continue
            m = LINE.match(line)
            if not m or not (m.group("file").startswith(prefix) or m.group("file") == "-"):
                bad.append(f"stderr line not 'file:line:col: message': {line[:200]!r}")
                break
    if r.returncode not in (0, None):
        left = [str(p) for p in case.outputs if p.exists()]
        if left:
            bad.append(f"files written on failure: {left}")
    if case.all_or_none:
        now = [p.read_bytes() if p.exists() else None for p, _, _ in case.all_or_none]
        old = [o for _, o, _ in case.all_or_none]
        all_new = all(
            got is not None and (want is None or got == want) and got != o
            for got, (_, o, want) in zip(now, case.all_or_none)
        )
        all_old = now == old
        if not (all_new or all_old):
            bad.append(
                f"part of a multi-file output: {[(str(p), n) for (p, _, _), n in zip(case.all_or_none, now)]}"
            )
        leftovers = [p.name for p in case.workdir.rglob(".sheets-*.tmp")]
        if leftovers:
            bad.append(f"temporary files left: {leftovers}")
    return bad
