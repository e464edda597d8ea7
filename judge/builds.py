"""Which modules of the rules run compiled (the mypyc build that set-up installs where a C
compiler is present: docs/compiled.md). Outside every ruleset's package, so that the
server's banner, the benchmarks and the tests may ask without reaching into one."""

from __future__ import annotations

import sys


def compiled_modules() -> list[str]:
    """The modules of ``judge`` imported so far from a compiled extension, by name (empty:
    pure Python, or no ruleset imported yet)."""
    return sorted(name for name, module in list(sys.modules.items())
                  if name.startswith("judge.") and not name.endswith("__mypyc")  # the runtime
                  and str(getattr(module, "__file__", "")).endswith(".so"))


def described() -> str:
    """The build in words, for a banner: "compiled (30 modules)" or "pure Python"."""
    found = compiled_modules()
    return f"compiled ({len(found)} modules)" if found else "pure Python"
