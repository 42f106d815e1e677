"""The panel that asks the human to answer a pending engine decision.

Options become buttons worded from the effect data; card selections show the
candidate cards to click; seat targets list the players.  Every answer is one of
the engine's legal actions — the panel only offers what ``legal_actions`` lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import i18n
from game.star_realms.engine.campaign import apply_sticker
from game.star_realms.engine.campaign_def import UPGRADE_COST
from game.star_realms.engine.state import Action, State
from game.star_realms.model import CandidateModel, QuestionModel
from game.star_realms.ui import campaign_view as cv
from game.ui import fonts, palette

if TYPE_CHECKING:
    from game.star_realms.ui.scenes.table import TableScene

TITLE_COLOR = palette.TITLE


def decision_title(q: QuestionModel, db) -> str:
    """"Source card: what to do", worded from the model's question (its i18n key and
    numbers); ``db`` names the source card by its definition id.  A question the rules
    ask (no card behind it) is just "What to do", capitalised."""
    params = dict(q.params)
    if "zones" in params:
        params["where"] = ", ".join(i18n.t(f"zone.{z}") for z in params.pop("zones"))
    if q.prompt == "prompt.owed_discard" and not q.candidates:
        params["n"] = 0
    what = i18n.t(q.prompt, **params)
    if q.source is None:
        return what[:1].upper() + what[1:]
    return f"{i18n.card_name(db[q.source.id])}: {what}"


class _Panel:
    """What both question panels share: buttons and card rectangles that stand for
    engine actions, and tearing the pygame-gui elements down."""

    actions: dict[pygame_gui.core.UIElement, Action]
    card_rects: list[tuple[pygame.Rect, Action]]
    panel: pygame_gui.elements.UIPanel

    def ui_event(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            return self.actions[event.ui_element]
        return None

    def click(self, pos: tuple[int, int]) -> Action | None:
        for rect, action in self.card_rects:
            if rect.collidepoint(pos):
                return action
        return None

    def kill(self) -> None:
        self.panel.kill()
        for el in self.actions:
            el.kill()
        self.actions.clear()


class Prompt(_Panel):
    def __init__(self, scene: TableScene, state: State, legal: list[Action],
                 continuing: bool = False):
        """``continuing``: the player already picked cards for this same effect."""
        self.scene = scene
        self.state = state
        self.legal = legal
        self.actions: dict[pygame_gui.core.UIElement, Action] = {}
        self.card_rects: list[tuple[pygame.Rect, Action]] = []
        ui = scene.ui
        lay = scene.layout
        area = lay.zones()["prompt"]
        self.panel = pygame_gui.elements.UIPanel(area, manager=ui, starting_height=3)
        pad = lay.px(18)
        question = scene.model.question
        assert question is not None
        self.title = decision_title(question, scene.session.db)
        self.title_pos = (area.x + pad, area.y + pad)
        btn_h = lay.px(54)
        y_buttons = area.bottom - pad - btn_h
        stop = next((a for a in legal if a.kind == "stop"), None)
        # the answers, from the model's question: each candidate's action id and text
        answers = [(c, a) for c, a in ((c, scene.session.find(c.action))
                                       for c in question.candidates) if a is not None]
        if question.kind == "option":
            n = max(len(answers), 1)
            w = (area.w - pad * (n + 1)) // n
            for i, (c, a) in enumerate(answers):
                rect = pygame.Rect(area.x + pad + i * (w + pad), area.y + lay.px(90), w,
                                   area.h - lay.px(90) - pad)
                btn = pygame_gui.elements.UIButton(rect, self._option_text(question, c), ui,
                                                   object_id="#primary_button",
                                                   starting_height=4)
                self.actions[btn] = a
        elif question.kind == "seat":
            seats = [(c, a) for c, a in answers if c.seat >= 0]
            w = min(lay.px(360), (area.w - pad * (len(seats) + 1)) // max(len(seats), 1))
            viewer = scene.model.viewer
            for i, (c, a) in enumerate(seats):
                name = scene.model.seats[c.seat].name
                label = i18n.t("prompt.you", name=name) if c.seat == viewer else name
                rect = pygame.Rect(area.x + pad + i * (w + pad), area.y + lay.px(110), w,
                                   lay.px(80))
                btn = pygame_gui.elements.UIButton(rect, label, ui, starting_height=4,
                                                   object_id="#primary_button")
                self.actions[btn] = a
        else:
            picks = [a for c, a in answers if c.card is not None]
            self._place_cards(area, pad, y_buttons, picks)
        if stop is not None:
            label = i18n.t("prompt.done") if continuing else i18n.t("prompt.skip")
            rect = pygame.Rect(area.right - pad - lay.px(220), y_buttons, lay.px(220), btn_h)
            btn = pygame_gui.elements.UIButton(rect, label, ui, starting_height=4)
            self.actions[btn] = stop

    # ------------------------------------------------------------ building

    @staticmethod
    def _option_text(question: QuestionModel, option: CandidateModel) -> str:
        """An option's button: what it does (the model words it in the current language);
        a "may" question's answers are yes (do it) and no."""
        if question.purpose == "may":
            return (f"{i18n.t('prompt.yes')}: {option.text}" if option.index == 0
                    else i18n.t("prompt.no"))
        return option.text

    def _place_cards(self, area: pygame.Rect, pad: int, bottom: int, picks: list[Action]) -> None:
        lay = self.scene.layout
        n = len(picks)
        top = area.y + lay.px(70)
        avail_h = bottom - pad - top
        avail_w = area.w - 2 * pad
        w = lay.card_w
        # shrink to fit one or two rows
        for rows in (1, 2, 3):
            per_row = -(-n // rows)
            w = min(lay.px(150), (avail_w - (per_row - 1) * pad // 2) // max(per_row, 1),
                    int((avail_h - (rows - 1) * pad // 2) / rows / 1.397))
            if w >= lay.px(96) or rows == 3:
                break
        h = round(w * 1.397)
        per_row = max(1, (avail_w + pad // 2) // (w + pad // 2))
        for i, a in enumerate(picks):
            r, c = divmod(i, per_row)
            count_in_row = min(per_row, n - r * per_row)
            row_w = count_in_row * w + (count_in_row - 1) * (pad // 2)
            x0 = area.x + (area.w - row_w) // 2
            rect = pygame.Rect(x0 + c * (w + pad // 2), top + r * (h + pad // 2), w, h)
            self.card_rects.append((rect, a))

    # ------------------------------------------------------------ input / drawing

    def card_at(self, pos: tuple[int, int]) -> int | None:
        for rect, action in self.card_rects:
            if rect.collidepoint(pos):
                return action.card
        return None

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.scene.layout
        title = fonts.text(self.title, lay.px(26), TITLE_COLOR, bold=True)
        max_w = self.panel.rect.w - 2 * lay.px(18)
        if title.get_width() > max_w:
            title = pygame.transform.smoothscale(
                title, (max_w, max(1, title.get_height() * max_w // title.get_width())))
        surface.blit(title, self.title_pos)
        mouse = pygame.mouse.get_pos()
        for rect, action in self.card_rects:
            iid = action.card
            img = self.scene.face(iid, rect.w)  # from the model's card (back if HIDDEN)
            surface.blit(img, rect)
            if rect.collidepoint(mouse):
                pygame.draw.rect(surface, palette.CHOSEN, rect.inflate(6, 6), 3,
                                 border_radius=lay.px(8))


class UpgradePrompt(_Panel):
    """The campaign's upgrade question at purchase time: the card being acquired, what
    an upgrade costs, and per offered sticker a preview of the upgraded face.  Every
    answer is the engine's action (``choose`` a sticker, or ``stop``)."""

    def __init__(self, scene: TableScene, state: State, legal: list[Action]):
        self.scene = scene
        self.state = state
        d = state.pending
        assert d is not None and d.effect is not None
        self.decision = d
        self.legal = legal
        self.actions: dict[pygame_gui.core.UIElement, Action] = {}
        self.card_rects: list[tuple[pygame.Rect, Action]] = []
        self.captions: list[tuple[pygame.Rect, str, str]] = []
        lay = scene.layout
        ui = scene.ui
        db = state.db if state.db is not None else scene.session.db
        fmt = state.format
        seat = d.seat
        faction = fmt.spec.factions[seat]
        self.card = state.card(d.source)
        printed = db[self.card.id]
        self.extra = fmt.upgrade_cost(seat, self.card)
        self.base_extra = UPGRADE_COST.get(self.card.type, self.extra)
        stickers = d.effect[1]["stickers"]
        chooses = {a.index: a for a in legal if a.kind == "choose"}
        stop = next((a for a in legal if a.kind == "stop"), None)
        self.area = area = lay.r(170, 120, 1370, 780)
        self.panel = pygame_gui.elements.UIPanel(area, manager=ui, starting_height=3)
        self.panel.background_colour = pygame.Color(palette.DIALOG)  # opaque: a dialog
        self.panel.rebuild()
        pad = lay.px(24)
        n = len(stickers)
        gap = lay.px(22)
        sep = lay.px(48)
        w = min(lay.px(270), (area.w - 2 * pad - sep - gap * (n - 1)) // (n + 1))
        h = round(w * 1.397)
        top = area.y + lay.px(116)
        self.original = pygame.Rect(area.x + pad, top, w, h)
        btn_h = lay.px(60)
        btn_y = min(top + h + lay.px(150), area.bottom - pad - btn_h)
        x = self.original.right + sep
        self.previews: list[tuple[pygame.Rect, object]] = []
        for i, sid in enumerate(stickers):
            sticker = db.campaign.stickers[sid]
            face = fmt.card_variant(apply_sticker(printed, sticker, faction))
            rect = pygame.Rect(x + i * (w + gap), top, w, h)
            self.previews.append((rect, face))
            action = chooses.get(i)
            if action is None:
                continue
            self.card_rects.append((rect, action))
            self.captions.append((rect, cv.sticker_title(db, sticker),
                                  cv.sticker_text(sticker, faction)))
            btn = pygame_gui.elements.UIButton(
                pygame.Rect(rect.x, btn_y, w, btn_h), i18n.t("upgrade.choose", n=self.extra), ui,
                object_id="#primary_button", starting_height=4)
            self.actions[btn] = action
        if stop is not None:
            dw = lay.px(340)
            rect = pygame.Rect(area.right - pad - dw, area.bottom - pad - btn_h, dw, btn_h)
            btn = pygame_gui.elements.UIButton(rect, i18n.t("upgrade.decline"), ui,
                                               starting_height=4)
            self.actions[btn] = stop
        self.title = i18n.t("upgrade.title", card=i18n.card_name(self.card))
        extra = i18n.t("upgrade.extra_" + self.card.type, n=self.extra)
        if self.extra != self.base_extra:
            extra += " " + i18n.t("upgrade.scenario_extra", n=self.extra - self.base_extra)
        self.subtitle = i18n.t("upgrade.costs", cost=fmt.price(state, seat, d.source),
                               extra=extra, trade=state.seats[seat].trade)

    # ------------------------------------------------------------ input / drawing

    def card_at(self, pos: tuple[int, int]) -> int | None:
        return self.decision.source if self.original.collidepoint(pos) else None

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.scene.layout
        images = self.scene.images
        pad = lay.px(24)
        max_w = self.area.w - 2 * pad
        cv.blit_text(surface, self.title, (self.area.x + pad, self.area.y + pad), lay.px(34),
                     TITLE_COLOR, True, max_w=max_w)
        cv.blit_text(surface, self.subtitle, (self.area.x + pad, self.area.y + lay.px(70)),
                     lay.px(22), cv.GOLD, True, max_w=max_w)
        o = self.original
        surface.blit(images.face(self.card, o.w), o)
        cv.blit_wrapped(surface, i18n.t("upgrade.as_printed"), o.x, o.bottom + lay.px(8), o.w,
                        lay.px(22), cv.DIM, True)
        arrow_x = o.right + lay.px(24)
        pygame.draw.polygon(surface, cv.GOLD, [(arrow_x - lay.px(10), o.centery - lay.px(16)),
                                               (arrow_x - lay.px(10), o.centery + lay.px(16)),
                                               (arrow_x + lay.px(8), o.centery)])
        mouse = pygame.mouse.get_pos()
        for rect, face in self.previews:
            surface.blit(images.face(face, rect.w), rect)
            if rect.collidepoint(mouse):
                pygame.draw.rect(surface, palette.CHOSEN, rect.inflate(8, 8), 3,
                                 border_radius=lay.px(8))
        for rect, head, text in self.captions:
            y = cv.blit_wrapped(surface, head, rect.x, rect.bottom + lay.px(8), rect.w,
                                lay.px(20), cv.GOLD, True, line_h=lay.px(25), max_lines=2)
            cv.blit_wrapped(surface, text, rect.x, y + lay.px(2), rect.w, lay.px(22), TITLE_COLOR,
                            line_h=lay.px(27), max_lines=3)


def make_prompt(scene: TableScene, state: State, legal: list[Action],
                continuing: bool = False):
    """The panel for the pending decision: the campaign's upgrade dialog for an upgrade
    question, the generic panel for everything else."""
    d = state.pending
    if (d is not None and d.purpose == "upgrade" and d.effect is not None
            and getattr(state.format, "spec", None) is not None):
        return UpgradePrompt(scene, state, legal)
    return Prompt(scene, state, legal, continuing)
