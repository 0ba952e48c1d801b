"""Issue 21: ``str.format`` in a user's army-list template (``'{:>N}'.format(x)``, nested
``{:{w}}``) goes through ``sheets.render.text._format_field``, installed once per process as
jinja2's ``SandboxedFormatter.format_field``: every width and precision is at most 9999 (each
format type, at the cap and one past), and the text the fields build is counted against the
output limit (strings by their length, anything else 32, plus width and precision), field by
field, before it is built. Outside a bounded call (another sandbox in the same process) the
formatter is jinja2's own.

Mutation testing could not reach ``_format_field`` (47 mutants "no tests"): mutmut links a
test to a function only in its statistics run, and after the function first got a trampoline
(its first parameter was named ``self``, which mutmut skips) the cached statistics were only
extended with new tests. And because mutmut forks each mutant from a process that has already
rendered templates, the install was done before any mutant of ``_install_field_check`` could
run: the fixture ``uninstalled`` puts jinja2's formatter back for one test."""

from __future__ import annotations

import string

import pytest
from jinja2.sandbox import SandboxedEnvironment, SandboxedFormatter

from sheets.core.errors import InputError
from sheets.render import text


def run(source: str, data=None, fmt: str = "md") -> str:
    return text.render_roster_text(data or {}, fmt, "t.j2", template_data=source.encode("utf-8"))


def refused(source: str, data=None) -> str:
    with pytest.raises(InputError) as e:
        run(source, data)
    (p,) = e.value.problems
    head = "t.j2:1:1: template error: "
    assert str(p).startswith(head), str(p)
    return str(p)[len(head) :]


@pytest.fixture
def small(monkeypatch):
    monkeypatch.setattr(text, "MAX_OUTPUT_CHARS", 100)


@pytest.fixture
def uninstalled(monkeypatch):
    """jinja2's own formatter, as before the first template of the process (the installed one
    put back after)."""
    text._install_field_check()
    monkeypatch.setattr(SandboxedFormatter, "format_field", string.Formatter.format_field)
    monkeypatch.delattr(SandboxedFormatter, "_sheets_bounded", raising=False)
    monkeypatch.setattr(text, "_PLAIN_FORMAT_FIELD", [])


WIDTH = "format width too large for a template ({}; limit 9999)"


# -- the install ----------------------------------------------------------------------------------


def test_the_bounded_formatter_is_installed_once_and_calls_jinja2s_own(uninstalled):
    plain = string.Formatter.format_field
    assert SandboxedFormatter.format_field is plain
    text._install_field_check()
    assert SandboxedFormatter.format_field is text._format_field
    assert text._PLAIN_FORMAT_FIELD == [plain]
    assert SandboxedFormatter._sheets_bounded is True
    text._install_field_check()  # a second template: nothing installed again
    assert SandboxedFormatter.format_field is text._format_field
    assert text._PLAIN_FORMAT_FIELD == [plain]


def test_the_first_template_of_a_process_installs_the_bound(uninstalled):
    assert refused("{{ '{:>10000}'.format(1) }}") == WIDTH.format(10000)
    assert run("{{ '{:>5}'.format(1) }}") == "    1"
    assert text._PLAIN_FORMAT_FIELD == [string.Formatter.format_field]
    assert refused("{{ '{:.10000f}'.format(1) }}") == WIDTH.format(10000)  # the second one too


def test_outside_a_template_the_formatter_is_jinja2s_own():
    """Another sandbox in the same process (no bounded call active): no width limit, no count."""
    run("{{ 1 }}")  # installed
    assert text._FieldBudget.active is None
    out = SandboxedEnvironment().from_string("{{ '{:>10000}|{}'.format(1, 'ab') }}").render()
    assert len(out) == 10003 and out.endswith("1|ab")


# -- widths and precisions: 9999 in each format type -----------------------------------------------


@pytest.mark.parametrize(
    "spec, value, n",
    [
        (">9999", 1, 9999),
        ("9999d", 7, 9999),
        ("<9999s", "ab", 9999),
        ("^9999x", 255, 9999),
        ("9999o", 8, 9999),
        ("9999b", 5, 9999),
        ("=+9999", 3, 9999),
        ("*>9999", "z", 9999),
        ("09999", 4, 9999),
        ("9999,", 1234, 9999),
        ("9999_d", 1234, 9999),
        ("#9999x", 255, 9999),
        (".9999f", 1, 10001),
        (".9999e", 1, 10005),
        (".9999%", 1, 10004),
        (".9999g", 1.5, 3),
        ("9999.2f", 1, 9999),
        ("2.9999f", 1, 10001),
        (".9999s", "abc", 3),
        ("9999.9999f", 1, 10001),
    ],
)
def test_a_width_or_precision_of_9999_formats(spec, value, n):
    assert run("{{ ('{:" + spec + "}'.format(v)) | length }}", {"v": value}) == str(n)


@pytest.mark.parametrize(
    "spec, value, shown",
    [
        (">10000", 1, "10000"),
        ("10000d", 7, "10000"),
        ("<10000s", "ab", "10000"),
        ("^10000x", 255, "10000"),
        ("=+10000", 3, "10000"),
        ("*>10000", "z", "10000"),
        ("010000", 4, "10000"),
        ("10000,", 1234, "10000"),
        ("#10000x", 255, "10000"),
        (".10000f", 1, "10000"),
        (".10000e", 1, "10000"),
        (".10000%", 1, "10000"),
        (".10000s", "abc", "10000"),
        ("5.10000f", 1, "10000"),
        ("10000.2f", 1, "10000"),
        ("99999", 1, "99999"),
        (">0010000", 1, "10000"),  # the width as a number (the text of the spec kept its zeros)
    ],
)
def test_a_width_or_precision_of_10000_is_refused(spec, value, shown):
    assert refused("{{ '{:" + spec + "}'.format(v) }}", {"v": value}) == WIDTH.format(shown)


def test_nested_widths_are_checked_once_resolved():
    assert run("{{ ('{:{w}.{p}f}'.format(1, w=9999, p=2)) | length }}") == "9999"
    assert run("{{ ('{:{w}.{p}f}'.format(1, w=5, p=9999)) | length }}") == "10001"
    assert refused("{{ '{:{w}.{p}f}'.format(1, w=10000, p=2) }}") == WIDTH.format(10000)
    assert refused("{{ '{:{w}.{p}f}'.format(1, w=5, p=10000) }}") == WIDTH.format(10000)
    assert refused("{{ '{0:>{1}}'.format('a', 10000) }}") == WIDTH.format(10000)


def test_fields_without_a_spec_format_their_value():
    assert run("{{ '{}-{}-{}'.format('ab', 7, 2.5) }}") == "ab-7-2.5"
    assert run("{{ '{0}{1}{0}'.format('x', 'y') }}") == "xyx"
    assert run("{{ '{:}+{!r}'.format('a', 'b') }}") == "a+'b'"


# -- the text the fields build, counted before it is built -----------------------------------------


def test_string_fields_count_their_length_field_by_field(small):
    assert run("{{ ('{}{}'.format(s, s)) | length }}", {"s": "x" * 50}) == "100"
    assert refused("{{ '{}{}'.format(s, t) }}", {"s": "x" * 50, "t": "x" * 51}) == (
        "text too long for a template (101 characters; limit 100)"
    )
    assert refused("{{ '{}{}{}'.format(s, s, s) }}", {"s": "x" * 34}) == (
        "text too long for a template (102 characters; limit 100)"
    )
    assert run("{{ ('{}{}{}'.format(s, s, s)) | length }}", {"s": "x" * 33}) == "99"


def test_lists_and_dicts_count_their_length_numbers_32(small):
    assert run("{{ ('{:>4}{}{}'.format(1, 2, 3)) | length }}") == "6"  # 36 + 32 + 32 = 100
    assert (
        refused("{{ '{:>5}{}{}'.format(1, 2, 3) }}")
        == "text too long for a template (101 characters; limit 100)"
    )
    assert run("{{ '{}'.format(l) | length }}", {"l": [0] * 100}) == "300"  # a list: its length (100)
    assert (
        refused("{{ '{}{}'.format(l, 1) }}", {"l": [0] * 69})
        == "text too long for a template (101 characters; limit 100)"
    )
    assert refused("{{ '{}{}'.format(d, 1) }}", {"d": {i: 0 for i in range(69)}}) == (
        "text too long for a template (101 characters; limit 100)"
    )
    assert run("{{ '{}{}'.format(d, 1) | length }}", {"d": {1: 2}}) == "7"  # 1 + 32


def test_width_and_precision_are_counted_each_alone_and_together(small):
    assert run("{{ ('{:>68}'.format(1)) | length }}") == "68"  # 32 + 68 = 100
    assert refused("{{ '{:>69}'.format(1) }}") == "text too long for a template (101 characters; limit 100)"
    assert run("{{ ('{:.68f}'.format(1)) | length }}") == "70"  # 32 + 68 = 100
    assert refused("{{ '{:.69f}'.format(1) }}") == "text too long for a template (101 characters; limit 100)"
    assert run("{{ ('{:30.38f}'.format(1)) | length }}") == "40"  # 32 + 30 + 38 = 100
    assert refused("{{ '{:60.9f}'.format(1) }}") == "text too long for a template (101 characters; limit 100)"
    assert refused("{{ '{:9.60f}'.format(1) }}") == "text too long for a template (101 characters; limit 100)"
    assert (
        refused("{{ '{:>60}{:>60}'.format('', '') }}")
        == "text too long for a template (120 characters; limit 100)"
    )
