"""The /card pictures: every kind of entry of every game's CARDS draws as a phone-sized PNG.

Drawing all of them (about 600) takes some 15 seconds on a shared machine, so each game draws
a sample: one entry of every kind, then evenly spread ids, at most SAMPLE a game.
"""

from __future__ import annotations

import pytest

import games
import render
from render.common.card_sheet import WIDTH
from tests.render.pngcheck import SIZE_BUDGET, open_png

GAMES = games.names()
SAMPLE = 20


def _sample(game_id: str) -> list[str]:
    cards = games.get(game_id).CARDS
    chosen: list[str] = []
    for card in cards:  # the first of each kind
        if card["kind"] not in {c["kind"] for c in cards if str(c["id"]) in chosen}:
            chosen.append(str(card["id"]))
    step = max(1, len(cards) // max(1, SAMPLE - len(chosen)))
    for card in cards[::step]:
        if len(chosen) >= SAMPLE:
            break
        if str(card["id"]) not in chosen:
            chosen.append(str(card["id"]))
    return chosen


@pytest.mark.parametrize("game_id", GAMES)
def test_cards_of_every_kind_draw_as_phone_sized_pngs(game_id: str) -> None:
    ids = _sample(game_id)
    kinds = {str(c["kind"]) for c in games.get(game_id).CARDS}
    drawn = {str(c["kind"]) for c in games.get(game_id).CARDS if str(c["id"]) in ids}
    assert drawn == kinds
    for card_id in ids:
        data = render.card_png(game_id, card_id)
        assert data is not None, card_id
        image = open_png(data)
        assert image.mode == "RGB"
        assert image.width == WIDTH
        assert 300 <= image.height <= 1000, (card_id, image.size)
        assert len(data) < SIZE_BUDGET


def test_the_same_card_draws_the_same_picture() -> None:
    assert render.card_png("saga", "seize") == render.card_png("saga", "seize")


def test_no_picture_for_an_unknown_card_or_game() -> None:
    assert render.card_png("knarr", "V99") is None
    assert render.card_png("knarr", "") is None
    assert render.card_png("chess", "V01") is None
