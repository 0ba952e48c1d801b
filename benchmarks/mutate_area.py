"""mutmut over one area of the package at a time (issue 21): practical on two cores.

``[tool.mutmut]`` in ``pyproject.toml`` holds one selection (the rules cores and ``sheets/core``).
This script runs mutmut over any other area with that area's own files and tests: it copies the
checkout (tracked files only, no ``.git``/``output``/``mutants``) to
``output/mutate-area/<area>/`` (never committed), rewrites the copy's ``[tool.mutmut]`` with the
area's ``only_mutate`` and test selection, and runs ``mutmut run`` there. The copy keeps its
``mutants/`` cache, so a second run re-tests only what changed (copy the new tests in with
``--refresh``). Two areas can run side by side (``--max-children 1`` each).

Usage (from the project root, with ``pip install -e '.[mutation]'``; not in CI)::

    python benchmarks/mutate_area.py --list
    python benchmarks/mutate_area.py importers-blk [--max-children 1] [--refresh]
    python benchmarks/mutate_area.py importers-blk --summary [--survivors]

The summary is ``benchmarks/mutation_summary.py`` run in the copy (killed / survived / no tests
per file; rate = killed incl. timeouts / all).

Test selection per area: the tests that exercise the area's code in-process. Tests that run
``sheets`` in a child process cannot see mutants (mutmut's trampolines read their configuration
from the working folder) and are left out where the area has in-process tests of the same
contract.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "output" / "mutate-area"

_CORE_TESTS = [
    "tests/core",
    "tests/hardening",
    "tests/cli/test_cli.py",
    "tests/core/test_core_misc.py",
    "tests/core/test_core_yaml_schema.py",
    "tests/core/test_roster_lists.py",
    "tests/core/test_roster_limits.py",
    "tests/core/test_core_errors.py",
    "tests/core/test_core_exact_messages.py",
    "tests/core/test_roster_model.py",
    # in-process callers of the in-memory loader (sheets.api); test_cli_first_hour (stdin)
    # fails in this combined selection (SHEETS_DATA_DIR from an earlier test): left out
    "tests/api/test_api.py",
    "--ignore=tests/hardening/test_fuzz.py",
    "--ignore=tests/hardening/test_fuzz_bounded.py",
    "--ignore=tests/hardening/test_inputs_never_outputs.py",
    "--deselect=tests/cli/test_cli.py::test_console_entry_point_runs_as_module",
]


def _game(game: str, files: list[str], extra: list[str] = ()) -> dict[str, list[str]]:
    tests = [f"tests/{game}", *extra, "tests/core/test_roster_lists.py"]
    return {"mutate": [f"sheets/games/{game}/{f}" for f in files], "tests": tests}


AREAS: dict[str, dict[str, list[str]]] = {
    # the rules cores (the selection of [tool.mutmut], one game at a time)
    "battletech": _game(
        "battletech",
        ["rules.py", "bv.py"],
        [
            "tests/battletech/reference/test_hit_tables_literal.py",
            "--ignore=tests/battletech/test_bt_sheet_drawing.py",
        ],
    ),
    "dmech": _game("dmech", ["rules.py", "geometry.py"]),
    "dust": _game("dust", ["rules.py"]),
    "lnl": _game("lnl", ["rules.py"]),
    "wh40k6": _game(
        "wh40k6",
        ["rules.py"],
        [
            "--ignore=tests/wh40k6/test_render.py",
            # reads the package's source for marked messages: a mutant's trampolines hold
            # each variant's changed strings ("XX…XX"), never a behaviour
            "--deselect=tests/wh40k6/test_messages_ru.py::"
            "test_every_msgid_of_the_package_has_a_russian_translation",
        ],
    ),
    "core": {"mutate": ["sheets/core/*.py"], "tests": _CORE_TESTS},
    # importers
    "importers-blk": {
        "mutate": ["sheets/games/battletech/blk.py", "sheets/games/battletech/mul.py"],
        "tests": ["tests/megamek", "-m", "not big"],
    },
    "importers-bs": {  # the caps at their real size (-m big) take seconds each; their small copies run
        "mutate": ["sheets/games/wh40k6/battlescribe.py"],
        "tests": [
            "tests/battlescribe",
            "tests/wh40k6/test_foc_and_files.py",
            # issue 21's value tests of the importer (tests/wh40k6/test_bs_*.py)
            "tests/battlescribe/test_bs_real_rosters.py",
            "tests/battlescribe/test_bs_pseudo_selection_nesting.py",
            "tests/battlescribe/test_bs_profile_defaults.py",
            "tests/battlescribe/test_bs_hidden_and_long_names.py",
            "tests/battlescribe/test_bs_hidden_profiles.py",
            "tests/battlescribe/test_bs_repair.py",
            "tests/battlescribe/test_bs_unzip_pieces.py",
            "tests/battlescribe/test_bs_category_links.py",
            "tests/battlescribe/test_bs_game_systems.py",
            "tests/battlescribe/test_bs_transport_building_fields.py",
            "tests/battlescribe/test_bs_file_errors.py",
            "tests/battlescribe/test_bs_xml_refusals.py",
            "tests/battlescribe/test_bs_roster_header.py",
            "-m",
            "not big",
        ],
    },
    # render layer
    "checker": {
        "mutate": ["sheets/render/layout_check.py"],
        "tests": [
            "tests/render/layout/test_checker.py",
            "tests/render/layout/test_checker_boundaries.py",
            "tests/render/layout/test_checker_rules.py",
            "tests/render/layout/test_double_block.py",
            "tests/render/layout/test_checker_recording.py",
            "tests/render/layout/test_checker_geometry.py",
            "tests/render/layout/test_checker_messages.py",
            "tests/render/layout/test_checker_document_rules.py",
            "tests/render/layout/test_checker_language.py",
            "tests/render/layout/test_checker_exact.py",
            # `sheets` in a child process (7 s of the 11 s): the same rules are tested in process
            "--deselect=tests/render/layout/test_checker.py::test_cli_check_layout",
            "--deselect=tests/render/layout/test_checker_rules.py::test_every_printing_command_warns_and_strict_makes_it_fail",
            "--deselect=tests/render/layout/test_checker_rules.py::test_render_jobs_reports_the_same_layout_problems_as_one_process",
        ],
    },
    "render-text": {
        "mutate": ["sheets/render/text.py"],
        # the army-list templates (text.py is not the pen's text fitting: that is pdf.py)
        "tests": [
            "tests/render/test_template_bounds.py",
            "tests/render/test_template_words.py",
            "tests/hardening/test_templates.py",
            "tests/core/test_roster_lists.py",
            "tests/render/test_text_format_fields.py",
            "tests/render/test_text_filter_values.py",
            "tests/render/test_text_boundaries.py",
            "tests/render/test_text_lines.py",
            "tests/render/test_text_template_help.py",
            "tests/render/test_text_template_errors.py",
        ],
    },
    "render-cards": {
        "mutate": ["sheets/render/cards.py"],
        # cards.py in process; tests/dust/render (Dust's whole card sheets, 20-40 s per mutant)
        # is left out: the imposition, marks, backs and PNGs are tested here directly
        "tests": [
            "tests/render/test_cards.py",
            "tests/render/test_card_counts.py",
            "tests/render/test_card_drawing.py",
            "tests/render/test_card_clipping.py",
            "tests/render/test_card_impose_options.py",
            "tests/render/test_card_pngs.py",
            "tests/render/test_card_edges.py",
        ],
    },
    "render-pdf": {
        "mutate": ["sheets/render/pdf.py"],
        # the pen (text fitting, wrapping, shortening, forms, the content-stream encoder) in
        # process; the layout checker's recording tests read what the pen records
        "tests": [
            "tests/render/test_text_fitting.py",
            "tests/render/test_pen_primitives.py",
            "tests/render/test_pen_breaking_and_shapes.py",
            "tests/render/test_pen_floor_and_heading_edges.py",
            "tests/render/test_pen_form_placement.py",
            "tests/render/test_pen_paragraph_overflow.py",
            "tests/render/test_pen_table_layout.py",
            "tests/render/test_pen_text_edges.py",
            "tests/render/test_pen_text_runs.py",
            "tests/render/test_pen_floor_terms.py",
            "tests/render/test_pen_document_setup.py",
            "tests/render/test_pen_bands_boxes_pips.py",
            "tests/render/test_pen_paragraph_and_cut_edges.py",
            "tests/render/test_pdf_size.py",
            "tests/render/test_fonts_cmap.py",
            "tests/render/test_heading_case.py",
            "tests/render/test_reproducible.py",
            "tests/render/test_reportlab_internals.py",
            "tests/render/layout/test_checker_recording.py",
            "tests/render/layout/test_checker_exact.py",
            "tests/render/layout/test_checker.py",
            "--deselect=tests/render/layout/test_checker.py::test_cli_check_layout",
            # children: a fresh `sheets` (11 s of the 17 s, and blind to mutants)
            "--deselect=tests/render/test_reproducible.py::test_same_bytes_across_processes",
            "--deselect=tests/render/test_fonts_cmap.py::test_validate_does_not_load_reportlab",
        ],
    },
    "render-roster": {
        "mutate": ["sheets/render/roster_pdf.py"],
        # the army-list pages: where they go (under the sheets, own pages) and what they say
        "tests": [
            "tests/render/test_list_shares_page.py",
            "tests/render/test_roster_words.py",
            "tests/api/test_api_list_placement.py",
            "tests/core/test_roster_lists.py",
            "tests/render/test_roster_first_page.py",
            "tests/render/test_roster_drawn.py",
            "tests/render/test_roster_height.py",
            "tests/render/test_roster_columns.py",
            "tests/render/test_roster_breaks.py",
        ],
    },
    "parallel": {
        "mutate": ["sheets/render/parallel.py"],
        # the workers' side runs in process too (tests/render/parallel_sim.py plays the forks)
        "tests": [
            "tests/render/test_parallel_inprocess.py",
            "tests/render/test_parallel_units.py",
            "tests/render/test_parallel.py",
            "tests/render/test_reportlab_internals.py",
            "tests/render/test_reproducible.py",
        ],
    },
    # command line (option handling) and the page
    "cli": {
        "mutate": ["sheets/cli/options.py", "sheets/cli/__init__.py", "sheets/cli/config.py"],
        "tests": [
            "tests/cli/test_cli.py",
            "tests/cli/test_cli_first_hour.py",
            "tests/cli/test_cli_any_os.py",
            "tests/cli/test_cli_settings_files.py",
            "tests/cli/test_cli_entry_and_streams.py",
            "tests/cli/test_cli_option_plumbing.py",
            "tests/cli/test_cli_caps.py",
            # the settings files' reader (cli/config.py) and the options' plumbing, in process
            "tests/hardening/test_settings_untrusted.py",
            "tests/cli/test_cli_first_hour_pinned.py",
            "tests/cli/test_cli_verbosity.py",
            "tests/cli/test_language_chain.py",
            "tests/cli/test_cli_examples_option.py",
            "tests/cli/test_cli_usage_first.py",
            "tests/cli/test_cli_info_words.py",
            "tests/cli/test_cli_text.py",
            "tests/cli/test_help_and_usage_in_russian.py",
            "--deselect=tests/cli/test_cli.py::test_console_entry_point_runs_as_module",
            # (a child process: it cannot see a mutant, and it fails mutmut's statistics run)
            "--deselect=tests/cli/test_language_chain.py::test_the_locale_in_a_child_process",
        ],
    },
    # the in-memory API under the CLI and the page (in-process: the page's workers cannot see
    # mutants, so the web tests are left out; the CLI tests that go through it are in)
    "api": {
        "mutate": ["sheets/api.py"],
        "tests": [
            "tests/api/test_api.py",
            "tests/api/test_api_boundaries.py",
            "tests/api/test_api_invalid_input.py",
            "tests/api/test_api_render_repeatable.py",
            "tests/api/test_api_list_placement.py",
            "tests/api/test_api_document_fields.py",
            "tests/api/test_api_font_check_reach.py",
            "tests/cli/test_cli.py",
            "tests/cli/test_cli_first_hour.py",
            "tests/core/test_schema_editor.py",
            "--deselect=tests/cli/test_cli.py::test_console_entry_point_runs_as_module",
            "--deselect=tests/cli/test_cli_first_hour.py::test_shell_completion_of_games_charts_calculators_and_files",
        ],
    },
    "web": {
        "mutate": [
            "sheets/web/safety.py",
            "sheets/web/app.py",
            "sheets/web/conns.py",
            "sheets/web/library.py",
            "sheets/web/words.py",
        ],
        # the session server works in-process under mutmut (tests/web/conftest.py: InlinePool);
        # test_serve_cli runs `sheets serve` in a child process, which cannot see mutants
        "tests": [
            "tests/web",
            "--ignore=tests/web/test_browser.py",
            "--ignore=tests/web/test_fuzz_web.py",
            "--ignore=tests/web/test_serve_cli.py",
            # a `sheets serve` child under a descriptor limit: blind to mutants
            "--deselect=tests/web/test_slow_clients.py::"
            "test_sheets_serve_under_256_descriptors_serves_a_tab_past_1000_half_sent_requests",
        ],
    },
    "web-pool": {
        "mutate": ["sheets/web/pool.py", "sheets/web/worker.py"],
        # the pool runs in the test process (its workers are children: tests/web/test_pool.py);
        # the worker's jobs run in process through the InlinePool of tests/web/conftest.py and
        # its loop over a socket pair (tests/web/test_worker_loop.py)
        "tests": [
            "tests/web",
            "--ignore=tests/web/test_browser.py",
            "--ignore=tests/web/test_fuzz_web.py",
            "--ignore=tests/web/test_serve_cli.py",
            # a `sheets serve` child under a descriptor limit: blind to mutants
            "--deselect=tests/web/test_slow_clients.py::"
            "test_sheets_serve_under_256_descriptors_serves_a_tab_past_1000_half_sent_requests",
        ],
    },
    # the file layer alone (it is also in "core"): the tests that call it in process, directly
    # or through the CLI runner and the API (tests/core/test_messages_ru.py only reaches it
    # through the loader, and the fuzzers are slow and assert no values of it)
    "fsio": {
        "mutate": ["sheets/core/fsio.py"],
        "tests": [
            "tests/core/test_fsio.py",
            "tests/core/test_fsio_edges.py",
            "tests/core/test_decode_and_rename.py",
            "tests/core/test_core_misc.py",
            "tests/core/test_core_exact_messages.py",
            "tests/core/test_loader.py",
            "tests/core/test_worker_in_process.py",
            "tests/hardening/test_output_paths.py",
            "tests/hardening/test_signals_held.py",
            "tests/api/test_api_boundaries.py",
        ],
    },
}

IGNORE = shutil.ignore_patterns(
    ".git", ".venv", "output", "mutants", "__pycache__", "*.egg-info", ".pytest_cache", ".hypothesis"
)


def _toml_list(items: list[str]) -> str:
    return "[" + ", ".join('"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"' for s in items) + "]"


def configure(copy: Path, area: dict[str, list[str]]) -> None:
    """Replace the copy's ``[tool.mutmut]`` table with the area's selection."""
    py = copy / "pyproject.toml"
    text = py.read_text(encoding="utf-8")
    table = (
        "[tool.mutmut]\n"
        'source_paths = ["sheets"]\n'
        f"only_mutate = {_toml_list(area['mutate'])}\n"
        # tests read these from the project root (the README's command list, the docs' images)
        'also_copy = ["data", "templates", "README.md", "docs", "benchmarks", "tools", "package.json", '
        '"package-lock.json"]\n'
        f"pytest_add_cli_args_test_selection = {_toml_list(area['tests'])}\n"
        # each mutant's worker forks from a process that collected the tests but ran none: a
        # worker forked from mutmut's main process (its default) inherits what the clean run left
        # in the package's caches (render.pdf's filled lines), and a mutant behind such a cache
        # survives without ever running (all 69 of `_fill_lines` did)
        'process_isolation = "forkserver"\n'
    )
    new, n = re.subn(r"^\[tool\.mutmut\]\n(?:(?!^\[).*\n?)*", table + "\n", text, flags=re.M)
    if n != 1:
        raise SystemExit("pyproject.toml has no [tool.mutmut] table")
    # mutmut runs pytest.main more than once in one process (statistics, the clean run, the fork
    # server's collection, then each mutant's run). pytest 9 escapes a parametrize `ids=` list's
    # entries in place, so a second collection escapes them again ("a\\nb", "\\u044f") and
    # the node ids of the statistics are "not found": the clean run stops with pytest's usage
    # error, and each fork-server worker with exit 255 (a "timeout"). Unescaped ids are the same
    # at every collection (the copy only; the project's own ids stay escaped).
    new, n = re.subn(
        r"^\[tool\.pytest\.ini_options\]\n",
        "\\g<0>disable_test_id_escaping_and_forfeit_all_rights_to_community_support = true\n",
        new,
        flags=re.M,
    )
    if n != 1:
        raise SystemExit("pyproject.toml has no [tool.pytest.ini_options] table")
    py.write_text(new, encoding="utf-8")


def _selection(copy: Path) -> list[str] | None:
    """The test selection of the copy's ``[tool.mutmut]`` (None when there is no copy yet)."""
    import tomllib

    try:
        table = tomllib.loads((copy / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    except (OSError, KeyError, ValueError):
        return None
    return list(table.get("pytest_add_cli_args_test_selection", []))


def keep_verdicts_when_tests_were_added(copy: Path, old: list[str] | None, new: list[str]) -> None:
    """mutmut resets every verdict (and collects all statistics again) when the test selection
    changes. When it only grew (every old entry kept, test files added), the verdicts still
    hold: a killed mutant stays killed, the new tests get their statistics as new tests, and the
    survivors and "no tests" are run again with ``--rerun-survivors``. The cache's fingerprint of
    the selection (mutmut's own hash) is then set to the new selection."""
    import hashlib
    import json

    stats = copy / "mutants" / "mutmut-stats.json"
    if old is None or old == new or not stats.exists() or any(t not in new for t in old):
        return

    def fingerprint(items: list[str]) -> str:
        return hashlib.sha256(repr(tuple(items)).encode()).hexdigest()[:12]

    data = json.loads(stats.read_text(encoding="utf-8"))
    kept = data.get("config_fingerprint", {})
    if kept.get("test_selection") == fingerprint(old):
        kept["test_selection"] = fingerprint(new)
        stats.write_text(json.dumps(data, indent=4), encoding="utf-8")
        print(f"tests added to the selection ({len(new) - len(old)}): the cached verdicts are kept")


def make_copy(name: str, refresh: bool, only: list[str] | None = None) -> Path:
    copy = WORK / name
    old_selection = _selection(copy)
    if copy.exists() and refresh:
        # keep the mutmut cache, take the current sources and tests
        for child in copy.iterdir():
            if child.name != "mutants":
                shutil.rmtree(child) if child.is_dir() else child.unlink()
    if not (copy / "pyproject.toml").exists():
        shutil.copytree(ROOT, copy, ignore=IGNORE, symlinks=True, dirs_exist_ok=True)
    configure(copy, dict(AREAS[name], **({"mutate": only} if only else {})))
    # mutmut copies the package's other files (the .mo catalogue, fonts) into mutants/ once and
    # keeps them: a catalogue changed since would fail the clean run (a message's Russian)
    for path in (copy / "sheets").rglob("*"):
        kept = copy / "mutants" / path.relative_to(copy)
        other = path.is_file() and path.suffix != ".py" and "__pycache__" not in path.parts
        if other and kept.parent.is_dir() and (not kept.exists() or kept.read_bytes() != path.read_bytes()):
            shutil.copy2(path, kept)
    keep_verdicts_when_tests_were_added(copy, old_selection, AREAS[name]["tests"])
    return copy


def rerun_survivors(copy: Path, run: list[str], env: dict) -> None:
    """``mutmut run`` over the surviving mutants and those with no tests only (mutmut links a test
    to a function in its statistics run; a cached run only adds the new tests' statistics, and
    never runs a "no tests" mutant again by itself). mutmut forgets the results of the mutants
    not named (they read "not checked" after it): they are put back as they were. A mutant
    killed before stays killed: its code has not changed and tests were only added (a source
    file that changed since is mutated again by mutmut: run the area without this option first,
    which runs the changed functions' mutants)."""
    import json

    metas = sorted(copy.glob("mutants/**/*.py.meta"))
    before = {m: json.loads(m.read_text(encoding="utf-8")).get("exit_code_by_key", {}) for m in metas}
    names = [k for codes in before.values() for k, v in codes.items() if v in (0, 33)]
    if not names:
        return
    subprocess.run(run + names, cwd=copy, env=env, check=False)
    for m, old in before.items():
        data = json.loads(m.read_text(encoding="utf-8"))
        codes = data.get("exit_code_by_key", {})
        for k, v in old.items():
            if codes.get(k) is None and v is not None and v != 0:
                codes[k] = v
        m.write_text(json.dumps(data), encoding="utf-8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("area", nargs="?", choices=sorted(AREAS))
    ap.add_argument("--list", action="store_true", help="the areas, their files and tests")
    ap.add_argument("--max-children", type=int, default=1)
    ap.add_argument("--refresh", action="store_true", help="copy the current tree in again (keeps the cache)")
    ap.add_argument(
        "--only",
        action="append",
        metavar="GLOB",
        help="mutate only these files of the area (repeatable), e.g. sheets/core/fsio.py",
    )
    ap.add_argument("--summary", action="store_true", help="print the summary of the last run only")
    ap.add_argument("--survivors", action="store_true")
    ap.add_argument(
        "--rerun-survivors",
        action="store_true",
        help="run only the last run's survivors again (after adding tests; with --refresh) "
        "and keep every other mutant's result: mutmut run NAME... resets them",
    )
    a = ap.parse_args(argv)
    import signal

    ignored = [
        n for n in ("SIGINT", "SIGQUIT", "SIGHUP") if signal.getsignal(getattr(signal, n)) == signal.SIG_IGN
    ]
    if ignored and a.area and not (a.list or a.summary):
        # a shell's background job (`cmd &`) ignores SIGINT and SIGQUIT, nohup SIGHUP: the children
        # inherit it and the tests of held signals fail in mutmut's clean run
        print(f"mutate_area: {', '.join(ignored)} ignored here (nohup, '&'?): the signal tests will fail")
    if a.list or not a.area:
        for name, area in AREAS.items():
            print(f"{name:14} mutate {' '.join(area['mutate'])}\n{'':14} tests  {' '.join(area['tests'])}")
        return 0
    copy = make_copy(a.area, a.refresh, a.only)
    bindir = Path(sys.executable).parent
    env = dict(os.environ, PYTHONPATH=str(copy))
    if a.rerun_survivors:
        rerun_survivors(copy, [str(bindir / "mutmut"), "run", "--max-children", str(a.max_children)], env)
    elif not a.summary:
        subprocess.run(
            [str(bindir / "mutmut"), "run", "--max-children", str(a.max_children)],
            cwd=copy,
            env=env,
            check=False,
        )
    summary = [sys.executable, str(copy / "benchmarks" / "mutation_summary.py")]
    return subprocess.run(summary + (["--survivors"] if a.survivors else []), cwd=copy, env=env).returncode


if __name__ == "__main__":
    raise SystemExit(main())
