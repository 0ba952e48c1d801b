"""The pool replaces a dead worker by a fresh one in its place, the others kept (issue 35: run
with stand-ins for the worker processes, which a mutant cannot reach)."""

from __future__ import annotations

from sheets.web import pool as pool_module


class StandIn:
    made: list = []

    def __init__(self, warm: bool = True):
        self.warm, self.killed = warm, False
        StandIn.made.append(self)

    def kill(self):
        self.killed = True


def test_a_dead_worker_is_replaced_in_its_place_the_others_kept(monkeypatch):
    monkeypatch.setattr(pool_module, "Worker", StandIn)
    StandIn.made = []
    p = pool_module.Pool(size=3, warm=False)
    a, b, c = StandIn(), StandIn(), StandIn()
    p._all = [a, b, c]
    fresh = p._replace(b)
    assert StandIn.made[-1] is fresh and fresh.warm is False
    assert p._all == [a, fresh, c] and p._all[0] is a and p._all[2] is c
    assert b.killed and not a.killed and not c.killed and not fresh.killed
