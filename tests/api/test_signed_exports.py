"""Trust the record, item 4: exports are signed by the service.

The hash chain alone shows no event changed; the signature shows who made the chain. An
export whose names, labels or duel id were changed and hashed again, or whose tail was
cut, still has a chain that holds, and ``judge verify --key`` refuses it; an older,
unsigned log still verifies and is reported as unsigned. A record is not signed: its
corrections cannot be verified.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from api.cli import main
from events.app import JudgeApp
from events.errors import IntegrityCheckError
from events.export import log_lines, verify_file
from events.hashing import chain_hash, genesis_hash
from events.signing import public_text, read_key
from judge.errors import RecordError
from tests.api.conftest import bearer, create, played_record


@pytest.fixture
def exported(client, tokens, store) -> tuple[dict, str]:
    """(the API's /log body of a finished duel, the service's public key)."""
    duel = create(client, tokens["scorekeeper"], played_record(), event="Signed Open")["id"]
    log = client.get(f"/api/duels/{duel}/log", headers=bearer(tokens["judge"])).get_json()
    return log, public_text(store.signing_key())


def text(log: dict) -> str:
    return json.dumps(log)


def rehashed(log: dict) -> dict:
    """The log hashed again from its (changed) header, as a forger would."""
    out = json.loads(json.dumps(log))
    h = out["header"]
    prev = h["hash"] = genesis_hash(h["duel"], h["setup"], h["labels"], h["parent"],
                                    h["fork_at"])
    for e in out["events"]:
        e["prev"] = prev
        prev = e["hash"] = chain_hash(prev, e["n"], e["kind"], e["payload"], e.get("by"))
    return out


def test_the_api_log_is_signed_with_the_service_key(exported):
    log, key = exported
    assert log["header"]["signature"]["key"] == key
    result = verify_file(text(log), key)
    assert result["signed"] == key and result["events"] == len(log["events"])


@pytest.mark.parametrize("change", ["a player's name", "a label", "the duel id"])
def test_a_rehashed_forgery_is_refused(exported, change):
    log, key = exported
    forged = json.loads(json.dumps(log))
    if change == "a player's name":
        forged["header"]["setup"]["players"][0]["name"] = "Mallory"
    elif change == "a label":
        forged["header"]["labels"]["event"] = "Another Open"
    else:
        forged["header"]["duel"] = "00000000-0000-4000-8000-000000000000"
    forged = rehashed(forged)
    verify_file(text({**forged, "header": {k: v for k, v in forged["header"].items()
                                           if k != "signature"}}))  # the chain holds
    with pytest.raises(IntegrityCheckError, match="signature does not hold"):
        verify_file(text(forged), key)
    with pytest.raises(IntegrityCheckError, match="signature does not hold"):
        verify_file(text(forged))  # a wrong signature fails even without a pinned key


def test_a_cut_tail_is_refused(exported):
    log, key = exported
    last = [e["n"] for e in log["events"] if e["kind"] == "decision"][-1]
    cut = {**log, "events": log["events"][:last - 1]}  # a prefix that re-judges as it is
    assert verify_file(text({**cut, "header": _unsigned(cut["header"])}))["events"] == last - 1
    with pytest.raises(IntegrityCheckError, match="cut or extended"):
        verify_file(text(cut), key)


def _unsigned(header: dict) -> dict:
    return {k: v for k, v in header.items() if k != "signature"}


def test_a_stripped_signature_is_refused_when_the_key_is_pinned(exported):
    log, key = exported
    bare = {**log, "header": {k: v for k, v in log["header"].items() if k != "signature"}}
    assert verify_file(text(bare))["signed"] is None  # an older, unsigned log verifies
    with pytest.raises(IntegrityCheckError, match="not signed"):
        verify_file(text(bare), key)


def test_another_services_signature_is_refused(exported):
    log, _ = exported
    other = JudgeApp(db=":memory:")
    with pytest.raises(IntegrityCheckError, match="not by the key"):
        verify_file(text(log), public_text(other.signing_key()))
    other.close()


def test_a_record_with_a_correction_verifies_naming_its_corrections():
    """Everything a record can show is checked (the duel re-judged from the corrected
    position); who made the correction, only the signed log attests (issue 28, item 2)."""
    record = played_record()
    record["decisions"].insert(3, {"kind": "correction", "players": {"0": {"life": 20}},
                                   "rule": "R1", "text": "forged"})
    found = verify_file(json.dumps(record))
    assert (found["kind"], found["corrections"]) == ("record", [3])
    record["decisions"].insert(5, {"player": 0, "kind": "move", "to": 99})
    with pytest.raises(RecordError, match="Decision 5"):  # still re-judged after it
        verify_file(json.dumps(record))


def test_the_cli_key_export_and_verify(tmp_path: Path, capsys):
    db = str(tmp_path / "duels.db")
    store = JudgeApp(db=db)
    duel = store.create_duel(played_record(), {"event": "CLI Open"}, actor="sk").duel_id
    store.close()
    assert main(["key", "--db", db]) == 0
    key = capsys.readouterr().out.strip()
    assert read_key(key) == key and key.startswith("ed25519:")
    assert main(["key", "--db", db]) == 0 and capsys.readouterr().out.strip() == key  # kept
    out = tmp_path / "duel.log.jsonl"
    assert main(["export", str(duel), "--log", "--db", db, "-o", str(out)]) == 0
    keyfile = tmp_path / "service.key"
    keyfile.write_text(key + "\n", "utf-8")
    assert main(["verify", str(out), "--key", str(keyfile)]) == 0
    assert "signed by the key given" in capsys.readouterr().out
    lines = out.read_text("utf-8").splitlines()
    header = json.loads(lines[0])
    del header["signature"]
    unsigned = tmp_path / "old.log.jsonl"
    unsigned.write_text("\n".join([json.dumps(header), *lines[1:]]), "utf-8")
    assert main(["verify", str(unsigned)]) == 0
    assert "unsigned" in capsys.readouterr().out
    assert main(["verify", str(unsigned), "--key", key]) == 1
    assert "not signed" in capsys.readouterr().out
    assert main(["verify", str(out), "--key", "ed25519:nonsense"]) == 2


def test_log_lines_without_a_key_are_unsigned(store):
    duel = store.create_duel(played_record(), actor="sk").duel_id
    header = json.loads(next(log_lines(store.record(duel))))
    assert "signature" not in header
