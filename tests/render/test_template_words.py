"""Issue 21: what a user's army-list template prints and how it fails, in process, words pinned:
Markdown, BBCode and HTML escaping of every special character (each alone, at the start of a
line and inside it, the digits of a numbered list), bidi controls at both ends of their two
blocks, numbers as ``fmt`` prints them, and every kind of failure as ``file:line:col: template
error: …`` at the template's own line (syntax, a template it may not include, the sandbox, the
time limit, recursion, memory, any other exception), with the signal handler and the address
space limit put back afterwards."""

from __future__ import annotations

import resource
import signal
import threading

import pytest

from sheets.core.errors import InputError
from sheets.render import text
from sheets.render.text import escape_bbcode, escape_markdown, strip_bidi


def run(source: str, data=None, fmt: str = "md", name: str = "t.j2") -> str:
    return text.render_roster_text(data or {}, fmt, name, template_data=source.encode("utf-8"))


def problem(source: str, data=None, fmt: str = "md") -> str:
    with pytest.raises(InputError) as e:
        run(source, data, fmt)
    (p,) = e.value.problems
    return str(p)


# -- Markdown ---------------------------------------------------------------------------------


@pytest.mark.parametrize("ch", list("\\`*_[]<>|~&"))
def test_each_markdown_special_character_is_escaped(ch):
    assert escape_markdown(f"a{ch}b") == f"a\\{ch}b"
    assert escape_markdown(f"{ch}{ch}") == f"\\{ch}\\{ch}"


@pytest.mark.parametrize(
    "raw, escaped",
    [
        ("# Orks", "\\# Orks"),
        ("#Orks", "\\#Orks"),
        ("## x", "\\## x"),
        ("  # x", "  \\# x"),
        ("+ x", "\\+ x"),
        ("+x", "+x"),
        ("+", "\\+"),
        ("- x", "\\- x"),
        ("-x", "-x"),
        ("-", "\\-"),
        ("-2 MP", "-2 MP"),
        ("= x", "\\= x"),
        ("=x", "=x"),
        ("1. x", "1\\. x"),
        ("12) x", "12\\) x"),
        ("1.", "1\\."),
        ("3)", "3\\)"),
        ("  7. x", "  7\\. x"),
        ("1.5 x", "1.5 x"),
        ("1) x", "1\\) x"),
        ("1x. y", "1x. y"),
        ("x 1. y", "x 1. y"),
        ("Alpha # 2", "Alpha # 2"),
        ("a - b", "a - b"),
    ],
)
def test_a_leading_heading_or_list_marker_is_escaped_only_at_the_start(raw, escaped):
    assert escape_markdown(raw) == escaped


# -- BBCode, bidi --------------------------------------------------------------------------------


def test_bbcode_brackets_become_full_width():
    assert escape_bbcode("[url=x]a[/url]") == "［url=x］a［/url］"
    assert escape_bbcode("(a) {b} <c>") == "(a) {b} <c>"


@pytest.mark.parametrize(
    "cp, stripped",
    [
        (0x2029, False),
        (0x202A, True),
        (0x202C, True),
        (0x202E, True),
        (0x202F, False),
        (0x2065, False),
        (0x2066, True),
        (0x2068, True),
        (0x2069, True),
        (0x206A, False),
    ],
)
def test_bidi_controls_at_both_ends_of_their_blocks(cp, stripped):
    s = f"a{chr(cp)}b"
    assert strip_bidi(s) == ("ab" if stripped else s)


@pytest.mark.parametrize(
    "fmt, printed",
    [
        ("md", "\\[url=x\\] \\<b\\> 1. a"),  # "1." inside a line is no list
        ("bbcode", "［url=x］ <b> 1. a"),
        ("html", "[url=x] &lt;b&gt; 1. a"),
    ],
)
def test_each_format_escapes_the_values_it_prints_not_the_template(fmt, printed):
    """The template's own text stays as written; a value is escaped for the format, its bidi
    controls stripped first."""
    got = run("<i>[b]{{ s }}[/b]</i>", {"s": "[url=x] <b>\u202e 1. a"}, fmt)
    assert got == f"<i>[b]{printed}[/b]</i>"


def test_numbers_and_none_as_printed():
    assert (
        run(
            "{{ a }}|{{ b }}|{{ c }}|{{ n }}|{{ n | fmt }}|{{ a | fmt }}|{{ b | fmt }}",
            {"a": 2.0, "b": 2.5, "c": 7, "n": None},
        )
        == "2|2.5|7||—|2|2.5"
    )
    assert run("{{ a }}|{{ n }}", {"a": 2.0, "n": None}, "bbcode") == "2|"
    assert run("{{ s | safe }}", {"s": "*x*"}) == "*x*"  # marked safe by the template: kept


# -- failures at the template's line ---------------------------------------------------------------


def test_a_syntax_error_at_its_line():
    assert problem("ok\n{{ name") == (
        "t.j2:2:1: template error: unexpected end of template, expected 'end of print statement'."
    )
    assert problem("{% for x in y %}") == (
        "t.j2:1:1: template error: Unexpected end of template. Jinja was looking for the following tags: "
        "'endfor' or 'else'. The innermost block that needs to be closed is 'for'."
    )


@pytest.mark.parametrize(
    "name",
    [
        "../roster.md.j2",
        "sub/roster.md.j2",
        "sub\\roster.md.j2",
        ".hidden.j2",
        "roster.txt.j2",
        "/etc/passwd",
    ],
)
def test_only_the_template_itself_and_the_bundled_ones_may_be_included(name):
    assert problem("\n{% include '" + name.replace("\\", "\\\\") + "' %}") == (
        f"t.j2:2:1: template error: no template {name!r} (a template may include only itself and the bundled ones)"
    )


def test_a_template_may_include_itself_and_a_bundled_template():
    assert (
        run("{% if n is defined %}<{{ n }}>{% else %}{% set n = 7 %}{% include 't.j2' %}{% endif %}") == "<7>"
    )
    # the bundled template is found and read; imported without its variables, it fails at its line
    assert problem("{% import 'roster.md.j2' as r %}x") == (
        f"{text.templates_root() / 'roster.md.j2'}:4:1: template error: UndefinedError: 'labels' is undefined"
    )


def test_the_sandbox_refuses_internals():
    assert problem("{{ ''.__class__ }}") == (
        "t.j2:1:1: template error: not allowed in a template: access to attribute '__class__' of 'str' object is unsafe."
    )
    assert problem("{% for g in l %}{{ g.append(1) }}{% endfor %}", {"l": [[1]]}).startswith(
        "t.j2:1:1: template error: not allowed in a template: "
    )


def test_any_other_exception_names_its_type_at_its_line():
    assert (
        problem("\n\n{{ 1 // 0 }}")
        == "t.j2:3:1: template error: ZeroDivisionError: integer division or modulo by zero"
    )
    assert problem("a\n{{ missing }}") == "t.j2:2:1: template error: UndefinedError: 'missing' is undefined"
    assert problem("{{ '%*d' % ('x', 1) }}") == "t.j2:1:1: template error: TypeError: * wants int"


def test_recursion_at_its_line():
    assert problem("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}") == (
        "t.j2:1:1: template error: recursion too deep (a macro calling itself?)"
    )


@pytest.mark.parametrize("lines_before", [0, 3])
def test_the_time_limit_at_the_line_that_ran_long(monkeypatch, lines_before):
    monkeypatch.setattr(text, "MAX_SECONDS", 0.2)
    before = signal.getsignal(signal.SIGALRM)
    src = (
        "x\n" * lines_before
        + "{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}"
    )
    assert problem(src) == f"t.j2:{lines_before + 1}:1: template error: the template ran longer than 0.2 s"
    assert signal.getsignal(signal.SIGALRM) == before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_the_time_limit_between_chunks_of_output(monkeypatch):
    """Output after the deadline is refused even when no sandboxed call ran late (no alarm in
    a thread other than the main one: the loop over the output checks the time)."""
    monkeypatch.setattr(text, "MAX_SECONDS", 0.0)
    got = []

    def work():
        try:
            run("a{% for i in range(3) %}b{% endfor %}")
        except InputError as e:
            got.append(str(e.problems[0]))

    t = threading.Thread(target=work)
    t.start()
    t.join()
    assert got == ["t.j2: template error: the template ran longer than 0 s"]


def test_a_template_runs_in_another_thread_without_an_alarm():
    out = []
    t = threading.Thread(target=lambda: out.append(run("{{ 1 + 2 }}")))
    t.start()
    t.join()
    assert out == ["3"]


def test_memory_past_the_ceiling_is_an_input_error_and_the_limit_comes_back(monkeypatch):
    monkeypatch.setattr(text, "MAX_MEMORY", 32 * 1024 * 1024)
    before = resource.getrlimit(resource.RLIMIT_AS)
    assert problem("{{ (['x' | center(999999)] * 200) | pprint | length }}") == (
        "t.j2:1:1: template error: the template needs too much memory"
    )
    assert resource.getrlimit(resource.RLIMIT_AS) == before
    assert run("{{ ('x' | center(1000)) | length }}") == "1000"


# -- the environment's options and the rest (issue 21) ------------------------------------------------


def test_the_environments_whitespace_options():
    assert run("a\n") == "a\n"  # the trailing newline kept
    assert run("{% if true %}\nx\n{% endif %}\ny") == "x\ny"  # a block tag eats its newline
    assert run("  {% if true %}x{% endif %}") == "x"  # and the spaces before it


def test_concatenation_escapes_in_html_and_in_an_autoescape_block():
    assert run("{{ a ~ b }}", {"a": "<", "b": ">"}, "html") == "&lt;&gt;"
    assert run("{% autoescape true %}{{ a ~ b }}{% endautoescape %}", {"a": "<", "b": ">"}) == "\\&lt;\\&gt;"
    assert run("{{ a ~ b }}", {"a": "<", "b": ">"}) == "\\<\\>"


def test_a_long_error_message_keeps_its_first_200_characters():
    msg = problem("{{ ('{' ~ 'y' * 300 ~ '}').format() }}")
    assert msg == "t.j2:1:1: template error: KeyError: '" + "y" * 199


def test_the_alarm_fires_at_the_deadline_not_later(monkeypatch):
    """A loop that calls nothing the sandbox sees is ended by the alarm at 0.2 s (not 1 s)."""
    import time

    monkeypatch.setattr(text, "MAX_SECONDS", 0.2)
    start = time.monotonic()
    assert problem("{% for i in r %}{% endfor %}", {"r": range(10**8)}) == (
        "t.j2:1:1: template error: the template ran longer than 0.2 s"
    )
    assert time.monotonic() - start < 0.9


def test_the_memory_ceiling_under_a_finite_soft_limit_is_put_back():
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    finite = 1 << 40 if hard == resource.RLIM_INFINITY else hard
    resource.setrlimit(resource.RLIMIT_AS, (finite, hard))
    try:
        assert run("{{ 1 + 1 }}") == "2"
        assert resource.getrlimit(resource.RLIMIT_AS) == (finite, hard)
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def test_long_names_in_messages_are_cut():
    """A syntax error's message keeps 200 characters; a missing template's name 80."""
    msg = problem("{% " + "y" * 300 + " %}")
    assert msg == "t.j2:1:1: template error: " + ("Encountered unknown tag '" + "y" * 300)[:200]
    assert problem("{% include '" + "z" * 100 + ".j2' %}") == (
        "t.j2:1:1: template error: no template '" + "z" * 80 + "'… (103 characters) (a template may include "
        "only itself and the bundled ones)"
    )
