"""Safe file input and output for files from strangers.

Reading (:func:`read_user_bytes`): regular files only (a FIFO or device never blocks or streams),
a size cap, one-line messages for every failure. Every file read is remembered (device and
inode) for the duration of a command so that no output can replace one of its inputs.

Writing (:func:`atomic_write`, :func:`write_files`): every output is first written completely to
a short-named temporary file in its target folder, then renamed over the target, so a failure
never leaves a partial file and never clobbers an existing one. Several outputs (``--png DIR``,
``import -d``) are all produced before any is renamed into place. Targets that exist and are not
regular files (devices, FIFOs, sockets) are refused; a symlink is resolved and its target is
written; a target that is one of the command's inputs is refused. An existing file keeps its
mode (without setuid/setgid bits); a new one gets ``0666`` minus the umask. A terminating signal
while writing (SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1/2, SIGALRM…: :data:`TERMINATING`)
removes the temporary files and is held during the renames (SIGKILL cannot be caught: a
``.sheets-*.tmp`` may then remain).
"""

from __future__ import annotations

import errno
import os
import signal
import stat
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import IO, Any, TypeAlias, cast

from sheets.core.errors import InputError, Pos, Problem, UsageProblem
from sheets.core.i18n import DEFAULT_LANG, N_, _, current_lang, tr

# (st_dev, st_ino) of every file read by the current command; reset by the CLI per command.
_INPUTS: dict[tuple[int, int], str] = {}
TEMP_PREFIX = ".sheets-"
TEMP_SUFFIX = ".tmp"


def _problem(name: str, message: str, code: str) -> Problem:
    return Problem(name, None, message, code=code)


def reset_inputs() -> None:
    _INPUTS.clear()


def inputs_read() -> list[tuple[tuple[int, int], str]]:
    """Every input this process has recorded, ``((st_dev, st_ino), name)``: a loading worker
    (``render --jobs``) sends them to the parent, which records them as its own."""
    return list(_INPUTS.items())


def note_inputs_read(inputs: Iterable[tuple[Iterable[int], str]]) -> None:
    """Record the inputs another process of this command read (see :func:`inputs_read`)."""
    for key, name in inputs:
        # a (st_dev, st_ino) pair, as inputs_read() gave it
        _INPUTS.setdefault(cast("tuple[int, int]", tuple(key)), name)


def note_input(path: str | os.PathLike[str]) -> None:
    """Remember ``path`` as an input of this command (outputs may not replace it)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return
    _INPUTS[(st.st_dev, st.st_ino)] = str(path)


def note_stream(stream: IO[Any], name: str) -> None:
    """Remember the file behind ``stream`` (standard input redirected from a file: ``info - -o
    army.json < army.json``) as an input of this command, whatever way it was read."""
    try:
        st = os.fstat(stream.fileno())
    except (AttributeError, OSError, ValueError):  # no file behind it (a test's stream, closed)
        return
    if stat.S_ISREG(st.st_mode):
        _INPUTS[(st.st_dev, st.st_ino)] = name


# what an OS error means, in the user's language: the msgids are the system's (glibc's) own words,
# so that English stays as ``strerror`` says it
_OS_REASONS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.EROFS: N_("Read-only file system"),
    errno.ENOSPC: N_("No space left on device"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.EEXIST: N_("File exists"),
    errno.EBUSY: N_("Device or resource busy"),
    errno.EMFILE: N_("Too many open files"),
    errno.EIO: N_("Input/output error"),
    errno.EADDRINUSE: N_("Address already in use"),
    errno.EADDRNOTAVAIL: N_("Cannot assign requested address"),
}


def os_reason(exc: BaseException) -> str:
    """Why an OS call failed, for a message: in English the system's words, in another language
    the common errors translated (a rare one stays in the system's words)."""
    number = getattr(exc, "errno", None)
    word = _OS_REASONS.get(number) if isinstance(number, int) else None
    if word and current_lang() != DEFAULT_LANG:
        return tr(word)
    return getattr(exc, "strerror", None) or str(exc)


def _bad_name(name: str) -> str | None:
    if "\0" in name:
        return _("the name contains a NUL character")
    if not name:
        return _("empty file name")
    return None


def read_user_bytes(path: str | os.PathLike[str], max_bytes: int, head: bool = False) -> bytes:
    """The bytes of a user's input file, with one-line input errors (not tracebacks) for a
    missing, unreadable, oversized or non-regular file (a directory, FIFO, device…), or binary
    content (NUL bytes). ``head=True``: only the first ``max_bytes`` bytes, whatever the file's
    size and content (a quick look at a file, e.g. the tags of a unit file in a folder)."""
    name = str(path)
    bad = _bad_name(name)
    if bad:
        raise InputError([_cannot_read(name.replace("\0", "\\0"), bad)])
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then refuses it
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except FileNotFoundError:
        raise InputError([Problem(name, None, _("no such file"), code="no-such-file")]) from None
    except PermissionError:
        raise InputError([Problem(name, None, _("permission denied"), code="permission-denied")]) from None
    except IsADirectoryError:
        raise InputError([_a_directory(name)]) from None
    except OSError as exc:
        raise InputError([_cannot_read(name, os_reason(exc))]) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise InputError([_a_directory(name)])
        if not stat.S_ISREG(st.st_mode):
            message = _("is {kind}, not a regular file").format(kind=_kind(st.st_mode))
            raise InputError([Problem(name, None, message, code="not-a-regular-file")])
        _INPUTS[(st.st_dev, st.st_ino)] = name  # even a refused input may not be replaced
        if st.st_size > max_bytes and not head:
            raise InputError([too_large(name, max_bytes)])
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(max_bytes + 1)
    except InputError:
        raise
    except OSError as exc:
        raise InputError([_cannot_read(name, os_reason(exc))]) from None
    finally:
        os.close(fd)
    if head:
        return data[:max_bytes]
    if len(data) > max_bytes:
        raise InputError([too_large(name, max_bytes)])
    if b"\x00" in data and not data.startswith(WIDE_BOMS):  # UTF-16/32 text holds NUL bytes
        raise InputError([not_text(name, data)])
    return data


def _cannot_read(name: str, reason: str) -> Problem:
    return Problem(name, None, _("cannot read: {reason}").format(reason=reason), code="cannot-read")


def _a_directory(name: str) -> Problem:
    return Problem(name, None, _("is a directory, not a file"), code="is-a-directory")


def too_large(name: str, limit: int) -> Problem:
    """A file over the size cap."""
    return Problem(
        name, None, _("file too large (limit {limit} bytes)").format(limit=limit), code="file-too-large"
    )


def not_text(name: str, data: bytes) -> Problem:
    """A file with NUL bytes: UTF-16 saved without its byte order mark (every other byte NUL in
    the first ASCII text), or not text at all."""
    head = data[:200]
    even, odd = head[0::2], head[1::2]
    if len(head) >= 4 and any(  # one half of the bytes all NUL, the other half ASCII text
        a.count(0) == len(a) and all(31 < c < 127 or c in b"\t\r\n" for c in b)
        for a, b in ((even, odd), (odd, even))
    ):
        message = _("saved as UTF-16 without a byte order mark: save the file as UTF-8")
        return Problem(name, None, message, code="utf-16-without-bom")
    return Problem(name, None, _("not a text file (contains NUL bytes)"), code="not-text-file")


# byte order marks of the wide encodings (UTF-32 first: its little-endian mark starts like UTF-16's)
_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32-le", "UTF-32"),
    (b"\x00\x00\xfe\xff", "utf-32-be", "UTF-32"),
    (b"\xff\xfe", "utf-16-le", "UTF-16"),
    (b"\xfe\xff", "utf-16-be", "UTF-16"),
)
WIDE_BOMS = tuple(bom for bom, _, _ in _BOMS)


def decode_text(data: bytes, name: str, prefix: str = "") -> str:
    """A user's text file as text: UTF-8 (a BOM dropped), or UTF-16/UTF-32 when it starts with
    their byte order mark (Windows Notepad's "Unicode"). Anything else is an input error at the
    first bad byte that says to save the file as UTF-8, and that it looks like Windows-1251 when
    it reads as Cyrillic text in that code page. ``prefix`` starts the message (``template
    error: ``)."""
    import re

    for bom, codec, label in _BOMS:
        if data.startswith(bom):
            try:
                text = data[len(bom) :].decode(codec)
            except UnicodeDecodeError as exc:
                before = data[len(bom) : len(bom) + exc.start].decode(codec, "replace")
                line, col = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
                raise InputError(
                    [
                        Problem(
                            name,
                            Pos(line, col),
                            _(
                                "{prefix}not valid {encoding} text (it starts with a {encoding} byte order "
                                "mark); save it as UTF-8"
                            ).format(prefix=prefix, encoding=label),
                            code="bad-encoding",
                        )
                    ]
                ) from None
            if "\x00" in text:
                message = _("{prefix}not a text file (contains NUL characters)").format(prefix=prefix)
                raise InputError([Problem(name, None, message, code="not-text-file")])
            return text
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raw = data[: exc.start]
        line, col = raw.count(b"\n") + 1, exc.start - raw.rfind(b"\n")
        try:
            cyrillic = re.search("[\u0400-\u04ff]{3,}", data.decode("cp1251")) is not None
        except UnicodeDecodeError:
            cyrillic = False
        if cyrillic:
            message = _(
                "{prefix}not valid UTF-8 text (it looks like Windows-1251, Cyrillic): save the file as UTF-8"
            )
            code = "windows-1251"
        else:
            message = _("{prefix}not valid UTF-8 text: save the file as UTF-8")
            code = "not-utf-8"
        raise InputError([Problem(name, Pos(line, col), message.format(prefix=prefix), code=code)]) from None


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return _("a FIFO (named pipe)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    if stat.S_ISDIR(mode):
        return _("a directory")
    return _("a special file")


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def check_target(path: str | os.PathLike[str]) -> tuple[Path, int]:
    """The real file to write for ``path`` (symlinks resolved) and the mode it will get.

    Raises :class:`UsageProblem` (exit 2) for an empty name, an existing non-regular file or one of
    the command's inputs, and :class:`InputError` (exit 1) for a directory."""
    name = str(path)
    if not name:
        raise UsageProblem(_("-o: empty file name"))
    bad = _bad_name(name)
    if bad:
        raise UsageProblem(f"{name!r}: {bad}")
    target = Path(os.path.realpath(name))  # write through a symlink, never replace it
    try:
        st = os.stat(target)
    except FileNotFoundError:
        if name.endswith(("/", os.sep)):  # realpath drops the slash: `-o newdir/` is no file name
            raise InputError(
                [_problem(name, _("is a folder name (it ends with /); give a file name"), "not-a-file")]
            ) from None
        return target, 0o666 & ~_umask()
    except OSError as exc:
        raise InputError(
            [_problem(name, _("cannot write here: {reason}").format(reason=os_reason(exc)), "unwritable")]
        ) from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError([_problem(name, _("is a directory; give a file name"), "not-a-file")])
    if not stat.S_ISREG(st.st_mode):
        raise UsageProblem(
            _("{file}: is {kind}, not a regular file; refusing to replace it").format(
                file=name, kind=_kind(st.st_mode)
            )
        )
    if (st.st_dev, st.st_ino) in _INPUTS:
        raise UsageProblem(
            _("{file}: is an input of this command ({input}); refusing to overwrite it").format(
                file=name, input=_INPUTS[(st.st_dev, st.st_ino)]
            )
        )
    # the permissions are kept, never setuid/setgid/sticky: an output is a document, not a program
    return target, stat.S_IMODE(st.st_mode) & 0o777


_LIVE_TEMPS: set[str] = set()


def _cleanup_temps() -> None:
    for tmp in list(_LIVE_TEMPS):
        try:
            os.unlink(tmp)
        except OSError:
            pass
        _LIVE_TEMPS.discard(tmp)


class _Terminated(BaseException):
    def __init__(self, signum: int):
        self.signum = signum


def _on_signal(signum: int, frame: FrameType | None) -> None:
    raise _Terminated(signum)


# every signal whose default action ends the process and that a program can catch: SIGHUP (the
# terminal closed), SIGTERM, SIGINT, SIGQUIT, SIGUSR1/2, the timers' SIGALRM/SIGVTALRM/SIGPROF,
# SIGXCPU (a CPU limit), SIGIO and SIGPWR where they exist (SIGPIPE and SIGXFSZ Python ignores)
TERMINATING = tuple(
    getattr(signal, name)
    for name in (
        "SIGTERM",
        "SIGINT",
        "SIGHUP",
        "SIGQUIT",
        "SIGUSR1",
        "SIGUSR2",
        "SIGALRM",
        "SIGVTALRM",
        "SIGPROF",
        "SIGXCPU",
        "SIGIO",
        "SIGPWR",
    )
    if hasattr(signal, name)
)


def _caught_here(signum: int) -> bool:
    """The signal would end the process as it is (not ignored, no handler of the caller's own)."""
    try:
        handler = signal.getsignal(signum)
    except (ValueError, OSError):  # pragma: no cover - not a signal of this system
        return False
    return handler in (signal.SIG_DFL, signal.default_int_handler, None)


@contextmanager
def _signals_clean_up() -> Iterator[None]:
    """A terminating signal (:data:`TERMINATING`) while temp files exist: remove them, then die
    of the same signal. A signal the process ignores (``nohup``: SIGHUP) stays ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {s: signal.signal(s, _on_signal) for s in TERMINATING if _caught_here(s)}
    try:
        yield
    except _Terminated as exc:
        _cleanup_temps()  # (the handlers are restored below, in `finally`)
        if exc.signum == signal.SIGINT:
            raise KeyboardInterrupt from None
        signal.signal(exc.signum, signal.SIG_DFL)
        os.kill(os.getpid(), exc.signum)
        raise SystemExit(128 + exc.signum) from None
    finally:
        for s, h in old.items():
            signal.signal(s, h)


def _write_error(name: str, exc: OSError) -> InputError:
    if exc.errno == errno.ENOSPC:
        return InputError(
            [_problem(name, _("cannot write: the disk is full (nothing was written)"), "disk-full")]
        )
    if exc.errno == errno.EFBIG:
        return InputError(
            [
                Problem(
                    name,
                    None,
                    _(
                        "cannot write: the file would be larger than this system allows (ulimit -f); nothing was written"
                    ),
                    code="file-too-large",
                )
            ]
        )
    if exc.errno == errno.EDQUOT:
        return InputError(
            [_problem(name, _("cannot write: disk quota exceeded (nothing was written)"), "disk-full")]
        )
    if isinstance(exc, PermissionError):
        return InputError([_problem(name, _("cannot write here: permission denied"), "unwritable")])
    if isinstance(exc, FileExistsError):
        return InputError([_problem(name, _("cannot create the folder: a file is in the way"), "unwritable")])
    if isinstance(exc, NotADirectoryError):
        return InputError([_problem(name, _("cannot write here: a parent is not a folder"), "unwritable")])
    return InputError(
        [_problem(name, _("cannot write here: {reason}").format(reason=os_reason(exc)), "unwritable")]
    )


def _fill_temp(fd: int, tmp: str, data: bytes, mode: int) -> None:
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
        fh.flush()
    os.chmod(tmp, mode)


def write_files(outputs: list[tuple[str | os.PathLike[str], bytes | str]]) -> list[Path]:
    """Write every ``(path, data)`` or none: all targets are checked, then all are written to
    temporary files, then all are renamed into place. Missing parent folders are created (and
    removed again if nothing gets written)."""
    checked: list[tuple[str, Path, int, bytes]] = []
    seen: dict[Path, str] = {}
    for path, data in outputs:
        target, mode = check_target(path)
        if target in seen:
            raise UsageProblem(
                _("{file}: written twice in one command (also as {other})").format(
                    file=path, other=seen[target]
                )
            )
        seen[target] = str(path)
        checked.append((str(path), target, mode, data.encode() if isinstance(data, str) else data))
    made_dirs: list[Path] = []
    temps: list[tuple[str, Path]] = []
    with _signals_clean_up():
        try:
            for name, target, mode, data in checked:
                try:
                    missing = [p for p in [target.parent, *target.parent.parents] if not p.exists()]
                    target.parent.mkdir(parents=True, exist_ok=True)
                    made_dirs.extend(reversed(missing))
                    import tempfile

                    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=target.parent)
                    _LIVE_TEMPS.add(tmp)
                except OSError as exc:  # cannot write here at all: the user's choice of -o
                    raise _write_error(name, exc) from None
                try:
                    _fill_temp(fd, tmp, data, mode)
                except OSError as exc:  # disk full (ENOSPC), over `ulimit -f` (EFBIG), EIO…
                    raise _write_error(name, exc) from None
                temps.append((tmp, target))
            try:
                _rename_all(temps)
            except OSError as exc:  # (the files it had renamed are removed again)
                raise _write_error(str(exc.filename2 or exc.filename or checked[0][0]), exc) from None
        except BaseException:
            _cleanup_temps()
            for folder in reversed(made_dirs):
                try:
                    folder.rmdir()
                except OSError:
                    pass
            raise
    return [target for _, target, _, _ in checked]


_HELD = set(TERMINATING)


def _rename_all(temps: list[tuple[str, Path]]) -> None:
    """Rename every temporary file over its target, all or none: the terminating signals are held
    (delivered once the last rename is done), and a rename that fails undoes the earlier ones
    that created a file (a replaced file cannot come back: renames in a folder where the
    temporary file could be made do not fail but for a vanished folder)."""
    held = threading.current_thread() is threading.main_thread() and hasattr(signal, "pthread_sigmask")
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD) if held else None
    created: list[Path] = []
    try:
        for tmp, target in temps:
            fresh = not os.path.lexists(target)
            os.replace(tmp, target)
            _LIVE_TEMPS.discard(tmp)
            if fresh:
                created.append(target)
    except BaseException:
        for target in created:
            try:
                os.unlink(target)
            except OSError:
                pass
        raise
    finally:
        if held:
            assert old is not None  # the mask was saved above whenever `held`
            signal.pthread_sigmask(signal.SIG_SETMASK, old)  # a held signal is delivered here


# one output: (path, data), as write_files takes them
Output: TypeAlias = tuple[str | os.PathLike[str], bytes | str]

_PENDING: list[Output] | None = None  # the open deferred_writes() batch, if any


# what to do once the open batch is written (e.g. say "wrote")
_AFTER: list[Callable[[], object]] | None = None


@contextmanager
def deferred_writes() -> Iterator[list[Output]]:
    """Collect every :func:`atomic_write` made inside the block and write them all with
    :func:`write_files` when the block ends without an exception (nothing is written otherwise).
    Targets are still checked at once, so a bad ``-o`` fails before the work is done. What
    :func:`after_written` was given runs once the files are in place."""
    global _PENDING, _AFTER
    batch: list[Output] = []
    after: list[Callable[[], object]] = []
    outer, outer_after = _PENDING, _AFTER
    _PENDING, _AFTER = batch, after
    try:
        yield batch
    finally:
        _PENDING, _AFTER = outer, outer_after
    if outer is not None:
        assert outer_after is not None  # _PENDING and _AFTER are set and restored together
        outer.extend(batch)
        outer_after.extend(after)
    else:
        write_files(batch)
        for fn in after:
            fn()


def after_written(fn: Callable[[], object]) -> None:
    """Run ``fn`` once the pending writes are renamed into place (at once when none is pending):
    a "wrote FILE" message is said only of a file that was written."""
    if _AFTER is not None:
        _AFTER.append(fn)
    else:
        fn()


def atomic_write(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write ``data`` to ``path`` atomically; create missing parent folders.

    Unwritable targets raise :class:`InputError` (exit 1) with the reason, not a traceback;
    unusable ones (a device, FIFO, an input of the command, an empty name) :class:`UsageProblem`.
    Inside :func:`deferred_writes` the write waits for the end of the block."""
    if _PENDING is not None:
        target, _ = check_target(path)
        _PENDING.append((path, data))
        return target
    return write_files([(path, data)])[0]
