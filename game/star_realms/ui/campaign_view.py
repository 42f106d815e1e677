"""How the legacy campaign's screens put things into words and pictures: faction emblems,
wrapped text, the scenario rules in plain language, stickers and sheets.

Everything here only reads the campaign (``game.star_realms.campaign``) and its data
(``game.star_realms.engine.campaign_def``); nothing decides anything.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import i18n
from game.star_realms import card_text
from game.star_realms.art import palette
from game.star_realms.campaign import flow
from game.star_realms.engine.campaign import Spec, parse_spec, rule_applies, rule_seats
from game.star_realms.engine.campaign_def import PLAYER_FACTIONS, Rule, Sticker
from game.star_realms.engine.cards import CAMPAIGN_FACTIONS
from game.star_realms.ui.card_images import to_surface
from game.ui import fonts
from game.ui.palette import (  # the campaign screens read these as cv.WHITE, cv.GOLD, ...
    DIM,
    EDGE,
    FAINT,
    GOLD,
    GREEN,
    PANEL,
    PANEL_HI,
    RED,
    TEXT,
    WHITE,
)

__all__ = ["DIM", "EDGE", "FAINT", "GOLD", "GREEN", "PANEL", "PANEL_HI", "RED", "TEXT", "WHITE"]

# the campaign screens' own shades (the shared ones are in game.ui.palette)
CELL = (16, 26, 48)  # a row of a sticker sheet in the envelope
CHOSEN = (40, 62, 104)  # the option the first player chose
TRACK_AHEAD = (30, 38, 58)  # the ring of a scenario not reached yet
ON_GOLD = (20, 24, 36)  # the number on the next scenario's gold disc
SPENT = (18, 22, 34)  # a sticker slot already used up: fill, edge
SPENT_EDGE = (34, 42, 62)
STICKER_FREE = (30, 52, 86)  # a sticker still on its sheet
STICKER_USED = (34, 34, 42)  # a sticker already stuck: fill, edge
STICKER_USED_EDGE = (60, 60, 70)


_emblems: dict[tuple[str, int], pygame.Surface] = {}


def emblem(faction: str | None, size: int) -> pygame.Surface:
    """A faction's emblem as a cached surface (a hexagon ring for none)."""
    key = (faction or "unaligned", max(4, int(size)))
    surf = _emblems.get(key)
    if surf is None:
        surf = _emblems[key] = to_surface(palette.emblem_image(key[0], key[1]))
    return surf


def faction_color(faction: str | None) -> tuple[int, int, int]:
    return palette.style(faction).light


def lang() -> str:
    return i18n.language()


def loc(obj: Any, field: str) -> str:
    """``obj.<field>_ru`` or ``obj.<field>_en`` in the current language."""
    return getattr(obj, f"{field}_{'ru' if lang() == 'ru' else 'en'}")


def faction(f: str) -> str:
    return i18n.t(f"faction.{f}")


def controller(kind: str) -> str:
    return i18n.t("setup.human") if kind == "human" else i18n.t(f"ai.{kind}")


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------------- text layout


def blit_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
              color=TEXT, bold: bool = False, anchor: str = "topleft",
              max_w: int | None = None) -> pygame.Rect:
    """One line of text; squeezed horizontally when wider than ``max_w``."""
    t = fonts.text(text, size, color, bold)
    if max_w is not None and t.get_width() > max_w > 0:
        t = pygame.transform.smoothscale(t, (max_w, t.get_height()))
    r = t.get_rect(**{anchor: pos})
    surface.blit(t, r)
    return r


def blit_wrapped(surface: pygame.Surface, text: str, x: int, y: int, width: int, size: int,
                 color=TEXT, bold: bool = False, line_h: int | None = None,
                 max_lines: int | None = None) -> int:
    """A wrapped paragraph; returns the y below it."""
    line_h = line_h or round(size * 1.3)
    lines = fonts.wrap(text, size, width, bold)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1].rstrip(" .,;:") + "…"
    for line in lines:
        surface.blit(fonts.text(line, size, color, bold), (x, y))
        y += line_h
    return y


def box(surface: pygame.Surface, rect: pygame.Rect, radius: int, fill=PANEL, edge=EDGE,
        width: int = 1) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


# ---------------------------------------------------------------------- campaign words


def how(h: str) -> str:
    return i18n.t(f"campaign.how.{h}")


def roman(n: int) -> str:
    return ("I", "II", "III", "IV", "V", "VI")[n - 1] if 1 <= n <= 6 else str(n)


def effects_text(effects) -> str:
    return card_text.ability_text(effects, lang()).rstrip(".")


def slot_word(slot: str) -> str:
    return i18n.t(f"campaign.slot.{slot}")


def sticker_text(sticker: Sticker, f: str) -> str:
    """"Ally (your faction): +2 Combat" for the sticker as ``f`` would use it."""
    return f"{slot_word(sticker.slot)}: {effects_text(sticker.effects[f])}"


def sticker_title(db: Any, sticker: Sticker) -> str:
    """"Sheet II · cost 3 · ship sticker"."""
    return i18n.t("campaign.sticker_title", sheet=roman(sticker.sheet), cost=sticker.cost,
                  kind=i18n.t(f"campaign.kind.{sticker.kind}"))


def game_spec(c: Any, db: Any) -> Spec:
    return parse_spec(flow.spec(c, db), db)


def who_text(who: str, seats: tuple[int, ...], c: Any) -> str:
    if not seats:
        neighbour = who.partition(":")[2]
        return i18n.t("campaign.who.favoured", neighbour=faction(neighbour))
    if len(seats) == 2:
        return i18n.t("campaign.who.both")
    return c.players[seats[0]].name


def rule_text(rule: Rule, spec: Spec, c: Any, db: Any) -> tuple[str, bool]:
    """A scenario rule in words, and whether it affects anyone in this game."""
    p = rule.params
    kind = rule.kind
    seats = rule_seats(rule.who, spec)
    who = who_text(rule.who, seats, c)
    active = bool(seats) or kind in ("grant", "row_start", "remove")
    key = f"campaign.rule.{kind}"
    values: dict[str, Any] = {"who": who}
    if kind in ("authority", "cost", "upgrade_cost"):
        change = p["change"]
        key += "_more" if change > 0 else "_less"
        values["n"] = abs(change)
    if kind == "hand":
        values["n"] = p["amount"]
    if kind == "deck_add":
        values.update(n=p["count"], card=i18n.card_name(db[p["card"]]))
    if kind == "start_base":
        values["card"] = i18n.card_name(db[p["card"]])
    if kind in ("turn_start", "acquire_bonus", "grant"):
        values["effects"] = effects_text(p["effects"])
    if "faction" in p:
        values["faction"] = faction(p["faction"])
    if kind == "victory":
        values["n"] = p["count"]
    if kind == "row_start":
        values["n"] = p["count"]
    if kind == "grant":
        target = p["cards"]
        values["cards"] = faction(target) if target in CAMPAIGN_FACTIONS or target in (
            PLAYER_FACTIONS) else i18n.card_name(db[target])
        values["slot"] = slot_word(p["slot"]).lower()
    text = capital(i18n.t(key, **values))
    if not active:
        text += " " + i18n.t("campaign.rule.nobody")
    return text, active


def rules_in_force(c: Any, db: Any, rules, spec: Spec | None = None) -> list[tuple[str, bool]]:
    """Words for rules whose ``when`` holds (earlier choices), resolved for this game."""
    spec = spec or game_spec(c, db)
    return [rule_text(r, spec, c, db) for r in rules if rule_applies(r, spec.choices)]


def vp_line(db: Any, number: int) -> str:
    vp = db.campaign.scenario(number).vp
    return i18n.t("campaign.vp_card", name=loc(vp, "name"), n=vp.points)


def palette_edge(f: str | None) -> tuple[int, int, int]:
    """A faction's frame colour (a vault's border)."""
    return palette.style(f).color


def arrow(surface: pygame.Surface, left_mid: tuple[int, int], length: int, color) -> None:
    """A right-pointing arrow (the font has no →)."""
    x, y = left_mid
    w = max(1, length // 8)
    head = max(4, length // 3)
    pygame.draw.line(surface, color, (x, y), (x + length - head // 2, y), w + 1)
    pygame.draw.polygon(surface, color, [(x + length - head, y - head // 1.6),
                                         (x + length, y), (x + length - head, y + head // 1.6)])
