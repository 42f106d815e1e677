"""Pointer and keys at Forbidden Stars' table → one legal action.

Every candidate comes from the model's legal actions (game.forbidden_stars.ui.model),
filtered by what was clicked and where the model says the action is chosen: an order
token in the hand, then a system (``place``); an order stack (reveal, resolve, pass); an
area (buy, build, strike, retreat); a unit, then the area it moves to (``move``), or a
unit alone (destroy over capacity).  None left: the reason is shown; one: it is taken;
several: a short list of just those (keys 1–9).  The full list stays on the right, so
no decision is ever out of reach.  Right click or Esc drops a pick.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import i18n
from game.forbidden_stars.engine.state import Action
from game.forbidden_stars.ui.hits import Hit, HitMap
from game.ui.choice_panel import TableChoices

if TYPE_CHECKING:
    from game.forbidden_stars.ui.session import FsSession
    from game.ui.app import App

DIGITS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_5: 4,
          pygame.K_6: 5, pygame.K_7: 6, pygame.K_8: 7, pygame.K_9: 8, pygame.K_0: 9,
          pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3,
          pygame.K_KP5: 4, pygame.K_KP6: 5, pygame.K_KP7: 6, pygame.K_KP8: 7,
          pygame.K_KP9: 8, pygame.K_KP0: 9}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
ENTER_KINDS = ("done", "ground", "resolve")  # what Enter takes when the list has it

Entry = dict[str, Any]  # one of model["actions"]


def lit_of(entries: list[Entry], order: str | None, unit: tuple[str, str] | None
           ) -> set[tuple[str, str]]:
    """What the legal actions point at on the table (with a pick: its targets)."""
    out: set[tuple[str, str]] = set()
    for e in entries:
        w = e["where"]
        at = w["at"]
        if order is not None:
            if at == "place" and w["order"] == order:
                out.add(("system", w["system"]))
            continue
        if unit is not None:
            if at == "unit" and (w["area"], w["unit"]) == unit and "to" in w:
                out.add(("area", w["to"]))
            continue
        if at == "place":
            out.add(("order", w["order"]))
        elif at == "stack":
            out.add(("stack", w["system"]))
        elif at == "area":
            out.add(("area", w["area"]))
        elif at == "unit":
            out.add(("unit", f"{w['area']}|{w['unit']}"))
    return out


class TableInput(TableChoices):
    """Mixed into the table scene (which gives ``session``, ``model()``, ``play``)."""

    hits: HitMap | None
    status_line: str
    # the table scene's (annotations only: a body here would shadow them)
    app: App
    session: FsSession
    curtain: int | None
    model: Callable[[], dict[str, Any]]
    my_turn: Callable[[], bool]
    play: Callable[[Action], None]

    def reset_input(self) -> None:
        self.picked_order: str | None = None
        self.picked_unit: tuple[str, str] | None = None  # (area, unit)
        self.choices: list[Entry] = []
        self.choice_buttons: dict[pygame_gui.elements.UIButton, Entry] = {}
        self.choice_panel: pygame_gui.elements.UIPanel | None = None
        self.choice_cancel: pygame_gui.elements.UIButton | None = None

    # ------------------------------------------------------------------ state

    def entries(self) -> list[Entry]:
        """The model's legal actions, when the seat shown may act."""
        return list(self.model()["actions"]) if self.my_turn() else []

    def say(self, key: str, **kw: Any) -> None:
        self.status_line = i18n.t(f"fs_table.pick.{key}", **kw)

    def picked(self) -> set[tuple[str, str]]:
        out: set[tuple[str, str]] = set()
        if self.picked_order is not None:
            out.add(("order", self.picked_order))
        if self.picked_unit is not None:
            out.add(("unit", "|".join(self.picked_unit)))
        return out

    def lit(self) -> set[tuple[str, str]]:
        return lit_of(self.entries(), self.picked_order, self.picked_unit)

    def modal(self) -> bool:
        return self.choice_panel is not None

    # ------------------------------------------------------------------ events

    def handle_input(self, event: pygame.event.Event) -> bool:
        """True when the event was used here."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._on_button(event.ui_element)
        if event.type == pygame.KEYDOWN:
            return self._on_key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._on_press(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self.cancel()
        return False

    def _on_button(self, element: object) -> bool:
        if element is not None and element is self.choice_cancel:
            self.close_choices()
            self.say("cancelled")
            return True
        if element in self.choice_buttons:
            entry = self.choice_buttons[element]
            self.close_choices()
            self.take(entry)
            return True
        return False

    def _on_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            return self.cancel()
        if key in DIGITS and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            i = DIGITS[key]
            pool = self.choices if self.choice_panel is not None else self.entries()
            if i < len(pool):
                entry = pool[i]
                self.close_choices()
                self.take(entry)
            return True
        if key in ENTER:
            if self.choice_panel is not None:
                entry = self.choices[0]
                self.close_choices()
                self.take(entry)
                return True
            entries = self.entries()
            simple = [e for e in entries if e["action"]["kind"] in ENTER_KINDS]
            if len(entries) == 1 or simple:
                self.take((simple or entries)[0])
                return True
        return False

    def cancel(self) -> bool:
        """Esc or a right click: close the short list, drop a pick."""
        if self.choice_panel is not None:
            self.close_choices()
        elif self.picked_order is not None or self.picked_unit is not None:
            self.picked_order = None
            self.picked_unit = None
        else:
            return False
        self.say("cancelled")
        return True

    def _on_press(self, pos: tuple[int, int]) -> bool:
        if self.modal():
            panel = self.choice_panel
            if panel is not None and not panel.rect.collidepoint(pos):
                self.cancel()  # a click beside the short list closes it
            return True
        hit = self.hits.at(pos) if self.hits is not None else None
        if hit is None:
            return False
        self.click(hit)
        return True

    # ------------------------------------------------------------------ resolving

    def click(self, hit: Hit) -> None:
        """A click on something drawn: the legal actions it may mean."""
        s = self.session
        if not self.my_turn():
            if not s.over and self.curtain is None:
                self.say("not_now", name=s.names[s.acting])
            return
        entries = self.entries()
        m = self.model()
        if hit.kind == "order":
            self.picked_unit = None
            here = [e for e in entries if e["where"]["at"] == "place"
                    and e["where"]["order"] == hit.ident]
            name = m["order_names"].get(hit.ident, hit.ident)
            if here:
                self.picked_order = hit.ident
                self.say("order_picked", order=name)
            else:
                self.say("no_order", order=name)
            return
        system = hit.ident.partition(".")[0] if hit.kind in ("area", "unit") else hit.ident
        if self.picked_order is not None:
            order, self.picked_order = self.picked_order, None
            self.pick([e for e in entries if e["where"]["at"] == "place"
                       and e["where"]["order"] == order and e["where"]["system"] == system],
                      i18n.t("fs_table.pick.no_place", system=self.system_name(system)))
            return
        if hit.kind == "unit":
            self._click_unit(hit, entries)
            return
        if self.picked_unit is not None:
            if hit.kind == "area":
                unit, self.picked_unit = self.picked_unit, None
                self.pick([e for e in entries if e["where"]["at"] == "unit"
                           and (e["where"]["area"], e["where"]["unit"]) == unit
                           and e["where"].get("to") == hit.ident],
                          i18n.t("fs_table.pick.no_move", area=self.area_name(hit.ident)))
                return
            self.picked_unit = None
        if hit.kind == "stack":
            self.pick(self._at_stack(entries, hit.ident), i18n.t("fs_table.pick.no_stack"))
        elif hit.kind == "area":
            found = [e for e in entries if e["where"].get("area") == hit.ident
                     and e["where"]["at"] == "area"]
            found += [e for e in entries if e["where"].get("to") == hit.ident]
            found = found or self._at_system(entries, system)
            self.pick(found, i18n.t("fs_table.pick.no_area", area=self.area_name(hit.ident)))
        else:
            self.pick(self._at_system(entries, system),
                      i18n.t("fs_table.pick.no_system", system=self.system_name(system)))

    def _click_unit(self, hit: Hit, entries: list[Entry]) -> None:
        unit = (hit.ident, hit.unit)
        if self.picked_unit == unit:
            self.picked_unit = None
            self.say("cancelled")
            return
        mine = [e for e in entries if e["where"]["at"] == "unit"
                and (e["where"]["area"], e["where"]["unit"]) == unit]
        if self.picked_unit is not None:  # a unit of the destination area: move there
            source, self.picked_unit = self.picked_unit, None
            to = [e for e in entries if e["where"]["at"] == "unit"
                  and (e["where"]["area"], e["where"]["unit"]) == source
                  and e["where"].get("to") == hit.ident]
            if to:
                self.pick(to, "")
                return
        moves = [e for e in mine if "to" in e["where"]]
        if moves and len(moves) == len(mine):
            self.picked_unit = unit
            self.say("unit_picked")
            return
        if mine:
            self.pick(mine, "")
            return
        area = [e for e in entries if e["where"].get("area") == hit.ident
                and e["where"]["at"] == "area"]
        self.pick(area, i18n.t("fs_table.pick.no_unit"))

    @staticmethod
    def _at_stack(entries: list[Entry], system: str) -> list[Entry]:
        return [e for e in entries if e["where"]["at"] == "stack"
                and e["where"]["system"] == system]

    def _at_system(self, entries: list[Entry], system: str) -> list[Entry]:
        """A click on a system: its stack's actions, else its placements, else the
        actions in its areas."""
        found = self._at_stack(entries, system)
        if not found:
            found = [e for e in entries if e["where"]["at"] == "place"
                     and e["where"]["system"] == system]
        if not found:
            areas = {a["id"] for s in self.model()["systems"] if s["id"] == system
                     for a in s["areas"]}
            found = [e for e in entries if e["where"].get("area") in areas
                     or e["where"].get("to") in areas]
        return found

    def system_name(self, system: str) -> str:
        for s in self.model()["systems"]:
            if s["id"] == system:
                return str(s["name"])
        return system

    def area_name(self, area: str) -> str:
        system, _, index = area.partition(".")
        return f"{self.system_name(system)} {int(index or 0) + 1}"

    def pick(self, found: list[Entry], reason: str) -> None:
        """None: the reason; one: take it; more: the short list of just those."""
        if not found:
            if reason:
                self.status_line = reason
        elif len(found) == 1:
            self.take(found[0])
        else:
            self.open_choices(found)

    def take(self, entry: Entry) -> None:
        self.picked_order = None
        self.picked_unit = None
        self.status_line = ""
        self.play(Action.from_json(entry["action"]))

    # ------------------------------------------------------------------ the short list

    def open_choices(self, found: list[Entry]) -> None:
        self.show_choices([(entry, entry["label"]) for entry in found], (160, 180), 760,
                          i18n.t("fs_table.pick.choose"), i18n.t("fs_table.pick.cancel"))

    def tpx(self, value: float) -> int:
        """A length that follows the player's UI scale (text, buttons) as well."""
        return round(value * self.app.text_scale)
