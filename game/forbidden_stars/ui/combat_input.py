"""The combat panel's input: what a click, a drag or a key means, as a legal action.

A card of the hand is dragged onto this round's slot to play it face down; a click
selects it (so do the number keys 1-5) and Enter, or a click on the slot, plays the
selected card.  A click on one of this seat's units assigns damage to it; a click on a
listed choice takes it.  Only actions from the model (the legal list) are ever returned;
anything else gives ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.forbidden_stars.engine.state import Action
from game.forbidden_stars.ui.combat_layout import Layout
from game.forbidden_stars.ui.combat_model import CombatModel

DRAG_SLOP = 6  # pixels the pointer moves before a press on a card becomes a drag
NUMBER_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_5: 4,
               pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3,
               pygame.K_KP5: 4}


@dataclass
class Drag:
    index: int  # in the hand
    card: str
    start: tuple[int, int]
    offset: tuple[int, int]  # the pointer's offset inside the card
    pos: tuple[int, int]
    moved: bool = False


class PanelInput:
    """The pointer's and keyboard's state between events (a drag, a selected card)."""

    def __init__(self) -> None:
        self.drag: Drag | None = None
        self.selected: int = -1  # a hand index
        self.hover: tuple[int, int] = (-1, -1)

    def reset(self) -> None:
        self.drag = None
        self.selected = -1

    def selected_card(self, model: CombatModel) -> str:
        me = model.mine
        if me is None or not 0 <= self.selected < len(me.hand):
            return ""
        return me.hand[self.selected].id

    def handle(self, event: pygame.event.Event, model: CombatModel,
               lay: Layout) -> Action | None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            if self.drag is not None:
                d = self.drag
                d.pos = event.pos
                if abs(d.pos[0] - d.start[0]) + abs(d.pos[1] - d.start[1]) > DRAG_SLOP:
                    d.moved = True
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos, model, lay)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos, model, lay)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, model)
        return None

    def _press(self, pos: tuple[int, int], model: CombatModel,
               lay: Layout) -> Action | None:
        me = model.mine
        for i, r in enumerate(lay.hand):
            if r.collidepoint(pos) and me is not None and i < len(me.hand):
                self.drag = Drag(i, me.hand[i].id, pos, (pos[0] - r.x, pos[1] - r.y), pos)
                return None
        for (seat, group), r in lay.units.items():
            if r.collidepoint(pos) and seat == model.seat and group in model.damage:
                return model.damage[group]
        actions = [c.action for c in model.choices] + [a for _, _, a in model.retreats]
        for r, action in zip(lay.choices, actions, strict=False):
            if r.collidepoint(pos):
                return action
        if lay.drop is not None and lay.drop.collidepoint(pos):
            return self._play_selected(model)
        if not lay.rect.collidepoint(pos):
            self.selected = -1
        return None

    def _release(self, pos: tuple[int, int], model: CombatModel,
                 lay: Layout) -> Action | None:
        d = self.drag
        self.drag = None
        if d is None:
            return None
        if not d.moved:
            self.selected = -1 if self.selected == d.index else d.index
            return None
        if lay.drop is not None and lay.drop.collidepoint(pos):
            action = model.card_plays.get(d.card)
            if action is not None:
                self.selected = -1
            return action
        return None

    def _key(self, key: int, model: CombatModel) -> Action | None:
        me = model.mine
        if key in NUMBER_KEYS and me is not None:
            i = NUMBER_KEYS[key]
            if i < len(me.hand):
                self.selected = i
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._play_selected(model)
        if key == pygame.K_ESCAPE:
            self.reset()
        return None

    def _play_selected(self, model: CombatModel) -> Action | None:
        card = self.selected_card(model)
        action = model.card_plays.get(card) if card else None
        if action is not None:
            self.selected = -1
        return action
