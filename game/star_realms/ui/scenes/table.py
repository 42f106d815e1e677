"""The table: where a game is played.

Draws the viewer's player view (never the full state), lets the human drag cards
and combat, click abilities and answer questions, and steps computer players at a
readable pace.  Every input ends in an engine action; when no legal action matches,
the engine's reason is shown and nothing changes.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.star_realms.art import icons
from game.star_realms.engine.events import (
    Acquire,
    Attack,
    Destroy,
    Event,
    GameOver,
    Move,
    TurnStart,
    Zone,
)
from game.star_realms.engine.explain import why_not
from game.star_realms.engine.state import EMPTY, HIDDEN, Action, State
from game.star_realms.engine.targets import attackable_players, base_targets
from game.star_realms.ui import card_images
from game.star_realms.ui.boss_view import BossView
from game.star_realms.ui.card_images import CardImages
from game.star_realms.ui.layout import TableLayout
from game.star_realms.ui.prompt import Prompt, make_prompt
from game.star_realms.ui.session import Session
from game.star_realms.ui.sprites import CardSprite
from game.ui import fonts
from game.ui.scene import Scene

BG = (9, 13, 26)
ZONE = (22, 32, 56)
ZONE_EDGE = (52, 72, 112)
TEXT = (226, 232, 246)
DIM = (140, 152, 178)
GOLD = (255, 214, 102)
RED = (255, 104, 96)
GREEN = (122, 224, 140)
HILITE = (120, 200, 255)
TEAM_COLORS = ((90, 170, 255), (255, 150, 60), (160, 110, 255), (120, 220, 160))
SIMPLE_OPS = {"trade", "combat", "authority", "draw"}
DOUBLE_CLICK_MS = 350
HOVER_ZOOM_MS = 650
TOAST_MS = 2600


def _simple(effects) -> bool:
    return bool(effects) and all(op in SIMPLE_OPS for op, _ in effects)


class Drag:
    """What the mouse is carrying: a card (from hand, row, play) or the combat pool."""

    def __init__(self, kind: str, iid: int, grab: tuple[int, int], origin: pygame.Rect):
        self.kind = kind  # "hand" | "supply" | "play" | "combat"
        self.iid = iid
        self.grab = grab  # offset of the cursor inside the dragged rect
        self.origin = origin
        self.pos = (origin.x, origin.y)
        self.moved = False


class TableScene(Scene):
    def __init__(self, app, session: Session):
        self.session = session
        self.images: CardImages = card_images.for_app(app)
        self.layout = self.make_layout(app, session)
        self.sprites: dict[tuple, CardSprite] = {}
        self.ghosts: list[CardSprite] = []
        self.drag: Drag | None = None
        self.prompt: Prompt | None = None
        self.prompt_for = -1
        self.amount_panel: dict | None = None
        self.confirm: pygame_gui.windows.UIConfirmationDialog | None = None
        self.toasts: list[tuple[str, float]] = []
        self.hover: tuple[int, float] | None = None  # (card, since ms)
        self.zoom_sticky: int | None = None
        self.last_click: tuple[int, float] = (-1, -1e9)
        self.log_scroll = 0  # lines scrolled up from the bottom
        self.last_events_seen = -1
        self.game_over_shown = False
        self.chip_rects: list[tuple[pygame.Rect, Action | None, str]] = []
        self.card_rects: dict[int, pygame.Rect] = {}
        self.view: State = session.view()
        self._turned: dict[tuple, pygame.Surface] = {}
        self.boss_view = BossView(self) if session.state.boss is not None else None
        self.speed_boost = 1.0  # the boss-turn scene's Fast-forward and Skip
        super().__init__(app)

    # ------------------------------------------------------------------ building

    @staticmethod
    def make_layout(app, session: Session) -> TableLayout:
        n = len(session.state.seats)
        boss = session.state.boss is not None
        return TableLayout(*app.size, others=n - 1, seats=n, first_weight=2 if boss else 1)

    def build(self) -> None:
        self.layout = self.make_layout(self.app, self.session)
        z = self.layout.zones()
        b = z["buttons"]
        pad = self.layout.px(8)
        h = (b.h - 4 * pad) // 5
        ui = self.ui
        mk = pygame_gui.elements.UIButton

        def at(i: int) -> pygame.Rect:
            return pygame.Rect(b.x, b.y + i * (h + pad), b.w, h)

        self.btn_undo = mk(at(0), i18n.t("table.undo") + "  (U)", ui)
        self.btn_play_all = mk(at(1), i18n.t("table.play_all") + "  (P)", ui)
        self.btn_attack_all = mk(at(2), i18n.t("table.attack_all") + "  (A)", ui)
        self.btn_end = mk(at(3), i18n.t("table.end_turn") + "  (E)", ui,
                          object_id="#primary_button")
        self.btn_menu = mk(at(4), i18n.t("table.menu") + "  (Esc)", ui)
        self.btn_curtain: pygame_gui.elements.UIButton | None = None
        self.prompt = None
        self.prompt_for = -1
        self.amount_panel = None
        self.confirm = None
        for sprite in self.sprites.values():
            sprite.target = None
        self.sprites.clear()
        self.refresh_view()

    # ------------------------------------------------------------------ state sync

    def refresh_view(self) -> None:
        self.view = self.session.view()

    @property
    def me(self) -> int:
        return self.session.viewer

    @property
    def opponents(self) -> list[int]:
        """Every other seat, clockwise from the bottom seat's left (teammates too)."""
        n = len(self.view.seats)
        others = [(self.me + k) % n for k in range(1, n)]
        boss = self.view.boss
        if boss is not None and boss.seat in others:  # an adventure's boss comes first
            others.remove(boss.seat)
            others.insert(0, boss.seat)
        return others

    def panel_of(self, seat: int) -> pygame.Rect | None:
        """A seat's compact panel (3–6 seats), or None in a duel."""
        others = self.opponents
        if not self.layout.multi or seat not in others:
            return None
        return self.layout.panels[others.index(seat)]

    def my_turn(self) -> bool:
        s = self.session
        return s.human_to_act and s.acting == self.me and s.curtain is None

    def busy(self) -> bool:
        now = self.app.clock_ms
        return bool(self.ghosts) or any(sp.moving(now) for sp in self.sprites.values())

    def act(self, action: Action) -> bool:
        """Apply an action if legal; otherwise say why.  Returns True when applied."""
        reason = why_not(self.session.state, action)
        if reason is not None:
            code, params = reason
            self.toast(i18n.t(f"why.{code}", **params))
            self.app.sound.play("click")
            return False
        self.prev_action = action
        events = self.session.apply(action)
        self.after_events(events)
        return True

    def after_events(self, events: list[Event]) -> None:
        self.refresh_view()
        self.spawn_ghosts(events)
        seen = {type(e) for e in events}
        if TurnStart in seen:
            self.save_turn()
        if GameOver in seen:
            self.app.sound.play("victory")
        elif Destroy in seen:
            self.app.sound.play("destroy")
        elif Attack in seen:
            self.app.sound.play("attack")
        elif Acquire in seen:
            self.app.sound.play("buy")
        elif any(isinstance(e, Move) and e.dst.name in ("in_play", "bases") for e in events):
            self.app.sound.play("play")

    def undo(self) -> None:
        if not self.session.can_undo():
            return
        self.session.undo()
        self.prev_action = None
        self.refresh_view()

    def enter(self) -> None:
        super().enter()
        self.save_turn()

    def save_turn(self) -> None:
        """Autosave at the start of every turn (and when the table opens)."""
        if not self.session.state.is_over:
            why = self.session.autosave()
            if why:
                self.toast(i18n.t("table.save_failed", why=why))

    def toast(self, text: str) -> None:
        self.toasts.append((text, self.app.clock_ms + TOAST_MS))
        self.toasts = self.toasts[-3:]

    # ------------------------------------------------------------------ placement

    def zone_rect(self, zone: Zone) -> pygame.Rect:
        """Where a (possibly hidden) engine zone is drawn, for cards moving in or out."""
        z = self.layout.zones()
        name = zone.name
        seat = zone.seat if zone.seat is not None else -1
        if name == "boss" and self.boss_view is not None:  # a boss pile
            return self.boss_view.areas()[1]
        mine = seat == self.me
        if name in ("trade_deck", "explorers", "scrap"):
            return z[name]
        if name == "trade_row":
            return z["trade_row"]
        panel = self.panel_of(seat)
        if panel is not None:
            return panel
        if name == "deck":
            return z["my_deck"] if mine else z["opp_info"]
        if name == "discard":
            return z["my_discard"] if mine else self.opp_discard_rect()
        if name == "hand":
            return z["hand"] if mine else z["opp_info"]
        return z["my_field"] if mine else z["opp_field"]

    def seat_area_at(self, pos: tuple[int, int]) -> int | None:
        """The other seat whose panel (or, in a duel, info box) is at ``pos``."""
        if self.layout.multi:
            for seat in self.opponents:
                if self.panel_of(seat).collidepoint(pos):
                    return seat
            return None
        if self.opponents and self.layout.zones()["opp_info"].collidepoint(pos):
            return self.opponents[0]
        return None

    def discard_icon(self, seat: int) -> pygame.Rect:
        """Where to click to browse another seat's discard pile."""
        panel = self.panel_of(seat)
        if panel is None:
            return self.opp_discard_rect()
        lay = self.layout
        w = lay.px(30)
        return pygame.Rect(panel.right - w - lay.px(8), panel.y + lay.px(8), w, round(w * 1.4))

    def opp_discard_rect(self) -> pygame.Rect:
        info = self.layout.zones()["opp_info"]
        w = self.layout.px(62)
        return pygame.Rect(info.right - w - self.layout.px(10), info.bottom - round(w * 1.397)
                           - self.layout.px(10), w, round(w * 1.397))

    def placements(self) -> list[tuple[tuple, int, pygame.Rect, str, float]]:
        """(sprite key, card, rect, zone, tilt) for every face-up card on the table."""
        v = self.view
        lay = self.layout
        z = lay.zones()
        cw, ch = lay.card_w, lay.card_h
        out: list[tuple[tuple, int, pygame.Rect, str, float]] = []
        # trade row, by slot
        step = lay.px(138)
        for i, iid in enumerate(v.trade_row):
            if iid != EMPTY:
                r = pygame.Rect(z["trade_row"].x + i * step, z["trade_row"].y, cw, ch)
                out.append((("card", iid), iid, r, "trade_row", 0.0))
        if v.explorers:
            out.append((("card", v.explorers[-1]), v.explorers[-1], z["explorers"].copy(),
                        "explorers", 0.0))
        if v.scrap:
            out.append((("card", v.scrap[-1]), v.scrap[-1], z["scrap"].copy(), "scrap", 0.0))
        me = v.seats[self.me]
        field = me.bases + me.in_play
        mine = lay.field_cards(z["my_field"], label=True)
        for iid, r in zip(field, lay.row(mine, len(field), cw, ch), strict=True):
            out.append((("card", iid), iid, r, "my_field", 0.0))
        if me.discard:
            out.append((("card", me.discard[-1]), me.discard[-1], z["my_discard"].copy(),
                        "my_discard", 0.0))
        for iid, (r, tilt) in zip(me.hand, lay.fan(z["hand"], len(me.hand)), strict=True):
            out.append((("card", iid), iid, r, "hand", tilt))
        if self.boss_view is not None:
            boss = v.boss.seat
            cards = v.seats[boss].bases + v.seats[boss].in_play
            for iid, r in zip(cards, self.boss_view.card_rects(len(cards)), strict=True):
                out.append((("card", iid), iid, r, "panel" if lay.multi else "opp_field", 0.0))
        if lay.multi:
            for o in self.opponents:
                if v.boss is not None and o == v.boss.seat:
                    continue
                panel = self.panel_of(o)
                cards = v.seats[o].bases + v.seats[o].in_play
                for iid, r in zip(cards, lay.panel_cards(panel, len(cards)), strict=True):
                    out.append((("card", iid), iid, r, "panel", 0.0))
            return out
        if self.boss_view is not None:
            return out
        for o in self.opponents[:1]:
            opp = v.seats[o]
            field = opp.bases + opp.in_play
            theirs = lay.field_cards(z["opp_field"], label=False)
            for iid, r in zip(field, lay.row(theirs, len(field), cw, ch), strict=True):
                out.append((("card", iid), iid, r, "opp_field", 0.0))
            if opp.discard:
                out.append((("card", opp.discard[-1]), opp.discard[-1], self.opp_discard_rect(),
                            "opp_discard", 0.0))
        return out

    def sync_sprites(self) -> None:
        now = self.app.clock_ms
        speed = self.speed
        wanted = self.placements()
        keys = set()
        for key, iid, rect, zone, tilt in wanted:
            keys.add(key)
            sprite = self.sprites.get(key)
            if sprite is None:
                origin = self.origin_of(iid, rect)
                sprite = CardSprite(key, iid, origin.copy(), zone=zone, tilt=tilt)
                self.sprites[key] = sprite
            sprite.zone, sprite.tilt = zone, tilt
            if self.drag is not None and self.drag.iid == iid and self.drag.kind != "combat":
                continue
            sprite.move_to(rect, now, speed)
        for key in list(self.sprites):
            if key not in keys:
                del self.sprites[key]
        self.ghosts = [g for g in self.ghosts if g.moving(now)]
        self.card_rects = {s.iid: s.current(now) for s in self.sprites.values()}

    def origin_of(self, iid: int, rect: pygame.Rect) -> pygame.Rect:
        """Where a card that just became visible comes from (its last move's source)."""
        for ev in reversed(self.session.last_events):
            if isinstance(ev, Move) and ev.card == iid:
                src = self.zone_rect(ev.src)
                return pygame.Rect(src.centerx - rect.w // 2, src.centery - rect.h // 2,
                                   rect.w, rect.h)
        return rect

    def spawn_ghosts(self, events: list[Event]) -> None:
        """Cards moving into a pile glide there even though only the top card stays."""
        now = self.app.clock_ms
        speed = self.speed
        if speed <= 0:
            return
        for ev in events:
            if not isinstance(ev, Move):
                continue
            iid, dst = ev.card, ev.dst
            sprite = self.sprites.get(("card", iid))
            start = sprite.current(now) if sprite is not None else None
            if start is None:
                continue
            target = self.zone_rect(dst)
            end = pygame.Rect(target.centerx - start.w // 2, target.centery - start.h // 2,
                              start.w, start.h)
            ghost = CardSprite(("ghost", iid, len(self.ghosts)), iid, start.copy(),
                               face_up=dst.name not in ("deck", "hand") or
                               dst == Zone("hand", self.me))
            ghost.move_to(end, now, speed)
            ghost.ghost = True
            self.ghosts.append(ghost)

    # ------------------------------------------------------------------ per frame

    def boss_acting(self) -> bool:
        state = self.session.state
        return (state.boss is not None and not state.is_over
                and self.session.acting == state.boss.seat)

    @property
    def speed(self) -> float:
        base = self.app.settings.animation_speed
        return base * self.speed_boost if base > 0 else 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        s = self.session
        if self.boss_acting() and self.app.top is self:
            from game.star_realms.ui.scenes.boss_turn import BossTurnScene

            self.app.push(BossTurnScene(self.app, self))
            return
        speed = self.speed
        action = s.ai_ready(dt, speed, self.busy())
        if action is not None:
            self.act(action)
        elif self.my_turn() and not self.busy() and self.drag is None:
            self.auto_apply()
        self.sync_prompt()
        self.sync_buttons()
        self.sync_sprites()
        now = self.app.clock_ms
        self.toasts = [(t, until) for t, until in self.toasts if until > now]
        if s.state.is_over and not self.busy() and not self.game_over_shown:
            self.game_over_shown = True
            # The final position supersedes this game's turn autosaves: the menu must not
            # offer to "continue" a game that has ended.
            self.session.autosave()
            from game.star_realms.ui.scenes.game_over import GameOverScene

            if self.app.top is not self:  # (the boss-turn overlay)
                self.app.pop()
            self.app.push(GameOverScene(self.app, self.session))

    def auto_apply(self) -> None:
        """The auto-apply setting: use abilities whose only effects are plain gains."""
        if not self.app.settings.auto_apply or self.session.state.pending is not None:
            return
        state = self.session.state
        for a in self.session.legal():
            if a.kind == "use" and a.slot != "scrap" and _simple(
                    state.card(a.card).ability(a.slot)):
                self.act(a)
                return

    def sync_prompt(self) -> None:
        state = self.session.state
        want = self.my_turn() and state.pending is not None and state.pending.seat == self.me
        if not want:
            if self.prompt is not None:
                self.prompt.kill()
                self.prompt = None
                self.prompt_for = -1
            return
        if self.prompt is None or self.prompt_for != state.log_len:
            if self.prompt is not None:
                self.prompt.kill()
            prev = getattr(self, "prev_action", None)
            continuing = (prev is not None and prev.kind == "pick"
                          and state.pending.kind == "card")
            self.prompt = make_prompt(self, state, self.session.legal(), continuing)
            self.prompt_for = state.log_len

    def sync_buttons(self) -> None:
        mine = self.my_turn() and self.session.state.pending is None
        me = self.session.state.seats[self.me]
        for btn, on in ((self.btn_undo, self.session.can_undo() and not self.busy()),
                        (self.btn_play_all, mine and bool(me.hand)),
                        (self.btn_attack_all, mine and self.attack_all_action() is not None),
                        (self.btn_end, mine)):
            if on and not btn.is_enabled:
                btn.enable()
            elif not on and btn.is_enabled:
                btn.disable()
        curtain = self.session.curtain
        if curtain is not None and self.btn_curtain is None:
            r = self.layout.r(760, 560, 400, 90)
            self.btn_curtain = pygame_gui.elements.UIButton(
                r, i18n.t("table.curtain_button", name=self.session.name(curtain)), self.ui,
                object_id="#primary_button", starting_height=10)
        elif curtain is None and self.btn_curtain is not None:
            self.btn_curtain.kill()
            self.btn_curtain = None

    # ------------------------------------------------------------------ commands

    def attack_all_action(self) -> Action | None:
        """All combat at the only legal target, if there is exactly one."""
        state = self.session.state
        me = state.seats[self.me]
        if me.combat <= 0 or state.pending is not None:
            return None
        players = attackable_players(state, self.me)
        bases = [b for b in base_targets(state, self.me)
                 if state.cards[b].defense - state.damage.get(b, 0) <= me.combat]
        if len(players) + len(bases) != 1:
            return None
        if players:
            return Action("attack_player", self.me, target=players[0], amount=me.combat)
        return Action("attack_base", self.me, card=bases[0])

    def play_all(self) -> None:
        state = self.session.state
        for iid in list(state.seats[self.me].hand):
            if state.pending is not None or not self.act(Action("play", self.me, card=iid)):
                break

    def attack_all(self) -> None:
        a = self.attack_all_action()
        if a is None:
            self.toast(i18n.t("table.attack_choose"))
        else:
            self.act(a)

    def end_turn(self) -> None:
        if not self.my_turn() or self.session.state.pending is not None:
            return
        state = self.session.state
        me = state.seats[self.me]
        waste = []
        if me.trade:
            waste.append(i18n.t("table.waste_trade", n=me.trade))
        if me.combat:
            waste.append(i18n.t("table.waste_combat", n=me.combat))
        if me.hand:
            waste.append(i18n.t("table.waste_hand", n=len(me.hand)))
        unused = [a for a in self.session.legal() if a.kind == "use" and a.slot != "scrap"]
        if unused:
            waste.append(i18n.t("table.waste_abilities", n=len(unused)))
        if not waste:
            self.act(Action("end_turn", self.me))
            return
        text = i18n.t("table.confirm_end", what="<br>".join(waste))
        self.confirm = pygame_gui.windows.UIConfirmationDialog(
            self.layout.r(660, 380, 600, 320), text, self.ui,
            window_title=i18n.t("table.end_turn"), action_short_name=i18n.t("table.end_turn"),
            blocking=True)

    def open_amount(self, target: int) -> None:
        me = self.session.state.seats[self.me]
        if me.combat <= 1:
            self.act(Action("attack_player", self.me, target=target, amount=me.combat))
            return
        r = self.layout.r(660, 400, 600, 250)
        panel = pygame_gui.elements.UIPanel(r, manager=self.ui, starting_height=8)
        pad = self.layout.px(16)
        slider = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(r.x + pad, r.y + self.layout.px(90), r.w - 2 * pad, self.layout.px(40)),
            me.combat, (1, me.combat), self.ui)
        ok = pygame_gui.elements.UIButton(
            pygame.Rect(r.x + pad, r.bottom - pad - self.layout.px(56), r.w // 2 - 2 * pad,
                        self.layout.px(56)),
            i18n.t("table.attack"), self.ui, object_id="#danger_button", starting_height=9)
        cancel = pygame_gui.elements.UIButton(
            pygame.Rect(r.centerx + pad, r.bottom - pad - self.layout.px(56),
                        r.w // 2 - 2 * pad, self.layout.px(56)),
            i18n.t("table.cancel"), self.ui, starting_height=9)
        for el in (slider, ok, cancel):
            el.change_layer(9)
        self.amount_panel = {"panel": panel, "slider": slider, "ok": ok, "cancel": cancel,
                             "target": target, "rect": r}

    def close_amount(self) -> None:
        if self.amount_panel is not None:
            for key in ("panel", "slider", "ok", "cancel"):
                self.amount_panel[key].kill()
            self.amount_panel = None

    # ------------------------------------------------------------------ input

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
            return
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
            if event.ui_element is self.confirm:
                self.confirm = None
                self.act(Action("end_turn", self.me))
            return
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.confirm:
            self.confirm = None
            return
        if self.session.curtain is not None or self.confirm is not None:
            return
        if event.type == pygame.KEYDOWN:
            self.on_key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                self.on_press(event.pos)
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
                amount = int(self.amount_panel["slider"].get_current_value())
                target = self.amount_panel["target"]
                self.close_amount()
                self.act(Action("attack_player", self.me, target=target, amount=amount))
            elif element is self.amount_panel["cancel"]:
                self.close_amount()
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
        from game.star_realms.ui.scenes.overlays import PauseScene

        self.app.push(PauseScene(self.app, self))

    def on_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.amount_panel is not None:
                self.close_amount()
            elif self.zoom_sticky is not None:
                self.zoom_sticky = None
            else:
                self.open_pause()
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

    def card_under(self, pos: tuple[int, int]) -> int | None:
        if self.prompt is not None:
            hit = self.prompt.card_at(pos)
            if hit is not None:
                return hit if hit != HIDDEN else None
        hit = None
        for iid, rect in self.card_rects.items():
            if rect.collidepoint(pos):
                hit = iid  # later sprites are drawn on top; keep the last hit
        if hit is None and self.boss_view is not None:
            hit = self.boss_view.card_at(pos)
        return hit

    def sprite_zone(self, iid: int) -> str:
        sprite = self.sprites.get(("card", iid))
        return sprite.zone if sprite else ""

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
        if iid is not None and zone in ("hand", "trade_row", "explorers", "my_field"):
            double = self.last_click[0] == iid and now - self.last_click[1] < DOUBLE_CLICK_MS
            self.last_click = (iid, now)
            if double and self.my_turn():
                self.double_click(iid, zone)
                return
            rect = self.card_rects[iid]
            kind = {"hand": "hand", "trade_row": "supply", "explorers": "supply",
                    "my_field": "play"}[zone]
            self.drag = Drag(kind, iid, (pos[0] - rect.x, pos[1] - rect.y), rect.copy())
            return
        if iid is not None and zone in ("opp_field", "panel") and self.my_turn():
            if self.session.state.cards[iid].is_base:  # click = attack that base
                self.act(Action("attack_base", self.me, card=iid))
            return
        target = self.seat_area_at(pos)
        if target is not None:
            if self.discard_icon(target).collidepoint(pos):
                self.open_browse(target)
            elif self.view.seats[target].team == self.view.seats[self.me].team:
                self.open_hand(target)  # a teammate: look at its hand if you may
            elif self.my_turn() and self.session.state.seats[self.me].combat > 0:
                action = Action("attack_player", self.me, target=target,
                                amount=self.session.state.seats[self.me].combat)
                reason = why_not(self.session.state, action)
                if reason is None:
                    self.open_amount(target)
                else:
                    self.toast(i18n.t(f"why.{reason[0]}", **reason[1]))
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
        if zone == "hand":
            self.act(Action("play", self.me, card=iid))
        elif zone in ("trade_row", "explorers"):
            self.act(Action("buy", self.me, card=iid))
        elif zone == "my_field":
            uses = [a for a in self.session.legal() if a.kind == "use" and a.card == iid]
            if len(uses) == 1:
                self.act(uses[0])
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

    def drop_action(self, drag: Drag, pos: tuple[int, int]) -> Action | None:
        """The action a drop at ``pos`` asks for (legal or not: the engine decides)."""
        z = self.layout.zones()
        me = self.me
        if drag.kind == "hand":
            if z["my_field"].collidepoint(pos) or z["pools"].collidepoint(pos):
                return Action("play", me, card=drag.iid)
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
            state = self.session.state
            if self.boss_view is not None:
                strike = self.boss_view.strike_at(pos)
                if strike is not None:
                    return strike
            for o in self.opponents:
                for b in state.seats[o].bases:
                    rect = self.card_rects.get(b)
                    if rect is not None and rect.collidepoint(pos):
                        return Action("attack_base", me, card=b)
            target = self.seat_area_at(pos)
            if target is not None:
                return Action("attack_player", me, target=target, amount=state.seats[me].combat)
        return None

    def on_release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is None or not drag.moved:
            return
        action = self.drop_action(drag, pos)
        if action is None:
            return  # dropped nowhere in particular: the card glides back
        if action.kind == "attack_player" and why_not(self.session.state, action) is None:
            self.open_amount(action.target)
            return
        self.act(action)

    def transfer_targets(self) -> list[int]:
        """Teammates a discard may be moved to now (Emperor), if it is my turn."""
        if not self.my_turn() or self.session.state.pending is not None:
            return []
        return sorted({a.target for a in self.session.legal() if a.kind == "transfer"})

    def open_hand(self, seat: int) -> None:
        from game.star_realms.ui.scenes.overlays import BrowseScene

        hand = self.view.seats[seat].hand
        if hand and all(c >= 0 for c in hand):  # visible to me (a Raid ally's)
            title = i18n.t("table.hand_of", name=self.view.seats[seat].name)
            self.app.push(BrowseScene(self.app, self, title, list(hand)))

    def open_browse(self, owner: int | None) -> None:
        from game.star_realms.ui.scenes.overlays import BrowseScene

        v = self.view
        cards = v.scrap if owner is None else v.seats[owner].discard
        title = (i18n.t("table.scrap_heap") if owner is None
                 else i18n.t("table.discard_of", name=v.seats[owner].name))
        actions = None
        if owner == self.me and self.transfer_targets():
            def actions(iid: int) -> list[tuple[str, Action]]:
                return [(i18n.t("table.transfer_to", name=self.view.seats[t].name),
                         Action("transfer", self.me, card=iid, target=t))
                        for t in self.transfer_targets()]
        self.app.push(BrowseScene(self.app, self, title, list(cards), actions))

    # ------------------------------------------------------------------ drawing

    def combat_rect(self) -> pygame.Rect:
        p = self.layout.zones()["pools"]
        return pygame.Rect(p.x, p.centery + self.layout.px(4), p.w, p.h // 2 - self.layout.px(4))

    def trade_rect(self) -> pygame.Rect:
        p = self.layout.zones()["pools"]
        return pygame.Rect(p.x, p.y, p.w, p.h // 2 - self.layout.px(4))

    def background(self) -> pygame.Surface:
        """The parts of the table that never change, drawn once per window size."""
        size = self.app.size
        if getattr(self, "_bg_size", None) != size:
            bg = pygame.Surface(size)
            bg.fill(BG)
            lay = self.layout
            z = lay.zones()
            names = ["my_info", "my_field", "seats", "log"]
            if not lay.multi:
                names += ["opp_info", "opp_field"]
            rects = [z[n] for n in names] + lay.panels
            for rect in rects:
                pygame.draw.rect(bg, ZONE, rect, border_radius=lay.px(10))
                pygame.draw.rect(bg, ZONE_EDGE, rect, 1, border_radius=lay.px(10))
            self._bg, self._bg_size = bg, size
        return self._bg

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(self.background(), (0, 0))
        z = self.layout.zones()
        now = self.app.clock_ms
        self.draw_drop_hints(surface)
        self.draw_piles(surface)
        self.draw_info(surface, z["my_info"], self.me, mine=True)
        if self.layout.multi:
            for seat in self.opponents:
                self.draw_panel(surface, seat)
        elif self.boss_view is not None:
            self.boss_view.draw_info(surface, z["opp_info"])
        elif self.opponents:
            self.draw_info(surface, z["opp_info"], self.opponents[0], mine=False)
        if self.boss_view is not None:
            self.boss_view.draw_piles(surface)
        self.draw_pools(surface)
        self.draw_seats(surface)
        self.draw_log(surface)
        # cards: static first, hand last, moving cards above everything
        sprites = sorted(self.sprites.values(), key=lambda s: (s.zone == "hand", s.moving(now)))
        hovered = self.hover[0] if self.hover else None
        for sprite in sprites:
            if self.drag is not None and sprite.iid == self.drag.iid and self.drag.kind != "combat":
                continue
            self.draw_sprite(surface, sprite, now, raised=sprite.zone == "hand"
                             and sprite.iid == hovered)
        for ghost in self.ghosts:
            self.draw_sprite(surface, ghost, now)
        self.draw_chips(surface)
        if self.prompt is not None:
            pass  # drawn after the UI (it sits on a panel)
        if self.drag is not None:
            self.draw_drag(surface)
        self.draw_turn_banner(surface)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_scene(surface)
        if self.session.curtain is not None:
            self.draw_curtain(surface)
        self.ui.draw_ui(surface)
        if self.prompt is not None and self.session.curtain is None:
            self.prompt.draw(surface)
        if self.amount_panel is not None:
            self.draw_amount(surface)
        self.draw_zoom(surface)
        self.draw_toasts(surface)

    def face(self, iid: int, width: int) -> pygame.Surface:
        if iid == HIDDEN:
            return self.images.back(width)
        return self.images.face(self.view.card(iid), width)

    def draw_sprite(self, surface: pygame.Surface, sprite: CardSprite, now: float,
                    raised: bool = False) -> None:
        rect = sprite.current(now)
        img = self.face(sprite.iid, rect.w) if sprite.face_up else self.images.back(rect.w)
        if img.get_height() != rect.h:
            img = pygame.transform.smoothscale(img, rect.size)
        if raised:
            rect = rect.move(0, -self.layout.px(34))
        elif sprite.tilt:
            # keyed on the face surface itself (kept alive in the value), so a placeholder
            # frame is never reused once the real face has arrived
            key = (id(img), round(sprite.tilt, 1))
            entry = self._turned.get(key)
            if entry is None or entry[0] is not img:
                if len(self._turned) > 200:
                    self._turned.clear()
                entry = self._turned[key] = (img, pygame.transform.rotozoom(img, sprite.tilt,
                                                                            1.0))
            turned = entry[1]
            img = turned
            rect = img.get_rect(center=rect.center)
        surface.blit(img, rect)
        iid = sprite.iid
        if sprite.zone in ("my_field", "opp_field") and iid in self.view.copy_of:
            tag = fonts.text("⧉ " + i18n.card_name(self.view.card(iid)), self.layout.px(15),
                             HILITE, bold=True)
            surface.blit(tag, (rect.x, rect.y - tag.get_height()))

    def draw_piles(self, surface: pygame.Surface) -> None:
        lay = self.layout
        z = lay.zones()
        v = self.view
        me = v.seats[self.me]
        small = lay.px(17)
        for name, count, label in (
                ("trade_deck", len(v.trade_deck), "table.trade_deck"),
                ("my_deck", len(me.deck), "table.deck")):
            r = z[name]
            if count:
                surface.blit(self.images.back(r.w), r)
            else:
                pygame.draw.rect(surface, ZONE_EDGE, r, 1, border_radius=lay.px(8))
            self.count_badge(surface, r, count)
            self.label(surface, i18n.t(label), r.centerx, r.y - lay.px(4), small)
        for name, count, label in (
                ("explorers", len(v.explorers), "table.explorers"),
                ("scrap", len(v.scrap), "table.scrap_heap"),
                ("my_discard", len(me.discard), "table.discard")):
            r = z[name]
            pygame.draw.rect(surface, ZONE_EDGE, r, 1, border_radius=lay.px(8))
            self.label(surface, i18n.t(label), r.centerx, r.y - lay.px(4), small)
            if count:
                self.count_badge(surface, r, count, after=True)
        self.label(surface, i18n.t("table.trade_row"), z["trade_row"].centerx,
                   z["trade_row"].y - lay.px(4), small)
        for i, iid in enumerate(v.trade_row):
            if iid == EMPTY:
                r = pygame.Rect(z["trade_row"].x + i * lay.px(138), z["trade_row"].y,
                                lay.card_w, lay.card_h)
                pygame.draw.rect(surface, ZONE_EDGE, r, 1, border_radius=lay.px(8))
        self.label(surface, i18n.t("table.your_ships_and_bases"), z["my_field"].x + lay.px(10),
                   z["my_field"].y + lay.px(4), small, align="topleft")

    def count_badge(self, surface: pygame.Surface, r: pygame.Rect, n: int,
                    after: bool = False) -> None:
        lay = self.layout
        t = fonts.text(str(n), lay.px(20), (255, 255, 255), bold=True)
        box = t.get_rect()
        box.inflate_ip(lay.px(12), lay.px(4))
        box.midbottom = (r.centerx, r.bottom + lay.px(4)) if not after else (
            r.centerx, r.bottom + lay.px(22))
        pygame.draw.rect(surface, (20, 28, 48), box, border_radius=lay.px(9))
        pygame.draw.rect(surface, ZONE_EDGE, box, 1, border_radius=lay.px(9))
        surface.blit(t, t.get_rect(center=box.center))

    def label(self, surface, text, x, y, size, color=DIM, align="midbottom", bold=False):
        t = fonts.text(text, size, color, bold)
        r = t.get_rect(**{align: (x, y)})
        surface.blit(t, r)
        return r

    def draw_info(self, surface: pygame.Surface, r: pygame.Rect, seat: int, mine: bool) -> None:
        lay = self.layout
        v = self.view
        s = v.seats[seat]
        pad = lay.px(12)
        acting = self.session.acting == seat and not v.is_over
        if acting:
            pygame.draw.rect(surface, GOLD, r, lay.px(3), border_radius=lay.px(10))
        self.label(surface, s.name, r.x + pad, r.y + pad, lay.px(24), TEXT, "topleft", True)
        tag = [self.role_of(seat)] if self.role_of(seat) else []
        if self.has_teams():
            team = "AB"[s.team % 2] if len(self.teams()) == 2 else str(s.team + 1)
            tag.insert(0, i18n.t("table.team", team=team))
            band = TEAM_COLORS[s.team % len(TEAM_COLORS)]
            pygame.draw.rect(surface, band, (r.x, r.y, r.w, lay.px(6)),
                             border_top_left_radius=lay.px(10),
                             border_top_right_radius=lay.px(10))
        if tag:
            self.label(surface, " · ".join(tag), r.right - pad, r.y + pad + lay.px(6), lay.px(16),
                       DIM, "topright")
        surface.blit(icon("authority", lay.px(40)), (r.x + pad, r.y + lay.px(54)))
        self.label(surface, str(v.authority(seat)), r.x + pad + lay.px(50), r.y + lay.px(48),
                   lay.px(44), GREEN, "topleft", True)
        line_y = r.y + lay.px(112)
        info = [i18n.t("table.hand_count", n=len(s.hand)),
                i18n.t("table.deck_count", n=len(s.deck)),
                i18n.t("table.discard_count", n=len(s.discard))]
        if s.pending_discard:
            info.append(i18n.t("table.owes_discard", n=s.pending_discard))
        for i, line in enumerate(info):
            self.label(surface, line, r.x + pad, line_y + i * lay.px(24), lay.px(18), DIM,
                       "topleft")
        if not mine:
            # the opponent's hand, face down
            n = len(s.hand)
            w = lay.px(40)
            x0 = r.right - pad - w - (n - 1) * lay.px(12)
            for i in range(n):
                surface.blit(self.images.back(w), (x0 + i * lay.px(12), r.y + pad))
            if not s.discard:
                pygame.draw.rect(surface, ZONE_EDGE, self.opp_discard_rect(), 1,
                                 border_radius=lay.px(6))
            if not s.alive:
                self.label(surface, i18n.t("table.out"), r.centerx, r.centery, lay.px(40), RED,
                           "center", True)

    def draw_panel(self, surface: pygame.Surface, seat: int) -> None:
        """A compact seat panel: team band, name, authority, hand/deck/discard counts."""
        lay = self.layout
        r = self.panel_of(seat)
        v = self.view
        s = v.seats[seat]
        pad = lay.px(8)
        band = TEAM_COLORS[s.team % len(TEAM_COLORS)] if self.has_teams() else ZONE_EDGE
        pygame.draw.rect(surface, band, (r.x, r.y, r.w, lay.px(6)),
                         border_top_left_radius=lay.px(10), border_top_right_radius=lay.px(10))
        if self.session.acting == seat and not v.is_over:
            pygame.draw.rect(surface, GOLD, r, lay.px(3), border_radius=lay.px(10))
        name = s.name
        if self.has_teams():
            team = "AB"[s.team % 2] if len(self.teams()) == 2 else str(s.team + 1)
            name = f"{name}  · {i18n.t('table.team', team=team)}"
        role = self.role_of(seat)
        if role:
            name = f"{name} · {role}"
        self.label(surface, name, r.x + pad, r.y + lay.px(9), lay.px(17), TEXT, "topleft", True)
        auth = str(v.authority(seat))
        if self.boss_view is not None and seat == v.boss.seat:
            auth = auth if v.format.adv.boss_authority else "—"
            counter = self.boss_view.counter_text()
            if counter:
                self.label(surface, counter, r.right - lay.px(50), r.y + lay.px(36),
                           lay.px(15), GOLD, "topright", True)
        self.label(surface, auth, r.x + pad + lay.px(26), r.y + lay.px(31), lay.px(22),
                   GREEN if s.alive else RED, "topleft", True)
        surface.blit(icon("authority", lay.px(20)), (r.x + pad, r.y + lay.px(33)))
        counts = i18n.t("table.counts", hand=len(s.hand), deck=len(s.deck), discard=len(
            s.discard))
        d = self.discard_icon(seat)
        boss = v.boss is not None and seat == v.boss.seat
        if not boss or v.format.script.has_deck:
            self.label(surface, counts, r.x + pad + lay.px(80), r.y + lay.px(36), lay.px(14),
                       DIM, "topleft")
        if s.pending_discard:
            self.label(surface, i18n.t("table.owes_short", n=s.pending_discard),
                       d.x - lay.px(6), r.y + lay.px(12), lay.px(14), RED, "topright", True)
        if s.discard:
            surface.blit(self.face(s.discard[-1], d.w), d)
        else:
            pygame.draw.rect(surface, ZONE_EDGE, d, 1, border_radius=lay.px(4))
        if not s.alive:
            veil = pygame.Surface(r.size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 150))
            surface.blit(veil, r)
            self.label(surface, i18n.t("table.out"), r.centerx, r.centery, lay.px(36), RED,
                       "center", True)

    def teams(self) -> list[int]:
        return sorted({s.team for s in self.view.seats})

    def has_teams(self) -> bool:
        """Team tags matter in team formats, not against an adventure's boss."""
        return self.view.boss is None and len(self.teams()) < len(self.view.seats)

    def role_of(self, seat: int) -> str:
        if self.view.boss is not None:
            return i18n.t("table.boss") if seat == self.view.boss.seat else ""
        fmt = self.view.format.id
        if fmt == "emperor":
            return i18n.t("table.emperor" if seat in (1, 4) else "table.admiral")
        if fmt == "raid":
            return i18n.t("table.boss" if seat == 0 else "table.raider")
        return ""

    def team_leftover(self, pool: str) -> int:
        v = self.view
        if not v.format.team_turns or self.me not in v.turn_members:
            return 0
        return sum(getattr(v.seats[m], pool) for m in v.turn_members if m != self.me)

    def draw_pools(self, surface: pygame.Surface) -> None:
        lay = self.layout
        me = self.view.seats[self.me]
        for rect, value, icon_name, color, key in (
                (self.trade_rect(), me.trade, "trade", GOLD, "resource.trade"),
                (self.combat_rect(), me.combat, "combat", RED, "resource.combat")):
            pygame.draw.rect(surface, ZONE, rect, border_radius=lay.px(12))
            edge = color if value else ZONE_EDGE
            pygame.draw.rect(surface, edge, rect, lay.px(2), border_radius=lay.px(12))
            img = icon(icon_name, rect.h - lay.px(24))
            surface.blit(img, (rect.x + lay.px(12), rect.y + lay.px(12)))
            self.label(surface, str(value), rect.x + rect.h + lay.px(6), rect.centery,
                       lay.px(54), color, "midleft", True)
            self.label(surface, i18n.t(key), rect.right - lay.px(12), rect.centery, lay.px(20),
                       DIM, "midright")
            team = self.team_leftover(icon_name)
            if team:  # Hydra: teammates' leftovers can pay for buys and base attacks
                self.label(surface, i18n.t("table.team_pool", n=team), rect.right - lay.px(12),
                           rect.bottom - lay.px(8), lay.px(15), color, "bottomright", True)
        if me.combat and self.my_turn():
            self.label(surface, i18n.t("table.drag_combat"), self.combat_rect().centerx,
                       self.combat_rect().bottom + lay.px(22), lay.px(15), DIM)

    def draw_seats(self, surface: pygame.Surface) -> None:
        lay = self.layout
        r = lay.zones()["seats"]
        v = self.view
        y = r.y + lay.px(10)
        title = i18n.t("table.turn_n", n=v.turn)
        self.label(surface, title, r.x + lay.px(12), y, lay.px(18), DIM, "topleft")
        y += lay.px(26)
        for s in v.seats:
            acting = s.index == self.session.acting
            color = GOLD if acting else TEXT
            if acting:  # a small arrow (the font has no ▶)
                cy = y + lay.px(12)
                x0 = r.x + lay.px(10)
                pygame.draw.polygon(surface, GOLD, [(x0, cy - lay.px(6)), (x0, cy + lay.px(6)),
                                                    (x0 + lay.px(9), cy)])
            ctrl = self.session.controllers[s.index]
            who = "" if ctrl == "human" else f"  [{i18n.t('ai.' + ctrl)}]"
            self.label(surface, f"{s.name}{who}", r.x + lay.px(26), y, lay.px(19), color,
                       "topleft")
            auth = str(v.authority(s.index))
            if v.boss is not None and s.index == v.boss.seat and not v.format.adv.boss_authority:
                auth = "—"  # Dimensional Horror has no authority
            self.label(surface, auth, r.right - lay.px(14), y, lay.px(19),
                       GREEN if s.alive else RED, "topright", True)
            y += lay.px(24)

    def log_surfaces(self, width: int) -> list[pygame.Surface]:
        """The log wrapped to the panel, re-rendered only when it grows or the language,
        size or viewer changes (it is the most expensive thing to draw)."""
        key = (len(self.session.log), i18n.language(), width, self.me)
        if getattr(self, "_log_key", None) == key:
            return self._log_lines
        self._log_key = key
        self._log_lines = self._render_log(width)
        return self._log_lines

    def _render_log(self, width: int) -> list[pygame.Surface]:
        lay = self.layout
        size = max(12, lay.px(16))
        out = []
        for line in self.session.log[-200:]:
            text = line.render(self.session.state)
            color = GOLD if line.key == "log.turn" else (TEXT if line.seat == self.me else DIM)
            out.extend(self.wrap(text, size, color, width, bold=line.key == "log.turn"))
        return out

    def wrap(self, text: str, size: int, color, width: int, bold=False) -> list[pygame.Surface]:
        return [fonts.text(line, size, color, bold)
                for line in fonts.wrap(text, size, width, bold) if line]

    def draw_log(self, surface: pygame.Surface) -> None:
        lay = self.layout
        r = lay.zones()["log"]
        pad = lay.px(10)
        lines = self.log_surfaces(r.w - 2 * pad)
        line_h = max(15, lay.px(20))
        fit = (r.h - 2 * pad) // line_h
        self.log_scroll = min(self.log_scroll, max(0, len(lines) - fit))
        end = len(lines) - self.log_scroll
        shown = lines[max(0, end - fit):end]
        clip = surface.get_clip()
        surface.set_clip(r)
        for i, s in enumerate(shown):
            surface.blit(s, (r.x + pad, r.y + pad + i * line_h))
        surface.set_clip(clip)

    def chip_states(self, iid: int) -> list[tuple[str, str]]:
        """(slot, state) for a card in play: available, used, or waiting (ally)."""
        v = self.view
        card = v.card(iid)
        out = []
        for slot in ("primary", "ally", "double_ally", "upgrade_ally", "scrap"):
            if slot not in card.abilities:
                continue
            if (slot == "primary" and card.is_ship) or (iid, slot) in v.used:
                out.append((slot, "used"))
            elif slot in ("ally", "double_ally", "upgrade_ally") and (iid, slot) not in v.latched:
                out.append((slot, "waiting"))
            else:
                out.append((slot, "available"))
        return out

    def draw_chips(self, surface: pygame.Surface) -> None:
        """Under each card in play: which abilities are available, used, or waiting."""
        lay = self.layout
        self.chip_rects = []
        size = lay.px(28)
        gap = lay.px(4)
        my_turn = self.my_turn() and self.session.state.pending is None
        v = self.view
        owners = [self.me] if self.layout.multi else [self.me, *self.opponents[:1]]
        for seat in owners:
            s = v.seats[seat]
            active = seat == v.active
            for iid in s.bases + s.in_play:
                rect = self.card_rects.get(iid)
                if rect is None:
                    continue
                states = self.chip_states(iid)
                x = rect.x
                y = rect.bottom + lay.px(3)
                for slot, st in states:
                    if not active and st == "used":
                        st = "available" if slot != "scrap" else st
                    chip = pygame.Rect(x, y, size, size)
                    name = {"primary": "ship" if v.card(iid).is_ship else "base",
                            "ally": "ally", "double_ally": "double_ally",
                            "upgrade_ally": "ally", "scrap": "scrap"}[slot]
                    bg = {"available": (46, 84, 60), "used": (40, 44, 56),
                          "waiting": (30, 36, 52)}[st] if active else (30, 36, 52)
                    pygame.draw.rect(surface, bg, chip, border_radius=lay.px(6))
                    edge = GREEN if st == "available" and active else ZONE_EDGE
                    pygame.draw.rect(surface, edge, chip, 1, border_radius=lay.px(6))
                    img = icon(name, size - lay.px(6))
                    if st != "available" or not active:
                        img = img.copy()
                        img.set_alpha(90)
                    surface.blit(img, (x + lay.px(3), y + lay.px(3)))
                    if st == "used" and active:
                        self.label(surface, "✓", chip.right - lay.px(2), chip.bottom + lay.px(2),
                                   lay.px(16), GREEN, "bottomright", True)
                    action = None
                    if my_turn and seat == self.me and st == "available":
                        action = Action("use", self.me, card=iid, slot=slot)
                    self.chip_rects.append((chip, action, slot))
                    x += size + gap

    def draw_drop_hints(self, surface: pygame.Surface) -> None:
        """While dragging: outline where the card may go; for combat, dim every seat and
        base that is not a legal target and say why under the cursor."""
        if self.drag is None or not self.drag.moved:
            return
        lay = self.layout
        z = lay.zones()
        targets: list[pygame.Rect] = []
        if self.drag.kind == "hand":
            targets = [z["my_field"]]
        elif self.drag.kind == "supply":
            targets = [z["my_discard"]]
        elif self.drag.kind == "play":
            targets = [z["scrap"]]
        elif self.drag.kind == "discard":
            targets = [self.panel_of(t) for t in self.transfer_targets() if self.panel_of(t)]
        elif self.drag.kind == "combat":
            self.dim_illegal_targets(surface)
            return
        for r in targets:
            pygame.draw.rect(surface, HILITE, r.inflate(lay.px(10), lay.px(10)), lay.px(3),
                             border_radius=lay.px(12))

    def target_reasons(self) -> list[tuple[pygame.Rect, str | None]]:
        """(rect, reason) for every seat area and base a combat drop could hit; reason
        None means a legal target."""
        state = self.session.state
        me = self.me
        combat = state.seats[me].combat
        out: list[tuple[pygame.Rect, str | None]] = []
        for seat in self.opponents:
            area = self.panel_of(seat) or self.layout.zones()["opp_info"]
            why = why_not(state, Action("attack_player", me, target=seat, amount=max(combat, 1)))
            out.append((area, None if why is None else i18n.t(f"why.{why[0]}", **why[1])))
            for b in state.seats[seat].bases:
                rect = self.card_rects.get(b)
                if rect is None:
                    continue
                legal = [a for a in self.session.legal() if a.kind == "attack_base" and a.card == b]
                if legal:
                    out.append((rect, None))
                else:
                    why = why_not(state, Action("attack_base", me, card=b))
                    out.append((rect, i18n.t(f"why.{why[0]}", **why[1]) if why else None))
        return out

    def dim_illegal_targets(self, surface: pygame.Surface) -> None:
        lay = self.layout
        mouse = pygame.mouse.get_pos()
        hovered = None
        for rect, reason in self.target_reasons():
            if reason is None:
                pygame.draw.rect(surface, HILITE, rect.inflate(lay.px(8), lay.px(8)), lay.px(3),
                                 border_radius=lay.px(10))
            else:
                veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                veil.fill((0, 0, 0, 140))
                surface.blit(veil, rect)
                if rect.collidepoint(mouse):
                    hovered = reason
        if hovered:
            t = fonts.text(hovered, lay.px(18), (255, 255, 255), True)
            box = t.get_rect(midbottom=(mouse[0], mouse[1] - lay.px(70)))
            box.clamp_ip(surface.get_rect())
            pygame.draw.rect(surface, (110, 36, 36), box.inflate(lay.px(16), lay.px(8)),
                             border_radius=lay.px(8))
            surface.blit(t, box)

    def draw_drag(self, surface: pygame.Surface) -> None:
        d = self.drag
        assert d is not None
        lay = self.layout
        if d.kind == "combat":
            n = self.session.state.seats[self.me].combat
            r = pygame.Rect(d.pos, (lay.px(110), lay.px(110)))
            pygame.draw.circle(surface, (120, 30, 30), r.center, r.w // 2)
            pygame.draw.circle(surface, RED, r.center, r.w // 2, lay.px(3))
            self.label(surface, str(n), r.centerx, r.centery, lay.px(44), (255, 255, 255),
                       "center", True)
            return
        rect = self.card_rects.get(d.iid, d.origin)
        img = self.face(d.iid, rect.w)
        surface.blit(img, d.pos)

    def draw_turn_banner(self, surface: pygame.Surface) -> None:
        lay = self.layout
        s = self.session
        v = self.view
        if v.is_over:
            return
        who = s.name(s.acting)
        if self.my_turn():
            text = (i18n.t("table.your_decision") if s.state.pending is not None
                    else i18n.t("table.your_turn"))
            color = GOLD
        else:
            text = i18n.t("table.thinking", name=who) if not s.is_human(s.acting) else \
                i18n.t("table.turn_of", name=who)
            color = DIM
        z = lay.zones()
        self.label(surface, text, z["my_field"].right - lay.px(12), z["my_field"].y + lay.px(4),
                   lay.px(20), color, "topright", True)

    def draw_zoom(self, surface: pygame.Surface) -> None:
        iid = self.zoom_sticky
        if iid is None and self.hover is not None and self.drag is None:
            hid, since = self.hover
            if self.app.clock_ms - since >= HOVER_ZOOM_MS:
                iid = hid
        if iid is None or iid == HIDDEN:
            return
        lay = self.layout
        w = lay.zoom_w
        img = self.face(iid, w)
        anchor = self.card_rects.get(iid)
        r = img.get_rect()
        if anchor is not None:
            r.midleft = (anchor.right + lay.px(16), anchor.centery)
            if r.right > surface.get_width():
                r.midright = (anchor.x - lay.px(16), anchor.centery)
        else:
            r.center = surface.get_rect().center
        r.clamp_ip(surface.get_rect())
        shadow = r.inflate(lay.px(16), lay.px(16))
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=lay.px(16))
        surface.blit(img, r)

    def draw_amount(self, surface: pygame.Surface) -> None:
        p = self.amount_panel
        assert p is not None
        lay = self.layout
        r = p["rect"]
        n = int(p["slider"].get_current_value())
        name = self.session.name(p["target"])
        self.label(surface, i18n.t("table.attack_amount", name=name, n=n), r.centerx,
                   r.y + lay.px(56), lay.px(26), TEXT, "midbottom", True)

    def draw_curtain(self, surface: pygame.Surface) -> None:
        lay = self.layout
        surface.fill((6, 8, 16))
        seat = self.session.curtain
        assert seat is not None
        self.label(surface, i18n.t("table.curtain", name=self.session.name(seat)),
                   surface.get_width() // 2, lay.r(0, 520, 1920, 1).y, lay.px(44), TEXT,
                   "midbottom", True)

    def draw_toasts(self, surface: pygame.Surface) -> None:
        lay = self.layout
        y = lay.r(0, 740, 1, 1).y
        for text, _ in self.toasts:
            t = fonts.text(text, lay.px(24), (255, 255, 255), True)
            box = t.get_rect(midbottom=(lay.zones()["my_field"].centerx, y))
            bg = box.inflate(lay.px(28), lay.px(14))
            pygame.draw.rect(surface, (120, 40, 40), bg, border_radius=lay.px(10))
            surface.blit(t, box)
            y -= bg.h + lay.px(6)

    def exit(self) -> None:
        super().exit()


_icon_cache: dict[tuple[str, int], pygame.Surface] = {}


def icon(name: str, size: int) -> pygame.Surface:
    """An icon from game.star_realms.art as a cached pygame surface."""
    key = (name, size)
    surf = _icon_cache.get(key)
    if surf is None:
        img = icons.icon_image(name, size)
        surf = pygame.image.frombytes(img.tobytes(), img.size, "RGBA")
        _icon_cache[key] = surf
    return surf
