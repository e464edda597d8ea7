"""Card errata named by the operator: a TOML file applied to the rules at start.

``BATTLECON_CARD_ERRATA`` (or the Flask config key ``CARD_ERRATA``, or ``judge
--card-errata``) names a file of ``[[choice]]`` tables in the shape of the project's card
data (``judge/battlecon/carddata/*.toml``; docs/card-data.md). It is handed to the default
ruleset's ``configure``: new duels are judged under the corrected cards and stamped with the
new card-data version; stored duels keep replaying as stored.
"""

from __future__ import annotations

import os
import tomllib

from judge import registry
from judge.errors import JudgeError

ENV = "BATTLECON_CARD_ERRATA"


class ErrataError(Exception):
    """An errata file that cannot be read or applied: the message names it and says why."""


def configured(explicit: str | None = None) -> str | None:
    """The errata file to apply: the one named explicitly, else the environment's."""
    return explicit or os.environ.get(ENV) or None


def apply_errata(path: str | None) -> None:
    """Apply the errata file at ``path`` (nothing when None); ErrataError when it cannot be
    read, is not TOML, or names an unknown card or a bad value."""
    if not path:
        return
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except OSError as err:
        raise ErrataError(f"cannot read the card errata {path}: {err.strerror}") from err
    except tomllib.TOMLDecodeError as err:
        raise ErrataError(f"the card errata {path} is not valid TOML: {err}") from err
    try:
        registry.default().configure({"card_errata": data, "errata_source": path})
    except (JudgeError, ValueError) as err:
        raise ErrataError(f"the card errata {path} cannot be applied: {err}") from err
