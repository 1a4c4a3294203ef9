"""The PNG writers of ``render.common.png``: the bytes decode to exactly the picture meant."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image, ImageDraw

import games
import render
from render.common import png
from render.reavers import board as reavers_board
from tests.render.pngcheck import open_png


def busy_picture() -> Image.Image:
    """Flat panels, anti-aliased text and a gradient: what a board has, and more colours."""
    im = Image.new("RGB", (333, 121), (236, 228, 210))  # an odd width: rows are not aligned
    draw = ImageDraw.Draw(im)
    draw.rectangle((10, 10, 120, 60), fill=(30, 60, 110))
    draw.ellipse((140, 20, 200, 80), fill=(190, 40, 40), outline=(0, 0, 0), width=3)
    draw.text((20, 80), "Knarr: Astrid takes the Berserker", fill=(20, 20, 20))
    for x in range(220, 330):
        draw.line((x, 0, x, 120), fill=(x - 100, 255 - x // 2, (x * 7) % 256))
    return im


def palette_of(im: Image.Image) -> list[tuple[int, int, int]]:
    flat = im.getpalette() or []
    return [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)]  # type: ignore[misc]


@pytest.mark.parametrize("fast", [True, False], ids=["isal", "zlib"])
def test_a_palette_png_decodes_to_the_mapped_picture(fast: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if not fast:
        monkeypatch.setattr(png, "_fast_zlib", None)
    elif png._fast_zlib is None:
        pytest.skip("isal is not installed here")
    im = busy_picture()
    data = png.encode_palette(im, colors=64)
    decoded = open_png(data)
    assert decoded.mode == "P" and decoded.size == im.size
    assert len(decoded.getcolors(256) or []) <= 64
    # the same mapping Pillow makes: every pixel is the palette colour nearest the original
    sample = im.resize((im.width // 4, im.height // 4), Image.Resampling.NEAREST)
    chosen = sample.quantize(64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    expected = im.quantize(palette=chosen, dither=Image.Dither.NONE).convert("RGB")
    assert decoded.convert("RGB").tobytes() == expected.tobytes()
    # flat colours survive within the octree's rounding
    rgb = decoded.convert("RGB")
    for point, colour in (((50, 30), (30, 60, 110)), ((5, 5), (236, 228, 210))):
        assert max(abs(a - b) for a, b in zip(rgb.getpixel(point), colour, strict=True)) <= 2  # type: ignore[arg-type]
    assert len(palette_of(decoded)) <= 64


def test_a_tall_picture_s_rows_are_deflated_a_band_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rows of a palette PNG are never held whole beside the picture (a Pax board is
    1,280 x 2,196: 2.8 MB of rows, then their bytes): each band is taken and deflated in
    turn, and the bands join into the picture mapped whole."""
    im = busy_picture().resize((333, 5 * png.BAND + 7))  # a last band shorter than the others
    taken: list[tuple[int, int]] = []
    tobytes = Image.Image.tobytes

    def recorded(self: Image.Image, *args: Any, **kwargs: Any) -> bytes:
        taken.append(self.size)
        return tobytes(self, *args, **kwargs)

    monkeypatch.setattr(Image.Image, "tobytes", recorded)
    data = png.encode_palette(im, colors=64)
    monkeypatch.undo()
    rows = [size for size in taken if size[0] == im.width + 1]  # a band of rows: one column more
    assert rows and max(height for _, height in rows) <= png.BAND
    assert sum(height for _, height in rows) == im.height
    sample = im.resize((im.width // 4, im.height // 4), Image.Resampling.NEAREST)
    chosen = sample.quantize(64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    expected = im.quantize(palette=chosen, dither=Image.Dither.NONE).convert("RGB")
    assert open_png(data).convert("RGB").tobytes() == expected.tobytes()


def kept(kind: str, im: Image.Image) -> Image.Image:
    return png._kept.palettes[(kind, im.width, png.PALETTE_COLORS)][0]


def test_the_next_board_of_a_kind_is_mapped_onto_the_palette_kept_for_it() -> None:
    first = busy_picture()
    png.encode_palette(first, kind="test-kept")
    palette = kept("test-kept", first)
    second = busy_picture()  # the next board: the same colours, other text
    ImageDraw.Draw(second).text((20, 95), "Bjorn takes the Scout", fill=(20, 20, 20))
    data = png.encode_palette(second, kind="test-kept")
    assert kept("test-kept", second) is palette
    expected = second.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    assert open_png(data).convert("RGB").tobytes() == expected.tobytes()


def test_a_colour_new_to_a_kind_gets_a_palette_of_its_own() -> None:
    """A banner in a colour the kept palette lacks: a new palette, with the banner exact."""
    first = busy_picture()
    png.encode_palette(first, kind="test-new")
    palette = kept("test-new", first)
    second = busy_picture()
    ImageDraw.Draw(second).rectangle((10, 62, 200, 78), fill=(40, 200, 60))  # a green banner
    assert png.misses(palette, png._sample(second))[0] > png.FIT_FAR
    rgb = open_png(png.encode_palette(second, kind="test-new")).convert("RGB")
    assert kept("test-new", second) is not palette
    assert max(abs(a - b) for a, b in zip(rgb.getpixel((100, 70)), (40, 200, 60), strict=True)) <= 2  # type: ignore[arg-type]
    # the old palette would have drawn it in another colour
    old = second.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    assert max(abs(a - b) for a, b in zip(old.getpixel((100, 70)), (40, 200, 60), strict=True)) > 40  # type: ignore[arg-type]


def test_a_kept_palette_that_blurs_a_board_more_than_a_new_one_would_is_replaced() -> None:
    """A panel 28 off the nearest kept colour loses no colour outright, but a new palette
    draws it exactly."""
    first = busy_picture()
    png.encode_palette(first, kind="test-near")
    palette = kept("test-near", first)
    second = busy_picture()
    ImageDraw.Draw(second).rectangle((10, 62, 200, 78), fill=(30, 60, 138))
    far, near = png.misses(palette, png._sample(second))
    assert far <= png.FIT_FAR and near > png._kept.palettes[("test-near", first.width, png.PALETTE_COLORS)][1]
    rgb = open_png(png.encode_palette(second, kind="test-near")).convert("RGB")
    assert kept("test-near", second) is not palette
    assert max(abs(a - b) for a, b in zip(rgb.getpixel((100, 70)), (30, 60, 138), strict=True)) <= 2  # type: ignore[arg-type]


def test_boards_without_a_kind_keep_no_palette() -> None:
    im = busy_picture()
    before = dict(getattr(png._kept, "palettes", {}))
    png.encode_palette(im)
    assert getattr(png._kept, "palettes", {}) == before


def test_the_rgb_writer_keeps_every_pixel() -> None:
    im = busy_picture()
    decoded = open_png(png.encode_png(im))
    assert decoded.mode == "RGB" and decoded.tobytes() == im.tobytes()


def test_a_palette_png_is_smaller_than_the_rgb_one() -> None:
    im = busy_picture().resize((1332, 484))
    assert len(png.encode_palette(im)) < len(png.encode_png(im)) / 2
    Image.open(io.BytesIO(png.encode_palette(im))).verify()  # chunk lengths and CRCs


def late_view(name: str, players: int, moves: int) -> dict[str, Any]:
    """The public view after ``moves`` seeded random moves (or at the end)."""
    game = games.get(name)
    rng = random.Random(3)
    state = game.setup(3, players, None)
    for _ in range(moves):
        if game.outcome(state) is not None or not game.to_act(state):
            break
        seat = rng.choice(game.to_act(state))
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return game.view(state, None)


@pytest.mark.parametrize(("name", "players", "moves"), [("pax", 6, 300), ("reavers", 5, 900)])
def test_in_the_drawing_processes_the_biggest_boards_are_palette_pngs_too(
    name: str, players: int, moves: int
) -> None:
    """A 6-player Pax board and a late 5-player Reavers board (taller than ``TALL``) once
    had their own RGB encoders; in the drawing processes they are 64 colours like the rest."""
    view = late_view(name, players, moves)
    names = ["Astrid", "Bjorn", "Sigrid", "Ulf", "Freydis", "Ragna"][:players]
    data = render.board_png(view, names=names, palette=True)  # as the drawing processes ask
    image = open_png(data)
    assert image.mode == "P" and len(image.getcolors(256) or []) <= png.PALETTE_COLORS
    assert len(data) <= png.SIZE_SOFT
    if name == "reavers":
        assert image.height >= reavers_board.TALL
    assert open_png(render.board_png(view, names=names)).mode == "RGB"  # tests and the thread fallback
