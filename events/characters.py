"""Characters players entered as data (their own cards), kept in the event store.

One ``CharacterBook`` aggregate per ruleset holds every character imported for it, each
under its id: an import is one ``Imported`` event (the characters as the ruleset checked
them, who imported them, in which role, when), so nothing is ever overwritten in place; a
replaced character's earlier versions stay in the stream. The store never judges a
character itself: the ruleset does (``judge.ruleset.Ruleset.check_characters``), reached
through the registry. A duel that uses an imported character carries it inline in its
setup, so a record replays anywhere, with or without this book.
"""

from __future__ import annotations

import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from judge import registry
from judge.errors import RecordError

ATTEMPTS = 10  # another import may land first: retry on the book's new version


class CharacterIdTakenError(ValueError):
    """An imported id is already in the book and the import did not say to replace it."""

    def __init__(self, ids: list[str]) -> None:
        super().__init__(f"Already imported: {', '.join(ids)}. Import again with replace "
                         "(judge characters import --replace, or ?replace=true) to store "
                         "the new version; the earlier one stays in the history.")
        self.ids = ids


class CharacterBook(Aggregate):
    """The characters imported for one ruleset, the latest version of each id."""

    TOPIC = "battlecon:CharacterBook"

    class Created(Aggregate.Created):
        TOPIC = "battlecon:CharacterBook.Created"

    class Opened(Aggregate.Created):
        TOPIC = "battlecon:CharacterBook.Opened"
        ruleset: str

    class Imported(Aggregate.Event):
        TOPIC = "battlecon:CharacterBook.Imported"
        characters: list
        by: str
        role: str | None
        at: str

        def apply(self, aggregate: CharacterBook) -> None:
            for character in self.characters:
                aggregate.entries[character["id"]] = {
                    "id": character["id"], "name": character["name"],
                    "imported_by": self.by, "role": self.role, "imported_at": self.at,
                    "version": aggregate.entries.get(character["id"], {}).get("version", 0) + 1,
                    "character": character}

    def __init__(self, ruleset: str) -> None:
        self.ruleset = ruleset
        self.entries: dict[str, dict[str, Any]] = {}


def book_id(ruleset: str) -> UUID:
    return uuid5(NAMESPACE_URL, f"battlecon:characters:{ruleset}")


def _book(app: Any, ruleset: str) -> CharacterBook:
    try:
        book = app.repository.get(book_id(ruleset))
    except AggregateNotFoundError:
        return CharacterBook._create(CharacterBook.Opened, id=book_id(ruleset), ruleset=ruleset)
    if not isinstance(book, CharacterBook):  # pragma: no cover - ids are name-spaced
        raise TypeError(f"The store holds something else under {book_id(ruleset)}.")
    return book


def import_characters(app: Any, document: Any, by: str, role: str | None = None,
                      replace: bool = False, ruleset: str | None = None) -> list[dict]:
    """Check ``document`` with its ruleset and keep its characters; their entries.

    ``ruleset``: the ruleset the caller names (the API's path); the document's own
    ``ruleset`` field must agree. RecordError (naming the field) when the ruleset refuses
    the document; CharacterIdTakenError when an id is in the book and ``replace`` is off.
    """
    name = ruleset or (document.get("ruleset") if isinstance(document, dict) else None)
    if not isinstance(name, str):
        raise RecordError("ruleset: name the ruleset the characters are for.", "record",
                          field="ruleset")
    rules = registry.find(name)
    if isinstance(document, dict) and document.get("ruleset", name) != name:
        raise RecordError(f"ruleset: this file is for {document.get('ruleset')!r}, not "
                          f"{name!r}.", "record", field="ruleset")
    characters = rules.check_characters(document)
    for attempt in range(ATTEMPTS):
        book = _book(app, rules.name)
        taken = sorted(c["id"] for c in characters if c["id"] in book.entries)
        if taken and not replace:
            raise CharacterIdTakenError(taken)
        book.trigger_event(CharacterBook.Imported, characters=characters, by=by, role=role,
                           at=datetime.datetime.now(datetime.UTC).isoformat())
        try:
            app.save(book)
        except IntegrityError:
            if attempt == ATTEMPTS - 1:
                raise
            continue
        return [book.entries[c["id"]] for c in characters]
    raise AssertionError("unreachable")


def imported_characters(app: Any, ruleset: str) -> list[dict]:
    """Every character imported for ``ruleset`` (its latest version), sorted by id."""
    rules = registry.find(ruleset)
    try:
        book = app.repository.get(book_id(rules.name))
    except AggregateNotFoundError:
        return []
    return [book.entries[k] for k in sorted(book.entries)]
