"""What no request body may carry, checked before any view reads it.

Text no store can hold (``events.text``: a NUL character, or a lone surrogate such as
``"\\ud800"``, which JSON's escapes allow) is refused with 422 naming where it is in any
body or query argument, so
that it never reaches a duel, a label, an annotation, a comment or a ruling (headers are
read as Latin-1 and cannot hold one). JSON nested deeper than ``MAX_JSON_DEPTH`` (32 by default) is refused
with 422 too, before the parser's recursion could fail.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, request

from api.errors import body
from events.text import why_unstorable

MAX_JSON_DEPTH = 32


def first_problem(value: Any, limit: int) -> tuple[str, str] | None:
    """(where, what) of the first string that is not UTF-8 or the first level too deep."""
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        item, where, depth = stack.pop()
        if depth > limit:
            return where or "(body)", f"nests deeper than {limit} levels"
        why = why_unstorable(item) if isinstance(item, str) else None
        if why:
            return where or "(body)", why
        if isinstance(item, dict):
            for key, v in item.items():
                if why_unstorable(key):
                    return where or "(body)", "has a key that is not text a store can hold"
                stack.append((v, f"{where}.{key}" if where else key, depth + 1))
        elif isinstance(item, list):
            stack.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(item))
    return None


def _deeper_than(raw: bytes, limit: int) -> bool:
    """Whether the raw JSON opens more than ``limit`` brackets at once (strings skipped)."""
    depth, in_string, escaped = 0, False, False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # a backslash escapes the next byte
                escaped = True
            elif byte == 0x22:
                in_string = False
            continue
        if byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            if depth > limit:
                return True
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return False


def guard_request() -> Any:
    """A 422 for a body, key or query argument the store could not keep (or would choke
    on when searching); None lets the request through."""
    limit = int(current_app.config.get("MAX_JSON_DEPTH", MAX_JSON_DEPTH))
    for name, value in request.args.items(multi=True):
        why = why_unstorable(name) or why_unstorable(value)
        if why:
            return _refused(f"the query argument {name!r}", why), 422
    if not request.is_json:
        return None
    raw = request.get_data(cache=True)
    if _deeper_than(raw, limit):
        return _refused("(body)", f"nests deeper than {limit} levels"), 422
    data = request.get_json(silent=True)
    problem = None if data is None else first_problem(data, limit)
    if problem is None:
        return None
    return _refused(*problem), 422


def _refused(where: str, what: str) -> dict:
    reason = f"{where} {what}; nothing was stored."
    return body(422, reason, errors={where: [reason]})
