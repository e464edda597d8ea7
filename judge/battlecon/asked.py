"""What a decision answered, for the narrative: the question before the answer, and the one
fact that tells the same happening, so that one happening reads as one line.

A decision is recorded before the facts it causes, so its bare answer ("Ben chooses space
6") would read before its question (the Burst that asked it). The narrative therefore says
the question first (``question``), and where the next fact tells the very thing decided
("Cadenza passes", "Khadath puts his Gate Trap on space 7") or announces the effect that
asked it (a ``Triggered`` fact with the prompt's rule), the decision is merged into that
fact's line (``partner``) instead of standing as a second line for one happening.
"""

from __future__ import annotations

from judge.battlecon import facts as F
from judge.battlecon.actions import Need, name
from judge.battlecon.kit_decls import secret_kinds
from judge.battlecon.kit_decls import tells as kit_tells
from judge.battlecon.roster import card
from judge.battlecon.state import DuelState

# The core's facts (by type name) that tell what a decision of that kind decided, by the
# same player; a kit adds its own (``Fighter.tells``: Luc's ``LucTimeAnted``).
TELLS: dict[str, tuple[str, ...]] = {
    "attack_pair": ("PairSelected",), "clash_base": ("ClashBaseSelected",),
    "pass": ("Passed",), "ante": ("Anted",),
    "place": ("MarkerPlaced",), "arrange": ("StandupsArranged",), "order": ("EffectsOrdered",),
    "concede": ("Conceded",),
}


def question(s: DuelState, need: Need | None, kind: str) -> str:
    """The question a ``kind`` decision answered, as one sentence ("" when it says nothing
    the answer does not: a face-down choice, a correction, a concession)."""
    if need is None:
        return ""
    return question_words(name(s, need.players[0]), need.kind, need.about,
                          need.extra.get("order"), kind)


def question_words(fighter: str, asked: str, about: str, order: dict | None,
                   kind: str) -> str:
    """``question`` from a prompt's parts: the deciding fighter's name, the prompt's
    kind, its ``about`` and ``order``; ``kind``: the decision's kind."""
    if kind in secret_kinds() or kind in ("correction", "concede"):  # face down
        return ""
    if kind == "order" and order:
        return f"{fighter} may choose the order of {_effects(order)}."
    if asked == "ante":
        return f"{fighter} may ante or pass."
    about = about.strip()
    if not about:
        return ""
    return about if about[-1] in ".?!" else about + "."


def _effects(order: dict) -> str:
    """The effects an ``order`` prompt offers, in their printed order."""
    names = [card(str(key).split("/")[0]).name for key in order.get("effects", [])]
    return ", then ".join(names) + " (the printed order)"


def partner(events: list, n: int, decision: dict, need: Need | None) -> int | None:
    """The number of the fact that decision ``n`` merges into, or None: the first fact after
    it that tells the same happening, else the one that announces the effect whose prompt
    the decision answered (passing over an announced order of effects, and an effect that
    goes on)."""
    kind = str(decision.get("kind"))
    tells = TELLS.get(kind, ()) + kit_tells(kind)
    for m in range(n + 1, len(events) + 1):
        kind, fact = events[m - 1]
        if kind != "fact":
            return None
        announced = isinstance(fact, F.Triggered) and need is not None and bool(need.rule) \
            and fact.rule == need.rule and not fact.text.endswith("continues.")
        if type(fact).__name__ in tells:
            who = getattr(fact, "player", getattr(fact, "owner", None))
            return m if who == decision.get("player") else None
        if isinstance(fact, F.EffectsOrdered) or isinstance(fact, F.Triggered) and (
                fact.text.endswith("continues.") or announced and tells):
            continue  # an order announced, an effect that goes on: not what was decided
        return m if announced else None
    return None


def without_heading(asked: str, told: str) -> str:
    """``told`` without the heading it shares with ``asked`` ("Pulse: place both standups."
    then "Pulse: Khadath goes to space 1 ..." reads "Khadath goes to space 1 ...")."""
    head = asked.split(": ", 1)[0]
    if ": " in asked and told.startswith(head + ": "):
        return told[len(head) + 2:]
    return told


def repeats_words(about: str, trigger: str) -> bool:
    """Whether a prompt's question only repeats the card text its trigger line says
    ("Cadenza's Burst: Retreat 1 or 2 spaces." beside "Cadenza's Burst (Start of Beat):
    Retreat 1 or 2 spaces.")."""
    body = about.split(": ", 1)[-1].split(". ")[0].strip().rstrip(".").lower()
    return bool(body) and body in trigger.lower()
