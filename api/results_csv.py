"""An event's results as CSV (RFC 4180): one line per table, quoted by the csv module (a
player's name may hold commas, quotes or line breaks), and no cell a spreadsheet would
run as a formula: a text starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return is written with a leading ``'`` (numbers are written as numbers)."""

from __future__ import annotations

import csv
import io

HEADER = ("round", "table", "player_1", "fighter_1", "player_2", "fighter_2", "status",
          "winner", "ended", "beat", "life_1", "life_2", "duel")
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """A value as a safe CSV cell: None empty, a formula-looking text defused."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA):
        return "'" + value
    return value


def winner_text(table: dict) -> str:
    """The winner's name, ``draw``, or empty while the duel goes on."""
    if table["draw"]:
        return "draw"
    if table["winner"] is None:
        return ""
    players = table["players"]
    return str(players[table["winner"]]["name"]) if table["winner"] < len(players) else ""


def line(table: dict) -> list[object]:
    players = (table["players"] + [{}, {}])[:2]
    return [table["round"], table["table"], players[0].get("name"), players[0].get("fighter"),
            players[1].get("name"), players[1].get("fighter"), table["status"],
            winner_text(table), table["ended"], table["beat"], players[0].get("life"),
            players[1].get("life"), table["id"]]


def results_csv(tables: list[dict]) -> str:
    """The CSV text: a header, then one line per table in the order given."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(HEADER)
    for table in tables:
        writer.writerow([cell(v) for v in line(table)])
    return out.getvalue()
