"""What a fighter's module declares about itself beyond its cards, so that the core learns
of a fighter only from its kit (docs/fighters.md, "Adding a fighter"): its own decision
kinds, the fields it adds to a core decision, its per-beat state and how the state JSON
shows it, and the facts that tell what one of its decisions decided.

A leaf: the kit (``Fighter``) holds these; ``kit_decls`` gathers them over the registered
kits for the record's validation, the narrative, the secrets and the schemas
(``kit_schema``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# The narrative's words for a decision: ``words(decision, kit)`` is what follows the
# player's name ("names a Base for Beyond Eyes, face down"), ``kit`` the decider's Fighter.
Words = Callable[[dict, Any], str]


@dataclass(frozen=True, eq=False)
class DecisionKind:
    """A decision kind of a fighter's own (Seth's ``guess``).

    ``fields``: the fields it carries beyond ``player`` and ``kind``; ``schema``: its
    definition in the record schema (``$defs/<kind>``); ``secret``: asked face down and
    shown at the Reveal, like an attack pair; ``prompt``: a prompt may ask it (the state
    schema's prompt kinds); ``button``: the words of an option's button in the viewer,
    ``{field}`` standing for the name of the card or token the field holds ("Name {base}").
    """

    kind: str
    fields: tuple[str, ...]
    words: Words
    schema: dict[str, Any]
    secret: bool = False
    prompt: bool = True
    button: str = ""


@dataclass(frozen=True, eq=False)
class DecisionField:
    """A field a fighter adds to a decision kind of the core (Hepzibah's ``paid_by`` on
    ``ante``): ``schema`` is the property in the record schema's ``$defs/<definition>``,
    ``about`` the sentence added to that definition's description, ``words`` the
    narrative of a decision carrying the field (as ``DecisionKind.words``), and ``button``
    the viewer's button for an option carrying it (as ``DecisionKind.button``)."""

    kind: str
    field: str
    definition: str
    schema: dict[str, Any]
    about: str
    words: Words | None = None
    button: str = ""


@dataclass(frozen=True, eq=False)
class BeatField:
    """A value a fighter keeps for one beat (Seth's guess, ``named``): held in
    ``ThisBeat.kit[key]`` (replaced whole with ``ThisBeat`` by ``BeatBegan``), shown in the
    player's state JSON under ``key`` while it is set; ``secret``: hidden from onlookers
    until the attack pairs are revealed (``judge.battlecon.secrets``); ``schema``: its
    property in the state schema's player."""

    key: str
    schema: dict[str, Any]
    secret: bool = False
