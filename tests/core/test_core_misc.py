"""Labels in both languages, fonts and glyph coverage, atomic writes."""

import os
from pathlib import Path

import pytest
import yaml

from sheets.core.data import data_root
from sheets.core.errors import InputError
from sheets.core.fsio import atomic_write


def test_every_label_has_both_languages():
    files = sorted(data_root().glob("*/labels.yaml"))
    assert len(files) >= 2
    for path in files:
        table = yaml.safe_load(path.read_text(encoding="utf-8"))
        for key, entry in table.items():
            assert isinstance(entry, dict), f"{path.name}:{key}"
            for lang in ("en", "ru"):
                assert isinstance(entry.get(lang), str) and entry[lang].strip(), (
                    f"{path.parent.name}/{key}: {lang}"
                )


def test_every_label_is_drawable_by_the_bundled_font():
    from sheets.render.fonts import missing_chars

    for path in data_root().glob("*/labels.yaml"):
        for key, entry in yaml.safe_load(path.read_text(encoding="utf-8")).items():
            for lang in ("en", "ru"):
                assert missing_chars(entry[lang]) == [], f"{path.parent.name}/{key}/{lang}"


def test_fonts_are_bundled_with_licence():
    from sheets.render.fonts import FACES, FONT_DIR

    for filename in FACES.values():
        assert (FONT_DIR / filename).stat().st_size > 100_000
    assert "Bitstream" in (FONT_DIR / "LICENSE-DejaVu.txt").read_text()


def test_glyph_check_refuses_what_the_font_cannot_draw():
    from sheets.render.fonts import GlyphError, check_text, missing_chars

    assert missing_chars("Торс — Голова №5 «Ёж» ₽") == []
    with pytest.raises(GlyphError, match=r"U\+1F916"):
        check_text("Robot \U0001f916")
    with pytest.raises(GlyphError):
        check_text("漢字")


def test_atomic_write_replaces_through_a_temp_file_in_the_same_folder(tmp_path, monkeypatch):
    import sheets.core.fsio as fsio

    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")
    seen = []
    real_replace = os.replace

    def spy(src, dst):  # the target is untouched until the rename; the temp file holds the new bytes
        seen.append((Path(src).parent, Path(src).read_bytes(), Path(dst).read_bytes()))
        real_replace(src, dst)

    monkeypatch.setattr(fsio.os, "replace", spy)
    atomic_write(target, "new")
    assert seen == [(tmp_path, b"new", b"old")]
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["out.pdf"]  # no temp file left
    assert target.stat().st_mode & 0o777 == 0o644
    with pytest.raises(InputError, match="is a directory"):
        atomic_write(tmp_path, b"x")


@pytest.mark.parametrize("fail", ["replace", "write", "chmod"])
def test_atomic_write_never_clobbers_on_failure(tmp_path, monkeypatch, fail):
    import sheets.core.fsio as fsio

    target = tmp_path / "out.pdf"
    target.write_bytes(b"precious old bytes")

    def boom(*a, **k):
        raise OSError(28, "No space left on device")

    if fail == "write":
        from conftest import FileSpy, spy_fdopen

        class Half(FileSpy):  # writes part of the data, then the disk is full
            def write(self, data):
                self.fh.write(data[:3])
                boom()

        spy_fdopen(monkeypatch, fsio.os, Half)
    else:
        monkeypatch.setattr(fsio.os, fail, boom)
    with pytest.raises((OSError, InputError), match="No space left|the disk is full"):
        atomic_write(target, b"new bytes that must never land")
    assert target.read_bytes() == b"precious old bytes"
    assert [p.name for p in tmp_path.iterdir()] == ["out.pdf"]  # the temp file was removed


def deny_opening_in(monkeypatch, folder: Path):
    """Every os.open of a file in ``folder`` raises PermissionError (the temp file cannot be
    created), as for a read-only folder, but injected: it also fails for root."""
    real_open = os.open

    def guarded(path, *a, **k):
        if Path(path).parent == folder:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *a, **k)

    monkeypatch.setattr(os, "open", guarded)


def test_atomic_write_unwritable(tmp_path, monkeypatch):
    target = tmp_path / "ro" / "x.pdf"
    target.parent.mkdir()
    target.write_bytes(b"old")
    deny_opening_in(monkeypatch, target.parent)
    with pytest.raises(InputError, match="x.pdf: cannot write here: permission denied"):
        atomic_write(target, b"x")
    monkeypatch.undo()
    assert target.read_bytes() == b"old"
    assert [p.name for p in target.parent.iterdir()] == ["x.pdf"]


def test_atomic_write_parent_is_a_file(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(InputError, match="cannot"):
        atomic_write(tmp_path / "file" / "x.pdf", b"x")
