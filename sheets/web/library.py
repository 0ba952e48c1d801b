"""The page's unit library: the unit files of the folder `sheets serve --units DIR` names (read once,
when the server starts), the bundled samples and the starters of every game.

The folder comes from the command line only. Each file under it whose suffix a game reads
directly (``Game.file_formats``, e.g. another tool's one-unit files) is converted by that game's
own converter into a unit-file mapping, loaded through :mod:`sheets.api` for its key figures
(``Game.info``) and kept in memory; a client asks for an entry by its number in the listing,
never by a path, and nothing under the folder is opened after the start. No game is named here.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

MAX_FILES = 5000  # unit files read from the folder (more are left out, and the listing says so)
MAX_FILE_BYTES = 1024 * 1024  # one unit file
MAX_DEPTH = 8  # folders below DIR
FIGURES = ("tons", "bv", "walk", "jump", "points", "cost")  # key figures shown when a game has them


@dataclass
class Entry:
    name: str
    game: str
    file: str  # relative to the folder, with "/"
    figures: dict
    document: dict  # the unit-file mapping (system, rules, units: [one unit])


@dataclass
class Library:
    folder: str | None = None
    units: list[Entry] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # "file: reason" of files that did not read
    truncated: bool = False

    def listing(self) -> dict:
        return {
            "folder": bool(self.folder),
            "units": [
                {"id": i, "name": e.name, "game": e.game, "file": e.file, "figures": e.figures}
                for i, e in enumerate(self.units)
            ],
            "skipped": self.skipped[:50],
            "truncated": self.truncated,
        }


def _suffixes() -> dict[str, str]:
    """suffix → "module:attr" of the converter of a one-unit file format (every game's)."""
    from sheets.core.game import all_games

    out = {}
    for game in all_games():
        for suffix, target in (getattr(game, "file_formats", None) or {}).items():
            out.setdefault(suffix.lower(), target)
    return out


def _walk(folder: Path, suffixes) -> list[Path]:
    found: list[Path] = []
    base_depth = len(folder.parts)
    for root, dirs, names in os.walk(folder, followlinks=False):
        if len(Path(root).parts) - base_depth >= MAX_DEPTH:
            dirs[:] = []
        dirs.sort()
        for n in sorted(names):
            if Path(n).suffix.lower() in suffixes:
                found.append(Path(root) / n)
    return found


def _read(path: Path) -> bytes | None:
    """A regular file's bytes (a FIFO, device or link to one is skipped without waiting)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_FILE_BYTES:
            return None
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return fh.read(MAX_FILE_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)


def _plain(value):
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def read_library(folder: str | os.PathLike | None) -> Library:
    """Every one-unit file under ``folder`` that a game reads (see the module's docstring)."""
    lib = Library(str(folder) if folder else None)
    if not folder:
        return lib
    from sheets import api
    from sheets.core.errors import InputError
    from sheets.core.game import get_game, load_object

    root = Path(folder)
    suffixes = _suffixes()
    paths = _walk(root, suffixes)
    if len(paths) > MAX_FILES:
        paths, lib.truncated = paths[:MAX_FILES], True
    for path in paths:
        rel = path.relative_to(root).as_posix()
        data = _read(path)
        if data is None:
            lib.skipped.append(f"{rel}: not a regular file of at most {MAX_FILE_BYTES} bytes")
            continue
        try:
            convert = load_object(suffixes[path.suffix.lower()])
            doc = _plain(convert(rel, data))
            loaded = api.load([api.Source(rel, data)])
        except InputError as exc:
            first = exc.problems[0] if exc.problems else None
            lib.skipped.append(f"{rel}: {first.message if first else 'does not read'}")
            continue
        except Exception as exc:  # a converter for a format this file is not (e.g. a force file)
            lib.skipped.append(f"{rel}: {type(exc).__name__}")
            continue
        units = (doc or {}).get("units") if isinstance(doc, dict) else None
        if not isinstance(units, list) or len(units) != 1 or not loaded.units:
            continue  # a force or list file: not one unit
        game = get_game(str(doc.get("system")))
        f = loaded.files[0]
        try:
            info = game.info(loaded.units[0], f.options)
        except Exception:
            info = {}
        figures = {k: info[k] for k in FIGURES if isinstance(info.get(k), (int, float))}
        name = str(units[0].get("name") or path.stem)
        lib.units.append(Entry(name, game.id, rel, figures, doc))
    return lib


def samples() -> list[dict]:
    """The bundled sample files (``data/units/<game>/*.yaml``): ``{"id", "game", "name"}``."""
    from sheets.core.data import data_root
    from sheets.core.game import game_ids

    out = []
    root = data_root() / "units"
    for gid in game_ids():
        folder = root / gid
        if folder.is_dir():
            for f in sorted(folder.glob("*.yaml")):
                out.append({"id": f"{gid}/{f.name}", "game": gid, "name": f.name})
    return out


def sample_text(sample_id: str) -> str | None:
    """The text of a bundled sample named by its id in :func:`samples` (None for any other)."""
    from sheets.core.data import data_root

    for s in samples():
        if s["id"] == sample_id:
            return (data_root() / "units" / s["game"] / s["name"]).read_text(encoding="utf-8")
    return None
