"""``judge serve``: the API and the web viewer on a production WSGI server (waitress).

This is a composition root (reached from the CLI), so it may import the viewer."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from events.app import JudgeApp

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEMO_LABEL = "demo"


def load_demo(store: JudgeApp) -> int:
    """Store the sample duels once (those labelled ``event: demo`` are not added twice)."""
    have = {store.record(i).labels.get("table") for i in store.duel_ids()
            if store.record(i).labels.get("event") == DEMO_LABEL}
    added = 0
    for path in sorted(EXAMPLES.glob("*.json")):
        if path.stem in have:
            continue
        record = json.loads(path.read_text(encoding="utf-8"))
        store.create_duel(record, {"event": DEMO_LABEL, "table": path.stem}, actor="demo")
        added += 1
    return added


def serve(host: str, port: int, db: str | None, database_url: str | None, demo: bool,
          anonymous_read: bool, threads: int = 8) -> None:
    from waitress import serve as waitress_serve

    from api.app import create_app
    from viewer import install

    store = JudgeApp(db=db, database_url=database_url)
    if demo:
        added = load_demo(store)
        logging.getLogger("battlecon").warning("demo duels loaded: %d new", added)
    app = install(create_app({"STORE": store, "ANONYMOUS_READ": anonymous_read}))
    print(f"BattleCON judge serving on http://{host}:{port}/ (viewer at /, API at /api, "
          f"OpenAPI at /api/openapi.json)", flush=True)
    waitress_serve(app, host=host, port=port, threads=threads, ident="battlecon-judge")
