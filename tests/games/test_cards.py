"""Each game's CARDS (games/<id>/cards.py): one entry per card, tile, leader, place... a player
meets, with a unique id and name, our text, and an id the game's own data knows."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import games
from games.knarr import data as knarr
from games.pax import data as pax
from games.reavers import data as reavers
from games.saga import data as saga
from games.volga import data as volga

GAMES = games.names()
FIELDS = {"id": str, "name": str, "kind": str, "text": str, "designed": bool}


def _known_ids(game_id: str) -> set[str]:
    """Every id the game's data (or, for a few pieces, its state) uses, built from the data
    modules, not from cards.py."""
    if game_id == "knarr":
        return {*knarr.VIKINGS, *knarr.DESTINATIONS, *knarr.ARTIFACTS, *knarr.SHIPS}
    if game_id == "volga":
        # the Horde, the Prince and the two ship sizes are state values ("horde", "prince",
        # "ship": "small" | "large"); the price card is volga.json's "price_card"
        pieces = {"horde", "prince", "price_card", "small", "large"}
        return {*volga.TILES, *volga.CONTRACTS, *volga.CITIES, *volga.GOODS} | pieces
    if game_id == "saga":
        tiles = {str(t["id"]) for t in saga.TILES}
        # the Drakkar, Strongholds, the Initiative tile and the Round track are view keys
        pieces = {"drakkar", "stronghold", "initiative", "track"}
        return {*saga.ABILITIES, *saga.MARKERS, *saga.AREAS} | tiles | pieces
    if game_id == "reavers":
        return {*reavers.CARDS, *reavers.TERRITORIES, *reavers.UPGRADES, *reavers.LOCATIONS}
    if game_id == "pax":
        return {*pax.TILES, *pax.JARLS, *pax.CONDITIONS, *pax.POSTS, *pax.REGIONS, *pax.HOMES}
    raise KeyError(game_id)


# The game's data that must each have an entry: every printed (or designed) component.
def _must_have(game_id: str) -> set[str]:
    if game_id == "saga":
        return {*saga.ABILITIES, *saga.MARKERS, *saga.AREAS} | {str(t["id"]) for t in saga.TILES}
    if game_id == "volga":
        return {*volga.TILES, *volga.CONTRACTS, *volga.CITIES, *volga.GOODS}
    return _known_ids(game_id)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_entry_has_the_five_fields(game_id: str) -> None:
    cards = games.get(game_id).CARDS
    assert cards
    for card in cards:
        assert set(card) == set(FIELDS), card
        for field, kind in FIELDS.items():
            assert isinstance(card[field], kind), (field, card)
        assert str(card["name"]).strip() and str(card["kind"]).strip()


@pytest.mark.parametrize("game_id", GAMES)
def test_ids_and_names_are_unique(game_id: str) -> None:
    cards = games.get(game_id).CARDS
    ids = Counter(str(c["id"]) for c in cards)
    names = Counter(str(c["name"]).lower() for c in cards)
    assert [i for i, n in ids.items() if n > 1] == []
    assert [i for i, n in names.items() if n > 1] == []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_id_is_the_games_own(game_id: str) -> None:
    ids = {str(c["id"]) for c in games.get(game_id).CARDS}
    assert ids - _known_ids(game_id) == set()
    assert _must_have(game_id) - ids == set(), "a component without an entry"


@pytest.mark.parametrize("game_id", GAMES)
def test_texts_are_short_and_say_when_designed(game_id: str) -> None:
    for card in games.get(game_id).CARDS:
        text = str(card["text"])
        sentences = len(re.findall(r"[.!?](?:\s|$)", text))
        assert 1 <= sentences <= 4, (sentences, card)
        assert text[0].isupper() and text.endswith("."), card
        assert len(text) <= 400, card
        if card["designed"]:
            assert "Designed here" in text, card


def test_the_names_players_see() -> None:
    by_id = {g: {str(c["id"]): c for c in games.get(g).CARDS} for g in GAMES}
    assert by_id["knarr"]["V03"]["name"] == "V03"
    assert by_id["knarr"]["mead_cup"]["name"] == "Mead Cup"
    assert by_id["volga"]["C08"]["name"] == "C08 (fish to Kiev)"
    assert by_id["volga"]["T04"]["name"] == "Kiev (T04)"
    assert by_id["volga"]["kiev"]["name"] == "Kiev pass"
    assert by_id["saga"]["seize"]["name"] == "Silver Envoy"
    assert by_id["reavers"]["V01"]["name"] == "Farm (V01)"
    assert by_id["pax"]["V01"]["name"] == "Birka Mint"
