"""Every Knarr card a player can meet, described for ``/card``: the 50 Vikings, the 35
destinations, the 7 artifacts and the two sides of the ship sheet.

Built from ``data.py``; the texts are ours. Knarr's card values are researched facts (the
Board Game Arena data, checked against a second source), so nothing here is designed.
"""

from __future__ import annotations

from games.guide import unique_names
from games.knarr.data import ARTIFACTS, DESTINATIONS, SHIPS, VIKINGS

__all__ = ["CARDS"]

Card = dict[str, str | bool]

TYPE_NAMES = {"A": "Trading Land", "B": "Land of Influence"}
_ASSET_WORDS = {
    "vp": "1 point",
    "bracelet": "a bracelet",
    "recruit": "a recruit",
    "reputation": "1 reputation",
    "card": "the top Viking of the deck into your crew",
}
_MARKS = {
    None: "It is in the deck at any player count.",
    3: "It is in the deck with 3 or 4 players.",
    4: "It is in the deck with 4 players only.",
}
_COLUMNS = ("column 1", "column 2", "column 3")
_TRADE_WORDS = {
    "vp": "a point",
    "bracelet": "a bracelet",
    "recruit": "a recruit",
    "reputation": "a reputation",
    "card": "a Viking from the deck",
}


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def cost_words(cost: dict[str, int]) -> str:
    """``{"green": 2}`` -> ``2 green Vikings``; ``{"different": 3}`` -> three of different colours."""
    if "different" in cost:
        return f"{cost['different']} Vikings of different colours"
    if "same" in cost:
        return f"{cost['same']} Vikings of one colour"
    total = sum(cost.values())
    if total == len(cost) and len(cost) == 5:
        return "one Viking of each colour"
    return _and([f"{n} {color}" for color, n in cost.items()]) + " Vikings"


def assets_words(assets: dict[str, int]) -> str:
    words = []
    for asset, n in assets.items():
        if asset == "vp":
            words.append(f"{n} point" + "s" * (n != 1))
        elif asset == "reputation":
            words.append(f"{n} reputation")
        elif asset == "card":
            words.append("a Viking from the deck into your crew" if n == 1 else f"{n} Vikings from the deck")
        else:
            words.append(f"a {asset}" if n == 1 else f"{n} {asset}s")
    return _and(words)


def trade_words(row: list[str | None]) -> str:
    paid = [f"{_TRADE_WORDS[asset]} in {_COLUMNS[i]}" for i, asset in enumerate(row) if asset]
    return _and(paid) if paid else "nothing"


def _viking(card_id: str) -> Card:
    data = VIKINGS[card_id]
    color, asset = data["color"], data["asset"]
    text = (
        f"A {color} Viking. Its asset is {_ASSET_WORDS[asset]}: you collect it when you recruit it, "
        f"and again each time you recruit another {color} Viking onto it. {_MARKS.get(data.get('mark'), '')}"
    )
    return {"id": card_id, "name": card_id, "kind": "Viking card", "text": text.strip(), "designed": False}


def _destination(card_id: str) -> Card:
    data = DESTINATIONS[card_id]
    kind = TYPE_NAMES[data["type"]]
    gain = assets_words(data["immediate"]) if data["immediate"] else "nothing at once"
    text = (
        f"A {kind} ({data['type']} card). Explore it by paying {cost_words(data['cost'])}; "
        f"recruits stand in for any of them. You gain {gain}. "
        f"Each time you trade, it pays {trade_words(data['trade'])}."
    )
    return {"id": card_id, "name": card_id, "kind": kind, "text": text, "designed": False}


def _artifact(artifact: str) -> Card:
    data = ARTIFACTS[artifact]
    text = f"Artifact variant. {data['text']} It is in play when the table picks it (option artifact)."
    if artifact == "mead_cup":
        text += " Two-player games with an artifact add it as well (option mead_cup)."
    return {"id": artifact, "name": data["name"], "kind": "Artifact", "text": text, "designed": False}


def _ship(side: str) -> Card:
    text = (
        f"The {side} side of your ship sheet (option ship={side}). When you trade, the ship itself "
        f"pays {trade_words(SHIPS[side])}, as an explored land does. You start with 1 recruit, "
        "1 bracelet and two crew Vikings of different colours on either side."
    )
    return {"id": side, "name": f"Ship ({side} side)", "kind": "Ship sheet", "text": text, "designed": False}


def _cards() -> list[Card]:
    cards = (
        [_viking(c) for c in VIKINGS]
        + [_destination(d) for d in DESTINATIONS]
        + [_artifact(a) for a in ARTIFACTS]
        + [_ship(s) for s in SHIPS]
    )
    names = unique_names([(str(c["id"]), str(c["name"]), str(c["kind"])) for c in cards])
    return [{**card, "name": name} for card, name in zip(cards, names, strict=True)]


CARDS: list[Card] = _cards()
