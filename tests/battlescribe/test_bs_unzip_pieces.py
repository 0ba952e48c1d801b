"""Issue 21 (BattleScribe import): the roster XML is handed to the parser in pieces of at most
64 KiB (65,536 bytes), from a ``.ros`` and from a ``.rosz`` alike, so a parse that stops at a cap
unpacks no more; the pieces are the whole roster, in order. An unpacker error without a message
is named by its kind."""

from __future__ import annotations

import io
import zipfile
import zlib

import pytest

from battlescribe import rosters as R
from sheets.core.errors import InputError
from sheets.games.wh40k6.battlescribe import roster_chunks, roster_to_unit_file


def _big_xml(size: int) -> bytes:
    """The test roster padded with a comment to exactly ``size`` bytes."""
    base = R.roster().encode("utf-8")
    pad = size - len(base) - len(b"<!---->")
    return base.replace(b"</roster>", b"<!--" + b"p" * pad + b"--></roster>")


def _zipped(xml: bytes) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("army.ros", xml)
    return buf.getvalue()


@pytest.mark.parametrize(
    "size, sizes", [(65_536, [65_536]), (65_537, [65_536, 1]), (140_000, [65_536, 65_536, 8_928])]
)
def test_a_plain_roster_is_read_in_pieces_of_64_kib(size, sizes):
    xml = _big_xml(size)
    pieces = list(roster_chunks("a.ros", xml))
    assert [len(p) for p in pieces] == sizes and b"".join(pieces) == xml


@pytest.mark.parametrize("size", [65_537, 140_000])
def test_a_zipped_roster_is_unpacked_in_pieces_of_at_most_64_kib(size):
    xml = _big_xml(size)
    pieces = list(roster_chunks("a.rosz", _zipped(xml)))
    assert len(pieces) >= 2 and max(len(p) for p in pieces) <= 65_536
    assert b"".join(pieces) == xml
    assert [u["points"] for u in roster_to_unit_file("a.rosz", _zipped(xml))["units"]] == [105, 80]


def test_an_unpacker_error_without_a_message_is_named_by_its_kind(monkeypatch):
    def broken(self, n=-1):
        raise zlib.error()

    monkeypatch.setattr(zipfile.ZipExtFile, "read", broken)
    with pytest.raises(InputError) as exc:
        roster_to_unit_file("a.rosz", _zipped(R.roster().encode("utf-8")))
    assert [str(p) for p in exc.value.problems] == ["a.rosz: cannot unpack army.ros: error"]
