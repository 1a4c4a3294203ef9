"""The shapes of the Saga map: England's areas, the north and where things are placed."""

from __future__ import annotations

from render.common import (
    Box,
)
from render.saga.style import Point

MAP_W, MAP_H = 832, 790
# Map-local outlines (x east, y south). Neighbouring areas share their border vertices, and
# two areas share an edge exactly when they are adjacent in the rules (games/saga/saga.json):
# the Fens and a patch of forest keep Northumbria from East Anglia and Wessex from Essex.
_W2, _F1, _F2, _F3, _F4 = (200, 318), (385, 330), (440, 312), (470, 362), (420, 392)
_M1, _M2, _X1 = (402, 470), (398, 562), (372, 594)
_E1, _E2, _E3 = (566, 500), (562, 586), (502, 592)
_K1, _K2, _K3, _K4 = (440, 598), (420, 628), (584, 612), (470, 702)
_H1, _H2, _H3 = (330, 560), (200, 612), (252, 436)
_C1, _C2, _C3 = (176, 628), (128, 662), (150, 730)
_W1 = (166, 300)
_S1, _S2, _S3, _S4 = (150, 78), (230, 62), (300, 48), (345, 40)
ENGLAND_SHAPES: dict[str, list[Point]] = {
    "northumbria": [
        _S1,
        _S2,
        _S3,
        _S4,
        (372, 92),
        (392, 150),
        (414, 206),
        (426, 262),
        _F2,
        _F1,
        (330, 318),
        (262, 332),
        _W2,
        _W1,
        (150, 256),
        (120, 214),
        (138, 168),
        (126, 120),
    ],
    "mercia": [
        _W2,
        (262, 332),
        (330, 318),
        _F1,
        (394, 364),
        _F4,
        (404, 432),
        _M1,
        (394, 520),
        _M2,
        _X1,
        _H1,
        (300, 500),
        _H3,
        (206, 380),
    ],
    "hwicce": [_H3, (300, 500), _H1, (268, 598), _H2, (214, 520)],
    "east_anglia": [
        _F4,
        _F3,
        (500, 352),
        (546, 360),
        (582, 382),
        (594, 424),
        (586, 470),
        _E1,
        (482, 490),
        _M1,
        (404, 432),
    ],
    "essex": [_M1, (482, 490), _E1, (574, 532), (554, 556), _E2, _E3, _K1, _M2, (394, 520)],
    "kent": [_K1, _E3, _K3, (602, 640), (594, 682), (542, 694), _K4, (452, 662), _K2],
    "wessex": [
        _K2,
        (452, 662),
        _K4,
        (402, 724),
        (330, 744),
        (260, 732),
        (200, 740),
        _C3,
        _C2,
        (150, 646),
        _C1,
        _H2,
        (268, 598),
        _H1,
        _X1,
    ],
}
NEUTRAL_SHAPES: list[list[Point]] = [
    # Scotland
    [(96, -10), (440, -10), (400, 18), _S4, _S3, _S2, _S1, (108, 62), (84, 30)],
    # Wales
    [
        _W1,
        _W2,
        (206, 380),
        _H3,
        (214, 520),
        _H2,
        _C1,
        (130, 626),
        (90, 612),
        (56, 620),
        (66, 562),
        (38, 520),
        (76, 470),
        (56, 420),
        (96, 380),
        (118, 340),
    ],
    # Dumnonia
    [_C2, _C3, (92, 738), (40, 748), (26, 722), (78, 682)],
    # the Fens
    [_F1, _F2, (458, 336), _F3, _F4, (394, 364)],
]
FOREST_SHAPE: list[Point] = [_M2, _K1, _K2, _X1]
NORTH_SHAPES: dict[str, list[Point]] = {
    "norway": [
        (640, -10),
        (752, -10),
        (738, 50),
        (722, 120),
        (704, 200),
        (700, 270),
        (688, 282),
        (650, 300),
        (610, 286),
        (590, 236),
        (598, 182),
        (584, 124),
        (606, 62),
    ],
    "svealand": [
        (752, -10),
        (842, -10),
        (842, 272),
        (806, 318),
        (800, 348),
        (738, 346),
        (718, 300),
        (700, 270),
        (704, 200),
        (722, 120),
        (738, 50),
    ],
    "denmark": [
        (738, 346),
        (800, 348),
        (812, 390),
        (788, 428),
        (742, 434),
        (706, 450),
        (654, 458),
        (624, 428),
        (630, 370),
        (650, 330),
        (694, 346),
    ],
}
# where each area's label and pieces go (map-local centre of the label; pieces below it)
ANCHORS: dict[str, Point] = {
    "northumbria": (282, 148),
    "mercia": (306, 354),
    "hwicce": (260, 500),
    "east_anglia": (504, 392),
    "essex": (486, 506),
    "kent": (526, 636),
    "wessex": (308, 636),
    "norway": (648, 70),
    "svealand": (770, 110),
    "denmark": (730, 372),
}
# the Destination space of each Scandinavian area (centre)
DEST_SPOTS: dict[str, Point] = {"norway": (646, 226), "svealand": (770, 250), "denmark": (664, 420)}
DRAKKAR_BOX: Box = (612, 470, 822, 596)
SEA_LABELS: list[tuple[Point, str]] = [((520, 200), "North Sea")]
LEGEND_XY: tuple[int, int] = (622, 672)
POOL_XY: tuple[int, int] = (618, 612)
