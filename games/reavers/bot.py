"""The ``sensible`` Reavers of Midgard bot: it scores each legal action from its own view.

Values are rough Glory equivalents: Favor is worth 2 at the end and buys re-rolls, a Territory
pays 1 Glory at every cleanup left, a crew die is worth about one Glory in what it pays for.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.core import Rng
from games.reavers.data import COMBAT_DIE, LEADER_BONUS, MAX_SPECIALIZED, SETS, SPACES

FOOD, FAVOR, GLORY, TROPHY = 0.4, 1.8, 1.0, 1.5
FACE_VALUE = {"double": 1.3, "hammer": 0.9, "shield": 1.0, "chest": 0.9, "clan": 0.6}
SPOILS_CARD = 2.5  # a Spoils card of the deck the player chooses
# the printed parts come from the data file, so an edited copy is played as printed
COMBAT_FACES = tuple(COMBAT_DIE)
SET_VALUES = {kind: list(entry["values"]) for kind, entry in SETS.items()}


@cache
def win_chance(dice: int, defense: int) -> float:
    """Chance that ``dice`` combat dice make at least ``defense`` hits."""
    if defense <= 0:
        return 1.0
    if dice == 0:
        return 0.0
    return sum(win_chance(dice - 1, defense - face) for face in COMBAT_FACES) / len(COMBAT_FACES)


def effect_value(effect: dict[str, Any] | None) -> float:
    if not effect:
        return 0.0
    value = effect.get("glory", 0) * GLORY + effect.get("food", 0) * FOOD + effect.get("favor", 0) * FAVOR
    value += len(effect.get("dice", [])) * 1.0 + effect.get("keep", 0) * 2.0
    value += sum(effect.get(k, 0) for k in ("troll", "kraken", "wall")) * TROPHY
    return float(value - effect.get("lose_dice", 0) * 1.0)


LEAD_VALUE = {
    clan: effect_value(bonus) + bonus.get("spoils", 0) * SPOILS_CARD for clan, bonus in LEADER_BONUS.items()
}


class Mind:
    """What the bot knows about itself, read from its view."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.me = view["seats"][view["seat"]]
        self.rounds_left = view["rounds"] - view["round"] + 1
        self.faces: dict[str, int] = {}
        for die in self.me["dice"]:
            face = "wild" if die["wild"] else die["face"]
            self.faces[face] = self.faces.get(face, 0) + 1
        for upgrade in self.me["upgrades"]:
            if upgrade["ready"]:
                face = upgrade["token"]["faces"][0]
                self.faces[face] = self.faces.get(face, 0) + 1
        self.hammers = self.faces.get("hammer", 0) + 2 * (
            self.faces.get("double", 0) + self.faces.get("wild", 0)
        )

    def has(self, faces: list[str]) -> bool:
        need: dict[str, int] = {}
        for face in faces:
            need[face] = need.get(face, 0) + 1
        short = sum(max(0, n - self.faces.get(face, 0)) for face, n in need.items())
        return short <= self.faces.get("wild", 0)

    def fight_value(self, dice: int, defense: int, reward: float) -> float:
        chance = win_chance(dice + min(self.me["favor"], 2), defense)
        return chance * reward - dice * 0.55

    def best_fight(self, defense: int, reward: float) -> float:
        return max((self.fight_value(n, defense, reward) for n in range(1, self.hammers + 1)), default=-1.0)

    def needed_face(self) -> str:
        if self.faces.get("shield", 0) < 2:
            return "shield"
        if self.faces.get("chest", 0) < 2:
            return "chest"
        return "double"

    def card_value(self, card: dict[str, Any]) -> float:
        kind = card.get("kind")
        if kind == "treasure":
            owned = sum(
                1
                for c in (self.view.get("private") or {}).get("glory_pile", [])
                if c.get("set") == card["set"]
            )
            values = SET_VALUES[card["set"]]
            before = _set_score(owned, values)
            return float(_set_score(owned + 1, values) - before)
        if kind in ("farm", "wall", "tower"):
            pillage = max(0.0, self.best_fight(card["defense"], effect_value(card["reward"])))
            return effect_value(card["gain"]) + pillage
        if kind == "upgrade":
            return 2.5
        if kind == "artifact":
            return 2.0 + card["glory"]
        if "combo" in card:  # a Sea Battle
            reward = card["glory"] + effect_value(card["reward"])
            return reward if self.has(card["combo"]) else max(0.0, self.best_fight(card["defense"], reward))
        return 1.5


def _set_score(count: int, values: list[int]) -> int:
    full, rest = divmod(count, len(values))
    return full * values[-1] + (values[rest - 1] if rest else 0)


def choose(view: dict[str, Any], actions: list[str], rng: Rng) -> str:
    mind = Mind(view)
    scored = [(score(mind, action), rng.random(), action) for action in actions if not _shortcut(action)]
    return shortcut(mind, max(scored)[2], actions)


def _shortcut(action: str) -> bool:
    """A move that does several steps at once (``games.reavers.shortcuts``)."""
    words = action.split()
    return (
        (words[0] == "place" and words[2:3] == ["join"])
        or (words[0] == "fight" and words[2:] == ["repeat"])
        or (words[0] == "join" and len(words) > 1)
        or (words[0] == "use" and len(words) == 3 and words[1] == "rally")
        or (words[0] == "give" and len(words) > 2)
        or words == ["reroll", "repeat"]
        or (words[0] == "conquer" and len(words) == 4)
        or (words[0] == "use" and words[1:2] == ["all"])
        or (words[0] == "trade" and len(words) > 3)
        or words == ["take", "food", "all"]
        or (words[0] == "journey" and len(words) > 2)
        or (words[:2] == ["take", "slot"] and len(words) > 3)
        or (words[0] == "use" and (len(words) > 3 or words[1:] == ["lead", "lead"]))
    )


def shortcut(mind: Mind, best: str, actions: list[str]) -> str:
    """The one-press form of ``best`` when the steps after it are what the bot would choose."""
    words = best.split()
    if words[0] == "place" and f"{best} join" in actions and _join_value(mind, words[1]) > 1.2:
        start = f"{best} join "
        tails = [a[len(start) :] for a in actions if a.startswith(start)]
        first = _first_choice(_at(mind, words[1]), tails)
        return start + first if first else f"{best} join"
    if best == "join":
        first = _first_choice(mind, [a.split(" ", 1)[1] for a in actions if a.startswith("join ")])
        if first:
            return f"join {first}"
    if words[0] == "fight" and f"{best} repeat" in actions:
        defense = ((mind.view["resolving"] or {}).get("target") or {"defense": 3})["defense"]
        if win_chance(int(words[1]) + min(mind.me["favor"], 2), defense) >= 0.5:
            return f"{best} repeat"  # it re-rolls a loss while Favor lasts, and the odds are good
    if words[0] == "journey":
        return _then_battle(mind, best, actions)
    if words[:2] == ["take", "slot"] and words[2] != "deck":
        return _recruit_and_use(mind, best, actions)
    if best == "take food" and "take food all" in actions:
        again = 3 * FOOD + (1.5 if mind.me["food"] + 3 < 4 else 0.0)  # with 3 Food more
        others = [score(mind, a) for a in actions if a != best and not _shortcut(a)]
        if again >= max(others, default=0.0):
            return "take food all"  # after one Food it would take Food again
    if words[0] == "conquer" and words[2:] == ["force"]:
        front = mind.view["board"]["territories"][words[1]]["top"]
        counts = [int(a.split()[3]) for a in actions if a.startswith(f"{best} ")]
        if counts:
            value = mind.rounds_left + 2.5
            n = max(counts, key=lambda c: (mind.fight_value(c, front["defense"], value), -c))
            return f"{best} {n}"
    if best == "use rally" and f"use all {mind.needed_face()}" in actions:
        return f"use all {mind.needed_face()}"
    if words[0] == "trade":
        whole = next((a for a in actions if a.startswith("trade ") and len(a.split()) > 3), None)
        if whole is not None and set(words[1:]) <= set(whole.split()[1:]):
            return whole
    if words[0] == "use" and words[1] in ("lead", "specialize"):
        pair = _next_use(mind, words[1:], actions)
        if pair is not None:
            return pair
    if best == "use rally" and f"use rally {mind.needed_face()}" in actions:
        return f"use rally {mind.needed_face()}"
    if words[0] == "give":
        return next((a for a in actions if a.startswith("give ") and len(a.split()) > 2), best)
    if words[0] == "reroll" and "reroll repeat" in actions:
        fight = mind.view["combat"] or {}
        if fight.get("defense", 0) - sum(fight.get("dice", [])) <= 2:
            return "reroll repeat"
    return best


def _next_use(mind: Mind, first: list[str], actions: list[str]) -> str | None:
    """``use`` of the first Reaver with the second's use, when the bot would lead or
    specialize that one too: scored as it will see it, the first card gone."""
    start = " ".join(["use", *first]) + " "
    seconds = [a[len(start) :] for a in actions if a.startswith(start)]
    resolving = mind.view.get("resolving") or {}
    cards = resolving.get("cards") or []
    if not seconds or len(cards) < 2:
        return None
    me = {**mind.me, "leader": cards[0] if first == ["lead"] else mind.me["leader"]}
    seats = [me if i == mind.view["seat"] else s for i, s in enumerate(mind.view["seats"])]
    later = Mind({**mind.view, "seats": seats, "resolving": {**resolving, "cards": cards[1:]}})
    options = ["use rally", "use lead", *(f"use {s}" for s in seconds)]
    best = max((score(later, o), o) for o in dict.fromkeys(options))[1]
    return start + best[4:] if best[4:] in seconds else None


def _recruit_and_use(mind: Mind, take: str, actions: list[str]) -> str:
    """A lone Reaver recruited with the use the bot would choose for it, if that is one of
    those offered with it (rallying is not)."""
    uses = [a[len(take) + 1 :] for a in actions if a.startswith(f"{take} ")]
    cards = mind.view["board"]["recruit"][int(take.split()[2]) - 1]["cards"]
    if len(cards) == 2:  # the one pair of uses offered is the bot's own pick (``pair_pick``)
        return f"{take} {uses[0]}" if len(uses) == 1 else take
    if not uses or len(cards) != 1:
        return take
    resolving = {**(mind.view.get("resolving") or {}), "cards": cards}
    later = Mind({**mind.view, "resolving": resolving})
    options = dict.fromkeys(["rally", "lead", *uses])
    best = max((score(later, f"use {u}"), u) for u in options)[1]
    return f"{take} {best}" if best in uses else take


def pair_pick(view: dict[str, Any], cards: list[dict[str, Any]], pairs: list[str]) -> str | None:
    """Of ``pairs`` (``use lead specialize keeps``, ...: two Reavers led or specialized at
    once), the one the bot would press for ``cards`` once recruited, or None where it would
    rally either of them. Its uses read neither dice nor Food, so they are known before the
    recruit rolls; ties go by the action's words, not by chance."""
    if len(cards) != 2 or not pairs:
        return None
    resolving = {**(view.get("resolving") or {}), "cards": cards}
    mind = Mind({**view, "resolving": resolving})
    room = [s for s in SPACES if len(mind.me["specialized"][s]) < MAX_SPECIALIZED]
    options = ["use rally", "use lead", *(f"use specialize {s}" for s in room)]
    first = max((score(mind, o), o) for o in options)[1]
    if first == "use rally":
        return None
    pair = _next_use(mind, first.split()[1:], pairs)
    return pair if pair in pairs else None


def _then_battle(mind: Mind, journey: str, actions: list[str]) -> str:
    """The Journey with the Sea Battle's decision after it: beat it, or the best attack
    worth making (turning away is worth nothing)."""
    tails = [a[len(journey) + 1 :] for a in actions if a.startswith(f"{journey} ")]
    if "beat" in tails:
        return f"{journey} beat"
    cards = (mind.view["resolving"] or {}).get("cards") or []
    battle = next((c for c in reversed(cards) if "combo" in c), None)
    if battle is None:
        return journey
    reward = battle["glory"] + effect_value(battle["reward"])
    fights = [(mind.fight_value(int(t.split()[1]), battle["defense"], reward), t) for t in tails]
    best = max(fights, default=(0.0, ""))
    return f"{journey} {best[1]}" if best[0] > 0 else journey


def _first_choice(mind: Mind, tails: list[str]) -> str | None:
    """The best of a location's first choices offered with taking part, as its one press.
    Where single trades are not offered (the placer's), all trades at once stand for them,
    valued as one of its trades."""
    plain = [(score(mind, t), t) for t in tails if not _shortcut(t)]
    if not any(t.startswith("trade ") for _, t in plain):
        plain += [(score(mind, t) / (len(t.split()) // 2), t) for t in tails if t.startswith("trade ")]
    if not plain:
        return None
    best = max(plain)[1]
    return best if _shortcut(best) else shortcut(mind, best, tails)


def _at(mind: Mind, loc: str) -> Mind:
    """The bot as it will see the location it places on, resolving it."""
    return Mind({**mind.view, "resolving": {**(mind.view.get("resolving") or {}), "location": loc}})


def score(mind: Mind, action: str) -> float:
    words = action.split()
    verb = words[0]
    handler = _SCORERS.get(verb)
    return handler(mind, words) if handler else 0.0


def _place(mind: Mind, words: list[str]) -> float:
    loc = words[1]
    me = mind.me
    left = mind.rounds_left
    if loc == "recruit":
        return 2 * FAVOR + 3.0
    if loc == "trade":
        return 4.0 + (2.0 if me["food"] < 4 else 0.0)
    if loc == "villages":
        return 5.0 if mind.has(["chest", "chest"]) else -1.0
    if loc == "keeps":
        return 8.0 if mind.has(["shield", "shield"]) and me["food"] >= 2 else -1.0
    if loc == "conquer":
        fronts = [s["top"] for s in mind.view["board"]["territories"].values() if s["top"]]
        doable = sum(1 for f in fronts if _peace_ok(mind, f["cost"]) or mind.hammers >= 2 * f["defense"])
        return min(3, doable) * (left + 1.5) * 0.8
    if loc == "sea":
        best = max((mind.card_value(b) for b in mind.view["board"]["sea"] if b), default=0.0)
        return 2.0 + best - 1.6 if me["food"] >= 4 else -1.0
    return 0.0


def _peace_ok(mind: Mind, cost: dict[str, int]) -> bool:
    me = mind.me
    if "food" in cost:
        return bool(me["food"] >= cost["food"])
    if "favor" in cost:
        return bool(me["favor"] >= cost["favor"] and cost["favor"] <= 1)
    return len(me["dice"]) >= cost["dice"] + 2


def _store(mind: Mind, words: list[str]) -> float:
    return 9.0 - FACE_VALUE[words[2].split("-")[1]]


def _join(mind: Mind, words: list[str]) -> float:
    return _join_value(mind, (mind.view["resolving"] or {}).get("location"))


def _join_value(mind: Mind, loc: str | None) -> float:
    if loc == "sea":
        best = max((mind.card_value(b) for b in mind.view["board"]["sea"] if b), default=0.0)
        return best - 4 * FOOD
    if loc == "conquer" and mind.hammers == 0:
        fronts = [s["top"] for s in mind.view["board"]["territories"].values() if s["top"]]
        return 3.0 if any(_peace_ok(mind, f["cost"]) for f in fronts) else 0.0
    return 3.0


def _prepare(mind: Mind, words: list[str]) -> float:
    if words[1] == "food":
        return 1.2 if mind.me["food"] < 4 else 0.6
    color, face = words[1].split("-")
    return (1.0 if face == mind.needed_face() else 0.0) + (0.01 if color == "red" else 0.0)


def _take(mind: Mind, words: list[str]) -> float:
    kind, which = words[1], words[2] if len(words) > 2 else ""
    board = mind.view["board"]
    if kind == "food":
        return 3 * FOOD + (1.5 if mind.me["food"] < 4 else 0.0)
    if kind == "slot":
        if which == "deck":
            return 1.0
        return 1.5 * len(board["recruit"][int(which) - 1]["cards"])
    if kind == "pair":
        if which == "deck":
            return 3.0
        step_deck = "keeps" if (mind.view["resolving"] or {}).get("location") == "keeps" else "villages"
        return sum(mind.card_value(c) for c in board[step_deck][int(which) - 1])
    if kind == "battle":
        if which == "deck":
            return 1.0
        card = next(b for b in board["sea"] if b and b["id"] == which.upper())
        return mind.card_value(card)
    if kind == "prophecy":
        return 1.2 if len((mind.view.get("private") or {}).get("prophecies", [])) < 3 else 0.3
    if kind == "spoils":
        return 2.0 if which == "keeps" else 1.5
    return 0.0


def _use(mind: Mind, words: list[str]) -> float:
    cards = (mind.view["resolving"] or {}).get("cards") or []
    card: dict[str, Any] = cards[0] if cards else {"rally": [], "clan": "red", "ability": {}}
    if words[1] == "rally":
        return 1.1 * len(card["rally"])
    if words[1] == "lead":
        return LEAD_VALUE[card["clan"]] - (0.5 if mind.me["leader"] else 0.0)
    fires = 0.5 * (mind.rounds_left - 1) + (0.3 if words[2] in ("keeps", "conquer") else 0.0)
    return effect_value(card["ability"]) * fires


def _face(mind: Mind, words: list[str]) -> float:
    return 1.0 if words[1] == mind.needed_face() else FACE_VALUE[words[1]] * 0.5


def _trade(mind: Mind, words: list[str]) -> float:
    return sum(FACE_VALUE[w.split("-")[1]] for w in words[1:]) + 0.2


def _fight(mind: Mind, words: list[str]) -> float:
    resolving = mind.view["resolving"] or {}
    target = resolving.get("target") or {"defense": 3}
    cards = resolving.get("cards") or []
    if resolving.get("step") == "fight":  # a territory
        reward = mind.rounds_left + 2.5
    elif cards:
        card = cards[0] if "combo" not in cards[-1] else cards[-1]
        reward = (
            card["glory"] + effect_value(card["reward"]) if "combo" in card else effect_value(card["reward"])
        )
    else:
        reward = 2.0
    return mind.fight_value(int(words[1]), target["defense"], reward)


def _conquer(mind: Mind, words: list[str]) -> float:
    front = mind.view["board"]["territories"][words[1]]["top"]
    value = mind.rounds_left + 2.5
    if words[2] == "force":
        return mind.best_fight(front["defense"], value)
    cost = front["cost"]
    price = cost.get("food", 0) * FOOD + cost.get("favor", 0) * FAVOR + cost.get("dice", 0) * 1.0
    return value - price


def _give(mind: Mind, words: list[str]) -> float:
    color, face = words[1].split("-")
    wild = any(d["wild"] for d in mind.me["dice"] if d["color"] == color and d["face"] == face)
    return -(1.4 if wild else FACE_VALUE[face])


def _reroll(mind: Mind, words: list[str]) -> float:
    fight = mind.view["combat"] or {}
    deficit = fight.get("defense", 0) - sum(fight.get("dice", []))
    if words[1] == "all":
        return -1.0
    # "reroll N" (some of the 1s) ranks below both: the bot keeps its blanks-or-low habit
    bonus = {"low": 0.2, "blanks": 0.0}.get(words[1], -0.1)
    return 1.0 - 0.3 * max(0, deficit - 1) + bonus


def _journey(mind: Mind, words: list[str]) -> float:
    return 1.0 if words[1] == "pay" else 0.0


def _beat(mind: Mind, words: list[str]) -> float:
    return 50.0


def _replace(mind: Mind, words: list[str]) -> float:
    return 0.5


_SCORERS = {
    "place": _place,
    "store": _store,
    "join": _join,
    "prepare": _prepare,
    "take": _take,
    "use": _use,
    "face": _face,
    "trade": _trade,
    "fight": _fight,
    "conquer": _conquer,
    "give": _give,
    "reroll": _reroll,
    "journey": _journey,
    "beat": _beat,
    "replace": _replace,
}
