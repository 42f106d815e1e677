"""Play every lesson of Learn to play as a learner would, through synthetic input.

From the main menu (Learn to play → the lesson's Start) to the last step, each step is
done with the mouse: Next is clicked, a card is dragged from where the table draws it to
where it goes, combat is dragged onto the target, a chip or End turn is clicked — at the
screen positions of the step's highlight, never by calling the engine.  Every step with
a target must show its highlight, and the instruction box must not cover it.  Used by
``python -m game tutorial --check`` and by the tests.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.star_realms.engine.state import Action
from game.star_realms.ui import tutorial_view
from game.ui.lesson.check import check_target
from game.ui.lesson.driver import CheckFailed
from game.ui.lesson.driver import Driver as LessonDriver

MAX_WAIT_FRAMES = 3000  # a rival turn at normal speed takes a few hundred


class Driver(LessonDriver):
    """Synthetic input for one app: the lessons' clicks and frames, and drags."""

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        ev = pygame.event.Event
        pygame.mouse.set_pos(start)
        self.frames(1, [ev(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
                        ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
        for k in (1, 2, 3, 4):
            pos = (start[0] + (end[0] - start[0]) * k // 4,
                   start[1] + (end[1] - start[1]) * k // 4)
            pygame.mouse.set_pos(pos)
            self.frames(1, [ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])
        self.frames(2, [ev(pygame.MOUSEBUTTONUP, pos=end, button=1)])


def _point(table, iid: int, what: str) -> tuple[int, int]:
    pos = tutorial_view.visible_point(table, iid)
    if pos is None:
        raise CheckFailed(f"{what} is not on the screen")
    return pos


def gesture(driver: Driver, table, action: Action) -> None:
    """Do ``action`` the way a player would, at the table's screen positions."""
    z = table.layout.zones()
    kind = action.kind
    if kind == "play":
        driver.drag(_point(table, action.card, "the card to play"), z["my_field"].center)
    elif kind == "buy":
        driver.drag(_point(table, action.card, "the card to buy"), z["my_discard"].center)
    elif kind == "use":
        chip = getattr(table, "chip_spots", {}).get((action.card, action.slot))
        if chip is None:
            raise CheckFailed(f"no {action.slot} chip under the card")
        driver.click(chip.center)
    elif kind == "attack_base":
        base = table.card_rects.get(action.card)
        if base is None:
            raise CheckFailed("the base to attack is not on the screen")
        driver.drag(table.combat_rect().center, base.center)
    elif kind == "attack_player":
        seat = (table.panel_of(action.target) if table.layout.multi else z["opp_info"])
        driver.drag(table.combat_rect().center, seat.center)
        if table.amount_panel is not None:
            driver.click(table.amount_panel["ok"].rect.center)
    elif kind == "end_turn":
        driver.click(table.btn_end.rect.center)
        if table.confirm is not None:  # "End turn anyway?" (trade or combat left)
            driver.click(table.confirm.confirm_button.rect.center)
    else:
        raise CheckFailed(f"no gesture for {kind!r}")
    driver.frames(3)  # what pygame-gui posted last (a dialog's "confirmed") is handled


def settle(driver: Driver, table, until: Callable[[], bool], what: str) -> None:
    for _ in range(MAX_WAIT_FRAMES):
        if until():
            return
        driver.frames(1)
    raise CheckFailed(f"timed out waiting for {what}")


def play_lesson(driver: Driver, table, say: Callable[[str], None] = lambda s: None,
                shots: dict[str, str] | None = None, until: str = "") -> None:
    """Every step of the lesson on ``table`` (a TutorialScene), by synthetic input, or
    those before the step ``until``; ``shots`` (step id → PNG path): screenshots of
    those steps, box and highlight on."""
    runner, lesson = table.runner, table.lesson
    while not runner.finished:
        step = runner.step
        if step.id == until:
            return
        where = f"{lesson.id}/{step.id}"
        index = runner.index
        if step.mode == "rival":
            settle(driver, table, lambda i=index: runner.index != i, f"{where}: the rival")
            say(f"{where}: rival played")
            continue
        settle(driver, table, lambda: not table.busy(), f"{where}: the table to settle")
        driver.frames(2)  # the box and its buttons follow the step
        check_target(table, where)
        if shots and step.id in shots:
            pygame.image.save(driver.app.screen, shots[step.id])
            say(f"{where}: screenshot {shots[step.id]}")
        if step.mode == "next":
            driver.click(table.box_buttons["next"].rect.center)
            if runner.index == index:
                raise CheckFailed(f"{where}: Next did not move on")
        else:
            before = (runner.index, list(runner.done))
            action = runner.show_me(table.session.state)
            if action is None:
                raise CheckFailed(f"{where}: nothing legal matches the step")
            gesture(driver, table, action)
            settle(driver, table, lambda: not table.busy(), f"{where}: the table to settle")
            if (runner.index, list(runner.done)) == before:
                raise CheckFailed(f"{where}: the {action.kind} gesture did not complete the "
                                  f"step")
        say(f"{where}: done")
