"""A head judge corrects the table's answer to a free card text (issue 33 item 1): the
answer is a ruling like any other, so each of its parts is a correctable field,
``card_text.<k>.outcome`` / ``.character`` / ``.amount`` / ``.effect`` (``k``: the k-th
answer standing in the match, from 1). Correcting one judges that answer again as
corrected and then every decision recorded after it, in order, from the position it was
given in: an attack the table made miss now hits (or waits for its reply), the damage
that followed is judged again. A later decision that is no longer legal refuses the
correction (the judge retracts what follows first, or corrects the pools instead); a
later correction is applied as it was recorded. The re-judged position is carried whole
by the correction's fact (snapshot.py), so replay judges nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.artobattlers.cardtext import OUTCOMES, RULE
from judge.artobattlers.facts import (
    AttackNotEffective,
    CardTextAsked,
    CardTextRuled,
    EffectApplied,
    Fact,
)
from judge.artobattlers.judging import judge
from judge.artobattlers.placing import effects_in_match
from judge.artobattlers.snapshot import dump
from judge.artobattlers.state import GameState
from judge.artobattlers.table import Table
from judge.corrections import Change, field_spec
from judge.errors import IllegalDecisionError

PREFIX = "card_text."
PARTS = ("outcome", "character", "amount", "effect")
Events = list[tuple[str, Any]]


def answers(events: Events) -> list[tuple[int, dict[str, Any], list[Fact]]]:
    """Each table answer to a card text: its index in ``events``, the decision and the
    facts it made, in order."""
    out = []
    for i, (kind, e) in enumerate(events):
        if kind == "decision" and isinstance(e, dict) and e.get("kind") == "card_text":
            made = []
            for later_kind, later in events[i + 1:]:
                if later_kind == "decision":
                    break
                made.append(later)
            out.append((i, e, made))
    return out


def fields(t: Table, events: Events) -> dict[str, dict[str, Any]]:
    """The correctable parts of every answer the table gave, with their current values."""
    out: dict[str, dict[str, Any]] = {}
    ids = [f.id for f in t.s.fighters.values()]
    effects = sorted(effects_in_match(t))
    for k, (_, _, made) in enumerate(answers(events), 1):
        ruled = next(f for f in made if isinstance(f, CardTextRuled))
        placed = next((f.name for f in made if isinstance(f, EffectApplied)), None)
        at, what = f"{PREFIX}{k}", f"the table's answer {k} to a card text"
        rule = ruled.rule
        out[f"{at}.outcome"] = field_spec(ruled.outcome, "choice", f"{what}: what it does",
                                          rule, choices=list(OUTCOMES))
        out[f"{at}.character"] = field_spec(ruled.character, "choice",
                                            f"{what}: the character", rule, choices=ids)
        out[f"{at}.amount"] = field_spec(ruled.amount, "integer", f"{what}: the amount",
                                         rule, min=-999, max=999)
        if effects:
            out[f"{at}.effect"] = field_spec(placed, "choice", f"{what}: the effect placed",
                                             "A13.3", choices=effects, nullable=True)
    return out


def rejudged(t: Table, events: Events, changes: list[Change],
             state_at: Callable[[int], GameState]) -> dict[str, Any]:
    """The position after judging the corrected answer and every later decision again."""
    k = _one_answer(changes)
    i, decision, _ = answers(events)[k - 1]
    new = {**decision, **{c.field.rsplit(".", 1)[1]: c.after for c in changes}}
    if new.get("effect") is None:
        new.pop("effect", None)
    s = state_at(i)
    wasted = _wasted(events[:i])
    for n in [i] + [j for j in range(i + 1, len(events)) if events[j][0] == "decision"]:
        d = new if n == i else events[n][1]
        if isinstance(d, dict) and d.get("kind") == "correction":
            _rerun(s, events, n)
            continue
        try:
            facts = judge(Table(s, t.cards, t.setup), d, wasted)
        except IllegalDecisionError as err:
            raise _refused(n, i, str(d.get("kind")), err, changes[0].field) from err
        wasted = any(isinstance(f, AttackNotEffective) for f in facts)
    return dump(s)


def _one_answer(changes: list[Change]) -> int:
    """The one answer the changes correct (k); a correction corrects one answer alone."""
    ks = {c.field.split(".")[1] for c in changes}
    if len(ks) != 1 or not all(c.field.startswith(PREFIX) for c in changes):
        raise IllegalDecisionError("A correction of the table's answer to a card text "
                                   "corrects that one answer alone; correct pools or other "
                                   "answers in a correction of their own.", RULE["ability"],
                                   field=changes[0].field)
    return int(ks.pop())


def _wasted(events: Events) -> bool:
    """Whether the facts since the last decision include a wasted attack (A12.4)."""
    for kind, event in reversed(events):
        if kind == "decision":
            return False
        if isinstance(event, AttackNotEffective):
            return True
    return False


def _rerun(s: GameState, events: Events, n: int) -> None:
    """A later correction, applied as it was recorded (its facts run again)."""
    for kind, event in events[n + 1:]:
        if kind == "decision":
            return
        event.run(s)


def _refused(n: int, i: int, kind: str, err: IllegalDecisionError,
             field: str) -> IllegalDecisionError:
    """Why the correction is refused: the corrected answer itself, or a later decision."""
    if n == i:
        return IllegalDecisionError(f"The corrected answer is not one the table could give: "
                                    f"{err.reason}", err.rule, field=field)
    return IllegalDecisionError(
        f"Judged again with the corrected answer, the decision recorded at event {n + 1} "
        f"({kind}) is no longer legal: {err.reason} Retract the decisions after "
        "the answer first, or correct the pools instead.", err.rule, field=field)


def is_answer_field(path: str) -> bool:
    return path.startswith(PREFIX) and path.rsplit(".", 1)[-1] in PARTS


def label(path: str) -> str:
    """``card_text.2.outcome`` in words."""
    parts = path.split(".")
    what = {"outcome": "what it does", "character": "the character", "amount": "the amount",
            "effect": "the effect placed"}.get(parts[-1], parts[-1])
    return f"the table's answer {parts[1]} to a card text ({what})"


def differences(s: GameState, after: dict[str, Any]) -> str:
    """What judging again changed, in words (": Ember Knight's LP 300 → 270, ...")."""
    out = []
    for fid, f in s.fighters.items():
        new = after["fighters"][fid]
        for key, word in (("life", "LP"), ("power", "PP"), ("shield", "shield LP")):
            if getattr(f, key) != new[key]:
                out.append(f"{f.label}'s {word} {getattr(f, key)} → {new[key]}")
        was, now = (f.effect.name if f.effect else None), (new["effect"] or {}).get("name")
        if was != now:
            out.append(f"{f.label}'s effect {was or 'none'} → {now or 'none'}")
    return (": " + ", ".join(out)) if out else ": no pool changes"


def sentence(t: Table, events: Events, changes: list[Change], after: dict[str, Any]) -> str:
    """The correction in words, quoting the card's text it is about (issue 33: the text
    beside what was decided), then what judging again changed."""
    k = int(changes[0].field.split(".")[1])
    i, _, _ = answers(events)[k - 1]
    asked = next(e for _, e in reversed(events[:i]) if isinstance(e, CardTextAsked))
    parts = ", ".join(f"{label(c.field).rsplit('(', 1)[1][:-1]} from {c.before} to {c.after}"
                      for c in changes)
    return (f"Corrected: the table's answer {k} to {t.name(asked.character)}'s card text "
            f"({asked.source}): \"{asked.card_text}\" — {parts}. What followed it is judged "
            f"again{differences(t.s, after)}.")
