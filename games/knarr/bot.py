"""The sensible Knarr bot: scores each legal action from its own view, takes the best.

Everything is valued in victory points: a point is 1, a bracelet or a recruit a little
less (they turn into points later), reputation is worth the income it will still pay, and
a crew card is worth what its colour column will pay when recruited on. Exploring is
compared with recruiting by what each gains now plus, for a Trading Land, the trades it
will feed. Trading is done after the action, so a destination explored this turn trades.
"""

from __future__ import annotations

from typing import Any

from games.core import Rng
from games.knarr.data import COLORS, SHIPS, VIKINGS

View = dict[str, Any]

_TOKEN = {"vp": 1.0, "bracelet": 0.8, "recruit": 0.8, "card": 0.9}
_CAPS = {"bracelet": 3, "recruit": 3}
_HELD = {"bracelet": "bracelets", "recruit": "recruits"}


def _me(view: View) -> dict[str, Any]:
    return next(s for s in view["seats"] if s["seat"] == view["seat"])


def _rounds_left(view: View) -> float:
    best = max(s["score"] for s in view["seats"])
    return 0.0 if view["final_round"] else max(1.0, (40 - best) / 2.5)


def _asset_value(view: View, me: dict[str, Any], asset: str | None, count: int = 1) -> float:
    """What gaining ``count`` of ``asset`` is worth now, caps included."""
    if asset is None:
        return 0.0
    if asset == "reputation":
        return count * min(5.0, 0.4 * _rounds_left(view))
    if asset in _CAPS:
        room = max(0, _CAPS[asset] - me[_HELD[asset]])
        return min(count, room) * _TOKEN[asset] + (count - min(count, room)) * 0.05
    if asset == "vp":
        return float(count)
    return count * _TOKEN[asset]


def _recruit_value(view: View, me: dict[str, Any], card: str) -> float:
    color = VIKINGS[card]["color"]
    column = [c["asset"] for c in me["crew"][color]] + [VIKINGS[card]["asset"]]
    value = sum(_asset_value(view, me, a, column.count(a)) for a in set(column))
    heights = [len(me["crew"][c]) for c in COLORS]
    if len(me["crew"][color]) == min(heights):
        value += 0.4  # towards a new line, and a wider crew pays more costs
    return value + 0.3  # the free take that follows


def _destination(view: View, dest_id: str) -> dict[str, Any] | None:
    for row in view["destinations"].values():
        for dest in row:
            if dest and dest["id"] == dest_id:
                return dest
    for dest in _me(view)["reserved"]:
        if dest["id"] == dest_id:
            return dest
    return None


def _explore_value(view: View, me: dict[str, Any], dest_id: str) -> float:
    dest = _destination(view, dest_id)
    if dest is None:
        return 0.0
    value = sum(_asset_value(view, me, a, n) for a, n in dest["immediate"].items())
    trades = min(5.0, _rounds_left(view) / 3)
    weights = (1.0, 0.5, 0.25)  # later columns need more bracelets at once
    value += trades * sum(w * _TOKEN.get(a, 0.8) for w, a in zip(weights, dest["trade"], strict=True) if a)
    paid = sum(dest["cost"].values())
    return value - 0.5 * paid + 1.0


def _trade_value(view: View, me: dict[str, Any], count: int) -> float:
    assets = list(SHIPS[view["options"]["ship"]][:count])
    for dest in me["explored"]:
        assets.extend(dest["trade"][:count])
    gained = sum(_asset_value(view, me, a) for a in assets if a)
    return gained - 0.8 * count


def _pay_cost(me: dict[str, Any], action: str) -> float:
    """How much paying with this card (or a recruit) hurts: keep recruits, tall columns."""
    card = action.split()[1]
    if card == "recruit":
        return 2.0
    color = VIKINGS[card.upper()]["color"]
    column = me["crew"][color]
    heights = sorted(len(me["crew"][c]) for c in COLORS)
    cost = (
        0.3 * len(column)
        + {"vp": 0.4, "bracelet": 0.3, "recruit": 0.3, "reputation": 0.2, "card": 0.2}[
            VIKINGS[card.upper()]["asset"]
        ]
    )
    if len(column) <= heights[0]:
        cost += 1.0  # it would break a completed line
    return cost


def _score(view: View, me: dict[str, Any], action: str) -> float:
    words = action.split()
    verb = words[0]
    if verb in ("recruit",):
        return _recruit_value(view, me, words[1])
    if verb == "explore":
        return _explore_value(view, me, words[1]) + 0.5
    if verb == "trade":
        # Before the action only when it cannot get better afterwards (nothing else to do).
        late = 0.0 if view["phase"] == "after" else -0.5
        return _trade_value(view, me, int(words[1])) + late
    if verb == "take":
        card = words[1]
        slot = _taken_color(view)
        on_slot = view["vikings"].get(slot) if slot else None
        free = on_slot is not None and on_slot["id"] == card
        return _recruit_value(view, me, card) - (0.0 if free else 1.2)
    if verb == "pay":
        return -_pay_cost(me, action)
    if verb == "reserve":
        return _explore_value(view, me, words[1])
    if verb == "mead":
        return 0.1
    if verb == "discard":
        return -_pay_cost(me, action)
    if verb in ("end", "skip"):
        return 0.0
    if verb == "cancel":
        return -100.0  # the exploration was chosen on purpose: finish paying it
    return -1.0  # pass


def _taken_color(view: View) -> str | None:
    log = view.get("log") or []
    for line in reversed(log):
        text = line["text"]
        if text.startswith("recruits a "):
            return str(text.split()[2])
    return None


def choose(view: View, actions: list[str], rng: Rng) -> str:
    """The best single step. The one-press moves (a recruit with its free take, a payment
    in one go: more than two words) only join steps the bot weighs one at a time."""
    me = _me(view)
    steps = [a for a in actions if len(a.split()) <= 2] or actions
    scored = [(_score(view, me, a), rng.random(), a) for a in steps]
    return max(scored)[2]
