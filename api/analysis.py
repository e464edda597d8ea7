"""/api/duels/<id>/analysis and /api/analysis: a beat start as a matrix game
(docs/analysis.md), computed within a time budget and cached by position.

Who may see it: analysis coaches, so while a duel is in progress only judges get it;
everyone else once the duel is over (by then every face-down choice is revealed). The
choices actually played at the beat start are given only to a reader who may see them.
"""

from __future__ import annotations

import bisect
from typing import Any
from uuid import UUID

from flask import current_app, g
from flask.views import MethodView
from flask_smorest import Blueprint

from api import schemas as S
from api.analysis_cache import AnalysisCache
from api.auth import SEES_EVERY_SECRET, require
from api.errors import ApiError, ErrorSchema
from api.views import load, reader_withheld, store
from events.app import JudgeApp
from events.domain import DuelRecord
from events.visibility import Withheld
from judge import registry
from judge.budget import Budget, BudgetExceeded
from judge.ruleset import AnalysisStart, Ruleset

blp = Blueprint("analysis", __name__, url_prefix="/api",
                description="Beat analysis: a beat start as a matrix game, each side's mix.")

DEFAULT_BUDGET_S = 10.0  # config ANALYSIS_BUDGET_S
IN_PROGRESS = ("While a duel is in progress its analysis is for judges only (analysis "
               "coaches); it opens to every reader once the duel is over.")
NOT_SEEN: dict[str, Any] = {"played": None, "revealed_at": None, "question_at": None}


def budget_s() -> float:
    return float(current_app.config.get("ANALYSIS_BUDGET_S") or DEFAULT_BUDGET_S)


def cache() -> AnalysisCache:
    return current_app.extensions["battlecon"]["analyses"]


@blp.route("/duels/<uuid:duel_id>/analysis")
class DuelAnalysis(MethodView):
    @require("read")
    @blp.arguments(S.AnalysisArgs, location="query")
    @blp.response(200, S.AnalysisSchema)
    @blp.alt_response(403, schema=ErrorSchema, description="The duel is in progress and "
                      "the caller is not a judge.")
    @blp.alt_response(422, schema=ErrorSchema, description="No such beat start, a ruleset "
                      "without analysis, or an analysis over the time budget (`budget_s`).")
    def get(self, args: dict, duel_id: UUID) -> Any:
        """The first beat start at or after event ``at`` (else the start of beat
        ``beat``, else the latest beat start) as a matrix game: ``judge analyse --json``'s answer (docs/analysis.md), plus the
        choices actually played there when this reader may see them. Judges only while
        the duel is in progress (403), every reader once it is over. Refused with 422
        naming the budget when it would take longer than ``ANALYSIS_BUDGET_S`` seconds
        (10 by default); cached by position (header ``X-Analysis-Cache``: hit or miss)."""
        agg = load(duel_id)
        rules = registry.of_setup(agg.setup)
        with store().lock(duel_id):  # the match is read here only, never while analysing
            if g.role not in SEES_EVERY_SECRET and not store().is_over(agg):
                raise ApiError(403, IN_PROGRESS)
            offers(rules)
            start, standing = _start(agg, rules, args)
            seen = after_start(agg, rules, start.event, standing, reader_withheld(agg))
        return answer(rules, start, {"event": _stream(standing, start.event), **seen})


@blp.route("/analysis")
class PositionAnalysis(MethodView):
    @require("read")
    @blp.arguments(S.AnalysisPositionSchema)
    @blp.response(200, S.AnalysisSchema)
    @blp.alt_response(422, schema=ErrorSchema, description="An invalid position, a ruleset "
                      "without analysis, or an analysis over the time budget (`budget_s`).")
    def post(self, body: dict) -> Any:
        """A shared position (a record's ``position``, as ``judge analyse --position``
        reads it) analysed at its beat start, as the duel route answers (``event`` and
        ``played`` null); the same budget and cache."""
        record = {"format": "battlecon-record/1", "ruleset": body["ruleset"],
                  "position": body["position"], "decisions": []}
        rules = registry.of_record(record)
        offers(rules)
        start = rules.analysis_start(rules.from_record(record), at=0)
        return answer(rules, start, {"event": None, **NOT_SEEN})


def offers(rules: Ruleset) -> None:
    """A ruleset without an analysis is refused with 422 naming it."""
    if not rules.analyses:
        raise ApiError(422, f"The ruleset {rules.name!r} offers no analysis (only BattleCON "
                       "does: docs/analysis.md).", rule="analysis")


def _start(agg: DuelRecord, rules: Ruleset, args: dict) -> tuple[AnalysisStart, list[int]]:
    """The beat start asked for, in the standing match (retracted events left out), and
    the stream's number of every standing event."""
    total = agg.events_count
    standing = JudgeApp.standing_events(agg)
    at = args.get("at")
    beat = None if at is not None else args.get("beat")
    if at is not None:
        if at > total:
            raise ApiError(404, f"Event {at} does not exist; the duel has {total} events.")
        at = bisect.bisect_right(standing, at)
    return rules.analysis_start(JudgeApp.standing_match(agg), beat=beat, at=at), standing


def _stream(standing: list[int], n: int) -> int:
    """The stream's event number after which the first ``n`` standing events stand."""
    return standing[n - 1] if n else 0


def after_start(agg: DuelRecord, rules: Ruleset, n: int, standing: list[int],
                hidden: Withheld) -> dict[str, Any]:
    """What followed the beat start (after ``n`` standing events): each player's
    pre-reveal decisions (passes, corrections and concessions left out; given once each
    player has made one, and only when this reader may see every one of them), the
    reveal's event and the first teaching question after it."""
    events = JudgeApp.standing_match(agg).events
    played: list[list[dict]] = [[], []]
    revealed = question = None
    secret = False
    for i in range(n, len(events)):
        kind, e = events[i]
        if kind == "decision" and revealed is None:
            player = e.get("player")
            if e.get("kind") not in ("pass", "correction", *rules.standing_kinds) and \
                    player in (0, 1):
                played[player].append(dict(e))
                secret = secret or standing[i] in hidden.secrets
        elif kind == "fact" and revealed is None and rules.is_reveal(e):
            revealed = standing[i]
        elif kind == "fact" and revealed is not None and \
                rules.teaching_question(agg.setup, e) is not None:
            question = standing[i]
            break
    shown = None if secret or not all(played) else played
    return {"played": shown, "revealed_at": revealed, "question_at": question}


def answer(rules: Ruleset, start: AnalysisStart, extra: dict[str, Any]) -> Any:
    """The analysis of ``start`` from the cache or computed now (within the budget), with
    this request's players' names and ``extra``."""
    key = (rules.name, start.key)
    found = cache().get(key)
    status = "hit"
    if found is None:
        found, status = compute(rules, start), "miss"
        cache().put(key, found)
    played = extra.get("played")
    if played is not None:
        extra = {**extra, "played": [{"decisions": d, "choice": _index(found["pairs"][p], d)}
                                     for p, d in enumerate(played)]}
    body = {**found, "players": list(start.names), "ruleset": rules.name,
            "budget_s": budget_s(), **extra}
    return body, 200, {"X-Analysis-Cache": status}


def _index(choices: list[list[dict]], decisions: list[dict]) -> int | None:
    return choices.index(decisions) if decisions in choices else None


def compute(rules: Ruleset, start: AnalysisStart) -> dict[str, Any]:
    """The analysis, given up with 422 naming the budget once it runs longer."""
    limit = budget_s()
    try:
        return rules.analyse_start(start, budget=Budget(limit))
    except BudgetExceeded:
        raise ApiError(422, f"The analysis of beat {start.beat} was given up: it needs more "
                       f"than the time budget of {limit:g} s (ANALYSIS_BUDGET_S). Nothing "
                       "was cached; `judge analyse` on your own machine has no budget.",
                       rule="budget", budget_s=limit) from None
