"""Plug-in rulesets: Python modules imported at start so that they register their rulesets.

A ruleset that is not built in (``judge.registry.BUILT_IN``) is found only once a module has
called ``judge.registry.register(...)``; a server or a command that must judge its records
therefore imports that module first. The modules are named by the environment
(``BATTLECON_RULESET_MODULES``, comma-separated), the ``judge`` command's
``--ruleset-module`` option and the Flask config key ``RULESET_MODULES``; all of them are
imported (importing a module twice is harmless: Python keeps it, and ``register`` accepts
the same ruleset again).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable

ENV = "BATTLECON_RULESET_MODULES"


class RulesetModuleError(Exception):
    """A ruleset module that cannot be imported: the message names it and says why."""


def module_names(*sources: str | Iterable[str] | None) -> list[str]:
    """The module names in ``sources`` (comma-separated strings or lists), in order, once."""
    names: list[str] = []
    for source in sources:
        if source is None:
            continue
        items = source.split(",") if isinstance(source, str) else source
        for item in items:
            for name in str(item).split(","):
                name = name.strip()
                if name and name not in names:
                    names.append(name)
    return names


def configured(*extra: str | Iterable[str] | None) -> list[str]:
    """The modules the environment names, then those in ``extra``."""
    return module_names(os.environ.get(ENV), *extra)


def load_ruleset_modules(names: Iterable[str]) -> list[str]:
    """Import each module (which registers its rulesets); RulesetModuleError on the first that
    fails, whatever the reason (not found, a syntax error, a clash of ruleset names)."""
    loaded = []
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as err:  # a plug-in's own failure is reported, not a traceback
            raise RulesetModuleError(
                f"cannot import the ruleset module {name!r} (named by --ruleset-module or "
                f"${ENV}): {type(err).__name__}: {err}") from err
        loaded.append(name)
    return loaded
