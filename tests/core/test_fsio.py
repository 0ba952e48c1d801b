"""Safe reading and writing of files (issue 10, findings 2, 3, 6, 8; issue 14: failures injected,
so the tests do not depend on running as root)."""

import os
import signal
import stat
import tempfile
import threading
from pathlib import Path

import pytest
from conftest import FileSpy, spy_fdopen

import sheets.core.fsio as fsio
from sheets.core.errors import InputError, UsageProblem
from sheets.core.fsio import (
    atomic_write,
    check_target,
    deferred_writes,
    note_input,
    read_user_bytes,
    reset_inputs,
    write_files,
)


@pytest.fixture(autouse=True)
def fresh_inputs():
    reset_inputs()
    yield
    reset_inputs()


def messages(exc_info):
    return [str(p) for p in exc_info.value.problems]


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# -- reading ---------------------------------------------------------------------------------


def test_read_returns_the_bytes_up_to_the_cap(tmp_path):
    f = tmp_path / "u.yaml"
    f.write_bytes(b"12345")
    assert read_user_bytes(f, 5) == b"12345"
    with pytest.raises(InputError) as exc:
        read_user_bytes(f, 4)
    assert messages(exc) == [f"{f}: file too large (limit 4 bytes)"]


def test_read_refuses_a_file_that_grows_past_the_cap_while_read(tmp_path, monkeypatch):
    f = tmp_path / "u.yaml"
    f.write_bytes(b"123456")
    real = os.fstat

    def small(fd):  # the size seen before reading is under the cap; the content is not
        st = real(fd)
        return os.stat_result(
            (
                st.st_mode,
                st.st_ino,
                st.st_dev,
                st.st_nlink,
                st.st_uid,
                st.st_gid,
                3,
                st.st_atime,
                st.st_mtime,
                st.st_ctime,
            )
        )

    reads = []

    class Spy(FileSpy):  # never more than the cap plus one byte is read, whatever the file holds
        def read(self, n=-1):
            reads.append(n)
            return self.fh.read(n)

    f.write_bytes(b"123456" * 100)
    monkeypatch.setattr(fsio.os, "fstat", small)
    spy_fdopen(monkeypatch, fsio.os, Spy)
    with pytest.raises(InputError) as exc:
        read_user_bytes(f, 5)
    assert messages(exc) == [f"{f}: file too large (limit 5 bytes)"] and reads == [6]


@pytest.mark.parametrize("data, ok", [(b"a\x00b", False), (b"\x00", False), (b"ab", True)])
def test_read_refuses_binary_content(tmp_path, data, ok):
    f = tmp_path / "u.yaml"
    f.write_bytes(data)
    if ok:
        assert read_user_bytes(f, 100) == data
        return
    with pytest.raises(InputError) as exc:
        read_user_bytes(f, 100)
    assert messages(exc) == [f"{f}: not a text file (contains NUL bytes)"]


def test_read_failures_are_one_line_each(tmp_path, monkeypatch):
    def fails(path, err):
        with pytest.raises(InputError) as exc:
            read_user_bytes(path, 100)
        return messages(exc)

    assert fails(tmp_path / "none.yaml", None) == [f"{tmp_path / 'none.yaml'}: no such file"]
    assert fails(tmp_path, None) == [f"{tmp_path}: is a directory, not a file"]
    assert fails("a\0b.yaml", None) == ["a\\0b.yaml: cannot read: the name contains a NUL character"]
    assert fails("", None) == [": cannot read: empty file name"]
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)  # opened without blocking (no writer), then refused
    assert fails(fifo, None) == [f"{fifo}: is a FIFO (named pipe), not a regular file"]
    assert fails("/dev/null", None) == ["/dev/null: is a device, not a regular file"]


@pytest.mark.parametrize(
    "exc, message",
    [
        (PermissionError(13, "Permission denied"), "permission denied"),
        (IsADirectoryError(21, "Is a directory"), "is a directory, not a file"),
        (OSError(40, "Too many levels of symbolic links"), "cannot read: Too many levels of symbolic links"),
        (OSError("odd"), "cannot read: odd"),
    ],
)
def test_open_failures_are_named(tmp_path, monkeypatch, exc, message):
    f = tmp_path / "u.yaml"
    f.write_text("x")

    def refuse(*a, **k):
        raise exc

    monkeypatch.setattr(fsio.os, "open", refuse)
    with pytest.raises(InputError) as info:
        read_user_bytes(f, 100)
    monkeypatch.undo()
    assert messages(info) == [f"{f}: {message}"]


def test_a_read_error_after_opening_is_named_and_closes_the_file(tmp_path, monkeypatch):
    f = tmp_path / "u.yaml"
    f.write_text("x")
    mine, closed = [], []
    real_open, real_close, real_fstat = os.open, os.close, os.fstat

    def spy_open(path, *args, **kw):  # only this file's descriptor fails (pytest uses fstat too)
        fd = real_open(path, *args, **kw)
        if str(path) == str(f):
            mine.append(fd)
        return fd

    def spy_close(fd):
        closed.append(fd)
        real_close(fd)

    def broken(fd):
        if fd in mine:
            raise OSError(5, "Input/output error")
        return real_fstat(fd)

    monkeypatch.setattr(fsio.os, "open", spy_open)
    monkeypatch.setattr(fsio.os, "close", spy_close)
    monkeypatch.setattr(fsio.os, "fstat", broken)
    with pytest.raises(InputError) as exc:
        read_user_bytes(f, 100)
    assert messages(exc) == [f"{f}: cannot read: Input/output error"]
    assert len(mine) == 1 and [fd for fd in closed if fd in mine] == mine


def test_reading_closes_the_file(tmp_path, monkeypatch):
    f = tmp_path / "u.yaml"
    f.write_text("x")
    opened, closed = [], []
    real_open, real_close = os.open, os.close
    monkeypatch.setattr(fsio.os, "open", lambda *a, **k: opened.append(real_open(*a, **k)) or opened[-1])
    monkeypatch.setattr(fsio.os, "close", lambda fd: closed.append(fd) or real_close(fd))
    assert read_user_bytes(f, 100) == b"x"
    monkeypatch.undo()
    assert closed == opened and len(opened) == 1


def test_read_opens_without_blocking_and_without_a_terminal(tmp_path, monkeypatch):
    f = tmp_path / "u.yaml"
    f.write_text("x")
    flags = []
    real_open = os.open
    monkeypatch.setattr(fsio.os, "open", lambda p, fl, *a: flags.append(fl) or real_open(p, fl, *a))
    read_user_bytes(f, 10)
    monkeypatch.undo()
    assert flags == [os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY]


def test_a_file_read_becomes_an_input_no_output_may_replace(tmp_path):
    f = tmp_path / "roc.yaml"
    f.write_text("system: x\n")
    read_user_bytes(f, 100)
    with pytest.raises(UsageProblem) as exc:
        check_target(f)
    assert str(exc.value) == f"{f}: is an input of this command ({f}); refusing to overwrite it"
    link = tmp_path / "link.pdf"
    link.symlink_to(f)  # the same file under another name
    with pytest.raises(UsageProblem, match="is an input of this command"):
        atomic_write(link, b"%PDF")
    assert f.read_text() == "system: x\n"
    reset_inputs()
    assert check_target(f)[0] == f


def test_note_input_remembers_a_file_and_ignores_what_it_cannot_stat(tmp_path):
    f = tmp_path / "t.j2"
    f.write_text("x")
    note_input(tmp_path / "missing")
    note_input("a\0b")
    assert fsio._INPUTS == {}
    note_input(f)
    st = f.stat()
    assert fsio._INPUTS == {(st.st_dev, st.st_ino): str(f)}
    with pytest.raises(UsageProblem, match="is an input"):
        write_files([(f, b"y")])
    reset_inputs()
    assert fsio._INPUTS == {}


# -- checking the target ------------------------------------------------------------------


def test_check_target_names(tmp_path):
    with pytest.raises(UsageProblem) as exc:
        check_target("")
    assert str(exc.value) == "-o: empty file name"
    with pytest.raises(UsageProblem) as exc:
        check_target("a\0b.pdf")
    assert str(exc.value) == "'a\\x00b.pdf': the name contains a NUL character"
    with pytest.raises(InputError) as exc:
        check_target(tmp_path)
    assert messages(exc) == [f"{tmp_path}: is a directory; give a file name"]
    fifo = tmp_path / "p"
    os.mkfifo(fifo)
    with pytest.raises(UsageProblem) as exc:
        check_target(fifo)
    assert str(exc.value) == f"{fifo}: is a FIFO (named pipe), not a regular file; refusing to replace it"
    (tmp_path / "file").write_text("x")
    with pytest.raises(InputError) as exc:
        check_target(tmp_path / "file" / "x.pdf")
    assert messages(exc) == [f"{tmp_path / 'file' / 'x.pdf'}: cannot write here: Not a directory"]


def test_check_target_resolves_links_and_keeps_modes(tmp_path):
    old = os.umask(0o027)
    try:
        assert check_target(tmp_path / "new.pdf") == (tmp_path / "new.pdf", 0o640)
        assert os.umask(0o027) == 0o027  # the umask is left as it was
    finally:
        os.umask(old)
    real = tmp_path / "real.pdf"
    real.write_bytes(b"old")
    real.chmod(0o600)
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    assert check_target(link) == (real, 0o600)
    real.chmod(0o4755)
    assert check_target(real) == (real, 0o755)  # never setuid (issue 19.14)


# -- writing --------------------------------------------------------------------------------


def test_write_through_a_symlink_keeps_the_link(tmp_path):
    real = tmp_path / "real.pdf"
    real.write_bytes(b"old")
    real.chmod(0o600)
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    assert atomic_write(link, "néw") == real
    assert link.is_symlink() and real.read_bytes() == "néw".encode()
    assert stat.S_IMODE(real.stat().st_mode) == 0o600
    assert listing(tmp_path) == ["link.pdf", "real.pdf"]


@pytest.mark.parametrize("umask, mode", [(0o077, 0o600), (0o002, 0o664), (0, 0o666)])
def test_a_new_file_gets_0666_minus_the_umask(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        atomic_write(tmp_path / "a.pdf", b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.pdf").stat().st_mode) == mode


def test_write_files_writes_every_file_or_none(tmp_path, monkeypatch):
    a, b = tmp_path / "a.png", tmp_path / "sub" / "deeper" / "b.png"
    a.write_bytes(b"old a")
    calls = []
    real_replace = os.replace

    def replace(src, dst):
        calls.append(Path(dst).name)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(fsio.os, "replace", replace)
    with pytest.raises(InputError, match="the disk is full"):
        write_files([(a, b"new a"), (b, b"new b")])
    monkeypatch.undo()
    assert calls == ["a.png", "b.png"]
    # the folders made for b are gone again and no temp file is left
    assert listing(tmp_path) == ["a.png"]
    assert written_all(tmp_path, a, b)


def written_all(tmp_path, a, b):
    out = write_files([(a, b"A"), (str(b), "B")])
    assert out == [a, b]
    assert a.read_bytes() == b"A" and b.read_bytes() == b"B"
    assert listing(b.parent) == ["b.png"]
    return True


def test_made_folders_are_removed_when_the_temp_file_cannot_be_made(tmp_path, monkeypatch):
    existing = tmp_path / "keep"
    existing.mkdir()

    def no_temp(*a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", no_temp)
    with pytest.raises(InputError) as exc:
        atomic_write(existing / "x" / "y" / "z.pdf", b"data")
    assert messages(exc) == [f"{existing / 'x' / 'y' / 'z.pdf'}: cannot write here: permission denied"]
    assert listing(tmp_path) == ["keep"] and listing(existing) == []


def test_a_folder_that_cannot_be_removed_does_not_hide_the_error(tmp_path, monkeypatch):
    def no_temp(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tempfile, "mkstemp", no_temp)
    monkeypatch.setattr(Path, "rmdir", lambda self: (_ for _ in ()).throw(OSError(39, "not empty")))
    with pytest.raises(InputError, match="cannot write: the disk is full"):
        atomic_write(tmp_path / "x" / "z.pdf", b"data")


def test_the_temp_file_is_short_named_in_the_target_folder(tmp_path, monkeypatch):
    seen = []
    real = fsio._fill_temp

    def spy(fd, tmp, data, mode):
        seen.append(tmp)
        real(fd, tmp, data, mode)

    monkeypatch.setattr(fsio, "_fill_temp", spy)
    name = "n" * 250 + ".pdf"  # a long name still works: the temp name does not grow with it
    atomic_write(tmp_path / name, b"x")
    (tmp,) = seen
    assert Path(tmp).parent == tmp_path
    assert Path(tmp).name.startswith(".sheets-") and tmp.endswith(".tmp") and len(Path(tmp).name) < 30
    assert listing(tmp_path) == [name] and fsio._LIVE_TEMPS == set()


def test_a_target_written_twice_is_refused_before_anything_is_written(tmp_path):
    a = tmp_path / "a.pdf"
    with pytest.raises(UsageProblem) as exc:
        write_files([(a, b"1"), (tmp_path / "." / "a.pdf", b"2")])
    assert str(exc.value) == f"{tmp_path / '.' / 'a.pdf'}: written twice in one command (also as {a})"
    assert listing(tmp_path) == []


def test_cleanup_tolerates_a_temp_file_already_gone(tmp_path):
    gone, there = str(tmp_path / "gone.tmp"), tmp_path / "there.tmp"
    there.write_text("x")
    fsio._LIVE_TEMPS.update({gone, str(there)})
    fsio._cleanup_temps()
    assert fsio._LIVE_TEMPS == set() and not there.exists()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_while_writing_removes_the_temp_file(tmp_path, monkeypatch, signum):
    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")
    before = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT)}
    killed = []
    real_fill = fsio._fill_temp

    def fill_then_signal(fd, tmp, data, mode):
        real_fill(fd, tmp, data, mode)
        assert Path(tmp).exists()
        signal.raise_signal(signum)

    monkeypatch.setattr(fsio, "_fill_temp", fill_then_signal)
    monkeypatch.setattr(fsio.os, "kill", lambda pid, s: killed.append((pid, s, signal.getsignal(s))))
    expected = KeyboardInterrupt if signum == signal.SIGINT else SystemExit
    with pytest.raises(expected) as exc:
        atomic_write(target, b"new")
    monkeypatch.undo()
    if signum == signal.SIGTERM:  # the process dies of the same signal, by its default action
        assert exc.value.code == 128 + signal.SIGTERM
        assert killed == [(os.getpid(), signal.SIGTERM, signal.SIG_DFL)]
    else:
        assert killed == []
    assert target.read_bytes() == b"old" and listing(tmp_path) == ["out.pdf"]
    assert {s: signal.getsignal(s) for s in before} == before


def test_the_handlers_are_restored_after_a_write(tmp_path, monkeypatch):
    before = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT)}
    during = []
    real_fill = fsio._fill_temp

    def spy(fd, tmp, data, mode):
        during.append(signal.getsignal(signal.SIGTERM))
        real_fill(fd, tmp, data, mode)

    monkeypatch.setattr(fsio, "_fill_temp", spy)
    atomic_write(tmp_path / "a.pdf", b"x")
    assert during == [fsio._on_signal]
    assert {s: signal.getsignal(s) for s in before} == before


def test_writing_from_a_worker_thread_installs_no_handler(tmp_path):
    errors = []

    def work():
        try:
            atomic_write(tmp_path / "t.pdf", b"from a thread")
        except BaseException as exc:
            errors.append(exc)

    t = threading.Thread(target=work)
    t.start()
    t.join()
    assert errors == [] and (tmp_path / "t.pdf").read_bytes() == b"from a thread"


def test_deferred_writes_wait_for_the_end_of_the_block(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    with deferred_writes() as batch:
        assert atomic_write(a, b"A") == a
        with deferred_writes():
            atomic_write(b, "B")
        assert listing(tmp_path) == [] and [p for p, _ in batch] == [a, b]
    assert a.read_bytes() == b"A" and b.read_bytes() == b"B"
    assert fsio._PENDING is None


def test_deferred_writes_write_nothing_when_the_block_fails(tmp_path):
    with pytest.raises(RuntimeError):
        with deferred_writes():
            atomic_write(tmp_path / "a.pdf", b"A")
            raise RuntimeError("rendering failed")
    assert listing(tmp_path) == [] and fsio._PENDING is None
    # a bad target fails at once, before the work is done
    with pytest.raises(InputError, match="is a directory"):
        with deferred_writes():
            atomic_write(tmp_path, b"A")
            pytest.fail("not reached")
    assert fsio._PENDING is None
