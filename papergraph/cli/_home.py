"""Check that ``PAPERGRAPH_HOME`` can be written before any work starts.

The models and the phrase cache live there; a read-only or full folder would otherwise fail
deep inside an extraction process (and leave the load waiting on it), or be reported as a
database problem.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from papergraph.errors import ConfigError

__all__ = ["MIN_FREE_BYTES", "require_writable"]

#: Room papergraph needs there beside what is already stored: the phrase cache, the models' scratch
#: copies, a new server instance.
MIN_FREE_BYTES = 64 * 1024 * 1024


def require_writable(folder: Path) -> None:
    """Raise :class:`ConfigError` naming ``folder`` unless a file can be written in it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder, prefix=".probe-") as probe:
            probe.write(b"papergraph")
    except OSError as exc:
        raise ConfigError(
            f"PAPERGRAPH_HOME: cannot write to {folder} ({exc.strerror or exc}). Point "
            "PAPERGRAPH_HOME at a writable folder or fix the permissions."
        ) from exc
    free = shutil.disk_usage(folder).free
    if free < MIN_FREE_BYTES:
        raise ConfigError(
            f"PAPERGRAPH_HOME: only {free // 1024:,} KB free at {folder}; papergraph needs at least "
            f"{MIN_FREE_BYTES // 2**20} MB there. Free some space or point PAPERGRAPH_HOME "
            "elsewhere."
        )
