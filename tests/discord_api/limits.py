"""The limits Discord documents and enforces that its schemas do not encode.

Each check returns ``Problem``s with the field path Discord's error tree would name.
Sources: Discord's developer documentation (message resource, component reference,
application commands, receiving and responding to interactions, uploading files) and
``shared/research/discord-testing.md`` sections 7 and 8.
"""

from __future__ import annotations

from typing import Any

import emoji

from tests.discord_api.schema import FieldPath, Json, Problem

CONTENT = 2000
EMBED_TOTAL = 6000
ROWS = 5
BUTTONS_PER_ROW = 5
SELECT_TYPES = (3, 5, 6, 7, 8)
FILES = 10
UPLOAD_BYTES = 10 * 1024 * 1024  # a server without boosts, for bots since 2024
COMPONENTS_V2 = 1 << 15
COMMAND_CHARACTERS = 4000
CHAT_INPUT_COMMANDS = 100
CHOICE_VALUE = 100  # a string choice's value (the schema allows 6,000; Discord 100)


def _too_long(path: FieldPath, limit: int) -> Problem:
    return Problem(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def message_problems(body: Json, path: FieldPath = ()) -> list[Problem]:
    """Content, embeds, components and allowed mentions of a message body."""
    problems: list[Problem] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > CONTENT:
        problems.append(_too_long((*path, "content"), CONTENT))
    embeds = body.get("embeds") or []
    total = sum(_embed_characters(e) for e in embeds if isinstance(e, dict))
    if total > EMBED_TOTAL:
        problems.append(
            Problem(
                (*path, "embeds"),
                "MESSAGE_EMBED_TOO_LONG",
                f"Embed size exceeds maximum size of {EMBED_TOTAL}",
            )
        )
    components = body.get("components")
    if isinstance(components, list):
        flags = body.get("flags") or 0
        problems += component_problems(components, (*path, "components"), v2=bool(flags & COMPONENTS_V2))
    problems += _mention_problems(body.get("allowed_mentions"), (*path, "allowed_mentions"))
    return problems


def _embed_characters(embed: Json) -> int:
    parts = [embed.get("title"), embed.get("description")]
    parts += [(embed.get("footer") or {}).get("text"), (embed.get("author") or {}).get("name")]
    for field in embed.get("fields") or []:
        parts += [field.get("name"), field.get("value")]
    return sum(len(p) for p in parts if isinstance(p, str))


def _mention_problems(allowed: Any, path: FieldPath) -> list[Problem]:
    if not isinstance(allowed, dict):
        return []
    parse = allowed.get("parse") or []
    problems = []
    for kind in ("users", "roles"):
        if kind in parse and allowed.get(kind):
            problems.append(
                Problem(
                    path,
                    "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                    f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.',
                )
            )
    return problems


def component_problems(components: list[Any], path: FieldPath, *, v2: bool = False) -> list[Problem]:
    """Rows of buttons and selects: their layout, custom ids and emoji."""
    problems: list[Problem] = []
    if not v2:
        if len(components) > ROWS:
            problems.append(_too_long(path, ROWS))
        for i, row in enumerate(components):
            problems += _row_problems(row, (*path, i))
    seen: set[str] = set()
    for where, component in _walk(components, path):
        custom_id = component.get("custom_id")
        if isinstance(custom_id, str):
            if custom_id in seen:
                problems.append(
                    Problem(
                        (*where, "custom_id"),
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        "Component custom id cannot be duplicated",
                    )
                )
            seen.add(custom_id)
        problems += _emoji_problems(component.get("emoji"), (*where, "emoji"))
        for j, option in enumerate(component.get("options") or []):
            if isinstance(option, dict):
                problems += _emoji_problems(option.get("emoji"), (*where, "options", j, "emoji"))
        if component.get("type") == 2:
            problems += _button_problems(component, where)
        if component.get("type") == 3:
            problems += _select_problems(component, where)
    return problems


def _walk(components: list[Any], path: FieldPath) -> list[tuple[FieldPath, Json]]:
    found: list[tuple[FieldPath, Json]] = []
    for i, component in enumerate(components):
        if not isinstance(component, dict):
            continue
        found.append(((*path, i), component))
        inner = component.get("components")
        if isinstance(inner, list):
            found += _walk(inner, (*path, i, "components"))
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            found.append(((*path, i, "accessory"), accessory))
    return found


def _row_problems(row: Any, path: FieldPath) -> list[Problem]:
    if not isinstance(row, dict) or row.get("type") != 1:
        return [Problem((*path, "type"), "UNION_TYPE_CHOICES", "Value must be an action row (1).")]
    items = [c for c in row.get("components") or [] if isinstance(c, dict)]
    selects = [c for c in items if c.get("type") in SELECT_TYPES]
    width = len(items) + 4 * len(selects)  # a select fills the whole row
    if width > BUTTONS_PER_ROW:
        return [
            Problem(
                (*path, "components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        ]
    return []


def _emoji_problems(value: Any, path: FieldPath) -> list[Problem]:
    if not isinstance(value, dict):
        return []
    if value.get("id"):
        return []  # a custom emoji is named by its id
    name = value.get("name")
    if isinstance(name, str) and emoji.is_emoji(name):
        return []
    return [Problem((*path, "name"), "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji")]


def _button_problems(button: Json, path: FieldPath) -> list[Problem]:
    style = button.get("style")
    problems = []
    if style in (1, 2, 3, 4) and not button.get("custom_id"):
        problems.append(Problem((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required"))
    if style == 5 and (not button.get("url") or button.get("custom_id")):
        problems.append(
            Problem(
                (*path, "url"), "BUTTON_COMPONENT_URL_REQUIRED", "A link button needs a url and no custom id"
            )
        )
    if style != 6 and not button.get("label") and not button.get("emoji"):
        problems.append(
            Problem(
                (*path, "label"),
                "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
                "A button needs a label or an emoji",
            )
        )
    return problems


def _select_problems(select: Json, path: FieldPath) -> list[Problem]:
    options = [o for o in select.get("options") or [] if isinstance(o, dict)]
    problems = []
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        problems.append(
            Problem(
                (*path, "options"), "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Option values must be unique"
            )
        )
    low = select.get("min_values")
    high = select.get("max_values")
    low = 1 if low is None else low
    high = 1 if high is None else high
    if isinstance(low, int) and isinstance(high, int):
        if low > high:
            problems.append(
                Problem((*path, "min_values"), "BASE_TYPE_BAD_VALUE", "min_values exceeds max_values")
            )
        if options and high > len(options):
            problems.append(
                Problem(
                    (*path, "max_values"), "BASE_TYPE_MAX", f"Must be less than or equal to {len(options)}."
                )
            )
        defaults = sum(1 for o in options if o.get("default"))
        if defaults > high:
            problems.append(
                Problem(
                    (*path, "options"), "SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES", "Too many default options"
                )
            )
    return problems


# --- files -----------------------------------------------------------------------------


def upload_problems(files: list[int]) -> tuple[int, list[Problem]]:
    """Uploaded files by size: (HTTP status, problems). Too many is a form error (400);
    too many bytes is refused whole (413, code 40005)."""
    if len(files) > FILES:
        return 400, [_too_long(("files",), FILES)]
    if sum(files) > UPLOAD_BYTES:
        return 413, [Problem(("files",), "REQUEST_ENTITY_TOO_LARGE", "Request entity too large")]
    return 0, []


# --- application commands --------------------------------------------------------------


def _valid_name(name: Any) -> bool:
    """A chat-input command or option name: 1-32 letters, digits, - _ or ', lower case
    where the letter has a lower case."""
    if not isinstance(name, str) or not 1 <= len(name) <= 32:
        return False
    return all((c.isalnum() or c in "-_'") and c == c.lower() for c in name)


def command_problems(commands: Any) -> list[Problem]:
    """A bulk overwrite of commands: names, descriptions, options, their order and counts."""
    if not isinstance(commands, list):
        return []
    problems: list[Problem] = []
    chat = [c for c in commands if isinstance(c, dict) and c.get("type") in (None, 1)]
    if len(chat) > CHAT_INPUT_COMMANDS:
        problems.append(_too_long((), CHAT_INPUT_COMMANDS))
    names = [c.get("name") for c in chat]
    for i, command in enumerate(commands):
        if not isinstance(command, dict) or command.get("type") not in (None, 1):
            continue
        path: FieldPath = (i,)
        if names.count(command.get("name")) > 1:
            problems.append(
                Problem(
                    (*path, "name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    "Application command names must be unique",
                )
            )
        problems += _named(command, path)
        problems += _options(command.get("options") or [], (*path, "options"), depth=0)
        if _characters(command) > COMMAND_CHARACTERS:
            problems.append(
                Problem(
                    path,
                    "APPLICATION_COMMAND_TOO_LARGE",
                    f"Command exceeds maximum size ({COMMAND_CHARACTERS})",
                )
            )
    return problems


def _named(item: Json, path: FieldPath) -> list[Problem]:
    problems = []
    if not _valid_name(item.get("name")):
        problems.append(
            Problem((*path, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
        )
    description = item.get("description")
    if not isinstance(description, str) or not 1 <= len(description) <= 100:
        problems.append(
            Problem((*path, "description"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        )
    return problems


def _options(options: list[Any], path: FieldPath, *, depth: int) -> list[Problem]:
    problems: list[Problem] = []
    items = [o for o in options if isinstance(o, dict)]
    if len(items) > 25:
        problems.append(_too_long(path, 25))
    kinds = {o.get("type") in (1, 2) for o in items}
    if len(kinds) > 1:
        problems.append(
            Problem(
                path,
                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                "Subcommands cannot be mixed with other options",
            )
        )
    names = [o.get("name") for o in items]
    optional_seen = False
    for j, option in enumerate(items):
        where = (*path, j)
        problems += _named(option, where)
        if names.count(option.get("name")) > 1:
            problems.append(
                Problem(
                    (*where, "name"),
                    "APPLICATION_COMMAND_OPTION_NAME_NOT_UNIQUE",
                    "Option names must be unique",
                )
            )
        kind = option.get("type")
        if kind in (1, 2):
            if kind == 2 and depth > 0 or kind == 1 and depth > 1:
                problems.append(
                    Problem((*where, "type"), "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Too deep")
                )
            problems += _options(option.get("options") or [], (*where, "options"), depth=depth + 1)
            continue
        if option.get("required"):
            if optional_seen:
                problems.append(
                    Problem(
                        (*where, "required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
                )
        else:
            optional_seen = True
        choices = option.get("choices") or []
        if choices and option.get("autocomplete"):
            problems.append(
                Problem(
                    (*where, "autocomplete"),
                    "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_CHOICES",
                    "Autocomplete cannot be set with choices",
                )
            )
        for k, choice in enumerate(choices):
            if (
                isinstance(choice, dict)
                and isinstance(choice.get("value"), str)
                and len(choice["value"]) > CHOICE_VALUE
            ):
                problems.append(_too_long((*where, "choices", k, "value"), CHOICE_VALUE))
    return problems


def _characters(item: Any) -> int:
    """Characters of names, descriptions and choice values (localizations included)."""
    if isinstance(item, list):
        return sum(_characters(i) for i in item)
    if not isinstance(item, dict):
        return 0
    total = 0
    for key in ("name", "description"):
        if isinstance(item.get(key), str):
            total += len(item[key])
    for key in ("name_localizations", "description_localizations"):
        total += sum(len(v) for v in (item.get(key) or {}).values() if isinstance(v, str))
    if isinstance(item.get("value"), str):
        total += len(item["value"])
    return total + _characters(item.get("options") or []) + _characters(item.get("choices") or [])


def choice_problems(data: Any, path: FieldPath) -> list[Problem]:
    """An autocomplete answer: at most 25 choices, names and string values of 1-100."""
    if not isinstance(data, dict):
        return []
    problems: list[Problem] = []
    for k, choice in enumerate(data.get("choices") or []):
        if (
            isinstance(choice, dict)
            and isinstance(choice.get("value"), str)
            and len(choice["value"]) > CHOICE_VALUE
        ):
            problems.append(_too_long((*path, "choices", k, "value"), CHOICE_VALUE))
    return problems
