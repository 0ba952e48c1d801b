"""A missing editor client skips the editor tests on a developer's machine and fails them in CI
(where `.ci/run` installs them with `npm ci`): a green CI never hides an editor test not run."""

from __future__ import annotations

import pytest

from editor import clients


@pytest.mark.parametrize(
    "ci, outcome",
    [("", pytest.skip.Exception), ("true", pytest.fail.Exception), ("0", pytest.skip.Exception)],
)
def test_a_missing_client_skips_outside_ci_and_fails_in_ci(monkeypatch, tmp_path, ci, outcome):
    monkeypatch.setattr(clients, "NODE_MODULES", tmp_path / "node_modules")
    monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome) as exc:
        clients.need_client("ajv")
    assert "node_modules" in str(exc.value)


def test_the_lock_file_pins_the_clients_package_json_names():
    import json

    package = json.loads((clients.ROOT / "package.json").read_text())
    lock = json.loads((clients.ROOT / "package-lock.json").read_text())
    assert set(package["devDependencies"]) == {"ajv", "yaml-language-server"}
    for name, version in package["devDependencies"].items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version  # exact pins
    assert "npm ci" in (clients.ROOT / ".ci" / "run").read_text()
