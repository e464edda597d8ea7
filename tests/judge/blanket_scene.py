"""Duels for the blanket-rule tests: stamped with today's rules (``rules-2``) or, for the
contrast, with none (judged as before the stamps)."""

from __future__ import annotations

from judge.battlecon import Duel
from judge.battlecon.roster import fighter
from tests.judge.scene import SCENE_RULINGS


def stamped_duel(f0: str, f1: str, *, rules: str | None = "rules-2", d0: tuple | None = None,
                 d1: tuple | None = None, first: int = 0, finishers: tuple = (None, None),
                 rulings: dict | None = None) -> Duel:
    """A fresh duel as ``scene.new_duel`` makes it, stamped ``rules`` (None: no stamp)."""
    players = []
    for i, (fid, d, fin) in enumerate(((f0, d0, finishers[0]), (f1, d1, finishers[1]))):
        kit = fighter(fid)
        d = d or kit.default_discards
        players.append({"name": f"P{i}", "fighter": fid, "finisher": fin or kit.finishers[0].id,
                        "discard_1": list(d[0]), "discard_2": list(d[1])})
    record = {"format": "battlecon-record/1", "ruleset": "battlecon-2014",
              "options": {"special_actions": True, "ante_finishers": False,
                          "rulings": {**SCENE_RULINGS, **(rulings or {})}},
              "players": players, "first_to_ante": first}
    if rules is not None:
        record["rules"] = rules
    return Duel.new(record)
