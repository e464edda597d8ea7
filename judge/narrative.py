"""The beat-by-beat narrative a judge or a teacher reads: a projection of the events."""

from __future__ import annotations

from collections.abc import Iterator

from judge.duel import Duel
from judge.facts import BeatBegan, StepBegan, Triggered

STEP_TITLES = {"ante": "Ante", "reveal": "Reveal", "start_of_beat": "Start of Beat",
               "active_attack": "Active attack", "reactive_attack": "Reactive attack",
               "end_of_beat": "End of Beat", "recycle": "Recycle"}


def describe_decision(duel: Duel, d: dict) -> str:
    who = duel.setup["players"][d["player"]]["name"]
    kind = d["kind"]
    rest = ", ".join(f"{k}={v}" for k, v in d.items() if k not in ("player", "kind"))
    if kind == "attack_pair":
        rest = "(face down)"
    return f"{who} decides {kind} {rest}".rstrip()


def lines(duel: Duel) -> Iterator[str]:
    """One line per event worth reading, numbered as the events are."""
    for n, (kind, e) in enumerate(duel.events, 1):
        if kind == "decision":
            yield f"{n:>4}  > {describe_decision(duel, e)}"
            continue
        if isinstance(e, BeatBegan):
            yield ""
            yield f"== Beat {e.beat} ==" if e.seq == e.beat else f"== Beat {e.beat} " \
                f"(played {e.seq}) =="
            continue
        if isinstance(e, StepBegan):
            yield f"{n:>4}  -- {STEP_TITLES.get(e.step, e.step)} --"
            continue
        if isinstance(e, Triggered) and e.text.endswith("continues."):
            continue
        if e.text:
            yield f"{n:>4}    {e.text} [{e.rule}]"
    if duel.over:
        return
    prompt = duel.prompt
    if prompt:
        names = " and ".join(duel.setup["players"][p]["name"] for p in prompt["players"])
        yield ""
        yield f"Waiting for {names}: {prompt['kind']} ({len(prompt['options'])} options)."
