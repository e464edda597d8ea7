"""Issue 34 items 1-2 through a real ``judge serve``: followers of a duel are sent each
decision as it is recorded (on one process and on two workers, on SQLite and on
PostgreSQL), heartbeats keep a quiet stream alive, a revoked token's stream closes within
a second, and open streams hold none of waitress's request threads.
"""

from __future__ import annotations

import json
import socket
import subprocess
import time
from pathlib import Path

import pytest

from tests.api.conftest import setup_record
from tests.api.sse_client import Follower, Stream
from tests.serving import ROOT, Server, child_env, create_token, judge_command, start_server

HEARTBEAT = "0.2"



def serve(store_args: list[str], tmp_path: Path, *extra: str) -> Server:
    return start_server(store_args, tmp_path / "server.log", "--stream-heartbeat", HEARTBEAT,
                        *extra)


def bearer(token: str | None) -> dict:
    return {"Authorization": f"Bearer {token}"} if token else {}


def new_duel(srv: Server, token: str) -> str:
    status, _, body = srv.request("POST", "/api/duels", setup_record(), bearer(token))
    assert status == 201, body
    return body["id"]


def decide(srv: Server, token: str, duel: str, player: int | None = None) -> dict:
    """The first legal decision (of ``player``, if given) recorded; the decision."""
    state = srv.get(f"/api/duels/{duel}/prompt")
    options = state["prompt"]["options"]
    choice = next(o for o in options if player is None or o.get("player") == player)
    status, _, body = srv.request("POST", f"/api/duels/{duel}/decisions", choice,
                                  {**bearer(token), "If-Match": f'"{state["event"]}"'})
    assert status == 201, body
    return choice


def events(srv: Server, duel: str, token: str | None = None) -> list[dict]:
    return srv.get(f"/api/duels/{duel}/events?limit=1000", token)["events"]


def test_a_follower_is_sent_each_decision_and_heartbeats_between(tmp_path):
    store_args = ["--db", str(tmp_path / "x.db")]
    token = create_token(store_args, "scorekeeper", "sam")
    srv = serve(store_args, tmp_path)
    try:
        duel = new_duel(srv, token)
        stream = Stream(srv.port, f"/api/duels/{duel}/stream")
        assert stream.status == 200
        assert stream.headers["content-type"].startswith("text/event-stream")
        follower = Follower()
        follower.apply(stream.message())
        assert follower.rows == events(srv, duel)
        began = time.monotonic()
        assert stream.next(2).comment == "heartbeat"
        assert time.monotonic() - began < 1.0
        for _ in range(3):
            sent = time.monotonic()
            decide(srv, token, duel)
            follower.apply(stream.message(2))
            assert time.monotonic() - sent < 1.0
            assert follower.rows == events(srv, duel)
        stream.close()
        resumed = Stream(srv.port, f"/api/duels/{duel}/stream", {"Last-Event-ID": "1"})
        frame = resumed.message()
        assert frame.kind == "update" and frame.id == len(follower.rows)
        assert frame.data["events"] == follower.rows[1:]
        resumed.close()
    finally:
        srv.stop()


def test_open_streams_hold_no_request_thread(tmp_path):
    """With one waitress thread and 40 followers connected, decisions are still answered."""
    store_args = ["--db", str(tmp_path / "x.db")]
    token = create_token(store_args, "scorekeeper", "sam")
    srv = serve(store_args, tmp_path, "--threads", "1")
    try:
        duel = new_duel(srv, token)
        streams = [Stream(srv.port, f"/api/duels/{duel}/stream") for _ in range(40)]
        for stream in streams:
            assert stream.message().kind == "snapshot"
        began = time.monotonic()
        decide(srv, token, duel)
        assert time.monotonic() - began < 2.0
        assert all(s.message(3).kind == "update" for s in streams)
        for stream in streams:
            stream.close()
    finally:
        srv.stop()


def test_revoking_a_token_closes_its_streams_within_a_second(tmp_path):
    store_args = ["--db", str(tmp_path / "x.db")]
    judge = create_token(store_args, "judge", "jo")
    keeper = create_token(store_args, "scorekeeper", "sam")
    srv = serve(store_args, tmp_path, "--no-anonymous-read")
    try:
        duel = new_duel(srv, keeper)
        assert Stream(srv.port, f"/api/duels/{duel}/stream").status == 401
        stream = Stream(srv.port, f"/api/duels/{duel}/stream", bearer(judge))
        kept = Stream(srv.port, f"/api/duels/{duel}/stream", bearer(keeper))
        assert stream.message().kind == "snapshot" and kept.message().kind == "snapshot"
        done = subprocess.run([*judge_command(), "token", "revoke", judge, *store_args],
                              capture_output=True, text=True, env=child_env(), cwd=ROOT,
                              timeout=60)
        assert done.returncode == 0, done.stderr
        revoked = time.monotonic()
        frame = stream.message(1.0)
        assert frame.kind == "closed" and frame.data["status"] == 401
        with pytest.raises(EOFError):
            stream.next(1.0)
        assert time.monotonic() - revoked < 1.0
        assert kept.next(1.0).comment == "heartbeat"  # another token's stream stays open
        assert Stream(srv.port, f"/api/duels/{duel}/stream", bearer(judge)).status == 401
    finally:
        srv.stop()


def test_two_workers_send_every_follower_each_decision_as_they_may_read_it(store_args,
                                                                           tmp_path):
    """Followers spread over two worker processes each learn of a decision another worker
    stored (from the store, not from memory), and an onlooker never receives a
    face-down pair that a judge's stream shows."""
    keeper = create_token(store_args, "scorekeeper", "sam")
    judge = create_token(store_args, "judge", "jo")
    srv = serve(store_args, tmp_path, "--workers", "2")
    try:
        duel = new_duel(srv, keeper)
        readers = [None, judge] * 4  # eight connections: both workers hold some
        streams = [Stream(srv.port, f"/api/duels/{duel}/stream", bearer(t)) for t in readers]
        followers = [Follower() for _ in streams]
        for stream, follower in zip(streams, followers, strict=True):
            follower.apply(stream.message())
        choice = decide(srv, keeper, duel, player=0)  # a face-down pair
        for stream, follower, reader in zip(streams, followers, readers, strict=True):
            frame = stream.message(3)
            follower.apply(frame)
            assert follower.rows == events(srv, duel, reader)
            shown = str(frame.data)
            assert (choice["style"] in shown) == (reader == judge)
        for stream in streams:
            stream.close()
    finally:
        srv.stop()


def _answer(sock: socket.socket) -> tuple[int, dict, bytes]:
    """One HTTP answer with a Content-Length read off a keep-alive socket."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}
    while len(body) < int(headers.get("content-length", "0")):
        body += sock.recv(65536)
    return int(status_line.split()[1]), headers, body


def test_requests_on_one_connection_reach_waitress_and_then_the_stream(tmp_path):
    """The stream server routes each request of a keep-alive connection: reads and a
    decision go to waitress, a later stream request on the same connection is a stream,
    a chunked body is passed on, and a request that is not HTTP is answered 400."""
    store_args = ["--db", str(tmp_path / "x.db")]
    token = create_token(store_args, "scorekeeper", "sam")
    srv = serve(store_args, tmp_path)
    try:
        duel = new_duel(srv, token)
        with socket.create_connection(("127.0.0.1", srv.port), timeout=10) as sock:
            for _ in range(2):
                sock.sendall(f"GET /api/duels/{duel} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                status, headers, body = _answer(sock)
                assert status == 200 and json.loads(body)["id"] == duel
            version = headers["etag"]
            choice = srv.get(f"/api/duels/{duel}/prompt")["prompt"]["options"][0]
            payload = json.dumps(choice).encode()
            sock.sendall(
                f"POST /api/duels/{duel}/decisions HTTP/1.1\r\nHost: x\r\nAuthorization: "
                f"Bearer {token}\r\nIf-Match: {version}\r\nContent-Type: application/json\r\n"
                f"Transfer-Encoding: chunked\r\n\r\n{len(payload):x}\r\n".encode() + payload +
                b"\r\n0\r\n\r\n")
            status, _, body = _answer(sock)
            assert status == 201, body
        with socket.create_connection(("127.0.0.1", srv.port), timeout=10) as sock:
            sock.sendall(f"GET /api/duels/{duel} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            assert _answer(sock)[0] == 200
            sock.sendall(f"GET /api/duels/{duel}/stream HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            data = b""
            while b"event: snapshot" not in data:
                data += sock.recv(65536)
            assert data.startswith(b"HTTP/1.1 200") and b"text/event-stream" in data
        with socket.create_connection(("127.0.0.1", srv.port), timeout=10) as sock:
            sock.sendall(b"HELLO\r\n\r\n")
            assert _answer(sock)[0] == 400
    finally:
        srv.stop()
