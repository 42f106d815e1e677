"""The Forbidden Stars combat panel: its model (present only in combat, never naming a
rival's secret cards), its input (drag, click + Enter, number keys, damage clicks,
choices) and its drawing at two window sizes in both languages."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from functools import cache

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game import i18n
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.engine.components import FSRules
from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import COMBAT, OVER, Action, GameConfig, State
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.ui import combat_text
from game.forbidden_stars.ui.combat_model import CombatModel, build_combat_model
from game.forbidden_stars.ui.combat_view import CombatPanel, unit_rows_fit

MAX_ACTIONS = 1200


@cache
def rules() -> FSRules:
    return load_fs_rules()


def walk(players: int, seed: int) -> Iterator[tuple[State, int, list[Action]]]:
    """Every moment of a seeded game of random choices: (state, acting seat, legal)."""
    state = new_game(rules(), GameConfig(players, seed))
    rng = Rng(seed * 7919 + players)
    for _ in range(MAX_ACTIONS):
        if state.step == OVER:
            return
        legal = legal_actions(state)
        yield state, acting_seat(state), legal
        apply(state, legal[rng.below(len(legal))])


@cache
def moments() -> list[tuple[State, int, list[Action]]]:
    """Combat moments (cloned) from random games at 2-4 players."""
    out = []
    for players in (2, 3, 4):
        for seed in range(3):
            for state, seat, legal in walk(players, seed):
                if state.combat is not None:
                    out.append((state.clone(), seat, list(legal)))
    return out


def find(pred: Callable[[State, list[Action]], bool]) -> tuple[State, int, list[Action]]:
    for state, seat, legal in moments():
        if pred(state, legal):
            return state, seat, legal
    raise AssertionError("no such combat moment in the seeded games")


def model_for(state: State, seat: int, legal: list[Action], lang: str = "en") -> CombatModel:
    m = build_combat_model(player_view(state, seat), seat, legal, lang)
    assert m is not None
    return m


@pytest.fixture(autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    yield


def press(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def release(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


# ---------------------------------------------------------------------- the model


@pytest.mark.parametrize("players", [2, 3, 4])
def test_model_only_in_combat(players: int) -> None:
    seen = 0
    for seed in range(2):
        for state, seat, legal in walk(players, seed):
            for s in range(players):
                m = build_combat_model(player_view(state, s), s, legal if s == seat else [],
                                       "en")
                in_combat = state.combat is not None and state.step == COMBAT
                assert (m is not None) == in_combat
                if m is not None:
                    seen += 1
                    assert m.attacker.seat == state.combat.attacker
                    assert m.defender.seat == state.combat.defender
                    assert 1 <= m.round <= 3
                    assert len(m.attacker.dice) <= 8 and len(m.defender.dice) <= 8
    assert seen > 0


def test_model_never_names_a_rivals_secret_cards() -> None:
    cards = rules().combat_cards
    checked = 0
    for state, actor, legal in moments():
        c = state.combat
        for seat in range(state.n):
            m = model_for(state, seat, legal if seat == actor else [])
            me = c.sides.get(seat)
            for side in c.sides.values():
                if side.seat == seat:
                    continue
                shown = {*side.played, *side.icon_cards, *side.discard}
                if me is not None and me.peek and side.chosen:
                    shown.add(side.chosen)
                faction = state.faction(side.seat)
                for card in m.card_ids():
                    if card in cards and cards[card].faction == faction:
                        assert card in shown, (seat, card, side.hand, side.chosen)
                ms = m.side_of(side.seat)
                assert ms is not None and ms.hand == ()
                assert ms.hand_count == len(side.hand)
                assert ms.has_chosen == bool(side.chosen)
                if not (me is not None and me.peek):
                    assert ms.chosen is None
                checked += 1
            mine = m.side_of(seat)
            if mine is not None:
                assert sorted(x.id for x in mine.hand) == sorted(c.sides[seat].hand)
    assert checked > 100


def test_every_card_is_worded_in_both_languages() -> None:
    for card in rules().combat_cards.values():
        for lang in i18n.LANGUAGES:
            main = combat_text.effects_text(rules(), card.main, lang)
            unit = combat_text.effects_text(rules(), card.unit, lang)
            assert main or unit, card.id
            for text in (main, unit):
                assert "fs_combat." not in text and "{" not in text, (card.id, text)
                assert "_" not in text, (card.id, text)


def test_choices_are_worded_and_grouped() -> None:
    for state, seat, legal in moments():
        if not legal:
            continue
        for lang in i18n.LANGUAGES:
            m = model_for(state, seat, legal, lang)
            grouped = [*m.card_plays.values(), *m.damage.values(),
                       *(a for _, _, a in m.retreats), *(c.action for c in m.choices)]
            assert sorted(grouped) == sorted(legal)
            for choice in m.choices:
                assert choice.label and "fs_combat." not in choice.label
                assert "forbidden_stars." not in choice.label


# ---------------------------------------------------------------------- input

PANEL = pygame.Rect(20, 20, 1240, 680)


def playing() -> tuple[State, int, list[Action]]:
    return find(lambda st, legal: sum(a.kind == "play" for a in legal) >= 2)


def test_dragging_a_card_onto_the_slot_plays_it() -> None:
    state, seat, legal = playing()
    m = model_for(state, seat, legal)
    panel = CombatPanel(PANEL, 1.0)
    lay = panel.layout(m)
    assert lay.drop is not None
    i = next(k for k, c in enumerate(m.mine.hand) if c.action is not None and k > 0)
    card = lay.hand[i]
    assert panel.handle(press(card.center), m) is None
    assert panel.handle(motion((card.centerx + 40, card.centery - 60)), m) is None
    assert panel.handle(motion(lay.drop.center), m) is None
    action = panel.handle(release(lay.drop.center), m)
    assert action == Action("play", seat, card=m.mine.hand[i].id)
    assert action in legal
    # dropped anywhere else: nothing
    panel.handle(press(card.center), m)
    panel.handle(motion(lay.results.center), m)
    assert panel.handle(release(lay.results.center), m) is None


def test_a_click_outside_the_panel_does_nothing() -> None:
    state, seat, legal = playing()
    m = model_for(state, seat, legal)
    panel = CombatPanel(PANEL, 1.0)
    assert panel.handle(press((5, 5)), m) is None
    assert panel.handle(release((5, 5)), m) is None
    assert panel.handle(key(pygame.K_RETURN), m) is None  # nothing selected


def test_number_keys_and_click_then_enter_play_a_card() -> None:
    state, seat, legal = playing()
    m = model_for(state, seat, legal)
    panel = CombatPanel(PANEL, 1.0)
    lay = panel.layout(m)
    hand = m.mine.hand
    assert panel.handle(key(pygame.K_2), m) is None
    assert panel.handle(key(pygame.K_RETURN), m) == hand[1].action
    assert panel.handle(key(pygame.K_1), m) is None
    assert panel.handle(key(pygame.K_KP_ENTER), m) == hand[0].action
    # a click selects, Enter plays
    panel.handle(press(lay.hand[0].center), m)
    panel.handle(release(lay.hand[0].center), m)
    assert panel.handle(key(pygame.K_RETURN), m) == hand[0].action
    # a click selects, a click on the slot plays
    panel.handle(press(lay.hand[1].center), m)
    panel.handle(release(lay.hand[1].center), m)
    assert panel.handle(press(lay.drop.center), m) == hand[1].action
    # Esc drops the selection
    panel.handle(key(pygame.K_1), m)
    panel.handle(key(pygame.K_ESCAPE), m)
    assert panel.handle(key(pygame.K_RETURN), m) is None


def test_a_rivals_turn_offers_no_card_play() -> None:
    state, seat, _legal = playing()
    c = state.combat
    other = c.rival(seat)
    m = model_for(state, other, [])
    panel = CombatPanel(PANEL, 1.0)
    lay = panel.layout(m)
    assert lay.drop is None and not m.card_plays
    if lay.hand:
        panel.handle(press(lay.hand[0].center), m)
        assert panel.handle(release(lay.slots[(m.mine.role, 0)].center), m) is None
        assert panel.handle(key(pygame.K_1), m) is None
        assert panel.handle(key(pygame.K_RETURN), m) is None


def test_clicking_an_own_unit_assigns_damage() -> None:
    state, seat, legal = find(lambda st, legal: any(a.kind == "damage" for a in legal))
    m = model_for(state, seat, legal)
    panel = CombatPanel(PANEL, 1.0)
    lay = panel.layout(m)
    assert m.damage
    for group, action in m.damage.items():
        r = lay.units[(seat, group)]
        assert panel.handle(press(r.center), m) == action
        assert action in legal
    rival = m.rival
    for row in rival.units:
        r = lay.units.get((rival.seat, row.group))
        if r is not None:
            assert panel.handle(press(r.center), m) is None


def test_clicking_a_choice_takes_it() -> None:
    state, seat, legal = find(lambda st, legal: len(legal) >= 2
                              and all(a.kind in ("effect", "reinforce", "retreat")
                                      for a in legal))
    m = model_for(state, seat, legal)
    panel = CombatPanel(PANEL, 1.0)
    lay = panel.layout(m)
    actions = [c.action for c in m.choices] + [a for _, _, a in m.retreats]
    assert len(lay.choices) == len(actions)
    for r, action in zip(lay.choices, actions, strict=True):
        assert panel.handle(press(r.center), m) == action


# ---------------------------------------------------------------------- drawing

PHASES = ("reinforce", "choose", "reveal", "damage", "retreat")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_panel_draws(size: tuple[int, int], lang: str) -> None:
    surface = pygame.Surface(size)
    scale = size[1] / 720
    panel = CombatPanel(pygame.Rect(0, 0, *size).inflate(-int(40 * scale),
                                                        -int(40 * scale)), scale)
    drawn = set()
    for state, seat, legal in moments():
        phase = state.combat.phase
        if phase in drawn:
            continue
        drawn.add(phase)
        for s in sorted({seat, state.combat.attacker, state.combat.defender}):
            m = model_for(state, s, legal if s == seat else [], lang)
            surface.fill((30, 40, 60))
            lay = panel.layout(m)
            # hover over a card (the zoom), mid-drag of another
            if lay.hand:
                panel.handle(motion(lay.hand[0].center), m)
            panel.draw(surface, m)
            if lay.hand and m.card_plays:
                panel.handle(press(lay.hand[-1].center), m)
                panel.handle(motion(lay.centre.center), m)
                panel.draw(surface, m)
                panel.handle(release((1, 1)), m)
            assert unit_rows_fit(lay, m)
            for r in (*lay.hand, *lay.choices, *lay.slots.values(), *lay.units.values()):
                assert panel.rect.contains(r), (phase, r)
    assert {"choose", "damage"} <= drawn


def test_the_sides_and_the_prompt_use_the_players_names() -> None:
    state, seat, legal = find(lambda st, lg: any(a.kind == "play" for a in lg))
    names = [f"Name{i}" for i in range(len(state.players))]
    m = build_combat_model(player_view(state, seat), seat, legal, "ru", names)
    assert m is not None
    assert {m.attacker.name, m.defender.name} == {names[state.combat.attacker],
                                                   names[state.combat.defender]}
    unnamed = model_for(state, seat, legal, "en")
    assert unnamed.attacker.name == f"Player {state.combat.attacker + 1}"
