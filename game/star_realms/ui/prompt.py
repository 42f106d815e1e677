"""The panel that asks the human to answer a pending engine decision.

Options become buttons worded from the effect data; card selections show the
candidate cards to click; seat targets list the players.  Every answer is one of
the engine's legal actions — the panel only offers what ``legal_actions`` lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game import i18n
from game.star_realms.engine.campaign import apply_sticker
from game.star_realms.engine.campaign_def import UPGRADE_COST
from game.star_realms.engine.state import Action, State
from game.star_realms.model import CandidateModel, QuestionModel
from game.star_realms.ui import campaign_view as cv
from game.ui import fonts, palette
from game.ui.dialogs import SIZED

if TYPE_CHECKING:
    from game.star_realms.ui.scenes.table import TableScene

TITLE_COLOR = palette.TITLE
LABEL_COLOR = (230, 236, 250)  # a button's words (assets/theme.json, normal_text)
TITLE_FONT = 26  # a prompt's question (reference px, with the "Text size" setting)
BUTTON_FONT = 22  # a button's words in assets/theme.json (before scaling)


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
    """A question under the trade row: its title (the source card and what to do), then
    the options, the players or the cards to choose from.  Its words follow the "Text
    size" setting: the title with the table's text, the buttons' labels with the sized
    buttons' font (``button_font``), wrapped and made smaller to fit, never cut or
    squeezed."""

    def __init__(self, scene: TableScene, state: State, legal: list[Action],
                 continuing: bool = False):
        """``continuing``: the player already picked cards for this same effect."""
        self.scene = scene
        self.state = state
        self.legal = legal
        self.actions: dict[pygame_gui.core.UIElement, Action] = {}
        self.card_rects: list[tuple[pygame.Rect, Action]] = []
        self.pile_labels: list[tuple[pygame.Rect, str]] = []  # (card, where it lies)
        self.pile_size = 0
        # the words on the option and seat buttons, drawn by ``draw`` (wrapped to fit)
        self.labels: dict[pygame_gui.core.UIElement, str] = {}
        self._fitted: dict[pygame_gui.core.UIElement, tuple[int, list[str]]] = {}
        ui = scene.ui
        lay = scene.layout
        area = lay.zones()["prompt"]
        self.area = area
        self.panel = pygame_gui.elements.UIPanel(area, manager=ui, starting_height=3)
        pad = lay.px(18)
        question = scene.model.question
        assert question is not None
        self.title = decision_title(question, scene.session.db)
        # the question: up to two lines, smaller only if it must be
        size = lay.fs(TITLE_FONT)
        self.title_size, self.title_lines = fonts.fit(
            self.title, size, area.w - 2 * pad, fonts.block_height(2, size, True), bold=True)
        self.title_pos = (area.x + pad, area.y + pad)
        body = area.y + 2 * pad + fonts.block_height(len(self.title_lines), self.title_size,
                                                     True)
        self.words = button_font(scene)
        line = fonts.font(self.words, True).get_height()
        btn_h = max(lay.px(54), line + lay.px(20))
        y_buttons = area.bottom - pad - btn_h
        stop = next((a for a in legal if a.kind == "stop"), None)
        bottom = (y_buttons if stop is not None else area.bottom) - pad
        # the answers, from the model's question: each candidate's action id and text
        answers = [(c, a) for c, a in ((c, scene.session.find(c.action))
                                       for c in question.candidates) if a is not None]
        if question.kind == "option":
            n = max(len(answers), 1)
            w = (area.w - pad * (n + 1)) // n
            for i, (c, a) in enumerate(answers):
                rect = pygame.Rect(area.x + pad + i * (w + pad), body, w, bottom - body)
                self._button(rect, a, self._option_text(question, c), primary=True)
        elif question.kind == "seat":
            seats = [(c, a) for c, a in answers if c.seat >= 0]
            w = min(lay.px(360), (area.w - pad * (len(seats) + 1)) // max(len(seats), 1))
            h = min(bottom - body - lay.px(20), max(lay.px(80), 2 * line + lay.px(16)))
            viewer = scene.model.viewer
            for i, (c, a) in enumerate(seats):
                name = scene.model.seats[c.seat].name
                label = i18n.t("prompt.you", name=name) if c.seat == viewer else name
                rect = pygame.Rect(area.x + pad + i * (w + pad), body + lay.px(20), w, h)
                self._button(rect, a, label, primary=True)
        else:
            cards = [(c, a) for c, a in answers if c.card is not None]
            # cards from more than one pile ("scrap from hand or discard"): each says where
            piles = [c.zone for c, _ in cards]
            labelled = len(set(piles)) > 1
            self.pile_size = lay.fs(18)
            label_h = fonts.line_step(self.pile_size) + lay.px(4) if labelled else 0
            self._place_cards(area, pad, body, y_buttons - label_h, [a for _, a in cards])
            if labelled:
                self.pile_labels = [(rect, pile_label(scene, zone))
                                    for (rect, _), zone in zip(self.card_rects, piles, strict=True)]
        if stop is not None:
            label = i18n.t("prompt.done") if continuing else i18n.t("prompt.skip")
            w = max(lay.px(220), fonts.font(self.words, True).size(label)[0] + lay.px(40))
            rect = pygame.Rect(area.right - pad - w, y_buttons, w, btn_h)
            btn = pygame_gui.elements.UIButton(rect, label, ui, starting_height=4,
                                               object_id=ObjectID(None, SIZED))
            self.actions[btn] = stop

    # ------------------------------------------------------------ building

    def _button(self, rect: pygame.Rect, action: Action, label: str, primary: bool) -> None:
        """A button whose words ``draw`` writes over it, wrapped and fitted."""
        btn = pygame_gui.elements.UIButton(
            rect, "", self.scene.ui, starting_height=4,
            object_id=ObjectID("#primary_button" if primary else None, SIZED))
        self.actions[btn] = action
        self.labels[btn] = label
        inner = self.scene.layout.px(10)
        self._fitted[btn] = fonts.fit(label, self.words, rect.w - 2 * inner,
                                      rect.h - 2 * inner, bold=True)

    @staticmethod
    def _option_text(question: QuestionModel, option: CandidateModel) -> str:
        """An option's button: what it does (the model words it in the current language);
        a "may" question's answers are yes (do it) and no."""
        if question.purpose == "may":
            return (f"{i18n.t('prompt.yes')}: {option.text}" if option.index == 0
                    else i18n.t("prompt.no"))
        return option.text

    def _place_cards(self, area: pygame.Rect, pad: int, top: int, bottom: int,
                     picks: list[Action]) -> None:
        lay = self.scene.layout
        n = len(picks)
        avail_h = bottom - pad - top
        avail_w = area.w - 2 * pad
        w = lay.card_w
        # as large as the table's cards, smaller to fit one or two rows
        for rows in (1, 2, 3):
            per_row = -(-n // rows)
            w = min(lay.card_w, (avail_w - (per_row - 1) * pad // 2) // max(per_row, 1),
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
        x, y = self.title_pos
        for line in self.title_lines:
            surface.blit(fonts.text(line, self.title_size, TITLE_COLOR, bold=True), (x, y))
            y += fonts.line_step(self.title_size)
        for btn, (size, lines) in self._fitted.items():
            r = btn.rect
            y = r.centery - fonts.block_height(len(lines), size, True) // 2
            for line in lines:
                t = fonts.text(line, size, LABEL_COLOR, bold=True)
                surface.blit(t, t.get_rect(midtop=(r.centerx, y)))
                y += fonts.line_step(size)
        mouse = pygame.mouse.get_pos()
        for rect, action in self.card_rects:
            iid = action.card
            img = self.scene.face(iid, rect.w)  # from the model's card (back if HIDDEN)
            surface.blit(img, rect)
            if rect.collidepoint(mouse):
                pygame.draw.rect(surface, palette.CHOSEN, rect.inflate(6, 6), 3,
                                 border_radius=lay.px(8))
        for rect, text in self.pile_labels:
            size = fit_width(text, self.pile_size, rect.w + lay.px(8))
            t = fonts.text(text, size, TITLE_COLOR, bold=True)
            surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.bottom + lay.px(4))))


def pile_label(scene, zone: str) -> str:
    """Where a candidate card lies ("In hand", "In discard pile"), with its owner's name
    when that is not the viewer; "" for a pile with no label."""
    pile, _, seat = zone.partition(":")
    text = i18n.t(f"prompt.pile_{pile}")
    if text == f"prompt.pile_{pile}":
        return ""
    if seat.isdigit() and int(seat) != scene.model.viewer:
        text = i18n.t("prompt.pile_of", pile=text, name=scene.model.seats[int(seat)].name)
    return text


def fit_width(text: str, size: int, width: int) -> int:
    """``size``, or smaller (not below 9 px) so that bold ``text`` fits ``width``."""
    while size > 9 and fonts.font(size, True).size(text)[0] > width:
        size -= 1
    return size


def button_font(scene) -> int:
    """The size of a sized button's words (``game.ui.dialogs.SIZED``): the theme's button
    font with the window, the "Text and button size" and the "Text size" settings."""
    return max(9, round(BUTTON_FONT * scene.app.text_scale * scene.app.settings.text_size))


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
        self.title = i18n.t("upgrade.title", card=i18n.card_name(self.card))
        extra = i18n.t("upgrade.extra_" + self.card.type, n=self.extra)
        if self.extra != self.base_extra:
            extra += " " + i18n.t("upgrade.scenario_extra", n=self.extra - self.base_extra)
        self.subtitle = i18n.t("upgrade.costs", cost=fmt.price(state, seat, d.source),
                               extra=extra, trade=state.seats[seat].trade)
        # the words first (they follow the "Text size" setting), the cards get the rest
        pad = lay.px(24)
        max_w = area.w - 2 * pad
        size = lay.fs(34)
        self.title_fit = fonts.fit(self.title, size, max_w, fonts.block_height(1, size, True),
                                   bold=True)
        size = lay.fs(22)
        self.subtitle_fit = fonts.fit(self.subtitle, size, max_w,
                                      fonts.block_height(2, size, True), bold=True)
        self.subtitle_y = area.y + pad + fonts.block_height(1, self.title_fit[0], True) + \
            lay.px(10)
        top = self.subtitle_y + fonts.block_height(len(self.subtitle_fit[1]),
                                                   self.subtitle_fit[0], True) + lay.px(20)
        # under each preview: the sticker's name (two lines) and what it does (three)
        self.head_size, self.text_size = lay.fs(20), lay.fs(22)
        caption_h = (lay.px(8) + 2 * fonts.line_step(self.head_size) + lay.px(2)
                     + 3 * fonts.line_step(self.text_size))
        words = button_font(scene)
        btn_h = max(lay.px(60), fonts.font(words, True).get_height() + lay.px(20))
        decline = i18n.t("upgrade.decline")
        dw = max(lay.px(340), fonts.font(words, True).size(decline)[0] + lay.px(40))
        n = len(stickers)
        gap = lay.px(22)
        sep = lay.px(48)
        bottom = area.bottom - pad - btn_h  # the decline button's row
        w = 0
        for rows in (1, 2):  # the choose buttons beside the decline button, or above it
            room = bottom - (lay.px(12) + btn_h if rows == 2 else 0) - lay.px(8) - caption_h
            w = min(lay.px(270), (area.w - 2 * pad - sep - gap * (n - 1)) // (n + 1),
                    int((room - top) / 1.397))
            right = area.x + pad + w + sep + n * w + (n - 1) * gap
            if right + gap <= area.right - pad - dw:
                break
        h = round(w * 1.397)
        self.original = pygame.Rect(area.x + pad, top, w, h)
        btn_y = min(top + h + caption_h + lay.px(8), bottom)
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
                object_id=ObjectID("#primary_button", SIZED), starting_height=4)
            self.actions[btn] = action
        if stop is not None:
            rect = pygame.Rect(area.right - pad - dw, area.bottom - pad - btn_h, dw, btn_h)
            btn = pygame_gui.elements.UIButton(rect, decline, ui, starting_height=4,
                                               object_id=ObjectID(None, SIZED))
            self.actions[btn] = stop

    # ------------------------------------------------------------ input / drawing

    def card_at(self, pos: tuple[int, int]) -> int | None:
        return self.decision.source if self.original.collidepoint(pos) else None

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.scene.layout
        images = self.scene.images
        pad = lay.px(24)
        x = self.area.x + pad
        size, lines = self.title_fit
        surface.blit(fonts.text(lines[0], size, TITLE_COLOR, True), (x, self.area.y + pad))
        size, lines = self.subtitle_fit
        for i, line in enumerate(lines):
            surface.blit(fonts.text(line, size, cv.GOLD, True),
                         (x, self.subtitle_y + i * fonts.line_step(size)))
        o = self.original
        surface.blit(images.face(self.card, o.w), o)
        cv.blit_wrapped(surface, i18n.t("upgrade.as_printed"), o.x, o.bottom + lay.px(8), o.w,
                        self.text_size, cv.DIM, True, line_h=fonts.line_step(self.text_size),
                        max_lines=2)
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
                                self.head_size, cv.GOLD, True,
                                line_h=fonts.line_step(self.head_size), max_lines=2)
            cv.blit_wrapped(surface, text, rect.x, y + lay.px(2), rect.w, self.text_size,
                            TITLE_COLOR, line_h=fonts.line_step(self.text_size), max_lines=3)


def make_prompt(scene: TableScene, state: State, legal: list[Action],
                continuing: bool = False):
    """The panel for the pending decision: the campaign's upgrade dialog for an upgrade
    question, the generic panel for everything else."""
    d = state.pending
    if (d is not None and d.purpose == "upgrade" and d.effect is not None
            and getattr(state.format, "spec", None) is not None):
        return UpgradePrompt(scene, state, legal)
    return Prompt(scene, state, legal, continuing)
