"""The leaderboard picture: full tables, long and non-Latin names, and an empty table;
read on a phone (400 px wide) every text is at least 11 px tall, none over another, each
standing out from its ground (the layout test's checks)."""

from __future__ import annotations

import io
from functools import partial

from PIL import Image

from render.common import recording
from render.leaderboard import leaderboard_png
from tests.render.test_layout import problems


def test_the_leaderboard_picture() -> None:
    rows = [
        (str(i + 1), f"Sigríður Ødegård-Þórsdóttir the {i}th", str(600 - i), str(40 - i)) for i in range(10)
    ]
    draw = partial(
        leaderboard_png,
        title="Vikings on the Volga",
        period="the last 30 days",
        tables=[
            ("Top ratings", ("rating", "games"), rows),
            ("Most active", ("games", "wins"), rows[:5]),
            ("Fastest movers", ("change", "rating"), []),
        ],
    )
    png = draw()
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width <= 640 and image.height > 3 * 200  # stacked
    with recording() as record:
        draw()
    ((drawn, texts),) = record.pictures()
    assert problems(drawn, texts) == []
    phone = min(1.0, 400 / drawn.width)
    assert min(t.size for t in texts) * phone >= 11, sorted((t.size, t.text) for t in texts)[:3]
    assert {"Top ratings", "Most active", "Fastest movers", "nobody yet"} <= {t.text for t in texts}
    alone = Image.open(
        io.BytesIO(
            leaderboard_png(
                title="Knarr", period="all time", tables=[("Most active", ("games", "wins"), rows[:1])]
            )
        )
    )
    assert alone.width >= 480 and alone.height < 300
