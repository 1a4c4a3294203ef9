"""Every Pax Viking tile, Jarl, Victory Condition and place a player can meet, described for
``/card``: the 100 tiles, the six Jarls, the 16 Victory Conditions, and the map's posts,
regions and HOMEs.

Built from ``data.py`` (ability texts from ``effects.describe`` and ``victory.describe``, as
the board shows them); the other words are ours. The physical game's map, Jarls, tiles and
conditions are not public, so every entry is our design.
"""

from __future__ import annotations

from games.guide import unique_names
from games.pax import effects, victory
from games.pax.data import (
    BORDERS,
    CONDITIONS,
    FOLLOWER_NAMES,
    HOMES,
    JARLS,
    POSTS,
    REGIONS,
    TILES,
    WINDS,
    entry,
    place_name,
)

__all__ = ["CARDS"]

Card = dict[str, str | bool]

DESIGNED = " Designed here: the printed {} not public."
KIND_NAMES = {"venture": "Venture", "event": "Event", "advocate": "Advocate", "god": "God"}
TRIGGER_WORDS = {
    "establish": "When your Follower is ESTABLISHED on it",
    "activate": "When you ACTIVATE it",
    "solstice": "At your Winter Solstice",
    "always": "Always",
}
DIFFICULTY_CHECKS = {
    "novice": "Checked at the end of each player's own turn.",
    "standard": "Checked whenever an Event RESOLVES or the ALTHING refuses one.",
}


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _ability(text: str) -> str:
    """An ability's glossary sentences as one: ``GAIN 2 Silfr, then DRAW 1.``"""
    return text.rstrip(".").replace(". ", ", then ") + "."


def _where(location: str | None) -> str:
    if location is None:
        return "anywhere"
    return f"in the {place_name(location)}" if location in WINDS else f"in {place_name(location)}"


def _tile(tile_id: str) -> Card:
    data = TILES[tile_id]
    kind = str(data["kind"])
    location = data.get("location")
    ability = _ability(effects.describe(data["effects"]))
    icon = f" Follower icon: {FOLLOWER_NAMES[data['follower']]}." if data.get("follower") else ""
    if kind == "venture":
        play = f"Play it on a post {_where(location)} where you are ALONE, then ESTABLISH on it."
    elif kind == "event":
        need = "" if location is None else f" while ALONE in a post {_where(location)}"
        play = f"Play it{need} and it RESOLVES at once, then leaves the game."
        if data.get("althing"):
            play += " The ALTHING votes on it first."
    else:
        need = " (no requirement)" if location is None else f" while ALONE in a post {_where(location)}"
        play = f"Play it on your Jarlboard{need}, with your Follower on it."
    if kind == "event":
        does = f"It does: {ability}"
    else:
        once = " (ONCE a turn)" if data.get("once") else ""
        does = f"{TRIGGER_WORDS.get(str(data['trigger']), 'Always')}{once}: {ability}"
    text = f"{play}{icon} {does}" + DESIGNED.format("tiles are")
    return {
        "id": tile_id,
        "name": str(data["name"]),
        "kind": KIND_NAMES[kind],
        "text": text,
        "designed": True,
    }


def _jarl(jarl_id: str) -> Card:
    data = JARLS[jarl_id]
    home = HOMES[data["home"]]
    opens = _and([place_name(r) for r in home["links"]])
    text = (
        f"A Jarl of the {WINDS[data['wind']]['name']}. HOME: {home['name']}, opening on {opens}. "
        f"Ability: {_ability(effects.describe(data['ability']))}" + DESIGNED.format("Jarls are")
    )
    return {"id": jarl_id, "name": str(data["name"]), "kind": "Jarl", "text": text, "designed": True}


def _condition(cond_id: str) -> Card:
    data = CONDITIONS[cond_id]
    difficulty = str(data["difficulty"])
    check = DIFFICULTY_CHECKS.get(difficulty, DIFFICULTY_CHECKS["standard"])
    text = (
        f"{difficulty.title()} Victory Condition: {victory.describe(data['test'])}. Meet it while it "
        f"lies face up to win. {check}" + DESIGNED.format("conditions are")
    )
    return {
        "id": cond_id,
        "name": str(data["name"]),
        "kind": "Victory Condition",
        "text": text,
        "designed": True,
    }


def _post(post_id: str) -> Card:
    data = POSTS[post_id]
    region = REGIONS[data["region"]]
    wind = WINDS[region["wind"]]["name"]
    harbor = data.get("harbor")
    source = place_name(entry(post_id))
    reach = f"entered only from {source} (its HARBOR)" if harbor else f"entered from the river {source}"
    icon = f" (printed Follower icon: {FOLLOWER_NAMES[data['icon']]})" if data.get("icon") else ""
    ability = _ability(effects.describe(data["ability"])) if data.get("ability") else ""
    head = f"in {region['name']} ({wind}), {reach}; ESTABLISHING here costs {data['cost']} Silfr{icon}."
    if data["kind"] == "trade_center":
        key = data.get("key")
        kind = "Key trade center" if key else "Trade center"
        text = f"A {'KEY ' if key else ''}TRADE CENTER {head} While your Follower holds it: {ability}"
    elif data["kind"] == "ally":
        kind = "Powerful ally"
        text = f"A POWERFUL ALLY {head} When you ESTABLISH here: {ability}"
    else:
        kind = "Post"
        text = f"An empty post {head} A Venture of this Region or Wind may be played here."
    text += DESIGNED.format("map is")
    return {"id": post_id, "name": str(data["name"]), "kind": kind, "text": text, "designed": True}


_KIND_WORDS = {
    "sea": "A sea Region of the {}, which Longships sail across.",
    "river": "A river Region of the {}: Longships sail along it and enter its posts from it.",
    "harbor": "A harbor Region of the {}: land, so Longships stand only in its posts, reached from the sea.",
}


def _region(region_id: str) -> Card:
    data = REGIONS[region_id]
    posts = [str(p["name"]) for p in POSTS.values() if p["region"] == region_id]
    borders = [place_name(b if a == region_id else a) for a, b in BORDERS if region_id in (a, b)]
    facts = [f"Posts: {_and(posts)}"] * bool(posts) + [f"borders: {_and(borders)}"] * bool(borders)
    text = _KIND_WORDS[str(data["kind"])].format(WINDS[data["wind"]]["name"])
    if facts:
        joined = "; ".join(facts)
        text += f" {joined[0].upper()}{joined[1:]}."
    text += DESIGNED.format("map is")
    return {"id": region_id, "name": str(data["name"]), "kind": "Region", "text": text, "designed": True}


def _home(home_id: str) -> Card:
    data = HOMES[home_id]
    jarls = [str(j["name"]) for j in JARLS.values() if j["home"] == home_id]
    opens = _and([place_name(r) for r in data["links"]])
    whose = f"{_and(jarls)}'s HOME" if jarls else "A HOME"
    text = (
        f"{whose}, outside every Region, opening on {opens}. Longships leave the Jarlboard here "
        "on a JOURNEY, and sailing back in returns them to it." + DESIGNED.format("map is")
    )
    return {"id": home_id, "name": str(data["name"]), "kind": "HOME", "text": text, "designed": True}


def _cards() -> list[Card]:
    cards: list[Card] = (
        [_tile(t) for t in TILES]
        + [_jarl(j) for j in JARLS]
        + [_condition(c) for c in CONDITIONS]
        + [_post(p) for p in POSTS]
        + [_region(r) for r in REGIONS]
        + [_home(h) for h in HOMES]
    )
    names = unique_names([(str(c["id"]), str(c["name"]), str(c["kind"])) for c in cards])
    return [{**card, "name": name} for card, name in zip(cards, names, strict=True)]


CARDS: list[Card] = _cards()
