"""Arcs' table input: clicks on the map and the court, cards dragged from the hand,
the short list of choices, the face-down confirm, keys — every one ending in ONE action
of the legal list (game.arcs.ui.picking filters it by what was pointed at) or in the
reason the list has none.

Mixed into :class:`game.arcs.ui.scenes.table.ArcsTableScene`, which provides
``session``, ``viewer``, ``ui``, ``px``/``rect``, ``play(action)`` and the hit map of the
drawn table (``hits``, window pixels).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import i18n
from game.arcs.engine.state import Action
from game.arcs.ui import picking
from game.arcs.ui.card_text import card_face
from game.arcs.ui.hits import Hit, HitMap
from game.arcs.ui.labels import action_labels, name
from game.arcs.ui.picking import Target
from game.ui.card_zoom import CardFace, CardZoom
from game.ui.choice_panel import TableChoices

if TYPE_CHECKING:
    from game.arcs.ui.session import ArcsSession
    from game.ui.app import App

DRAG_SLOP = 6  # pixels the pointer moves before a press on a card becomes a drag
MOVE_FROM = "move_from"  # a short-list entry that picks a move's source, not an action
DIGITS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_5: 4,
          pygame.K_6: 5, pygame.K_7: 6, pygame.K_8: 7, pygame.K_9: 8, pygame.K_0: 9,
          pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3,
          pygame.K_KP5: 4, pygame.K_KP6: 5, pygame.K_KP7: 6, pygame.K_KP8: 7,
          pygame.K_KP9: 8, pygame.K_KP0: 9}


@dataclass
class Drag:
    """A card carried from the hand."""

    card: str
    origin: pygame.Rect
    grab: tuple[int, int]  # the pointer's offset inside the card
    pos: tuple[int, int]
    moved: bool = False


Choice = Action | tuple[str, str]  # an action, or (MOVE_FROM, system)


class TableInput(TableChoices):
    """Pointer and keys → legal actions (see the module docstring)."""

    hits: HitMap | None
    status_line: str
    card_zoom: CardZoom
    # the table scene's (annotations only: a body here would shadow them)
    app: App
    session: ArcsSession
    viewer: int
    curtain: int | None
    play: Callable[[Action], None]

    def reset_input(self) -> None:
        """Forget what a previous build showed (the panel was rebuilt)."""
        self.hover: Hit | None = None
        self.source: str | None = None  # a move's source picked on the map
        self.drag: Drag | None = None
        self.choices: list[Choice] = []
        self.choice_buttons: dict[pygame_gui.elements.UIButton, Choice] = {}
        self.choice_panel: pygame_gui.elements.UIPanel | None = None
        self.choice_cancel: pygame_gui.elements.UIButton | None = None
        self.confirm_action: Action | None = None
        self.confirm_panel: pygame_gui.elements.UIPanel | None = None
        self.confirm_ok: pygame_gui.elements.UIButton | None = None
        self.confirm_cancel: pygame_gui.elements.UIButton | None = None

    # ------------------------------------------------------------------ state

    def my_turn(self) -> bool:
        s = self.session
        return (not s.over and self.curtain is None and s.is_human(s.acting)
                and s.acting == self.viewer and not self.busy())

    def busy(self) -> bool:
        """Something on screen must go first (the dice, the chapter's scoring)."""
        return False

    def legal_now(self) -> list[Action]:
        return self.session.legal() if self.my_turn() else []

    def modal(self) -> bool:
        return self.choice_panel is not None or self.confirm_panel is not None

    def say(self, key: str, **kw: Any) -> None:
        self.status_line = i18n.t(f"arcs.pick.{key}", **kw)

    def thing_name(self, ident: str) -> str:
        view = self.session.view(self.viewer)
        assert view.rules is not None
        return name(view.rules, ident, i18n.language())

    # ------------------------------------------------------------------ events

    def handle_input(self, event: pygame.event.Event) -> bool:
        """True when the event was used here."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._on_button(event.ui_element)
        if event.type == pygame.KEYDOWN:
            return self._on_key(event)
        if event.type == pygame.MOUSEMOTION:
            self._on_motion(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._on_press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._on_release(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self.right_click(event.pos)
        return False

    def card_at(self, pos: tuple[int, int]) -> CardFace | None:
        """The face of the card under the pointer, as this seat may read it."""
        hit = self.hits.at(pos) if self.hits is not None else None
        if hit is None or self.curtain is not None:
            return None
        return card_face(self.session.view(self.viewer), hit, i18n.language())

    def right_click(self, pos: tuple[int, int]) -> bool:
        """On a card with nothing being picked: its zoom; else it drops whatever was being
        picked (the short list, a move's source, a drag)."""
        face = self.card_at(pos) if not (self.modal() or self.source or self.drag) else None
        if face is None:
            return self.cancel()
        self.card_zoom.open(face)
        return True

    def _on_button(self, element: object) -> bool:
        if element is not None and element is self.choice_cancel:
            self.close_choices()
            self.say("cancelled")
            return True
        if element in self.choice_buttons:
            choice = self.choice_buttons[element]
            self.close_choices()
            self._take(choice)
            return True
        if element is self.confirm_ok:
            action = self.confirm_action
            self.close_confirm()
            if action is not None:
                self.apply_picked(action)
            return True
        if element is self.confirm_cancel:
            self.close_confirm()
            self.say("cancelled")
            return True
        return False

    def _on_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            return self.cancel()
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.confirm_panel is not None:
                self._on_button(self.confirm_ok)
                return True
            return False
        if key in DIGITS and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            i = DIGITS[key]
            if self.confirm_panel is not None:
                return True
            if self.choice_panel is not None:
                if i < len(self.choices):
                    choice = self.choices[i]
                    self.close_choices()
                    self._take(choice)
                return True
            legal = self.legal_now()
            if i < len(legal):
                self.pick([legal[i]], "")
            return True
        return False

    def cancel(self) -> bool:
        """Esc: close the short list or the confirm, drop a picked source or a drag."""
        if self.confirm_panel is not None:
            self.close_confirm()
        elif self.choice_panel is not None:
            self.close_choices()
        elif self.source is not None:
            self.source = None
        elif self.drag is not None:
            self.drag = None
        else:
            return False
        self.say("cancelled")
        return True

    def _on_motion(self, pos: tuple[int, int]) -> None:
        self.hover = self.hits.at(pos) if self.hits is not None else None
        d = self.drag
        if d is not None:
            d.pos = (pos[0] - d.grab[0], pos[1] - d.grab[1])
            if abs(d.pos[0] - d.origin.x) + abs(d.pos[1] - d.origin.y) > DRAG_SLOP:
                d.moved = True

    def _on_press(self, pos: tuple[int, int]) -> bool:
        if self.modal():
            panel = self.choice_panel or self.confirm_panel
            if panel is not None and not panel.rect.collidepoint(pos):
                self.cancel()  # a click beside the short list closes it
            return True
        hit = self.hits.at(pos) if self.hits is not None else None
        if hit is None:
            return False
        if hit.kind == "hand" and hit.ident != "?":
            self.drag = Drag(hit.ident, hit.rect.copy(),
                             (pos[0] - hit.rect.x, pos[1] - hit.rect.y), hit.rect.topleft)
            return True
        self.click(hit)
        return True

    def _on_release(self, pos: tuple[int, int]) -> bool:
        d = self.drag
        if d is None:
            return False
        self.drag = None
        if not d.moved:  # a plain click on the card: whatever plays it
            self.click(Hit("hand", d.card, d.origin))
            return True
        # the round's cards lie on the play area: a drop on one still plays there
        if self.hits is not None and any(h.contains(pos) for h in self.hits.find("play_area")):
            self.drop(d.card)
        return True

    # ------------------------------------------------------------------ resolving

    def click(self, hit: Hit) -> None:
        """A click on something drawn: filter the legal list by it."""
        s = self.session
        if not self.my_turn():
            if not s.over and self.curtain is None and not self.busy():
                self.say("not_now", name=s.names[s.acting])
            return
        legal = s.legal()
        if hit.kind in ("system", "ship", "building"):
            self._click_map(hit, legal)
            return
        self.source = None
        t = Target(hit.kind, hit.ident, hit.seat, hit.index, hit.damaged)
        reason = {"court": ("no_court", {"card": self.thing_name(hit.ident)}),
                  "hand": ("no_card", {"card": self.thing_name(hit.ident)}),
                  "ambition": ("no_ambition", {"ambition": self.thing_name(hit.ident)}),
                  "draft": ("no_draft", {"card": self.thing_name(hit.ident)})}
        key, kw = reason.get(hit.kind, ("nothing", {}))
        self.pick(picking.candidates(legal, t), i18n.t(f"arcs.pick.{key}", **kw))

    def _click_map(self, hit: Hit, legal: list[Action]) -> None:
        sid = hit.ident
        if self.source is not None:  # the second click of a move: its destination
            source, self.source = self.source, None
            if sid == source:
                self.say("cancelled")
                return
            self.pick(picking.moves_between(legal, source, sid),
                      i18n.t("arcs.pick.no_move", source=source, target=sid))
            return
        t = Target(hit.kind, sid, hit.seat, hit.index, hit.damaged)
        found = picking.candidates(legal, t)
        own = hit.kind == "system" or (hit.kind == "ship" and hit.seat == self.viewer)
        starts = picking.moves_from(legal, sid) if own else []
        others = picking.not_moving_from(found, sid)
        if starts and not others:
            self.start_move(sid)
            return
        if starts:
            self.open_choices([*others, (MOVE_FROM, sid)])
            return
        what = "no_system" if hit.kind == "system" else "no_piece"
        self.pick(others, i18n.t(f"arcs.pick.{what}", system=sid))

    def start_move(self, sid: str) -> None:
        self.source = sid
        self.say("move_to", source=sid)

    def drop(self, card: str) -> None:
        """A card from the hand dropped on the round's area."""
        if not self.my_turn():
            self.say("not_now", name=self.session.names[self.session.acting])
            return
        self.pick(picking.dropped(self.session.legal(), card),
                  i18n.t("arcs.pick.no_card", card=self.thing_name(card)))

    def pick(self, actions: list[Action], reason: str) -> None:
        """None: the reason; one: apply it (asking first when it is face down); more: the
        short list of just those."""
        if not actions:
            self.status_line = reason
        elif len(actions) == 1:
            self._take(actions[0])
        else:
            self.open_choices(list(actions))

    def _take(self, choice: Choice) -> None:
        if isinstance(choice, Action):
            if choice.kind == picking.FACE_DOWN:
                self.open_confirm(choice)
            else:
                self.apply_picked(choice)
        else:
            self.start_move(choice[1])

    def apply_picked(self, action: Action) -> None:
        self.source = None
        self.status_line = ""
        self.play(action)

    # ------------------------------------------------------------------ the short list

    def choice_label(self, choice: Choice, label: str) -> str:
        if isinstance(choice, Action):
            return label
        return i18n.t("arcs.pick.move_from", source=choice[1])

    def open_choices(self, choices: list[Choice]) -> None:
        self.close_choices()
        s = self.session
        actions = [c for c in choices if isinstance(c, Action)]
        labels = iter(action_labels(s.view(self.viewer), actions, s.names, i18n.language()))
        texts = [self.choice_label(c, next(labels) if isinstance(c, Action) else "")
                 for c in choices]
        self.show_choices(list(zip(choices, texts, strict=True)), (330, 200), 700,
                          i18n.t("arcs.pick.choose"), i18n.t("arcs.pick.cancel"))

    # ------------------------------------------------------------------ face down: ask

    def open_confirm(self, action: Action) -> None:
        self.close_confirm()
        el = pygame_gui.elements
        w, row = self.px(640), self.tpx(50)
        h = self.tpx(150) + row
        area = self.rect(360, 260, 640, 0)
        panel = el.UIPanel(pygame.Rect(area.x, area.y, w, h), starting_height=5,
                           manager=self.ui, object_id="#confirm_panel")
        card = self.thing_name(action.card)
        el.UITextBox(i18n.t("arcs.pick.face_down", card=card),
                     pygame.Rect(self.px(10), self.tpx(8), w - self.px(20), self.tpx(120)),
                     self.ui, container=panel)
        self.confirm_ok = el.UIButton(
            pygame.Rect(w - self.px(320), h - row - self.px(12), self.px(300), row),
            i18n.t("arcs.pick.face_down_ok"), self.ui, container=panel,
            object_id="#primary_button")
        self.confirm_cancel = el.UIButton(
            pygame.Rect(self.px(14), h - row - self.px(12), self.px(220), row),
            i18n.t("arcs.pick.cancel"), self.ui, container=panel)
        self.confirm_action = action
        self.confirm_panel = panel

    def close_confirm(self) -> None:
        if self.confirm_panel is not None:
            self.confirm_panel.kill()
        self.confirm_panel = None
        self.confirm_action = None
        self.confirm_ok = self.confirm_cancel = None

    # ------------------------------------------------------------------ what to light up

    def lit(self) -> set[tuple[str, str]]:
        """The things the legal actions point at (the picked source's destinations)."""
        legal = self.legal_now()
        if not legal:
            return set()
        view = self.session.view(self.viewer)
        assert view.rules is not None
        return picking.highlights(legal, view.rules.map.systems, self.source)

    def tpx(self, value: float) -> int:
        """A length that follows the player's UI scale (text, buttons) as well."""
        return round(value * self.app.text_scale)
