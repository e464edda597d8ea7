"""What the compiled build was built from: filled in only in the copy that mypyc compiles
(``scripts/mypyc_source.py``), so the committed source says "no build" and a built
``stamp`` names its sources and their digest (``judge.battlecon.speed.build``)."""

from __future__ import annotations

from typing import Final

SOURCES: Final[tuple[str, ...]] = ()  # the compiled modules' sources, from the repository root
DIGEST: Final[str] = ""  # build.digest(SOURCES) when it was built
