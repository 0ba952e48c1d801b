"""Issue 21, "caps are pushed past": the documented caps of README "Files from strangers" at
their real values (not monkeypatched down), each just at the cap (accepted) and one step past
it (the documented refusal): a unit file of 5 MiB, a ``--data-dir`` table of 2 MiB, 100 files
pulled in by ``from:``, 10,000 keys and items, a 100-character number, a label placeholder's
width or precision of 20, a 60-character echoed value.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sheets.core.errors import InputError, plain, short
from sheets.core.loader import load_file
from sheets.core.yamlio import load_yaml, parse_yaml

ROOT = Path(__file__).resolve().parents[2]
MIB = 1024 * 1024


def problems(text: str) -> list[str]:
    with pytest.raises(InputError) as exc:
        parse_yaml(text, "f.yaml")
    return [str(p) for p in exc.value.problems]


def _padded(head: str, size: int) -> bytes:
    """``head`` then a comment line that brings the file to exactly ``size`` bytes."""
    data = head.encode()
    pad = size - len(data) - 2
    assert pad > 0
    return data + b"#" + b"x" * pad + b"\n"


# -- file sizes ---------------------------------------------------------------------------------


def test_a_unit_file_of_exactly_5_mib_loads_one_byte_more_is_refused(tmp_path):
    at = tmp_path / "at.yaml"
    at.write_bytes(_padded("a: 1\n", 5 * MIB))
    assert at.stat().st_size == 5_242_880
    assert load_yaml(at) == {"a": 1}
    past = tmp_path / "past.yaml"
    past.write_bytes(_padded("a: 1\n", 5 * MIB + 1))
    with pytest.raises(InputError) as exc:
        load_yaml(past)
    assert [str(p) for p in exc.value.problems] == [f"{past}: file too large (limit 5242880 bytes)"]


def test_a_data_dir_table_of_2_mib_is_used_one_byte_more_is_refused(tmp_path, subprocess_env):
    table = (
        (ROOT / "data/lnl/labels.yaml")
        .read_text(encoding="utf-8")
        .replace('kind_squad: {en: "Squad"', 'kind_squad: {en: "Fireteam"')
    )
    unit = ROOT / "data/units/lnl/hill30_us.yaml"
    for size, ok in ((2 * MIB, True), (2 * MIB + 1, False)):
        folder = tmp_path / str(size)
        (folder / "lnl").mkdir(parents=True)
        path = folder / "lnl/labels.yaml"
        path.write_bytes(_padded(table, size))
        assert path.stat().st_size == size
        out = tmp_path / f"{size}.md"
        r = subprocess.run(
            [
                sys.executable,
                "-m",
                "sheets",
                "--data-dir",
                str(folder),
                "roster",
                str(unit),
                "--format",
                "md",
                "-o",
                str(out),
            ],
            capture_output=True,
            text=True,
            env=subprocess_env,
        )
        if ok:
            assert r.returncode == 0, r.stderr
            assert "Fireteam" in out.read_text(encoding="utf-8")
        else:
            assert r.returncode == 1
            assert r.stderr.strip() == f"{path}: file too large (limit 2097152 bytes)"
            assert not out.exists()


# -- from: files ----------------------------------------------------------------------------------


def test_one_hundred_files_by_from_load_the_hundred_and_first_is_refused(toy, write):
    for i in range(101):
        write(f"f{i}.yaml", f"system: toy\nunits: [{{name: U{i}}}]\n")
    refs = ", ".join(f"{{from: f{i}.yaml}}" for i in range(100))
    assert len(load_file(write("at.yaml", f"system: toy\nunits: [{refs}]\n")).units) == 100
    more = refs + ", {from: f100.yaml}"
    with pytest.raises(InputError) as exc:
        load_file(write("past.yaml", f"system: toy\nunits: [{more}]\n"))
    [p] = exc.value.problems
    assert str(p).endswith("cannot read 'f100.yaml': too many files referenced (limit 100)")


# -- YAML counts ------------------------------------------------------------------------------------


def test_ten_thousand_items_and_keys_parse_one_more_is_refused():
    items = ", ".join("1" for _ in range(10_000))
    assert len(parse_yaml(f"l: [{items}]", "f.yaml")["l"]) == 10_000
    assert problems(f"l: [{items}, 1]") == ["f.yaml:1:4: too many items (10001; limit 10000)"]
    keys = ", ".join(f"k{i}: 1" for i in range(10_000))
    assert len(parse_yaml(f"m: {{{keys}}}", "f.yaml")["m"]) == 10_000
    assert problems(f"m: {{{keys}, z: 1}}") == ["f.yaml:1:4: too many keys (10001; limit 10000)"]


def test_a_number_of_100_digits_parses_101_digits_is_refused():
    assert parse_yaml("n: " + "9" * 100, "f.yaml") == {"n": int("9" * 100)}
    assert problems("n: " + "9" * 101) == ["f.yaml:1:4: number too long (101 digits)"]


# -- label placeholders -------------------------------------------------------------------------------


@pytest.mark.parametrize("spec, bad", [(">20", None), (">21", 21), (".20", None), (".21", 21), ("<9", None)])
def test_label_placeholder_width_and_precision_at_most_20(spec, bad):
    from sheets.core.data import placeholder_problem

    got = placeholder_problem(f"Hex size: {{mm:{spec}}} mm", "Hex size: {mm} mm")
    if bad is None:
        assert got is None
    else:
        assert got == f"placeholder {{mm}}: width or precision {bad} is too large (at most 20)"


# -- echoed values -------------------------------------------------------------------------------------


def test_an_echoed_value_is_cut_after_60_characters():
    assert short("a" * 60) == repr("a" * 60)
    assert short("a" * 61) == repr("a" * 60) + "… (61 characters)"
    assert plain("b" * 60) == "b" * 60
    assert plain("b" * 61) == "b" * 60 + "…"
