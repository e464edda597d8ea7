"""The service's signature on its exports (docs/event-store.md, Signed exports).

A log export's hash chain shows that no event was changed after the fact, but anyone can
compute a chain: changing a player's name, a label or the duel's id, or cutting the tail,
and hashing again, gives a log that verifies. So the service signs what the chain ends in
(the duel, the genesis hash, the head hash and the number of events) with an Ed25519 key.
The key is made at the first start and kept in the event store itself, so that every
worker and every host of one service signs with the same key; ``judge key`` prints its
public half, which a verifier pins with ``judge verify --key``.
"""

from __future__ import annotations

import base64
from typing import Any
from uuid import NAMESPACE_URL, uuid5

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from events.hashing import canonical

ALGORITHM = "Ed25519"
PREFIX = "ed25519:"
KEY_ID = uuid5(NAMESPACE_URL, "battlecon:service-signing-key")


class ServiceKey(Aggregate):
    """The service's signing key: one per store, made once."""

    TOPIC = "battlecon:ServiceKey"

    class Created(Aggregate.Created):
        TOPIC = "battlecon:ServiceKey.Created"

    class Made(Aggregate.Created):
        TOPIC = "battlecon:ServiceKey.Made"
        private: str  # the raw 32-byte Ed25519 private key, base64

    def __init__(self, private: str) -> None:
        self.private = private


def service_key(app: Any) -> Ed25519PrivateKey:
    """The store's signing key, made now if the store has none (a second process making
    one at the same moment loses the race and reads the winner's)."""
    try:
        return _private(app.repository.get(KEY_ID))
    except AggregateNotFoundError:
        pass
    raw = Ed25519PrivateKey.generate().private_bytes_raw()
    made = ServiceKey._create(ServiceKey.Made, id=KEY_ID,
                              private=base64.b64encode(raw).decode("ascii"))
    try:
        app.save(made)
    except IntegrityError:
        return _private(app.repository.get(KEY_ID))
    return _private(made)


def _private(agg: ServiceKey) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(base64.b64decode(agg.private))


def public_text(key: Ed25519PrivateKey) -> str:
    """The public key as ``judge key`` prints it and ``judge verify --key`` takes it."""
    raw = key.public_key().public_bytes_raw()
    return PREFIX + base64.b64encode(raw).decode("ascii")


def _signed(duel: str, genesis: str, head: str, events: int) -> bytes:
    return canonical({"duel": duel, "genesis": genesis, "head": head,
                      "events": events}).encode("utf-8")


def sign(key: Ed25519PrivateKey, duel: str, genesis: str, head: str, events: int) -> dict:
    """The header's ``signature``: what was signed, by which key, and the signature."""
    value = key.sign(_signed(duel, genesis, head, events))
    return {"alg": ALGORITHM, "key": public_text(key), "head": head, "events": events,
            "value": base64.b64encode(value).decode("ascii")}


def check(signature: Any, duel: str, genesis: str, head: str, events: int) -> str | None:
    """Why ``signature`` does not sign this chain, or None when it does."""
    if not isinstance(signature, dict) or signature.get("alg") != ALGORITHM:
        return "the signature is not an Ed25519 signature of this service"
    if signature.get("events") != events or signature.get("head") != head:
        return (f"the log was signed with {signature.get('events')} events ending in "
                f"{str(signature.get('head'))[:12]}…, not these {events} (cut or extended)")
    try:
        public = Ed25519PublicKey.from_public_bytes(_raw(signature.get("key")))
        public.verify(base64.b64decode(str(signature.get("value")), validate=True),
                      _signed(duel, genesis, head, events))
    except (InvalidSignature, ValueError, TypeError):
        return ("the signature does not match the log (its setup, names, labels, id or "
                "events were changed and hashed again)")
    return None


def _raw(text: Any) -> bytes:
    if not isinstance(text, str) or not text.startswith(PREFIX):
        raise ValueError("not an ed25519: key")
    return base64.b64decode(text[len(PREFIX):], validate=True)


def read_key(text: str) -> str:
    """A public key given to ``judge verify --key``: the key itself, or a file holding
    it (as ``judge key`` prints it); ValueError when it is neither."""
    candidate = text.strip()
    if not candidate.startswith(PREFIX):
        try:
            with open(candidate, encoding="utf-8") as fh:
                candidate = fh.read().strip()
        except OSError as err:
            raise ValueError(f"{text!r} is neither an {PREFIX}… key nor a readable file "
                             f"({err.strerror}).") from None
    try:
        if len(_raw(candidate)) != 32:
            raise ValueError
    except ValueError:
        raise ValueError(f"{text!r} is not an Ed25519 public key as judge key prints "
                         "it.") from None
    return candidate
