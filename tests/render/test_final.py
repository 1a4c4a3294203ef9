"""The final picture and message of a finished game: board, scores, parts, winner.

Checked on the last state of a seeded bot game of every title at its smallest and largest
table: no text over text or outside its panel (the layout test's check), every score
text readable when the picture is shown 400 px wide, and the numbers are the breakdown's.
"""

from __future__ import annotations

from functools import partial

import pytest

import games
from games.scores import MESSAGE_LIMIT, UNITS, final_text
from render.common import Placed, recording
from render.final import final_png
from tests.games.bot_games import bot_game
from tests.render.test_layout import check

NAMES = ["Astrid", "Bjørn", "Святослав", "Ulf", "Freydis", "Sigrid"]
PHONE = 400 / 1280
READABLE = 12.5  # px on a phone


def _cases() -> list[tuple[str, int]]:
    out = []
    for game_id in games.names():
        game = games.get(game_id)
        out += [(game_id, n) for n in sorted({game.min_players, game.max_players})]
    return out


def _texts(draw: partial[bytes]) -> list[Placed]:
    with recording() as record:
        draw()
    *_, (_, placed) = record.pictures()  # the board is encoded first, then the whole picture
    return placed


@pytest.mark.parametrize(("game_id", "players"), _cases())
def test_the_final_picture_names_the_winner_and_every_part_readably(game_id: str, players: int) -> None:
    game = games.get(game_id)
    state = bot_game(game_id, players, seed=3)[0][-1]
    view, parts = game.view(state, None), game.breakdown(state)
    names = NAMES[:players]
    draw = partial(final_png, view, parts, names=names)
    assert check(f"{game_id} {players}p final", draw) == []
    table = [p for p in _texts(draw) if p.panel.startswith("final")]
    assert all(p.size * PHONE >= READABLE for p in table), [(p.text, p.size) for p in table if p.size < 40]
    drawn = [p.text for p in table]
    (winner, *_) = game.outcome(state)["winners"]
    assert drawn[0].startswith(names[winner]) and "win" in drawn[0]
    if not UNITS[game_id]:  # Saga: no points; the names alone, no "Victory 1 / 0" table
        assert all(name in drawn for name in names) and "Total" not in drawn and "Victory" not in drawn
        return
    for row in parts:
        assert all(label in drawn for label, _ in row)
    total_row = max(p.panel for p in table if p.text == "Total")
    totals = [p.text for p in table if p.panel == total_row and p.text != "Total"]
    assert totals == [str(n) for n in game.outcome(state)["scores"]]


def test_the_final_picture_is_only_for_a_finished_game() -> None:
    knarr = games.get("knarr")
    state = knarr.setup(1, 2, None)
    with pytest.raises(ValueError, match="not over"):
        final_png(knarr.view(state, None), knarr.breakdown(state), names=NAMES[:2])


@pytest.mark.parametrize(("game_id", "players"), _cases())
def test_the_final_message_fits_and_tells_each_score(game_id: str, players: int) -> None:
    game = games.get(game_id)
    state = bot_game(game_id, players, seed=3)[0][-1]
    view, parts = game.view(state, None), game.breakdown(state)
    long_names = [f"{n}\\_the\\_Very\\_Long\\_Named\\_{n}"[:64] for n in NAMES[:players]]
    text = final_text(view, parts, names=long_names)
    assert len(text) <= MESSAGE_LIMIT
    winners = game.outcome(state)["winners"]
    assert text.startswith(f"**{long_names[winners[0]]}")
    if game_id == "saga":  # a side wins; there is no score to list
        assert "\n" not in text and "win" in text
        return
    lines = text.splitlines()[1:]
    assert len(lines) == players
    for seat, row in enumerate(parts):
        mine = next(line for line in lines if f"**{long_names[seat]}**:" in line)
        assert f": {sum(n for _, n in row)} " in mine
        assert all(f"{label} {n}" in mine for label, n in row if n)


def test_the_final_message_drops_the_parts_before_going_over_the_limit() -> None:
    game = games.get("reavers")
    state = bot_game("reavers", 5, seed=3)[0][-1]
    names = ["x" * 250 + str(i) for i in range(5)]
    text = final_text(game.view(state, None), game.breakdown(state), names=names)
    assert len(text) <= MESSAGE_LIMIT
    assert "Glory track" not in text and text.count("Glory") >= 5
