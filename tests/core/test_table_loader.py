"""The tables' loader (sheets.core.data._safe_load) gives what PyYAML's safe loader gives: the
same values of the same types in the same order, the same errors, one object for an alias."""

from __future__ import annotations

import io

import pytest
import yaml

from sheets.core import data

SAFE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _same(a, b) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return [(type(k), k) for k in a] == [(type(k), k) for k in b] and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b or (a != a and b != b)


def test_every_bundled_table_reads_as_the_safe_loader_reads_it():
    files = sorted(data.data_root().rglob("*.yaml"))
    assert len(files) > 30
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert _same(data._safe_load(io.StringIO(text)), yaml.load(text, Loader=SAFE)), path


@pytest.mark.parametrize(
    "text",
    [
        "a: &x {b: 1, c: [1, 2]}\nd: *x\ne: {<<: *x, f: 3}\n",
        "t: 2001-12-14\nu: 2001-12-14t21:59:43.10-05:00\nb: !!binary aGVsbG8=\n",
        "s: !!set {a, b}\no: !!omap [{a: 1}, {b: 2}]\n",
        "n: ~\ny: yes\nz: 0x1F\nf: 1_000.5\ng: 1:30\nh: .inf\ni: '012'\nj: 012\n=: 1\n",
        "- !!str 12\n- !!int '7'\n- !!float 3\n- {a: {b: [1, {d: e}]}}\n",
        "a: 1\na: 2\n",
        "",
        "just text",
    ],
)
def test_the_values_of_every_kind_of_node(text):
    assert _same(data._safe_load(io.StringIO(text)), yaml.load(text, Loader=SAFE))


@pytest.mark.parametrize("text", ["? [a, b]\n: 1\n", "p: !!python/object:os.system x\n", "a: [1\n"])
def test_the_same_errors(text):
    with pytest.raises(yaml.YAMLError) as ours:
        data._safe_load(io.StringIO(text))
    with pytest.raises(yaml.YAMLError) as theirs:
        yaml.load(io.StringIO(text), Loader=SAFE)
    assert type(ours.value) is type(theirs.value) and str(ours.value) == str(theirs.value)


def test_an_alias_is_one_object():
    value = data._safe_load(io.StringIO("a: &x [1, {b: 2}]\nb: *x\n"))
    assert value["a"] is value["b"] and value == {"a": [1, {"b": 2}], "b": [1, {"b": 2}]}
