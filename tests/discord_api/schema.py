"""Request bodies checked against the schemas of Discord's own API description.

``openapi-subset.json`` is the part of Discord's OpenAPI description (see ``README.md``)
that the routes the bot uses reach. ``schema_problems`` validates a body against its
route's request schema and turns each failure into a ``Problem`` with the field path and
the kind of code Discord puts in its error tree. One change to the description: a
snowflake may be an integer as well as a string, as Discord has always accepted (and
discord.py sends some as integers).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

SUBSET = Path(__file__).resolve().parent / "openapi-subset.json"

Json = dict[str, Any]
FieldPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """One refused field: where it is, Discord's code for it and a plain message."""

    path: FieldPath
    code: str
    message: str

    def where(self) -> str:
        return ".".join(str(part) for part in self.path) or "(body)"

    def __str__(self) -> str:
        return f"{self.where()}: {self.message} ({self.code})"


@cache
def _spec() -> Json:
    spec: Json = json.loads(SUBSET.read_text("utf-8"))
    spec["components"]["schemas"]["SnowflakeType"] = {
        "anyOf": [
            {"type": "string", "pattern": "^(0|[1-9][0-9]*)$"},
            {"type": "integer", "minimum": 0},
        ]
    }
    return spec


@cache
def _routes() -> list[tuple[str, re.Pattern[str], str]]:
    """(method, path regex, template) of every operation, literal paths first."""
    found = []
    for template, operations in _spec()["paths"].items():
        pattern = re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$")
        for method in operations:
            if method != "parameters":
                found.append((method.upper(), pattern, template))
    return sorted(found, key=lambda item: item[2].count("{"))


def route_of(method: str, path: str) -> str | None:
    """The description's path template for a request (``/channels/{channel_id}/messages``)."""
    return next((t for m, p, t in _routes() if m == method and p.match(path)), None)


@cache
def _validator(method: str, template: str) -> Draft202012Validator | None:
    spec = _spec()
    operation = spec["paths"][template][method.lower()]
    body = operation.get("requestBody")
    if body is None:
        return None
    schema = body["content"]["application/json"]["schema"]
    return Draft202012Validator({**schema, "components": spec["components"]})


def schema_problems(method: str, template: str, body: Any) -> list[Problem]:
    validator = _validator(method, template)
    if validator is None:
        return []
    if body is None:
        return [Problem((), "BASE_TYPE_REQUIRED", "This field is required")]
    problems = []
    for error in validator.iter_errors(body):
        problems += [_problem(leaf) for leaf in _leaves(error)]
    return problems


def _branch_errors(error: ValidationError) -> list[list[ValidationError]]:
    branches: dict[int, list[ValidationError]] = {}
    for sub in error.context or []:
        index = sub.relative_schema_path[0]
        assert isinstance(index, int)
        branches.setdefault(index, []).append(sub)
    return list(branches.values())


def _not_meant(errors: list[ValidationError], depth: int) -> bool:
    """A branch the body was not meant to be: the value is not even of its JSON type, or
    its ``type`` field (the union's discriminator) does not match."""
    return any(
        (len(e.absolute_path) == depth and e.validator == "type")
        or (len(e.absolute_path) == depth + 1 and e.absolute_path[-1] == "type" and e.validator == "enum")
        for e in errors
    )


def _leaves(error: ValidationError) -> Iterator[ValidationError]:
    """The errors that say what is wrong: inside a union, those of the branch the body was
    meant to be (of its JSON type, its ``type`` field matching; then the fewest errors)."""
    if error.validator not in ("anyOf", "oneOf") or not error.context:
        yield error
        return
    depth = len(error.absolute_path)
    branches = _branch_errors(error)
    meant = [b for b in branches if not _not_meant(b, depth)] or branches
    leaves = [[leaf for sub in branch for leaf in _leaves(sub)] for branch in meant]
    yield from min(leaves, key=len)


def _problem(error: ValidationError) -> Problem:
    path = tuple(error.absolute_path)
    kind, value = error.validator, error.validator_value
    if kind == "maxLength" or kind == "maxItems":
        return Problem(path, "BASE_TYPE_MAX_LENGTH", f"Must be {value} or fewer in length.")
    if kind == "minLength" or kind == "minItems":
        return Problem(path, "BASE_TYPE_MIN_LENGTH", f"Must be {value} or more in length.")
    if kind == "required":
        missing = error.message.split("'")[1] if "'" in error.message else ""
        return Problem((*path, missing), "BASE_TYPE_REQUIRED", "This field is required")
    if kind == "enum":
        return Problem(path, "BASE_TYPE_CHOICES", f"Value must be one of {value}.")
    if kind == "maximum":
        return Problem(path, "NUMBER_TYPE_MAX", f"int value should be less than or equal to {value}.")
    if kind == "minimum":
        return Problem(path, "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {value}.")
    if kind == "uniqueItems":
        return Problem(path, "BASE_TYPE_DUPLICATES", "The items must be unique.")
    if kind == "pattern":
        return Problem(path, "BASE_TYPE_BAD_FORMAT", f"Value {error.instance!r} is not in the right format.")
    if kind == "type":
        return Problem(path, "BASE_TYPE_BAD_TYPE", f"Value must be of type {value}.")
    return Problem(path, "BASE_TYPE_INVALID", error.message)
