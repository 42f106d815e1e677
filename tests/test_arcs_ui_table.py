"""Arcs' table renderer: draws many seeded positions at 2–4 players in both languages,
sees only a seat's player view (secrets re-dealt: the same pixels), the leader and lore
names are hit targets with their abilities' texts in both languages, and the screenshot
command writes a PNG of the asked size without touching the saves folder."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game import i18n
from game.arcs.ai.base import make_player
from game.arcs.data import load_arcs_rules
from game.arcs.engine.rng import Rng
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import HIDDEN, GameConfig
from game.arcs.engine.view import player_view
from game.arcs.sim import play
from game.arcs.ui.hits import Hit
from game.arcs.ui.screens import bot_position
from game.arcs.ui.table_moments import ability_text
from game.arcs.ui.table_view import BASE, NotAPlayerView, draw_table
from game.cli import main


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def _render(view, seat, lang="en", size=BASE) -> bytes:
    surface = pygame.Surface(size)
    draw_table(surface, view, seat, None, lang)
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_seeded_positions_draw_in_both_languages(players):
    for seed in range(6):
        state = bot_position(players, seed, actions=15 + seed * 40)
        for seat in range(players):
            for lang in i18n.LANGUAGES:
                pixels = _render(player_view(state, seat), seat, lang)
                assert len(pixels) == BASE[0] * BASE[1] * 3


def test_the_table_scales_to_another_size():
    state = bot_position(3, 1, actions=30)
    surface = pygame.Surface((1280, 720))
    draw_table(surface, player_view(state, 0), 0)
    assert surface.get_size() == (1280, 720)


def _redeal(state, seat: int, seed: int):
    """The same game with everything ``seat`` may not see dealt differently: the other
    hands and the action deck shuffled together, the court deck shuffled."""
    other = state.clone()
    rng = Rng(seed)
    others = [p for p in other.players if p.index != seat]
    pool = [c for p in others for c in p.hand] + other.action_deck
    rng.shuffle(pool)
    for p in others:
        p.hand, pool = pool[:len(p.hand)], pool[len(p.hand):]
    other.action_deck = pool
    rng.shuffle(other.court_deck)
    rng.shuffle(other.action_discard)
    other.rng = Rng(seed + 1)
    return other


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hidden_cards_redealt_draw_the_same_pixels(players):
    for seed in (3, 11):
        state = bot_position(players, seed, actions=40)
        other = _redeal(state, 0, seed)
        assert any(a.hand != b.hand for a, b in zip(state.players, other.players, strict=True)
                   if a.index != 0) or players == 2
        for lang in ("en", "ru"):
            assert _render(player_view(state, 0), 0, lang) == \
                _render(player_view(other, 0), 0, lang)


def test_the_viewer_own_hand_is_drawn():
    state = bot_position(3, 5, actions=30)
    changed = state.clone()
    me = changed.players[0]
    assert me.hand
    spare = next(c for c in changed.cards if c not in me.hand
                 and changed.cards[c].suit != changed.cards[me.hand[0]].suit
                 and changed.cards[c].min_players <= 3)
    me.hand[0] = spare
    assert _render(player_view(state, 0), 0) != _render(player_view(changed, 0), 0)


def test_the_real_state_is_refused():
    state = bot_position(2, 2, actions=20)
    with pytest.raises(NotAPlayerView):
        _render(state, 0)
    view = player_view(state, 1)
    with pytest.raises(NotAPlayerView):  # seat 1's view shown to seat 0: a hand shows
        _render(view, 0)
    assert all(c == HIDDEN for c in view.players[0].hand)


@pytest.mark.parametrize(("players", "lang", "size"), [(2, "en", "1920x1080"),
                                                       (4, "ru", "1280x720")])
def test_screenshot_command_writes_a_png_and_no_save(tmp_path, monkeypatch, players, lang,
                                                     size):
    saves = tmp_path / "saves"
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(saves))
    monkeypatch.setenv("STAR_REALMS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("STAR_REALMS_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "arcs.png"
    code = main(["screenshot", "--game", "arcs", "--scene", "table", "--players",
                 str(players), "--seed", "7", "--lang", lang, "--size", size, "--out",
                 str(out)])
    assert code == 0
    w, h = (int(v) for v in size.split("x"))
    pygame.init()
    assert pygame.image.load(str(out)).get_size() == (w, h)
    written = [p for p in tmp_path.rglob("*") if p.is_file() and p != out]
    assert written == []


def test_arcs_has_only_the_table_scene(tmp_path):
    assert main(["screenshot", "--game", "arcs", "--scene", "menu", "--out",
                 str(tmp_path / "x.png")]) == 2
    assert not (tmp_path / "x.png").exists()


def _leaders_position(players: int, seed: int):
    """A Leaders & Lore game played by normal bots a little past its draft."""
    state = new_game(load_arcs_rules(), GameConfig(players, seed, leaders=True))
    play(state, [make_player("normal", seed + i) for i in range(players)], max_actions=30)
    assert all(p.leader for p in state.players)
    return state


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_leader_and_lore_names_on_the_seat_panels_can_be_pointed_at(lang):
    """Each seat's leader and lore card drawn on its panel is a hit of its own, over
    the name's pixels, so the table can show what the card does."""
    for players, seed in ((2, 3), (4, 5)):
        state = _leaders_position(players, seed)
        surface = pygame.Surface(BASE)
        hits = draw_table(surface, player_view(state, 0), 0, None, lang)
        leaders = {h.ident for h in hits.find("leader")}
        lore = {h.ident for h in hits.find("lore")}
        assert leaders == {p.leader for p in state.players}
        assert lore and lore <= {c for p in state.players for c in p.lore}
        for h in hits.find("leader") + hits.find("lore"):
            assert h.rect.w > 10 and 10 < h.rect.h < 60  # a name may take two lines
            area = surface.subsurface(h.rect)
            assert len({area.get_at((x, y))[:3] for x in range(h.rect.w)
                        for y in range(4, h.rect.h - 4)}) > 3  # the name is drawn there


def test_every_leader_and_lore_card_says_what_it_does_in_both_languages():
    rules = load_arcs_rules()
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        try:
            texts = []
            for kind, cards in (("leader", rules.leaders), ("lore", rules.lore)):
                for card in cards:
                    for hit_kind in (kind, "draft"):
                        got = ability_text(rules, Hit(hit_kind, card.id, pygame.Rect(0, 0,
                                                                                     1, 1)))
                        assert got is not None
                        title, what, body = got
                        assert title == i18n.card_name(card, lang)
                        assert what == i18n.t(f"arcs.ability.{kind}", lang)
                        assert body != f"arcs.ability.{card.id}" and len(body) > 20
                    texts.append(body)
            assert len(set(texts)) == len(rules.leaders) + len(rules.lore)
            assert ability_text(rules, Hit("court", "elder", pygame.Rect(0, 0, 1, 1))) is None
        finally:
            i18n.set_language("en")
    en = i18n.strings("en")
    ru = i18n.strings("ru")
    for card in (*rules.leaders, *rules.lore):
        key = f"arcs.ability.{card.id}"
        assert key in en and key in ru and en[key] != ru[key]
