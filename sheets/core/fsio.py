"""Safe output: write to a temporary file in the target folder, then rename over the target.

A failure never leaves a partial file and never clobbers an existing one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from sheets.core.errors import InputError, Problem


def read_user_bytes(path: str | os.PathLike, max_bytes: int) -> bytes:
    """The bytes of a user's input file, with one-line input errors (not tracebacks) for a
    missing, unreadable or oversized file, a directory, or binary content (NUL bytes)."""
    name = str(path)
    try:
        if Path(path).is_dir():
            raise InputError([Problem(name, None, "is a directory, not a file")])
        with open(path, "rb") as fh:
            data = fh.read(max_bytes + 1)
    except FileNotFoundError:
        raise InputError([Problem(name, None, "no such file")]) from None
    except PermissionError:
        raise InputError([Problem(name, None, "permission denied")]) from None
    except OSError as exc:
        raise InputError([Problem(name, None, f"cannot read: {exc.strerror or exc}")]) from None
    if len(data) > max_bytes:
        raise InputError([Problem(name, None, f"file too large (limit {max_bytes} bytes)")])
    if b"\x00" in data:
        raise InputError([Problem(name, None, "not a text file (contains NUL bytes)")])
    return data


def atomic_write(path: str | os.PathLike, data: bytes | str) -> Path:
    """Write ``data`` to ``path`` atomically; create missing parent folders.

    Unwritable targets raise :class:`InputError` (exit 1) with the reason, not a traceback.
    """
    target = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        if target.is_dir():
            raise InputError([Problem(str(target), None, "is a directory; give a file name")])
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except PermissionError:
        raise InputError([Problem(str(target), None, "cannot write here: permission denied")]) from None
    except FileExistsError:
        raise InputError([Problem(str(target), None, "cannot create the folder: a file is in the way")]) from None
    except NotADirectoryError:
        raise InputError([Problem(str(target), None, "cannot write here: a parent is not a folder")]) from None
    except OSError as exc:
        raise InputError([Problem(str(target), None, f"cannot write here: {exc.strerror or exc}")]) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return target
