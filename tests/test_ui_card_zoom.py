"""The shared hover box and card zoom (game.ui.tooltip, game.ui.card_zoom): placed inside
the window, nothing cut (wrapped and measured), the zoom's text over the projector
minimum of docs/art.md («capitals at least 6 px tall on screen») at 1280×720, and the
zoom closes on a click or Esc while eating everything else."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.arcs.data import load_arcs_rules
from game.ui import fonts
from game.ui.card_zoom import LEAST, CardFace, CardZoom, zoom_layout
from game.ui.tooltip import tooltip_layout

RULES = load_arcs_rules()
SIZES = ((1280, 720), (1920, 1080), (3840, 2160))


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def _capital_height(size: int) -> int:
    """Measured rows of ink of a capital at ``size`` (the art.md minimum is 6 px)."""
    glyph = fonts.font(size).render("H", True, (255, 255, 255))
    return glyph.get_bounding_rect().h


def _longest_face(lang: str) -> CardFace:
    body = max((i18n.t(f"arcs.card.text.{c.id}", lang) for c in RULES.court), key=len)
    return CardFace("Горнодобывающий концерн" if lang == "ru" else "Mining Interest",
                    i18n.t("arcs.card.guild_kind", lang, resource="X", keys=2), body,
                    tuple(i18n.t(f"arcs.card.icon.{k}", lang)
                          for k in ("resource", "key", "agents")))


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_the_zoom_fits_the_window_and_is_readable_across_a_room(lang, size):
    window = pygame.Rect(0, 0, *size)
    scale = size[1] / 1080
    face = _longest_face(lang)
    lay = zoom_layout(face, window, scale, "close")
    assert window.contains(lay.rect)
    inner = lay.rect.w - 2 * lay.pad
    height = 2 * lay.pad + lay.pad * (len(lay.blocks) - 1)
    for role, lines, px, bold in lay.blocks:
        assert px >= LEAST and _capital_height(px) >= 6, (role, px)
        assert all(fonts.font(px, bold).size(line)[0] <= inner for line in lines), role
        height += fonts.block_height(len(lines), px, bold)
    assert height <= lay.rect.h  # every line inside the box: nothing cut
    joined = " ".join(lay.lines_of("body"))
    assert joined.split() == face.body.split()  # the whole text, word for word
    if size == (1280, 720):
        assert lay.size_of("body") >= 16  # twice the 8-px card text minimum


def test_a_text_too_long_for_the_window_gets_smaller_not_cut():
    window = pygame.Rect(0, 0, 1280, 720)
    face = CardFace("T", "K", " ".join(["word"] * 900))
    lay = zoom_layout(face, window, 720 / 1080)
    assert lay.size_of("body") >= LEAST
    assert " ".join(lay.lines_of("body")).split() == face.body.split()


def test_the_zoom_closes_on_a_click_or_esc_and_eats_the_rest():
    zoom = CardZoom()
    assert not zoom.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))
    face = CardFace("a", "b", "c")
    for closing in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1),
                    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3),
                    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)):
        zoom.open(face)
        assert zoom.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(0, 0),
                                              buttons=(0, 0, 0)))
        assert zoom.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0))
        assert zoom.is_open  # a digit key does not play an action under the zoom
        assert zoom.handle(closing) and not zoom.is_open


@pytest.mark.parametrize("size", SIZES)
def test_the_hover_box_stays_in_the_window_beside_the_card(size):
    window = pygame.Rect(0, 0, *size)
    body = i18n.t("arcs.card.text.prison_wardens", "ru")
    px = max(12, round(22 * size[1] / 1080))
    for card in (pygame.Rect(10, 10, 80, 40), pygame.Rect(size[0] - 90, size[1] - 50, 80, 40),
                 pygame.Rect(size[0] // 2, size[1] // 2, 80, 40)):
        lay = tooltip_layout("Title", "kind", body, card.center, window, px,
                             round(560 * size[1] / 1080), avoid=card)
        assert window.contains(lay.rect)
        assert not lay.rect.colliderect(card)
        inner = lay.rect.w - 2 * lay.pad
        assert all(fonts.font(lay.size).size(line)[0] <= inner for line in lay.body_lines)
        assert " ".join(lay.body_lines).split() == body.split()
