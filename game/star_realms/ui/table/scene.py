"""The table: where a game is played.

Draws the viewer's presentation model (``session.model()``: what that seat may see,
its legal actions with ids, and the engine's answers to rule questions) and the
viewer's player view for card positions — never the full state — lets the human drag
cards and combat, click abilities and answer questions, and steps computer players at a
readable pace.  Every input ends in an engine action applied by the session; when no
legal action matches, the engine's reason is shown and nothing changes.  The table
decides no rule itself: roles, teams, chips, targets, "attack with everything" and the
auto-applied abilities all come from the model.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game import i18n
from game.star_realms.end_turn import confirm_lines
from game.star_realms.engine.events import (
    Acquire,
    Attack,
    Destroy,
    Event,
    GameOver,
    Move,
    TurnStart,
)
from game.star_realms.engine.state import Action, State
from game.star_realms.model import CardModel, SeatModel, TableModel, TargetModel
from game.star_realms.ui import autoplay, card_images
from game.star_realms.ui.boss_view import BossView
from game.star_realms.ui.card_images import CardImages
from game.star_realms.ui.layout import TableLayout
from game.star_realms.ui.prompt import Prompt, button_font, make_prompt
from game.star_realms.ui.session import Session
from game.star_realms.ui.sprites import CardSprite
from game.star_realms.ui.table.amount import AmountPicker
from game.star_realms.ui.table.dealt import DealtMixin
from game.star_realms.ui.table.draw_board import BoardMixin
from game.star_realms.ui.table.draw_overlays import OverlayMixin
from game.star_realms.ui.table.effects import TableEffects
from game.star_realms.ui.table.input import Drag, InputMixin
from game.star_realms.ui.table.phones import PhonesMixin
from game.star_realms.ui.table.placement import PlacementMixin
from game.star_realms.ui.table.style import AMOUNT_FONT, AMOUNT_HINT_FONT, TOAST_MS
from game.star_realms.ui.table.tooltips import Tooltips
from game.ui import fonts, palette, routes
from game.ui.autosave_notice import AutosaveNotice
from game.ui.dialogs import SIZED, confirm_dialog
from game.ui.scene import Scene
from game.ui.table_session import AutosaveStatus

BUTTON_FONT = 22  # a button's text size in assets/theme.json (before scaling)


class TableScene(PlacementMixin, InputMixin, BoardMixin, OverlayMixin, PhonesMixin,
                 DealtMixin, Scene):
    """The scene: wiring, the session's model, per-frame sync and commands; the
    mixins hold geometry, input and drawing."""

    def __init__(self, app, session: Session):
        self.session = session
        self.images: CardImages = card_images.for_app(app)
        self.layout = self.make_layout(app, session)
        self.sprites: dict[tuple, CardSprite] = {}
        self.ghosts: list[CardSprite] = []
        self.drag: Drag | None = None
        self.refusal: str | None = None  # why the target under dragged combat refuses it
        self.refusal_rect: pygame.Rect | None = None  # where that reason was last drawn
        self.prompt: Prompt | None = None
        self.prompt_for = -1
        self.amount_panel: dict | None = None
        self.confirm: pygame_gui.windows.UIConfirmationDialog | None = None
        self.toasts: list[tuple[str, float, bool]] = []  # (text, until ms, good news)
        # a failed autosave: a toast once, then a marker until one succeeds
        self.autosave_status = AutosaveStatus()
        self.autosave_notice = AutosaveNotice()
        self.hover: tuple[int, float] | None = None  # (card, since ms)
        self.zoom_sticky: int | None = None
        self.last_click: tuple[int, float] = (-1, -1e9)
        self.log_scroll = 0  # lines scrolled up from the bottom
        self.last_events_seen = -1
        self.game_over_shown = False
        self.chip_rects: list[tuple[pygame.Rect, Action | None, str]] = []
        self.dealt_rects: list[tuple[pygame.Rect, int, str]] = []
        self.card_rects: dict[int, pygame.Rect] = {}
        self._turned: dict[tuple, pygame.Surface] = {}
        self.boss_view = BossView(self) if session.model().boss is not None else None
        self.speed_boost = 1.0  # the boss-turn scene's Fast-forward and Skip
        self.effects = TableEffects()  # the turn banner, attack and damage effects
        self.tooltips = Tooltips()
        self.autoplay_hold = False  # a right-click play: no autoplay until the next input
        super().__init__(app)
        self.open_phones()  # a game with remote seats: its server listens from now on

    # ------------------------------------------------------------------ building

    @staticmethod
    def make_layout(app, session: Session) -> TableLayout:
        model = session.model()
        n = len(model.seats)
        boss = model.boss is not None
        return TableLayout(*app.size, others=n - 1, seats=n, first_weight=2 if boss else 1,
                           rows=2 if model.format == "emperor" else 1,
                           card_scale=app.settings.card_size,
                           text_scale=app.settings.text_size)

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
        seats = z["seats"]
        self.build_phones(pygame.Rect(seats.right - self.layout.px(176), seats.y + pad // 2,
                                      self.layout.px(170), self.layout.px(34)))
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
        """Take the current position (after a change made outside the session's
        ``apply``, the session's caches are dropped too: cheap, nothing is rebuilt
        before it is asked for)."""
        self.session.invalidate()

    @property
    def view(self) -> State:
        """The viewer's player view (cached by the session per state change): where the
        cards lie, for placing sprites.  Never the full state."""
        return self.session.view()

    @property
    def model(self) -> TableModel:
        """The viewer's presentation model (built once per state change by the session)."""
        return self.session.model()

    def seat_model(self, seat: int) -> SeatModel:
        return self.model.seats[seat]

    def mine_model(self) -> SeatModel:
        return self.model.seats[self.me]

    def asking(self) -> bool:
        """Is a question pending (for anyone)?"""
        m = self.model
        return m.question is not None or m.waiting is not None

    def base_model(self, iid: int) -> CardModel | None:
        """The base ``iid`` if it lies in some seat's bases."""
        for s in self.model.seats:
            for b in s.bases:
                if b.iid == iid:
                    return b
        return None

    def target(self, kind: str, seat: int, card: int = -1) -> TargetModel | None:
        for t in self.model.targets:
            if t.kind == kind and t.seat == seat and t.card == card:
                return t
        return None

    def reason_text(self, t: TargetModel) -> str:
        return i18n.t(f"why.{t.reason}", **t.params)

    @property
    def me(self) -> int:
        return self.session.viewer

    def my_turn(self) -> bool:
        s = self.session
        return s.local_to_act and s.acting == self.me and s.curtain is None

    def busy(self) -> bool:
        now = self.app.clock_ms
        return bool(self.ghosts) or any(sp.moving(now) for sp in self.sprites.values())

    def act(self, action: Action) -> bool:
        """Apply an action if legal; otherwise say why.  Returns True when applied."""
        reason = self.session.why_not(action)
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
        self.effects.from_events(self, events, self.app.clock_ms)
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
        if not self.session.over:
            self.autosave_status.record(self.session.autosave())
            news = self.autosave_status.news()
            if news:
                self.toast(news)

    def toast(self, text: str, good: bool = False) -> None:
        """A short notice: a refusal or problem (red), or with ``good`` news such as
        "Saved." (green), which must not look like an error."""
        self.toasts.append((text, self.app.clock_ms + TOAST_MS, good))
        self.toasts = self.toasts[-3:]

    # ------------------------------------------------------------------ per frame

    def boss_acting(self) -> bool:
        m = self.model
        return m.boss is not None and not m.over and m.acting == m.boss.seat

    @property
    def speed(self) -> float:
        base = self.app.settings.animation_speed
        return base * self.speed_boost if base > 0 else 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        s = self.session
        if self.boss_acting() and self.app.top is self:
            self.app.push(routes.make(self.app, "star_realms.boss_turn", self))
            return
        self.pump_phones()
        speed = self.speed
        # (a computer teammate waits while the person drags: the card in hand stays put)
        action = s.ai_ready(dt, speed, self.busy() or self.drag is not None)
        if action is not None:
            self.act(action)
        elif self.my_turn() and not self.busy() and self.drag is None:
            self.auto_apply()
        self.sync_prompt()
        self.sync_buttons()
        self.sync_sprites()
        self.track_hover()
        now = self.app.clock_ms
        self.effects.update(self, now)
        self.tooltips.update(self, pygame.mouse.get_pos(), now)
        self.toasts = [t for t in self.toasts if t[1] > now]
        if self.model.over and not self.busy() and not self.game_over_shown:
            self.game_over_shown = True
            # The final position supersedes this game's turn autosaves: the menu must not
            # offer to "continue" a game that has ended.
            self.autosave_status.record(self.session.autosave())
            if self.app.top is not self:  # (the boss-turn overlay)
                self.app.pop()
            self.app.push(routes.make(self.app, "star_realms.game_over", self.session))

    def auto_apply(self) -> None:
        """The auto-apply setting: use abilities whose only effects are plain gains; the
        auto-ally setting: ally abilities that ask nothing (held after a right-click)."""
        idents = list(self.model.auto_apply) if self.app.settings.auto_apply else []
        if self.app.settings.auto_ally and not self.autoplay_hold:
            idents.append(autoplay.ally_action(self))
        for ident in idents:
            action = self.session.find(ident)
            if action is not None:
                self.act(action)
                return

    def sync_prompt(self) -> None:
        state = self.view  # the viewer's player view: its own question is not masked
        want = self.my_turn() and self.model.question is not None
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
                          and self.model.question.kind == "card")
            legal = [a for a in (self.session.find(x.id) for x in self.model.actions)
                     if a is not None]
            self.prompt = make_prompt(self, state, legal, continuing)
            self.prompt_for = state.log_len

    def sync_buttons(self) -> None:
        mine = self.my_turn() and not self.asking()
        me = self.mine_model()
        for btn, on in ((self.btn_undo, self.session.can_undo() and not self.busy()),
                        (self.btn_play_all, mine and bool(me.hand_count)),
                        (self.btn_attack_all, mine and self.attack_all_action() is not None),
                        (self.btn_end, mine)):
            if on and not btn.is_enabled:
                btn.enable()
            elif not on and btn.is_enabled:
                btn.disable()
        curtain = self.session.curtain
        if curtain is not None and self.btn_curtain is None:
            label = i18n.t("table.curtain_button", name=self.session.name(curtain))
            r = self.layout.r(760, 560, 400, 90)
            # as wide as its words (a long name, Russian), so the label is never cut
            size = max(9, round(BUTTON_FONT * self.app.text_scale))
            need = fonts.text(label, size, palette.WHITE, True).get_width() + self.layout.px(64)
            if need > r.w:
                r = r.inflate(min(need, self.app.size[0]) - r.w, 0)
            self.btn_curtain = pygame_gui.elements.UIButton(
                r, label, self.ui, object_id="#primary_button", starting_height=10)
        elif curtain is None and self.btn_curtain is not None:
            self.btn_curtain.kill()
            self.btn_curtain = None

    # ------------------------------------------------------------------ commands

    def attack_all_action(self) -> Action | None:
        """All combat at the only legal target, if there is exactly one (the model's)."""
        return self.session.find(self.model.attack_all)

    def play_all(self) -> None:
        """Every hand card, in the hand's order (the autoplay setting: a safe order)."""
        order = (autoplay.hand_order(self) if self.app.settings.autoplay_hand
                 else [c.iid for c in self.mine_model().hand])
        for iid in order:
            if self.asking() or not self.act(Action("play", self.me, card=iid)):
                break

    def attack_all(self) -> None:
        a = self.attack_all_action()
        if a is None:
            self.toast(i18n.t("table.attack_choose"))
        else:
            self.act(a)

    def end_turn(self) -> None:
        if not self.my_turn() or self.asking():
            return
        # (the rule is shared with the phones' page: game/star_realms/end_turn.py)
        lines = confirm_lines(self.model)
        if not lines:
            self.act(Action("end_turn", self.me))
            return
        text = "<br>".join(lines)
        self.confirm = confirm_dialog(self.ui, self.layout.r(660, 380, 600, 320), text,
                                      i18n.t("table.end_turn"), i18n.t("table.end_turn"),
                                      sized=self.app.settings.text_size)

    def open_amount(self, target: int) -> None:
        combat = self.model.pools.spend_combat  # in a team turn: the team's
        if combat <= 1:
            self.act(Action("attack_player", self.me, target=target, amount=combat))
            return
        lay = self.layout
        # a small dialog whose words follow the "Text size" setting, as the prompts do:
        # the question, the amount control (− bar +), a hint, Attack and Cancel
        k = self.app.settings.text_size
        r = lay.r(660, 400, 600, 250)
        r = r.inflate(round(r.w * (k - 1)), 0)
        r.w = min(r.w, self.app.size[0])
        pad = lay.px(16)
        title_h = fonts.block_height(1, lay.fs(AMOUNT_FONT), True)
        words = button_font(self)
        btn_h = max(lay.px(56), fonts.font(words, True).get_height() + lay.px(20))
        hint = fonts.wrap(i18n.t("table.attack_amount_hint"), lay.fs(AMOUNT_HINT_FONT),
                          r.w - 2 * pad)
        hint_h = fonts.block_height(len(hint), lay.fs(AMOUNT_HINT_FONT))
        need = 2 * pad + title_h + pad + btn_h + pad // 2 + hint_h + pad + btn_h + pad
        r.h = max(r.h, need)
        r = r.clamp(pygame.Rect((0, 0), self.app.size))
        panel = pygame_gui.elements.UIPanel(r, manager=self.ui, starting_height=8)
        row_y = r.y + 2 * pad + title_h
        minus = pygame_gui.elements.UIButton(
            pygame.Rect(r.x + pad, row_y, btn_h, btn_h), "−", self.ui,
            object_id=ObjectID(None, SIZED), starting_height=9)
        plus = pygame_gui.elements.UIButton(
            pygame.Rect(r.right - pad - btn_h, row_y, btn_h, btn_h), "+", self.ui,
            object_id=ObjectID(None, SIZED), starting_height=9)
        track = pygame.Rect(minus.rect.right + pad, row_y, plus.rect.x - minus.rect.right - 2 * pad,
                            btn_h)
        ok = pygame_gui.elements.UIButton(
            pygame.Rect(r.x + pad, r.bottom - pad - btn_h, r.w // 2 - 2 * pad, btn_h),
            i18n.t("table.attack"), self.ui, object_id=ObjectID("#danger_button", SIZED),
            starting_height=9)
        cancel = pygame_gui.elements.UIButton(
            pygame.Rect(r.centerx + pad, r.bottom - pad - btn_h, r.w // 2 - 2 * pad, btn_h),
            i18n.t("table.cancel"), self.ui, object_id=ObjectID(None, SIZED), starting_height=9)
        for el in (minus, plus, ok, cancel):
            el.change_layer(9)
        self.amount_panel = {"panel": panel, "slider": AmountPicker(combat, track),
                             "minus": minus, "plus": plus, "ok": ok, "cancel": cancel,
                             "target": target, "rect": r, "hint": hint,
                             "hint_y": row_y + btn_h + pad // 2}

    def close_amount(self) -> None:
        if self.amount_panel is not None:
            for key in ("panel", "minus", "plus", "ok", "cancel"):
                self.amount_panel[key].kill()
            self.amount_panel = None

    def attack_amount(self) -> None:
        """The amount dialog's Attack (its button or Enter): the amount chosen."""
        p = self.amount_panel
        if p is None:
            return
        amount, target = p["slider"].get_current_value(), p["target"]
        self.close_amount()
        self.act(Action("attack_player", self.me, target=target, amount=amount))

    def amount_event(self, event: pygame.event.Event) -> None:
        """The amount dialog takes the pointer and the keys while it is up."""
        p = self.amount_panel
        assert p is not None
        picker: AmountPicker = p["slider"]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            picker.press(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            picker.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            picker.release()
        elif event.type == pygame.MOUSEWHEEL and p["rect"].collidepoint(pygame.mouse.get_pos()):
            picker.step(1 if event.y > 0 else -1 if event.y < 0 else 0)
        elif event.type == pygame.KEYDOWN:
            what = picker.key(event)
            if what == "attack":
                self.attack_amount()
            elif what == "cancel":
                self.close_amount()

    # ------------------------------------------------------------------ drawing

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        self.effects.draw(self, surface, self.app.clock_ms)
        self.autosave_notice.draw(surface, self.autosave_status, self.app.clock_ms, self.px,
                                  self.rect(1910, 64, 0, 0).topleft, words=False)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.tooltips.draw(self, surface, self.app.clock_ms)

    def exit(self) -> None:
        super().exit()
