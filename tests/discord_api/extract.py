"""Cut the part of Discord's OpenAPI description that the strict fake uses.

``python -m tests.discord_api.extract PATH/TO/openapi.json`` rewrites ``openapi-subset.json``
beside this file: the operations in ``OPERATIONS`` (their parameters and request bodies)
and every schema they reach, unchanged. See ``README.md`` for the source and licence.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SUBSET = HERE / "openapi-subset.json"

# Every route the bot calls, or discord.py calls for it, that has a body or parameters to check.
OPERATIONS: list[tuple[str, str]] = [
    ("put", "/applications/{application_id}/commands"),
    ("put", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("post", "/channels/{channel_id}/messages"),
    ("get", "/channels/{channel_id}/messages"),
    ("patch", "/channels/{channel_id}/messages/{message_id}"),
    ("post", "/interactions/{interaction_id}/{interaction_token}/callback"),
    ("post", "/webhooks/{webhook_id}/{webhook_token}"),
    ("patch", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("patch", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("post", "/users/@me/channels"),
]


def _refs(node: Any, found: set[str]) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            found.add(ref.rsplit("/", 1)[1])
        for value in node.values():
            _refs(value, found)
    elif isinstance(node, list):
        for value in node:
            _refs(value, found)


def subset(spec: dict[str, Any]) -> dict[str, Any]:
    paths: dict[str, dict[str, Any]] = {}
    for method, path in OPERATIONS:
        operation = spec["paths"][path][method]
        kept = {k: operation[k] for k in ("operationId", "parameters", "requestBody") if k in operation}
        paths.setdefault(path, {})[method] = kept
        if "parameters" in spec["paths"][path]:
            paths[path]["parameters"] = spec["paths"][path]["parameters"]
    schemas = spec["components"]["schemas"]
    wanted: set[str] = set()
    _refs(paths, wanted)
    todo = list(wanted)
    while todo:
        name = todo.pop()
        more: set[str] = set()
        _refs(schemas[name], more)
        for extra in more - wanted:
            wanted.add(extra)
            todo.append(extra)
    return {
        "openapi": spec["openapi"],
        "info": spec["info"],
        "paths": paths,
        "components": {"schemas": {name: schemas[name] for name in sorted(wanted)}},
    }


def main() -> None:
    spec = json.loads(Path(sys.argv[1]).read_text("utf-8"))
    SUBSET.write_text(json.dumps(subset(spec), indent=1, ensure_ascii=False) + "\n", "utf-8")
    print(f"wrote {SUBSET} ({SUBSET.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
