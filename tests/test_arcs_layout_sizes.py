"""Issue 37 item 8: Arcs' table uses the window, and Done / Pass are always visible.

«The bottom third is nearly empty while the map stays small; at 1280×720 "Done" sits at
the bottom of a ~30-item list that must be scrolled.»  The layout
(game.arcs.ui.table_layout) is checked at 1280×720 to 3840×2160 for every text size:
regions inside the window and disjoint, ≥ 90 % of it used, the map larger than the old
layout's, the text of the map, the board's cards and the action list over docs/art.md's
minimum (9 px at 1920×1080, scaled to the window) — measured from what the renderers
draw — and nothing shrinking under a larger text size.  The scene puts whatever ends the
step in the fixed bar, outside the scrolled list, in every state that has one.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace

import pygame
import pytest

from game.arcs.ai.base import make_player
from game.arcs.engine.state import Action
from game.arcs.engine.view import player_view
from game.arcs.ui import style, table_view
from game.arcs.ui.map_view import draw_map
from game.arcs.ui.scenes.table import ArcsTableScene
from game.arcs.ui.session import ArcsSession, ArcsSetup
from game.arcs.ui.table_layout import BOARD_BASE, END_KINDS, MAP_BASE, ArcsLayout
from game.resources import assets_dir
from game.settings import TABLE_SIZES, Settings
from game.ui.main import headless, make_app
from tests.test_arcs_card_text import _mid_game

SIZES = ((1280, 720), (1920, 1080), (2560, 1440), (3840, 2160))
ODD = ((1280, 1024), (2560, 1080))  # not 16:9: still inside, disjoint, filled
MINIMUM = 9  # docs/art.md "The minimum": px at 1920×1080


def old_map_share(w: int, h: int) -> float:
    """The old layout: the 1920×1080 picture scaled into the reference rect (0, 0, 1360,
    765), letterboxed; its map the picture's 1060×1080."""
    s = min(w / 1920, h / 1080)
    return (1060 * 1360 / 1920 * s) * (765 * s) / (w * h)


def minimum(height: int) -> float:
    return MINIMUM * height / 1080


def _label_sizes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    sizes: list[int] = []
    real = style.label

    def recording(surface, value, size, *a, **kw):
        sizes.append(size)
        return real(surface, value, size, *a, **kw)

    monkeypatch.setattr(style, "label", recording)
    return sizes


@pytest.fixture(scope="module")
def drawn_sizes() -> dict[str, int]:
    """The smallest text the map and the board draw, mid-game with Leaders & Lore."""
    pygame.init()
    mp = pytest.MonkeyPatch()
    try:
        state = _mid_game()
        view = player_view(state, 0)
        sizes = _label_sizes(mp)
        draw_map(pygame.Surface(MAP_BASE), view, pygame.Rect((0, 0), MAP_BASE), "ru")
        map_min = min(sizes)
        sizes.clear()
        table_view._draw_board(pygame.Surface(BOARD_BASE), view, 0, ["Анна", "Борис",
                               "Вера", "Глеб"], "ru", table_view.HitMap(),
                               table_view.BOARD_RIGHT)
        board_min = min(sizes)
    finally:
        mp.undo()
    return {"map": map_min, "board": board_min}


def test_the_board_never_draws_under_its_declared_minimum(drawn_sizes):
    assert drawn_sizes["board"] >= table_view.BOARD_TEXT_MIN
    assert table_view.HELD_NAME >= table_view.BOARD_TEXT_MIN


@pytest.mark.parametrize(("size", "text"), list(itertools.product(SIZES + ODD, TABLE_SIZES)))
def test_regions_fill_the_window_without_overlapping(size, text):
    w, h = size
    lay = ArcsLayout(w, h, min(w / 1920, h / 1080), text)
    window = pygame.Rect(0, 0, w, h)
    regions = lay.regions()
    for name, r in regions.items():
        assert r.w > 0 and r.h > 0 and window.contains(r), (name, r)
    for (a, ra), (b, rb) in itertools.combinations(regions.items(), 2):
        assert not ra.colliderect(rb), (a, ra, b, rb)
    used = sum(r.w * r.h for r in regions.values()) / (w * h)
    assert used >= (0.9 if size in SIZES else 0.8), used
    assert lay.map.w * lay.map.h / (w * h) >= 1.25 * old_map_share(w, h)
    # the bar (Done / Pass and Undo) is outside the list, under it
    assert lay.bar.y >= lay.list.bottom and window.contains(lay.undo)
    for r in lay.end_buttons(2):
        assert lay.bar.contains(r) and not r.colliderect(lay.undo)
    assert lay.list.h >= 3 * lay.row_step  # a few rows show before it scrolls


@pytest.mark.parametrize(("size", "text"), list(itertools.product(SIZES, TABLE_SIZES)))
def test_map_card_and_list_text_meet_the_projector_minimum(size, text, drawn_sizes):
    w, h = size
    lay = ArcsLayout(w, h, min(w / 1920, h / 1080), text)
    least = minimum(h)
    assert drawn_sizes["map"] * lay.map_scale >= least
    assert drawn_sizes["board"] * lay.board_scale >= least  # card names, suits, counts
    assert table_view.HELD_NAME * lay.board_scale >= least  # the player areas' cards
    with (assets_dir() / "theme.json").open(encoding="utf-8") as fh:
        button = int(json.load(fh)["button"]["font"]["size"])
    assert round(button * lay.text_scale) >= least  # the action list's and the bar's
    assert lay.fs(20) >= least


@pytest.mark.parametrize("size", SIZES)
def test_a_larger_text_size_never_shrinks_anything(size):
    def measures(text: float) -> dict[str, float]:
        lay = ArcsLayout(*size, min(size[0] / 1920, size[1] / 1080), text)
        out = {"map_w": lay.map.w, "map_h": lay.map.h, "board": lay.board_scale,
               "row": lay.row_h, "bar": lay.bar.h, "list_w": lay.list.w}
        out.update({f"fs{v}": lay.fs(v) for v in (20, 22, 24, 28, 30)})
        return out

    for lo, hi in itertools.pairwise(TABLE_SIZES):
        small, big = measures(lo), measures(hi)
        assert not {k for k in small if big[k] < small[k]}, (lo, hi, small, big)


# ---------------------------------------------------------------- the scene's bar


def _to_end_state(session: ArcsSession, kind: str, limit: int = 3000) -> bool:
    """Bots play seat 0's game on until seat 0 (the human) has ``kind`` among its
    actions and at least one other action (a list to scroll)."""
    bots = [make_player("normal", 40 + i) for i in range(session.state.n)]
    for _ in range(limit):
        if session.over:
            return False
        legal = session.legal()
        if session.acting == 0 and any(a.kind == kind for a in legal) and len(legal) > 1:
            return True
        session.choose(bots[session.acting].choose(session.view(session.acting), legal))
    return False


@pytest.mark.parametrize(("size", "lang", "kind"),
                         [((1280, 720), "en", "done"), ((1280, 720), "ru", "pass_initiative"),
                          ((1920, 1080), "en", "proceed"), ((3840, 2160), "ru", "done")])
def test_done_and_pass_sit_in_the_fixed_bar_never_in_the_list(tmp_path, monkeypatch, size,
                                                               lang, kind):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    headless()
    app = make_app(size=size, settings=replace(Settings(), language=lang), persist=False)
    try:
        session = ArcsSession(ArcsSetup(("human", "normal", "normal"), ("A", "B", "C"), 5),
                              bot_delay=0.0, autosave=False)
        session.bot_delay = session.wait = 1e9
        assert _to_end_state(session, kind)
        scene = app.push(ArcsTableScene(app, session))
        assert isinstance(scene, ArcsTableScene)
        scene.curtain = None
        scene.viewer = 0
        scene.build()
        app.frame([], 0.0)
        window = pygame.Rect((0, 0), size)
        ends = [(b, a) for b, a in scene.action_buttons.items() if a.kind in END_KINDS]
        assert ends and any(a.kind == kind for _, a in ends)
        for button, _action in ends:
            # not a child of the scrolled list: on the window itself, in the bar
            assert button.ui_container is not scene.scroller.get_container()
            assert window.contains(button.rect) and scene.lay.bar.contains(button.rect)
            assert not button.rect.colliderect(scene.scroller.rect)
        rows = [b for b, a in scene.action_buttons.items() if a.kind not in END_KINDS]
        assert all(b.ui_container is scene.scroller.get_container() for b in rows)
        # the number keys still take the same actions as before (the legal list's order)
        legal = session.legal()
        for button, action in ends:
            i = legal.index(action)
            if i < 10:
                assert button.text.startswith(f"{(i + 1) % 10}. ")
        assert isinstance(ends[0][1], Action)
        app.pop()
    finally:
        session.close()
        pygame.quit()
