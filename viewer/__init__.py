"""The web viewer: replay stepper, scorekeeper console, judge panel and duel list.

Plain HTML pages and JavaScript modules; the pages talk to the API over HTTP like any
other client, so this package only serves files. ``install(app)`` adds it to an API app
built by ``api.app.create_app`` (the viewer depends on the API, never the reverse).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from uuid import UUID

from flask import Blueprint, Flask, Response, render_template, request
from werkzeug.exceptions import HTTPException, NotFound

bp = Blueprint("viewer", __name__, template_folder="templates", static_folder="static",
               static_url_path="/viewer/static")

# No inline script or style, nothing from another origin: the pages run offline.
CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


# The rulesets with a renderer of their own (static/js/rulesets/<name>.js); a duel of any
# other ruleset is drawn by rulesets/generic.js. The pages read this list from <body
# data-renderers> rather than probing for modules, so no request ends in a 404.
RENDERERS = " ".join(sorted(p.stem for p in (Path(__file__).parent / "static" / "js" / "rulesets")
                            .glob("*.js") if p.stem != "generic"))


def _page(template: str, **context: Any) -> Response:
    response = Response(render_template(template, renderers=RENDERERS, **context))
    response.headers["Content-Security-Policy"] = CSP
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


@bp.get("/")
def duel_list() -> Response:
    return _page("list.html", page="list")


@bp.get("/duels/new")
def new_duel() -> Response:
    return _page("new.html", page="new")


@bp.get("/duels/<uuid:duel_id>")
def replay(duel_id: UUID) -> Response:
    return _page("replay.html", page="replay", duel_id=str(duel_id))


@bp.get("/duels/<uuid:duel_id>/console")
def console(duel_id: UUID) -> Response:
    return _page("console.html", page="console", duel_id=str(duel_id))


@bp.get("/puzzle")
def puzzle() -> Response:
    """A beat start as a puzzle (docs/analysis.md, Puzzles): ``?duel=ID&at=N`` or a shared
    position, ``?position=...``."""
    return _page("puzzle.html", page="puzzle")


@bp.get("/floor")
def floor() -> Response:
    """The judges' floor of an event (``?event=``): its tables, followed live."""
    return _page("floor.html", page="floor")


def install(app: Flask) -> Flask:
    """Serve the viewer's pages from ``app`` (an API app from ``create_app``); an address
    that is neither a page nor under ``/api`` gets an HTML "not found" page, while the API
    keeps answering its own 404s in JSON."""
    app.register_blueprint(bp)
    api_handler = app.error_handler_spec[None][None].get(HTTPException)

    def not_found(err: NotFound) -> Any:
        if request.path.startswith("/api") and api_handler is not None:
            return api_handler(err)
        response = _page("not_found.html", page="notfound", path=request.path)
        response.status_code = 404
        return response

    app.register_error_handler(NotFound, not_found)
    return app
