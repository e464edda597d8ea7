"""The demo duels ``judge serve --demo`` (and ``scripts/run.sh``) loads, once: what the
service does today, from its first page.

- ``examples/*.json``: BattleCON duels of several of the eighteen fighters (Seth against
  Tatsumi with Juto, Sagas against Zaamassal, Cherri against Luc to a time draw, ...);
- ``examples/artobattlers/*.json``: ART O BATTLERS matches, a simple duel and an Advance
  Play;
- made through the app, as a judge would (disputes are not part of a record): a dispute on
  the Heketch and Kehrolyn duel, commented and overturned by a head judge with a
  correction, and a variation of the Seth and Tatsumi duel under the other reading of
  Mimic's movement (a fork with a ruling).

Each is labelled ``event: demo`` with its file's name as ``table``, and is added only when
no demo duel of that table is stored, so loading again adds nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from uuid import UUID

from events.app import JudgeApp
from judge.errors import JudgeError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEMO_LABEL = "demo"
DEMO_ACTOR = "demo"
DISPUTED = "heketch-vs-kehrolyn-disputed"
VARIED = "seth-vs-tatsumi"
VARIATION = "seth-vs-tatsumi-mimic-together"
VARIATION_RULINGS = {"mimic-movement": "together"}


def demo_files() -> list[Path]:
    """The sample records: BattleCON's, then ART O BATTLERS'."""
    return sorted(EXAMPLES.glob("*.json")) + sorted((EXAMPLES / "artobattlers").glob("*.json"))


def load_demo(store: JudgeApp) -> int:
    """Store the demo duels that are not stored yet; how many duels were added."""
    have = _demo_tables(store)
    added = 0
    for path in demo_files():
        if path.stem in have:
            continue
        record = json.loads(path.read_text(encoding="utf-8"))
        made = store.create_duel(record, {"event": DEMO_LABEL, "table": path.stem},
                                 actor=DEMO_ACTOR, role="operator")
        have[path.stem] = made.duel_id
        added += 1
        if path.stem == DISPUTED:
            _dispute_and_correct(store, made.duel_id)
    if VARIATION not in have and VARIED in have:
        _variation(store, have[VARIED])
        added += 1
    return added


def _demo_tables(store: JudgeApp) -> dict[str, UUID]:
    """The demo duels stored, by table (from the list's read model: one query)."""
    found: dict[str, UUID] = {}
    page = 1
    while True:
        listed = store.duel_list.page({"event": DEMO_LABEL}, page, 200)
        for item in listed["items"]:
            if item.get("created_by") == DEMO_ACTOR and item.get("table"):
                found.setdefault(item["table"], UUID(item["id"]))
        if page * 200 >= listed["total"]:
            return found
        page += 1


def _dispute_and_correct(store: JudgeApp, duel_id: UUID) -> None:
    """A judge disputes a hit's damage; a head judge overturns it and corrects the life of
    the fighter who was hit (two more, as Soak should have been applied)."""
    agg = store.record(duel_id)
    at = _last_damage(store, agg)
    player = int(store.event(agg, at)[1].to_json()["defender"])
    field = store.correctable(agg)[f"players.{player}.life"]
    after = min(int(field["value"]) + 2, int(field.get("max", 20)))
    dispute = store.open_dispute(duel_id, at, "The soak was not applied: this hit did two "
                                 "damage too many.", "demo-judge", role="judge")
    store.comment(dispute.id, "Checked the card: Soak 2 applies before damage (R14.8).",
                  "demo-judge", role="judge")
    store.resolve(dispute.id, "overturned", "Soak applies; the life is corrected.", "R14.8",
                  "demo-head-judge", correction={"changes": [
                      {"field": f"players.{player}.life", "after": after}]})


def _last_damage(store: JudgeApp, agg: Any) -> int:
    """The event number of the last damage dealt in the duel."""
    events = store.events_of(agg)
    return max(n for n, (kind, e) in enumerate(events, 1)
               if kind == "fact" and e.to_json().get("type") == "DamageDealt")


def _variation(store: JudgeApp, duel_id: UUID) -> None:
    """The duel again under the other reading of Mimic's movement, forked at the latest
    point in its first third of decisions whose decisions are all legal under it (the
    fork re-judges them), so a newcomer plays on from there."""
    agg = store.record(duel_id)
    points = [n for n, (kind, _) in enumerate(store.events_of(agg)) if kind == "decision"]
    for at in reversed(points[: len(points) // 3]):
        try:
            store.fork(duel_id, at, actor=DEMO_ACTOR, role="operator",
                       labels={"event": DEMO_LABEL, "table": VARIATION},
                       rulings=VARIATION_RULINGS)
            return
        except JudgeError:
            continue
