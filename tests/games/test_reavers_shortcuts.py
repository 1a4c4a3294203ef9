"""Reavers of Midgard, issue 32: every one-press shortcut (``games.reavers.shortcuts``) ends
in exactly the state the presses it stands for reach one by one: the same board, dice,
Favor, log and pending work. Checked for every shortcut offered over seeded playouts."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games import reavers
from games.core import Rng
from games.reavers import bot, data, shortcuts, views
from tests.games.reavers_helpers import act, game, rng_for, rolls, set_dice, stack_deck, top

State = dict[str, Any]


def _top(state: State) -> dict[str, Any]:
    return state["stack"][-1] if state["stack"] else {}


def _rerolls(state: State, seat: int) -> State:
    """Re-roll the dice below 2 (all of them when none is) while the seat may: ``reroll low``,
    or ``reroll blanks`` when no die shows 1."""
    while _top(state).get("kind") == "roll" and _top(state)["seat"] == seat:
        dice = state["combat"]["dice"]
        how = "low" if 1 in dice else "blanks" if 0 in dice else "all"
        state = reavers.apply(state, seat, f"reroll {how}")
    return state


def by_steps(state: State, seat: int, action: str) -> State:
    """``action`` done as the presses it stands for; a plain action is one press."""
    words = action.split()
    verb, args = words[0], words[1:]
    if verb == "place" and args[1:2] == ["join"]:
        return by_steps(reavers.apply(state, seat, f"place {args[0]}"), seat, " ".join(args[1:]))
    if verb == "join" and args:
        return by_steps(reavers.apply(state, seat, "join"), seat, " ".join(args))
    if verb == "use" and (len(args) > 2 or args == ["lead", "lead"]):
        first = args[:2] if args[0] == "specialize" else args[:1]
        state = reavers.apply(state, seat, " ".join(["use", *first]))
        return reavers.apply(state, seat, " ".join(["use", *args[len(first) :]]))
    if verb == "use" and len(args) == 2 and args[0] == "rally":
        state = reavers.apply(state, seat, "use rally")
        while _top(state).get("kind") == "face" and _top(state)["seat"] == seat:
            state = reavers.apply(state, seat, f"face {args[1]}")
        return state
    if verb == "use" and args[:1] == ["all"]:
        for _ in range(len(_top(state)["cards"])):
            state = by_steps(state, seat, f"use rally {args[1]}")
        return state
    if verb == "trade" and len(args) > 2:
        for first in range(0, len(args), 2):
            state = reavers.apply(state, seat, f"trade {args[first]} {args[first + 1]}")
        return state
    if verb == "conquer" and len(args) > 2:
        state = reavers.apply(state, seat, " ".join(words[:3]))
        then = f"fight {args[2]}" if args[1] == "force" else "give " + " ".join(args[2:])
        return by_steps(state, seat, then)
    if verb == "journey" and len(args) > 1:
        return by_steps(reavers.apply(state, seat, f"journey {args[0]}"), seat, " ".join(args[1:]))
    if words[:2] == ["take", "slot"] and len(words) > 3:
        state = reavers.apply(state, seat, " ".join(words[:3]))
        return by_steps(state, seat, " ".join(["use", *words[3:]]))
    if action == "take food all":
        for _ in range(_top(state)["left"]):
            state = reavers.apply(state, seat, "take food")
        return state
    if verb == "give" and len(args) > 1:
        for die in args:
            state = reavers.apply(state, seat, f"give {die}")
        return state
    if verb == "fight" and args[1:] == ["repeat"]:
        return _rerolls(reavers.apply(state, seat, f"fight {args[0]}"), seat)
    if action == "reroll repeat":
        return _rerolls(state, seat)
    return reavers.apply(state, seat, action)


def _playout(players: int, seed: int, steps: int = 2500) -> list[tuple[State, int, list[str]]]:
    state = reavers.setup(seed, players, {"starting_reavers": "two"} if seed % 2 else {})
    rng = Rng(seed)
    seen = []
    for _ in range(steps):
        acting = reavers.to_act(state)
        if not acting:
            break
        actions = reavers.legal_actions(state, acting[0])
        seen.append((state, acting[0], actions))
        state = reavers.apply(state, acting[0], rng.choice(actions))
    return seen


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (2, 6)])
def test_every_shortcut_is_its_presses_one_by_one(players: int, seed: int) -> None:
    kinds: set[str] = set()
    for state, seat, actions in _playout(players, seed):
        for action in actions:
            one = reavers.apply(state, seat, action)
            steps = by_steps(state, seat, action)
            assert one == steps, f"{action!r} at {_top(state).get('kind')}"
            if len(action.split()) > 2 or action == "reroll repeat":
                kinds.add(action.split()[0])
    assert kinds, "no shortcut was offered"


def _form(action: str) -> str | None:
    """Which of the one-press moves added after the first ones ``action`` is, if any."""
    words = action.split()
    if words[0] == "place" and len(words) > 3:
        return "place, take part and first choice"
    if words[0] == "fight" and words[2:] == ["repeat"]:
        return "attack and re-roll"
    if words[0] == "use" and (len(words) > 3 or words[1:] == ["lead", "lead"]):
        return "two Reavers used"
    if words[0] == "journey" and len(words) > 2:
        return "journey then battle"
    if action == "take food all":
        return "Food with every trade"
    if words[:2] == ["take", "slot"] and len(words) > 3:
        pair = len(words) > 5 or words[3:] == ["lead", "lead"]
        return "a pair recruited and used" if pair else "a lone Reaver recruited and used"
    tail = words[words.index("slot") - 1 :] if "slot" in words else []
    if words[0] in ("place", "join") and tail[:2] == ["take", "slot"]:
        return _form(" ".join(tail))
    return None


def test_the_newer_shortcuts_are_offered_in_playouts() -> None:
    forms = {
        _form(action)
        for players, seed in ((2, 1), (3, 2), (2, 6), (4, 5))
        for _, _, actions in _playout(players, seed)
        for action in actions
    }
    assert forms - {None} == {
        "place, take part and first choice",
        "attack and re-roll",
        "two Reavers used",
        "journey then battle",
        "Food with every trade",
        "a lone Reaver recruited and used",
        "a pair recruited and used",
    }


def test_an_attack_re_rolled_while_it_loses_spends_favor_until_it_wins() -> None:
    state = game(2)
    set_dice(state, 0, "red-chest", "red-chest", "red-double", "blue-hammer", "blue-shield")
    state["seats"][0]["favor"] = 3
    state["board"]["villages"][0] = ["V02", "V01"]  # Farm defense 2, Farm defense 1
    state = act(state, "place villages join take pair 1")
    assert top(state)["card"] == "V02"
    assert "fight 1 repeat" in reavers.legal_actions(state, 0)

    def loses_then_wins(s: State) -> bool:
        first, again = rolls(s, 1, 1)
        return first[0] < 2 <= again[0]

    state["rng"] = rng_for(state, loses_then_wins)
    won = act(state, "fight 1 repeat")
    assert won["combat"]["result"] == "won" and won["combat"]["rerolls"] == 1
    assert won["seats"][0]["favor"] == 2
    assert won == by_steps(state, 0, "fight 1 repeat")
    state["seats"][0]["favor"] = 0
    assert not any(a.endswith("repeat") for a in reavers.legal_actions(state, 0))


def test_a_conquest_with_placing_waits_while_the_placers_reaver_fires_there() -> None:
    state = game(2)
    plain = reavers.legal_actions(state, 0)
    assert any(a.startswith("place conquer join conquer ") for a in plain)
    theirs = json.loads(json.dumps(state))
    theirs["seats"][1]["specialized"]["conquer"] = ["R01"]
    assert reavers.legal_actions(theirs, 0) == plain  # another seat's gains change nothing here
    mine = json.loads(json.dumps(state))
    mine["seats"][0]["specialized"]["conquer"] = ["R01"]  # the dice it rolls are not known yet
    offered = reavers.legal_actions(mine, 0)
    assert "place conquer join" in offered
    assert not any(a.startswith("place conquer join conquer ") for a in offered)
    assert any(a.startswith("place recruit join take ") for a in offered)


def test_the_journey_and_the_battle_in_one_press_only_when_no_die_is_chosen_between() -> None:
    state = game(2)
    state["board"]["sea"][0] = "B03"  # double hammer + shield
    stack_deck(state, "journeys", "J08")  # Fog: 1 Food or lose 1 Favor
    set_dice(state, 0, "red-double", "blue-shield", "yellow-chest")
    state["seats"][0].update(food=5, favor=1)
    state = act(state, "place sea join take battle B03")
    offered = reavers.legal_actions(state, 0)
    assert {"journey pay beat", "journey suffer beat", "journey pay fight 2"} <= set(offered)
    beaten = act(state, "journey pay beat")
    assert beaten == by_steps(state, 0, "journey pay beat") and "B03" in beaten["seats"][0]["pile"]
    assert beaten["seats"][0]["food"] == 3 and "J08" in beaten["discards"]["journeys"]  # 1 paid, 3 won


def test_two_reavers_are_used_at_once_unless_the_first_leads_for_a_spoils_card() -> None:
    state = game(2)
    slot = next(i for i, cards in enumerate(state["board"]["recruit"]) if len(cards) == 2)
    cards = state["board"]["recruit"][slot]
    state = act(state, f"place recruit join take slot {slot + 1}")
    assert top(state)["kind"] == "use" and top(state)["cards"] == cards
    offered = reavers.legal_actions(state, 0)
    first_clan = data.REAVERS[cards[0]]["clan"]
    assert ("use lead specialize keeps" in offered) == (first_clan != "yellow")
    assert "use specialize keeps lead" in offered and "use specialize sea specialize sea" in offered
    both = act(state, "use specialize keeps specialize sea")
    assert both == by_steps(state, 0, "use specialize keeps specialize sea")
    assert both["seats"][0]["specialized"]["keeps"] == cards[:1]
    assert both["seats"][0]["specialized"]["sea"] == cards[1:]


def test_a_lone_reaver_is_recruited_and_led_or_specialized_in_one_press() -> None:
    state = game(2)
    slot = next(i for i, cards in enumerate(state["board"]["recruit"]) if len(cards) == 1)
    card = state["board"]["recruit"][slot][0]
    offered = reavers.legal_actions(state, 0)
    assert f"place recruit join take slot {slot + 1} lead" in offered
    assert not any(a.startswith(f"place recruit join take slot {slot + 1} rally") for a in offered)
    for action in (
        f"place recruit join take slot {slot + 1} lead",
        f"place recruit join take slot {slot + 1} specialize sea",
    ):
        one = act(state, action)
        assert one == by_steps(state, 0, action)
    led = act(state, f"place recruit join take slot {slot + 1} lead")
    assert led["seats"][0]["leader"] == card and led["board"]["recruit"][slot] == []
    two = next(i for i, cards in enumerate(state["board"]["recruit"]) if len(cards) == 2)
    assert not any(
        a.startswith(f"place recruit join take slot {two + 1} ") and len(a.split()) > 6 for a in offered
    )


def test_a_pair_on_offer_is_recruited_and_used_as_the_bot_would_in_one_press() -> None:
    state = game(2)
    legal = reavers.legal_actions(state, 0)
    offered = {
        i: [
            a
            for a in legal
            if a.startswith(f"place recruit join take slot {i + 1} ") and _pair_move(state, a)
        ]
        for i, cards in enumerate(state["board"]["recruit"])
        if len(cards) == 2
    }
    assert [len(pairs) for pairs in offered.values()] == [0, 1]  # not every way of using two Reavers
    slot = 1  # the first pair's first Reaver would lead for a Spoils card: asked about next
    cards = state["board"]["recruit"][slot]
    start = f"place recruit join take slot {slot + 1} "
    pairs = offered[slot]
    joined = act(state, f"place recruit join take slot {slot + 1}")
    assert top(joined)["kind"] == "use" and top(joined)["cards"] == cards
    # the one offered is the bot's own choice at the step after, its Reavers face up
    assert bot.choose(reavers.view(joined, 0), reavers.legal_actions(joined, 0), _Ties()) == (
        "use " + pairs[0][len(start) :]
    )
    one = act(state, pairs[0])
    assert one == by_steps(state, 0, pairs[0])
    used = one["seats"][0]
    assert used["leader"] in cards or any(c in used["specialized"]["keeps"] for c in cards)
    assert one["board"]["recruit"][slot] == [] and _top(one).get("kind") != "use"


def test_no_pair_move_where_the_bot_would_rally() -> None:
    state = game(2)
    cards = state["board"]["recruit"][1]  # Reavers whose uses beat rallying them
    frame = {"seat": 0, "cards": cards}
    pairs = shortcuts.pair_more(state, frame)
    view = reavers.view(state, 0)
    shown = [views.card_view(c) for c in cards]
    assert bot.pair_pick(view, shown, pairs) in pairs
    rallying = [dict(c, rally=["red"] * 6) for c in shown]  # six dice to rally: worth more than any use
    assert bot.pair_pick(view, rallying, pairs) is None


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (5, 4)])
def test_a_decision_gains_at_most_one_pair_move_a_two_card_slot(players: int, seed: int) -> None:
    offered = 0
    for state, _, actions in _playout(players, seed):
        slots = sum(len(cards) == 2 for cards in state["board"]["recruit"])
        pairs = [a for a in actions if _pair_move(state, a)]
        offered += len(pairs)
        prefixes = {a[: a.index("take slot")] for a in pairs}
        assert len(pairs) <= slots * len(prefixes)
        for prefix in prefixes:
            slots_named = [a.split()[len(prefix.split()) + 2] for a in pairs if a.startswith(prefix)]
            assert len(slots_named) == len(set(slots_named)) <= slots
    assert offered


class _Ties:
    """A bot generator that breaks every tie the same way (by the action's words), as the
    one-press pair does: with it the bot's games can be compared move for move."""

    def random(self) -> float:
        return 0.0


def _pair_move(state: State, action: str) -> bool:
    words = action.split()
    if "slot" not in words or not words[words.index("slot") + 1].isdigit():
        return False
    i = words.index("slot")
    return len(words) - i > 3 and len(state["board"]["recruit"][int(words[i + 1]) - 1]) == 2


def _bot_game(players: int, seed: int, pairs: bool) -> tuple[State, int, int]:
    """A game between sensible bots; the final state, the moves and the pair moves made."""
    state = reavers.setup(seed, players, {"starting_reavers": "two"} if seed % 2 else {})
    moves = used = 0
    while reavers.to_act(state) and moves < 4000:
        seat = reavers.to_act(state)[0]
        legal = reavers.legal_actions(state, seat)
        offered = legal if pairs else [a for a in legal if not _pair_move(state, a)]
        action = bot.choose(reavers.view(state, seat), offered, _Ties())
        used += _pair_move(state, action)
        state, moves = reavers.apply(state, seat, action), moves + 1
    return state, moves, used


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (5, 3)])
def test_the_bot_presses_a_pair_move_only_for_the_steps_it_would_take(players: int, seed: int) -> None:
    stepwise, moves, none = _bot_game(players, seed, pairs=False)
    merged, fewer, used = _bot_game(players, seed, pairs=True)
    assert not none and reavers.outcome(stepwise) is not None
    assert used and merged == stepwise and fewer == moves - used


def test_where_the_newer_shortcuts_are_offered_no_two_moves_share_a_label() -> None:
    checked = 0
    # 5 players, seed 1: a Sea Battle with a long name, attacked with 1, 2 or 3 dice past a Journey
    for players, seed in ((2, 1), (5, 1), (2, 6), (4, 5)):
        for state, _, actions in _playout(players, seed):
            if not any(_form(a) for a in actions):
                continue
            labels = [reavers.label(state, a) for a in actions]
            same = sorted({text for text in labels if labels.count(text) > 1})
            assert not same, f"shared labels: {same[:3]}"
            assert all(len(text) <= 80 for text in labels)
            checked += 1
    assert checked > 100
