"""The shared turn flow (games.phases) on a toy game: a counter two seats raise in turn,
with a midway "confirm" step and a typed shortcut that carries both steps at once."""

from __future__ import annotations

import pytest

from games.core import IllegalAction, State
from games.phases import Phase, Rules


def _raise(state: State, seat: int, args: list[str]) -> None:
    state["pending"] = int(args[0])


def _confirm(state: State, seat: int, args: list[str]) -> None:
    state["count"] += state.pop("pending")
    state["current"] = 1 - seat


PHASES = {
    "choose": Phase(
        prompt=lambda state, seat: "raise the count",
        actions=lambda state, seat: [f"raise {n}" for n in (1, 2)],
        handlers={"raise": _raise},
    ),
    "confirm": Phase(
        prompt=lambda state, seat: "confirm",
        actions=lambda state, seat: ["confirm"],
        handlers={"confirm": _confirm},
        midway=True,
    ),
}


def phase_of(state: State) -> str:
    return "over" if state["count"] >= 5 else "confirm" if "pending" in state else "choose"


def steps(words: list[str]) -> list[list[str]]:
    return [words[:2], ["confirm"]] if words[-1] == "now" else [words]


RULES = Rules("Counter", PHASES, phase_of, steps=steps)


def test_the_table_gives_who_acts_what_they_may_do_and_whether_midway() -> None:
    state: State = {"count": 0, "current": 0}
    assert RULES.to_act(state) == [0] and RULES.legal_actions(state, 1) == []
    assert (
        RULES.legal_actions(state, 0) == ["raise 1", "raise 2"] and RULES.prompt(state) == "raise the count"
    )
    after = RULES.apply(state, 0, "Raise 2")
    assert state == {"count": 0, "current": 0}, "the input is never changed"
    assert RULES.midway(after) and RULES.legal_actions(after, 0) == ["confirm"]
    done = RULES.apply(after, 0, "confirm")
    assert done["count"] == 2 and RULES.to_act(done) == [1] and not RULES.midway(done)
    assert RULES.apply(done, 1, "raise 1 now")["count"] == 3  # both steps in one typed action


@pytest.mark.parametrize(
    ("seat", "action", "said"),
    [
        (1, "raise 1", "It is not your turn to act."),
        (0, "  ", "Say which action to take."),
        (0, "jump 1", "'jump' is not a Counter action."),
        (0, "confirm", "You cannot confirm right now."),
        (0, "raise 3", "'raise 3' is not allowed right now."),
    ],
)
def test_the_shared_check_refuses_in_one_sentence(seat: int, action: str, said: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        RULES.apply({"count": 0, "current": 0}, seat, action)
    assert str(refused.value) == said


def test_a_finished_game_takes_no_action() -> None:
    over: State = {"count": 5, "current": 0}
    assert RULES.to_act(over) == []
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(over, 0, "raise 1")
