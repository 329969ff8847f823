"""One error shape for the whole API: RFC 9457 "Problem Details for HTTP APIs".

Every refusal and failure is answered with ``Content-Type: application/problem+json`` and the body

``type``
    a stable URI reference naming the problem, ``/problems/<code>`` (``/problems/not-found``,
    ``/problems/stale-version``...; the list is in docs/app.md#errors);
``title``
    a short summary of that problem type (the same for every occurrence);
``status``
    the HTTP status code;
``detail``
    what went wrong this time, in the request's language (``?lang=`` or ``Accept-Language``);
``instance``
    the path of the request;
``code``
    the code of ``type`` alone (for a program's ``switch``);
``errors``
    for 422 validation errors, every field refused: ``{"in", "field", "detail", "type"}``;

plus two extension members the page uses to translate the message itself: ``key`` (the message
catalogue's key) and ``params`` (its parameters). A 405 carries ``Allow``, a 429 and an AI
turn's 503 ``Retry-After``.

Error bodies name no host, driver, file or stack frame (OWASP ASVS 4.0 V7.4.1: a generic message
when an unexpected or security-sensitive error occurs): a database that cannot be reached is
"the store is unavailable", the cause goes to the server's log only.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from cueboard.app.games import ChoiceError, PlacementError
from cueboard.app.guard import RateLimitedError
from cueboard.app.messages import pick_language, translate
from cueboard.app.online import OnlineError
from cueboard.app.service import MatchStateError
from cueboard.app.text import printable
from cueboard.app.work import AIWorkError
from cueboard.errors import CODES
from cueboard.store import StaleMatchError, StoreError, StoreUnavailableError

log = logging.getLogger(__name__)

PROBLEM_JSON = "application/problem+json"
#: The message of every answer whose cause the client must not see.
INTERNAL = "the server failed to answer this request (internal error); the match is unchanged"
UNAVAILABLE = "the store is unavailable now: try again shortly; nothing was changed"

#: The titles of the problem types: cueboard's error codes (:data:`cueboard.errors.CODES`) and the
#: API's own (a request's fields, the routing, the server); an HTTP status's problem not listed
#: here is titled by its reason phrase.
TITLES: dict[str, str] = {
    **CODES,
    "validation-error": "A field of the request is not valid",
    "method-not-allowed": "Method not allowed",
    "internal-error": "Internal error",
}


class FieldError(BaseModel):
    """One field a request was refused for."""

    #: Where the field is: ``body``, ``query``, ``path``, ``header`` or ``cookie``.
    location: str = Field(alias="in")
    #: The field's path inside it, dotted (``players.0.name``).
    field: str
    detail: str
    #: The check it failed (pydantic's error type: ``string_too_long``, ``missing``...).
    type: str


class Problem(BaseModel):
    """An RFC 9457 problem details object (``application/problem+json``)."""

    type: str = Field(description="a URI reference naming the problem type: /problems/<code>")
    title: str
    status: int = Field(ge=400, le=599)
    detail: str
    instance: str | None = None
    code: str
    #: The message catalogue's key of ``detail`` and its parameters (the page translates them).
    key: str
    params: dict[str, Any]
    errors: list[FieldError] | None = None


def title(code: str) -> str:
    """The title of problem type ``code``."""
    return TITLES.get(code) or code.replace("-", " ").capitalize()


def code_of(err: BaseException, default: str = "invalid-input") -> str:
    """The problem code of an error: its ``code`` class attribute when cueboard's error tree gives
    one, else ``default``."""
    code = getattr(err, "code", None)
    return code if isinstance(code, str) and code else default


def problem(request: Request, status: int, code: str, message: str, *, key: str = "error.invalid",
            params: Mapping[str, Any] | None = None, headers: Mapping[str, str] | None = None,
            errors: Sequence[Mapping[str, str]] | None = None) -> JSONResponse:
    """The problem-details answer: ``message`` (English) is ``detail``, translated into the
    request's language through ``key`` when the language is not English."""
    message = printable(message)  # a message quoting refused input stays encodable
    params = {"detail": message,
              **{k: printable(v) if isinstance(v, str) else v for k, v in (params or {}).items()}}
    lang = pick_language(request.query_params.get("lang"), request.headers.get("accept-language"))
    detail = message if key == "error.invalid" and lang == "en" else translate(lang, key, params)
    body: dict[str, Any] = {"type": f"/problems/{code}", "title": title(code), "status": status,
                            "detail": detail, "instance": request.url.path, "code": code,
                            "key": key, "params": params}
    if errors is not None:
        body["errors"] = [{k: printable(v) for k, v in e.items()} for e in errors]
    return JSONResponse(body, status_code=status, headers=dict(headers or {}), media_type=PROBLEM_JSON)


def _field_errors(err: RequestValidationError) -> list[dict[str, str]]:
    out = []
    for e in err.errors():
        loc = [str(p) for p in e.get("loc", ())]
        where = loc[0] if loc and loc[0] in ("body", "query", "path", "header", "cookie") else "body"
        field = ".".join(loc[1:] if loc and loc[0] == where else loc)
        out.append({"in": where, "field": field, "detail": str(e.get("msg", "")),
                    "type": str(e.get("type", ""))})
    return out


def install(app: FastAPI) -> None:
    """Answer every error of ``app`` as a problem (the handlers below, most specific first)."""

    @app.exception_handler(OnlineError)
    async def _online(request: Request, err: OnlineError) -> JSONResponse:
        return problem(request, err.status, code_of(err, "online-refused"), str(err), key=err.key,
                       params=err.params)

    @app.exception_handler(StaleMatchError)
    async def _stale(request: Request, err: StaleMatchError) -> JSONResponse:
        return problem(request, 409, code_of(err, "stale-version"), str(err), key="error.conflict",
                       params={"expected": err.expected, "version": err.current})

    @app.exception_handler(RateLimitedError)
    async def _limited(request: Request, err: RateLimitedError) -> JSONResponse:
        wait = max(1, int(err.retry_after_s + 0.999))
        return problem(request, 429, code_of(err, "rate-limited"), str(err), key="error.conflict",
                       params={"retry_after": wait}, headers={"Retry-After": str(wait)})

    @app.exception_handler(AIWorkError)
    async def _ai_work(request: Request, err: AIWorkError) -> JSONResponse:
        return problem(request, 503, code_of(err, "ai-unavailable"), str(err), key="error.conflict",
                       headers={"Retry-After": "1"})

    @app.exception_handler(StoreUnavailableError)
    async def _unavailable(request: Request, err: StoreUnavailableError) -> JSONResponse:
        log.error("store unavailable on %s %s: %s", request.method, request.url.path, err)
        return problem(request, 503, "store-unavailable", UNAVAILABLE, key="error.conflict",
                       headers={"Retry-After": "1"})

    @app.exception_handler(SQLAlchemyError)
    async def _database(request: Request, err: SQLAlchemyError) -> JSONResponse:
        log.error("database error on %s %s: %s", request.method, request.url.path, err)
        if isinstance(err, OperationalError):
            return problem(request, 503, "store-unavailable", UNAVAILABLE, key="error.conflict",
                           headers={"Retry-After": "1"})
        return problem(request, 500, "internal-error", INTERNAL, key="error.conflict")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, err: StarletteHTTPException) -> JSONResponse:
        status = err.status_code
        code = {404: "not-found", 405: "method-not-allowed"}.get(status) or _phrase_code(status)
        key = "error.not_found" if status == 404 else "error.invalid"
        headers = dict(err.headers or {})
        if status == 405:  # every method of the path, not only its first route's (RFC 9110 15.5.6)
            headers["Allow"] = allowed_methods(request)
        return problem(request, status, code, str(err.detail), key=key, headers=headers)

    @app.exception_handler(Exception)
    async def _internal(request: Request, err: Exception) -> JSONResponse:
        log.exception("internal error on %s %s", request.method, request.url.path)
        return problem(request, 500, "internal-error", INTERNAL, key="error.conflict")

    @app.exception_handler(PlacementError)
    async def _placement(request: Request, err: PlacementError) -> JSONResponse:
        return problem(request, 422, code_of(err, "illegal-placement"), str(err),
                       key=f"placement.{err.reason}", params={**err.params, "reason": err.reason})

    @app.exception_handler(StoreError)
    async def _missing(request: Request, err: StoreError) -> JSONResponse:
        return problem(request, 404, code_of(err, "not-found"), str(err), key="error.not_found")

    @app.exception_handler(MatchStateError)
    async def _conflict(request: Request, err: MatchStateError) -> JSONResponse:
        return problem(request, 409, code_of(err, "match-state"), str(err), key="error.conflict")

    @app.exception_handler(ValueError)
    async def _invalid(request: Request, err: ValueError) -> JSONResponse:
        if isinstance(err, ChoiceError):
            return problem(request, 422, code_of(err, "illegal-choice"), str(err), key="error.choice")
        return problem(request, 422, code_of(err), str(err))

    @app.exception_handler(RequestValidationError)
    async def _body(request: Request, err: RequestValidationError) -> JSONResponse:
        errors = _field_errors(err)
        first = errors[0] if errors else {"in": "body", "field": "", "detail": "invalid request"}
        where = f"{first['in']} {first['field']}" if first["in"] != "body" else first["field"]
        message = f"{where.strip()}: {first['detail']}" if where.strip() else first["detail"]
        return problem(request, 422, "validation-error", message, errors=errors)


#: What each error status of a route means in this API (the schema's descriptions).
MEANINGS: dict[int, str] = {
    400: "the Host header names no host this server answers to",
    401: "no token, or none of this resource's: send it as Authorization: Bearer <token>",
    403: "the token does not allow this, or a write from another site",
    404: "no such match, shot, job or path",
    408: "the request body stopped arriving",
    409: "not now: the match moved on (a stale X-Match-Version) or its state does not allow it",
    413: "the request body is over the limit (64 KiB)",
    415: "the request body is not JSON",
    422: "a field is refused (see errors), or the rules refuse the input",
    429: "too many requests of this kind from this client (see Retry-After)",
    500: "internal error: nothing was changed",
    503: "the store or the AI is unavailable now: try again shortly",
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """A route's ``responses=`` for its own error statuses (the ones every route has are added by
    :func:`document`)."""
    return {status: {"description": MEANINGS[status]} for status in statuses}


def _statuses(path: str, method: str, op: dict[str, Any]) -> set[int]:
    """The error statuses any route answers, from the guard and the handlers: 400 (a Host refused),
    413 (a declared body too large), 500, 503 (the store); 422 with parameters or a body; 404
    with path parameters; for a write under /api/, 403 (another site), 408 and 415 (the body)."""
    out = {400, 413, 500, 503}
    if op.get("parameters") or op.get("requestBody"):
        out.add(422)
    if "{" in path:
        out.add(404)
    if method not in ("get", "head", "options") and path.startswith("/api/"):
        out |= {403, 408, 415}
    return out


def document(app: FastAPI) -> None:
    """Make ``app``'s OpenAPI schema say how it errs: every error status each route can answer,
    each as an ``application/problem+json`` :class:`Problem` (FastAPI's own 422 model, which this
    API never answers, is replaced), 429 with its ``Retry-After``."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        schema = get_openapi(title=app.title, version=app.version, description=app.description,
                             routes=app.routes)
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        problem_schema = Problem.model_json_schema(ref_template="#/components/schemas/{model}")
        components.update(problem_schema.pop("$defs", {}))
        components["Problem"] = problem_schema
        for unused in ("HTTPValidationError", "ValidationError"):
            components.pop(unused, None)
        for path, item in schema.get("paths", {}).items():
            for method, op in item.items():
                _document_errors(path, method, op)
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


#: The schema of every error answer.
_PROBLEM_CONTENT = {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/Problem"}}}
_RETRY_AFTER = {"Retry-After": {"required": True, "description": "seconds to wait",
                                "schema": {"type": "string", "pattern": "^[0-9]+$"}}}


def _document_errors(path: str, method: str, op: dict[str, Any]) -> None:
    """Every error status of one operation, answered as a problem (a route's own description kept)."""
    responses = op.setdefault("responses", {})
    own = {int(c) for c in responses if c.isdigit() and int(c) >= 400}
    for status in sorted(_statuses(path, method, op) | own):
        description = MEANINGS.get(status) or HTTPStatus(status).phrase
        if status in own and status != 422:  # FastAPI's own 422 says nothing of this API
            description = responses[str(status)].get("description") or description
        answer: dict[str, Any] = {"description": description, "content": _PROBLEM_CONTENT}
        if status == 429:
            answer["headers"] = _RETRY_AFTER
        responses[str(status)] = answer


def allowed_methods(request: Request) -> str:
    """The methods the app answers at the request's path (its ``Allow`` header), as its OpenAPI
    schema documents them: the schema's paths are the routes' templates (``{match_id}``: one
    path segment, matching the parameter's ``pattern`` where the schema gives one, so that
    ``/api/scorer/fixtures`` is not taken for a match id)."""
    methods: set[str] = set()
    for path, item in request.app.openapi().get("paths", {}).items():
        for method, op in item.items():
            if method not in _METHODS:
                continue
            given = {p["name"]: p.get("schema", {}).get("pattern") for p in op.get("parameters", [])
                     if p.get("in") == "path"}
            if re.match(_template(path, given), request.url.path):
                methods.add(method.upper())
    return ", ".join(sorted(methods))


def _template(path: str, given: dict[str, str | None]) -> str:
    """The regular expression of a path template, each ``{name}`` one segment (:func:`_segment`)."""
    out, start = ["^"], 0
    for m in re.finditer(r"\{([^}/]+)\}", path):
        out += [re.escape(path[start:m.start()]), _segment(given.get(m.group(1)))]
        start = m.end()
    return "".join([*out, re.escape(path[start:]), "$"])


def _segment(pattern: str | None) -> str:
    """The regular expression of one path parameter's segment (its schema's pattern, unanchored)."""
    return f"(?:{pattern.removeprefix('^').removesuffix('$')})" if pattern else "[^/]+"


_METHODS = frozenset({"get", "put", "post", "delete", "options", "head", "patch", "trace"})


def _phrase_code(status: int) -> str:
    try:
        return HTTPStatus(status).phrase.lower().replace(" ", "-")
    except ValueError:
        return "http-error"
