"""Pointer and keys → engine actions: drags and drops, clicks and double-clicks,
the keyboard, the browse overlays.  Every input ends in an action the session
applies, or in the engine's reason it is not allowed."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.star_realms.engine.state import Action
from game.star_realms.ui import autoplay
from game.star_realms.ui.table.host import TableHost
from game.star_realms.ui.table.style import DOUBLE_CLICK_MS
from game.ui import routes
from game.ui.dialogs import answer


class Drag:
    """What the mouse is carrying: a card (from hand, row, play) or the combat pool."""

    def __init__(self, kind: str, iid: int, grab: tuple[int, int], origin: pygame.Rect):
        self.kind = kind  # "hand" | "mate_hand" | "supply" | "play" | "combat" | "discard"
        self.iid = iid
        self.grab = grab  # offset of the cursor inside the dragged rect
        self.origin = origin
        self.pos = (origin.x, origin.y)
        self.moved = False


class InputMixin(TableHost):
    """Pointer and keys → engine actions (applied by the session)."""

    def on_event(self, event: pygame.event.Event) -> None:
        if self.join_event(event):  # the Join screen is up: it takes the input
            return
        if self.confirm is not None:
            # the "End turn anyway?" dialog takes the input: its End turn button or Enter
            # ends the turn, Cancel or Esc keeps playing
            yes = answer(self.confirm, event)
            if yes is not None or not self.confirm.alive():
                self.confirm = None
            if yes:
                self.act(Action("end_turn", self.me))
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
            return
        if self.session.curtain is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.open_pause()  # as its "Menu (Esc)" button says, under the curtain too
            return
        if self.amount_panel is not None and event.type in (
                pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            self.amount_event(event)  # "Attack with how much?" owns the pointer and keys
            return
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN
                                            and event.button == 1):
            self.autoplay_hold = False  # a right-click's override lasts one action
        if event.type == pygame.KEYDOWN:
            self.on_key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                self.on_press(event.pos)
            elif event.button == 3 and autoplay.right_click_play(self, event.pos):
                self.zoom_sticky = None
            elif event.button == 3:
                iid = self.card_under(event.pos)
                self.zoom_sticky = None if iid is None or iid == self.zoom_sticky else iid
        elif event.type == pygame.MOUSEMOTION:
            self.on_motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.on_release(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.layout.zones()["log"].collidepoint(
                pygame.mouse.get_pos()):
            self.log_scroll = max(0, self.log_scroll + event.y)

    def on_button(self, element) -> None:
        if element is not None and element is self.join_button:
            self.toggle_join()
            return
        if element is self.btn_curtain:
            self.session.reveal()
            self.build_after_reveal()
            return
        if self.prompt is not None:
            action = self.prompt.ui_event(pygame.event.Event(
                pygame_gui.UI_BUTTON_PRESSED, {"ui_element": element}))
            if action is not None:
                self.act(action)
                return
        if self.amount_panel is not None:
            if element is self.amount_panel["ok"]:
                self.attack_amount()
            elif element is self.amount_panel["cancel"]:
                self.close_amount()
            elif element in (self.amount_panel["minus"], self.amount_panel["plus"]):
                self.amount_panel["slider"].step(-1 if element is self.amount_panel["minus"]
                                                 else 1)
            return
        if element is self.btn_undo:
            self.undo()
        elif element is self.btn_play_all:
            self.play_all()
        elif element is self.btn_attack_all:
            self.attack_all()
        elif element is self.btn_end:
            self.end_turn()
        elif element is self.btn_menu:
            self.open_pause()

    def build_after_reveal(self) -> None:
        self.sprites.clear()
        self.refresh_view()

    def open_pause(self) -> None:
        self.app.push(routes.make(self.app, "star_realms.pause", self))

    def on_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.zoom_sticky is not None:
                self.zoom_sticky = None
            else:
                self.open_pause()
        elif key == pygame.K_j:
            self.toggle_join()
        elif not self.my_turn():
            return
        elif key == pygame.K_u or (key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            self.undo()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_e):
            self.end_turn()
        elif key == pygame.K_p:
            self.play_all()
        elif key == pygame.K_a:
            self.attack_all()

    def on_press(self, pos: tuple[int, int]) -> None:
        self.zoom_sticky = None
        if self.prompt is not None:
            action = self.prompt.click(pos)
            if action is not None:
                self.act(action)
            return
        if self.amount_panel is not None:
            return
        z = self.layout.zones()
        for rect, action, _ in self.chip_rects:
            if rect.collidepoint(pos) and action is not None:
                self.act(action)
                return
        dealt = self.dealt_at(pos)
        if dealt is not None:  # reveal a mission whose objective is met, or a gambit
            if dealt[1]:
                self.act_id(dealt[1])
            else:
                self.zoom_sticky = dealt[0]
            return
        if self.boss_view is not None and self.my_turn():
            strike = self.boss_view.strike_at(pos)
            if strike is not None:
                self.act(strike)
                return
        iid = self.card_under(pos)
        now = self.app.clock_ms
        zone = self.sprite_zone(iid) if iid is not None else ""
        if iid is not None and zone == "my_discard" and self.transfer_targets():
            rect = self.card_rects[iid]
            self.drag = Drag("discard", iid, (pos[0] - rect.x, pos[1] - rect.y), rect.copy())
            return
        # (mate_hand: a teammate's hand in a team turn, played like one's own)
        drag_kinds = {"hand": "hand", "trade_row": "supply", "explorers": "supply",
                      "my_field": "play", "mate_hand": "mate_hand"}
        if iid is not None and zone in drag_kinds:
            double = self.last_click[0] == iid and now - self.last_click[1] < DOUBLE_CLICK_MS
            self.last_click = (iid, now)
            if double and self.my_turn():
                self.double_click(iid, zone)
                return
            rect = self.card_rects[iid]
            self.drag = Drag(drag_kinds[zone], iid, (pos[0] - rect.x, pos[1] - rect.y),
                             rect.copy())
            return
        if iid is not None and zone == "panel" and self.mate_of(iid) is not None:
            double = self.last_click[0] == iid and now - self.last_click[1] < DOUBLE_CLICK_MS
            self.last_click = (iid, now)
            if double and self.my_turn():  # a teammate's card in play: use its ability
                self.double_click(iid, "my_field")
            return
        if iid is not None and zone in ("opp_field", "panel") and self.my_turn():
            if self.base_model(iid) is not None:  # click = attack that base
                self.act(self.base_attack(iid))
            return
        target = self.seat_area_at(pos)
        if target is not None:
            if self.discard_icon(target).collidepoint(pos):
                self.open_browse(target)
            elif self.seat_model(target).team == self.mine_model().team:
                self.open_hand(target)  # a teammate: look at its hand if you may
            elif self.my_turn() and self.model.pools.spend_combat > 0:
                t = self.target("player", target)
                if t is not None and t.legal:
                    self.open_amount(target)
                elif t is not None:
                    self.toast(self.reason_text(t))
                else:  # not in the model's targets (a seat out of the game): ask why
                    self.act(Action("attack_player", self.me, target=target,
                                    amount=self.model.pools.spend_combat))
            return
        if self.combat_rect().collidepoint(pos) and self.my_turn():
            r = self.combat_rect()
            self.drag = Drag("combat", -1, (pos[0] - r.x, pos[1] - r.y), r.copy())
            return
        for name, owner in (("my_discard", self.me), ("scrap", None)):
            if z[name].collidepoint(pos):
                self.open_browse(owner)
                return
        if not self.layout.multi and self.opponents and self.opp_discard_rect().collidepoint(
                pos):
            self.open_browse(self.opponents[0])

    def double_click(self, iid: int, zone: str) -> None:
        if zone == "hand" and self.app.settings.autoplay_hand:
            self.play_all()  # the autoplay setting: the whole hand, in a safe order
        elif zone == "hand":
            self.act(Action("play", self.me, card=iid))
        elif zone == "mate_hand":  # a teammate's card, played in the team's turn
            mate = self.mate_of(iid)
            self.act(Action("play", self.me if mate is None else mate, card=iid))
        elif zone in ("trade_row", "explorers"):
            self.act(Action("buy", self.me, card=iid))
        elif zone == "my_field":
            uses = [a for a in self.model.actions if a.kind == "use" and a.card == iid]
            if len(uses) == 1:
                self.act_id(uses[0].id)
            elif uses:
                self.toast(i18n.t("table.pick_ability"))

    def on_motion(self, pos: tuple[int, int]) -> None:
        if self.drag is not None:
            self.drag.pos = (pos[0] - self.drag.grab[0], pos[1] - self.drag.grab[1])
            if abs(self.drag.pos[0] - self.drag.origin.x) + abs(
                    self.drag.pos[1] - self.drag.origin.y) > 6:
                self.drag.moved = True
        iid = self.card_under(pos)
        if iid is None:
            self.hover = None
        elif self.hover is None or self.hover[0] != iid:
            self.hover = (iid, self.app.clock_ms)

    def track_hover(self) -> None:
        """Each frame: the card under the pointer may have changed without the mouse
        moving (Play all, a discard, the AI's move): a zoom is only of the card there."""
        if self.hover is None:
            return
        iid = self.card_under(pygame.mouse.get_pos())
        if iid != self.hover[0]:
            self.hover = None if iid is None else (iid, self.app.clock_ms)

    def drop_action(self, drag: Drag, pos: tuple[int, int]) -> Action | None:
        """The action a drop at ``pos`` asks for (legal or not: the engine decides)."""
        z = self.layout.zones()
        me = self.me
        if drag.kind == "hand":
            if z["my_field"].collidepoint(pos) or z["pools"].collidepoint(pos):
                return Action("play", me, card=drag.iid)
        elif drag.kind == "mate_hand":  # a teammate's card, to the field (or its panel)
            mate = self.mate_of(drag.iid)
            seat = me if mate is None else mate
            panel = self.panel_of(seat)
            if (z["my_field"].collidepoint(pos) or z["pools"].collidepoint(pos) or (
                    panel is not None and panel.collidepoint(pos) and not
                    panel.collidepoint(drag.origin.center))):
                return Action("play", seat, card=drag.iid)
        elif drag.kind == "supply":
            if z["my_discard"].collidepoint(pos) or z["my_info"].collidepoint(pos):
                return Action("buy", me, card=drag.iid)
        elif drag.kind == "play":
            if z["scrap"].collidepoint(pos):
                return Action("use", me, card=drag.iid, slot="scrap")
        elif drag.kind == "discard":
            target = self.seat_area_at(pos)
            if target is not None:
                return Action("transfer", me, card=drag.iid, target=target)
        elif drag.kind == "combat":
            if self.boss_view is not None:
                strike = self.boss_view.strike_at(pos)
                if strike is not None:
                    return strike
            for o in self.opponents:
                for b in self.seat_model(o).bases:
                    rect = self.card_rects.get(b.iid)
                    if rect is not None and rect.collidepoint(pos):
                        return self.base_attack(b.iid)
            target = self.seat_area_at(pos)
            if target is not None:
                return Action("attack_player", me, target=target,
                              amount=self.model.pools.spend_combat)
        return None

    def on_release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is None or not drag.moved:
            return
        action = self.drop_action(drag, pos)
        if action is None:
            return  # dropped nowhere in particular: the card glides back
        if drag.kind == "hand" and action.kind == "play" and self.app.settings.autoplay_hand:
            self.play_all()  # the autoplay setting: the whole hand, in a safe order
            return
        if action.kind == "attack_player":
            t = self.target("player", action.target)
            if t is not None and t.legal:
                self.open_amount(action.target)
                return
        self.act(action)

    def act_id(self, ident: str) -> bool:
        """Apply the model's action ``ident`` (False when it is not legal now)."""
        action = self.session.find(ident)
        return action is not None and self.act(action)

    def base_attack(self, iid: int) -> Action:
        """The attack on base ``iid`` a click or drop asks for: the model's biggest legal
        one (where partial damage is allowed, Raid), else the plain one to refuse."""
        t = next((t for t in self.model.targets if t.kind == "base" and t.card == iid), None)
        action = self.session.find(t.action) if t is not None else None
        return action if action is not None else Action("attack_base", self.me, card=iid)

    def transfer_targets(self) -> list[int]:
        """Teammates a discard may be moved to now (Emperor), if it is my turn."""
        if not self.my_turn() or self.asking():
            return []
        return sorted({a.target for a in self.model.actions if a.kind == "transfer"})

    def open_hand(self, seat: int) -> None:
        s = self.seat_model(seat)
        if s.hand_visible and s.hand:  # visible to me (a Raid ally's)
            title = i18n.t("table.hand_of", name=s.name)
            self.app.push(routes.make(self.app, "star_realms.browse", self, title,
                                      [c.iid for c in s.hand]))

    def open_browse(self, owner: int | None) -> None:
        m = self.model
        cards = [c.iid for c in (m.supply.scrap if owner is None else m.seats[owner].discard)]
        title = (i18n.t("table.scrap_heap") if owner is None
                 else i18n.t("table.discard_of", name=m.seats[owner].name))
        actions = None
        if owner == self.me and self.transfer_targets():
            def actions(iid: int) -> list[tuple[str, Action]]:
                return [(i18n.t("table.transfer_to", name=self.seat_model(t).name),
                         Action("transfer", self.me, card=iid, target=t))
                        for t in self.transfer_targets()]
        self.app.push(routes.make(self.app, "star_realms.browse", self, title, cards, actions))
