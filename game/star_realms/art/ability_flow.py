"""Laying out the content of one ability box, without drawing it: resource gains as
chips (coin, burst, cross with the number) in centred rows, everything else as wrapped
phrases with their icon; the chips may instead stand in a column beside the phrases,
as on the printed cards.  The result is a list of drawing operations and a height."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.star_realms import card_text
from game.star_realms.art import text as tx
from game.star_realms.art.fonts import Font, font


@dataclass(slots=True)
class Op:
    """One thing to draw inside an ability box, relative to the content origin."""

    kind: str  # "chip" | "word" | "line" | "icon"
    x: float
    y: float
    size: int = 0
    text: str = ""
    name: str = ""
    style: str = "regular"


@dataclass(slots=True)
class Flow:
    """One ability laid out: what to draw, how tall it is, whether it fits the width."""

    ops: list[Op]
    height: float
    fits: bool


def or_word_in(lang: str) -> str:
    """The word "or" in ``lang``, as the card text spells it."""
    return card_text.fmt("logic.or", lang, a="", b="").strip()


def group_parts(parts: list[card_text.Part],
                lang: str) -> list[tuple[str, list[card_text.Part]]]:
    """Consecutive chips (gains, either/or gains) form one group; every phrase is its own.
    An either/or with a phrase option becomes chips then "or <phrase>"."""
    groups: list[tuple[str, list[card_text.Part]]] = []

    def add_chip(part: card_text.Part) -> None:
        if groups and groups[-1][0] == "chips":
            groups[-1][1].append(part)
        else:
            groups.append(("chips", [part]))

    for part in parts:
        if part.kind == "gain" or (
                part.kind == "or" and all(o.kind == "gain" for o in part.options)):
            add_chip(part)
        elif part.kind == "or":
            gains = [o for o in part.options if o.kind == "gain"]
            if len(gains) > 1:
                add_chip(card_text.Part("or", "", options=tuple(gains)))
            elif gains:
                add_chip(gains[0])
            first = not gains
            for opt in part.options:
                if opt.kind == "gain":
                    continue
                text = opt.text if first else f"{or_word_in(lang)} {card_text._lc(opt.text)}"
                groups.append(("text", [card_text.Part("text", text, icon=opt.icon)]))
                first = False
        else:
            groups.append(("text", [part]))
    return groups


def chip_rows(group: list[card_text.Part], lang: str, width: float, chip: int, chip_gap: int,
              fb: Font) -> list[list[tuple[str, Any, float]]]:
    """Chips and "or" words of a chip group, wrapped into rows ``width`` wide."""
    or_word = or_word_in(lang)
    tokens: list[tuple[str, Any, float]] = []  # (chip | word | space, payload, width)
    for pi, part in enumerate(group):
        if pi:
            tokens.append(("space", None, chip_gap))
        if part.kind == "gain":
            tokens.append(("chip", part, chip))
        else:
            for oi, opt in enumerate(part.options):
                if oi:
                    tokens.append(("word", or_word, fb.getlength(or_word) + 2 * chip_gap))
                tokens.append(("chip", opt, chip))
    rows: list[list[tuple[str, Any, float]]] = [[]]
    row_w = 0.0
    for tok in tokens:
        if tok[0] == "space" and not rows[-1]:
            continue
        if rows[-1] and tok[0] != "space" and row_w + tok[2] > width:
            rows.append([])
            row_w = 0.0
        rows[-1].append(tok)
        row_w += tok[2]
    for row in rows:
        while row and row[-1][0] == "space":
            row.pop()
    return rows


def flow_ability(parts: list[card_text.Part], lang: str, width: float, f_size: int,
                 chip_min: float, side: bool = False) -> Flow:
    """Lay out one ability's parts at font size ``f_size`` within ``width``.

    Normally everything stacks: chip rows centred, phrases left-aligned with their icon.
    With ``side``, a leading single row of chips stands in a column left of the phrases
    (as on the printed cards); if that is not possible the normal layout is returned."""
    f = font("regular", f_size)
    fb = font("bold", f_size)
    lh = tx.line_height(f)
    chip = max(round(f_size * 2.0), round(chip_min))
    gap = max(1, round(f_size * 0.35))
    chip_gap = max(1, round(chip * 0.16))
    icon_size = max(4, round(lh * 0.95))
    groups = group_parts(parts, lang)

    if side and len(groups) >= 2 and groups[0][0] == "chips" \
            and all(k == "text" for k, _ in groups[1:]):
        rows = chip_rows(groups[0][1], lang, 10_000, chip, chip_gap, fb)
        col_w = sum(t[2] for t in rows[0]) if len(rows) == 1 else 0
        text_w = width - col_w - 2 * chip_gap
        if len(rows) == 1 and text_w >= width * 0.5:
            rest = [p for _, g in groups[1:] for p in g]
            txt = flow_ability(rest, lang, text_w, f_size, chip_min)
            height = max(float(chip), txt.height)
            ops: list[Op] = []
            x, y0 = 0.0, (height - chip) / 2
            for tkind, payload, tw in rows[0]:
                if tkind == "chip":
                    ops.append(Op("chip", x, y0, chip, str(payload.amount), payload.icon))
                elif tkind == "word":
                    ops.append(Op("word", x + chip_gap, y0 + (chip - lh) / 2, f_size, payload,
                                   style="bold"))
                x += tw
            ty = (height - txt.height) / 2
            for op in txt.ops:
                ops.append(Op(op.kind, op.x + col_w + 2 * chip_gap, op.y + ty, op.size, op.text,
                               op.name, op.style))
            return Flow(ops, height, txt.fits)

    ops = []
    y = 0.0
    fits = True
    for gi, (kind, group) in enumerate(groups):
        if gi:
            y += gap
        if kind == "chips":
            rows = chip_rows(group, lang, width, chip, chip_gap, fb)
            for ri, row in enumerate(rows):
                total = sum(t[2] for t in row)
                if total > width + 0.5:
                    fits = False
                x = (width - total) / 2
                if ri:
                    y += chip_gap
                for tkind, payload, tw in row:
                    if tkind == "chip":
                        ops.append(Op("chip", x, y, chip, str(payload.amount), payload.icon))
                    elif tkind == "word":
                        ops.append(Op("word", x + chip_gap, y + (chip - lh) / 2, f_size,
                                       payload, style="bold"))
                    x += tw
                y += chip
        else:
            part = group[0]
            indent = icon_size + max(2, round(f_size * 0.35)) if part.icon else 0
            lines = tx.wrap(part.text, f, width - indent)
            if lines is None:
                fits = False
                lines = tx.clamp_lines(part.text, f, width - indent, 10_000)
            if part.icon:
                ops.append(Op("icon", 0, y + (lh - icon_size) / 2, icon_size, name=part.icon))
            for line in lines:
                ops.append(Op("line", indent, y, f_size, line))
                y += lh
    return Flow(ops, y, fits)


def best_flow(parts: list[card_text.Part], lang: str, width: float, f_size: int,
              chip_min: float) -> Flow:
    """The shorter of the stacked and the side-by-side layouts."""
    flat = flow_ability(parts, lang, width, f_size, chip_min)
    side = flow_ability(parts, lang, width, f_size, chip_min, side=True)
    if side.fits and (side.height < flat.height - 0.5 or not flat.fits):
        return side
    return flat
