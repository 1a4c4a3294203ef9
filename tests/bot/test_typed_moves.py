"""Typed moves matched to a seat's legal actions (``bot.table.turns.resolve``/``suggest``), as
``/move`` and the sandbox use them through ``Table.act``."""

from __future__ import annotations

import games
from bot.table import turns


def _volga_opening() -> tuple[int, list[tuple[str, str]]]:
    module = games.get("volga")
    state = module.setup(3, 2, {})
    seat = module.to_act(state)[0]
    return seat, turns.choices(module, state, seat, ["a", "b"])


def test_exact_actions_any_case_and_labels_are_understood() -> None:
    _, options = _volga_opening()
    assert ("pick novgorod", "Take the Novgorod pass") in options
    assert turns.resolve("pick novgorod", options) == "pick novgorod"
    assert turns.resolve("  Pick   NOVGOROD ", options) == "pick novgorod"
    assert turns.resolve("take the novgorod pass", options) == "pick novgorod"  # its label


def test_names_as_printed_stand_for_ids_with_underscores() -> None:
    options = [("fight east_anglia", "Fight in East Anglia"), ("fight essex", "Fight in Essex")]
    assert turns.resolve("fight East Anglia", options) == "fight east_anglia"
    assert turns.resolve("FIGHT EAST-ANGLIA", options) == "fight east_anglia"
    assert turns.resolve("fight in essex", options) == "fight essex"


def test_nothing_is_guessed_when_two_actions_read_the_same() -> None:
    options = [("go a_b", "Go"), ("go a b", "Go")]
    assert turns.resolve("go A B", options) == "go A B"  # left for the game to refuse
    options = [("x 1", "Same"), ("x 2", "Same")]
    assert turns.resolve("same", options) == "same"


def test_a_refused_move_is_told_the_closest_legal_ones() -> None:
    _, options = _volga_opening()
    said = turns.suggest("pick novgorot", options)
    assert said.startswith(" Closest legal moves: pick novgorod") and said.endswith(".")
    assert len(said.split("; ")) <= 3
    assert turns.suggest("pick zzzzzzzzzzzzzzzzzzz", options).startswith(" Closest legal moves: pick ")
    assert turns.suggest("qqqqqqqqqqqqqqqq", options) == ""  # nothing near: no list


def test_the_game_over_line_names_the_seats_in_the_reason() -> None:
    seats = [turns.Seat("1", "Astrid", False), turns.Seat("2", "Bjørn", False)]
    result = {"winners": [1], "scores": [12, 30], "reason": "{seat1} has 30 rubles or more"}
    line = turns.outcome_line(result, seats)
    assert (
        line == "**Game over.** Bjørn wins (Bjørn has 30 rubles or more). Final scores: Astrid 12, Bjørn 30."
    )


def test_places_and_cards_may_be_typed_as_the_board_prints_them() -> None:
    options = [
        ("ship T02", "Ship to Minsk (T02)"),
        ("ship T03", "Ship to Polotsk (T03)"),
        ("horde T05", "Horde to Novgorod (T05)"),
        ("step laeso", "Step to Læsø"),
        ("step finland_gulf", "Step to the Gulf of Finland"),
    ]
    assert turns.resolve("ship Minsk (T02)", options) == "ship T02"
    assert turns.resolve("ship minsk", options) == "ship T02"
    assert turns.resolve("horde Novgorod", options) == "horde T05"
    assert turns.resolve("step Læsø", options) == "step laeso"
    assert turns.resolve("step gulf of finland", options) == "step finland_gulf"
    assert turns.resolve("ship t", options) == "ship t"  # no such word: left for the game
    assert turns.resolve("ship to", options) == "ship to"  # both ships: nothing guessed


def _with_offers(game_id: str, players: int) -> tuple[object, int, list[str]]:
    """A state of a seeded random game where the acting seat may offer a trade to two seats."""
    import random

    module = games.get(game_id)
    for seed in range(1, 200):
        rng, state = random.Random(seed), module.setup(seed, players, None)
        for _ in range(400):
            acting = module.to_act(state)
            if not acting or module.outcome(state) is not None:
                break
            for seat in acting:
                offers = [a for a in module.legal_actions(state, seat) if a.startswith("offer ")]
                if len(offers) >= 2:
                    return state, seat, offers
            seat = rng.choice(acting)
            state = module.apply(state, seat, rng.choice(module.legal_actions(state, seat)))
    raise AssertionError(f"no {game_id} state with two offers")


def test_a_seat_is_typed_by_name_or_as_the_table_counts_it() -> None:
    names = ["Astrid", "Bjørn", "Святослав", "Ulf"]
    for game_id, players in (("pax", 4), ("volga", 4)):
        module = games.get(game_id)
        state, seat, offers = _with_offers(game_id, players)
        for offer in offers:
            number = int(offer.split()[1])  # the seat as the table lists it, from 1
            expected, _ = turns.advance(module, state, seat, offer, {}, "s")
            typings = (
                f"offer {number}",
                f"offer seat {number}",
                f"Offer {names[number - 1]}",
                f"offer SEAT #{number}",
            )
            for typed in typings:
                got, moves = turns.advance(module, state, seat, typed, {}, "s", names=names[:players])
                assert moves[0] == (seat, offer) and got == expected, (game_id, typed)


def test_a_refusal_names_seats_as_the_table_does() -> None:
    """Volga refuses an offer to a ship that is not alongside by naming its owner: the
    player reads the name, never the game's seat marker."""
    from tests.games.bot_games import bot_game

    names = ["Astrid", "Bjørn", "Святослав", "Ulf", "Freydis"]
    module = games.get("volga")
    refused = 0
    for state in bot_game("volga", 5, seed=2)[0][::5]:
        for seat in module.to_act(state):
            options = turns.choices(module, state, seat, names)
            if not any(a.startswith("offer ") for a, _ in options):
                continue
            words = {w for _, label in options for w in turns.folded(label).split()}
            for far in range(5):
                if far == seat or f"offer {far + 1}" in dict(options) or str(far + 1) in words:
                    continue
                try:
                    turns.advance(module, state, seat, f"offer {far + 1}", {}, "s", names=names)
                except games.IllegalAction as refusal:
                    assert "{seat" not in str(refusal), str(refusal)
                    refused += names[far] in str(refusal)
    assert refused, "no refusal named the seat"
