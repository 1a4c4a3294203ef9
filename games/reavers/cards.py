"""Every Reavers of Midgard card and tile a player can meet, described for ``/card``: the
Reavers, Village and Keep Spoils, Journeys, Sea Battles, Prophecies, territory tiles, Ship
Upgrade tokens and the six locations.

Built from ``data.py``; the texts are ours. The rulebook prints no card list, so every card
is our design (``designed`` as the data file marks it); the locations are the rulebook's.
"""

from __future__ import annotations

import re
from typing import Any

from games.guide import unique_names
from games.reavers.data import (
    BATTLES,
    FACE_NAMES,
    JOURNEYS,
    KEEP,
    LEADER_BONUS,
    LOCATIONS,
    PROPHECIES,
    REAVERS,
    SETS,
    TERRITORIES,
    UPGRADES,
    VILLAGE,
    effect_text,
    location_name,
    need_text,
)

__all__ = ["CARDS"]

Card = dict[str, str | bool]

DESIGNED = " Designed here: the rulebook prints no card list."


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _dice(colors: list[str]) -> str:
    return _and([f"a {c} die" for c in colors]) or "no die"


def _faces(faces: list[str]) -> str:
    return _and([FACE_NAMES.get(f, f) for f in faces])


def _either(faces: list[str]) -> str:
    return " or ".join(FACE_NAMES.get(f, f) for f in faces)


def _article(word: str) -> str:
    return "An" if word[:1].lower() in "aeiou" else "A"


def _worth(glory: int) -> str:
    return f"Worth {glory} Glory at the end." if glory else "Worth no Glory at the end."


def _effect(effect: dict[str, Any] | None) -> str:
    """An effect in words without signs: ``3 Food``, ``lose 1 Favor``."""
    text = effect_text(dict(effect or {}))
    return re.sub(r"-(\d+) ", r"lose \1 ", text.replace("+", ""))


def _bonus(bonus: dict[str, int]) -> str:
    words = []
    for key, n in bonus.items():
        if key == "spoils":
            words.append("a Spoils card" if n == 1 else f"{n} Spoils cards")
        else:
            words.append(f"{n} {key.title()}")
    return _and(words)


def _designed(data: dict[str, Any]) -> bool:
    return bool(data.get("designed"))


def _reaver(card_id: str) -> Card:
    data = REAVERS[card_id]
    clan = str(data["clan"])
    text = (
        f"A {clan}-clan Reaver: recruiting it rolls {_dice(data['roll'])}. Rally for "
        f"{_dice(data['rally'])} on faces you choose; lead for {_bonus(LEADER_BONUS.get(clan, {}))} "
        f"and wild {clan} Clan faces; specialize for {_effect(data['ability'])} each time anyone "
        f"chooses its location. {_worth(int(data.get('glory', 0) or 0))}"
    )
    return _card(card_id, str(data["name"]), "Reaver", text, data)


def _set_words(name: str) -> str:
    values = SETS.get(name, {}).get("values") or []
    return ", ".join(str(v) for v in values)


def _spoil(card_id: str, kind_name: str, data: dict[str, Any]) -> Card:
    kind = data.get("kind")
    if kind == "treasure":
        name = str(data["name"])
        text = (
            f"{_article(name)} {name} treasure for your secret Glory pile. At the end your {name} "
            f"scores in sets: {_set_words(str(data.get('set')))} Glory for 1, 2, 3... copies."
        )
    elif kind == "upgrade":
        token = UPGRADES.get(str(data.get("token")), {})
        text = (
            f"Fit the {token.get('name', 'Ship Upgrade')} token to your longship: once a round it "
            f"counts as a {_either(list(token.get('faces') or []))} die. If the token is taken, "
            "gain 2 Glory instead."
        )
    elif kind == "artifact":
        store = data.get("store")
        held = f"one {FACE_NAMES.get(store, store)} die" if store else "one die of any face"
        text = (
            f"An Artifact for your longship, holding {held}: when anyone chooses "
            f"{location_name(data['location'])}, the die is spent for {_effect(data.get('effect'))}. "
            f"{_worth(int(data.get('glory', 0) or 0))}"
        )
    else:
        text = (
            f"Gain {_effect(data.get('gain'))} at once. Then you may pillage it: beat defense "
            f"{data.get('defense')} in combat to win {_effect(data.get('reward'))}. Discarded either way."
        )
    return _card(card_id, str(data["name"]), kind_name, text, data)


def _journey(card_id: str) -> Card:
    data = JOURNEYS[card_id]
    pay = data.get("pay")
    penalty = dict(data.get("penalty") or {})
    if pay is None and not penalty:
        text = "A quiet voyage: nothing happens."
    elif pay is None:
        text = f"Good luck on the way: gain {_effect(penalty)}."
    else:
        price = [f"a {FACE_NAMES.get(f, f)} die" for f in pay.get("faces") or []]
        if pay.get("food"):
            price.append(f"{pay['food']} Food")
        text = f"Pay {_and(price)}, or suffer it: {_effect(penalty)}."
    text += " Turned up before each Sea Battle."
    return _card(card_id, str(data["name"]), "Journey", text, data)


def _battle(card_id: str) -> Card:
    data = BATTLES[card_id]
    reward = _effect(data.get("reward"))
    extra = "" if reward == "nothing" else f" and {reward}"
    text = (
        f"A Sea Battle, defense {data['defense']}. Beat it by spending dice of exactly these faces: "
        f"{_faces(list(data['combo']))}; or in combat. Winning gives {data['glory']} Glory{extra}."
    )
    return _card(card_id, str(data["name"]), "Sea Battle", text, data)


def _prophecy(card_id: str) -> Card:
    data = PROPHECIES[card_id]
    text = (
        f"A secret goal. At the end of the game, with at least {need_text(dict(data['need']))}, "
        f"it scores {data['glory']} Glory; otherwise nothing."
    )
    return _card(card_id, str(data["name"]), "Prophecy", text, data)


def _territory(card_id: str) -> Card:
    data = TERRITORIES[card_id]
    kind = str(data["type"])
    cost = ", ".join(f"{v} {k.title() if k != 'dice' else 'dice'}" for k, v in data["cost"].items())
    text = (
        f"A {kind} territory, level {data['defense']}. Take it by force against defense "
        f"{data['defense']}, or peacefully for {cost}. Its back gives {_effect(data.get('reward'))}; "
        "then it pays 1 Glory at every cleanup."
    )
    return _card(card_id, f"{kind.title()} territory", "Territory", text, data)


def _upgrade(token_id: str) -> Card:
    data = UPGRADES[token_id]
    text = (
        f"A Ship Upgrade token: once a round it stands for a {_either(list(data['faces']))} die, "
        "paying a cost or fighting, then turns over until cleanup. Gained from a Ship Upgrade "
        "Village Spoils card."
    )
    return _card(token_id, str(data["name"]), "Ship Upgrade token", text, data)


def _location(loc: str) -> Card:
    data = LOCATIONS[loc]
    cost = data.get("cost") or {}
    faces = list(cost.get("faces") or [])
    price = [f"{len(faces)} dice showing {_faces(sorted(set(faces)))}"] if faces else []
    if cost.get("food"):
        price.append(f"{cost['food']} Food")
    paid = f"Joining costs {' and '.join(price)}." if price else "Joining costs nothing."
    text = (
        f"A location: once it is chosen, everyone takes part in turn from the chooser. {paid} {_SHARE[loc]}"
    )
    return {"id": loc, "name": str(data["name"]), "kind": "Location", "text": text, "designed": False}


_SHARE = {
    "recruit": "Each player takes a slot's Reavers or the top of the deck; the chooser gains 2 Favor.",
    "trade": "Actions of dice, Food or a Prophecy: 3 for the chooser, 2 for the next, 1 for the rest.",
    "villages": "A pair of Village Spoils each; 2 more for the chooser, 1 for the next player.",
    "keeps": "A pair of Keep Spoils each; 2 more for the chooser, 1 for the next player.",
    "conquer": "Conquer actions: 3 for the chooser, 2 for the next, 1 for the rest.",
    "sea": "A Journey, then a Sea Battle each; the chooser gains 2 Glory.",
}


def _card(card_id: str, name: str, kind: str, text: str, data: dict[str, Any]) -> Card:
    designed = _designed(data)
    return {
        "id": card_id,
        "name": name,
        "kind": kind,
        "text": text + DESIGNED * designed,
        "designed": designed,
    }


def _cards() -> list[Card]:
    cards = (
        [_reaver(c) for c in REAVERS]
        + [_spoil(c, "Village Spoils", d) for c, d in VILLAGE.items()]
        + [_spoil(c, "Keep Spoils", d) for c, d in KEEP.items()]
        + [_journey(c) for c in JOURNEYS]
        + [_battle(c) for c in BATTLES]
        + [_prophecy(c) for c in PROPHECIES]
        + [_territory(t) for t in TERRITORIES]
        + [_upgrade(u) for u in UPGRADES]
        + [_location(loc) for loc in LOCATIONS]
    )
    names = unique_names([(str(c["id"]), str(c["name"]), str(c["kind"])) for c in cards])
    return [{**card, "name": name} for card, name in zip(cards, names, strict=True)]


CARDS: list[Card] = _cards()
