"""A rate limit per token on writes and imports (``429`` with ``Retry-After``).

Each token has two buckets in each server process: one for imports (``POST /api/duels``
and forks, which judge a whole record) and one for every other write (decisions,
annotations, disputes, comments, resolutions). A bucket holds ``burst`` requests and
refills at ``rate`` per second; a write that finds it empty is refused before anything
is judged or stored. Reads are never limited. The defaults are generous (a scorekeeper
records a few decisions a minute; ``benchmarks/load.py`` drives hundreds per second
through one token and runs unchanged) and only stop a runaway script; configure them with
the Flask keys ``WRITE_RATE``/``WRITE_BURST`` and ``IMPORT_RATE``/``IMPORT_BURST`` (or
``BATTLECON_WRITE_RATE`` ...), 0 to switch a limit off. With ``--workers N`` each process
keeps its own buckets, so the service as a whole allows up to N times as much.
"""

from __future__ import annotations

import math
import os
import threading
import time

from flask import current_app, g, request

from api.errors import ApiError

DEFAULTS = {"WRITE_RATE": 1000.0, "WRITE_BURST": 2000.0, "IMPORT_RATE": 20.0,
            "IMPORT_BURST": 200.0}
WRITES = ("POST", "PUT", "PATCH", "DELETE")


class Buckets:
    """Token buckets by key, refilled by elapsed time (monotonic clock)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._state: dict[tuple, tuple[float, float]] = {}  # key -> (level, when)

    def take(self, key: tuple, rate: float, burst: float) -> float:
        """0 when a request may pass (and is counted), else the seconds until one may."""
        now = time.monotonic()
        with self._lock:
            level, when = self._state.get(key, (burst, now))
            level = min(burst, level + (now - when) * rate)
            if level >= 1:
                self._state[key] = (level - 1, now)
                return 0.0
            self._state[key] = (level, now)
            return (1 - level) / rate


def configured(app_config: dict) -> dict[str, float]:
    """The four limits: the app's config, else the environment, else the defaults."""
    out = {}
    for name, default in DEFAULTS.items():
        value = app_config.get(name, os.environ.get(f"BATTLECON_{name}", default))
        out[name] = float(value)
    return out


def limit_writes() -> None:
    """Before a write: refuse it with 429 when its token's bucket is empty."""
    if request.method not in WRITES or g.get("token_digest") is None:
        return
    ext = current_app.extensions["battlecon"]
    limits = ext["rate_limits"]
    kind = "IMPORT" if _is_import() else "WRITE"
    rate, burst = limits[f"{kind}_RATE"], limits[f"{kind}_BURST"]
    if rate <= 0:
        return
    wait = ext["buckets"].take((kind, g.token_digest), rate, burst)
    if wait > 0:
        what = "imports" if kind == "IMPORT" else "writes"
        raise ApiError(429, f"Too many {what} from this token: at most {rate:g} a second "
                       f"(bursts of {burst:g}). Nothing was stored; try again in "
                       f"{wait:.1f} s.", headers={"Retry-After": str(math.ceil(wait))})


def _is_import() -> bool:
    path = request.path.rstrip("/")
    return path == "/api/duels" or path.endswith("/forks")
