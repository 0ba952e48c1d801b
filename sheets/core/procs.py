"""Forked workers (``render --jobs``: loading and drawing) die with the process that forked them:
a SIGTERM or SIGKILL to the command must not leave them running."""

from __future__ import annotations

import os
import signal

PR_SET_PDEATHSIG = 1  # linux/prctl.h


def die_with_parent(parent: int) -> None:
    """Call first thing in a forked worker: the kernel sends it SIGKILL when ``parent`` (the
    forking process) ends, however it ends (Linux; elsewhere the workers end when their pipe
    closes). A parent already gone before the call ends the worker at once."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError, ImportError):  # not Linux (no prctl): nothing to arm
        pass
    if os.getppid() != parent:  # the parent ended between the fork and the prctl
        os._exit(1)
