"""A JSON file a ``judge`` command reads (a record, a position): refused with a
``RecordError`` that says why, never a traceback."""

from __future__ import annotations

import json
from typing import Any

from judge.errors import RecordError


def read_json(path: str) -> Any:
    """The file's JSON; a RecordError naming the path when it cannot be read or parsed."""
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except OSError as err:
        raise RecordError(f"Cannot read {path}: {err.strerror}.", "record") from err
    except json.JSONDecodeError as err:
        raise RecordError(f"{path} is not valid JSON: {err.msg} at line {err.lineno}, "
                          f"column {err.colno}.", "record") from err
