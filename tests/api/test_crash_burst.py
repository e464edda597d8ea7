"""Trust the record, store faults: ``judge serve --workers 2`` is killed (SIGKILL, parent
and workers at once) during a burst of decisions from several clients, on SQLite and on
PostgreSQL. After a restart on the same store:

* every duel's log verifies (chain and re-judge: no decision is stored without all of its
  facts, nothing half-written);
* every decision whose 201 a client received is stored, exactly once: sent again with its
  Idempotency-Key it is answered as a replay of the very same event.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import threading
import time
import uuid

from events.export import verify_file
from tests.api.conftest import setup_record
from tests.api.test_e2e_server import children, choose, token  # noqa: F401
from tests.serving import Server, start_server

CLIENTS = 4


def _client(server: Server, bearer: str, duel: str, seed: int, acked: list,
            stop: threading.Event) -> None:
    """Record random legal decisions on one duel until stopped or the server is gone."""
    rng, auth = random.Random(seed), {"Authorization": f"Bearer {bearer}"}
    while not stop.is_set():
        try:
            status, _, now = server.request("GET", f"/api/duels/{duel}/prompt", headers=auth)
            if status != 200 or now["over"]:
                return
            decision, key = choose(now["prompt"], rng), uuid.uuid4().hex
            status, _, body = server.request("POST", f"/api/duels/{duel}/decisions", decision,
                                             headers={**auth, "If-Match": f'"{now["event"]}"',
                                                      "Idempotency-Key": key})
        except (OSError, ValueError, http.client.HTTPException):
            return  # the server is gone (killed mid-request, even mid-answer: not acknowledged)
        if status == 201:
            acked.append((duel, key, decision, body["events"][0]["event"]))


def test_a_crash_during_a_burst_loses_nothing_acknowledged(store_args, token, tmp_path):  # noqa: F811 (token)
    server = start_server(store_args, tmp_path / "server.log", "--workers", "2")
    auth = {"Authorization": f"Bearer {token}"}
    duels = []
    for k in range(CLIENTS):
        status, _, made = server.request("POST", "/api/duels", setup_record(seed=k),
                                         headers=auth)
        assert status == 201, made
        duels.append(made["id"])
    acked: list = []
    stop = threading.Event()
    threads = [threading.Thread(target=_client, args=(server, token, d, k, acked, stop))
               for k, d in enumerate(duels)]
    for t in threads:
        t.start()
    time.sleep(2.0)
    for pid in [server.proc.pid, *children(server.proc.pid)]:  # a crash: nothing told
        os.kill(pid, signal.SIGKILL)
    stop.set()
    for t in threads:
        t.join(timeout=30)
    server.proc.wait(timeout=20)
    assert len(acked) >= CLIENTS, f"the burst acknowledged only {len(acked)} decisions"

    again = start_server(store_args, tmp_path / "again.log", "--workers", "2")
    try:
        for duel in duels:
            status, _, log = again.request("GET", f"/api/duels/{duel}/log", headers=auth)
            assert status == 200, log
            assert verify_file(json.dumps(log))["kind"] == "log"
        for duel, key, decision, event in acked:
            status, _, body = again.request(
                "POST", f"/api/duels/{duel}/decisions", decision,
                headers={**auth, "If-Match": '"0"', "Idempotency-Key": key})
            assert (status, body["replayed"], body["events"][0]["event"]) == (200, True, event)
    finally:
        again.stop()
