"""Labels in both languages, fonts and glyph coverage, atomic writes."""

import os

import pytest
import yaml

from sheets.core.errors import InputError
from sheets.core.fsio import atomic_write
from sheets.data import data_root


def test_every_label_has_both_languages():
    files = sorted(data_root().glob("*/labels.yaml"))
    assert len(files) >= 2
    for path in files:
        table = yaml.safe_load(path.read_text(encoding="utf-8"))
        for key, entry in table.items():
            assert isinstance(entry, dict), f"{path.name}:{key}"
            for lang in ("en", "ru"):
                assert isinstance(entry.get(lang), str) and entry[lang].strip(), f"{path.parent.name}/{key}: {lang}"


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
        check_text("Robot \U0001F916")
    with pytest.raises(GlyphError):
        check_text("漢字")


def test_atomic_write_never_clobbers_on_failure(tmp_path):
    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")

    class Boom(bytes):
        pass

    atomic_write(target, b"new")
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["out.pdf"]  # no temp file left
    with pytest.raises(InputError, match="is a directory"):
        atomic_write(tmp_path, b"x")


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_atomic_write_unwritable(tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    with pytest.raises(InputError, match="permission denied"):
        atomic_write(ro / "x.pdf", b"x")


def test_atomic_write_parent_is_a_file(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(InputError, match="cannot"):
        atomic_write(tmp_path / "file" / "x.pdf", b"x")
