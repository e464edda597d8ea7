"""Seeded random playouts: a whole duel choosing uniformly among the legal options.

Used by the invariant tests and the benchmarks. ``order_rate`` is how often a
soft stop is answered with a random ``order`` decision instead.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final, TypeVar

from judge.battlecon import profile
from judge.battlecon.decisions import Decision, write
from judge.battlecon.duel import Duel
from judge.battlecon.roster import fighter, fighter_ids
from judge.battlecon.rulestamp import TODAY
from judge.battlecon.rulings import recommended

# The ruleset's roster, from the registry: every fighter registered once the package has
# loaded its kits (a plug-in module's fighter registers later and plays by its id).
FIGHTERS: Final = tuple(fighter_ids())


def record_setup(f0: str, f1: str, special_actions: bool = True, ante_finishers: bool = False,
                 first: int = 0, rng: random.Random | None = None,
                 rulings: dict[str, Any] | None = None,
                 ruleset: str = "battlecon-2014") -> dict:
    """A record without decisions, stamped with today's rules and naming every ruling's
    recommended reading as a new duel does (``rulings`` overrides some); random legal starting discards when ``rng`` is
    given."""
    players = []
    for i, fid in enumerate((f0, f1)):
        kit = fighter(fid)
        p: dict[str, Any] = {"name": f"P{i}", "fighter": fid, "finisher": kit.finishers[0].id}
        if rng is not None:
            p["finisher"] = rng.choice(kit.finishers).id
            styles = rng.sample([c.id for c in kit.styles], 2)
            bases = rng.sample([c.id for c in kit.bases()], 2)
            p["discard_1"] = [styles[0], bases[0]]
            p["discard_2"] = [styles[1], bases[1]]
        if ruleset != "battlecon-2014":
            del p["finisher"]  # a profile's fighters have its one Finisher (battlecon-2011: C08)
        players.append(p)
    return {"format": "battlecon-record/1", "ruleset": ruleset, "rules": TODAY,
            "options": {"special_actions": special_actions, "ante_finishers": ante_finishers,
                        "rulings": {**recommended(), **profile_rulings(ruleset),
                                    **(rulings or {})}},
            "players": players, "first_to_ante": first, "decisions": []}


def profile_rulings(ruleset: str) -> dict[str, Any]:
    """The readings a profile names by default (battlecon-2011: 001's Lure, C25), which a
    new duel of that profile names as its form does."""
    return dict(profile.DEFAULT_OPTIONS.get(ruleset, {}).get("rulings", {}))


_O = TypeVar("_O")  # an option: its JSON or its value


def choose(match: Any, rng: random.Random, order_rate: float = 0.25) -> dict:
    """One of the prompt's options at random, as its JSON (any match with a ``prompt``:
    a ``Duel``, an event log's ``Retractable``)."""
    prompt = match.prompt
    assert prompt is not None, "a duel that is not over has a prompt"
    return dict(_drawn(prompt["kind"], prompt["options"], rng, order_rate))


def choose_option(duel: Duel, rng: random.Random, order_rate: float = 0.25) -> Decision:
    """``choose``'s option, the same for the same ``rng``, as the prompt's value (no JSON
    written: ``Duel.decide`` takes it back)."""
    need = duel.need
    assert need is not None, "a duel that is not over has a prompt"
    return _drawn(need.kind, need.options, rng, order_rate)


def _drawn(kind: str, options: list[_O], rng: random.Random, order_rate: float) -> _O:
    """The random draw both share: an order keeps the printed one (the first) but now and
    then takes another; any other prompt, one option uniformly."""
    if kind == "order":
        return rng.choice(options[1:]) if rng.random() < order_rate else options[0]
    return rng.choice(options)


def play(seed: int, f0: str, f1: str, special_actions: bool = True,
         ante_finishers: bool = False,
         on_step: Callable[[Duel, dict[str, Any]], object] | None = None,
         rulings: dict[str, Any] | None = None, ruleset: str = "battlecon-2014") -> Duel:
    rng = random.Random(seed)
    duel = Duel.new(record_setup(f0, f1, special_actions, ante_finishers, rng.randrange(2), rng,
                                 rulings, ruleset))
    guard = 0
    while not duel.over:
        decision = choose_option(duel, rng)
        duel.decide(decision)
        if on_step is not None:
            on_step(duel, write(decision))
        guard += 1
        if guard > 5000:
            raise RuntimeError(f"seed {seed}: duel did not end")
    return duel
