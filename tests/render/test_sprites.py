"""Sprites laid over pictures (render.common.sprites): on a board, the same pixels as
Pillow's paste through the sprite's alpha, in fewer blends; on a sprite being built,
composited, so that it stays opaque where both are."""

from __future__ import annotations

import gc
import random

import pytest
from PIL import Image, ImageDraw

from render.common import sprites
from render.common.sprites import opaque_box, paste_sprite, split
from render.knarr.cards import crew_strip, viking_card


def soft_card(w: int, h: int, *, hole: bool = False) -> Image.Image:
    """A rounded card drawn at 4x and scaled down (soft edges), optionally with a
    see-through window in it, and noisy colours so every pixel matters."""
    big = Image.new("RGBA", (w * 4, h * 4), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((4, 4, w * 4 - 5, h * 4 - 5), 28, fill=(200, 60, 40, 255))
    if hole:
        d.ellipse((w, h, w * 3, h * 2), fill=(0, 0, 0, 0))
    card = big.resize((w, h), Image.Resampling.LANCZOS)
    rng = random.Random(w * h)
    noise = Image.frombytes("RGB", (w, h), bytes(rng.randrange(256) for _ in range(w * h * 3)))
    card.paste(noise, (0, 0), Image.new("L", (w, h), 60))
    return card


def board() -> Image.Image:
    rng = random.Random(1)
    return Image.frombytes("RGB", (300, 200), bytes(rng.randrange(256) for _ in range(300 * 200 * 3)))


SPRITES = {
    "card": soft_card(90, 140),
    "card with a hole": soft_card(90, 140, hole=True),
    "small": soft_card(20, 24),
    "sparse": Image.new("RGBA", (60, 60), (0, 0, 0, 0)),
}
ImageDraw.Draw(SPRITES["sparse"]).line((0, 0, 59, 59), fill=(250, 250, 0, 180), width=3)


@pytest.mark.parametrize("name", SPRITES)
@pytest.mark.parametrize("xy", [(10, 12), (25.4, 30.6), (-30, -50), (250, 120), (-5, 170)])
def test_on_a_board_the_pixels_are_those_of_pillows_paste(name: str, xy: tuple[float, float]) -> None:
    sprite = SPRITES[name]
    expected, got = board(), board()
    expected.paste(sprite, (round(xy[0]), round(xy[1])), sprite)
    paste_sprite(got, sprite, xy)
    paste_sprite(got, sprite, (xy[0] + 3, xy[1] + 1))  # a second time: the kept pieces
    expected.paste(sprite, (round(xy[0] + 3), round(xy[1] + 1)), sprite)
    assert got.tobytes() == expected.tobytes()


def test_a_card_is_split_into_an_opaque_middle_and_thin_strips() -> None:
    card = SPRITES["card"]
    box = opaque_box(card)
    assert box is not None
    left, top, right, bottom = box
    alpha = card.getchannel("A").crop(box)
    assert alpha.getextrema() == (255, 255)
    assert (right - left) * (bottom - top) > 0.8 * card.width * card.height
    pieces = split(card)
    copied = [piece for piece, _, _, blended in pieces if not blended]
    blended = [piece for piece, _, _, blended in pieces if blended]
    assert len(copied) == 1 and 1 <= len(blended) <= 4
    assert sum(p.width * p.height for p in blended) < 0.2 * card.width * card.height


def test_a_sprite_mostly_see_through_is_pasted_whole() -> None:
    assert split(SPRITES["sparse"]) == []


def test_the_pieces_kept_for_a_sprite_go_with_it() -> None:
    sprite = soft_card(80, 100)
    key = id(sprite)
    paste_sprite(board(), sprite, (5, 5))
    assert key in sprites._pieces
    del sprite
    gc.collect()
    assert key not in sprites._pieces


def test_on_a_sprite_being_built_a_soft_sprite_leaves_it_opaque() -> None:
    """An icon with soft edges laid on a card: the card stays opaque (a paste would blend
    the alpha channels, and the board would show through the icon's edges)."""
    card = Image.new("RGBA", (60, 60), (40, 90, 200, 255))
    icon = soft_card(30, 30)
    paste_sprite(card, icon, (15, 15))
    assert card.getchannel("A").getextrema() == (255, 255)
    pasted = Image.new("RGBA", (60, 60), (40, 90, 200, 255))
    pasted.paste(icon, (15, 15), icon)
    assert pasted.getchannel("A").getextrema() != (255, 255)  # what a paste did
    # where the icon is opaque, its own colour
    assert card.getpixel((30, 30)) == icon.getpixel((15, 15))


def test_on_a_see_through_sprite_a_sprite_keeps_its_own_colours() -> None:
    blank = Image.new("RGBA", (40, 40), (0, 0, 0, 0))
    icon = soft_card(30, 30)
    paste_sprite(blank, icon, (5, 5))
    assert blank.crop((5, 5, 35, 35)).tobytes() == icon.tobytes()


@pytest.mark.parametrize("color", ["red", "yellow", "blue"])
def test_knarr_cards_are_opaque_inside(color: str) -> None:
    """Their badge, asset and helmet no longer let the board through their soft edges."""
    for sprite in (viking_card("V01", color, "vp", 96, 148), crew_strip(color, "vp", 56, 44)):
        inset = 8
        inside = sprite.getchannel("A").crop((inset, inset, sprite.width - inset, sprite.height - inset))
        assert inside.getextrema() == (255, 255)
