"""The generic secret check: nothing public names what only some seat may see.

For every game in ``games.names()`` at every player count, a seeded game is played
through the table core. After each move, every channel message it queued is turned into
what Discord would receive (text, and every component's label, custom id, option value
and description) and searched for the identifiers that some seat's view holds and the
public view does not. It needs nothing per game, so a new game is checked as it is added.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import games
from bot.adapter import messages
from bot.store.storage import Storage
from bot.table import Table, TableError

STEPS = 120
CH = "777"
WORD = re.compile(r"[\w'-]+")


def strings(value: Any, *, keys: bool = True) -> set[str]:
    """Every string in a JSON value: string values, and dict keys too if ``keys``."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if keys:
                found.add(str(key))
            found |= strings(item, keys=keys)
    elif isinstance(value, list):
        for item in value:
            found |= strings(item, keys=keys)
    elif isinstance(value, str):
        found.add(value)
    return found


def secrets(module: Any, state: dict[str, Any], players: int, ever_public: set[str]) -> set[str]:
    """What some seat's view shows and no public view so far has shown (ids, names, texts;
    the shape of a view, its keys, is no secret)."""
    hidden: set[str] = set()
    for seat in range(players):
        hidden |= strings(module.view(state, seat), keys=False)
    # A phrase made only of words already shown ("a yellow die", "+2 Glory") tells nothing.
    return {
        s
        for s in hidden - ever_public
        if len(s) >= 2 and not s.isdigit() and set(WORD.findall(s)) - ever_public
    }


def public_strings(payload: dict[str, Any]) -> str:
    text, components = messages.public_parts(payload)
    return text + "\n" + json.dumps(components, ensure_ascii=False)


def leaks(secret: set[str], public: str) -> list[str]:
    return [
        s
        for s in sorted(secret)
        if re.search(r"(?<![A-Za-z0-9_])" + re.escape(s) + r"(?![A-Za-z0-9_])", public)
    ]


def test_the_check_finds_a_hand_card_on_a_button() -> None:
    payload = {
        "text": "Your turn",
        "buttons": [{"action": "recruit V03", "label": "Recruit V03 (red)"}],
        "game_id": 1,
        "turn": True,
    }
    assert leaks({"V03"}, "Recruit V03 (red, recruit)") == ["V03"]
    assert leaks({"V03"}, public_strings(payload)) == []  # buttons of moves are never built in public
    assert "V03" not in public_strings({"text": "ok"})


CASES = [
    (g, n, boards)
    for g in games.names()
    for n in range(games.get(g).min_players, games.get(g).max_players + 1)
    for boards in ("turn", "move")
]


@pytest.mark.parametrize(("game_id", "players", "boards"), CASES, ids=[f"{g}-{n}-{b}" for g, n, b in CASES])
async def test_no_public_message_names_a_secret(
    tmp_path: Path, game_id: str, players: int, boards: str
) -> None:
    storage = await Storage.open(str(tmp_path / "skald.db"))
    table = Table(storage, clock=lambda: 1_800_000_000.0, seeds=lambda: 4242 + players)
    module = games.get(game_id)
    users = [str(100 + i) for i in range(players)]
    await table.lobby.new_game(CH, users[0], "p0", game_id, {"boards": boards})
    for i, user in enumerate(users[1:], start=1):
        await table.lobby.join(CH, user, f"p{i}")
    await table.lobby.start(CH, users[0], "joined")
    rng = random.Random(players)
    ever_public: set[str] = set()
    seen = 0
    checked = 0
    try:
        for _ in range(STEPS):
            game = await storage.latest_game(CH)
            assert game is not None
            state = game.state
            assert state is not None
            shown = strings(module.view(state, None))
            # Words of public texts count as shown too: a log line that names a card in play
            # (recruited from the deck in front of everyone) makes it public.
            ever_public |= shown | {w for text in shown for w in WORD.findall(text)}
            secret = secrets(module, state, players, ever_public)
            for row in await storage.pending_outbox():
                if row.kind == "channel" and row.id > seen:
                    payload = row.payload
                    if "view" in payload:
                        assert payload["view"] == module.view(state, None)
                    found = leaks(secret, public_strings(payload))
                    assert not found, (
                        f"{game_id}: public message names {found}: {public_strings(payload)[:300]}"
                    )
                    checked += 1
                await storage.mark_sent(row.id, 0)
                seen = max(seen, row.id)
            if module.outcome(state) is not None:
                break
            seat = rng.choice(module.to_act(state))
            action = rng.choice(module.legal_actions(state, seat))
            try:
                await table.moves.act(CH, users[seat], action)
            except TableError as error:  # pragma: no cover - an offered move must be accepted
                raise AssertionError(f"{game_id}: offered move {action!r} refused: {error}") from None
    finally:
        await storage.close()
    assert checked >= 3


def test_the_check_catches_the_old_public_move_buttons() -> None:
    """Boards used to carry the acting seat's moves as buttons; the check must flag that."""
    from bot.table import turns

    module = games.get("knarr")
    state = module.setup(5, 3, None)
    ever_public = strings(module.view(state, None))
    ever_public |= {w for text in ever_public for w in WORD.findall(text)}
    seat = module.to_act(state)[0]
    old_buttons = json.dumps(turns.choices(module, state, seat, ["a", "b", "c"]))
    assert leaks(secrets(module, state, 3, ever_public), old_buttons)
