"""Every Volga piece a player can meet, described for ``/card``: the 24 map tiles, the 27
contracts, the city passes, the three goods, the Horde, the Prince, the price card and the
two sides of the ship card.

Built from ``data.py``; the texts are ours. The rulebook names no tiles, no contract list and
no prices, so those are our design (marked ``designed``).
"""

from __future__ import annotations

from games.guide import unique_names
from games.volga.data import (
    CITIES,
    CONTRACTS,
    FEE,
    GOOD_PRICE,
    GOODS,
    HORDE_STEPS,
    PASS_PRICE,
    PRICES,
    RIVER_STEPS,
    SMALL_CAPACITY,
    SOURCE_GOOD,
    SOURCES,
    TILES,
    UPGRADE_PRICE,
    city_name,
)

__all__ = ["CARDS"]

Card = dict[str, str | bool]

SHAPE_WORDS = {
    "straight": "a straight river",
    "bend": "a river that bends",
    "tee": "a river that forks three ways",
}


def _good(good: str) -> str:
    return good.title()


def _tile(tile_id: str) -> Card:
    data = TILES[tile_id]
    shape = SHAPE_WORDS.get(str(data.get("shape")), "no river")
    city = data.get("city")
    if city:
        name = f"{city_name(city)} ({tile_id})"
        made = SOURCE_GOOD.get(city)
        trade = (
            f"It sells {made} for {GOOD_PRICE} ruble each"
            if made
            else "It makes no good, but contracts ask for goods here"
        )
        text = (
            f"The city of {city_name(city)}, on {shape}; {trade[0].lower()}{trade[1:]}. A ship without "
            f"its pass stops on entering and pays a {FEE}-ruble fee; burned, the city trades nothing "
            "until the Prince rebuilds it."
        )
        kind = "City tile"
        if CITIES[city].get("designed"):
            text += " Designed here: the rulebook names only three cities; this one and its tile are ours."
        else:
            text += " Designed here: the rulebook names the city but prints no tiles; its tile is ours."
    elif data.get("kind") == "river":
        name = tile_id
        text = (
            f"A river tile with {shape}. Ships move up to {RIVER_STEPS} steps along connected "
            "river edges, or one step over land. Designed here: the rulebook prints no tiles."
        )
        kind = "River tile"
    else:
        name = tile_id
        text = (
            "A land tile with no river: ships cross it one step at a time. After a battle the "
            "Horde is put on a free tile without a city, such as this one. Designed here: the "
            "rulebook prints no tiles."
        )
        kind = "Land tile"
    return {"id": tile_id, "name": name, "kind": kind, "text": text, "designed": bool(data.get("designed"))}


def _contract(card: str) -> Card:
    data = CONTRACTS[card]
    city = city_name(data["city"])
    text = (
        f"Wants {data['good']} delivered to {city}. Face up on the table, anyone in {city} (unburned) "
        "with that good may sell it there for the current price; the good and the contract then "
        "leave the game. Held in a hand it stays hidden until laid down. Designed here: the "
        "rulebook prints no contract list."
    )
    return {
        "id": card,
        "name": f"{card} ({data['good']} to {city})",
        "kind": "Contract",
        "text": text,
        "designed": bool(data.get("designed")),
    }


def _pass(city: str) -> Card:
    name = city_name(city)
    text = (
        f"Its holder enters {name} without stopping or paying, and the {FEE}-ruble fee of every "
        f"other ship entering goes to them. Buy it in {name} for {PASS_PRICE} rubles while nobody "
        "holds it and the city is unburned; it can also be traded."
    )
    if CITIES[city].get("designed"):
        text += " Designed here: the city is ours."
    return {
        "id": city,
        "name": f"{name} pass",
        "kind": "City pass",
        "text": text,
        "designed": bool(CITIES[city].get("designed")),
    }


def _good_card(good: str) -> Card:
    text = (
        f"A trade good made only in {city_name(SOURCES[good])}, where it costs {GOOD_PRICE} ruble. "
        "Sell it on a face-up contract that asks for it, in the contract's city, for the current price."
    )
    return {"id": good, "name": _good(good), "kind": "Trade good", "text": text, "designed": False}


def _pieces() -> list[Card]:
    prices = ", ".join(str(p) for p in PRICES)
    return [
        {
            "id": "horde",
            "name": "Horde",
            "kind": "Piece",
            "text": (
                f"Moved as a special action, up to {HORDE_STEPS} steps of any kind. It burns the "
                "first unburned city it enters (1 ruble to you), raids a ship it enters (its owner "
                "pays you 1 ruble and moves away), or battles the Prince (you put him on a free "
                "unburned city). No ship may enter its tile."
            ),
            "designed": False,
        },
        {
            "id": "prince",
            "name": "Prince",
            "kind": "Piece",
            "text": (
                "The Prince of Kiev. Moved as a special action like a ship holding every pass. He "
                "rebuilds the first burned city he enters (1 ruble to you), or battles the Horde (you "
                "put it on a free tile without a city). A ship he ends on is moved aside by its owner; "
                "a ship that ends on him puts him on a free tile next to it."
            ),
            "designed": False,
        },
        {
            "id": "price_card",
            "name": "Price card",
            "kind": "Price card",
            "text": (
                f"What a good sells for: {prices} rubles with 0 to 5 cities burned. One city burns at "
                "the start, so play opens at the second price. Designed here: the rulebook prints no values."
            ),
            "designed": True,
        },
        {
            "id": "small",
            "name": "Small ship",
            "kind": "Ship card",
            "text": f"Everyone starts with a small ship. It carries at most {SMALL_CAPACITY} goods.",
            "designed": False,
        },
        {
            "id": "large",
            "name": "Large ship",
            "kind": "Ship card",
            "text": (
                f"A large ship carries any number of goods. Upgrade for {UPGRADE_PRICE} rubles; "
                "starting over turns it back to the small side."
            ),
            "designed": False,
        },
    ]


def _cards() -> list[Card]:
    cards = (
        [_tile(t) for t in TILES]
        + [_contract(c) for c in CONTRACTS]
        + [_pass(city) for city in CITIES]
        + [_good_card(g) for g in GOODS]
        + _pieces()
    )
    names = unique_names([(str(c["id"]), str(c["name"]), str(c["kind"])) for c in cards])
    return [{**card, "name": name} for card, name in zip(cards, names, strict=True)]


CARDS: list[Card] = _cards()
