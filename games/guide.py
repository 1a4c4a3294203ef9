"""The rules pages of each game, as the ``/rules`` command shows them.

Each game keeps its pages in ``games/<id>/guide.md``, written in our own words (never the
rulebook's). The file is a ``# <Game title>`` line, then topics: a ``## <Topic>`` line and
the topic's text, which is Discord markdown (bold, ``- `` bullets, inline code). Nothing
else: no deeper headings, tables, images or links.

``topics(game_id)`` reads the file once and returns ``(title, text)`` pairs in file order.
``unique_names`` helps each game's ``cards.py`` give every card a name of its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path

__all__ = ["MAX_TITLE", "REQUIRED", "game_title", "topics", "unique_names"]

REQUIRED = ("Overview and goal", "A turn", "Scoring and the end", "Designed here")
MAX_TITLE = 59  # characters in a topic title

_HERE = Path(__file__).parent


def topics(game_id: str) -> list[tuple[str, str]]:
    """The rules topics of ``game_id``: ``(title, text)`` pairs in file order.

    ``KeyError`` for a game without a guide; ``ValueError`` (naming the line) when the file
    does not follow the format above.
    """
    return list(_parsed(game_id)[1])


def game_title(game_id: str) -> str:
    """The title on the guide's first line (the game's own title)."""
    return _parsed(game_id)[0]


@cache
def _parsed(game_id: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    if not game_id.isidentifier():
        raise KeyError(game_id)
    path = _HERE / game_id / "guide.md"
    if not path.is_file():
        raise KeyError(game_id)
    return parse(path.read_text("utf-8"), source=f"games/{game_id}/guide.md")


def parse(text: str, *, source: str = "guide") -> tuple[str, tuple[tuple[str, str], ...]]:
    """The game title and the topics of a guide's text (see the module docstring)."""
    title = ""
    found: list[tuple[str, list[str]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        where = f"{source}, line {number}"
        if line.startswith("## "):
            name = line[3:].strip()
            _check_title(name, where)
            if any(name.lower() == seen.lower() for seen, _ in found):
                raise ValueError(f"{where}: the topic {name!r} comes twice")
            found.append((name, []))
        elif line.startswith("# "):
            if title or found:
                raise ValueError(f"{where}: only the first line may be the game's title")
            title = line[2:].strip()
        elif line.startswith("#"):
            raise ValueError(f"{where}: headings below '## ' are not allowed")
        elif line.lstrip().startswith("|"):
            raise ValueError(f"{where}: tables do not show in Discord")
        elif "](" in line:
            raise ValueError(f"{where}: no links or images")
        elif found:
            found[-1][1].append(line)
        elif line.strip():
            raise ValueError(f"{where}: text before the first topic")
    if not title:
        raise ValueError(f"{source}: the first line must be '# <game title>'")
    if not found:
        raise ValueError(f"{source}: no topics")
    pairs = []
    for name, lines in found:
        body = "\n".join(lines).strip()
        if not body:
            raise ValueError(f"{source}: the topic {name!r} is empty")
        pairs.append((name, body))
    return title, tuple(pairs)


def _check_title(name: str, where: str) -> None:
    if not name:
        raise ValueError(f"{where}: a topic needs a title")
    if len(name) > MAX_TITLE:
        raise ValueError(f"{where}: the title {name!r} is over {MAX_TITLE} characters")
    if any(mark in name for mark in ("*", "_", "`", "[", "#", "~", "|")):
        raise ValueError(f"{where}: no markdown in a topic title ({name!r})")


def unique_names(entries: Sequence[tuple[str, str, str]]) -> list[str]:
    """A distinct name for each ``(id, name, kind)``: a name shared by cards of different
    kinds gets its kind, ``"Wall (Keep Spoils)"``; one shared within a kind gets its id,
    ``"Farm (V03)"``."""
    by_name = Counter(name.lower() for _, name, _ in entries)
    by_kind = Counter((name.lower(), kind) for _, name, kind in entries)
    out = []
    for card_id, name, kind in entries:
        if by_name[name.lower()] == 1:
            out.append(name)
        elif by_kind[(name.lower(), kind)] == 1:
            out.append(f"{name} ({kind})")
        else:
            out.append(f"{name} ({card_id})")
    if len({n.lower() for n in out}) != len(out):
        raise ValueError("card names still clash after adding kinds and ids")
    return out
