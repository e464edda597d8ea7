"""Errors of the event store, each a plain sentence a scorekeeper can act on."""

from __future__ import annotations


class StoreError(Exception):
    """Base class of the event store's refusals."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class DuelNotFoundError(StoreError, KeyError):
    """No duel (or dispute) with that id."""

    def __str__(self) -> str:
        return self.reason


class VersionConflictError(StoreError):
    """The duel moved on since the writer looked: nothing was stored."""

    def __init__(self, reason: str, current: int) -> None:
        super().__init__(reason)
        self.current = current


class IdempotencyKeyReuseError(StoreError):
    """The same idempotency key was sent with a different decision."""


class DisputeError(StoreError):
    """A dispute cannot take this step (already resolved, bad correction...)."""


class IntegrityCheckError(StoreError):
    """An exported log does not verify; ``event`` is the first bad event number."""

    def __init__(self, reason: str, event: int | None) -> None:
        super().__init__(reason)
        self.event = event


class StoredDuelCorruptError(IntegrityCheckError):
    """A stored duel whose events (or snapshot) do not verify: it is not served."""

    def __init__(self, duel_id: object, reason: str, event: int | None) -> None:
        super().__init__(f"Duel {duel_id} is not served: its stored record does not verify "
                         f"({reason}). Restore it from a backup or a signed export.", event)
        self.duel_id = duel_id


class DuelTooLargeError(StoreError):
    """A decision, fork or import that would take a duel past the store's limit on its
    events (``MAX_DUEL_EVENTS``): nothing is stored."""

    def __init__(self, reason: str, limit: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.limit = limit


class DuelAlreadyStoredError(StoreError):
    """An imported file's duel is stored here already (``events.imports``): ``duel_id``
    names it. Nothing was stored; a copy is made only when asked for explicitly."""

    def __init__(self, reason: str, duel_id: object) -> None:
        super().__init__(reason)
        self.duel_id = duel_id
