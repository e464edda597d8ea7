"""How the release-1 fixtures beside this file were made: once, by the release of commit
b3ea8d4 (the last before the engine-core rework), with ``python tests/data/release-1/make.py``.

Never run it again: the point of these files is that a store and exports written by that
release keep loading, replaying and verifying under every later one
(``tests/events/test_release1_fixtures.py``). The script is kept to say what is in them.

What it writes:
- ``store.sqlite``: the five example duels imported, one duel recorded decision by decision
  through the service (with idempotency keys), an annotation, an upheld and an overturned
  dispute (whose correction is in the duel's stream), a fork, and a head-judge token;
  duels past 100 events carry library snapshots.
- ``<name>.log.jsonl`` and ``<name>.record.json``: ``judge export --log`` and
  ``judge export`` of every stored duel.
- ``manifest.json``: per duel its id, name, event count, and the state JSON the release
  served at the end and in the middle (a later release may add fields, never change these).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))

from api.auth import create_token  # noqa: E402
from events.app import JudgeApp  # noqa: E402
from events.export import log_lines, record_of  # noqa: E402
from events.projector import Projector  # noqa: E402
from judge.playout import choose, record_setup  # noqa: E402

EXAMPLES = ("demo-duel", "comic-beat-1", "cadenza-vs-kallistar",
            "kallistar-vs-hikaru-no-special-actions", "khadath-vs-cadenza-both-variants")


def main() -> None:
    db = HERE / "store.sqlite"
    for path in HERE.glob("store.sqlite*"):
        path.unlink()
    app = JudgeApp(db=str(db))
    names: dict[str, str] = {}
    for name in EXAMPLES:
        record = json.loads((ROOT / "examples" / f"{name}.json").read_text("utf-8"))
        appended = app.create_duel(record, {"event": "fixtures", "table": name}, actor="import")
        names[str(appended.duel_id)] = name

    # A duel logged move by move, as a scorekeeper does through the API.
    rng = random.Random(7)
    created = app.create_duel(record_setup("kallistar", "khadath", rng=rng),
                              {"event": "fixtures", "table": "logged", "round": "3"},
                              actor="scorekeeper Sam")
    logged = created.duel_id
    names[str(logged)] = "logged"
    version = created.version
    for i in range(25):
        agg = app.record(logged)
        if agg.duel.over:
            break
        decision = choose(agg.duel, rng)
        version = app.decide(logged, decision, expected=version, key=f"k{i}",
                             actor="scorekeeper Sam").version
    app.annotate(logged, 5, "Check the Gate Trap here.", ["trap"], "judge Jo")
    upheld = app.open_dispute(logged, 6, "The ante was out of turn.", "judge Jo")
    app.comment(upheld.id, "It was in turn.", "head judge Hal")
    app.resolve(upheld.id, "upheld", "The ante stands.", "R5.3", "head judge Hal")
    over = app.open_dispute(logged, 9, "Kallistar should have 18 life.", "judge Jo")
    app.resolve(over.id, "overturned", "Life corrected.", "R14.1", "head judge Hal",
                correction={"players": {"0": {"life": 18}}})
    agg = app.record(logged)
    fork_at = next(n for n in range(agg.events_count // 2, 0, -1)
                   if agg.duel.events[n][0] == "decision")
    forked = app.fork(logged, fork_at, actor="judge Jo")
    names[str(forked.duel_id)] = "logged-fork"
    token = create_token(app, "head_judge", "head judge Hal")

    projector = Projector(app)
    manifest = {"release": "b3ea8d4", "token": token, "duels": []}
    for duel_id in app.duel_ids():
        agg = app.record(duel_id)
        name = names[str(duel_id)]
        (HERE / f"{name}.log.jsonl").write_text(
            "".join(line + "\n" for line in log_lines(agg)), "utf-8")
        (HERE / f"{name}.record.json").write_text(
            json.dumps(record_of(agg), indent=1, ensure_ascii=False) + "\n", "utf-8")
        middle = agg.events_count // 2
        manifest["duels"].append({
            "id": str(duel_id), "name": name, "events": agg.events_count,
            "labels": agg.labels, "parent": agg.parent, "fork_at": agg.fork_at,
            "middle": middle, "state_middle": projector.state_at(duel_id, middle),
            "state_end": projector.state_at(duel_id)})
    manifest["disputes"] = {"upheld": str(upheld.id), "overturned": str(over.id)}
    (HERE / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False)
                                        + "\n", "utf-8")
    app.close()


if __name__ == "__main__":
    main()
