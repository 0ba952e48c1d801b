"""Issue 10, finding 1: templates run sandboxed, bounded, and every failure is exit 1 at the
template's file and line; Markdown and BBCode escape user text as HTML does."""

import pytest

from sheets.core.data import data_root

POINT = data_root() / "units" / "battletech" / "point-alpha.yaml"


@pytest.fixture
def run(cli, tmp_path):
    def _run(source: str | bytes, fmt: str = "md"):
        tpl = tmp_path / "t.j2"
        tpl.write_bytes(source if isinstance(source, bytes) else source.encode("utf-8"))
        return cli("roster", POINT, "--format", fmt, "--template", tpl), str(tpl)

    return _run


@pytest.mark.parametrize(
    "source, message",
    [
        ("{{ cycler.__init__.__globals__.os.popen('id').read() }}", "not allowed in a template"),
        (
            "{{ joiner.__init__.__globals__['__builtins__']['open']('/etc/passwd').read() }}",
            "not allowed in a template",
        ),
        ("{% for g in groups %}{{ g.rows.append(1) }}{% endfor %}", "not allowed in a template"),
        ("{% for i in range(10**9) %}x{% endfor %}", "too large"),
        ("{{ 'a'*10**10 }}", "too large"),
        ("{{ 'ab' * 999999 * 999 }}", "too long"),
        ("{{ '%099999999d' | format(1) }}", "too large"),
        ("{{ 'a' | center(999999999) }}", "too large"),
        ("\n\n{{ 1 // 0 }}", "ZeroDivisionError"),
        ("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}", "recursion"),
        ("{% include '/etc/passwd' %}", "no template"),
        ("{% include '../roster.md.j2' %}", "no template"),
        ("{{ name", "template error"),
    ],
)
def test_hostile_templates_exit_1_at_their_line(run, source, message):
    r, tpl = run(source)
    assert r.exit_code == 1, r.stderr
    [line] = r.stderr.splitlines()
    assert line.startswith(f"{tpl}:") and message in line
    assert r.stdout == ""
    if source.startswith("\n\n"):
        assert line.startswith(f"{tpl}:3:1: ")


def test_not_utf8_template(run):
    r, tpl = run(b"ok\n\xff{{ name }}")
    assert (
        r.exit_code == 1
        and r.stderr.strip() == f"{tpl}:2:1: template error: not valid UTF-8 text: save the file as UTF-8"
    )


def test_endless_loop_is_stopped_by_the_time_limit(run, monkeypatch):
    from sheets.render import text

    monkeypatch.setattr(text, "MAX_SECONDS", 0.3)
    r, tpl = run("{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}")
    assert r.exit_code == 1 and "ran longer than 0.3 s" in r.stderr


def test_output_size_is_bounded(run, monkeypatch):
    from sheets.render import text

    monkeypatch.setattr(text, "MAX_OUTPUT_CHARS", 1000)
    r, tpl = run("{% for i in range(5000) %}xx{% endfor %}")
    assert r.exit_code == 1 and "output larger than 1000" in r.stderr


EVIL = "[url=javascript:alert(1)]x[/url] <script>| a | b |"


@pytest.fixture
def evil(tmp_path):
    text = POINT.read_text(encoding="utf-8").replace("- name: Harpy", f'- name: "{EVIL}"', 1)
    path = tmp_path / "evil.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_markdown_escapes_user_text(cli, evil):
    r = cli("roster", evil, "--format", "md")
    assert r.exit_code == 0, r.stderr
    row = next(l for l in r.stdout.splitlines() if "javascript" in l)
    assert r"\[url=javascript:alert(1)\]x\[/url\] \<script\>\| a \| b \|" in row
    cells = row.replace(r"\|", "¦").split("|")  # escaped bars do not split the table's cells
    header = next(l for l in r.stdout.splitlines() if l.startswith("| "))
    assert len(cells) == len(header.split("|"))


def test_bbcode_escapes_user_text(cli, evil):
    r = cli("roster", evil, "--format", "bbcode")
    assert r.exit_code == 0, r.stderr
    assert "[url=" not in r.stdout and "［url=javascript:alert(1)］x［/url］" in r.stdout
    assert "[b]Siren[/b]" in r.stdout  # the template's own tags stay tags


def test_html_escapes_user_text(cli, evil):
    r = cli("roster", evil, "--format", "html")
    assert "<script>" not in r.stdout and "&lt;script&gt;" in r.stdout
