"""Bearer tokens with roles. A token is shown once; only its sha256 is stored (as an
event in the same store), and every write records the token's name as its actor.

A token may carry an expiry (``judge token create --expires``) and may be revoked
(``judge token revoke``): both are events of the token's aggregate, so a server that has
the token cached sees a revocation made by another process at its next request (the cache
asks the store for newer events of that token, one indexed read)."""

from __future__ import annotations

import datetime
import hashlib
import secrets
from dataclasses import dataclass
from functools import wraps
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate
from flask import current_app, g, request

from api.errors import ApiError
from events.faults import StoreFaultError

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

    class IssuedUntil(Aggregate.Created):
        """A token with an expiry (ISO 8601, UTC); tokens issued before have none."""

        TOPIC = "battlecon:AccessToken.IssuedUntil"
        digest: str
        role: str
        holder: str
        expires: str

    def __init__(self, digest: str, role: str, holder: str, expires: str | None = None) -> None:
        self.digest = digest
        self.role = role
        self.holder = holder
        self.expires = expires
        self.revoked: str | None = None  # when, ISO 8601

    class Revoked(Aggregate.Event):
        TOPIC = "battlecon:AccessToken.Revoked"
        at: str
        by: str

        def apply(self, aggregate: AccessToken) -> None:
            aggregate.revoked = self.at


ISSUED_TOPICS = [AccessToken.Issued.TOPIC, AccessToken.IssuedUntil.TOPIC]


@dataclass(frozen=True)
class Holder:
    """Who a token names, and until when it is good (cached per token digest)."""

    role: str
    holder: str
    expires: str | None
    revoked: str | None
    version: int

    def refusal(self, now: datetime.datetime) -> str | None:
        """Why the token is refused now, or None."""
        if self.revoked:
            return f"This token was revoked at {self.revoked}."
        if self.expires and now.isoformat() >= self.expires:
            return f"This token expired at {self.expires}."
        return None


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_id(token_digest: str) -> UUID:
    return uuid5(NAMESPACE_URL, f"battlecon:token:{token_digest}")


def create_token(app: Any, role: str, holder: str,
                 expires: datetime.datetime | None = None, reissue: bool = False) -> str:
    """A new token for ``holder`` with ``role`` (good until ``expires``, an aware datetime,
    if given); the plain token is returned only here.

    The holder's name is an identity: a decision's ``by`` records it, and it decides whose
    face-down pair a reader sees and who may retract what. So a name that an active token
    holds gets no second token (ValueError), unless it is asked for as a ``reissue`` (a
    shift change, a token lost or about to expire), which revokes the holder's active
    tokens at once: the new one keeps the holder's pairs and retractions."""
    if role not in ROLES:
        raise ValueError(f"Unknown role {role!r}; choose one of {', '.join(ROLES)}.")
    held = [t for t in all_tokens(app) if t["holder"] == holder and t["status"] == "active"]
    if held and not reissue:
        raise HolderTaken(f"{holder!r} already holds an active token ({held[0]['id']}, "
                          f"{held[0]['role']}): a holder's name is who they are in every "
                          "duel's record, so it gets no second token. Reissue it (judge token "
                          "create --reissue), which revokes the old one at once, or choose "
                          "another name.")
    for t in held:
        revoke_token(app, t["id"], by="reissue")
    token = "bcj_" + secrets.token_urlsafe(24)
    d = digest(token)
    if expires is None:
        app.save(AccessToken._create(AccessToken.Issued, id=token_id(d), digest=d, role=role,
                                     holder=holder))
    else:
        when = expires.astimezone(datetime.UTC).isoformat()
        app.save(AccessToken._create(AccessToken.IssuedUntil, id=token_id(d), digest=d,
                                     role=role, holder=holder, expires=when))
    return token


class HolderTaken(ValueError):
    """A new token for a name an active token holds, not asked for as a reissue."""


def _holder(agg: AccessToken) -> Holder:
    return Holder(agg.role, agg.holder, getattr(agg, "expires", None),
                  getattr(agg, "revoked", None), agg.version)


def lookup(app: Any, token: str) -> Holder | None:
    """Whom a token names (valid or not: ``Holder.refusal`` says), or None if unknown.

    A cached holder is used only while the store holds no newer event of its token (a
    revocation by ``judge token revoke`` in another process is seen at once)."""
    d = digest(token)
    cache = current_app.extensions["battlecon"]["tokens"]
    known = cache.get(d)
    if known is not None and not app.recorder.select_events(token_id(d), gt=known.version,
                                                            limit=1):
        return known
    try:
        agg = app.repository.get(token_id(d))
    except AggregateNotFoundError:
        return None
    if not isinstance(agg, AccessToken) or agg.digest != d:
        return None
    cache[d] = _holder(agg)
    return cache[d]


def all_tokens(app: Any) -> list[dict]:
    """Every token ever issued, oldest first: id, holder, role, issued, expires, status."""
    ids, start = [], 1
    while batch := app.recorder.select_notifications(start=start, limit=500,
                                                     topics=ISSUED_TOPICS):
        ids += [n.originator_id for n in batch]
        start = batch[-1].id + 1
    now = datetime.datetime.now(datetime.UTC)
    out = []
    for token in ids:
        agg = app.repository.get(token)
        held = _holder(agg)
        refusal = held.refusal(now)
        status = "active" if refusal is None else ("revoked" if held.revoked else "expired")
        out.append({"id": str(token), "holder": agg.holder, "role": agg.role,
                    "issued": agg.created_on.isoformat(), "expires": held.expires,
                    "revoked": held.revoked, "status": status})
    return out


def revoke_token(app: Any, token_or_id: str, by: str) -> dict:
    """Revoke a token, named by its id (``judge token list``) or by the token itself."""
    try:
        ident = UUID(token_or_id)
    except ValueError:
        ident = token_id(digest(token_or_id))
    try:
        agg = app.repository.get(ident)
    except AggregateNotFoundError:
        raise ValueError(f"No token {token_or_id!r} in this store.") from None
    if not isinstance(agg, AccessToken):
        raise ValueError(f"No token {token_or_id!r} in this store.")
    if getattr(agg, "revoked", None):
        raise ValueError(f"That token was already revoked at {agg.revoked}.")
    agg.trigger_event(AccessToken.Revoked, at=datetime.datetime.now(datetime.UTC).isoformat(),
                      by=by)
    app.save(agg)
    return {"id": str(ident), "holder": agg.holder, "role": agg.role, "revoked": agg.revoked}


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
    try:
        found = lookup(current_app.extensions["battlecon"]["store"], token.strip())
    except StoreFaultError:
        if request.endpoint == "health.Health":  # health answers while the process lives
            return
        raise
    if found is None:
        raise ApiError(401, "This token is not valid.", headers={"WWW-Authenticate": "Bearer"})
    refusal = found.refusal(datetime.datetime.now(datetime.UTC))
    if refusal:
        raise ApiError(401, refusal, headers={"WWW-Authenticate": "Bearer"})
    g.role, g.actor = found.role, found.holder
    g.token_digest = digest(token.strip())  # the rate limit's key (api.ratelimit)


def require(action: str) -> Any:
    """Decorator: the caller's role must allow ``action`` (anonymous may read if allowed)."""

    def wrap(view: Any) -> Any:
        @wraps(view)
        def inner(*args: Any, **kwargs: Any) -> Any:
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
