"""Issue 38 item 10: Forbidden Stars' table uses the window.

«At 4 players the areas are about 80 px at 1280×720.  Lay the table out for the window
at every size from 1280×720 to 3840×2160; map labels, unit counts and card text meet the
projector minimum of docs/art.md (tested from the layout); the map is the main way to
act, the numbered list the fallback.»

The layout (game.forbidden_stars.ui.table_layout) is checked at 1280×720 to 3840×2160
for every board shape and text size: regions inside the window and disjoint, ≥ 90 % of
it used, the map's share larger than the old layout's, an area's short side at 4
players ≥ 85 px at 1280×720 and ≥ 1.2× the old layout's everywhere, the text the map and
the sheets draw (measured while drawing) over the minimum scaled to the window, and no
measure shrinking under a larger text size.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.forbidden_stars.ui import style
from game.forbidden_stars.ui.map_view import Geometry
from game.forbidden_stars.ui.model import model_of
from game.forbidden_stars.ui.table_layout import ROW, FsLayout, for_model
from game.forbidden_stars.ui.table_view import draw_board
from game.settings import TABLE_SIZES
from tests.test_log_panel import fs_played

SIZES = ((1280, 720), (1920, 1080), (2560, 1440), (3840, 2160))
ODD = ((1280, 1024), (2560, 1080))  # not 16:9: inside, disjoint, still mostly filled
SHAPES = ((3, 4, 4), (4, 3, 4), (3, 3, 3), (2, 3, 2), (3, 2, 2))  # every board the game makes
MINIMUM = 9  # docs/art.md "The minimum": px at 1920×1080


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()  # the layout measures its lines with the game's fonts


def minimum(height: int) -> float:
    return MINIMUM * height / 1080


def old_map(w: int, h: int, rows: int, cols: int) -> tuple[float, float]:
    """The old layout: a 1400×1080 table in the reference 1920×1080 (letterboxed), its
    map 1068 tall and as wide as the board's shape with a 380 px sheets column; returns
    (the map's share of the window, an area's short side), the board never turned."""
    k = min(w / 1920, h / 1080)
    tile = min(1068 / rows, (1400 - 380 - 18) / cols) * k
    gap = max(3, round(7 * k))
    head = max(round(tile * 0.13), round(26 * k))
    area = min((tile - 2 * gap) / 2, (tile - 2 * gap - head) / 2)
    return tile * cols * tile * rows / (w * h), area


def new_area(lay: FsLayout, rows: int, cols: int) -> int:
    g = Geometry({"rows": rows, "cols": cols}, lay.board(), lay.scale, lay.text_scale)
    a = g.area_rect(g.tile_rect(0, 0), (0, 0))
    return min(a.w, a.h)


def _layout(size: tuple[int, int], text: float, rows: int, cols: int, n: int) -> FsLayout:
    w, h = size
    return FsLayout(w, h, min(w / 1920, h / 1080), text, rows, cols, n)


@pytest.mark.parametrize(("size", "text", "shape"),
                         list(itertools.product(SIZES + ODD, TABLE_SIZES, SHAPES)))
def test_regions_fill_the_window_without_overlapping(size, text, shape):
    w, h = size
    rows, cols, n = shape
    lay = _layout(size, text, rows, cols, n)
    window = pygame.Rect(0, 0, w, h)
    regions = lay.regions()
    for name, r in regions.items():
        assert r.w > 0 and r.h > 0 and window.contains(r), (name, r)
    for (a, ra), (b, rb) in itertools.combinations(regions.items(), 2):
        assert not ra.colliderect(rb), (a, ra, b, rb)
    used = sum(r.w * r.h for r in regions.values()) / (w * h)
    assert used >= (0.9 if size in SIZES else 0.8), used
    # the map: tiles drawn (not the column) larger than the old layout's map
    g = Geometry({"rows": rows, "cols": cols}, lay.board(), lay.scale, lay.text_scale)
    drawn = g.tile * g.tile * rows * cols / (w * h)
    before = old_map(w, h, rows, cols)[0]
    # 1.2× larger, unless the tiles already take the window's whole height (a square
    # board: the map can grow no more)
    full = g.tile * min(rows, cols) >= lay.board().h - 1 and lay.map.h == h
    assert drawn >= (1.2 if size in SIZES and not full else 1.0) * before, (drawn, before)
    assert lay.list.h >= 3 * lay.row_h  # the fallback list shows a few rows
    for i in range(n):
        assert lay.sheets.contains(lay.sheet(i))


@pytest.mark.parametrize(("size", "shape"), list(itertools.product(SIZES, SHAPES)))
def test_areas_are_larger_than_before(size, shape):
    rows, cols, n = shape
    lay = _layout(size, 1.0, rows, cols, n)
    area = new_area(lay, rows, cols)
    assert area >= 1.05 * old_map(*size, rows, cols)[1]
    if n == 4:
        # 4 players: about 80 px before (72 at 1280×720 on a 4×3 board); two rows of
        # unit icons over the planet row need about 85 px at 720p
        assert area >= 1.2 * old_map(*size, rows, cols)[1]
        assert area >= 85 * size[1] / 720


def test_a_tall_board_is_drawn_turned_into_the_landscape_window():
    lay = _layout((1280, 720), 1.0, 4, 3, 4)
    g = Geometry({"rows": 4, "cols": 3}, lay.board(), lay.scale, lay.text_scale)
    assert g.turned
    # the engine's top-left tile goes to the top-right corner; its neighbour below
    # (row 1) to its left; the border between them is a vertical line
    a, b = g.tile_rect(0, 0), g.tile_rect(1, 0)
    assert a.x > b.x and a.y == b.y
    (x1, y1), (x2, y2) = g.border(["h", 1, 0])
    assert x1 == x2 and abs(abs(y2 - y1) - g.tile) <= 1
    assert b.right < x1 < a.x


@pytest.fixture(scope="module")
def models() -> dict[int, dict]:
    pygame.init()
    out = {}
    for n in (2, 4):
        s = fs_played(n, 5, 500)
        out[n] = model_of(s.view(0), 0, s.acting, s.legal(), "ru", s.names)
        s.close()
    return out


def _drawn_sizes(monkeypatch: pytest.MonkeyPatch, model: dict, lay: FsLayout) -> list[int]:
    sizes: list[int] = []
    real = style.label

    def recording(surface, value, size, *a, **kw):
        if value.strip():
            sizes.append(size)
        return real(surface, value, size, *a, **kw)

    monkeypatch.setattr(style, "label", recording)
    draw_board(pygame.Surface((lay.width, lay.height)), model, lay, lang="ru")
    monkeypatch.undo()
    return sizes


@pytest.mark.parametrize(("size", "n"), list(itertools.product(SIZES, (2, 4))))
def test_map_sheet_and_list_text_meet_the_projector_minimum(size, n, models, monkeypatch):
    model = models[n]
    lay = for_model(*size, model)
    sizes = _drawn_sizes(monkeypatch, model, lay)
    assert sizes and min(sizes) >= minimum(size[1]), (min(sizes), minimum(size[1]))
    for text in TABLE_SIZES:
        lay = for_model(*size, model, text_size=text)
        assert lay.fs(ROW) >= minimum(size[1])  # the action list's rows
        assert lay.fs(18) >= minimum(size[1])  # the status lines


@pytest.mark.parametrize(("size", "shape"), list(itertools.product(SIZES, SHAPES)))
def test_a_larger_text_size_never_shrinks_anything(size, shape):
    def measures(text: float) -> dict[str, float]:
        lay = _layout(size, text, *shape)
        out = {"map_w": lay.map.w, "map_h": lay.map.h, "sheet": lay.sheet_h,
               "hand": lay.hand.h, "row": lay.row_h, "status": lay.status.h,
               "list_w": lay.list.w, "log_w": lay.log.w}
        out.update({f"fs{v}": lay.fs(v) for v in (16, 18, 20, 24)})
        return out

    for lo, hi in itertools.pairwise(TABLE_SIZES):
        small, big = measures(lo), measures(hi)
        assert not {k for k in small if big[k] < small[k]}, (lo, hi, small, big)
