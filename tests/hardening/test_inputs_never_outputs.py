"""Issue 19 (hardening, round 2): no input ever overwritten, all-or-none multi-file outputs through
signals, bounded templates and YAML checks, positioned messages instead of internal errors.

Each test here fails on the code before issue 19 (the error injected where needed)."""

import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from sheets.core.data import data_root

SAMPLES = data_root() / "units"
ROC = SAMPLES / "battletech" / "roc.yaml"


def run_cli(args, env, cwd=None, timeout=30, **kw):
    """``python -m sheets ARGS`` in a child (forks and signals as the user's shell sees them)."""
    return subprocess.run(
        [sys.executable, "-m", "sheets", *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=timeout,
        **kw,
    )


# -- 1. a file read by a forked loading worker is an input that -o refuses ---------------------


def _four_files(tmp_path, pad=0):
    unit = ROC.read_text(encoding="utf-8") + ("#" + "x" * pad + "\n" if pad else "")
    for name in "abc":
        (tmp_path / f"{name}.yaml").write_text(unit, encoding="utf-8")
    ref = tmp_path / "ref.yaml"
    ref.write_text(unit, encoding="utf-8")
    (tmp_path / "d.yaml").write_text("system: battletech\nunits:\n  - {from: ref.yaml}\n", encoding="utf-8")
    return ref, ref.read_bytes()


def test_output_may_not_replace_a_from_file_read_by_a_loading_worker(tmp_path, subprocess_env):
    ref, before = _four_files(tmp_path)
    r = run_cli(
        ["render", "a.yaml", "b.yaml", "c.yaml", "d.yaml", "--jobs", "2", "-o", "ref.yaml"],
        subprocess_env,
        cwd=tmp_path,
        timeout=60,
    )
    assert r.returncode == 2, r.stderr
    assert "ref.yaml: is an input of this command" in r.stderr
    assert ref.read_bytes() == before


def test_default_parallel_loading_records_the_workers_inputs(tmp_path, cli, monkeypatch):
    """Several files of 128 KiB or more are loaded on every idle CPU without --jobs."""
    from sheets.render import parallel

    monkeypatch.setattr(parallel, "idle_cpus", lambda: 2)
    monkeypatch.chdir(tmp_path)
    ref, before = _four_files(tmp_path, pad=70 * 1024)
    r = cli("render", "a.yaml", "b.yaml", "c.yaml", "d.yaml", "-o", "ref.yaml")
    assert r.exit_code == 2, r.stderr
    assert "ref.yaml: is an input of this command" in r.stderr
    assert ref.read_bytes() == before


# -- 2. SIGTERM during the renames of a multi-file output: all or none ---------------------------


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_signal_during_the_renames_of_a_multi_file_output_leaves_all_or_none(
    tmp_path, subprocess_env, signum
):
    """The signal arrives right after the first of three renames (``import -d``, ``--png DIR``)."""
    out = tmp_path / "out"
    code = f"""
import os, signal
real = os.replace
def replace(src, dst):
    real(src, dst)
    os.kill(os.getpid(), {int(signum)})
os.replace = replace
from sheets.core.fsio import write_files
write_files([({str(out / "a.yaml")!r}, b"a"), ({str(out / "b.yaml")!r}, b"b"),
             ({str(out / "c.yaml")!r}, b"c")])
print("RETURNED")
"""
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=subprocess_env, timeout=30
    )
    assert "RETURNED" not in proc.stdout  # the signal still ends the command
    if signum == signal.SIGTERM:
        assert proc.returncode == -signal.SIGTERM  # it dies of the signal, after the last rename
    else:
        assert "KeyboardInterrupt" in proc.stderr
    assert sorted(p.name for p in out.iterdir()) == ["a.yaml", "b.yaml", "c.yaml"]
    assert [(out / n).read_bytes() for n in ("a.yaml", "b.yaml", "c.yaml")] == [b"a", b"b", b"c"]


def test_a_failed_rename_undoes_the_files_it_created(tmp_path, monkeypatch):
    from sheets.core import fsio

    real = os.replace
    calls = []

    def replace(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(5, "Input/output error")
        real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    (tmp_path / "old.png").write_bytes(b"old")
    from sheets.core.errors import InputError

    with pytest.raises(InputError, match="cannot write here: Input/output error"):
        fsio.write_files([(tmp_path / "new.png", b"1"), (tmp_path / "old.png", b"2")])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.png"]
    assert (tmp_path / "old.png").read_bytes() == b"old"


# -- a child under the harness's bounds: 1 GiB of address space, 10 s ----------------------------

from .bounded import LIMIT_SECONDS, bounded_cli

POINT = SAMPLES / "battletech" / "point-alpha.yaml"
PEAK_BYTES = 400 * 1024 * 1024  # what a bounded template may take at the most (the CLI: ~60 MB)


def _template_run(tmp_path, source: str, prelude: str = ""):
    tpl = tmp_path / "t.j2"
    tpl.write_text(source, encoding="utf-8")
    r = bounded_cli(["roster", POINT, "--format", "md", "--template", tpl], prelude=prelude)
    return r, str(tpl)


# -- 3. the time limit holds at compile time and at render time ----------------------------------

FOLDED = "{% if name == 'never' %}{{ 'x'|center(1000000)|replace(' ','a ')|urlize|urlize }}{% endif %}"


@pytest.mark.parametrize(
    "source",
    [
        FOLDED + "\n{% set r = range(100000) %}{% for i in r %}{% for j in r %}{% endfor %}{% endfor %}",
        "{% set r = range(100000) %}\n{% for i in r %}{% for j in r %}{% endfor %}{% endfor %}",
    ],
)
def test_template_time_limit_holds_through_compile_time_folding(tmp_path, source):
    r, tpl = _template_run(tmp_path, source, "from sheets.render import text; text.MAX_SECONDS = 1.0")
    assert r.returncode == 1, r.stderr
    assert r.stderr.strip() == f"{tpl}:2:1: template error: the template ran longer than 1 s"
    assert r.seconds < LIMIT_SECONDS


def test_nothing_is_evaluated_while_a_template_compiles(tmp_path):
    """The folded chain alone (never taken) costs nothing: it is not evaluated at compile time."""
    r, tpl = _template_run(tmp_path, FOLDED + "ok")
    assert r.returncode == 0, r.stderr
    assert r.stdout.decode() == "ok" and r.seconds < 6  # before: still folding after 10 s
    assert r.peak_bytes < 150 * 1024 * 1024


# -- 4. no template allocates beyond its bounds --------------------------------------------------


@pytest.mark.parametrize(
    "source, message",
    [
        ("{{ '{:>3999999999}'.format(1) }}", "format width too large"),
        ("{{ '{:>{w}}'.format(1, w=99999) }}", "format width too large for a template (99999; limit 9999)"),
        ("{{ ('{0}' * 100000).format('x' * 1000000) }}", "text too long for a template"),
        ("{{ '%.*f' % (999999999, 1) }}", "format width too large for a template (999999999; limit 9999)"),
        ("{{ '%*d' % (999999999, 1) }}", "format width too large for a template (999999999; limit 9999)"),
        ("{{ '%*d'|format(999999999, 1) }}", "format width too large for a template (999999999; limit 9999)"),
        (
            "{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
            "text too long for a template (8388608 characters; limit 5242880)",
        ),
        ("{% macro f(s) %}{{ f(s ~ s) }}{% endmacro %}{{ f('x') }}", "text too long for a template"),
        (
            "{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s + ns.s %}{% endfor %}",
            "text too long for a template (8388608 characters; limit 5242880)",
        ),
        ("{{ 'x'|center(999999)|replace(' ', 'x'|center(999999)) }}", "text too long for a template"),
        ("{{ 'x'.center(999999).replace(' ', 'yy') * 3 }}", "too long"),
        ("{{ (['x'|center(999999)] * 1000)|join }}", "text too long for a template (999999000"),
        ("{{ 'a\\nb\\nc\\nd\\ne'|center(999999)|indent(999999) }}", "text too long for a template"),
        ("{{ 999999 ** 999999 }}", "power too large"),
        ("{{ (['x'|center(999999)] * 1000)|pprint|length }}", "needs too much memory"),
    ],
)
def test_templates_allocate_nothing_beyond_their_bounds(tmp_path, source, message):
    r, tpl = _template_run(tmp_path, source)
    assert r.returncode == 1, r.stderr
    [line] = r.stderr.splitlines()
    assert line.startswith(f"{tpl}:1:1: template error: ") and message in line, line
    assert r.peak_bytes < PEAK_BYTES, r.peak_bytes
    assert r.seconds < LIMIT_SECONDS


def test_numbers_in_literal_text_are_not_format_widths(tmp_path):
    r, _ = _template_run(
        tmp_path, "{{ 'Year 12345: {}'.format(7) }}|{{ 'Id 123456 %d' % 8 }}|{{ 'No 99999 %s'|format('x') }}"
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.decode() == "Year 12345: 7|Id 123456 8|No 99999 x"


def test_bounded_formatting_still_formats(tmp_path):
    r, _ = _template_run(
        tmp_path,
        "{{ '%*d' % (4, 1) }}|{{ '%5.2f'|format(3.14159) }}|"
        "{{ '{:>6}'.format('ab') }}|{{ '{:{w}}'.format('a', w=3) }}|"
        "{{ 'a-b'|replace('-', '+') }}|{{ ['a', 'b']|join(', ') }}|"
        "{{ 'x' ~ 1 ~ 'y' }}|{{ '%(n)s!' % {'n': 'hi'} }}",
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.decode() == "   1| 3.14|    ab|a  |a+b|a, b|x1y|hi!"


# -- 5. aliases are checked once; a load's work is bounded -----------------------------------------


def _alias_bomb(path):
    """A ~20 KB Dust file: 500 units merged from one anchor, 1,000 weapons as one alias, 1,000
    tags as one alias (5 x 10^8 values once expanded)."""
    tags = "&t [" + ", ".join(["t"] * 1000) + "]"
    ws = "&ws [&w {name: W, range: 2, tags: " + tags + "}, " + ", ".join(["*w"] * 999) + "]"
    lines = [
        "system: dust",
        "units:",
        "  - &u {name: U, kind: squad, armor: {type: soldier, level: 3}, move: 1, points: 1, "
        "weapons: " + ws + "}",
    ]
    lines += [f"  - {{<<: *u, name: U{i}}}" for i in range(499)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_alias_fan_out_is_bounded_by_the_schema_check(tmp_path):
    bomb = _alias_bomb(tmp_path / "bomb.yaml")
    assert bomb.stat().st_size < 32 * 1024
    r = bounded_cli(["validate", bomb])
    assert r.returncode == 1, r.stderr
    [line] = r.stderr.splitlines()
    assert line.startswith(f"{bomb}:3:")
    assert "the file expands to more than 1,000,000 values (aliases or 'from' references repeated)" in line
    assert r.seconds < LIMIT_SECONDS and r.peak_bytes < 200 * 1024 * 1024


def test_repeated_from_references_count_against_the_same_bound(tmp_path, monkeypatch):
    from sheets.core import schema
    from sheets.core.errors import InputError
    from sheets.core.loader import load_file

    monkeypatch.setattr(schema, "MAX_CHECKED_VALUES", 2000)
    (tmp_path / "roc.yaml").write_text(ROC.read_text(encoding="utf-8"), encoding="utf-8")
    roster = tmp_path / "r.yaml"
    roster.write_text("system: battletech\nunits:\n" + "  - {from: roc.yaml}\n" * 200, encoding="utf-8")
    with pytest.raises(InputError) as exc:
        load_file(roster)
    assert "expands to more than 2,000 values" in str(exc.value.problems[-1])
    roster.write_text("system: battletech\nunits:\n" + "  - {from: roc.yaml}\n" * 2, encoding="utf-8")
    assert len(load_file(roster).units) == 2


def test_an_aliased_node_is_checked_once_and_reported_once(write):
    from sheets.core.errors import InputError
    from sheets.core.loader import load_file

    good = write(
        "good.yaml",
        "system: dust\nunits:\n"
        "  - &u {name: A, kind: squad, armor: {type: soldier, level: 3}, move: 1, points: 5,\n"
        "        weapons: [&w {name: Gun, range: 3, tags: [ugl]}, *w, *w]}\n"
        "  - {<<: *u, name: B}\n",
    )
    loaded = load_file(good)
    assert [u.name for u in loaded.units] == ["A", "B"]
    assert [len(u.weapons) for u in loaded.units] == [3, 3]
    bad = write(
        "bad.yaml",
        "system: dust\nunits:\n"
        "  - &u {name: A, kind: squad, armor: {type: soldier, level: 3}, move: 1, points: 5,\n"
        "        weapons: [&w {name: Gun, range: 300}, *w, *w]}\n"
        "  - {<<: *u, name: B}\n",
    )
    with pytest.raises(InputError) as exc:
        load_file(bad)
    messages = [str(p) for p in exc.value.problems]
    assert len(messages) == 1, messages
    assert messages[0].startswith(f"{bad}:4:") and "expected a number of squares or C" in messages[0]


# -- 11. tags on mappings and lists are positioned errors ------------------------------------------


@pytest.mark.parametrize(
    "value, tag",
    [
        ("!!python/object/new:os.system {args: [id]}", "!!python/object/new:os.system"),
        ("!!python/object/apply:os.system [id]", "!!python/object/apply:os.system"),
        ("!!set {a, b}", "!!set"),
        ("!!omap [{a: 1}]", "!!omap"),
        ("!!pairs [{a: 1}]", "!!pairs"),
        ("!mine {type: soldier, level: 3}", "!mine"),
    ],
)
def test_tags_on_mappings_and_lists_are_positioned_errors(write, cli, value, tag):
    f = write(
        "u.yaml",
        "system: dust\nunits:\n  - name: A\n    kind: squad\n"
        f"    armor: {value}\n    move: 1\n    points: 5\n",
    )
    r = cli("validate", f)
    assert r.exit_code == 1
    assert (
        f"{f}:5:12: the YAML tag '{tag}' is not supported here (plain values, lists and mappings only)"
    ) in r.stderr.splitlines()


# -- 6. a --data-dir label's placeholders are those of the bundled label ---------------------------


def _data_dir(tmp_path, relative, text):
    path = tmp_path / "mine" / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "en, message",
    [
        (
            "Hex size: {mm:>999999999} mm",
            "placeholder {mm}: width or precision 999999999 is too large (at most 20)",
        ),
        ("Hex size: {mm:.99999} mm", "placeholder {mm}: width or precision 99999 is too large (at most 20)"),
        ("Hex size: {size} mm", "unknown placeholder {size} (the bundled label has {mm})"),
        ("Hex size: {mm.__class__} mm", "unknown placeholder {mm.__class__}"),
        ("Hex size: {0} mm", "unknown placeholder {0}"),
        ("Hex size: {mm!r} mm", "placeholder {mm}: no conversion (!r) allowed"),
        ("Hex size: {mm:{mm}} mm", "placeholder {mm}: format '{mm}' is not allowed"),
        ("Hex size: {mm mm", "broken placeholder"),
    ],
)
def test_label_placeholders_are_checked_against_the_bundled_label(tmp_path, en, message):
    labels = (data_root() / "dmech" / "labels.yaml").read_text(encoding="utf-8")
    old = 'hex_size: {en: "Hex size: {mm} mm across flats"'
    assert old in labels
    path = _data_dir(tmp_path, "dmech/labels.yaml", labels.replace(old, f'hex_size: {{en: "{en}"'))
    line = labels[: labels.index(old)].count("\n") + 1
    r = bounded_cli(["--data-dir", tmp_path / "mine", "chart", "dmech", "facing", "-o", tmp_path / "f.pdf"])
    assert r.returncode == 1, r.stderr
    [got] = r.stderr.splitlines()
    assert got.startswith(f"{path}:{line}:") and f"label 'hex_size' (en): {message}" in got, got
    assert not (tmp_path / "f.pdf").exists() and r.peak_bytes < 300 * 1024 * 1024


def test_label_with_a_small_format_spec_still_prints(tmp_path):
    labels = (data_root() / "dmech" / "labels.yaml").read_text(encoding="utf-8")
    old = 'hex_size: {en: "Hex size: {mm} mm across flats"'
    _data_dir(tmp_path, "dmech/labels.yaml", labels.replace(old, 'hex_size: {en: "Hex: {mm:>8} mm"'))
    r = bounded_cli(["--data-dir", tmp_path / "mine", "chart", "dmech", "facing", "-o", tmp_path / "f.pdf"])
    assert r.returncode == 0, r.stderr
    from pypdf import PdfReader

    assert "Hex:" in PdfReader(tmp_path / "f.pdf").pages[0].extract_text()


# -- 9. internal errors on hostile input become positioned messages --------------------------------


def test_card_width_of_zero_in_a_data_dir_is_a_positioned_error(tmp_path):
    cards = (data_root() / "common" / "cards.yaml").read_text(encoding="utf-8")
    old = "poker: {width: 63, height: 88}"
    path = _data_dir(tmp_path, "common/cards.yaml", cards.replace(old, "poker: {width: 0, height: 88}"))
    line = cards[: cards.index(old)].count("\n") + 1
    src = SAMPLES / "dust" / "sample_force.yaml"
    r = bounded_cli(
        ["--data-dir", tmp_path / "mine", "render", src, "--card", "poker", "-o", tmp_path / "c.pdf"]
    )
    assert r.returncode == 1, r.stderr
    assert r.stderr.strip() == f"{path}:{line}:18: presets.poker.width: a card width must be more than 0"
    assert not (tmp_path / "c.pdf").exists()


def test_template_printing_a_lone_surrogate_is_exit_1(tmp_path):
    r, tpl = _template_run(tmp_path, "{{ '\\ud800' }}")
    assert r.returncode == 1, r.stderr
    assert r.stderr.strip() == (
        f"{tpl}: template error: the template prints U+D800, a lone surrogate (not a character)"
    )
    assert r.stdout == b""


def test_unit_file_named_with_a_byte_that_is_not_utf8_renders(tmp_path):
    name = os.fsdecode(b"r\xffc.yaml")
    shutil.copy(ROC, tmp_path / name)
    r = bounded_cli(["render", tmp_path / name, "-o", tmp_path / "x.pdf"])
    assert r.returncode == 0, r.stderr
    from pypdf import PdfReader

    assert PdfReader(tmp_path / "x.pdf").metadata.title.endswith(": r\ufffdc")


_ENOSPC = """
import errno, os
real = os.fdopen
class Full:
    def __init__(self, fh): self.fh = fh
    def __enter__(self): return self
    def __exit__(self, *a): self.fh.close()
    def write(self, data): raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    def __getattr__(self, name): return getattr(self.fh, name)
def fdopen(fd, mode="r", *a, **k):
    fh = real(fd, mode, *a, **k)
    return Full(fh) if "w" in mode else fh
os.fdopen = fdopen
"""


@pytest.mark.parametrize("kind", ["ENOSPC", "EFBIG"])
def test_disk_full_and_file_size_limit_are_exit_1_and_leave_nothing(tmp_path, kind):
    out = tmp_path / "out"
    out.mkdir()
    prelude = (
        _ENOSPC
        if kind == "ENOSPC"
        else "import resource; resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))"
    )
    r = bounded_cli(["render", ROC, "-o", out / "x.pdf"], prelude=prelude)
    assert r.returncode == 1, r.stderr
    expected = {
        "ENOSPC": "cannot write: the disk is full (nothing was written)",
        "EFBIG": "cannot write: the file would be larger than this system allows (ulimit -f); "
        "nothing was written",
    }[kind]
    assert r.stderr.strip() == f"{out / 'x.pdf'}: {expected}"
    assert list(out.iterdir()) == []


@pytest.mark.parametrize("args", [["roster", ROC, "--format", "md", "-o", "-"], ["render", ROC, "-o", "-"]])
def test_output_to_a_closed_standard_output_is_exit_1(args):
    code = "import os, sys; os.close(1)\nfrom sheets.cli import main; sys.argv = ['sheets'] + %r; main()" % [
        str(a) for a in args
    ]
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1, r.stderr
    assert r.stderr.strip().splitlines()[-1] == "-: cannot write to standard output: Bad file descriptor"


def test_output_when_started_with_standard_output_closed_is_exit_1(tmp_path):
    r = subprocess.run(
        f"{sys.executable} -m sheets roster {ROC} --format md -o - >&-",
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 1, r.stderr
    assert r.stderr.strip() == "-: cannot write to standard output: it is closed"


# -- 10. redirected text is UTF-8 whatever the locale ------------------------------------------------


@pytest.mark.parametrize(
    "args, word",
    [
        (["roster", ROC, "--format", "bbcode"], "Roc"),
        (["roster", ROC, "--lang", "ru", "--format", "md"], "Список армии"),
        (["calc", "lnl", "melee", "--a", "1-6-4", "--b", "4-6-4", "--lang", "ru"], "Раунд ближнего боя"),
    ],
)
@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_redirected_text_is_utf8_whatever_the_locale(tmp_path, args, word, encoding):
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    r = subprocess.run(
        [sys.executable, "-m", "sheets", *map(str, args)], capture_output=True, env=env, timeout=60
    )
    assert r.returncode == 0, r.stderr.decode("utf-8", "replace")
    assert word in r.stdout.decode("utf-8")


def test_a_console_that_cannot_show_a_character_gets_a_replacement():
    import pty

    master, slave = pty.openpty()
    try:
        env = dict(os.environ, PYTHONIOENCODING="cp1252")
        proc = subprocess.run(
            [sys.executable, "-m", "sheets", "roster", str(ROC), "--lang", "ru", "--format", "md"],
            stdout=slave,
            stderr=subprocess.PIPE,
            env=env,
            timeout=60,
        )
        os.close(slave)
        slave = None
        chunks = []
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        if slave is not None:
            os.close(slave)
        os.close(master)
    assert proc.returncode == 0, proc.stderr
    assert b"# ?????? ?????" in b"".join(chunks)  # Список армии, replaced on a cp1252 console


# -- 12. "wrote" only once the file is there -------------------------------------------------------


def test_render_says_wrote_only_after_the_deferred_write(tmp_path):
    r = bounded_cli(["render", ROC, "-o", tmp_path / "x.pdf"], prelude=_ENOSPC)
    assert r.returncode == 1 and not any(l.startswith("wrote ") for l in r.stderr.splitlines())
    r = bounded_cli(["render", ROC, "-o", tmp_path / "x.pdf"])
    assert r.returncode == 0 and f"wrote {tmp_path / 'x.pdf'}" in r.stderr.splitlines()
    assert (tmp_path / "x.pdf").read_bytes().startswith(b"%PDF")


# -- 13. a glyph error names the file (and line) that has the character -----------------------------

ROBOT = "\U0001f916"


def test_glyph_error_in_a_data_dir_label_names_the_label_file(tmp_path):
    labels = (data_root() / "battletech" / "labels.yaml").read_text(encoding="utf-8")
    import yaml

    table = yaml.safe_load(labels)
    key = next(
        k
        for k, v in table.items()
        if isinstance(v, dict) and v.get("en") and "{" not in v["en"] and f'{k}: {{en: "{v["en"]}"' in labels
    )
    old = f'{key}: {{en: "{table[key]["en"]}"'
    path = _data_dir(tmp_path, "battletech/labels.yaml", labels.replace(old, f'{key}: {{en: "{ROBOT} x"'))
    line = labels[: labels.index(old)].count("\n") + 1
    shutil.copy(ROC, tmp_path / "roc.yaml")
    r = bounded_cli(
        ["--data-dir", tmp_path / "mine", "render", tmp_path / "roc.yaml", "-o", tmp_path / "x.pdf"]
    )
    if r.returncode == 0:
        pytest.skip(f"label {key!r} is not printed on a ProtoMech sheet")
    assert r.returncode == 1, r.stderr
    [got] = r.stderr.splitlines()
    assert got.startswith(f"{path}:{line}:") and "U+1F916" in got, got


def test_glyph_error_in_a_roster_file_gives_the_rosters_line(tmp_path):
    from battlescribe import rosters as R

    text = R.roster()
    assert 'name="Glass Squad"' in text
    ros = tmp_path / "army.ros"
    ros.write_text(text.replace('name="Glass Squad"', f'name="Glass {ROBOT} Squad"', 1), encoding="utf-8")
    at = ros.read_text(encoding="utf-8").index(ROBOT)
    before = ros.read_text(encoding="utf-8")[:at]
    line, col = before.count("\n") + 1, at - (before.rfind("\n") + 1) + 1
    r = bounded_cli(["render", ros, "-o", tmp_path / "x.pdf"])
    assert r.returncode == 1, r.stderr
    assert any(
        l.startswith(f"{ros}:{line}:{col}: character") and "U+1F916" in l for l in r.stderr.splitlines()
    ), r.stderr


def test_lnl_side_that_cannot_be_printed_fails_validate(tmp_path):
    us = (SAMPLES / "lnl" / "hill30_us.yaml").read_text(encoding="utf-8")
    assert "side: US}" in us
    f = tmp_path / "us.yaml"
    f.write_text(us.replace("side: US}", f'side: "US {ROBOT}"}}'), encoding="utf-8")
    r = bounded_cli(["validate", f])
    assert r.returncode == 1, r.stderr
    assert "U+1F916" in r.stderr and r.stderr.startswith(f"{f}")


# -- 14. -o newdir/, setuid bits, bidi controls, workers that outlive their parent -------------------


def test_output_name_ending_in_a_slash_is_not_a_file(tmp_path, cli):
    from sheets.core.errors import InputError
    from sheets.core.fsio import atomic_write

    with pytest.raises(InputError) as exc:
        atomic_write(f"{tmp_path / 'newdir'}/", b"x")
    assert [str(p) for p in exc.value.problems] == [
        f"{tmp_path / 'newdir'}/: is a folder name (it ends with /); give a file name"
    ]
    r = cli("render", ROC, "-o", f"{tmp_path / 'newdir'}/")  # (the CLI's suffix rule says it first)
    assert r.exit_code in (1, 2) and "newdir" in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_replaced_output_loses_setuid_and_setgid_bits(tmp_path):
    import stat

    from sheets.core.fsio import atomic_write

    f = tmp_path / "x.pdf"
    f.write_bytes(b"old")
    f.chmod(0o6755)
    atomic_write(f, b"new")
    assert f.read_bytes() == b"new" and stat.S_IMODE(f.stat().st_mode) == 0o755


BIDI = "\u202eevil\u202c \u2066x\u2069 \u202a\u202b\u202d"


@pytest.mark.parametrize("fmt", ["md", "bbcode", "html"])
def test_bidi_controls_do_not_reach_text_formats(tmp_path, cli, fmt):
    text = POINT.read_text(encoding="utf-8").replace("- name: Harpy", f'- name: "Harpy {BIDI}"', 1)
    assert BIDI in text
    f = tmp_path / "u.yaml"
    f.write_text(text, encoding="utf-8")
    r = cli("roster", f, "--format", fmt)
    assert r.exit_code == 0, r.stderr
    assert not any(c in r.stdout for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
    assert "Harpy evil x" in r.stdout


def _children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as fh:
            return [int(p) for p in fh.read().split()]
    except OSError:
        return []


def _alive(pid) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="needs Linux /proc")
def test_workers_of_a_parallel_render_die_with_it(tmp_path, subprocess_env):
    body = ROC.read_text(encoding="utf-8").split("units:\n", 1)[1]
    for n in range(2):
        (tmp_path / f"u{n}.yaml").write_text("system: battletech\nunits:\n" + body * 150, encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "sheets", "render", "u0.yaml", "u1.yaml", "--jobs", "2", "-o", "x.pdf"],
        cwd=tmp_path,
        env=subprocess_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    workers, deadline = [], time.monotonic() + 60
    while time.monotonic() < deadline and len(workers) < 2 and proc.poll() is None:
        workers = _children(proc.pid)
        time.sleep(0.005)
    if len(workers) < 2:
        proc.kill()
        pytest.skip("the render ended before its workers could be seen")
    proc.send_signal(signal.SIGTERM)
    proc.wait(10)
    gone = time.monotonic() + 0.5
    while time.monotonic() < gone and any(_alive(w) for w in workers):
        time.sleep(0.01)
    alive = [w for w in workers if _alive(w)]
    for w in alive:
        os.kill(w, signal.SIGKILL)
    assert not alive, "workers still running 0.5 s after their parent was stopped"
    assert not (tmp_path / "x.pdf").exists()


# -- 15. input text encodings ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "codec, bom", [("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff"), ("utf-32-le", b"\xff\xfe\x00\x00")]
)
def test_a_utf16_file_with_a_bom_is_decoded(tmp_path, cli, codec, bom):
    text = ROC.read_text(encoding="utf-8").replace("name: Roc", "name: Рок", 1)
    assert "name: Рок" in text
    f = tmp_path / "roc16.yaml"
    f.write_bytes(bom + text.encode(codec))
    r = cli("info", f)
    assert r.exit_code == 0, r.stderr
    assert "Рок" in r.stdout


def test_a_broken_utf16_file_says_so(tmp_path, cli):
    f = tmp_path / "bad16.yaml"
    f.write_bytes(b"\xff\xfe" + "a: 1\n".encode("utf-16-le") + b"\x00\xd8")  # a lone surrogate
    r = cli("validate", f)
    assert r.exit_code == 1
    assert r.stderr.strip() == (
        f"{f}:2:1: not valid UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8"
    )


def test_a_windows_1251_file_is_named_as_such(tmp_path, cli):
    text = ROC.read_text(encoding="utf-8").replace("name: Roc", "name: Рок Ястреб", 1)
    f = tmp_path / "roc1251.yaml"
    f.write_bytes(text.encode("cp1251"))
    first = next(i for i, c in enumerate(text) if ord(c) > 127)  # the first byte UTF-8 refuses
    line = text[:first].count("\n") + 1
    col = len(text[:first].rsplit("\n", 1)[-1]) + 1
    r = cli("validate", f)
    assert r.exit_code == 1
    assert r.stderr.strip() == (
        f"{f}:{line}:{col}: not valid UTF-8 text (it looks like Windows-1251, "
        f"Cyrillic): save the file as UTF-8"
    )


def test_a_latin1_file_is_not_called_windows_1251(tmp_path, cli):
    f = tmp_path / "latin.yaml"
    f.write_bytes("system: battletech\nunits:\n  - name: Café Müller\n".encode("latin-1"))
    r = cli("validate", f)
    assert r.exit_code == 1
    assert r.stderr.strip() == f"{f}:3:14: not valid UTF-8 text: save the file as UTF-8"


def test_a_utf16_template_and_data_dir_table_are_decoded(tmp_path, cli):
    tpl = tmp_path / "t.j2"
    tpl.write_bytes(b"\xff\xfe" + "Армия: {{ name }}".encode("utf-16-le"))
    r = cli("roster", POINT, "--format", "md", "--template", tpl)
    assert r.exit_code == 0, r.stderr
    assert r.stdout.startswith("Армия: ")
