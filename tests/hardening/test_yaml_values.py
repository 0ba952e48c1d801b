"""Issue 10, findings 4 and 5: YAML values that used to exit 3 are positioned input errors, and
messages echo bounded values however large the input."""

import time

import pytest


def check(cli, write, text, name="u.yaml"):
    path = write(name, text)
    t = time.monotonic()
    r = cli("validate", path)
    assert time.monotonic() - t < 10
    return r, str(path)


HEAD = "system: battletech\nunits:\n"


@pytest.mark.parametrize(
    "body, where, message",
    [
        ("<<: 5\nsystem: battletech\nunits: [~]\n", ":1:5:", "bad merge key"),
        (HEAD + "  - name: !!int abc\n", ":3:11:", "bad value 'abc': not a whole number"),
        (HEAD + "  - name: !!bool maybe\n", ":3:11:", "not true or false"),
        (HEAD + "  - name: !!timestamp x\n", ":3:11:", "not a date"),
        (HEAD + "  - name: !!float x\n", ":3:11:", "not a number"),
        (HEAD + "  - name: 2001-02-30\n    tons: x\n", ":4:11:", "expected a whole number"),
        (HEAD + "  - name: " + "9" * 4301 + "\n", ":3:11:", "number too long (4301 digits)"),
        (HEAD + '  - from: "a\\0b"\n', ":3:11:", "control characters"),
        (HEAD + "  - from: /etc/passwd\n", ":3:11:", "ending in .yaml or .yml"),
        (HEAD + "  - from: ../../../etc/passwd\n", ":3:11:", "ending in .yaml or .yml"),
        (HEAD + "  - name: a\x1bb\n", ":3:12:", "control character U+001B"),
        (HEAD + "  - name: a\x07b\n", ":3:12:", "control character U+0007"),
        (HEAD + "  - name: a\uffffb\n", ":3:12:", "control character U+FFFF"),
        (HEAD + "  - ~\n  - ~\n", ":3:5:", "an empty entry"),
        ("system: !!binary aGVsbG8=\nunits: [~]\n", ":1:9:", "tag '!!binary' is not supported"),
        ("system: !!python/object:os.system x\nunits: [~]\n", ":1:9:", "not supported"),
    ],
)
def test_bad_values_are_positioned_exit_1(cli, write, body, where, message):
    r, path = check(cli, write, body)
    assert r.exit_code == 1, r.stderr
    lines = r.stderr.splitlines()
    assert any(l.startswith(path + where) and message in l for l in lines), lines
    assert "ok" not in r.stdout


def test_alias_bomb_in_messages_is_described_not_formatted(cli, write):
    bomb = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        bomb.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    text = "\n".join(bomb).replace("a0: ", "x0: ", 1)
    body = (
        "bomb:\n  " + "\n  ".join(bomb) + "\nsystem: *a8\nrules: *a8\nunits:\n"
        "  - {from: *a8}\n  - {from: x.yaml, name: *a8}\n"
    )
    r, path = check(cli, write, body)
    assert r.exit_code == 1
    assert len(r.stderr) < 2000
    assert "a list of 10 items" in r.stderr


def test_huge_name_and_many_unknown_keys_are_bounded(cli, write):
    keys = "\n".join(f"    k{i}: 1" for i in range(2000))
    body = HEAD + "  - name: " + "N" * 1_000_000 + "\n" + keys + "\n"
    r, path = check(cli, write, body)
    assert r.exit_code == 1
    lines = r.stderr.splitlines()
    assert len(lines) <= 101 and lines[-1].endswith("more problems")
    assert max(map(len, lines)) < 700 and len(r.stderr) < 70_000


def test_units_and_references_are_capped(cli, write):
    from sheets.core import loader

    body = HEAD + "".join("  - {name: X}\n" for _ in range(loader.MAX_UNITS + 1))
    r, path = check(cli, write, body)
    assert r.exit_code == 1 and "too many units" in r.stderr


def test_fifo_from_is_refused_without_blocking(cli, write, tmp_path):
    import os

    os.mkfifo(tmp_path / "pipe.yaml")
    r, path = check(cli, write, HEAD + "  - {from: pipe.yaml}\n")
    assert r.exit_code == 1 and f"{path}:3:12: cannot read 'pipe.yaml': is a FIFO" in r.stderr


def test_symlink_to_a_non_yaml_file_is_refused(cli, write, tmp_path):
    (tmp_path / "unit.yaml").symlink_to("/etc/passwd")
    r, path = check(cli, write, HEAD + "  - {from: unit.yaml}\n")
    assert r.exit_code == 1 and "ending in .yaml or .yml" in r.stderr and "root:x:0" not in r.stderr


def test_relative_and_absolute_from_work(cli, write, tmp_path):
    unit = write(
        "sub/a.yaml",
        (
            HEAD + "  - {name: A, tons: 2, walk: 3, armor: {head: 1, torso: 1, "
            "right_arm: 1, left_arm: 1, legs: 1}, equipment: []}\n"
        ),
    )
    r, path = check(
        cli,
        write,
        HEAD
        + "  - {from: sub/a.yaml}\n  - {from: ../"
        + tmp_path.name
        + "/sub/a.yaml}\n  - {from: "
        + str(unit)
        + "}\n",
        name="r.yaml",
    )
    assert r.exit_code == 0, r.stderr
    assert "3 units" in r.stdout


def test_missing_and_unreadable_files_have_the_same_shape(cli, write, tmp_path):
    import os

    r1 = cli("validate", tmp_path / "missing.yaml")
    os.mkfifo(tmp_path / "pipe.yaml")
    r2 = cli("validate", tmp_path / "pipe.yaml")
    r3 = cli("validate", tmp_path)  # a folder is read recursively (issue 20): here, the FIFO
    for r, what in ((r1, "no such file"), (r2, "not a regular file"), (r3, "not a regular file")):
        assert r.exit_code == 1 and r.stderr.count("\n") == 1 and what in r.stderr
        assert r.stderr.startswith(str(tmp_path))
    (tmp_path / "empty").mkdir()
    r4 = cli("validate", tmp_path / "empty")  # a folder without unit files: a usage error
    assert r4.exit_code == 2 and "no unit files" in r4.stderr
