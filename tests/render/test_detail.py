"""The part of the board a panel shows (``render.detail``): readable on a phone, about the
choices, for every game.

Over seeded bot games of every title at its fewest and most players, at states spread over
each game: the labels of the acting seat's moves (as its panel lists them) pick texts on
the board, and the detail holds the first of them, with every named text it holds at least
9 px tall when the detail is shown 400 px wide. Most panels get a detail, and a label that
names nothing on the board gives none (the panel then shows the whole board).
"""

from __future__ import annotations

import pytest
from PIL import Image

import games
from bot.table import turns
from render import board_image
from render.common import recording
from render.common.layout import Placed
from render.detail import (
    FADE,
    GAP,
    PHONE,
    READABLE,
    WIDTH,
    Detail,
    background,
    cut_sides,
    detail,
    detail_png,
    faded,
    named_texts,
    uncut,
)
from tests.games.bot_games import bot_game

NAMES = ["Astrid", "Bjørn", "Святослав", "Ulf", "Freydis", "Sigrid"]
STATES = 8  # states looked at along each game


def _tables() -> list[tuple[str, int]]:
    return [
        (game_id, n)
        for game_id in games.names()
        for n in sorted({games.get(game_id).min_players, games.get(game_id).max_players})
    ]


def _panels(game_id: str, players: int) -> list[tuple[dict[str, object], list[str]]]:
    """(public view, the acting seat's labels) at states spread over a seeded bot game."""
    game = games.get(game_id)
    states = [s for s in bot_game(game_id, players, seed=11)[0] if game.to_act(s)]
    step = max(1, len(states) // STATES)
    out = []
    for state in states[::step][:STATES]:
        seat = game.to_act(state)[0]
        labels = [label for _, label in turns.choices(game, state, seat, NAMES[:players])]
        out.append((game.view(state, None), labels))
    return out


@pytest.mark.parametrize(("game_id", "players"), _tables())
def test_a_panels_detail_reads_on_a_phone_and_holds_its_first_choice(game_id: str, players: int) -> None:
    shown = 0
    for view, labels in _panels(game_id, players):
        found = detail(view, names=NAMES[:players], labels=labels)
        if found is None:
            continue
        shown += 1
        assert isinstance(found, Detail) and found.named, labels
        assert found.image.width >= WIDTH
        small = [
            (t.text, round(found.phone_size(t), 1)) for t in found.named if found.phone_size(t) < READABLE
        ]
        assert small == [], (labels[:3], small)
        left, top, right, bottom = found.window
        assert right - left <= 1280 * 9 / 14 + 1  # never the whole board shrunk
        with recording() as record:
            board = board_image(view, names=NAMES[:players])
        first = named_texts([t for t in record.texts if t.image is board], labels)[0]
        assert (
            left <= first.box[0] and first.box[2] <= right and top <= first.box[1] and first.box[3] <= bottom
        )
    assert shown >= STATES // 2, f"only {shown} of {STATES} panels got a detail"


def test_a_label_that_names_nothing_on_the_board_gives_no_detail() -> None:
    game = games.get("volga")
    state = game.setup(2, 2, None)
    view = game.view(state, None)
    assert detail(view, names=NAMES[:2], labels=["End your turn", "Throw 1 amber overboard"]) is None
    assert detail_png(view, names=NAMES[:2], labels=["End your turn"]) is None


def test_names_match_as_printed_whatever_the_case_or_accents() -> None:
    game = games.get("pax")
    state = game.setup(3, 3, None)
    view = game.view(state, None)
    found = detail(view, names=NAMES[:3], labels=["STEP to lodose", "step to gotland sea"])
    assert found is not None
    assert {"Lödöse", "Gotland Sea"} <= {t.text for t in found.named}


def test_the_phone_size_is_the_font_at_400_px_across_the_window() -> None:
    game = games.get("volga")
    state = game.setup(2, 2, None)
    found = detail(game.view(state, None), names=NAMES[:2], labels=["Move to Novgorod"])
    assert found is not None
    across = found.window[2] - found.window[0]
    for text in found.named:
        assert found.phone_size(text) == pytest.approx(text.size * PHONE / across)


def _where(
    view: dict[str, object], names: list[str], places_only: bool
) -> tuple[bytes, list[tuple[str, int, tuple[float, ...]]]]:
    """The board's pixels and every text recorded on it, with the parts pasted from their
    stamps (``places_only``) or all painted in place (the layout test's way)."""
    with recording(places_only=places_only) as record:
        board = board_image(view, names=names)
    texts = sorted((t.text, t.size, tuple(t.box)) for t in record.texts if t.image is board)
    return board.tobytes(), texts


@pytest.mark.parametrize(("game_id", "players"), _tables())
def test_a_board_drawn_from_its_kept_parts_tells_every_text_where_painting_in_place_does(
    game_id: str, players: int
) -> None:
    """The detail draws its board as any board is drawn (stamps, tiles and the printed map
    pasted, at a board's cost), each kept part telling the texts it shows: the same pixels
    and the same texts in the same places as a board whose every part is painted in place."""
    for view, _ in _panels(game_id, players)[::2]:
        board_image(view, names=NAMES[:players])  # the kept parts are made, as by earlier boards
        names = NAMES[:players]
        light, heavy = _where(view, names, places_only=True), _where(view, names, places_only=False)
        assert light[0] == heavy[0]
        assert light[1] == heavy[1]


def _text(box: tuple[int, int, int, int]) -> Placed:
    return Placed(Image.new("RGB", (1, 1)), "word", 12, box, "", None)


def test_an_edge_that_cuts_a_word_moves_to_the_nearer_of_its_ends() -> None:
    whole = (0, 0, 1000, 1000)
    kept, word = _text((120, 120, 200, 140)), _text((330, 300, 410, 320))
    window = uncut((100, 100, 400, 400), [kept, word], [kept], (600, 600), whole)
    assert window == (100, 100, 410 + GAP, 400)
    assert cut_sides(window, [kept, word]) == []
    word = _text((390, 300, 470, 320))
    assert uncut((100, 100, 400, 400), [kept, word], [kept], (600, 600), whole) == (100, 100, 390 - GAP, 400)


def test_an_edge_that_cuts_a_word_moves_back_before_it_when_the_window_may_not_grow() -> None:
    whole = (0, 0, 1000, 1000)
    kept, word = _text((120, 120, 200, 140)), _text((330, 300, 410, 320))
    window = uncut((100, 100, 400, 400), [kept, word], [kept], (300, 600), whole)
    assert window == (100, 100, 330 - GAP, 400)
    assert cut_sides(window, [kept, word]) == []


def test_an_edge_stays_and_fades_when_a_named_text_holds_it_and_the_window_may_not_grow() -> None:
    whole = (0, 0, 1000, 1000)
    kept, word = _text((300, 120, 390, 140)), _text((330, 300, 410, 320))
    window = uncut((100, 100, 400, 400), [kept, word], [kept], (300, 600), whole)
    assert window == (100, 100, 400, 400)
    assert cut_sides(window, [kept, word]) == [2]
    picture = faded(Image.new("RGB", (300, 300), (250, 250, 250)), [2], (10, 20, 30))
    assert picture.getpixel((299, 150)) == (10, 20, 30)  # the edge is the ground
    assert picture.getpixel((300 - FADE - 1, 150)) == (250, 250, 250)  # short of the fade: untouched
    assert picture.getpixel((0, 150)) == (250, 250, 250)  # the other sides too
    middle = picture.getpixel((300 - FADE // 2, 150))
    assert isinstance(middle, tuple) and 10 < middle[0] < 250


def test_a_detail_cuts_words_at_its_edges_seldom_and_fades_where_it_must() -> None:
    """Over the sampled panels of every table, at least half the details cut no text at any
    edge (a column of panels, a log line, a card's title is whole or left out; before the
    edges moved, 4 of these 64 did); where every line near an edge crosses a text (a legend
    as wide as the board), that edge fades to the board's ground."""
    whole_words = shown = 0
    for game_id, players in _tables():
        for view, labels in _panels(game_id, players):
            found = detail(view, names=NAMES[:players], labels=labels)
            if found is None:
                continue
            shown += 1
            with recording(places_only=True) as record:
                board = board_image(view, names=NAMES[:players])
            sides = cut_sides(found.window, [t for t in record.texts if t.image is board])
            whole_words += not sides
            ground, (width, height) = background(board), found.image.size
            for side in sides:
                if side % 2 == 0:
                    edge = [(width - 1 if side == 2 else 0, y) for y in range(0, height, 7)]
                else:
                    edge = [(x, height - 1 if side == 3 else 0) for x in range(0, width, 7)]
                off = max(
                    max(abs(a - b) for a, b in zip(found.image.getpixel(xy), ground, strict=False))
                    for xy in edge
                )
                assert off <= 24, (game_id, players, side, off)
    assert whole_words * 2 >= shown, f"only {whole_words} of {shown} details cut no word"
