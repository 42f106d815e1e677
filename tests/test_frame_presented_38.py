"""Issue 38 item 9: no presented frame shows a scene that is not the current one.

Every test runs the shell's real loop (``App.run``) on the dummy driver, with synthetic
input posted between frames, and records each frame as it is presented (a wrapped
``pygame.display.flip``/``update``): its pixels, the scenes that drew it and the stack.
A presented frame must equal a drawing of the stack as it stands at that moment on a
blank surface — so no pixel of a scene left behind (the menu's starfield and version
line, a half-drawn table) can reach the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame
import pytest

from game import games
from game.forbidden_stars.ui.scenes.load import FsLoadScene
from game.forbidden_stars.ui.scenes.table import FsTableScene
from game.forbidden_stars.ui.session import HUMAN, FsSession, FsSetup
from game.ui.crash import CrashScene
from game.ui.scene import Scene
from game.ui.scenes.menu import MenuScene


@dataclass
class Frame:
    stack: list[Scene]
    drawers: list[Scene]
    pixels: pygame.Surface
    fresh: pygame.Surface  # the stack at that moment drawn alone on a blank surface


@dataclass
class Recorder:
    """Runs ``app.run()``: before presenting frame ``i`` it records it, then posts what
    ``script[i]`` returns (the loop reads it on the next frame); stops after ``frames``."""

    app: object
    script: dict[int, Callable[[], list[pygame.event.Event]]]
    frames: int
    presented: list[Frame] = field(default_factory=list)
    drawing: list[Scene] = field(default_factory=list)
    recording: bool = True

    def present(self, *_args) -> None:
        app = self.app
        self.recording = False  # the reference drawing below is not the frame's
        fresh = pygame.Surface(app.screen.get_size())
        app.draw(fresh)
        self.recording = True
        self.presented.append(Frame(list(app.stack), list(self.drawing), app.screen.copy(),
                                    fresh))
        self.drawing.clear()
        i = len(self.presented) - 1
        for event in self.script.get(i, list)():
            pygame.event.post(event)
        if len(self.presented) >= self.frames:
            app.running = False


@pytest.fixture
def run_recorded(monkeypatch):
    def run(app, script, frames: int) -> Recorder:
        rec = Recorder(app, script, frames)
        real_draw = Scene.draw

        def draw(scene: Scene, surface: pygame.Surface) -> None:
            if rec.recording and (not rec.drawing or rec.drawing[-1] is not scene):
                rec.drawing.append(scene)
            real_draw(scene, surface)

        monkeypatch.setattr(Scene, "draw", draw)
        monkeypatch.setattr(pygame.display, "flip", rec.present)
        monkeypatch.setattr(pygame.display, "update", rec.present)
        monkeypatch.setattr(pygame, "quit", lambda: None)  # the fixture ends the app
        pygame.event.clear()
        app.run()
        return rec
    return run


@pytest.fixture
def fs_saves(app, tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(folder))
    games.all_games.cache_clear()
    session = FsSession(FsSetup((HUMAN, "random"), ("Anna", "Boris"), ("orks", "eldar"),
                                seed=2), bot_delay=0, autosave=False)
    while len(session.state.log) < 40:
        session.step_bots(1.0) or session.choose(session.legal()[0])
    session.save("autosave")
    session.close()
    yield app
    games.all_games.cache_clear()


def click(app, rect_of: Callable[[], pygame.Rect]) -> Callable[[], list[pygame.event.Event]]:
    def events() -> list[pygame.event.Event]:
        pos = rect_of().center
        pygame.mouse.set_pos(pos)  # pygame-gui reads the real cursor too
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    return events


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and \
        pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def assert_only_current(frames: list[Frame]) -> None:
    for i, f in enumerate(frames):
        assert same(f.pixels, f.fresh), (
            f"frame {i} shows more than its stack {[type(s).__name__ for s in f.stack]} "
            f"(drawn by {[type(s).__name__ for s in f.drawers]})")


def test_continue_presents_the_table_alone_from_its_first_frame(fs_saves, run_recorded):
    app = fs_saves
    app.push(MenuScene(app))
    rec = run_recorded(app, {2: click(app, lambda: app.top.button_rect("continue_game"))},
                       frames=8)
    on_table = [f for f in rec.presented if isinstance(f.stack[-1], FsTableScene)]
    assert len(on_table) >= 4  # the table opened, and frames of it were presented
    for f in on_table:  # the menu stays on the stack under the table, never drawn
        assert [type(s) for s in f.drawers] == [FsTableScene]
    assert_only_current(rec.presented)


def test_load_presents_the_list_then_the_table_alone(fs_saves, run_recorded):
    app = fs_saves

    def row() -> pygame.Rect:
        assert isinstance(app.top, FsLoadScene)
        return next(iter(app.top.rows)).rect

    app.push(MenuScene(app))
    rec = run_recorded(app, {
        2: click(app, lambda: app.top.button_rect("forbidden_stars:load")),
        6: click(app, row)}, frames=12)
    kinds = [type(f.stack[-1]) for f in rec.presented]
    assert FsLoadScene in kinds and kinds[-1] is FsTableScene
    for f in rec.presented:
        assert [type(s) for s in f.drawers] == [type(f.stack[-1])]
    assert_only_current(rec.presented)


def test_a_frame_that_fails_half_drawn_is_not_presented(fs_saves, run_recorded,
                                                        monkeypatch):
    """The table's draw fails after the map is drawn: the frame presented is the menu
    with the crash dialog, not the half-drawn table that left the stack."""
    app = fs_saves
    app.push(MenuScene(app))
    real_log = FsTableScene.draw_log
    calls = []

    def draw_log(scene, surface):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("drawing failed")
        real_log(scene, surface)

    monkeypatch.setattr(FsTableScene, "draw_log", draw_log)
    rec = run_recorded(app, {2: click(app, lambda: app.top.button_rect("continue_game"))},
                       frames=10)
    crashed = next(i for i, f in enumerate(rec.presented) if isinstance(f.stack[-1],
                                                                        CrashScene))
    assert isinstance(rec.presented[crashed - 1].stack[-1], FsTableScene)
    assert [type(s) for s in rec.presented[crashed].stack] == [MenuScene, CrashScene]
    assert_only_current(rec.presented)


class Filled(Scene):
    colour = (0, 0, 0)

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.fill(self.colour)


class Next(Filled):
    colour = (20, 60, 200)


class Leaving(Filled):
    """Replaces itself with :class:`Next` while drawing its second frame (after it has
    painted the whole window)."""

    colour = (200, 30, 30)
    draws = 0

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        if surface is not self.app.screen:  # the recorder's reference drawing
            return
        self.draws += 1
        if self.draws == 2:
            self.app.replace(Next(self.app))


def test_a_scene_replaced_while_drawing_is_not_presented(app, run_recorded):
    app.push(MenuScene(app))
    app.push(Leaving(app))
    rec = run_recorded(app, {}, frames=4)
    assert [type(f.stack[-1]) for f in rec.presented] == [Leaving, Next, Next, Next]
    assert rec.presented[1].pixels.get_at((5, 5))[:3] == Next.colour
    assert_only_current(rec.presented)
