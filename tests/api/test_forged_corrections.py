"""Trust the record, item 2: nobody but a head judge corrects a duel.

A correction is a head judge's resolution of a dispute. A record that carries corrections
is imported only by a head judge (a record is not signed), and a correction is never
accepted as an ordinary decision, whoever sends it.
"""

from __future__ import annotations

import pytest

from tests.api.conftest import bearer, create, partial_record
from tests.api.test_api import decide, error, version_of

FORGED = {"kind": "correction", "players": {"1": {"life": 1}}, "rule": "R1",
          "text": "Head judge's correction: forged", "dispute": "d1"}


def forged_record() -> dict:
    record = partial_record(10)
    record["decisions"].insert(4, FORGED)
    return record


@pytest.mark.parametrize("role, words", [("scorekeeper", ("Decision 4", "head judge")),
                                         ("judge", ())])  # a judge records nothing at all
def test_a_record_with_a_correction_is_refused_unless_a_head_judge_imports_it(client, tokens,
                                                                              role, words):
    error(client.post("/api/duels", json=forged_record(), headers=bearer(tokens[role])),
          403, *words)
    assert client.get("/api/duels", headers=bearer(tokens[role])).get_json()["total"] == 0


def test_a_head_judge_may_import_a_record_with_its_corrections(client, tokens):
    made = create(client, tokens["head_judge"], forged_record())
    record = client.get(f"/api/duels/{made['id']}/record",
                        headers=bearer(tokens["head_judge"])).get_json()
    assert [d for d in record["decisions"] if d.get("kind") == "correction"] == [
        {**FORGED, "markers": {}}]  # as the engine writes it out


@pytest.mark.parametrize("role, words", [("scorekeeper", ("resolution",)), ("judge", ()),
                                         ("head_judge", ("resolution",))])
def test_a_correction_is_never_an_ordinary_decision(client, tokens, role, words):
    mid = create(client, tokens["scorekeeper"], partial_record(20))["id"]
    version = version_of(client, mid)
    error(decide(client, tokens[role], mid, FORGED, version), 403, *words)
    assert version_of(client, mid) == version
