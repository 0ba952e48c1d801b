"""Exact messages and positions of ``fsio.decode_text`` (a user's file in UTF-8, UTF-16 or UTF-32
with a byte order mark; Windows-1251 recognised in the hint), the ``-o newdir/`` refusal, the
write errors by errno, and ``write_files``' renaming step: all or none, the files it created
removed again, SIGTERM/SIGINT held on the main thread only, a failure named by the file it hit
(issue 21: each was reached by a test only through its success path, or not in-process)."""

from __future__ import annotations

import errno
import os
import signal
import threading

import pytest

from sheets.core import fsio
from sheets.core.errors import InputError, Pos


def problem(exc):
    [p] = exc.value.problems
    return p.path, p.pos, p.message


# -- decode_text ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bom,codec",
    [
        (b"\xff\xfe", "utf-16-le"),
        (b"\xfe\xff", "utf-16-be"),
        (b"\xff\xfe\x00\x00", "utf-32-le"),
        (b"\x00\x00\xfe\xff", "utf-32-be"),
    ],
)
def test_wide_text_with_its_byte_order_mark(bom, codec):
    assert fsio.decode_text(bom + "system: дмех\n".encode(codec), "f.yaml") == "system: дмех\n"


def test_utf8_with_and_without_its_byte_order_mark():
    assert fsio.decode_text(b"\xef\xbb\xbfunits: []", "f.yaml") == "units: []"
    assert fsio.decode_text("юниты".encode(), "f.yaml") == "юниты"


def test_a_bad_utf16_sequence_is_placed_after_the_text_before_it():
    # two line breaks, then "cd", then a lone high surrogate: line 3, column 3
    data = b"\xff\xfe" + "a\nb\ncd".encode("utf-16-le") + b"\x00\xd8" + "x".encode("utf-16-le")
    with pytest.raises(InputError) as exc:
        fsio.decode_text(data, "f.yaml")
    assert problem(exc) == (
        "f.yaml",
        Pos(3, 3),
        "not valid UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8",
    )


def test_a_bad_utf16_sequence_on_the_first_line_with_a_prefix():
    data = b"\xfe\xff" + "ab".encode("utf-16-be") + b"\xdc\x00"  # a lone low surrogate
    with pytest.raises(InputError) as exc:
        fsio.decode_text(data, "t.j2", "template error: ")
    assert problem(exc) == (
        "t.j2",
        Pos(1, 3),
        "template error: not valid UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8",
    )


def test_wide_text_holding_a_nul_character_is_not_text():
    with pytest.raises(InputError) as exc:
        fsio.decode_text(b"\xff\xfe" + "a\x00b".encode("utf-16-le"), "f.yaml", "x: ")
    assert problem(exc) == ("f.yaml", None, "x: not a text file (contains NUL characters)")


def test_windows_1251_is_named_in_the_hint():
    data = "ab\nПривет".encode("cp1251")
    with pytest.raises(InputError) as exc:
        fsio.decode_text(data, "f.yaml")
    assert problem(exc) == (
        "f.yaml",
        Pos(2, 1),
        "not valid UTF-8 text (it looks like Windows-1251, Cyrillic): save the file as UTF-8",
    )


def test_two_cyrillic_letters_are_not_enough_for_the_hint():
    with pytest.raises(InputError) as exc:
        fsio.decode_text("ab Пр".encode("cp1251"), "f.yaml")  # 2 letters; 3 make the hint
    assert problem(exc) == ("f.yaml", Pos(1, 4), "not valid UTF-8 text: save the file as UTF-8")
    with pytest.raises(InputError) as exc:
        fsio.decode_text("ab При".encode("cp1251"), "f.yaml")
    assert "(it looks like Windows-1251, Cyrillic)" in problem(exc)[2]


# -- targets and write errors -----------------------------------------------------------------------------


def test_a_new_name_ending_in_a_slash_is_a_folder_name(tmp_path):
    name = f"{tmp_path}/newdir/"
    with pytest.raises(InputError) as exc:
        fsio.check_target(name)
    assert problem(exc) == (name, None, "is a folder name (it ends with /); give a file name")
    assert fsio.check_target(f"{tmp_path}/newfile")[0] == tmp_path / "newfile"


@pytest.mark.parametrize(
    "code,message",
    [
        (errno.ENOSPC, "cannot write: the disk is full (nothing was written)"),
        (
            errno.EFBIG,
            "cannot write: the file would be larger than this system allows (ulimit -f); nothing was written",
        ),
        (errno.EDQUOT, "cannot write: disk quota exceeded (nothing was written)"),
    ],
)
def test_write_errors_by_errno(code, message):
    err = fsio._write_error("out.pdf", OSError(code, os.strerror(code)))
    assert [(p.path, p.pos, p.message) for p in err.problems] == [("out.pdf", None, message)]


def test_a_full_disk_while_filling_names_the_output(tmp_path, monkeypatch):
    def full(fd, tmp, data, mode):
        os.close(fd)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(fsio, "_fill_temp", full)
    name = str(tmp_path / "sub" / "a.pdf")
    with pytest.raises(InputError) as exc:
        fsio.write_files([(name, b"x")])
    assert problem(exc) == (name, None, "cannot write: the disk is full (nothing was written)")
    assert not (tmp_path / "sub").exists() and os.listdir(tmp_path) == []


# -- renaming: all or none ---------------------------------------------------------------------------------


def _failing_replace(monkeypatch, fail_on: int, exc: OSError):
    real, calls = os.replace, []

    def replace(src, dst):
        calls.append(dst)
        if len(calls) == fail_on:
            raise exc
        return real(src, dst)

    monkeypatch.setattr(fsio.os, "replace", replace)
    return calls


def test_a_failed_rename_removes_the_files_the_batch_created(tmp_path, monkeypatch):
    old = tmp_path / "old.pdf"
    old.write_bytes(b"before")
    new = tmp_path / "new.pdf"
    third = tmp_path / "third.pdf"
    _failing_replace(monkeypatch, 3, OSError(errno.ENOENT, "gone", "tmpfile", None, str(third)))
    with pytest.raises(InputError) as exc:
        fsio.write_files([(old, b"after"), (new, b"n"), (third, b"t")])
    assert problem(exc)[0] == str(third)  # the rename's target names the failure
    assert not new.exists()  # created by the batch: removed again
    assert old.read_bytes() == b"after"  # replaced: cannot come back, and is not removed
    assert sorted(os.listdir(tmp_path)) == ["old.pdf"]  # no temporary file left


def test_a_failed_rename_without_a_second_name_is_named_by_its_first(tmp_path, monkeypatch):
    _failing_replace(monkeypatch, 1, OSError(errno.ENOENT, "gone", "the-temp-name"))
    with pytest.raises(InputError) as exc:
        fsio.write_files([(tmp_path / "a.pdf", b"a")])
    assert problem(exc)[0] == "the-temp-name"


def test_a_failed_rename_without_names_is_named_by_the_first_output(tmp_path, monkeypatch):
    _failing_replace(monkeypatch, 2, OSError(errno.EIO, "I/O error"))
    first, second = str(tmp_path / "a.pdf"), str(tmp_path / "b.pdf")
    with pytest.raises(InputError) as exc:
        fsio.write_files([(first, b"a"), (second, b"b")])
    assert problem(exc) == (first, None, "cannot write here: I/O error")
    assert os.listdir(tmp_path) == []


def _recorded_sigmask(monkeypatch):
    real, calls = signal.pthread_sigmask, []

    def sigmask(how, sigs):
        calls.append((how, set(sigs)))
        return real(how, sigs)

    monkeypatch.setattr(signal, "pthread_sigmask", sigmask)
    return calls


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")
def test_the_renames_hold_every_terminating_signal_on_the_main_thread(tmp_path, monkeypatch):
    before = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    calls = _recorded_sigmask(monkeypatch)
    fsio.write_files([(tmp_path / "a.pdf", b"a")])
    held = {signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2}
    assert calls[0][0] == signal.SIG_BLOCK and held <= calls[0][1] and signal.SIGALRM in calls[0][1]
    assert calls[1:] == [(signal.SIG_SETMASK, set(before))]
    assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == before  # restored


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")
def test_another_thread_does_not_touch_the_signal_mask(tmp_path, monkeypatch):
    calls = _recorded_sigmask(monkeypatch)
    errors = []

    def run():
        try:
            fsio.write_files([(tmp_path / "a.pdf", b"a")])
        except BaseException as exc:
            errors.append(exc)

    t = threading.Thread(target=run)
    t.start()
    t.join()
    assert errors == [] and calls == [] and (tmp_path / "a.pdf").read_bytes() == b"a"


def test_inputs_read_elsewhere_keep_their_names(monkeypatch):
    monkeypatch.setattr(fsio, "_INPUTS", {(1, 2): "first.yaml"})
    fsio.note_inputs_read([([1, 2], "again.yaml"), ([3, 4], "roc.yaml")])
    assert fsio.inputs_read() == [((1, 2), "first.yaml"), ((3, 4), "roc.yaml")]
