"""``judge characters import FILE`` and ``judge characters list``: characters players enter
as data (their own cards), checked by the ruleset the file names and kept in the store,
where the new-duel form finds them (``events.characters``). The same checks as
``POST /api/rulesets/{name}/characters``: a refusal names the field and stores nothing."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from judge import registry
from judge.errors import RecordError


def read_file(path: str) -> Any:
    """A character file: JSON, or YAML (``.yaml``/``.yml``, the form of characters.yaml)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise RecordError(f"Cannot read {path}: {err.strerror}.", "record") from err
    except UnicodeDecodeError as err:
        raise RecordError(f"{path} is not UTF-8 text.", "record") from err
    if path.endswith((".yaml", ".yml")):
        import yaml  # type: ignore[import-untyped]

        try:
            return yaml.safe_load(text)
        except yaml.YAMLError as err:
            raise RecordError(f"{path} is not valid YAML: {err}", "record") from err
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"{path} is not valid JSON: {err.msg} at line {err.lineno}, "
                          f"column {err.colno}.", "record") from err


def cmd_import(args: argparse.Namespace, app: Any) -> int:
    from events.characters import CharacterIdTakenError, import_characters

    document = read_file(args.file)
    try:
        entries = import_characters(app, document, args.actor, role="operator",
                                    replace=args.replace)
    except CharacterIdTakenError as err:
        print(f"judge: {err}", file=sys.stderr)
        return 2
    for entry in entries:
        print(f"imported {entry['id']} ({entry['name']}), version {entry['version']}")
    return 0


def importing_rulesets(wanted: str | None) -> list[str]:
    """The rulesets to list: the one named, or every one that takes imported characters."""
    if wanted is not None:
        rules = registry.find(wanted)
        if not rules.imports_characters:
            raise RecordError(f"The ruleset {wanted!r} takes no imported characters.",
                              "record", field="ruleset")
        return [rules.name]
    return [n for n in registry.names() if registry.find(n).imports_characters]


def cmd_list(args: argparse.Namespace, app: Any) -> int:
    from events.characters import imported_characters

    books = {name: imported_characters(app, name) for name in importing_rulesets(args.ruleset)}
    if args.json:
        print(json.dumps(books, indent=2, ensure_ascii=False))
        return 0
    count = 0
    for name, entries in books.items():
        for e in entries:
            count += 1
            print(f"{name}  {e['id']:<24} {e['name']:<24} version {e['version']}, imported by "
                  f"{e['imported_by']} on {e['imported_at'][:10]}")
    print(f"({count} imported character{'' if count == 1 else 's'}; import more with judge "
          "characters import FILE)", file=sys.stderr)
    return 0
