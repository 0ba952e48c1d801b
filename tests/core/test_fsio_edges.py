"""Edges of sheets.core.fsio that the mutation run (issue 35) found untested: the codes of every
refusal, the UTF-16 guess of a file with NUL bytes, translated OS reasons, the write errors."""

import errno
import os
import signal

import pytest

import sheets.core.fsio as fsio
from sheets.core.errors import InputError, Problem, UsageProblem
from sheets.core.fsio import (
    after_written,
    check_target,
    deferred_writes,
    not_text,
    os_reason,
    read_user_bytes,
    too_large,
    write_files,
)
from sheets.core.i18n import use_lang

from .test_fsio import fresh_inputs  # noqa: F401  (autouse: each test starts with no inputs noted)


def problems(exc_info):
    """(text, code) of every problem of an InputError: the code does not take part in ==."""
    return [(str(p), p.code) for p in exc_info.value.problems]


# -- the codes of the read refusals ----------------------------------------------------------------


def test_a_file_over_the_cap_is_refused_with_its_code(tmp_path):
    f = tmp_path / "u.yaml"
    f.write_bytes(b"123456")
    assert read_user_bytes(f, 6) == b"123456"
    with pytest.raises(InputError) as exc:
        read_user_bytes(f, 5)
    assert problems(exc) == [(f"{f}: file too large (limit 5 bytes)", "file-too-large")]
    assert read_user_bytes(f, 5, head=True) == b"12345"


def test_too_large_names_the_file_and_the_limit():
    p = too_large("big.yaml", 1024)
    assert (p.path, p.pos, p.message, p.code) == (
        "big.yaml",
        None,
        "file too large (limit 1024 bytes)",
        "file-too-large",
    )


def test_a_directory_is_refused_with_its_code(tmp_path):
    with pytest.raises(InputError) as exc:
        read_user_bytes(tmp_path, 100)
    assert problems(exc) == [(f"{tmp_path}: is a directory, not a file", "is-a-directory")]


def test_an_os_error_on_open_is_cannot_read(tmp_path):
    name = str(tmp_path / "a.txt" / "b.yaml")  # a parent that is a file: ENOTDIR
    (tmp_path / "a.txt").write_bytes(b"x")
    with pytest.raises(InputError) as exc:
        read_user_bytes(name, 100)
    assert problems(exc) == [(f"{name}: cannot read: Not a directory", "cannot-read")]


def test_a_nul_in_the_name_is_cannot_read():
    with pytest.raises(InputError) as exc:
        read_user_bytes("a\0b", 100)
    assert problems(exc) == [("a\\0b: cannot read: the name contains a NUL character", "cannot-read")]


def test_binary_content_is_not_a_text_file(tmp_path):
    f = tmp_path / "u.yaml"
    f.write_bytes(b"\x00\x01\x02\x03\xff")
    with pytest.raises(InputError) as exc:
        read_user_bytes(f, 100)
    assert problems(exc) == [(f"{f}: not a text file (contains NUL bytes)", "not-text-file")]


def test_utf16_without_bom_is_named_with_its_code(tmp_path):
    f = tmp_path / "u.yaml"
    f.write_bytes("name: x\n".encode("utf-16-le"))
    with pytest.raises(InputError) as exc:
        read_user_bytes(f, 100)
    assert problems(exc) == [
        (f"{f}: saved as UTF-16 without a byte order mark: save the file as UTF-8", "utf-16-without-bom")
    ]


# -- not_text: which files look like UTF-16 without a BOM ----------------------------------------

UTF16 = ("utf-16-without-bom", "saved as UTF-16 without a byte order mark: save the file as UTF-8")
BINARY = ("not-text-file", "not a text file (contains NUL bytes)")


@pytest.mark.parametrize(
    "data, expected",
    [
        ("abcd".encode("utf-16-le"), UTF16),
        ("abcd".encode("utf-16-be"), UTF16),
        ("ab".encode("utf-16-le"), UTF16),  # exactly 4 bytes: enough to tell
        ("ab".encode("utf-16-be"), UTF16),
        (b"a\x00b", BINARY),  # 3 bytes: too few
        ("a b\tc\r\n~".encode("utf-16-le"), UTF16),  # space, tab, CR, LF and ~ are text
        (b"a\x00\x1f\x00", BINARY),  # a control character is not text
        (b"a\x00\x7f\x00", BINARY),  # nor DEL
        (b"a\x00\x80\x00", BINARY),  # nor a byte over ASCII
        (b"\x00a\x00\x01", BINARY),
        (b"ab\x00c", BINARY),  # neither half all NUL
        (b"a\x00\x00\x00", BINARY),  # both halves NUL where it counts
        (b"a\x00b\x01", BINARY),  # the odd half not all NUL
        ("a".encode("utf-16-le") * 100 + b"\xff", UTF16),  # only the first 200 bytes are looked at
        ("a".encode("utf-16-be") * 100 + b"\x01\xff", UTF16),
        ("a".encode("utf-16-le") * 99 + b"\xff\x00", BINARY),
    ],
)
def test_not_text_tells_utf16_from_binary(data, expected):
    p = not_text("u.yaml", data)
    assert (p.path, p.pos, p.code, p.message) == ("u.yaml", None, *expected)


def test_not_text_is_a_problem_of_the_file():
    assert str(not_text("u.yaml", "abc".encode("utf-16-le"))) == (
        "u.yaml: saved as UTF-16 without a byte order mark: save the file as UTF-8"
    )
    assert not_text("u.yaml", b"\x00\x00\x00\x00") == Problem("u.yaml", None, BINARY[1])


# -- os_reason --------------------------------------------------------------------------------


def test_os_reason_in_english_is_the_systems_words():
    assert os_reason(OSError(errno.ENOENT, "No such file or directory")) == "No such file or directory"
    assert os_reason(OSError(errno.ENOENT, "the system says so")) == "the system says so"


def test_os_reason_of_an_exception_without_errno_or_strerror():
    assert os_reason(ValueError("embedded null byte")) == "embedded null byte"
    assert os_reason(OSError("no number")) == "no number"


def test_os_reason_is_translated_by_its_number():
    with use_lang("ru"):
        assert os_reason(OSError(errno.ENOENT, "whatever the system says")) == "нет такого файла или папки"
        assert os_reason(OSError(errno.ENOTDIR, "Not a directory")) == "часть пути — не папка"
        # a rare error stays in the system's words
        assert os_reason(OSError(errno.ECHILD, "No child processes")) == "No child processes"
        assert os_reason(ValueError("embedded null byte")) == "embedded null byte"


def test_a_read_failure_is_translated(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"x")
    name = str(tmp_path / "a.txt" / "b.yaml")
    with use_lang("ru"), pytest.raises(InputError) as exc:
        read_user_bytes(name, 100)
    assert [p.code for p in exc.value.problems] == ["cannot-read"]
    assert "часть пути — не папка" in exc.value.problems[0].message


# -- check_target -----------------------------------------------------------------------------


def test_a_folder_name_is_refused_with_its_code(tmp_path):
    name = str(tmp_path / "newdir") + "/"
    with pytest.raises(InputError) as exc:
        check_target(name)
    assert problems(exc) == [(f"{name}: is a folder name (it ends with /); give a file name", "not-a-file")]


def test_an_existing_directory_is_refused_with_its_code(tmp_path):
    with pytest.raises(InputError) as exc:
        check_target(tmp_path)
    assert problems(exc) == [(f"{tmp_path}: is a directory; give a file name", "not-a-file")]


def test_a_target_under_a_file_is_unwritable(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"x")
    name = str(tmp_path / "a.txt" / "out.txt")
    with pytest.raises(InputError) as exc:
        check_target(name)
    assert problems(exc) == [(f"{name}: cannot write here: Not a directory", "unwritable")]


def test_a_fifo_target_is_refused(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(UsageProblem) as exc:
        check_target(fifo)
    assert str(exc.value) == f"{fifo}: is a FIFO (named pipe), not a regular file; refusing to replace it"


def test_an_empty_target_name_is_refused():
    with pytest.raises(UsageProblem) as exc:
        check_target("")
    assert str(exc.value) == "-o: empty file name"


# -- _caught_here ------------------------------------------------------------------------------


def test_caught_here_only_for_the_default_handlers():
    old = signal.getsignal(signal.SIGUSR1)
    try:
        signal.signal(signal.SIGUSR1, signal.SIG_DFL)
        assert fsio._caught_here(signal.SIGUSR1) is True
        signal.signal(signal.SIGUSR1, signal.SIG_IGN)
        assert fsio._caught_here(signal.SIGUSR1) is False
        signal.signal(signal.SIGUSR1, lambda signum, frame: None)
        assert fsio._caught_here(signal.SIGUSR1) is False
    finally:
        signal.signal(signal.SIGUSR1, old)


def test_caught_here_is_false_for_no_signal_of_this_system():
    assert fsio._caught_here(100000) is False


# -- write errors ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "exc, expected",
    [
        (
            OSError(errno.ENOSPC, "No space left on device"),
            ("cannot write: the disk is full (nothing was written)", "disk-full"),
        ),
        (
            OSError(errno.EFBIG, "File too large"),
            (
                "cannot write: the file would be larger than this system allows (ulimit -f); nothing was written",
                "file-too-large",
            ),
        ),
        (
            OSError(errno.EDQUOT, "Disk quota exceeded"),
            ("cannot write: disk quota exceeded (nothing was written)", "disk-full"),
        ),
        (
            PermissionError(errno.EACCES, "Permission denied"),
            ("cannot write here: permission denied", "unwritable"),
        ),
        (
            FileExistsError(errno.EEXIST, "File exists"),
            ("cannot create the folder: a file is in the way", "unwritable"),
        ),
        (
            NotADirectoryError(errno.ENOTDIR, "Not a directory"),
            ("cannot write here: a parent is not a folder", "unwritable"),
        ),
        (OSError(errno.EIO, "Input/output error"), ("cannot write here: Input/output error", "unwritable")),
    ],
)
def test_write_errors_are_named_with_their_codes(exc, expected):
    error = fsio._write_error("out.txt", exc)
    assert [(p.path, p.pos, p.message, p.code) for p in error.problems] == [("out.txt", None, *expected)]


def test_a_failed_rename_without_a_file_name_names_the_output_as_given(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def broken(src, dst):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(fsio.os, "replace", broken)
    with pytest.raises(InputError) as exc:
        write_files([("out.txt", "data")])
    monkeypatch.undo()
    assert problems(exc) == [("out.txt: cannot write here: Input/output error", "unwritable")]
    assert os.listdir(tmp_path) == []


# -- after_written ------------------------------------------------------------------------------


def test_after_written_runs_at_once_when_nothing_is_pending():
    said = []
    after_written(lambda: said.append("now"))
    assert said == ["now"]


def test_after_written_waits_for_the_batch(tmp_path):
    said = []
    out = tmp_path / "a.txt"
    with deferred_writes():
        fsio.atomic_write(out, "x")
        after_written(lambda: said.append(out.read_text()))
        assert said == []
    assert said == ["x"]


def test_pos_is_none_in_every_refusal(tmp_path):
    f = tmp_path / "u.yaml"
    f.write_bytes(b"abc")
    with pytest.raises(InputError) as exc:
        read_user_bytes(f, 2)
    assert exc.value.problems[0].pos is None
    assert exc.value.problems[0] == Problem(str(f), None, "file too large (limit 2 bytes)")


# -- more read refusals and decode_text ------------------------------------------------------------


def test_a_missing_file_is_no_such_file(tmp_path):
    name = str(tmp_path / "none.yaml")
    with pytest.raises(InputError) as exc:
        read_user_bytes(name, 100)
    assert problems(exc) == [(f"{name}: no such file", "no-such-file")]


def test_an_unreadable_file_is_permission_denied(tmp_path, monkeypatch):
    def denied(*args):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(fsio.os, "open", denied)
    with pytest.raises(InputError) as exc:
        read_user_bytes("u.yaml", 100)
    monkeypatch.undo()
    assert problems(exc) == [("u.yaml: permission denied", "permission-denied")]


def test_a_fifo_input_is_not_a_regular_file(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(InputError) as exc:
        read_user_bytes(fifo, 100)
    assert problems(exc) == [(f"{fifo}: is a FIFO (named pipe), not a regular file", "not-a-regular-file")]


def decode_problems(data, prefix=""):
    with pytest.raises(InputError) as exc:
        fsio.decode_text(data, "u.yaml", prefix)
    return [(str(p), p.code) for p in exc.value.problems]


def test_bad_utf16_after_its_bom_is_bad_encoding():
    data = b"\xff\xfe" + "a\nbc".encode("utf-16-le") + b"\x00\xdc" + "d".encode("utf-16-le")
    assert decode_problems(data) == [
        (
            "u.yaml:2:3: not valid UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8",
            "bad-encoding",
        )
    ]


def test_nul_characters_after_a_bom_are_not_text():
    data = b"\xff\xfe" + "a\0b".encode("utf-16-le")
    assert decode_problems(data, "template error: ") == [
        ("u.yaml: template error: not a text file (contains NUL characters)", "not-text-file")
    ]


def test_a_bad_utf8_byte_is_placed_on_its_line_and_column():
    assert decode_problems(b"a\nb\ncd\xff") == [
        ("u.yaml:3:3: not valid UTF-8 text: save the file as UTF-8", "not-utf-8")
    ]


def test_a_byte_that_is_not_cp1251_either_is_not_utf8():
    assert decode_problems(b"\x98abc") == [
        ("u.yaml:1:1: not valid UTF-8 text: save the file as UTF-8", "not-utf-8")
    ]


def test_cyrillic_in_cp1251_is_named():
    assert decode_problems("имя: Привет".encode("cp1251")) == [
        (
            "u.yaml:1:1: not valid UTF-8 text (it looks like Windows-1251, Cyrillic): save the file as UTF-8",
            "windows-1251",
        )
    ]


def test_utf8_with_a_bom_loses_the_bom():
    assert fsio.decode_text("\ufeffимя".encode(), "u.yaml") == "имя"
