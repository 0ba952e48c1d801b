"""Uploads go through the shared fuzz harness (tests/hardening/fuzz_harness.py): every sample
and fixture, mutated, sent to the page's API. The contract: check answers 200 with positioned
problems naming the uploaded file; preview and render answer a PNG/PDF, 422 with problems or
400 with a message — never a 500, a traceback or a stopped worker."""

from __future__ import annotations

import random

import pytest
from hardening.fuzz_harness import mutate, seeds  # tests/ is on sys.path (rootdir packages)

from .conftest import files

pytestmark = pytest.mark.fuzz

CASES = 60  # a fixed quick sample (~10 s)


def test_mutated_uploads_keep_the_contract(server):
    client, app = server
    pool = app.app.state.pool
    all_seeds = seeds()
    rng = random.Random(25)
    failures = []
    seen = set()
    for case in range(CASES):
        seed = all_seeds[rng.randrange(len(all_seeds))]
        if seed.kind != "units":
            continue
        name = seed.path.name
        data = mutate(seed.path.read_bytes(), seed.path.suffix.lower(), rng, rng.randint(1, 4))
        body = files((name, data))
        r = client.post("/api/check", files=body)
        if r.status_code != 200:
            failures.append((case, name, "check", r.status_code, r.text[:200]))
            continue
        for p in r.json()["problems"]:
            if not p["message"] or p["file"] != name or "Traceback" in p["message"]:
                failures.append((case, name, "problem", p))
        op = "/api/preview?page=1&dpi=36" if case % 2 else "/api/render"
        r = client.post(op, files=body)
        seen.add(r.status_code)
        if r.status_code == 200:
            if r.content[:4] not in (b"\x89PNG", b"%PDF"):
                failures.append((case, name, op, "not an image or PDF"))
        elif r.status_code == 422:
            if not r.json()["problems"]:
                failures.append((case, name, op, "422 without problems"))
        elif r.status_code != 400:
            failures.append((case, name, op, r.status_code, r.text[:300]))
    assert failures == []
    assert {200, 422} <= seen  # the sample both prints and refuses
    assert pool.stopped_jobs == 0
