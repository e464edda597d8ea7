"""The application factory: ``create_app(config)`` builds the API on one store."""

from __future__ import annotations

import contextlib
import math
import os
from typing import Any

from flask import Flask, current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint

from api import schemas as S
from api.analysis_cache import DEFAULT_SIZE, AnalysisCache
from api.auth import identify
from api.errata import apply_errata
from api.errata import configured as errata_file
from api.errors import ApiError, JudgeApi, body, handle_api_error
from api.guard import guard_request
from api.openapi_errors import DESCRIPTION, document_constraints, document_errors
from api.plugins import configured, load_ruleset_modules
from api.ratelimit import Buckets, limit_writes
from api.ratelimit import configured as rate_limits
from events.app import JudgeApp
from events.errors import (
    DisputeError,
    DuelNotFoundError,
    DuelTooLargeError,
    IdempotencyKeyReuseError,
    StoredDuelCorruptError,
    VersionConflictError,
)
from events.faults import (
    StoreDamagedError,
    StoreFaultError,
    StoreFullError,
    StoreReadOnlyError,
    StoreUnavailableError,
)
from events.projector import Projector
from events.text import UnstorableTextError
from judge import JudgeError

MAX_BODY = 2 * 1024 * 1024
READ_ONLY_RETRY = 60  # seconds: a read-only store waits for someone to act

health = Blueprint("health", __name__, url_prefix="/api", description="Service health.")


@health.route("/health")
class Health(MethodView):
    @health.response(200, S.HealthSchema)
    def get(self) -> Any:
        """Is the service up (200 while the process lives), on which store, whether the
        store answers and takes writes (``store_state``, asked within its timeout), and, for
        whoever may read, how many duels."""
        from flask import g

        ext = current_app.extensions["battlecon"]
        state = ext["store"].store_state()  # bounded by the store's timeout
        out = {"status": "ok", "store": ext["store_kind"],
               "store_state": {"kind": ext["store_kind"], **state}}
        if state["reachable"] and (g.get("role") is not None or
                                   current_app.config["ANONYMOUS_READ"]):
            with contextlib.suppress(StoreFaultError):  # health stays 200 while we live
                out["duels"] = ext["store"].duel_list.count()  # not for closed reading
        return out


def _flag(value: Any, default: bool) -> bool:
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    return str(value).lower() not in ("0", "false", "no", "off", "")


def create_app(config: dict | None = None) -> Flask:
    """Build the Flask app. ``config`` keys: DB, DATABASE_URL, ANONYMOUS_READ, STORE (an
    existing JudgeApp), RULESET_MODULES (modules to import so they register their rulesets:
    a list or a comma-separated string), CARD_ERRATA (an errata file: ``api.errata``),
    MAX_DUEL_EVENTS (the most events a duel may reach, default 10,000; also the store's
    environment, BATTLECON_MAX_DUEL_EVENTS), STORE_TIMEOUT (seconds a request waits for
    the store before a 503, default 5; also BATTLECON_STORE_TIMEOUT), CACHE_BYTES (the
    duel cache's bound in bytes, default 256 MiB; also BATTLECON_CACHE_BYTES),
    ANALYSIS_BUDGET_S (seconds an analysis may run before it is refused, default 10),
    ANALYSIS_CACHE_SIZE (analyses kept, by position, default 64), plus
    any Flask setting. Environment: BATTLECON_DB, BATTLECON_DATABASE_URL,
    BATTLECON_ANONYMOUS_READ, BATTLECON_RULESET_MODULES (imported as well),
    BATTLECON_CARD_ERRATA. A module that cannot be imported raises
    ``api.plugins.RulesetModuleError``; errata that cannot be applied ``api.errata.ErrataError``."""
    config = dict(config or {})
    app = Flask(__name__)
    app.config.update(
        API_TITLE="BattleCON judge", API_VERSION="1", OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/api", OPENAPI_JSON_PATH="openapi.json",
        MAX_CONTENT_LENGTH=MAX_BODY,
        ANONYMOUS_READ=_flag(os.environ.get("BATTLECON_ANONYMOUS_READ"), True),
        JSON_SORT_KEYS=False,
    )
    app.config.update({k: v for k, v in config.items() if k != "STORE"})
    app.config["ANONYMOUS_READ"] = _flag(app.config.get("ANONYMOUS_READ"), True)
    app.config["RULESET_MODULES"] = configured(app.config.get("RULESET_MODULES"))
    load_ruleset_modules(app.config["RULESET_MODULES"])  # before the store reads any duel
    apply_errata(errata_file(app.config.get("CARD_ERRATA")))  # so are the operator's errata
    timeout = app.config.get("STORE_TIMEOUT")
    store = config.get("STORE") or JudgeApp(
        db=app.config.get("DB"), database_url=app.config.get("DATABASE_URL"),
        env={"STORE_TIMEOUT": str(timeout)} if timeout else None)
    if app.config.get("MAX_DUEL_EVENTS"):
        store.max_events = int(app.config["MAX_DUEL_EVENTS"])
    if app.config.get("CACHE_BYTES"):
        store.cache_limit = int(app.config["CACHE_BYTES"])
    kind = store.env.get("PERSISTENCE_MODULE", "").rsplit(".", 1)[-1]
    with contextlib.suppress(StoreReadOnlyError):  # none can be made: exports say so
        store.signing_key()  # made at the first start, then the same for every worker and host
    app.extensions["battlecon"] = {"store": store, "projector": Projector(store),
                                   "tokens": {}, "store_kind": {"popo": "memory"}.get(kind, kind),
                                   "rate_limits": rate_limits(app.config), "buckets": Buckets(),
                                   "analyses": AnalysisCache(int(app.config.get(
                                       "ANALYSIS_CACHE_SIZE", DEFAULT_SIZE)))}
    api = JudgeApi(app, spec_kwargs={"components": {"securitySchemes": {
        "bearer": {"type": "http", "scheme": "bearer"}}}, "security": [{"bearer": []}, {}],
        "info": {"description": DESCRIPTION}})
    from api import (
        analysis,
        catalogue,
        characters,
        commentary,
        duels,
        floor,
        narrative_endpoint,
        states,
        stream,
        variations,
    )

    for blp in (health, duels.blp, variations.blp, variations.positions, commentary.blp,
                catalogue.blp,
                characters.blp, narrative_endpoint.blp, states.blp, floor.blp, stream.blp,
                analysis.blp):
        api.register_blueprint(blp)
    document_errors(api)
    document_constraints(api)
    app.before_request(guard_request)  # before anything reads the body
    app.before_request(identify)
    app.before_request(limit_writes)  # after identify: the token is the key
    app.after_request(_no_sniffing)
    _errors(app)
    return app


def _no_sniffing(response: Any) -> Any:
    """Browsers must take every response as the type it says (JSON is never run as HTML)."""
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


def _errors(app: Flask) -> None:
    app.register_error_handler(ApiError, handle_api_error)

    @app.errorhandler(JudgeError)
    def judge_error(err: JudgeError) -> Any:
        """Every refusal of the rules (a record, a decision, a setup): its reason, rule, the
        decision's index when there is one, and the field at fault under ``errors``."""
        errors = {err.field: [err.reason]} if err.field else None
        return body(422, err.reason, rule=err.rule, index=getattr(err, "index", None),
                    errors=errors), 422

    @app.errorhandler(VersionConflictError)
    def conflict(err: VersionConflictError) -> Any:
        return body(409, err.reason, current_version=err.current), 409, {
            "ETag": f'"{err.current}"'}

    @app.errorhandler(DuelNotFoundError)
    def not_found(err: DuelNotFoundError) -> Any:
        return body(404, err.reason), 404

    @app.errorhandler(StoredDuelCorruptError)
    def corrupt(err: StoredDuelCorruptError) -> Any:
        """The store holds a duel that does not verify: never served, said plainly (a
        fault of the store, not of the request)."""
        return body(500, err.reason), 500

    @app.errorhandler(IdempotencyKeyReuseError)
    def key_reuse(err: IdempotencyKeyReuseError) -> Any:
        return body(422, err.reason), 422

    @app.errorhandler(DisputeError)
    def dispute_error(err: DisputeError) -> Any:
        return body(422, err.reason), 422

    @app.errorhandler(DuelTooLargeError)
    def too_large(err: DuelTooLargeError) -> Any:
        return body(413, err.reason, limit=err.limit), 413

    @app.errorhandler(UnstorableTextError)
    def unstorable_text(err: UnstorableTextError) -> Any:
        return body(422, err.reason, errors={err.where: [err.reason]}), 422

    @app.errorhandler(StoreFaultError)
    def store_fault(err: StoreFaultError) -> Any:
        """The store failed, not the request (``events.faults``): said as what it is."""
        status, retry = store_fault_status(err, current_app.extensions["battlecon"]["store"])
        current_app.logger.warning("store fault on %s %s: %s (%s)", request.method,
                                   request.path, type(err).__name__, err.cause)
        return body(status, err.reason), status, (
            {"Retry-After": str(retry)} if retry is not None else {})


def store_fault_status(err: StoreFaultError, store: JudgeApp) -> tuple[int, int | None]:
    """The HTTP status of a store fault, and its ``Retry-After`` in seconds (None: none):
    unreachable 503 (retry after the store's timeout), read-only 503 (a minute: someone
    must act), full 507, a damaged file 500."""
    if isinstance(err, StoreUnavailableError):
        return 503, max(1, math.ceil(store.store_timeout))
    if isinstance(err, StoreReadOnlyError):
        return 503, READ_ONLY_RETRY
    if isinstance(err, StoreFullError):
        return 507, None
    if isinstance(err, StoreDamagedError):
        return 500, None
    return 503, max(1, math.ceil(store.store_timeout))
