"""The analyses a service has computed, by position (``AnalysisStart.key``): a bounded
LRU in each server process, shared by every duel and shared position that reaches the
same position. Only finished analyses are kept: a refusal (over budget, no such beat) is
never cached, so it is computed again when asked again."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

DEFAULT_SIZE = 64  # analyses; a beat start's JSON is tens of kB to a few MB


class AnalysisCache:
    """A thread-safe LRU of analyses by ``(ruleset, position key)``."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = max(0, size)
        self._items: OrderedDict[tuple[str, str], dict[str, Any]] = OrderedDict()
        self._lock = threading.Lock()
        self.computed = 0  # analyses computed (cache misses that finished): for tests

    def get(self, key: tuple[str, str]) -> dict[str, Any] | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: tuple[str, str], analysis: dict[str, Any]) -> None:
        with self._lock:
            self.computed += 1
            if self.size == 0:
                return
            self._items[key] = analysis
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)
