"""A child process that outlives its parent: the extraction children (of a load, of the API)
hold their models in memory, so each watches the process that started it and exits with it."""

from __future__ import annotations

import os
import time

__all__ = ["exit_without"]

#: How often a child checks that its parent is still there.
_PARENT_CHECK_SECONDS = 1.0


def exit_without(parent: int) -> None:
    """Exit when the process that started this child is gone: killed, it could not stop the
    child, which would otherwise wait for work forever holding its models in memory."""
    while True:
        time.sleep(_PARENT_CHECK_SECONDS)
        try:
            os.kill(parent, 0)
        except ProcessLookupError:
            os._exit(1)
