"""One JSON error shape for every error: ``status``, ``title``, ``detail`` and, for
validation, per-field ``errors``. Domain refusals map onto HTTP statuses here."""

from __future__ import annotations

from typing import Any

from flask_smorest import Api
from marshmallow import Schema, fields
from werkzeug.exceptions import HTTPException, MethodNotAllowed
from werkzeug.http import HTTP_STATUS_CODES


class ErrorSchema(Schema):
    status = fields.Integer(required=True)
    title = fields.String(required=True)
    detail = fields.String(required=True)
    rule = fields.String(allow_none=True)
    index = fields.Integer(allow_none=True)
    current_version = fields.Integer(allow_none=True)
    duel = fields.String(allow_none=True)  # 409 on an import: the duel stored already
    budget_s = fields.Float(allow_none=True)  # 422 on an analysis over its time budget
    errors = fields.Dict(keys=fields.String(), values=fields.Raw())


class ApiError(Exception):
    """An error with its HTTP status, a plain detail and optional extras (rule, index...)."""

    def __init__(self, status: int, detail: str, headers: dict | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.headers = headers or {}
        self.extra = {k: v for k, v in extra.items() if v is not None}


def body(status: int, detail: str, **extra: Any) -> dict:
    out = {"status": status, "title": HTTP_STATUS_CODES.get(status, "Error"), "detail": detail}
    out.update({k: v for k, v in extra.items() if v is not None})
    return out


DETAILS = {
    400: "The request could not be read.",
    401: "A valid bearer token is required.",
    403: "Your role may not do this.",
    404: "There is nothing at this address.",
    405: "This method is not allowed here.",
    413: "The request body is too large.",
    415: "Send the body as application/json.",
    500: "Something went wrong on the server; nothing was stored.",
}


class JudgeApi(Api):
    """flask-smorest's Api with our error shape, in responses and in the OpenAPI document."""

    ERROR_SCHEMA = ErrorSchema

    def handle_http_exception(self, error: HTTPException) -> Any:
        data = getattr(error, "data", None) or {}
        errors = data.get("errors") or data.get("messages")
        code = error.code or 500
        detail = str(data.get("message") or DETAILS.get(code) or error.description or "")
        if errors:
            detail = "The request has invalid fields; see errors."
            if isinstance(errors, dict) and len(errors) == 1:
                errors = next(iter(errors.values())) if set(errors) <= {
                    "json", "query", "headers", "form", "files", "path"} else errors
        payload = body(code, detail)
        if errors:
            payload["errors"] = errors if isinstance(errors, dict) else {"_schema": errors}
        headers = dict(data.get("headers") or {})
        if isinstance(error, MethodNotAllowed) and error.valid_methods:
            headers["Allow"] = ", ".join(error.valid_methods)  # RFC 9110: a 405 says which
        return payload, error.code, headers


def handle_api_error(error: ApiError) -> Any:
    return body(error.status, error.detail, **error.extra), error.status, error.headers
