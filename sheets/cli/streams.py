"""Standard output that cannot fail in silence. Every command prints through ``sys.stdout``
(click's ``echo``, the JSON of ``validate``, ``-o -``); for the time of a command it is wrapped
(:func:`guarded`) so that:

* a write is written whole: a short write (``ulimit -f`` cuts a write short before refusing the
  next one) is continued until the system refuses it;
* a refusal (a full disk, ``ulimit -f``, a closed descriptor, EIO) is an input error of the
  command, ``-: cannot write to standard output: REASON`` (exit 1), never an internal error;
* a standard output closed at start-up (``>&-``: Python has no ``sys.stdout`` then, and click
  printed nothing with exit 0) is refused the same way the first time the command writes to it.

A broken pipe (the reader went away: ``sheets info x | head``) stays a ``BrokenPipeError``."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from sheets.core.i18n import _

if TYPE_CHECKING:
    from sheets.core.errors import InputError


def refused(reason: str) -> InputError:
    from sheets.core.errors import InputError, Problem

    return InputError(
        [
            Problem(
                "-", None, _("cannot write to standard output: {reason}").format(reason=reason), code="stdout"
            )
        ]
    )


def _reason(exc: BaseException) -> str:
    from sheets.core.fsio import os_reason

    return os_reason(exc) or type(exc).__name__


def write_all(binary, data: bytes) -> None:
    """Every byte of ``data`` to the binary stream ``binary`` (short writes continued)."""
    view = memoryview(data)
    while view:
        try:
            n = binary.write(view)
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:
            raise refused(_reason(exc)) from None
        if n is None:  # a non-blocking stream that took nothing: write through its flush
            n = len(view)
        if n <= 0:
            raise refused(_("nothing more could be written"))
        view = view[n:]
    try:
        binary.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as exc:
        raise refused(_reason(exc)) from None


class _Binary:
    """``sys.stdout.buffer`` of a guarded stream."""

    def __init__(self, raw):
        self._raw = raw

    def write(self, data) -> int:
        data = bytes(data)
        write_all(self._raw, data)
        return len(data)

    def flush(self) -> None:
        try:
            self._raw.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:
            raise refused(_reason(exc)) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._raw, name)


class GuardedStdout:
    """A text stream around the real standard output (see the module)."""

    def __init__(self, stream):
        self._stream = stream

    @property
    def buffer(self):
        raw = getattr(self._stream, "buffer", None)
        return _Binary(raw) if raw is not None else None

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        raw = getattr(self._stream, "buffer", None)
        if raw is None:  # (a plain text stream: StringIO)
            try:
                self._stream.write(text)
            except BrokenPipeError:
                raise
            except (OSError, ValueError) as exc:
                raise refused(_reason(exc)) from None
            return len(text)
        try:
            self._stream.flush()  # what the text layer holds first, in order
            data = text.encode(self._stream.encoding or "utf-8", self._stream.errors or "strict")
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:
            raise refused(_reason(exc)) from None
        write_all(raw, data)
        return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:
            raise refused(_reason(exc)) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class _ClosedBinary:
    def write(self, data) -> int:
        if not data:
            return 0
        raise refused(_("it is closed"))

    def flush(self) -> None:
        return None


class ClosedStdout:
    """What ``sys.stdout`` is while a command runs with standard output closed at start-up."""

    encoding = "utf-8"
    errors = "strict"
    closed = False
    buffer = _ClosedBinary()

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if not text:
            return 0
        raise refused(_("it is closed"))

    def flush(self) -> None:
        return None

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError(9, "Bad file descriptor")


@contextmanager
def guarded():
    """``sys.stdout`` guarded for the time of the block (restored after)."""
    before = sys.stdout
    if before is None:
        sys.stdout = ClosedStdout()
    elif not isinstance(before, (GuardedStdout, ClosedStdout)):
        sys.stdout = GuardedStdout(before)
    try:
        yield
    finally:
        sys.stdout = before
