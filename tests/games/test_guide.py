"""The rules pages (games/<id>/guide.md) parse, cover the game and stay phone-sized.

The check that no page copies the rulebook reads the rulebooks, which CI does not have: it is
a one-off script, not a test (see the report of issue #33).
"""

from __future__ import annotations

import re

import pytest

import games
from games import guide

GAMES = games.names()
LONGEST_TOPIC = 1800  # characters: about one or two phone screens


def _verbs(game_id: str) -> list[str]:
    """Every action verb of the game's typed commands (a family's verbs included)."""
    verbs: list[str] = []
    for command in games.get(game_id).COMMANDS:
        verbs += command.get("verbs") or [command["name"]]
    return verbs


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_guide_with_the_required_topics(game_id: str) -> None:
    titles = [title for title, _ in guide.topics(game_id)]
    for required in guide.REQUIRED:
        assert required in titles, f"{game_id}: no topic {required!r}"
    assert titles[0] == "Overview and goal"
    assert guide.game_title(game_id) == games.get(game_id).title


@pytest.mark.parametrize("game_id", GAMES)
def test_titles_are_unique_short_and_plain(game_id: str) -> None:
    titles = [title for title, _ in guide.topics(game_id)]
    assert len({t.lower() for t in titles}) == len(titles)
    for title in titles:
        assert 0 < len(title) < 60
        assert not re.search(r"[*_`\[\]#|~]", title), title


@pytest.mark.parametrize("game_id", GAMES)
def test_topics_are_filled_and_fit_a_phone(game_id: str) -> None:
    for title, text in guide.topics(game_id):
        assert text.strip(), f"{game_id}: {title!r} is empty"
        assert len(text) <= LONGEST_TOPIC, f"{game_id}: {title!r} has {len(text)} characters"
        assert "http" not in text and "](" not in text, f"{game_id}: {title!r} has a link"
        assert not any(line.lstrip().startswith(("#", "|")) for line in text.splitlines())


@pytest.mark.parametrize("game_id", GAMES)
def test_every_typed_command_is_explained(game_id: str) -> None:
    """Each verb appears as a typed move, in backticks (`recruit V03`, `end`), in some topic."""
    pages = "\n".join(f"{title}\n{text}" for title, text in guide.topics(game_id))
    missing = [verb for verb in _verbs(game_id) if not re.search(rf"`{re.escape(verb)}\b[^`\n]*`", pages)]
    assert missing == [], f"{game_id}: no topic shows {missing}"


def test_topics_are_read_once_and_returned_as_copies() -> None:
    first = guide.topics("knarr")
    first.clear()
    assert guide.topics("knarr")


def test_an_unknown_game_has_no_guide() -> None:
    with pytest.raises(KeyError):
        guide.topics("chess")
    with pytest.raises(KeyError):
        guide.topics("../knarr")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("## Overview and goal\nhello\n", "first line"),
        ("# Game\nstray text\n## A\nx\n", "before the first topic"),
        ("# Game\n## A\nx\n## a\ny\n", "comes twice"),
        ("# Game\n## A\n\n## B\ny\n", "empty"),
        ("# Game\n## A\n### deeper\n", "below"),
        ("# Game\n## A\n| a | b |\n", "tables"),
        ("# Game\n## A\nsee [this](http://x)\n", "links"),
        ("# Game\n## **Bold**\nx\n", "markdown"),
        ("# Game\n## " + "x" * 60 + "\nx\n", "over"),
        ("# Game\n", "no topics"),
    ],
)
def test_a_malformed_guide_is_refused(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        guide.parse(text)


def test_a_guide_parses_into_titles_and_stripped_text() -> None:
    title, topics = guide.parse("# Game\n## First\n\nOne line.\n- a bullet\n\n## Second\nTwo.\n")
    assert title == "Game"
    assert topics == (("First", "One line.\n- a bullet"), ("Second", "Two."))


def test_unique_names_add_the_kind_then_the_id() -> None:
    names = guide.unique_names(
        [
            ("V01", "Farm", "Village Spoils"),
            ("V02", "Farm", "Village Spoils"),
            ("V11", "Wall", "Village Spoils"),
            ("K29", "Wall", "Keep Spoils"),
            ("R01", "Astrid", "Reaver"),
        ]
    )
    assert names == ["Farm (V01)", "Farm (V02)", "Wall (Village Spoils)", "Wall (Keep Spoils)", "Astrid"]
