"""Text a store cannot hold, refused before anything is written.

PostgreSQL keeps no NUL character (U+0000) in text or JSON, and no store keeps a lone
surrogate (``"\\ud800"``, which JSON's escapes allow but UTF-8 cannot encode). One such
character stored on PostgreSQL took the list and the health check down for everyone. So
the same rule holds on every store: such text is refused at the door (the API's guard, the
CLI's inputs) and, as a last line, before any event is saved (``JudgeApp.save``), naming
where it is.
"""

from __future__ import annotations

from typing import Any


class UnstorableTextError(ValueError):
    """Text no store can hold; ``where`` names the field."""

    def __init__(self, where: str, what: str) -> None:
        super().__init__(f"{where} {what}; nothing was stored.")
        self.where = where
        self.reason = str(self)


def why_unstorable(text: str) -> str | None:
    """What in ``text`` no store can hold, or None."""
    if "\x00" in text:
        return "holds a NUL character (U+0000), which no store can keep"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "holds text that is not valid Unicode (a lone surrogate)"
    return None


def unstorable(value: Any, where: str = "") -> tuple[str, str] | None:
    """(where, what) of the first string or key in ``value`` no store can hold, or None."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        item, at = stack.pop()
        if isinstance(item, str):
            why = why_unstorable(item)
            if why:
                return at or "(text)", why
        elif isinstance(item, dict):
            for key, v in item.items():
                name = f"{at}.{key}" if at else str(key)
                why = why_unstorable(key) if isinstance(key, str) else None
                if why:
                    return at or "(body)", f"has a key that {why.removeprefix('holds ')}"
                stack.append((v, name))
        elif isinstance(item, list | tuple):
            stack.extend((v, f"{at}[{i}]") for i, v in enumerate(item))
    return None


def check_storable(value: Any, where: str = "") -> None:
    """UnstorableTextError for the first text in ``value`` no store can hold."""
    found = unstorable(value, where)
    if found is not None:
        raise UnstorableTextError(*found)
