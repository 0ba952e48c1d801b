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
files), ``rename-signal`` (SIGTERM, SIGINT, SIGHUP, SIGUSR1/2, SIGALRM during the renames of a
multi-file output, through ``write_files`` and ``import megamek -d``), ``settings`` (a generated
``sheets.toml``, the user's own or planted in the working folder, now and then a FIFO or a link to
``/dev/zero``, before a command: exit 0/1, positioned messages, nothing written where it said) and
``calc-request`` (the page's ``POST /api/calc``: calculators, fields of every JSON type, unit
references to opened files and to server paths, opened files in odd names and encodings: 200 or a
4xx with a message).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import shutil
import signal
from dataclasses import dataclass, field
from pathlib import Path

from sheets.core.data import data_root

from .bounded import LIMIT_BYTES, LIMIT_SECONDS, Run, bounded_cli
from .fuzz_harness import HOSTILE

SAMPLES = data_root() / "units"
TESTS = Path(__file__).resolve().parent.parent
LINE = re.compile(r"^(?P<file>[^:\n]+?)(?::(?P<line>\d+):(?P<col>\d+))?: (?P<msg>\S.*)$")
INFO = re.compile(r"^(wrote |imported |\(stdout\)|warning: |layout: |Error: |read |next: |kept )")


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
    env: dict = field(default_factory=dict)  # the child's environment, over the test's
    never: list = field(default_factory=list)  # files that must not exist afterwards


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


# -- MegaMek forces (.mul) and their units folder ---------------------------------------------------

_MUL_HOSTILE = ["\u202e", "漢字", "\U0001f916", '"', "&quot;", "'", "<", "&amp;", " " * 3, "x" * 500, "Ω"]


def _mul_text(rng: random.Random) -> str:
    return rng.choice(["Kael Ward", "Оля Климова", "", " ", "A" * rng.choice([59, 60, 61, 500])]) + (
        rng.choice(_MUL_HOSTILE) if rng.random() < 0.3 else ""
    )


def _mul_entity(rng: random.Random, names: list):
    """One unit as MegaMek writes it: a chassis of the folder, a typo of one, another kind or
    an unknown name; its pilot in either layout with any value; ammo, damage, a <Force>."""
    from megamek.mul_writer import Ammo, Entity, Pilot

    chassis, model = rng.choice(names)
    kind = rng.random()
    if kind < 0.1:
        chassis = chassis[:-1] + "x"  # a typo: "did you mean"
    elif kind < 0.15:
        chassis, model = rng.choice(
            [("Atlas", "AS7-D"), ("Manticore Heavy Tank", ""), ("", ""), (_mul_text(rng), "")]
        )

    def skill():
        return rng.choice([0, 4, 8, 9, -1, "x", "", " 3 ", "3.5", "99999999999"])

    pilot = Pilot(
        _mul_text(rng),
        nick=_mul_text(rng) if rng.random() < 0.3 else "",
        gunnery=skill(),
        piloting=skill(),
        hits=rng.choice([0, 0, 1, 5, "Dead", "x"]),
        ejected=rng.random() < 0.1,
        rpg_gunnery=(skill(), skill(), skill()) if rng.random() < 0.1 else None,
    )
    force = rng.choice(
        ["", "Star Alpha|1||", "Star|1||Point 1|2||", "Star|1||Point 2|3||", "S\\P|2", "||", "|||" * 50]
    )
    ammo = [
        Ammo(
            rng.randrange(7),
            rng.choice(["Clan Ammo SRM-1", "Nope Ammo", "CLPlasmaCannonAmmo"]),
            rng.choice([0, 5, 20, -1, 10**9]),
        )
        for _ in range(rng.choice([0, 0, 1, 3]))
    ]
    embedded = None
    if rng.random() < 0.1:
        embedded = rng.choice(
            [
                (TESTS / "megamek" / "fixtures" / "Harpy.blk").read_bytes().replace(b"Harpy", b"Custom"),
                b"x" * rng.choice([10, 3 * 1024 * 1024]),  # the cap, and far past it (a gzip bomb)
            ]
        )
    return Entity(
        chassis,
        model,
        rng.choice(["Biped", "Quad", "WiGE", "Tracked", "Двуногий"]),
        pilot,
        crew=rng.choice(["pilot", "mekhq"]),
        ammo=ammo,
        armor={2: 1} if rng.random() < 0.1 else {},
        destroyed=(1,) if rng.random() < 0.05 else (),
        game_id=rng.choice([None, 0, 7]),
        force=force,
        embedded=embedded,
        embedded_name="Custom.blk",
    )


def _mul_bytes_op(data: bytes, rng: random.Random) -> bytes:
    """What a hand or another tool does to a force file: an encoding MegaMek never writes, a DTD,
    a cut, text and elements inserted, nesting and fan-out past the caps."""
    op = rng.randrange(8)
    if op == 0:
        enc = rng.choice(["x-foo", "base64", "zlib", "utf-16", "UTF-32", "cp1251", "rot13", "hex", "idna"])
        return data.replace(b'encoding="UTF-8"', f'encoding="{enc}"'.encode(), 1)
    if op == 1:
        return data.replace(b"<unit", b'<!DOCTYPE unit [<!ENTITY a "aaaaaaaaaa">]><unit', 1)
    if op == 2:
        return data[: rng.randrange(len(data) + 1)]
    if op == 3:
        at = rng.randrange(len(data) + 1)
        return data[:at] + rng.choice(_MUL_HOSTILE).encode() + data[at:]
    if op == 4:
        return data.replace(b"</unit>", b"<x>" * 60 + b"</x>" * 60 + b"</unit>", 1)
    if op == 5:
        return data.replace(b"</unit>", b"<location/>" * rng.choice([10, 100_001]) + b"</unit>", 1)
    if op == 6:
        return data.replace(b"<unit", b"<record", 1).replace(b"</unit>", b"</record>", 1)
    return data.replace(b'model=""', b'model="' + b"m" * rng.choice([1, 60, 492]) + b'"', 1)


def mul_case(rng: random.Random, workdir: Path) -> Case:
    """A MegaMek force (``.mul``, any writer version, both pilot layouts) and its units folder,
    through ``import megamek`` / ``render`` / ``validate``; the folder may hold a FIFO or a
    device named ``*.blk``, an unreadable subfolder, a broken unit file; ``-o`` may aim at one of
    the unit files read (refused: exit 2)."""
    import os

    from megamek.mul_writer import write_mul

    fixtures = TESTS / "megamek" / "fixtures"
    units = workdir / "units"
    (units / "sub").mkdir(parents=True)
    blks = sorted(fixtures.glob("*.blk"))
    chosen = rng.sample(blks, rng.randint(1, len(blks)))
    names = []
    for p in chosen:
        target = units / ("sub" if rng.random() < 0.3 else "") / p.name
        data = p.read_bytes()
        if rng.random() < 0.1:
            data = data.replace(b"<tonnage>", b"<tonnage>\nx", 1)  # a unit file that does not import
        target.write_bytes(data)
        text = data.decode("utf-8", "replace")
        found = re.search(r"<Name>\s*\n(.*?)\n", text)
        model = re.search(r"<Model>\s*\n(.*?)\n\s*</Model>", text)
        names.append((found.group(1).strip() if found else p.stem, model.group(1).strip() if model else ""))
    for other in sorted((fixtures / "mul" / "units").glob("*.*")):
        if rng.random() < 0.5 and other.suffix != ".md":
            shutil.copy(other, units / other.name)
    if rng.random() < 0.15 and hasattr(os, "mkfifo"):
        os.mkfifo(units / "Hang.blk")
    if rng.random() < 0.1:
        (units / "zero.blk").symlink_to("/dev/zero")
    inputs = [p for p in units.rglob("*") if p.is_file() and not p.is_symlink()]
    entities = [_mul_entity(rng, names) for _ in range(rng.randint(1, 12))]
    version = rng.choice(["old", "mid", "new"])
    data = write_mul(entities, version, nl=rng.choice(["\n", "\r\n"]), generic_bv=rng.choice([0, 1234]))
    for _ in range(rng.choice([0, 0, 1, 2])):
        data = _mul_bytes_op(data, rng)
    force = workdir / "force.mul"
    force.write_bytes(data)
    command = rng.choice(["import", "import", "import-input", "render", "validate"])
    codes = (0, 1)
    if command == "import":
        out = workdir / "out.yaml"
        args = ["import", "megamek", force, "--units", units, "-o", out]
    elif command == "import-input":  # -o aimed at a unit file it reads: refused, whatever the suffix
        out = rng.choice([p for p in inputs if p.suffix == ".blk"] or inputs)
        args = ["import", "megamek", force, "--units", units, "-o", out]
        codes = (1, 2)  # 2: refused as an input / not a YAML name; 1: the force itself is refused first
    elif command == "render":
        out = workdir / "out.pdf"
        args = ["render", force, "--units", units, "-o", out, "--no-list"]
    else:
        out = workdir / "none"
        args = ["validate", force, "--units", units]
    return Case(
        "mul",
        args,
        workdir,
        codes=codes,
        inputs=[force, *inputs],
        outputs=[out] if command != "import-input" else [],
    )


# -- settings files ----------------------------------------------------------------------------------

_SETTING_NAMES = [
    "lang", "paper", "mono", "card", "bleed", "gap", "backs", "dpi", "jobs", "rules", "tables",
    "collapse", "no_odds", "no_list", "check_layout", "strict", "quiet", "verbose", "json", "format",
    "output", "force", "host", "port", "data_dir", "template", "units", "png", "example", "dice",
    "hits", "cover", "time_limit", "workers", "open", "lnag", "nmae", "x", "0", "ü", "a-b",
]  # fmt: skip
_SECTIONS = [
    "", "", "render", "roster", "validate", "info", "new", "serve", "examples", "calc", "calc.dust",
    "calc.dust.cover", "calc.lnl.melee", "calc.wh40k6.attack", "import", "import.megamek", "rendr",
    "render.card", "a.b.c.d.e.f.g",
]  # fmt: skip
_TOML_VALUES = [
    '"ru"', '"en"', '"xx"', '"letter"', '"a4"', '"mini"', '"poker"', '"63x88"', '"tw"', '"md"', '"json"',
    "true", "false", "0", "1", "2", "-1", "150", "600", "99999999999999999999", "1e308", "inf", "-inf",
    "nan", "0.5", "1979-05-27", "1979-05-27T07:32:00Z", "07:32:00", '""', '"\\u0000"', '"a\\u0007b"',
    "[]", "[1, 2]", '["a", "b"]', "[[1]]", "{}", "{ a = 1 }", '"../escaped.pdf"', '"/dev/null"',
    '"../escaped"', "'literal'", '"""multi\nline"""', '"x" ', '"' + "x" * 3000 + '"',
]  # fmt: skip


_GOOD_VALUES = {
    "lang": ['"en"', '"ru"', '"RU"'], "paper": ['"a4"', '"letter"'], "card": ['"mini"', '"poker"', '"63x88"', '"tarot"'],
    "bleed": ["0", "3", "2.5"], "gap": ["0", "4"], "dpi": ["36", "96", "600"], "jobs": ["0", "1", "2"],
    "rules": ['"classic"', '"tw"', '"6th"'], "format": ['"md"', '"json"', '"html"', '"bbcode"'], "hits": ["1", "3"],
    "cover": ['"soft"', '"hard"'], "time_limit": ["5", "30.5"], "workers": ["1", "2"], "port": ["0", "8080"],
    "dice": ['"1st"', '"2nd"'],
}  # fmt: skip
_FLAGS = ("mono", "backs", "tables", "collapse", "no_odds", "no_list", "check_layout", "strict", "quiet", "verbose",
          "json", "open", "force", "example")  # fmt: skip


def _good_value(rng: random.Random, name: str) -> str | None:
    last = name.rsplit(".", 1)[-1]
    if last in _FLAGS:
        return rng.choice(["true", "false"])
    values = _GOOD_VALUES.get(last)
    return rng.choice(values) if values else None


def _toml_value(rng: random.Random, depth: int = 0) -> str:
    if depth < 12 and rng.random() < 0.08:
        inner = ", ".join(_toml_value(rng, depth + 1) for _ in range(rng.randint(0, 3)))
        return f"[{inner}]" if rng.random() < 0.7 else "{ k = " + (inner.split(", ")[0] or "1") + " }"
    if rng.random() < 0.005:
        n = rng.choice([9, 50, 3000])
        return "[" * n + "]" * n
    return rng.choice(_TOML_VALUES)


def settings_text(rng: random.Random) -> bytes:
    """A settings file: sections, dotted keys, every TOML type, names known and not, then a few
    byte-level mutations (cut short, a byte changed, a mark, UTF-16, a NUL)."""
    lines = []
    for _ in range(rng.randint(1, 12)):
        if rng.random() < 0.25:
            section = rng.choice(_SECTIONS)
            if section:
                lines.append(("[[" + section + "]]") if rng.random() < 0.05 else f"[{section}]")
        name = rng.choice(_SETTING_NAMES)
        if rng.random() < 0.1:
            name = rng.choice(_SECTIONS[2:]) + "." + name
        if rng.random() < 0.03:
            name = ".".join(["a"] * rng.choice([3, 7, 2000]))
        if rng.random() < 0.05:
            name = json.dumps(name + rng.choice(HOSTILE[:12]))
        good = _good_value(rng, name) if rng.random() < 0.85 else None
        lines.append(f"{name} = {good or _toml_value(rng)}")
    data = ("\n".join(lines) + "\n").encode("utf-8")
    op = rng.randrange(16)
    if op == 0:
        data = data[: rng.randrange(len(data) + 1)]
    elif op == 1 and data:
        i = rng.randrange(len(data))
        data = data[:i] + bytes([rng.randrange(256)]) + data[i + 1 :]
    elif op == 2:
        data = b"\xef\xbb\xbf" + data
    elif op == 3:
        data = data.decode("utf-8").encode("utf-16")
    elif op == 4:
        data = data.replace(b"=", b"=\x00", 1)
    return data


_SETTINGS_COMMANDS = [
    ["systems"],
    ["config"],
    ["config", "--json"],
    ["validate", SAMPLES / "dmech" / "otrok.yaml"],
    ["info", SAMPLES / "battletech" / "roc.yaml"],
    ["render", SAMPLES / "dmech" / "otrok.yaml", "-o", "OUT/out.pdf"],
    ["render", SAMPLES / "dust" / "sample_force.yaml", "-o", "OUT/cards.pdf"],
    ["roster", SAMPLES / "dust" / "sample_force.yaml", "-o", "OUT/list.md"],
    ["new", "dmech"],
    ["schema", "dust"],
    ["calc", "dmech", "penetration", "--power", "5", "--dice", "3,4", "--armor", "6"],
    [
        "calc",
        "dust",
        "cover",
        "--unit",
        str(SAMPLES / "dust/sample_force.yaml") + "#Sample Laser Squad",
        "--cover",
        "soft",
    ],
]


def settings_case(rng: random.Random, workdir: Path) -> Case:
    """A generated ``sheets.toml`` given as the user's own file (``SHEETS_CONFIG``) or planted in
    the working folder, then a command: exit 0 or 1, positioned messages, nothing written where
    the file said (``../escaped*``), bounded time and memory. Now and then the file is a FIFO or
    a link to ``/dev/zero``."""
    work = workdir / "work"
    (work / "OUT").mkdir(parents=True)
    planted = rng.random() < 0.5
    target = work / "sheets.toml" if planted else workdir / "user.toml"
    kind = rng.random()
    if kind < 0.03:
        os.mkfifo(target)
    elif kind < 0.06:
        target.symlink_to("/dev/zero")
    else:
        target.write_bytes(settings_text(rng))
    args = [str(a).replace("OUT/", str(work / "OUT") + "/") for a in rng.choice(_SETTINGS_COMMANDS)]
    env = {"__cwd__": work, "XDG_CONFIG_HOME": str(workdir / "xdg")}
    env["SHEETS_CONFIG"] = None if planted else str(target)
    return Case(
        "settings",
        args,
        workdir,
        codes=(0, 1),
        env=env,
        never=[workdir / "escaped.pdf", workdir / "escaped", workdir / "escaped.yaml"]
        + ([] if planted else []),
    )


# -- the page's calculator requests ------------------------------------------------------------------

_CALC_VALUES = [
    "", " ", "0", "1", "-1", "3", "6", "99999999999999999999", "1e309", "nan", "inf", "2-5-4", "1-6-4+MG-34",
    "half:0-2-3", "3+", "4++", "3+/4++", "soft", "hard", "soft+soft", "a", "b", "up", "down", "ifp", "sw",
    "1,2", "9,9", "3,4", "Q,R", "0,0", "@0#Sample Laser Squad", "@0", "@7#x", "@999#x", "/etc/passwd#x",
    "../../x.yaml#A", "~/.ssh/id_rsa", "x" * 3000, True, False, None, 0, 7, -3, 1e308, 10**30, [], ["2-5-4"],
    ["2-5-4"] * 60, [[1]], {}, {"file": "x.json", "name": "A"}, {"file": "/etc/passwd"}, {"file": 3},
]  # fmt: skip
_CALC_FILES = [
    ("sample_force.yaml", (SAMPLES / "dust" / "sample_force.yaml").read_bytes()),
    ("x.json", (SAMPLES / "dust" / "sample_force.yaml").read_bytes()),
    ("hill30_us.yaml", (SAMPLES / "lnl" / "hill30_us.yaml").read_bytes()),
    ("x", b"system: dust\nunits:\n  - {from: /etc/passwd, name: A}\n"),
    ("r.YML", b"system: dust\nunits:\n  - {from: ../../secret.yaml, name: A}\n"),
    (
        "u16.yaml",
        b"\xff\xfe" + "system: dust\nunits:\n  - {from: secret.yaml, name: A}\n".encode("utf-16-le"),
    ),
    ("w.yaml", "# отряд\nsystem: dust\n".encode("cp1251")),
    ("empty.yaml", b""),
]


def _calc_request(rng: random.Random) -> dict:
    from sheets.core.game import all_games, calculator_specs

    specs = [(g.id, s) for g in all_games() for s in calculator_specs(g)]
    game, spec = rng.choice(specs)
    if rng.random() < 0.05:
        game = rng.choice(["chess", "", "x" * 300, game.upper()])
    command = spec.name if rng.random() < 0.95 else rng.choice(["", "flanking", "../x"])
    names = [i.name for i in spec.inputs]
    fields = {}
    for name in rng.sample(names, rng.randint(0, len(names))):
        fields[name] = rng.choice(_CALC_VALUES)
    if rng.random() < 0.1:
        fields[rng.choice(["colour", "__class__", "x" * 100])] = rng.choice(_CALC_VALUES)
    opened = rng.sample(_CALC_FILES, rng.randint(0, 3))
    raw = json.dumps(fields)
    if rng.random() < 0.05:
        raw = rng.choice(["[1]", "{", "null", '"x"', raw[: len(raw) // 2]])
    return {
        "game": game,
        "command": command,
        "fields": raw,
        "files": opened,
        "lang": rng.choice(["en", "ru", "xx"]),
    }


_CALC_PRELUDE = """
import json, sys, warnings
from sheets.web.app import create_app

class Pool:  # the jobs in this process (bounded with it), as a worker would do them
    time_limit = 30.0
    def start(self): pass
    def close(self): pass
    async def run(self, op, payload=None, time_limit=None):
        from sheets.web import worker
        return worker.run(op, payload)

request = json.loads(open(sys.argv[-1], encoding="utf-8").read())
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
    with TestClient(create_app("127.0.0.1", None, pool=Pool()), base_url="http://127.0.0.1:8000") as client:
        r = client.post(
            "/api/calc?lang=" + request["lang"],
            files=[("files", (n, bytes.fromhex(d))) for n, d in request["files"]] or [("files", ("none.yaml", b""))],
            data={"game": request["game"], "command": request["command"], "fields": request["fields"]},
        )
        body = r.json()
print(json.dumps({"status": r.status_code, "keys": sorted(body)}))
ok = r.status_code == 200 or 400 <= r.status_code < 500
if ok and r.status_code >= 400:
    said = body.get("error") or (body.get("problems") or [{}])[0].get("message", "")
    ok = bool(said) and "internal error" not in said and "Traceback" not in said
raise SystemExit(0 if ok else 7)
"""


def calc_request_case(rng: random.Random, workdir: Path) -> Case:
    """One request of the page's calculators (``POST /api/calc``: a game, a calculator, its fields
    as JSON, opened files) through the app and the worker's code in a bounded child: 200 or a
    4xx with a message, never a 5xx or a traceback."""
    request = _calc_request(rng)
    request["files"] = [(n, d.hex()) for n, d in request["files"]]
    (workdir / "secret.yaml").write_text(
        "system: dust\nunits:\n  - {name: A, kind: vehicle}\n", encoding="utf-8"
    )
    spec = workdir / "request.json"
    spec.write_text(json.dumps(request), encoding="utf-8")
    return Case(
        "calc-request",
        [],
        workdir,
        prelude=_CALC_PRELUDE.replace("sys.argv[-1]", repr(str(spec))),
        codes=(0,),
        inputs=[workdir / "secret.yaml"],
    )


GENERATORS = {
    "template": template_case,
    "alias": alias_case,
    "output-input": output_input_case,
    "rename-signal": rename_signal_case,
    "mul": mul_case,
    "settings": settings_case,
    "calc-request": calc_request_case,
}


def run(case: Case) -> Run:
    from .bounded import child_env

    before = {p: _digest(p) for p in case.inputs}
    cwd = case.env.pop("__cwd__", None) or case.workdir
    env = child_env({k: v for k, v in case.env.items() if v is not None})
    for k, v in case.env.items():
        if v is None:
            env.pop(k, None)
    result = bounded_cli(case.args, cwd=cwd, prelude=case.prelude, env=env)
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
    made = [str(p) for p in case.never if os.path.lexists(p)]
    if made:
        bad.append(f"written where a settings file said: {made}")
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
