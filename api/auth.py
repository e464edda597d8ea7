"""Bearer tokens with roles. A token is shown once; only its sha256 is stored (as an
event in the same store), and every write records the token's name as its actor."""

from __future__ import annotations

import hashlib
import secrets
from functools import wraps
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate
from flask import current_app, g, request

from api.errors import ApiError

ROLES = ("scorekeeper", "judge", "head_judge")
# What each role may do; head_judge may do everything.
PERMISSIONS = {
    "read": {"scorekeeper", "judge", "head_judge"},
    "record": {"scorekeeper", "head_judge"},
    "comment": {"judge", "head_judge"},
    "resolve": {"head_judge"},
}
# Who sees a secret choice before its reveal: judges always, a scorekeeper only the ones
# they recorded, nobody else (docs/hidden-information.md).
SEES_EVERY_SECRET = {"judge", "head_judge"}


def may_see_secret(recorder: str | None) -> bool:
    """Whether the caller may see a secret choice that ``recorder`` recorded."""
    if g.role in SEES_EVERY_SECRET:
        return True
    return g.role == "scorekeeper" and recorder is not None and recorder == g.actor


class AccessToken(Aggregate):
    TOPIC = "battlecon:AccessToken"

    class Created(Aggregate.Created):
        TOPIC = "battlecon:AccessToken.Created"

    class Issued(Aggregate.Created):
        TOPIC = "battlecon:AccessToken.Issued"
        digest: str
        role: str
        holder: str

    def __init__(self, digest: str, role: str, holder: str) -> None:
        self.digest = digest
        self.role = role
        self.holder = holder


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_id(token_digest: str) -> UUID:
    return uuid5(NAMESPACE_URL, f"battlecon:token:{token_digest}")


def create_token(app, role: str, holder: str) -> str:
    """A new token for ``holder`` with ``role``; the plain token is returned only here."""
    if role not in ROLES:
        raise ValueError(f"Unknown role {role!r}; choose one of {', '.join(ROLES)}.")
    token = "bcj_" + secrets.token_urlsafe(24)
    d = digest(token)
    app.save(AccessToken._create(AccessToken.Issued, id=token_id(d), digest=d, role=role,
                                 holder=holder))
    return token


def lookup(app, token: str) -> tuple[str, str] | None:
    """(role, holder) for a token, or None."""
    d = digest(token)
    cache = current_app.extensions["battlecon"]["tokens"]
    if d in cache:
        return cache[d]
    try:
        agg = app.repository.get(token_id(d))
    except AggregateNotFoundError:
        return None
    if not isinstance(agg, AccessToken) or agg.digest != d:
        return None
    cache[d] = (agg.role, agg.holder)
    return cache[d]


def identify() -> None:
    """Set g.role and g.actor from the Authorization header (None when anonymous).

    Also refuses a write whose body is not JSON (415) before anything else looks at it.
    """
    g.role, g.actor, g.token_digest = None, None, None
    if request.method in ("POST", "PUT", "PATCH") and request.content_length and \
            not request.is_json:
        raise ApiError(415, "Send the body as application/json.")
    header = request.headers.get("Authorization", "")
    if not header:
        return
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "Use 'Authorization: Bearer <token>'.",
                       headers={"WWW-Authenticate": "Bearer"})
    found = lookup(current_app.extensions["battlecon"]["store"], token.strip())
    if found is None:
        raise ApiError(401, "This token is not valid.", headers={"WWW-Authenticate": "Bearer"})
    g.role, g.actor = found
    g.token_digest = digest(token.strip())  # the rate limit's key (api.ratelimit)


def require(action: str):
    """Decorator: the caller's role must allow ``action`` (anonymous may read if allowed)."""

    def wrap(view):
        @wraps(view)
        def inner(*args, **kwargs):
            if g.role is None:
                if action == "read" and current_app.config["ANONYMOUS_READ"]:
                    return view(*args, **kwargs)
                raise ApiError(401, "A valid bearer token is required.",
                               headers={"WWW-Authenticate": "Bearer"})
            if g.role not in PERMISSIONS[action]:
                raise ApiError(403, f"A {g.role} may not do this.")
            return view(*args, **kwargs)

        return inner

    return wrap
