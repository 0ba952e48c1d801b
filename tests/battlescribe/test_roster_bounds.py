"""Bounds of a roster from a stranger (issue 31): an LZMA member's dictionary is checked before the
decoder reserves it (a damaged header asked for 4 GiB: MemoryError under a 1.5 GiB address-space
limit), the roster's own rule texts are capped in all (each name once), and an unprintable
character in the roster's name or notes is reported at a line and column, also inside a .rosz."""

from __future__ import annotations

import io
import subprocess
import sys
import zipfile

import pytest

from sheets.core.errors import InputError
from sheets.games.wh40k6.battlescribe import roster_for_printing, roster_to_unit_file

from . import rosters as R

LIMIT_AS = 3 << 29  # 1.5 GiB
DICT_CAP = 64 * 1024 * 1024  # data/wh40k6/battlescribe.yaml limits.lzma_dict_bytes


def _lzma_zip(dict_size: int | None = None) -> bytes:
    """A .rosz whose one member is LZMA-compressed; ``dict_size``: the dictionary its header
    names (patched in: the decoder accepts a larger one than the data needs)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_LZMA) as z:
        z.writestr("army.ros", R.roster("2.03"))
    raw = bytearray(buf.getvalue())
    if dict_size is not None:
        body = 30 + len("army.ros")  # no extra field in the local header zipfile writes
        assert raw[body + 2 : body + 4] == b"\x05\x00"  # 5 property bytes follow
        raw[body + 5 : body + 9] = dict_size.to_bytes(4, "little")
    return bytes(raw)


def _bounded(*args) -> subprocess.CompletedProcess:
    code = (
        "import resource, sys\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({LIMIT_AS}, {LIMIT_AS}))\n"
        f"sys.argv = ['sheets'] + {[str(a) for a in args]!r}\n"
        "from sheets.cli import main\nmain()\n"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("size", [DICT_CAP + 1, 0xFFFFFFFF])
def test_an_lzma_dictionary_past_the_cap_is_refused_under_1_5_gib(tmp_path, size):
    src = tmp_path / "big-dict.rosz"
    src.write_bytes(_lzma_zip(size))
    out = tmp_path / "out.yaml"
    for args in (("validate", src), ("import", "battlescribe", src, "-o", out)):
        r = _bounded(*args)
        assert r.returncode == 1, r.stderr
        assert "Traceback" not in r.stderr and "MemoryError" not in r.stderr
        assert (
            f"{src}: cannot unpack army.ros: its LZMA data asks for a {size}-byte dictionary "
            f"(limit {DICT_CAP}): a damaged file?"
        ) in r.stderr.splitlines()
        assert not out.exists()


@pytest.mark.parametrize("size", [None, DICT_CAP])
def test_an_lzma_member_within_the_cap_imports(tmp_path, size):
    """zipfile's own header (a dictionary fitted to the data) and one naming exactly the cap."""
    src = tmp_path / "ok.rosz"
    src.write_bytes(_lzma_zip(size))
    r = _bounded("import", "battlescribe", src, "-o", tmp_path / "ok.yaml")
    assert r.returncode == 0, r.stderr
    assert "Glass Squad" in (tmp_path / "ok.yaml").read_text(encoding="utf-8")


def test_a_damaged_lzma_header_is_a_message(tmp_path):
    raw = bytearray(_lzma_zip())
    body = 30 + len("army.ros")
    raw[body + 2] = 9  # the property size is not 5
    with pytest.raises(InputError) as exc:
        roster_to_unit_file(tmp_path / "bad.rosz", bytes(raw))
    assert [str(p) for p in exc.value.problems] == [
        f"{tmp_path / 'bad.rosz'}: cannot unpack army.ros: its LZMA header is damaged"
    ]


# -- the roster's own rule texts, capped in all --------------------------------------------------


def _texts_roster(dialect: str, texts: list[tuple[str, str]], units: int = 1) -> str:
    rules = "".join(
        f'<rule id="r{i}" name="{n}" hidden="false"><description>{t}</description></rule>'
        for i, (n, t) in enumerate(texts)
    )
    sels = "".join(
        R.selection(
            dialect,
            f"Text Squad {u}",
            "unit",
            cat="Troops",
            children=R.selection(
                dialect, f"Text Troopers {u}", "model", number=5, profiles=R.trooper(dialect), rules=rules
            ),
        )
        for u in range(units)
    )
    return R.roster(dialect, forces=R.force(dialect, "Primary Detachment", sels))


@pytest.fixture
def small_text_cap(monkeypatch):
    from sheets.games.wh40k6 import battlescribe

    real = battlescribe.config()
    small = {**real, "limits": {**real["limits"], "rule_text_chars": 100}}
    monkeypatch.setattr(battlescribe, "config", lambda: small)
    return 100


@pytest.mark.parametrize("dialect", ["2.03", "2.01"])
def test_rule_texts_are_kept_up_to_the_cap_and_one_more_is_a_warning(small_text_cap, dialect):
    """60 + 40 characters are the cap of 100: both kept; a third text of 1 character is past it:
    left out, and the roster says so once."""
    texts = [("Rule A", "a" * 60), ("Rule B", "b" * 40)]
    doc = roster_for_printing("t.ros", _texts_roster(dialect, texts).encode())
    assert doc["units"][0]["roster_text"] == [{"name": n, "text": t} for n, t in texts]
    assert doc.warnings == []
    doc = roster_for_printing("t.ros", _texts_roster(dialect, [*texts, ("Rule C", "c")]).encode())
    assert [t["name"] for t in doc["units"][0]["roster_text"]] == ["Rule A", "Rule B"]
    assert [str(w) for w in doc.warnings] == [
        "t.ros: warning: 1 rule text of the roster not printed: its texts pass 100 characters in all"
    ]


def test_a_rule_text_of_two_units_is_kept_once(small_text_cap):
    """Three squads with the same two rules: the texts are kept on the first (the glossary prints
    each once), so the cap counts them once."""
    texts = [("Rule A", "a" * 60), ("Rule B", "b" * 40)]
    doc = roster_for_printing("t.ros", _texts_roster("2.03", texts, units=3).encode())
    assert [len(u.get("roster_text", ())) for u in doc["units"]] == [2, 0, 0]
    assert [u["rules"] for u in doc["units"]] == [["Rule A", "Rule B"]] * 3
    assert doc.warnings == []


def test_the_text_cap_reaches_validate(cli, tmp_path, small_text_cap):
    src = tmp_path / "t.ros"
    src.write_text(_texts_roster("2.03", [("Rule A", "a" * 101)]), encoding="utf-8")
    r = cli("validate", src)
    assert (
        f"{src}: warning: 1 rule text of the roster not printed: its texts pass 100 characters in all"
        in r.stderr.splitlines()
    )


# -- an unprintable character in the roster's own texts: at its line and column --------------------


def _named(name: str) -> str:
    return R.roster("2.03").replace('name="Test Host"', f'name="{name}"', 1)


@pytest.mark.parametrize("suffix", [".ros", ".rosz"])
def test_an_unprintable_roster_name_has_a_line_and_column(cli, tmp_path, suffix):
    """U+6F22 (a CJK character: not in the bundled font) in the roster's name. In a plain .ros
    the character's own place (line 2, column 28); inside a zip the roster element's (2:1)."""
    text = _named("Test \u6f22 Host")
    src = tmp_path / f"army{suffix}"
    if suffix == ".rosz":
        with zipfile.ZipFile(src, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("army.ros", text)
    else:
        src.write_text(text, encoding="utf-8")
    r = cli("validate", src)
    at = "2:28" if suffix == ".ros" else "2:1"
    assert r.exit_code == 1
    assert (
        f"{src}:{at}: character '\u6f22' (U+6F22) in 'Test \u6f22 Host' cannot be printed: "
        "the bundled font has no glyph for it"
    ) in r.stderr.splitlines()


def test_an_unprintable_pseudo_selection_in_the_notes_is_placed_at_it(cli, tmp_path):
    """The notes join pieces of the roster (its allegiance pseudo-selection here): a character
    of one piece is reported where that selection starts, inside a .rosz too."""
    text = R.roster("2.03").replace('name="Loyal"', 'name="Loyal \u6f22"', 1)
    assert "Loyal \u6f22" in text
    line = text[: text.index("Loyal \u6f22")].count("\n") + 1
    src = tmp_path / "army.rosz"
    with zipfile.ZipFile(src, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("army.ros", text)
    r = cli("validate", src)
    bad = [x for x in r.stderr.splitlines() if "U+6F22" in x]
    assert len(bad) == 1 and bad[0].startswith(f"{src}:{line}:"), r.stderr


def test_an_unprintable_roster_name_in_yaml_has_its_line(cli, tmp_path):
    src = tmp_path / "army.yaml"
    src.write_text(
        "system: wh40k6\nroster:\n  name: Bad \u6f22 name\nunits:\n"
        "  - {name: A, slot: hq, points: 10, models: [{name: M, type: infantry, ws: 4, bs: 4, s: 4,"
        " t: 4, w: 1, i: 4, a: 1, ld: 8, sv: 3+}]}\n",
        encoding="utf-8",
    )
    r = cli("validate", src)
    assert r.stderr.splitlines()[0].startswith(f"{src}:3:9: character '\u6f22' (U+6F22)")


@pytest.mark.parametrize(
    "size, ok", [(None, True), (1 << 16, True), (DICT_CAP - 1, True), (DICT_CAP, True), (DICT_CAP + 1, False)]
)
def test_the_lzma_dictionary_cap_in_process(size, ok):
    """Both sides of the cap, read in this process (the bounded runs above cannot see a mutant)."""
    data = _lzma_zip(size)
    if ok:
        assert [u["name"] for u in roster_to_unit_file("ok.rosz", data)["units"]] == [
            "Glass Squad",
            "Lantern Captain",
        ]
        return
    with pytest.raises(InputError) as exc:
        roster_to_unit_file("big.rosz", data)
    assert [(str(p), p.code) for p in exc.value.problems] == [
        (
            f"big.rosz: cannot unpack army.ros: its LZMA data asks for a {size}-byte dictionary "
            f"(limit {DICT_CAP}): a damaged file?",
            "lzma-dictionary-too-large",
        )
    ]


def _refused_lzma(raw: bytes) -> str:
    with pytest.raises(InputError) as exc:
        roster_to_unit_file("bad.rosz", raw)
    (p,) = exc.value.problems
    assert p.code == "zip-unreadable" and str(p).startswith("bad.rosz: ")
    return p.message


def test_a_damaged_local_header_of_an_lzma_member_is_a_message():
    raw = bytearray(_lzma_zip())
    raw[2:4] = b"\x05\x06"  # the member's local header no longer starts with PK 3 4
    assert _refused_lzma(bytes(raw)) == "cannot unpack army.ros: its local header is damaged"


def test_an_lzma_member_with_an_extra_field_is_read_past_it():
    """The properties sit after the local header's name and extra field: one with an extra
    field (as other zip writers add) is read at the right place."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_LZMA) as z:
        info = zipfile.ZipInfo("army.ros")
        info.compress_type = zipfile.ZIP_LZMA
        info.extra = b"\xca\xfe\x04\x00abcd"  # an unknown extra block of 4 bytes
        z.writestr(info, R.roster("2.03"))
    doc = roster_to_unit_file("x.rosz", buf.getvalue())
    assert [u["name"] for u in doc["units"]] == ["Glass Squad", "Lantern Captain"]


@pytest.mark.parametrize("props", [0, 4, 6, 0x105])
def test_an_lzma_header_with_other_than_five_property_bytes_is_refused(props):
    raw = bytearray(_lzma_zip())
    body = 30 + len("army.ros")
    raw[body + 2 : body + 4] = props.to_bytes(2, "little")
    assert _refused_lzma(bytes(raw)) == "cannot unpack army.ros: its LZMA header is damaged"


def test_a_cut_lzma_header_is_refused():
    """A zip whose LZMA member's data ends inside its 9-byte header (its sizes patched to 4)."""
    raw = bytearray(_lzma_zip())
    body = 30 + len("army.ros")
    end = raw.find(b"PK\x01\x02")
    cut = raw[: body + 4] + raw[end:]
    assert _refused_lzma(bytes(cut)).startswith("cannot unpack army.ros")


def test_an_lzma_roster_after_another_member_is_read_at_its_own_header():
    """The properties are read from the member's own local header (not the zip's first one): a
    roster stored after a readme, LZMA-compressed, imports; with a dictionary past the cap it is
    refused."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_LZMA) as z:
        z.writestr("readme.txt", "an army list " * 20)
        z.writestr("army.ros", R.roster("2.03"))
    raw = bytearray(buf.getvalue())
    doc = roster_to_unit_file("two.rosz", bytes(raw))
    assert [u["name"] for u in doc["units"]] == ["Glass Squad", "Lantern Captain"]
    second = raw.find(b"PK\x03\x04", 4)
    body = second + 30 + len("army.ros")
    raw[body + 5 : body + 9] = (DICT_CAP + 1).to_bytes(4, "little")
    with pytest.raises(InputError) as exc:
        roster_to_unit_file("two.rosz", bytes(raw))
    assert exc.value.problems[0].code == "lzma-dictionary-too-large"
