"""Issue 21: every bound of a user's army-list template (``sheets/render/text.py``) pushed exactly
to its limit and one step past it, in process (so that mutation testing sees it), each refusal's
message pinned: numbers (10**6), repeated text, powers (64), format widths (9999) in each format
that has them (``%``, ``|format``, ``str.format``, nested ``{:{w}}``), concatenation (``~``,
``+``), str methods and filters that build text, the output size, the template's file size, a
lone surrogate. The limits of size are made small (monkeypatched) so that a test builds little."""

from __future__ import annotations

import pytest

from sheets.core.errors import InputError
from sheets.render import text


def run(source: str, data=None, fmt: str = "md", name: str = "t.j2") -> str:
    return text.render_roster_text(data or {}, fmt, name, template_data=source.encode("utf-8"))


WHOLE = ("output larger than", "the template prints U+")  # refusals of the whole output: no line


def refused(source: str, data=None, fmt: str = "md") -> str:
    """The one problem's message (without ``template error: ``), at line 1 (a refusal of the
    whole output has no line)."""
    with pytest.raises(InputError) as e:
        run(source, data, fmt)
    (p,) = e.value.problems
    line = str(p)
    whole = any(w in p.message for w in WHOLE)
    head = "t.j2: template error: " if whole else "t.j2:1:1: template error: "
    assert line.startswith(head), line
    return line[len(head) :]


@pytest.fixture
def small(monkeypatch):
    """Output and value limits of 100 characters."""
    monkeypatch.setattr(text, "MAX_OUTPUT_CHARS", 100)
    return 100


# -- numbers ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "expr, ok",
    [
        ("1000000 + 0", True),
        ("1000001 + 0", False),
        ("-1000000 + 0", True),
        ("-1000001 + 0", False),
        ("0 + 1000001", False),
        ("2 * 1000001", False),
        ("1000001 // 2", False),
        ("1000001 % 7", False),
        ("true + 1", True),
    ],
)
def test_numbers_up_to_a_million_each_side(expr, ok):
    if ok:
        assert run("{{ " + expr + " }}") == str(eval(expr.replace("true", "True")))
    else:
        assert refused("{{ " + expr + " }}") == "number too large for a template (20 bits; limit 1000000)"


def test_numbers_passed_to_a_call_or_a_filter_are_bounded_too():
    assert run("{{ range(3) | list | length }}") == "3"
    assert (
        refused("{{ range(1000001) | list | length }}")
        == "number too large for a template (20 bits; limit 1000000)"
    )
    assert (
        refused("{{ 'a' | center(width=1000001) }}")
        == "number too large for a template (20 bits; limit 1000000)"
    )
    assert run("{{ 'ab' | truncate(5) }}") == "ab"
    assert (
        refused("{{ 'ab' | truncate(1000001) }}")
        == "number too large for a template (20 bits; limit 1000000)"
    )
    assert (
        refused("{{ '%d' | format(1000001) }}") == "number too large for a template (20 bits; limit 1000000)"
    )
    assert (
        refused("{{ '%(n)d' | format(n=1000001) }}")
        == "number too large for a template (20 bits; limit 1000000)"
    )


def test_a_value_longer_than_the_output_limit_is_refused(small):
    assert run("{{ s + '' }}", {"s": "x" * 100}) == "x" * 100
    assert refused("{{ s + '' }}", {"s": "x" * 101}) == "value too large for a template"
    assert (
        refused("{{ s | length + 0 }}{{ l * 1 }}", {"s": "", "l": [0] * 101})
        == "value too large for a template"
    )
    assert refused("{{ 'a'.center(3, s) }}", {"s": "x" * 101}) == "value too large for a template"


# -- repetition and powers -------------------------------------------------------------------


@pytest.mark.parametrize(
    "expr, ok",
    [
        ("'ab' * 50", True),
        ("'ab' * 51", False),
        ("50 * 'ab'", True),
        ("51 * 'ab'", False),
        ("['ab'] * 100", True),
        ("['ab'] * 101", False),
        ("'ab' * -51", False),
        ("'a' * 100", True),
        ("'a' * 101", False),
    ],
)
def test_repeated_text_up_to_the_output_limit(small, expr, ok):
    source = "{{ (" + expr + ") | length }}"
    if ok:
        assert run(source) == str(len(eval(expr)))
    else:
        assert refused(source) == "repeated text too long for a template"


@pytest.mark.parametrize(
    "expr, ok",
    [
        ("2 ** 64", "18446744073709551616"),
        ("2 ** 65", None),
        ("2 ** -64", "5.421010862427522e-20"),
        ("2 ** -65", None),
        ("2.0 ** 64.0", "18446744073709551616"),
        ("2.0 ** 64.5", None),
        ("2 ** 2", "4"),
    ],
)
def test_powers_up_to_64(expr, ok):
    if ok:
        assert run("{{ " + expr + " }}") == ok
    else:
        assert refused("{{ " + expr + " }}") == "power too large for a template"


# -- format widths: 9999 in every format ------------------------------------------------------


@pytest.mark.parametrize(
    "source, n",
    [
        ("{{ ('%9999d' % 1) | length }}", 9999),
        ("{{ ('%.9999f' % 1) | length }}", 10001),
        ("{{ ('%*d' % (9999, 1)) | length }}", 9999),
        ("{{ ('%-*d' % (-9999, 1)) | length }}", 9999),
        ("{{ ('%.*f' % (9999, 1)) | length }}", 10001),
        ("{{ ('%9999d' | format(1)) | length }}", 9999),
        ("{{ ('%(n)9999d' | format(n=1)) | length }}", 9999),
        ("{{ ('{:>9999}'.format(1)) | length }}", 9999),
        ("{{ ('{:.9999f}'.format(1)) | length }}", 10001),
        ("{{ ('{:{w}}'.format(1, w=9999)) | length }}", 9999),
        ("{{ ('{:*^9999}'.format(1)) | length }}", 9999),
        ("{{ ('{:+09999,.2f}'.format(1)) | length }}", 9999),
    ],
)
def test_a_format_width_of_9999_formats(source, n):
    assert run(source) == str(n)


@pytest.mark.parametrize(
    "source, width",
    [
        ("{{ '%10000d' % 1 }}", 10000),
        ("{{ '%.10000f' % 1 }}", 10000),
        ("{{ '%*d' % (10000, 1) }}", 10000),
        ("{{ '%*d' % (-10000, 1) }}", -10000),
        ("{{ '%.*f' % (10000, 1) }}", 10000),
        ("{{ '%5.*f' % (10000, 1) }}", 10000),
        ("{{ '%10000d' | format(1) }}", 10000),
        ("{{ '%(n)10000d' | format(n=1) }}", 10000),
        ("{{ '{:>10000}'.format(1) }}", 10000),
        ("{{ '{:.10000f}'.format(1) }}", 10000),
        ("{{ '{:{w}}'.format(1, w=10000) }}", 10000),
        ("{{ '{:*^10000}'.format(1) }}", 10000),
        ("{{ '{0:>5}{1:>10000}'.format(1, 2) }}", 10000),
    ],
)
def test_a_format_width_of_10000_is_refused(source, width):
    assert refused(source) == f"format width too large for a template ({width}; limit 9999)"


def test_percent_formats_count_the_text_they_paste(small):
    assert run("{{ ('%s%s' % (s, s)) | length }}", {"s": "x" * 48}) == "96"
    assert (
        refused("{{ '%s%s' % (s, s) }}", {"s": "x" * 49})
        == "text too long for a template (102 characters; limit 100)"
    )
    assert run("{{ ('%(a)s%(a)s' % d) | length }}", {"d": {"a": "x" * 45}}) == "90"
    assert refused("{{ '%(a)s%(a)s' % d }}", {"d": {"a": "x" * 46}}) == (
        "text too long for a template (102 characters; limit 100)"
    )
    assert (
        refused("{{ '%d%d%d%d' % (1, 2, 3, 4) }}")
        == "text too long for a template (136 characters; limit 100)"
    )
    assert run("{{ '%d%%' % 5 }}") == "5%"
    assert run("{{ '%*s|' % ('x', 'y') if false else 'skip' }}") == "skip"


def test_str_format_counts_the_text_of_its_fields(small):
    assert run("{{ ('{}{}'.format(s, s)) | length }}", {"s": "x" * 50}) == "100"
    assert refused("{{ '{}{}{}'.format(s, s, s) }}", {"s": "x" * 34}) == (
        "text too long for a template (102 characters; limit 100)"
    )
    assert (
        refused("{{ '{:>60}{:>60}'.format('', '') }}")
        == "text too long for a template (120 characters; limit 100)"
    )


# -- text built by one operation ---------------------------------------------------------------


@pytest.mark.parametrize(
    "source, data, ok",
    [
        ("{{ (a ~ b) | length }}", {"a": "x" * 60, "b": "y" * 40}, True),
        ("{{ (a ~ b) | length }}", {"a": "x" * 60, "b": "y" * 41}, False),
        ("{{ (a + b) | length }}", {"a": "x" * 60, "b": "y" * 40}, True),
        ("{{ (a + b) | length }}", {"a": "x" * 60, "b": "y" * 41}, False),
        ("{{ (l + m) | length }}", {"l": [0] * 60, "m": [0] * 41}, False),
        ("{{ (a ~ 7) | length }}", {"a": "x" * 68}, True),  # a number counts 32
        ("{{ (a ~ 7) | length }}", {"a": "x" * 69}, False),
    ],
)
def test_concatenation_up_to_the_limit(small, source, data, ok):
    if ok:
        assert int(run(source, data)) <= 100
    else:
        msg = refused(source, data)
        assert msg.startswith("text too long for a template (101 characters; limit 100)"), msg


@pytest.mark.parametrize("method", ["center", "ljust", "rjust", "zfill"])
def test_str_methods_that_pad_up_to_the_limit(small, method):
    assert run("{{ 'ab'." + method + "(100) | length }}") == "100"
    assert (
        refused("{{ 'ab'." + method + "(101) }}")
        == "text too long for a template (101 characters; limit 100)"
    )
    assert (
        run("{{ s." + method + "(3) | length }}", {"s": "x" * 100}) == "100"
    )  # the text is longer than asked


def test_str_replace_counts_what_it_would_build(small):
    assert run("{{ s.replace('a', 'bb') | length }}", {"s": "a" * 50}) == "100"
    assert (
        refused("{{ s.replace('a', 'bb') }}", {"s": "a" * 51})
        == "text too long for a template (102 characters; limit 100)"
    )
    assert run("{{ s.replace('a', 'bb', 10) | length }}", {"s": "a" * 90}) == "100"  # a count limits it
    assert refused("{{ s.replace('a', 'bb', 10) }}", {"s": "a" * 91}) == (
        "text too long for a template (101 characters; limit 100)"
    )
    assert run("{{ s.replace('aa', 'b') | length }}", {"s": "a" * 100}) == "50"  # shrinking: never refused
    assert run("{{ s.replace('', '-') | length }}", {"s": "a" * 49}) == "99"  # an empty old: between letters
    assert (
        refused("{{ s.replace('', '-') }}", {"s": "a" * 50})
        == "text too long for a template (101 characters; limit 100)"
    )
    assert run("{{ s.replace('a', 'bb', -1) | length }}", {"s": "a" * 50}) == "100"


def test_str_expandtabs_and_join_count_what_they_would_build(small):
    assert run("{{ s.expandtabs(9) | length }}", {"s": "\t" * 10}) == "90"
    assert refused("{{ s.expandtabs(10) }}", {"s": "\t" * 10 + "x"}) == (
        "text too long for a template (111 characters; limit 100)"
    )
    assert refused("{{ s.expandtabs(tabsize=10) }}", {"s": "\t" * 10 + "x"}) == (
        "text too long for a template (111 characters; limit 100)"
    )
    assert refused("{{ s.expandtabs() }}", {"s": "\t" * 12 + "x"}) == (
        "text too long for a template (109 characters; limit 100)"
    )  # 8 by default
    assert run("{{ s.expandtabs(-3) | length }}", {"s": "\t" * 10}) == "0"
    assert run("{{ ', '.join(l) | length }}", {"l": ["x" * 8] * 10}) == "98"
    assert (
        refused("{{ ', '.join(l) }}", {"l": ["x" * 9] * 10})
        == "text too long for a template (110 characters; limit 100)"
    )
    assert (
        refused("{{ ''.join(l) }}", {"l": [1, 2, 3, 4]})
        == "text too long for a template (128 characters; limit 100)"
    )


def test_filters_that_build_text_count_it_first(small):
    assert run("{{ s | replace('a', 'bb') | length }}", {"s": "a" * 50}) == "100"
    assert refused("{{ s | replace('a', 'bb') }}", {"s": "a" * 51}) == (
        "text too long for a template (102 characters; limit 100)"
    )
    assert run("{{ s | replace('a', 'bb', 1) | length }}", {"s": "a" * 99}) == "100"
    assert refused("{{ s | replace('a', 'bb', 2) }}", {"s": "a" * 99}) == (
        "text too long for a template (101 characters; limit 100)"
    )
    assert refused("{{ s | replace('a', 'bb', count=2) }}", {"s": "a" * 99}) == (
        "text too long for a template (101 characters; limit 100)"
    )
    assert (
        run("{{ s | indent(8) | length }}", {"s": "a\nb\nc\nd\ne\nf\ng\nh\ni\nj"}) == "91"
    )  # 19 + 10 × 8 = 99
    assert refused("{{ s | indent(9) }}", {"s": "a\nb\nc\nd\ne\nf\ng\nh\ni\nj"}) == (
        "text too long for a template (109 characters; limit 100)"
    )
    assert refused("{{ s | indent(10) }}", {"s": "a\nb\nc\nd\ne\nf\ng\nh\ni\nj"}) == (
        "text too long for a template (119 characters; limit 100)"
    )
    assert refused("{{ s | indent(width=10) }}", {"s": "a\nb\nc\nd\ne\nf\ng\nh\ni\nj"}) == (
        "text too long for a template (119 characters; limit 100)"
    )
    assert refused("{{ s | indent('>' * 10) }}", {"s": "a\nb\nc\nd\ne\nf\ng\nh\ni\nj"}) == (
        "text too long for a template (119 characters; limit 100)"
    )
    assert refused("{{ s | indent }}", {"s": "x" * 80 + "\n" * 5}) == (
        "text too long for a template (109 characters; limit 100)"
    )  # 4 by default
    # wordwrap: at most (1 + the wrap string) per character; the filter gets jinja2's environment
    # first (the bound never held before: it read the environment as the text)
    assert run("{{ s | wordwrap(5, true, '-') | length }}", {"s": "a" * 50}) == "59"
    assert refused("{{ s | wordwrap(5, true, '--') }}", {"s": "a" * 34}) == (
        "text too long for a template (102 characters; limit 100)"
    )
    assert run("{{ s | wordwrap(5) | length }}", {"s": "a" * 100}) == "119"  # the newline of the env
    assert refused("{{ s | wordwrap(5, wrapstring='--') }}", {"s": "a" * 34}) == (
        "text too long for a template (102 characters; limit 100)"
    )
    assert run("{{ 'ab' | center(100) | length }}") == "100"
    assert refused("{{ 'ab' | center(101) }}") == "text too long for a template (101 characters; limit 100)"
    assert run("{{ l | join(', ') | length }}", {"l": ["x" * 8] * 10}) == "98"
    assert (
        refused("{{ l | join(', ') }}", {"l": ["x" * 9] * 10})
        == "text too long for a template (110 characters; limit 100)"
    )
    assert (
        refused("{{ l | join(d=', ') }}", {"l": ["x" * 9] * 10})
        == "text too long for a template (110 characters; limit 100)"
    )
    assert (
        refused("{{ l | join }}", {"l": [1, 2, 3, 4]})
        == "text too long for a template (128 characters; limit 100)"
    )


# -- the whole output, the template's size, what it may print ----------------------------------


def test_output_up_to_the_limit(small):
    assert run("{% for i in range(50) %}ab{% endfor %}") == "ab" * 50
    assert refused("{% for i in range(50) %}ab{% endfor %}!") == "output larger than 100 characters"


def test_a_template_file_up_to_its_size_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(text, "MAX_TEMPLATE_BYTES", 64)
    assert run("x" * 64) == "x" * 64
    with pytest.raises(InputError) as e:
        run("x" * 65)
    assert [(p.path, p.message) for p in e.value.problems] == [
        ("t.j2", "template error: file too large (limit 64 bytes)")
    ]
    path = tmp_path / "mine.j2"
    path.write_text("y" * 64, encoding="utf-8")
    assert text.render_roster_text({}, "md", str(path)) == "y" * 64
    path.write_text("y" * 65, encoding="utf-8")
    with pytest.raises(InputError) as e:
        text.render_roster_text({}, "md", str(path))
    assert [(p.path, p.message) for p in e.value.problems] == [(str(path), "file too large (limit 64 bytes)")]


def test_a_lone_surrogate_is_refused():
    assert (
        refused("ok {{ s }}", {"s": "\ud800"})
        == "the template prints U+D800, a lone surrogate (not a character)"
    )
    assert (
        refused("{{ s }}", {"s": "a\udfff"})
        == "the template prints U+DFFF, a lone surrogate (not a character)"
    )
    assert run("{{ s }}", {"s": "\ud7ff\ue000"}) == "\ud7ff\ue000"  # the characters either side of the block


# -- more of each bound's edges (issue 21, the survivors of a mutation run) ------------------------


def test_format_filter_counts_keyword_and_positional_values(small):
    assert run("{{ ('%(n)s%(n)s' | format(n=s)) | length }}", {"s": "x" * 40}) == "80"
    assert refused("{{ '%(n)s%(n)s' | format(n=s) }}", {"s": "x" * 46}) == (
        "text too long for a template (102 characters; limit 100)"
    )
    assert refused("{{ '%s%s' | format(s, s) }}", {"s": "x" * 49}) == (
        "text too long for a template (102 characters; limit 100)"
    )


def test_percent_takes_each_star_and_value_in_turn():
    assert run("{{ '%*d,%*d' % (3, 1, 4, 2) }}") == "  1,   2"
    assert (
        refused("{{ '%*d %*d' % (3, 1, 10000, 2) }}")
        == "format width too large for a template (10000; limit 9999)"
    )
    assert (
        refused("{{ '%% %*d' % (10000, 1) }}") == "format width too large for a template (10000; limit 9999)"
    )
    assert refused("{{ '%% %10000d' % 1 }}") == "format width too large for a template (10000; limit 9999)"
    assert (
        refused("{{ '%*.10000f' % ('x', 1) }}") == "format width too large for a template (10000; limit 9999)"
    )
    assert refused("{{ '%s %s' % ('a',) }}") == "TypeError: not enough arguments for format string"
    assert refused("{{ '%(a)s' % ('x',) }}") == "TypeError: format requires a mapping"


def test_percent_counts_width_and_precision_together(small):
    assert run("{{ ('%30.31f' % 1) | length }}") == "33"  # counted: 7 + 30 + 31 + 32 = 100
    assert refused("{{ '%30.32f' % 1 }}") == "text too long for a template (101 characters; limit 100)"


def test_str_methods_at_their_odd_arguments(small):
    assert run("{{ s.expandtabs(-1) | length }}", {"s": "\t" * 60}) == "0"  # a negative tab adds nothing
    assert run("{{ s.replace('a', 'bb', 0) | length }}", {"s": "a" * 60}) == "60"  # none replaced
    assert run("{{ 'ab' | truncate(200) }}") == "ab"  # truncate does not pad
    assert run("{{ 'ab' | center | length }}") == "80"
    assert run("{{ 12345 | center(9) }}") == "  12345  "
    assert run("{{ l | join(1) }}", {"l": ["a", "b"]}) == "a1b"
    assert run("{{ l | join(1) | length }}", {"l": ["x" * 9] * 10}) == "99"
    assert run("{{ s | indent(0) | length }}", {"s": "ab\n" * 26}) == "78"
    assert (
        refused("{{ s | indent(1) }}", {"s": "ab\n" * 26})
        == "text too long for a template (105 characters; limit 100)"
    )
    assert run("{{ s | wordwrap(5, true) | length }}", {"s": "a" * 50}) == "59"


def test_a_bundled_templates_whole_output_refusal_names_that_template(cli, monkeypatch):
    from sheets.core.data import data_root, templates_root

    monkeypatch.setattr(text, "MAX_OUTPUT_CHARS", 10)
    r = cli("roster", data_root() / "units" / "battletech" / "point-alpha.yaml", "--format", "md")
    assert r.exit_code == 1
    assert (
        r.stderr.strip()
        == f"{templates_root() / 'roster.md.j2'}: template error: output larger than 10 characters"
    )
