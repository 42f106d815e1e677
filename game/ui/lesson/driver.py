"""Synthetic input for a lesson's headless check, for any game: clicks delivered as
frames of the real app (pygame-gui hovers by the real cursor, so it is moved too)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

FRAME = 1 / 60
MAX_WAIT_FRAMES = 4000  # a rival's turn at normal speed takes a few hundred


class CheckFailed(Exception):
    """A step could not be completed; the message names the lesson and the step."""


class Driver:
    def __init__(self, app):
        self.app = app

    def frames(self, n: int = 1, events: list | None = None) -> None:
        for i in range(n):
            extra = list(events or []) if i == 0 else []
            self.app.frame(extra + pygame.event.get(), FRAME)

    def click(self, pos: tuple[int, int]) -> None:
        pygame.mouse.set_pos(pos)
        self.frames(1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                           buttons=(0, 0, 0)),
                        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
        self.frames(2, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])

    def settle(self, until: Callable[[], bool], what: str) -> None:
        for _ in range(MAX_WAIT_FRAMES):
            if until():
                return
            self.frames(1)
        raise CheckFailed(f"timed out waiting for {what}")
