"""libyaml's C composer (shallow text) and PyYAML's Python composer give the same values,
positions and messages (issue 13: loading speed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheets.core import yamlio
from sheets.core.errors import InputError

ROOT = Path(__file__).resolve().parent.parent.parent


def _tree(v, seen=frozenset()):
    if isinstance(v, (yamlio.YMap, yamlio.YSeq)):
        if id(v) in seen:
            return "REF"
        seen = seen | {id(v)}
    if isinstance(v, yamlio.YMap):
        return (
            "map",
            v.pos,
            [(k, _tree(x, seen), v.key_pos.get(k), v.value_pos.get(k)) for k, x in v.items()],
        )
    if isinstance(v, yamlio.YSeq):
        return ("seq", v.pos, [_tree(x, seen) for x in v], list(v.item_pos))
    return (type(v).__name__, v)


def _parse(text, monkeypatch, c_composer: bool):
    with monkeypatch.context() as m:
        m.setattr(yamlio, "_shallow", lambda t: c_composer)
        try:
            return _tree(yamlio.parse_yaml(text, "f.yaml"))
        except InputError as exc:
            return [str(p) for p in exc.problems]


TEXTS = [
    (ROOT / "data/units/wh40k6/sample_list.yaml").read_text(encoding="utf-8"),
    (ROOT / "data/units/lnl/hill30_us.yaml").read_text(encoding="utf-8"),
    "a: &x {k: [1, 2.5, ~, yes, 0x1F, 1_000, 1:20, 2001-02-03]}\nb: *x\n<<: {c: 3}\n",
    "&a [*a, {b: *a}]",  # a collection holding itself
    "a: *nowhere\n",
    "a: 1\na: 2\n",
    "--- 1\n--- 2\n",
    "a: [1\n",
    "a: !!python/object x\n",
    "a: &z 1\nb: &z 2\nc: *z\n",
    "- a\n - b\n",
    "[" * 70 + "]" * 70,
    "",
]


@pytest.mark.parametrize("text", TEXTS)
def test_both_composers_agree(text, monkeypatch):
    assert _parse(text, monkeypatch, True) == _parse(text, monkeypatch, False)


def test_the_c_composer_is_used_for_shallow_text_only(monkeypatch):
    used = []
    real = yamlio._CLoader.get_single_node
    monkeypatch.setattr(yamlio._CLoader, "get_single_node", lambda self: used.append(1) or real(self))
    yamlio.parse_yaml("a: [1, {b: 2}]\n", "f.yaml")
    assert used == [1]
    assert not yamlio._shallow("- []\n" * (yamlio.SHALLOW_BRACKETS + 1))  # too many to bound the depth
    assert not yamlio._shallow("a: " + "x" * yamlio.SHALLOW_LINE + "\n")  # a line too long
    assert yamlio._shallow(
        "a: " + "x" * (yamlio.SHALLOW_LINE - 3) + "\n" + "- []\n" * yamlio.SHALLOW_BRACKETS
    )
    with pytest.raises(InputError, match="nesting too deep"):  # deep: never reaches the C stack
        yamlio.parse_yaml("[" * 100_000 + "]" * 100_000, "f.yaml")
    assert used == [1]
