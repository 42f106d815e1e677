"""Play a lesson as a learner would, through synthetic mouse input, for any game.

Each step is done with the mouse at the screen positions the scene lights: Next is
clicked, an expected action is clicked at its lit row; a rival step is waited out.
Every step's target must be on screen and not under the box.  The scene provides
``runner``, ``lesson``, ``box``, ``box_buttons``, ``busy()``, ``target_rect()``,
``expected_row()`` and ``blocker()`` (a point to click first — a dialog over the
table — or None).  Used by ``python -m game tutorial --check --game ...`` and the tests.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.lesson.driver import CheckFailed, Driver


def _clear(driver: Driver, table, where: str) -> None:
    for _ in range(5):
        point = table.blocker()
        if point is None:
            return
        driver.click(point)
    raise CheckFailed(f"{where}: a dialog over the table would not close")


def check_target(table, where: str) -> None:
    step = table.runner.step
    if step is None or not step.target:
        return
    aim = table.target_rect()
    if aim is None:
        raise CheckFailed(f"{where}: the target {step.target!r} is not on the screen")
    if table.box is not None and table.box.rect.colliderect(aim):
        raise CheckFailed(f"{where}: the instruction box covers the target {step.target!r}")


def play_lesson(driver: Driver, table, say: Callable[[str], None] = lambda s: None,
                shots: dict[str, str] | None = None, until: str = "") -> None:
    """Every step of the lesson on ``table``, or those before the step ``until``;
    ``shots`` (step id → PNG path): screenshots of those steps, box and frame on."""
    runner, lesson = table.runner, table.lesson
    while not runner.finished:
        step = runner.step
        if step.id == until:
            return
        where = f"{lesson.id}/{step.id}"
        index = runner.index
        if step.mode == "rival":
            driver.settle(lambda i=index: runner.index != i or table.blocker() is not None,
                          f"{where}: the rival")
            if runner.index == index:
                _clear(driver, table, where)
                continue
            say(f"{where}: the rival played")
            continue
        driver.settle(lambda: not table.busy() or table.blocker() is not None,
                      f"{where}: the table to settle")
        driver.frames(2)  # the box and its buttons follow the step
        check_target(table, where)
        if shots and step.id in shots:
            pygame.image.save(driver.app.screen, shots[step.id])
            say(f"{where}: screenshot {shots[step.id]}")
        _clear(driver, table, where)
        if step.mode == "next":
            driver.click(table.box_buttons.buttons["next"].rect.center)
            if runner.index == index:
                raise CheckFailed(f"{where}: Next did not move on")
        else:
            while runner.index == index:
                done = runner.done
                driver.settle(lambda: not table.busy() or table.blocker() is not None,
                              f"{where}: the table to settle")
                _clear(driver, table, where)
                driver.frames(2)
                row = table.expected_row()
                for _ in range(8):  # a row out of view is scrolled in over the next frames
                    if row is not None:
                        break
                    driver.frames(2)
                    row = table.expected_row()
                if row is None:
                    raise CheckFailed(f"{where}: the expected action "
                                      f"{str(runner.pattern())!r} has no row on the screen")
                driver.click(row.center)
                driver.frames(2)
                if runner.index == index and runner.done == done:
                    raise CheckFailed(f"{where}: clicking the lit row did not do "
                                      f"{str(runner.pattern())!r}")
        say(f"{where}: done")
