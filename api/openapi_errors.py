"""The error answers every operation may give, written into the OpenAPI document.

flask-smorest documents a 422 and a default error; a client also needs to know that any
operation may answer 401 (no token where one is needed: anonymous reading can be switched
off), that writes may answer 403 (the role may not do this), and that recording a decision
may answer 409 (someone recorded first) and 428 (no If-Match), that a decision, a fork
or an import may answer 413 (the duel would pass MAX_DUEL_EVENTS), and that a write may be
refused with 429 (its token's rate limit), that any operation may answer 503 when the
store is unreachable (with ``Retry-After``) and a write 503 when it is read-only, and that
a write may answer 507 when the store is full (``events.faults``). All carry the one error
shape (``Error``).
"""

from __future__ import annotations

from typing import Any

ERRORS = {
    401: ("UNAUTHORIZED", "A valid bearer token is required."),
    403: ("FORBIDDEN", "The caller's role may not do this."),
    409: ("CONFLICT", "The duel moved on (someone recorded first); reload and try again. "
                      "A retraction is refused with 409 and the rule cited when it would go "
                      "back too far. (A dispute already resolved is a 422: it takes no more "
                      "comments and no second resolution.)"),
    413: ("CONTENT_TOO_LARGE", "The duel would pass the store's limit on its events "
                               "(MAX_DUEL_EVENTS, default 10,000; ``limit`` names it), or "
                               "the record is larger than MAX_RECORD_BYTES: nothing stored."),
    428: ("PRECONDITION_REQUIRED", "Send the duel's version in an If-Match header."),
    429: ("TOO_MANY_REQUESTS", "Too many writes or imports from this token; wait as "
                               "Retry-After says (api.ratelimit)."),
    503: ("SERVICE_UNAVAILABLE", "The store is unreachable (it did not answer within "
                                 "STORE_TIMEOUT, default 5 s), or, for a write, read-only "
                                 "(reads are still served); the detail says which, and "
                                 "Retry-After when to try again. Nothing was stored."),
    507: ("INSUFFICIENT_STORAGE", "The store is full: nothing was stored, the duel is as "
                                  "it was; send it again once space is freed."),
}
WRITES = ("post", "put", "patch", "delete")

# What JSON Schema cannot say about every text, in the document's own description.
DESCRIPTION = (
    "Every text the service takes, in a body (values and keys) or a query argument, is "
    "Unicode text that every store can hold: no NUL character (U+0000) and no lone "
    "surrogate; other text is refused with 422 naming where it was (events/text.py). A 422 "
    "may also refuse a well-formed request as a whole: the duel's ruleset judging its "
    "content (an illegal decision, an unknown fighter: `rule` names the rule), or the "
    "stored duel or dispute not fitting it (an event the duel does not have, a fork point "
    "in the middle of a decision, a dispute already resolved).")


def document_errors(api: Any) -> None:
    """Add the error responses to the spec's components and to every operation."""
    for _code, (name, description) in ERRORS.items():
        api.spec.components.response(name, {"description": description, "content": {
            "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}})
    for path, operations in api.spec._paths.items():  # noqa: SLF001 - apispec keeps them here
        for method, operation in operations.items():
            if method not in ("get", *WRITES):
                continue
            # health answers 200 while the process lives (its store_state says more)
            codes = [401] + ([] if path.endswith("/health") else [503])
            codes += [403, 429, 507] if method in WRITES else []
            if method == "post" and path.endswith(("/decisions", "/resolution", "/comments",
                                                   "/retractions")):
                codes.append(409)
            if method == "post" and path.endswith(("/decisions", "/retractions")):
                codes.append(428)
            if method == "post" and path.endswith(("/decisions", "/forks", "/duels")):
                codes.append(413)
            responses = operation.setdefault("responses", {})
            for code in codes:
                responses.setdefault(str(code), {"$ref": f"#/components/responses/"
                                                         f"{ERRORS[code][0]}"})


def document_constraints(api: Any) -> None:
    """What a schema checks across its fields, said in the document too: a correction
    names at least one of its changes, players or characters (``CorrectionSchema``); a new
    duel is a record (with its ``format``, without a log's ``header`` or ``events``) or a log
    (``header`` and ``events``, nothing else: ``DuelCreateSchema``)."""
    correction = api.spec.components.schemas.get("Correction")
    if correction is not None:
        correction["anyOf"] = [{"required": [k]} for k in ("changes", "players",
                                                          "characters")]
    created = api.spec.components.schemas.get("DuelCreate")
    if created is not None:
        created["anyOf"] = [
            {"required": ["format"],
             "not": {"anyOf": [{"required": ["header"]}, {"required": ["events"]}]}},
            {"required": ["header", "events"], "maxProperties": 2}]
