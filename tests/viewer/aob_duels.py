"""ART O BATTLERS duels set up for the browser tests through the API."""

from __future__ import annotations

from typing import Any


def at_manual_move_3(site: Any, table: str) -> str:
    """A simple duel (Ember Knight against Volt Wisp) where Ben answers Ana's Flame Combo:
    Volt Wisp's nullify, manual move 3, is described (any multiple while PP lasts, A6.9).
    Stored by a scorekeeper under ``table``; its id."""
    setup = {"format": "simple_duel", "characters": "artobattlers-sample-v1", "rulings": {},
             "players": [{"name": "Ana"}, {"name": "Ben"}]}
    status, duel = site.post("/api/duels", {
        "format": "artobattlers-record/1", "ruleset": "artobattlers", "setup": setup,
        "decisions": [{"player": 0, "kind": "team", "characters": ["ember-knight"]},
                      {"player": 1, "kind": "team", "characters": ["volt-wisp"]},
                      {"player": 0, "kind": "start_die", "value": 6},
                      {"player": 1, "kind": "start_die", "value": 1},
                      {"player": 0, "kind": "attack", "character": "ember-knight",
                       "striker": False, "move": "flame-combo", "target": "volt-wisp",
                       "pay": None, "sacrifice": False}],
        "event": "aob-tests", "table": table}, role="scorekeeper")
    assert status == 201, duel
    return str(duel["id"])
