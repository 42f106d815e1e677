"""Tooltips on what is not a card: ability chips (what the ability does, why it is
dim), seat panels and boxes, the seat list, counters (pools, piles, turn) and the bases
in the multiplayer panels.

The pointer resting ~0.4 s on one thing shows a box near it, kept inside the window.
Tooltips only read the model (the engine's reasons included) and draw; they take no
input, so every click goes through to the table below.
"""

from __future__ import annotations

import pygame

from game import i18n
from game.star_realms.card_text import ability_text, faction_name
from game.star_realms.ui.table.style import GOLD, TEXT, ZONE_EDGE
from game.ui import fonts

TOOLTIP_MS = 400
Key = tuple  # what the pointer rests on: ("chip", card, slot), ("seat", seat), …


class Tooltips:
    """Which thing the pointer rests on, since when, and the box to draw for it."""

    def __init__(self) -> None:
        self.key: Key | None = None
        self.since = 0.0
        self.pos = (0, 0)
        self.rect: pygame.Rect | None = None  # the box last drawn (None: none is up)

    def update(self, table, pos: tuple[int, int], now: float) -> None:
        key = None if table.drag is not None else hit(table, pos)
        if key != self.key:
            self.key, self.since = key, now
        self.pos = pos

    def shown(self, table, now: float) -> list[str]:
        """The lines of the tooltip up now ([] when none is)."""
        if self.key is None or now - self.since < TOOLTIP_MS or table.app.top is not table:
            return []
        if table.join_open or table.zoomed() is not None:
            return []  # the Join screen and a card's zoom are on top: nothing over them
        try:
            return lines(table, self.key)
        except (KeyError, IndexError, ValueError):  # the thing left the table this frame
            return []

    def draw(self, table, surface: pygame.Surface, now: float) -> None:
        text = self.shown(table, now)
        self.rect = None
        if not text:
            return
        lay = table.layout
        size = max(12, lay.fs(17))
        width = lay.px(420)
        rows: list[pygame.Surface] = []
        for i, line in enumerate(text):
            color = GOLD if i == 0 else TEXT
            rows += [fonts.text(part, size, color, i == 0)
                     for part in fonts.wrap(line, size, width, i == 0) if part]
        pad = lay.px(10)
        w = max(r.get_width() for r in rows) + 2 * pad
        h = sum(r.get_height() for r in rows) + 2 * pad
        box = pygame.Rect(self.pos[0] + lay.px(18), self.pos[1] + lay.px(22), w, h)
        screen = surface.get_rect()
        if box.right > screen.right:  # to the pointer's left rather than under it
            box.right = self.pos[0] - lay.px(10)
        if box.bottom > screen.bottom:
            box.bottom = self.pos[1] - lay.px(10)
        box.clamp_ip(screen)
        self.rect = box
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((10, 14, 28, 236))
        surface.blit(shade, box)
        pygame.draw.rect(surface, ZONE_EDGE, box, 1, border_radius=lay.px(6))
        y = box.y + pad
        for r in rows:
            surface.blit(r, (box.x + pad, y))
            y += r.get_height()


# ---------------------------------------------------------------------- what is where


def hit(table, pos: tuple[int, int]) -> Key | None:
    """What non-card thing (or panel base) is at ``pos``."""
    if table.session.curtain is not None or table.prompt is not None:
        return None
    if table.amount_panel is not None or table.confirm is not None:
        return None
    box = getattr(table, "box", None)  # Learn to play: its instruction box is on top
    if box is not None and getattr(box, "rect", None) is not None and box.rect.collidepoint(pos):
        return None
    # chip_spots is last frame's drawing: a chip whose card has just left play (the turn
    # ended under the pointer) is no longer in the model and has nothing to tell
    chips = {(c.card, c.slot) for c in table.model.chips}
    for spot, rect in getattr(table, "chip_spots", {}).items():
        if rect.collidepoint(pos) and spot in chips:
            return ("chip", *spot)
    iid = table.card_under(pos)
    if iid is not None:
        if table.layout.multi and table.sprite_zone(iid) == "panel" and \
                table.base_model(iid) is not None:
            return ("base", iid)
        return None  # a card: its zoom tells about it
    z = table.layout.zones()
    row = seat_row_at(table, pos)
    if row is not None:
        return row
    if table.trade_rect().collidepoint(pos):
        return ("pool", "trade")
    if table.combat_rect().collidepoint(pos):
        return ("pool", "combat")
    for name in ("my_deck", "trade_deck", "explorers", "scrap", "my_discard"):
        r = z[name]
        if r.collidepoint(pos) or pygame.Rect(r.x, r.bottom, r.w, table.layout.px(28)) \
                .collidepoint(pos):  # the pile, or its count badge under it
            return ("pile", name)
    seat = table.seat_area_at(pos)
    if seat is not None:
        if table.layout.multi and table.discard_icon(seat).collidepoint(pos):
            return ("discard", seat)
        return ("seat", seat)
    if z["my_info"].collidepoint(pos):
        return ("seat", table.me)
    return None


def seat_row_at(table, pos: tuple[int, int]) -> Key | None:
    """A line of the seat list (or its "Turn n" title), as draw_seats lays them out."""
    lay = table.layout
    r = lay.zones()["seats"]
    if not r.collidepoint(pos):
        return None
    top = r.y + lay.px(10)
    if top <= pos[1] < top + lay.fs(26):
        return ("turn",)
    y = top + lay.fs(26)
    for s in table.model.seats:
        if y <= pos[1] < y + lay.fs(24):
            return ("seat", s.seat)
        y += lay.fs(24)
    return None


# ---------------------------------------------------------------------- the words


def lines(table, key: Key) -> list[str]:
    """The tooltip for ``key``: a heading, then its lines (current language)."""
    kind = key[0]
    if kind == "chip":
        return chip_lines(table, key[1], key[2])
    if kind == "base":
        return base_lines(table, key[1])
    if kind in ("seat", "discard"):
        return seat_lines(table, key[1], kind == "discard")
    if kind == "pool":
        return pool_lines(table, key[1])
    if kind == "pile":
        return pile_lines(table, key[1])
    if kind == "turn":
        return [i18n.t("table.turn_n", n=table.model.turn), i18n.t("tip.turn_body")]
    return []


def chip_lines(table, iid: int, slot: str) -> list[str]:
    card = table.session.shown_card(iid)
    if card is None:
        return []
    d = table.session.card_def(card.face_key())
    lang = i18n.language()
    head = f"{i18n.card_name(d)} · {i18n.t(f'slot.{slot}')}"
    does = ability_text(d.ability(slot), lang)
    chip = next((c for c in table.model.chips if c.card == iid and c.slot == slot), None)
    if chip is None:  # the card left play since the pointer came to rest on its chip
        return []
    state = chip.state
    if state == "waiting":
        # "Blob or Star Empire Ally" (United) waits for either faction
        name = " / ".join(faction_name(f, lang) for f in d.answers_to(slot))
        why = i18n.t("tip.chip_waiting_double" if slot == "double_ally" else "tip.chip_waiting",
                     faction=name)
    elif state == "available":
        mine = chip.action and table.my_turn()
        scrap = "tip.chip_hero" if d.is_hero else "tip.chip_scrap"
        why = i18n.t((scrap if slot == "scrap" else "tip.chip_available")
                     if mine else "tip.chip_not_yours")
    else:
        why = i18n.t(f"tip.chip_{state}")
    return [head, does, why]


def base_lines(table, iid: int) -> list[str]:
    base = table.base_model(iid)
    if base is None:
        return []
    d = table.session.card_def(base.face_key())
    left = base.remaining if base.remaining >= 0 else base.defense
    out = [i18n.card_name(d),
           i18n.t("tip.base_defense", n=left, of=base.defense)]
    if base.outpost:
        out.append(i18n.t("tip.outpost"))
    for slot in ("primary", "ally", "second_ally", "scrap"):
        if d.ability(slot):
            does = ability_text(d.ability(slot), i18n.language())
            out.append(f"{i18n.t(f'slot.{slot}')}: {does}")
    owner = next((s.seat for s in table.model.seats if any(b.iid == iid for b in s.bases)), -1)
    t = table.target("base", owner, iid)
    if t is not None:
        out.append(i18n.t("tip.base_attack") if t.legal else table.reason_text(t))
    return out


def seat_lines(table, seat: int, discard: bool) -> list[str]:
    m = table.model
    s = m.seats[seat]
    ctrl = table.session.controllers[seat]
    who = i18n.t("tip.person") if ctrl == "human" else (
        i18n.t("tip.phone") if ctrl == "remote" else i18n.t(f"ai.{ctrl}"))
    out = [table.panel_title(seat), who]
    if s.shows_authority:
        out.append(i18n.t("tip.authority", n=s.authority))
    out.append(i18n.t("table.counts", hand=s.hand_count, deck=s.deck_count,
                      discard=len(s.discard)))
    if s.heroes:  # Crisis heroes waiting in play, and the allies one made usable
        names = ", ".join(i18n.card_name(table.session.card_def(h.face_key())) for h in s.heroes)
        out.append(i18n.t("tip.seat_heroes", names=names))
    if s.allies_of:
        lang = i18n.language()
        out.append(i18n.t("tip.seat_allies_of", factions=", ".join(
            f"«{faction_name(f, lang)}»" for f in s.allies_of)))
    if not s.alive:
        out.append(i18n.t("tip.seat_out"))
    elif seat in (m.turn_members or (m.active,)) and not m.over:
        out.append(i18n.t("tip.seat_acting"))
    if s.pending_discard:
        out.append(i18n.t("table.owes_discard", n=s.pending_discard))
    if discard:
        out.append(i18n.t("tip.discard_click"))
    elif seat != table.me and s.alive:
        mate = s.team == m.seats[table.me].team and m.show_teams
        out.append(i18n.t("tip.seat_mate") if mate else attack_line(table, seat))
    return out


def attack_line(table, seat: int) -> str:
    """"Drag your combat here…", unless the engine says this seat may not be attacked now
    (an outpost protects it, the format forbids it): then that reason instead.  Lacking
    combat is no reason to hide the invitation; outside my turn the model lists no
    targets, so a guarding outpost is read off the seat's bases."""
    t = table.target("player", seat)
    if t is not None:
        if not t.legal and t.reason not in ("not_enough_combat", ""):
            return table.reason_text(t)
        return i18n.t("tip.seat_attack")
    if any(b.outpost for b in table.model.seats[seat].bases):
        return i18n.t("why.outpost_first")
    return i18n.t("tip.seat_attack")


def pool_lines(table, pool: str) -> list[str]:
    """A pool's total; in a team turn each member's share of it (their own pools, public
    in the view), the viewer's marked."""
    pools = table.model.pools
    n = pools.spend_trade if pool == "trade" else pools.spend_combat
    out = [i18n.t(f"tip.{pool}_title", n=n)]
    members = table.team_pool_members()
    if members:
        out.append(i18n.t("tip.pool_shares"))
        view = table.view
        for seat in members:
            name = table.model.seats[seat].name
            if seat == table.me:
                name = i18n.t("tip.pool_you", name=name)
            share = getattr(view.seats[seat], pool)
            out.append(i18n.t("tip.pool_share", name=name, n=share))
    return [*out, i18n.t(f"tip.{pool}_body")]


def pile_lines(table, name: str) -> list[str]:
    m = table.model
    me = m.seats[table.me]
    n = {"my_deck": me.deck_count, "trade_deck": m.supply.trade_deck_count,
         "explorers": m.supply.explorers_count, "scrap": len(m.supply.scrap),
         "my_discard": len(me.discard)}[name]
    return [i18n.t(f"tip.{name}_title", n=n), i18n.t(f"tip.{name}_body")]
