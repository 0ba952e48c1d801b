"""The schema's value budget and its memo of shared (aliased) nodes, in-process and exact
(issue 21): every mapping or list checked inside ``check_budget`` counts its length + 1; an
aliased node is checked once per spec and problem list (its problems reported once, the same
converted object reused) and every further use counts what the first check counted; one value
past the limit stops the load with the positioned message, exactly at the limit it does not.
Also ``Enum`` aliases (a choice before an alias) and ``ci_pattern``."""

from __future__ import annotations

import re

import pytest

from sheets.core.errors import InputError, Pos, Problems
from sheets.core.schema import BLANKS, Enum, Int, List, Obj, check_budget, ci_pattern
from sheets.core.yamlio import YMap, YSeq

POS = Pos(3, 5, "f.yaml")


def seq(*items, shared=False):
    s = YSeq(items)
    s.item_pos = [POS] * len(items)
    s.pos = POS
    s.shared = shared
    return s


def run(spec, value, limit, problems=None):
    problems = problems or Problems("f.yaml")
    with check_budget(problems, limit):
        out = spec.check(value, POS, problems, "units")
    return out, problems


def message(limit):
    return (
        f"units: the file expands to more than {limit:,} values (aliases or 'from' references "
        f"repeated); write fewer or smaller copies"
    )


@pytest.mark.parametrize("limit,ok", [(4, True), (3, False)])
def test_a_list_of_three_counts_four(limit, ok):
    if ok:
        out, _ = run(List(item=Int()), seq(1, 2, 3), limit)
        assert out == [1, 2, 3]
        return
    with pytest.raises(InputError) as exc:
        run(List(item=Int()), seq(1, 2, 3), limit)
    [p] = exc.value.problems
    assert (p.path, p.pos, p.message) == ("f.yaml", POS, message(3))


def test_the_message_groups_thousands_and_keeps_earlier_problems():
    problems = Problems("f.yaml")
    problems.error(Pos(1, 1, "f.yaml"), "units: an earlier problem")
    with pytest.raises(InputError) as exc:
        run(List(item=Int()), seq(*range(1500)), 1000, problems)
    assert [p.message for p in exc.value.problems] == ["units: an earlier problem", message(1000)]


def test_an_alias_used_twice_counts_twice_and_is_checked_once():
    inner = seq(1, 2, shared=True)
    value = seq(inner, inner)
    # outer 2 + 1; the inner list 2 + 1 at its first use, the same 3 again at its second
    out, _ = run(List(item=List(item=Int())), value, 9)
    assert out == [[1, 2], [1, 2]] and out[0] is out[1]  # the converted list reused
    with pytest.raises(InputError):
        run(List(item=List(item=Int())), seq(inner, inner), 8)


def test_a_nested_alias_counts_everything_below_it_again():
    deep = seq(seq(1), seq(2), shared=True)  # 3 + 2 + 2 = 7 at the first use
    out, _ = run(List(item=List(item=List(item=Int()))), seq(deep, deep), 3 + 7 + 7)
    assert out == [[[1], [2]], [[1], [2]]] and out[0] is out[1]
    with pytest.raises(InputError):
        run(List(item=List(item=List(item=Int()))), seq(deep, deep), 3 + 7 + 7 - 1)


def test_without_the_alias_mark_each_copy_is_checked_on_its_own():
    inner = seq(1, 2)  # the same object, but not marked shared
    out, _ = run(List(item=List(item=Int())), seq(inner, inner), 9)
    assert out == [[1, 2], [1, 2]] and out[0] is not out[1]


def test_the_problems_of_an_alias_are_reported_once():
    inner = seq("x", 2, shared=True)
    out, problems = run(List(item=List(item=Int())), seq(inner, inner), 100)
    assert [p.message for p in problems.errors] == ["units[1][1]: expected a whole number, got text"]


def test_outside_a_budget_nothing_is_counted_or_reused():
    inner = seq("x", 2, shared=True)
    problems = Problems("f.yaml")
    List(item=List(item=Int())).check(seq(inner, inner), POS, problems, "units")
    assert [p.message for p in problems.errors] == [
        "units[1][1]: expected a whole number, got text",
        "units[2][1]: expected a whole number, got text",
    ]
    out = List(item=List(item=Int())).check(
        seq(*[seq(1, 2, shared=True)] * 3), POS, Problems("f.yaml"), "units"
    )
    assert out == [[1, 2]] * 3 and out[0] is not out[1]


def test_another_problem_list_checks_the_alias_again():
    inner = seq("x", shared=True)
    spec = List(item=Int())
    first, second = Problems("f.yaml"), Problems("f.yaml")
    with check_budget(first, 100):
        spec.check(inner, POS, first, "a")
        spec.check(inner, POS, second, "b")  # a OneOf's trial list, say
    assert [p.message for p in first.errors] == ["a[1]: expected a whole number, got text"]
    assert [p.message for p in second.errors] == ["b[1]: expected a whole number, got text"]


def test_another_spec_checks_the_alias_again():
    inner = seq(1, 2, shared=True)
    a, b = List(item=Int()), List(item=Int(), max_len=1)
    problems = Problems("f.yaml")
    with check_budget(problems, 100):
        assert a.check(inner, POS, problems, "x") == [1, 2]
        b.check(inner, POS, problems, "y")
    assert [p.message for p in problems.errors] == ["y: too many items (2; limit 1)"]


def test_a_mapping_counts_its_keys_and_one():
    spec = Obj(fields={"a": Int(), "b": Int()})
    value = YMap(a=1, b=2)
    value.pos = POS
    assert run(spec, value, 3)[0] == {"a": 1, "b": 2}
    with pytest.raises(InputError):
        run(spec, value, 2)


def test_a_shared_mapping_counts_at_every_use():
    m = YMap(a=1)
    m.pos, m.shared = POS, True
    spec = List(item=Obj(fields={"a": Int()}))
    out, _ = run(spec, seq(m, m, m), 4 + 2 * 3)
    assert out[0] is out[2]
    with pytest.raises(InputError):
        run(spec, seq(m, m, m), 4 + 2 * 3 - 1)


def test_after_the_stop_the_budget_starts_again():
    problems = Problems("f.yaml")
    with check_budget(problems, 3):
        with pytest.raises(InputError):
            List(item=Int()).check(seq(1, 2, 3), POS, problems, "units")
        assert List(item=Int()).check(seq(1, 2), POS, problems, "units") == [1, 2]  # 3 of 3 again


def test_the_default_limit_is_max_checked_values(monkeypatch):
    from sheets.core import schema

    assert schema.MAX_CHECKED_VALUES == 1_000_000  # about what 5 MB of YAML holds
    monkeypatch.setattr(schema, "MAX_CHECKED_VALUES", 4)
    problems = Problems("f.yaml")
    with check_budget(problems):
        assert List(item=Int()).check(seq(1, 2, 3), POS, problems, "units") == [1, 2, 3]
    with check_budget(problems):
        with pytest.raises(InputError) as exc:
            List(item=Int()).check(seq(1, 2, 3, 4), POS, problems, "units")
    assert exc.value.problems[-1].message == message(4)


# -- Enum aliases and the editor pattern -----------------------------------------------------------


def test_enum_aliases_any_case_and_a_choice_before_an_alias():
    e = Enum(choices=("biped", "quad"), aliases={"Four-Legged": "quad", "BIPED": "quad"})
    assert [e.lookup(v) for v in ("biped", " Quad ", "four-legged", "FOUR-LEGGED", "wheeled")] == [
        "biped",
        "quad",
        "quad",
        "quad",
        None,
    ]
    assert e.lookup("Biped") == "biped"  # the alias BIPED does not shadow the choice
    assert e.lookup("four-legged") == "quad"  # asked twice: the same answer


def test_ci_pattern_brackets_letters_only():
    pattern = ci_pattern(["Mk2", "ß"])
    assert pattern == f"^{BLANKS}(?:[mM][kK]2|ß){BLANKS}$"
    assert re.match(pattern, " mK2 ") and re.match(pattern, "ß") and not re.match(pattern, "mk3")
