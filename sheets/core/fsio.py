"""Safe output: write to a temporary file in the target folder, then rename over the target.

A failure never leaves a partial file and never clobbers an existing one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from sheets.core.errors import InputError, Problem


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
