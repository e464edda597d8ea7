"""A duel's labels (event, round, table, ...): short texts that find a duel again.

Labels are part of every ruleset's record envelope, so one rule for all: an object of at
most ``MAX_LABELS`` labels, each a name and a text of at most ``MAX_LABEL_LENGTH``
characters. Anything else is refused with a RecordError naming ``labels``.
"""

from __future__ import annotations

from typing import Any

from judge.errors import RecordError

MAX_LABELS = 32
MAX_LABEL_LENGTH = 100


def check_labels(labels: Any) -> dict[str, str]:
    """``labels`` if it is a valid labels object; RecordError (field ``labels``) if not."""
    def refuse(reason: str) -> RecordError:
        return RecordError(f"labels {reason}.", "record.labels", field="labels")

    if not isinstance(labels, dict):
        raise refuse("must be an object of names and texts")
    if len(labels) > MAX_LABELS:
        raise refuse(f"may hold at most {MAX_LABELS} labels, not {len(labels)}")
    for name, text in labels.items():
        if not isinstance(text, str):
            raise refuse(f"{name!r} must be a text, not {type(text).__name__}")
        if len(name) > MAX_LABEL_LENGTH or len(text) > MAX_LABEL_LENGTH:
            raise refuse(f"{name[:20]!r}: names and texts are at most {MAX_LABEL_LENGTH} "
                         "characters")
    return labels
