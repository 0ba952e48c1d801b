"""The bundled tables' compiled copies (``data/<folder>/tables.marshal``, ``tools/tables.py``):
current for every table, read only while they are of the YAML's very bytes."""

from __future__ import annotations

import marshal
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
import yaml

from sheets.core import data

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ["battletech", "common", "dmech", "dust", "lnl", "wh40k6"]


def _entries(folder: str) -> dict:
    return marshal.loads((ROOT / "data" / folder / "tables.marshal").read_bytes())


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_table_of_the_folder_is_compiled_from_its_current_bytes(folder):
    entries = _entries(folder)
    yamls = sorted(p.name for p in (ROOT / "data" / folder).glob("*.yaml"))
    assert sorted(entries) == yamls
    for name in yamls:
        raw = (ROOT / "data" / folder / name).read_bytes()
        size, crc, value = entries[name]
        assert (size, crc) == (len(raw), zlib.crc32(raw)), f"{folder}/{name}: run tools/tables.py compile"
        # PyYAML's own safe loader, not the package's reader
        assert value == yaml.load(raw.decode("utf-8"), Loader=yaml.SafeLoader), f"{folder}/{name}"


def test_the_folders_with_tables_are_these_six():
    found = sorted(p.parent.name for p in (ROOT / "data").glob("*/tables.marshal"))
    assert found == FOLDERS
    assert not list((ROOT / "data" / "units").rglob("tables.marshal"))
    assert not (ROOT / "data" / "starters" / "tables.marshal").exists()


def test_the_tool_checks_them_current():
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "tables.py"), "check"], capture_output=True, text=True
    )
    assert (done.returncode, done.stderr) == (0, "")


@pytest.fixture
def fake_root(tmp_path, monkeypatch):
    (tmp_path / "g").mkdir()
    monkeypatch.setattr(data, "data_root", lambda: tmp_path)
    data._compiled.cache_clear()
    yield tmp_path
    data._compiled.cache_clear()


def _compile(root: Path, name: str, raw: bytes, value, size_delta: int = 0, crc_delta: int = 0) -> None:
    (root / "g" / name).write_bytes(raw)
    entry = (len(raw) + size_delta, (zlib.crc32(raw) + crc_delta) % 2**32, value)
    (root / "g" / "tables.marshal").write_bytes(marshal.dumps({name: entry}))


def test_a_current_compiled_table_is_read_instead_of_its_yaml(fake_root):
    # the compiled value differs from the YAML on purpose: it shows which one was read
    _compile(fake_root, "t.yaml", b"a: 1\n", {"a": 2})
    assert data._bundled("g/t.yaml") == {"a": 2}


@pytest.mark.parametrize("size_delta, crc_delta", [(1, 0), (-1, 0), (0, 1), (0, -1)])
def test_a_table_edited_since_it_was_compiled_is_read_from_its_yaml(fake_root, size_delta, crc_delta):
    _compile(fake_root, "t.yaml", b"a: 1\n", {"a": 2}, size_delta, crc_delta)
    assert data._bundled("g/t.yaml") == {"a": 1}


@pytest.mark.parametrize(
    "blob",
    [b"", b"\x00garbage", marshal.dumps(["t.yaml"]), marshal.dumps({"t.yaml": (5, 0)})],
    ids=["empty", "garbage", "not-a-mapping", "short-entry"],
)
def test_a_broken_compiled_file_leaves_the_yaml_to_be_read(fake_root, blob):
    (fake_root / "g" / "t.yaml").write_bytes(b"a: 1\n")
    (fake_root / "g" / "tables.marshal").write_bytes(blob)
    assert data._bundled("g/t.yaml") == {"a": 1}


def test_a_table_not_compiled_is_read_from_its_yaml(fake_root):
    _compile(fake_root, "other.yaml", b"b: 1\n", {"b": 2})
    (fake_root / "g" / "t.yaml").write_bytes("имя: «Рух»\n".encode())
    assert data._bundled("g/t.yaml") == {"имя": "«Рух»"}
    assert data._bundled("g/other.yaml") == {"b": 2}


def test_no_compiled_file_at_all(fake_root):
    (fake_root / "g" / "t.yaml").write_bytes(b"- 1\n- 2\n")
    assert data._bundled("g/t.yaml") == [1, 2]


def test_a_missing_table_is_still_an_error(fake_root):
    with pytest.raises(FileNotFoundError):
        data._bundled("g/none.yaml")
