"""Issue 21 (BattleScribe import): XML a roster never holds, refused in process with the exact
message: an encoding other than UTF-8 and those expat reads (named, at its column on line 1, 30
characters at most), a DTD or entity declaration, an empty file (expat's "no element
found", from the parser's close: the importer needs no message of its own)."""

from __future__ import annotations

import pytest

from battlescribe import rosters as R
from sheets.core.errors import InputError
from sheets.games.wh40k6.battlescribe import roster_to_unit_file


def _refusal(data: bytes) -> list[str]:
    with pytest.raises(InputError) as exc:
        roster_to_unit_file("f.ros", data)
    return [str(p) for p in exc.value.problems]


TAIL = " is not supported: a roster is UTF-8 (BattleScribe and New Recruit write nothing else)"


@pytest.mark.parametrize(
    "declared, shown",
    [("EBCDIC-CP-US", "'EBCDIC-CP-US'"), ("x" * 30, repr("x" * 30)), ("x" * 31, repr("x" * 29 + "…"))],
)
def test_an_unsupported_encoding_is_named_at_its_column(declared, shown):
    text = R.roster().replace('encoding="UTF-8"', f'encoding="{declared}"', 1)
    assert _refusal(text.encode("utf-8")) == [f"f.ros:1:31: encoding {shown}{TAIL}"]


@pytest.mark.parametrize("declared", ["UTF-8", "utf8", "ISO-8859-1", "us-ascii"])
def test_the_encodings_expat_reads_are_read(declared):
    text = R.roster().replace('encoding="UTF-8"', f'encoding="{declared}"', 1)
    assert [u["points"] for u in roster_to_unit_file("f.ros", text.encode("utf-8"))["units"]] == [105, 80]


def test_a_dtd_is_refused_naming_the_refusal():
    text = R.roster().replace("?>\n", '?>\n<!DOCTYPE roster [<!ENTITY e "x">]>\n', 1)
    (msg,) = _refusal(text.encode("utf-8"))
    assert msg.startswith("f.ros: refused: the XML declares a DTD, entities or external references (")
    assert msg.endswith("); BattleScribe rosters never do")
    assert "(None" not in msg


def test_an_empty_file_is_refused_as_xml_without_an_element():
    assert _refusal(b"") == ["f.ros:1:1: not valid XML: no element found"]


@pytest.mark.parametrize(
    "doctype",
    [
        "<!DOCTYPE roster>",
        '<!DOCTYPE roster [<!ENTITY e "x">]>',
        '<!DOCTYPE roster SYSTEM "http://example.invalid/r.dtd">',
    ],
)
def test_any_dtd_is_refused_first_even_without_entities(doctype):
    text = R.roster().replace("?>\n", f"?>\n{doctype}\n", 1)
    assert _refusal(text.encode("utf-8")) == [
        "f.ros: refused: the XML declares a DTD, entities or external references (DTDForbidden); "
        "BattleScribe rosters never do"
    ]


def test_a_declared_encoding_with_a_byte_that_is_not_ascii_is_named_not_a_crash():
    data = (
        R.roster().replace('encoding="UTF-8"', 'encoding="UTF-\udcff8"', 1).encode("utf-8", "surrogateescape")
    )
    assert _refusal(data) == [f"f.ros:1:31: encoding 'UTF-\ufffd8'{TAIL}"]
