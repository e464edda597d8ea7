"""/api/rulesets (the schemas a client validates with), /api/fighters (what a client needs for
its forms) and /api/session (who the token is)."""

from __future__ import annotations

from jsonschema import Draft202012Validator

from judge import registry
from judge.battlecon.roster import fighter, fighter_ids
from tests.api.conftest import bearer, create, holder, partial_record, setup_record


def test_fighters_lists_every_kit_with_cards_and_default_discards(client):
    resp = client.get("/api/fighters")
    assert resp.status_code == 200
    body = resp.get_json()
    assert [f["id"] for f in body["fighters"]] == fighter_ids()
    hikaru = next(f for f in body["fighters"] if f["id"] == "hikaru")
    assert hikaru["name"] == fighter("hikaru").name
    assert [c["id"] for c in hikaru["styles"]] == [c.id for c in fighter("hikaru").styles]
    assert hikaru["default_discards"] == [list(p) for p in fighter("hikaru").default_discards]
    assert [t["id"] for t in hikaru["tokens"]] == ["earth", "fire", "water", "wind"]
    bases = {c["id"]: c for c in hikaru["bases"]}
    # Printed stats: Strike is range 1, power 4, priority 3, stun guard 5; Dash has N/A.
    assert (bases["strike"]["range"], bases["strike"]["power"], bases["strike"]["priority"],
            bases["strike"]["stun_guard"]) == ([1, 1], 4, 3, 5)
    assert bases["dash"]["range"] == "N/A" and bases["dash"]["priority"] == 9
    assert "Before Activating: Advance 1 or 2 spaces." in bases["drive"]["effects"]
    assert body["special_action"]["id"] == "special-action"


def test_ruleset_serves_its_rulings_with_the_readings_a_new_duel_names(client):
    """The new-duel page reads ``recommended`` from here (G11's ``toward`` among them);
    ``default`` stays what a record naming no reading is judged under."""
    body = client.get("/api/rulesets/battlecon-2014").get_json()
    assert body["rulings"] == registry.find("battlecon-2014").rulings()
    g11 = body["rulings"]["range-direction"]
    assert (g11["rule"], g11["default"], g11["recommended"]) == ("G11", "both", "toward")
    assert [r["value"] for r in g11["readings"]] == ["toward", "both"]
    aob = client.get("/api/rulesets/artobattlers").get_json()["rulings"]
    assert aob == registry.find("artobattlers").rulings()


def test_ruleset_serves_the_schemas_of_its_record_decisions_setup_and_state(client):
    resp = client.get("/api/rulesets/battlecon-2014")
    assert resp.status_code == 200
    schemas = resp.get_json()["schemas"]
    assert set(schemas) == {"record", "decision", "setup", "state"}
    assert schemas == registry.find("battlecon-2014").schemas()
    for schema in schemas.values():
        Draft202012Validator.check_schema(schema)


def test_the_served_state_schema_accepts_the_served_states_and_setup(client, tokens):
    """What a client would do: validate GET .../state (with its "event") and the setup it
    sent, using only what the API served."""
    schemas = client.get("/api/rulesets/battlecon-2014").get_json()["schemas"]
    state_schema = Draft202012Validator(schemas["state"])
    duel = create(client, tokens["scorekeeper"], partial_record(30))["id"]
    for at in (0, 1, 40, None):
        state = client.get(f"/api/duels/{duel}/state" + ("" if at is None else f"?at={at}"))
        body = state.get_json()
        assert "event" in body
        assert [e.message for e in state_schema.iter_errors(body)] == []
    setup = registry.find("battlecon-2014").parse_setup(setup_record())
    assert [e.message for e in Draft202012Validator(schemas["setup"]).iter_errors(setup)] == []


def test_fighters_needs_a_token_when_anonymous_reading_is_off(client, app):
    app.config["ANONYMOUS_READ"] = False
    assert client.get("/api/fighters").status_code == 401


def test_session_names_the_tokens_role(client, tokens):
    anonymous = client.get("/api/session").get_json()
    assert anonymous == {"role": None, "name": None, "anonymous_read": True, "may": ["read"]}
    may = {}
    for role, token in tokens.items():
        body = client.get("/api/session", headers=bearer(token)).get_json()
        assert (body["role"], body["name"]) == (role, holder(role))
        may[role] = body["may"]
    assert may == {"scorekeeper": ["read", "record"], "judge": ["read", "comment"],
                   "head_judge": ["read", "record", "comment", "resolve"]}


def test_session_without_anonymous_reading_may_do_nothing(client, app):
    app.config["ANONYMOUS_READ"] = False
    assert client.get("/api/session").get_json()["may"] == []


def test_session_refuses_an_invalid_token(client):
    resp = client.get("/api/session", headers=bearer("bcj_nope"))
    assert resp.status_code == 401
    assert resp.get_json()["detail"] == "This token is not valid."
