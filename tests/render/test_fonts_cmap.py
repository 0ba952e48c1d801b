"""The glyph-coverage check reads the fonts' cmap itself (no reportlab at `validate` time)."""

from __future__ import annotations


def test_cmap_reader_matches_reportlab_for_every_face():
    from reportlab.pdfbase import pdfmetrics

    from sheets.render import fonts

    fonts.register()
    for face in fonts.FACES:
        ours = fonts._cmap(face)
        theirs = set(pdfmetrics.getFont(face).face.charToGlyph)
        assert ours == theirs and len(ours) > 5000, face
    assert ord("Ж") in fonts._cmap("Sans") and 0x4E2D not in fonts._cmap("Sans")  # Cyrillic yes, CJK no


def test_validate_does_not_load_reportlab(subprocess_env, samples):
    import subprocess
    import sys

    code = (
        "import sys; from sheets.cli import main\n"
        "try:\n    main(['validate', sys.argv[1]])\nexcept SystemExit:\n    pass\n"
        "print('reportlab' in ' '.join(sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(samples / "battletech" / "roc.yaml")],
        capture_output=True,
        text=True,
        env=subprocess_env,
        check=True,
    ).stdout
    assert out.strip().splitlines()[-1] == "False"
