"""Loading a batch on several processes (``render --jobs``, issue 13): the same units, the same
problems in the same order, exceptions raised again, inputs still protected."""

from __future__ import annotations

import pytest
import yaml

from sheets.core import loader, parallel_load
from sheets.core.errors import InputError
from sheets.core.parallel_load import load_files, shares


def _files(samples, tmp_path, n: int, bad: set = frozenset()):
    units = yaml.safe_load((samples / "battletech" / "roc.yaml").read_text(encoding="utf-8"))["units"]
    paths = []
    for k in range(n):
        batch = [dict(units[i % len(units)], name=f"F{k} U{i}") for i in range(7)]
        if k in bad:
            batch[2]["armor"] = "lots"  # a wrong type: one problem in this file
        path = tmp_path / f"f{k}.yaml"
        path.write_text(yaml.safe_dump({"system": "battletech", "units": batch}), encoding="utf-8")
        paths.append(path)
    return paths


@pytest.mark.parametrize(
    "sizes, jobs, parts",
    [
        ([1] * 10, 2, [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]),
        ([100, 1, 1, 1], 2, [[0], [1, 2, 3]]),
        ([1, 1, 1, 100], 2, [[0, 1, 2], [3]]),
        ([10] * 5, 3, [[0, 1], [2, 3], [4]]),
        ([1, 2, 3], 3, [[0], [1], [2]]),
        ([0, 0, 0], 2, [[0, 1], [2]]),
    ],
)
def test_shares_are_contiguous_balanced_and_never_empty(sizes, jobs, parts):
    assert [list(r) for r in shares(sizes, jobs)] == parts


def test_two_processes_load_what_one_does(samples, tmp_path):
    paths = _files(samples, tmp_path, 5)
    one = load_files(paths, None, 1)
    two = load_files(paths, None, 2)
    assert [l.path for l in two] == [str(p) for p in paths]
    assert [[u.name for u in l.units] for l in two] == [[u.name for u in l.units] for l in one]
    assert [l.game for l in two] == [l.game for l in one]  # the same registered game object
    assert two[4].game is one[4].game
    assert repr(two[3].units) == repr(one[3].units)
    assert two[3].entries == one[3].entries  # the positions later messages need


def test_problems_of_every_share_come_in_file_order(samples, tmp_path):
    paths = _files(samples, tmp_path, 6, bad={1, 4})  # one in each share of two
    with pytest.raises(InputError) as one:
        load_files(paths, None, 1)
    with pytest.raises(InputError) as two:
        load_files(paths, None, 2)
    assert [(p.path, p.pos, p.message) for p in two.value.problems] == [
        (p.path, p.pos, p.message) for p in one.value.problems
    ]
    assert [p.path for p in two.value.problems] == [str(paths[1]), str(paths[4])]


def test_an_unexpected_error_in_a_worker_is_raised_here(samples, tmp_path, monkeypatch):
    paths = _files(samples, tmp_path, 4)
    real = loader.load_file

    def broken(path, options=None):
        if path.endswith("f3.yaml"):  # loaded by the forked worker
            raise ZeroDivisionError("boom in the worker")
        return real(path, options)

    monkeypatch.setattr(loader, "load_file", broken)
    with pytest.raises(ZeroDivisionError, match="boom in the worker"):
        load_files(paths, None, 2)


def test_render_with_jobs_loads_in_parallel_and_keeps_the_bytes(cli, samples, tmp_path, monkeypatch):
    paths = _files(samples, tmp_path, 4)
    calls = []
    real = parallel_load._forked
    monkeypatch.setattr(parallel_load, "_forked", lambda *a: calls.append(a[2]) or real(*a))
    outs = []
    for jobs in (1, 2):
        out = tmp_path / f"j{jobs}.pdf"
        r = cli("render", *paths, "-o", out, "--jobs", jobs)
        assert r.exit_code == 0, r.stderr
        outs.append(out.read_bytes())
    assert calls == [2]
    assert outs[0] == outs[1]
    # an input is still protected when a worker loaded it: -o onto it is refused (exit 2)
    r = cli("render", *paths, "-o", paths[3], "--jobs", 2)
    assert r.exit_code == 2 and "input" in r.stderr
    assert yaml.safe_load(paths[3].read_text(encoding="utf-8"))["system"] == "battletech"


@pytest.mark.parametrize("files, jobs, forks", [(3, 2, None), (4, 2, 2), (5, 3, 2), (6, 3, 3)])
def test_each_process_gets_two_files_at_the_least(samples, tmp_path, monkeypatch, files, jobs, forks):
    """The first file is loaded before forking (the workers inherit what it loaded), so a share
    of one file would gain nothing: fewer processes, or none."""
    paths = _files(samples, tmp_path, files)
    calls = []
    real = parallel_load._forked
    monkeypatch.setattr(parallel_load, "_forked", lambda *a: calls.append(a[2]) or real(*a))
    assert len(load_files(paths, None, jobs)) == files
    assert calls == ([] if forks is None else [forks])
