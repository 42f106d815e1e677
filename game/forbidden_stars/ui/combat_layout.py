"""Where everything of the combat panel goes, computed from the panel's rectangle, its
scale and the model alone, so drawing (combat_view.py) and input (combat_input.py) agree.

The panel: a header (title, round track, phase) on top; the attacker's column on the
left and the defender's on the right (units, dice, tokens, totals); between them the
card slots, a row per side and a column per round, and the results underneath; at the
bottom this seat's hand, the other choices beside it when there are any, and the prompt.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.forbidden_stars.ui.combat_model import CombatModel, SideModel
from game.ui import fonts
from game.ui.log_panel import MIN_TEXT

ROUNDS = 3
# the pending effect's words over the choices: the choices' size (reference px), never
# under the running text's floor (docs/art.md; the panel over a 4-player map's column
# at 1280×720 is scaled 0.7, which set them at 9 px)
PENDING_SIZE = 14


@dataclass
class Layout:
    rect: pygame.Rect
    scale: float
    header: pygame.Rect
    columns: dict[str, pygame.Rect]  # role → the side's column
    centre: pygame.Rect
    round_labels: list[pygame.Rect]
    slots: dict[tuple[str, int], pygame.Rect]  # (role, round index) → a card slot
    results: pygame.Rect
    strip: pygame.Rect  # the hand's strip
    hand: list[pygame.Rect]
    choices_box: pygame.Rect | None
    choices: list[pygame.Rect]  # model.choices then model.retreats, in order
    prompt: pygame.Rect
    units: dict[tuple[int, str], pygame.Rect] = field(default_factory=dict)  # (seat, group)
    drop: pygame.Rect | None = None  # the slot a card is dropped on, when one may be played
    unit_top: dict[str, int] = field(default_factory=dict)  # role → y of the first unit row
    pending: pygame.Rect | None = None  # the pending effect's words, over the choices

    def px(self, v: float) -> int:
        return max(1, round(v * self.scale))


def side_fixed_height(scale: float) -> int:
    """The side column's part above the unit rows: name, faction, dice, totals, tokens,
    reinforcements and hand, the units' caption."""
    return round((24 + 20 + 8 + 36 + 8 + 24 + 30 + 22 + 22 + 6) * scale)


def unit_row_height(scale: float) -> int:
    return round(28 * scale)


def choice_height(scale: float) -> int:
    return round(30 * scale)


def pending_px(scale: float) -> int:
    """The pending effect's font size at the panel's ``scale``."""
    return max(MIN_TEXT, round(PENDING_SIZE * scale))


def pending_lines(text: str, scale: float, width: int) -> list[str]:
    """The pending effect's words wrapped to the choices box (combat_view draws them)."""
    return fonts.wrap(text, pending_px(scale), width) if text else []


def slot_index(side: SideModel, round_no: int) -> int:
    """The slot a card dropped now goes to: after the face-up cards, at most the round's."""
    return min(len(side.played), max(0, round_no - 1), ROUNDS - 1)


def layout(rect: pygame.Rect, scale: float, model: CombatModel) -> Layout:
    def px(v: float) -> int:
        return max(1, round(v * scale))

    pad, gap = px(10), px(8)
    inner = rect.inflate(-2 * pad, -2 * pad)
    header = pygame.Rect(inner.x, inner.y, inner.w, px(34))
    prompt = pygame.Rect(inner.x, inner.bottom - px(26), inner.w, px(26))
    strip_h = min(px(226), inner.h * 36 // 100)
    n_choices = len(model.choices) + len(model.retreats)
    me = model.mine
    n_hand = len(me.hand) if me is not None else 0
    box_w = inner.w * 42 // 100 if n_hand else inner.w
    # a long pending effect ("A OR B" with unit names, issue 38) gets every line it
    # needs: the strip grows (to half the panel at most) rather than cutting the words
    lines = pending_lines(model.pending_text, scale, box_w - px(12))
    text_h = len(lines) * fonts.font(pending_px(scale)).get_linesize()
    if lines:
        ch = choice_height(scale) + px(4)
        per_row = max(1, min(box_w // px(300), n_choices, 3))
        need = px(8) + text_h + px(4) + -(-n_choices // per_row) * ch + px(4)
        strip_h = max(strip_h, min(need, inner.h // 2))
    strip = pygame.Rect(inner.x, prompt.y - gap - strip_h, inner.w, strip_h)
    mid_top = header.bottom + gap
    mid = pygame.Rect(inner.x, mid_top, inner.w, strip.y - gap - mid_top)
    col_w = min(px(340), (mid.w - 2 * gap) * 27 // 100)
    left = pygame.Rect(mid.x, mid.y, col_w, mid.h)
    right = pygame.Rect(mid.right - col_w, mid.y, col_w, mid.h)
    centre = pygame.Rect(left.right + gap, mid.y, right.x - left.right - 2 * gap, mid.h)

    results_h = px(4 * 18 + 10)
    results = pygame.Rect(centre.x, centre.bottom - results_h, centre.w, results_h)
    label_h = px(22)
    slot_w = (centre.w - 2 * gap) // ROUNDS
    slot_h = (results.y - gap - (centre.y + label_h) - gap) // 2
    round_labels = [pygame.Rect(centre.x + i * (slot_w + gap), centre.y, slot_w, label_h)
                    for i in range(ROUNDS)]
    slots: dict[tuple[str, int], pygame.Rect] = {}
    for row, role in enumerate(("attacker", "defender")):
        y = centre.y + label_h + row * (slot_h + gap)
        for i in range(ROUNDS):
            slots[(role, i)] = pygame.Rect(centre.x + i * (slot_w + gap), y, slot_w, slot_h)

    choices_box: pygame.Rect | None = None
    pending: pygame.Rect | None = None
    choices: list[pygame.Rect] = []
    hand_area = strip
    if n_choices or model.pending_text:
        choices_box = pygame.Rect(strip.right - box_w, strip.y, box_w, strip.h)
        hand_area = pygame.Rect(strip.x, strip.y, strip.w - box_w - gap, strip.h)
        top = choices_box.y + px(6) + px(22)
        if lines:
            pending = pygame.Rect(choices_box.x + px(6), choices_box.y + px(4),
                                  box_w - px(12), text_h)
            top = pending.bottom + px(4)
        ch = choice_height(scale)
        rows = max(1, (choices_box.bottom - px(4) - top) // (ch + px(4)))
        needed = -(-n_choices // rows)
        cols = max(1, needed, min(choices_box.w // px(300), n_choices, 3))
        bw = (choices_box.w - px(12) - (cols - 1) * px(6)) // cols
        for k in range(n_choices):
            r, c = divmod(k, cols)
            if r >= rows:
                break
            choices.append(pygame.Rect(choices_box.x + px(6) + c * (bw + px(6)),
                                       top + r * (ch + px(4)), bw, ch))
    hand: list[pygame.Rect] = []
    if n_hand:
        k = max(n_hand, 4) if choices_box is None else max(n_hand, 3)
        card_w = min(px(250), (hand_area.w - (k - 1) * gap) // k)
        y = hand_area.y + px(20)
        for i in range(n_hand):
            hand.append(pygame.Rect(hand_area.x + i * (card_w + gap), y, card_w,
                                    hand_area.bottom - y))

    out = Layout(rect, scale, header, {"attacker": left, "defender": right}, centre,
                 round_labels, slots, results, strip, hand, choices_box, choices, prompt,
                 pending=pending)
    row_h = unit_row_height(scale)
    for side, col in ((model.attacker, left), (model.defender, right)):
        top = col.y + side_fixed_height(scale)
        out.unit_top[side.role] = top
        for k, row in enumerate(side.units):
            r = pygame.Rect(col.x + px(6), top + k * row_h, col.w - px(12), row_h - px(3))
            if r.bottom <= col.bottom:
                out.units[(side.seat, row.group)] = r
    if me is not None and model.card_plays:
        out.drop = slots[(me.role, slot_index(me, model.round))]
    return out
