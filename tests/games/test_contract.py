"""Every game provides every member of the contract (docs/contract.md): none is optional,
so the bot and the renderers call them without a fallback."""

from __future__ import annotations

from pathlib import Path

import pytest

import games
from games.core import CALLED_MEMBERS, DATA_MEMBERS


@pytest.mark.parametrize("game_id", games.names())
def test_every_game_provides_every_member(game_id: str) -> None:
    module = games.get(game_id)
    missing = [name for name in (*DATA_MEMBERS, *CALLED_MEMBERS) if not hasattr(module, name)]
    assert missing == [], f"{game_id} lacks {missing}"
    assert [name for name in CALLED_MEMBERS if not callable(getattr(module, name))] == []
    assert module.id == game_id and isinstance(module.title, str)
    assert 1 <= module.min_players <= module.max_players
    for listed in ("OPTIONS", "COMMANDS", "CARDS"):
        assert isinstance(getattr(module, listed), list), f"{game_id}.{listed} is not a list"


def test_the_members_are_the_ones_the_contract_names() -> None:
    """docs/contract.md's table of members and games.core's lists name the same members."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "contract.md").read_text("utf-8")
    table = text.split("## Members (all required)", 1)[1].split("\n## ", 1)[0]
    for name in (*DATA_MEMBERS, *CALLED_MEMBERS):
        assert f"`{name}" in table, f"{name} is not in docs/contract.md's table of members"
