"""The loader remembers the implicit tag of short scalars (issue 13): a remembered tag must be the
one YAML gives, whether the same text was seen plain, quoted or in another file before."""

from __future__ import annotations

import pytest

from sheets.core.errors import InputError
from sheets.core.yamlio import parse_yaml

TEXT = """\
a: 1
b: "1"
c: '1'
d: yes
e: "yes"
f: 0x10
g: ~
h: 1.5
i: "1.5"
j: 2001-02-03
k: [1, "1", yes, "yes"]
"""


def test_quoted_and_plain_texts_keep_their_own_types_every_time():
    for _ in range(3):  # the second and third parse read the remembered tags
        doc = parse_yaml(TEXT, "t.yaml")
        assert doc["a"] == 1 and type(doc["a"]) is int
        assert doc["b"] == "1" and doc["c"] == "1"
        assert doc["d"] == "yes" and doc["e"] == "yes"  # YAML 1.2: text (1.1 read true)
        assert doc["f"] == 16
        assert doc["g"] is None
        assert doc["h"] == 1.5 and doc["i"] == "1.5"
        assert doc["j"] == "2001-02-03"  # dates stay text
        assert list(doc["k"]) == [1, "1", "yes", "yes"]
        assert [str(w) for w in doc.warnings] == [
            "t.yaml:4:4: warning: 'yes' is the text 'yes' in YAML 1.2 (as editors and sheets read it) but true "
            'in YAML 1.1: write "yes" or true, which both read alike',
            "t.yaml:11:13: warning: 'yes' is the text 'yes' in YAML 1.2 (as editors and sheets read it) but "
            'true in YAML 1.1: write "yes" or true, which both read alike',
        ]


def test_a_remembered_tag_still_reports_a_bad_value():
    parse_yaml("x: !!float 1.5\n", "a.yaml")
    with pytest.raises(InputError) as exc:
        parse_yaml("x: !!float abc\n", "b.yaml")
    assert "not a number" in str(exc.value.problems[0].message)


def test_positions_of_text_values_are_kept():
    doc = parse_yaml("name: Roc\nunits:\n  - alpha\n  - beta\n", "p.yaml")
    assert (doc.value_pos["name"].line, doc.value_pos["name"].col) == (1, 7)
    assert (doc["units"].item_pos[1].line, doc["units"].item_pos[1].col) == (4, 5)
    assert (doc.key_pos["units"].line, doc.key_pos["units"].col) == (2, 1)
