"""The leaderboard picture: full tables, long and non-Latin names, and an empty table."""

from __future__ import annotations

import io

from PIL import Image

from render.leaderboard import leaderboard_png


def test_the_leaderboard_picture() -> None:
    rows = [
        (str(i + 1), f"Sigríður Ødegård-Þórsdóttir the {i}th", str(600 - i), str(40 - i)) for i in range(10)
    ]
    png = leaderboard_png(
        title="Vikings on the Volga",
        period="the last 30 days",
        tables=[
            ("Top ratings", ("rating", "games"), rows),
            ("Most active", ("games", "wins"), rows[:5]),
            ("Fastest movers", ("change", "rating"), []),
        ],
    )
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width >= 3 * 400 and image.height < 700
    alone = Image.open(
        io.BytesIO(
            leaderboard_png(
                title="Knarr", period="all time", tables=[("Most active", ("games", "wins"), rows[:1])]
            )
        )
    )
    assert alone.width >= 480
