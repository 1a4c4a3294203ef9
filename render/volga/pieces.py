"""Volga pieces: ships, the Horde, the Prince, fire and cities."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import (
    draw_text,
    shade,
    text_on,
)
from render.common.cache import kept
from render.volga.style import SHIP_COLORS, painted_sprite, rgba, ship_color

# The sprites are painted at 4x and averaged down, at sizes that follow the map's tile
# size (which differs from game to game); ``kept`` remembers them.


@kept
def ship_sprite(color: str, large: bool, width: int, initial: str = "") -> Image.Image:
    """A longship with a sail in the player's colour and their initial on it.

    The small ship is short with one low sail; the large one is long, with a dragon prow,
    a tall stern and a row of shields.
    """
    sail_color = ship_color(color)
    hull_color = (126, 78, 40)
    edge = (24, 18, 14)
    height = round(width * (0.8 if large else 0.9))

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        line = max(2, round(0.035 * w))
        deck = 0.66 * h
        if large:
            hull = [
                (0.02 * w, 0.28 * h),
                (0.08 * w, 0.3 * h),
                (0.14 * w, deck),
                (0.86 * w, deck),
                (0.9 * w, 0.2 * h),
                (0.99 * w, 0.16 * h),
                (0.96 * w, 0.3 * h),
                (0.94 * w, 0.5 * h),
                (0.8 * w, 0.97 * h),
                (0.2 * w, 0.97 * h),
                (0.06 * w, 0.5 * h),
            ]
            sail = (0.24 * w, 0.03 * h, 0.76 * w, 0.6 * h)
        else:
            hull = [
                (0.02 * w, 0.48 * h),
                (0.1 * w, 0.5 * h),
                (0.16 * w, deck),
                (0.84 * w, deck),
                (0.9 * w, 0.5 * h),
                (0.98 * w, 0.48 * h),
                (0.84 * w, 0.97 * h),
                (0.16 * w, 0.97 * h),
            ]
            sail = (0.2 * w, 0.03 * h, 0.8 * w, 0.6 * h)
        d.line((0.5 * w, 0.0, 0.5 * w, deck), fill=rgba(edge), width=line)
        d.rectangle(sail, fill=rgba(sail_color), outline=rgba(edge), width=line)
        if large:
            stripe = shade(sail_color, 0.7) if sail_color != SHIP_COLORS["white"] else (196, 52, 46)
            bw = (sail[2] - sail[0]) * 0.1
            for x in (sail[0] + line, sail[2] - line - bw):
                d.rectangle((x, sail[1] + line, x + bw, sail[3] - line), fill=rgba(stripe))
        d.polygon(hull, fill=rgba(hull_color), outline=rgba(edge), width=line)
        if large:
            r = 0.05 * w
            for i in range(5):
                sx = 0.26 * w + i * 0.12 * w
                d.ellipse(
                    (sx - r, deck + 0.03 * h, sx + r, deck + 0.03 * h + 2 * r),
                    fill=rgba(sail_color),
                    outline=rgba(edge),
                    width=max(1, line // 2),
                )
            d.ellipse((0.935 * w, 0.18 * h, 0.965 * w, 0.22 * h), fill=(250, 230, 120, 255))
        else:
            d.line((0.22 * w, 0.8 * h, 0.78 * w, 0.8 * h), fill=rgba(shade(hull_color, 0.6)), width=line)

    sprite = painted_sprite(width, height, paint)
    if initial:
        tsize = max(12, round(height * 0.42))
        rgb = Image.new("RGB", sprite.size)
        draw_text(rgb, (width / 2, height * 0.32), initial, tsize, (255, 255, 255), anchor="mm", bold=True)
        sprite.paste(rgba(text_on(sail_color)), (0, 0), rgb.convert("L"))
    return sprite


@kept
def horde_token(size: int) -> Image.Image:
    """The Golden Horde: a dark round token with a horse-tail standard."""

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        line = max(2, round(0.05 * w))
        d.ellipse((0, 0, w - 1, h - 1), fill=(196, 150, 40, 255))
        d.ellipse((line, line, w - 1 - line, h - 1 - line), fill=(34, 26, 24, 255))
        cx = 0.5 * w
        # the pole with a crescent
        d.line((cx, 0.16 * h, cx, 0.88 * h), fill=(210, 170, 70, 255), width=line)
        d.chord((cx - 0.12 * w, 0.08 * h, cx + 0.12 * w, 0.3 * h), 0, 180, fill=(230, 190, 80, 255))
        d.chord((cx - 0.12 * w, 0.04 * h, cx + 0.12 * w, 0.24 * h), 0, 180, fill=(34, 26, 24, 255))
        # the horse tails
        for i, dx in enumerate((-0.15, -0.075, 0.0, 0.075, 0.15)):
            top = (cx + dx * 0.3 * w, 0.34 * h)
            bottom = (cx + dx * w, 0.8 * h - abs(dx) * 0.6 * h)
            tone = (236, 222, 190, 255) if i % 2 == 0 else (176, 132, 84, 255)
            d.line((top, bottom), fill=tone, width=round(line * 1.5))
        d.ellipse((cx - 0.07 * w, 0.28 * h, cx + 0.07 * w, 0.4 * h), fill=(230, 190, 80, 255))

    return painted_sprite(size, size, paint)


@kept
def prince_token(size: int) -> Image.Image:
    """The Prince of Kiev: a red shield with a golden crown."""

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        line = max(2, round(0.05 * w))
        shield = [
            (0.08 * w, 0.06 * h),
            (0.92 * w, 0.06 * h),
            (0.92 * w, 0.5 * h),
            (0.5 * w, 0.96 * h),
            (0.08 * w, 0.5 * h),
        ]
        d.polygon(shield, fill=(176, 30, 36, 255), outline=(250, 214, 96, 255), width=line)
        crown = [
            (0.24 * w, 0.62 * h),
            (0.22 * w, 0.26 * h),
            (0.36 * w, 0.42 * h),
            (0.5 * w, 0.2 * h),
            (0.64 * w, 0.42 * h),
            (0.78 * w, 0.26 * h),
            (0.76 * w, 0.62 * h),
        ]
        d.polygon(crown, fill=(250, 206, 64, 255), outline=(120, 74, 10, 255), width=max(1, line // 2))
        for x, y in ((0.22, 0.26), (0.5, 0.2), (0.78, 0.26)):
            r = 0.045 * w
            d.ellipse((x * w - r, y * h - r, x * w + r, y * h + r), fill=(250, 230, 150, 255))
        d.rectangle((0.25 * w, 0.54 * h, 0.75 * w, 0.62 * h), fill=(214, 160, 30, 255))

    return painted_sprite(size, size, paint)


@kept
def fire_mark(size: int) -> Image.Image:
    """A flame, the mark of a burned city."""

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        outer = [
            (0.5 * w, 0.0),
            (0.72 * w, 0.3 * h),
            (0.8 * w, 0.16 * h),
            (0.94 * w, 0.56 * h),
            (0.82 * w, 0.9 * h),
            (0.5 * w, h - 1),
            (0.18 * w, 0.9 * h),
            (0.06 * w, 0.56 * h),
            (0.22 * w, 0.2 * h),
            (0.32 * w, 0.38 * h),
        ]
        d.polygon(outer, fill=(226, 64, 24, 255), outline=(90, 20, 10, 255), width=max(2, round(0.05 * w)))
        inner = [
            (0.5 * w, 0.32 * h),
            (0.68 * w, 0.62 * h),
            (0.64 * w, 0.86 * h),
            (0.5 * w, 0.92 * h),
            (0.36 * w, 0.86 * h),
            (0.32 * w, 0.62 * h),
        ]
        d.polygon(inner, fill=(252, 196, 60, 255))

    return painted_sprite(size, size, paint)


@kept
def city_sprite(width: int, burned: bool) -> Image.Image:
    """A walled Rus' town with an onion dome; burned, a charred ruin."""
    height = round(width * 0.82)

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        line = max(2, round(0.03 * w))
        edge = (40, 28, 20, 255)
        if burned:
            wall, roof, dome = (70, 64, 60, 255), (44, 40, 38, 255), (58, 52, 48, 255)
        else:
            wall, roof, dome = (214, 190, 146, 255), (160, 60, 44, 255), (236, 180, 54, 255)
        # church: body, drum and onion dome
        body = (0.38 * w, 0.34 * h, 0.62 * w, 0.78 * h)
        if burned:
            d.polygon(
                [
                    (0.38 * w, 0.78 * h),
                    (0.38 * w, 0.46 * h),
                    (0.44 * w, 0.52 * h),
                    (0.5 * w, 0.36 * h),
                    (0.56 * w, 0.5 * h),
                    (0.62 * w, 0.42 * h),
                    (0.62 * w, 0.78 * h),
                ],
                fill=wall,
                outline=edge,
                width=line,
            )
        else:
            d.rectangle(body, fill=(236, 226, 204, 255), outline=edge, width=line)
            d.polygon(
                [
                    (0.5 * w, 0.02 * h),
                    (0.6 * w, 0.2 * h),
                    (0.58 * w, 0.3 * h),
                    (0.42 * w, 0.3 * h),
                    (0.4 * w, 0.2 * h),
                ],
                fill=dome,
                outline=edge,
                width=line,
            )
            d.rectangle(
                (0.43 * w, 0.28 * h, 0.57 * w, 0.36 * h), fill=(236, 226, 204, 255), outline=edge, width=line
            )
            d.rectangle((0.47 * w, 0.5 * h, 0.53 * w, 0.62 * h), fill=(80, 60, 50, 255))
        # towers
        for x0 in (0.04, 0.78):
            tower = (x0 * w, 0.36 * h, (x0 + 0.18) * w, 0.98 * h)
            if burned:
                d.polygon(
                    [
                        (tower[0], tower[3]),
                        (tower[0], 0.5 * h),
                        ((x0 + 0.06) * w, 0.56 * h),
                        ((x0 + 0.12) * w, 0.44 * h),
                        (tower[2], 0.54 * h),
                        (tower[2], tower[3]),
                    ],
                    fill=wall,
                    outline=edge,
                    width=line,
                )
            else:
                d.rectangle(tower, fill=wall, outline=edge, width=line)
                d.polygon(
                    [(tower[0] - line, 0.38 * h), ((x0 + 0.09) * w, 0.14 * h), (tower[2] + line, 0.38 * h)],
                    fill=roof,
                    outline=edge,
                    width=line,
                )
        # palisade wall
        top = 0.62 * h
        if burned:
            pts = [(0.2 * w, h - 1), (0.2 * w, top + 0.1 * h)]
            for i in range(1, 7):
                pts.append(((0.2 + i * 0.1) * w, top + (0.02 if i % 2 else 0.16) * h))
            pts.append((0.8 * w, h - 1))
            d.polygon(pts, fill=(52, 46, 42, 255), outline=edge, width=line)
        else:
            d.rectangle((0.2 * w, top, 0.8 * w, h - 1), fill=wall, outline=edge, width=line)
            for i in range(7):
                x = (0.22 + i * 0.09) * w
                d.rectangle((x, top - 0.06 * h, x + 0.045 * w, top), fill=wall, outline=edge, width=line)
            d.chord((0.43 * w, 0.74 * h, 0.57 * w, 1.1 * h), 180, 360, fill=(80, 56, 40, 255))

    sprite = painted_sprite(width, height, paint)
    if burned:
        fire = fire_mark(round(width * 0.42))
        sprite.alpha_composite(fire, (round(width * 0.5 - fire.width / 2), round(height * 0.1)))
    return sprite
