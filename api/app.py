"""The application factory: ``create_app(config)`` builds the API on one store."""

from __future__ import annotations

import os
from typing import Any

from flask import Flask
from flask.views import MethodView
from flask_smorest import Blueprint

from api import schemas as S
from api.auth import identify
from api.errata import apply_errata
from api.errata import configured as errata_file
from api.errors import ApiError, JudgeApi, body, handle_api_error
from api.guard import guard_request
from api.openapi_errors import document_errors
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
from events.projector import Projector
from events.text import UnstorableTextError
from judge import JudgeError

MAX_BODY = 2 * 1024 * 1024

health = Blueprint("health", __name__, url_prefix="/api", description="Service health.")


@health.route("/health")
class Health(MethodView):
    @health.response(200, S.HealthSchema)
    def get(self):
        """Is the service up, and on which store (and, for whoever may read, how many duels)."""
        from flask import current_app, g

        ext = current_app.extensions["battlecon"]
        out = {"status": "ok", "store": ext["store_kind"]}
        if g.get("role") is not None or current_app.config["ANONYMOUS_READ"]:
            out["duels"] = ext["store"].duel_list.count()  # not for anonymous, closed reading
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
    environment, BATTLECON_MAX_DUEL_EVENTS), CACHE_BYTES (the duel cache's bound in
    bytes, default 256 MiB; also BATTLECON_CACHE_BYTES), plus
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
    store = config.get("STORE") or JudgeApp(db=app.config.get("DB"),
                                             database_url=app.config.get("DATABASE_URL"))
    if app.config.get("MAX_DUEL_EVENTS"):
        store.max_events = int(app.config["MAX_DUEL_EVENTS"])
    if app.config.get("CACHE_BYTES"):
        store.cache_limit = int(app.config["CACHE_BYTES"])
    kind = store.env.get("PERSISTENCE_MODULE", "").rsplit(".", 1)[-1]
    store.signing_key()  # made at the first start, then the same for every worker and host
    app.extensions["battlecon"] = {"store": store, "projector": Projector(store),
                                   "tokens": {}, "store_kind": {"popo": "memory"}.get(kind, kind),
                                   "rate_limits": rate_limits(app.config), "buckets": Buckets()}
    api = JudgeApi(app, spec_kwargs={"components": {"securitySchemes": {
        "bearer": {"type": "http", "scheme": "bearer"}}}, "security": [{"bearer": []}, {}]})
    from api import catalogue, characters, commentary, duels, narrative_endpoint, variations

    for blp in (health, duels.blp, variations.blp, commentary.blp, catalogue.blp,
                characters.blp, narrative_endpoint.blp):
        api.register_blueprint(blp)
    document_errors(api)
    app.before_request(guard_request)  # before anything reads the body
    app.before_request(identify)
    app.before_request(limit_writes)  # after identify: the token is the key
    app.after_request(_no_sniffing)
    _errors(app)
    return app


def _no_sniffing(response):
    """Browsers must take every response as the type it says (JSON is never run as HTML)."""
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


def _errors(app: Flask) -> None:
    app.register_error_handler(ApiError, handle_api_error)

    @app.errorhandler(JudgeError)
    def judge_error(err: JudgeError):
        """Every refusal of the rules (a record, a decision, a setup): its reason, rule, the
        decision's index when there is one, and the field at fault under ``errors``."""
        errors = {err.field: [err.reason]} if err.field else None
        return body(422, err.reason, rule=err.rule, index=getattr(err, "index", None),
                    errors=errors), 422

    @app.errorhandler(VersionConflictError)
    def conflict(err: VersionConflictError):
        return body(409, err.reason, current_version=err.current), 409, {
            "ETag": f'"{err.current}"'}

    @app.errorhandler(DuelNotFoundError)
    def not_found(err: DuelNotFoundError):
        return body(404, err.reason), 404

    @app.errorhandler(StoredDuelCorruptError)
    def corrupt(err: StoredDuelCorruptError):
        """The store holds a duel that does not verify: never served, said plainly (a
        fault of the store, not of the request)."""
        return body(500, err.reason), 500

    @app.errorhandler(IdempotencyKeyReuseError)
    def key_reuse(err: IdempotencyKeyReuseError):
        return body(422, err.reason), 422

    @app.errorhandler(DisputeError)
    def dispute_error(err: DisputeError):
        return body(422, err.reason), 422

    @app.errorhandler(DuelTooLargeError)
    def too_large(err: DuelTooLargeError):
        return body(413, err.reason, limit=err.limit), 413

    @app.errorhandler(UnstorableTextError)
    def unstorable_text(err: UnstorableTextError):
        return body(422, err.reason, errors={err.where: [err.reason]}), 422
