"""The BattleCON 2011 "Free Preview Game" rules v1.3 (source ``001``) as a profile of the
BattleCON ruleset, registered as ``battlecon-2011``.

Not a copy: the same engine, record format, store, facts and narrative as
``battlecon-2014``; the setup names the profile, and the differences are switches read at
the choke points (``judge.battlecon.profile``).
"""

from __future__ import annotations

from typing import Any

from judge import registry
from judge.battlecon import cards2011, profile, wording2011
from judge.battlecon.roster import fighter
from judge.battlecon.ruleset import BattleCON


class BattleCON2011(BattleCON):
    """BattleCON under 001's rules: the four preview fighters, spaces 2 and 6, no time
    limit, Special Actions as 001 describes them, no Ante Finishers."""

    name = profile.BC2011
    title = "BattleCON Free Preview Game (2011 rules v1.3)"

    def doubts(self) -> list[dict[str, Any]]:
        """001's card values (C25), each derived one with its passage, every other marked
        "2014 value used: no 2011 source"."""
        return _doubts()

    def catalogue(self) -> dict[str, Any]:
        """Only the preview's four fighters are offered, and not the options 001 has not
        (``absent_options``: why, in 001's words, for a new-duel form to say)."""
        whole = super().catalogue()
        return {**whole, "fighters": [_as_2011(_one_finisher(f)) for f in whole["fighters"]
                                      if f["id"] in profile.FIGHTERS_2011],
                "profile": {"of": profile.BC2014, "source": profile.SOURCE_2011,
                            "differences": dict(profile.SWITCHES_2011),
                            "absent_options": wording2011.absent_options()}}

    def rulings(self) -> dict[str, dict[str, Any]]:
        """2014's switchable rulings, with the reading the profile names by default (C25:
        001's Lure Strike has power 3) as the default and the recommended one, so a new
        duel's form names the profile's reading."""
        out = super().rulings()
        for rid, value in profile.DEFAULT_OPTIONS[profile.BC2011]["rulings"].items():
            out[rid] = {**out[rid], "default": value, "recommended": value}
        return out


def _doubts() -> list[dict[str, Any]]:
    """C25: every number of the preview's cards under 001 (``cards2011``)."""
    kits = [fighter(fid) for fid in profile.FIGHTERS_2011]
    cards = [c for kit in kits for c in kit.cards()
             if c.kind != "finisher" or c.id in profile.FINISHERS_2011.values()]
    seen: dict[str, Any] = {}
    for c in cards:
        seen.setdefault(c.id, c)
    return cards2011.doubts(list(seen.values()))


def _as_2011(f: dict[str, Any]) -> dict[str, Any]:
    """A fighter's catalogue entry with its cards' 2011 values (C25, ``cards2011.DERIVED``):
    each number 001 determines in place of 2014's, and on each card the list of its 2011
    differences (``differences_2011``: field, 001's value, 2014's, the passage), the
    effect-level ones included. The printed text of an effect stays 2014's."""
    cards = ("styles", "bases", "finishers")
    out = {**f, **{k: [_card_2011(c) for c in f[k]] for k in cards}}
    for one in ("unique_base", "ability"):
        if f.get(one):
            out[one] = _card_2011(f[one])
    return out


def _card_2011(card: dict[str, Any]) -> dict[str, Any]:
    found = [d for d in cards2011.DERIVED if d.card == card["id"]]
    if not found:
        return card
    out = dict(card)
    for d in found:
        if d.field in cards2011.STAT_FIELDS and (d.applied or d.ruling):
            out[d.field] = d.value
    out["differences_2011"] = [{"field": d.field, "value": d.value, "value_2014": d.value_2014,
                                "passage": d.passage} for d in found]
    return out


def _one_finisher(f: dict[str, Any]) -> dict[str, Any]:
    """A fighter's catalogue entry with the one Overdrive Finish 001 gives it (C08)."""
    one = profile.FINISHERS_2011[f["id"]]
    return {**f, "finishers": [c for c in f["finishers"] if c["id"] == one]}


BATTLECON_2011 = registry.register(BattleCON2011())
