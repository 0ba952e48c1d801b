"""Issue 10, finding 9: numeric options, and validate refusing what render cannot print."""

import pytest

from sheets.core.data import data_root

UNITS = data_root() / "units"


@pytest.mark.parametrize(
    "args",
    [
        ["render", UNITS / "dust" / "sample_force.yaml", "--bleed", "nan"],
        ["render", UNITS / "dust" / "sample_force.yaml", "--gap", "nan"],
        ["calc", "dmech", "facing", "--target", "9" * 5000 + ",0", "--facing", "0", "--attacker", "1,1"],
        ["calc", "dmech", "facing", "--target", "0,0", "--facing", "9" * 5000, "--attacker", "1,1"],
        ["calc", "dmech", "facing", "--target", "1000001,0", "--facing", "0", "--attacker", "1,1"],
    ],
)
def test_bad_numbers_are_usage_errors(cli, args, tmp_path):
    r = cli(*args, *(["-o", tmp_path / "x.pdf"] if args[0] == "render" else []))
    assert r.exit_code == 2, r.output
    assert len(r.stderr) < 1000 and not (tmp_path / "x.pdf").exists()


def test_validate_refuses_characters_the_font_lacks(cli, write):
    text = (UNITS / "battletech" / "roc.yaml").read_text(encoding="utf-8")
    assert "name: Roc\n" in text
    src = write("emoji.yaml", text.replace("name: Roc\n", 'name: "Roc \U0001f916"\n', 1))
    line = text.splitlines().index("  - name: Roc") + 1 if "  - name: Roc" in text.splitlines() else None
    r = cli("validate", src)
    assert r.exit_code == 1 and "ok" not in r.stdout
    assert "U+1F916" in r.stderr and "cannot be printed" in r.stderr
    if line:
        assert r.stderr.startswith(f"{src}:{line}:")


def test_validate_refuses_a_roster_name_the_font_lacks(cli, write):
    text = (UNITS / "battletech" / "point-alpha.yaml").read_text(encoding="utf-8")
    src = write("r.yaml", text.replace("roster: {name: Point Alpha}", 'roster: {name: "漢字"}'))
    r = cli("validate", src)
    assert r.exit_code == 1 and "U+6F22" in r.stderr


def test_corrupt_rosz_is_an_input_error(cli, tmp_path):
    """Found by the fuzz suite: a .rosz whose deflate stream is damaged raised zlib.error (exit 3)."""
    import io
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("army.ros", "<roster>" + "<force/>" * 2000 + "</roster>")
    data = bytearray(buf.getvalue())
    start = 30 + len("army.ros")  # the local header, then the compressed data
    data[start + 5 : start + 40] = bytes(35)
    path = tmp_path / "army.rosz"
    path.write_bytes(bytes(data))
    r = cli("validate", path)
    assert r.exit_code == 1, r.stderr
    assert r.stderr.startswith(f"{path}: ") and "internal error" not in r.stderr
