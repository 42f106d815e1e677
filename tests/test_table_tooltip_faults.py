"""Ability-chip tooltips never crash the table (issue 36, item 1): the pointer resting on
a chip while a key changes the position under it (End turn, Play all, Attack all, the
pause menu, digits) shows a tooltip or none, never "Something went wrong"."""

from __future__ import annotations

import random

import pygame

from game import i18n
from game.star_realms.engine import GameConfig, SeatConfig, new_game
from game.star_realms.engine.rules import apply, legal_actions
from game.star_realms.engine.state import Action, State
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.session import Session
from game.star_realms.ui.table.tooltips import TOOLTIP_MS
from tests.scene import DB, Scene
from tests.test_ui_table import frame, mouse

KEYS = (pygame.K_e, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_p, pygame.K_a,
        pygame.K_1, pygame.K_2, pygame.K_9, pygame.K_u)
SETS = (("core", "crisis", "united"), ("frontiers", "colony_wars"),
        ("core", "colony_wars", "promos"))
STATES = {"available", "used", "waiting", "not_usable"}


def rest(app, pos) -> None:
    """Move the pointer to ``pos`` and let it rest until a tooltip would show."""
    frame(app, [mouse("motion", pos)])
    app.frame(pygame.event.get(), TOOLTIP_MS / 1000 + 0.05)


def press(app, k: int) -> None:
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")], n=2)


def open_table(app, state: State) -> TableScene:
    for scene in app.stack:
        if hasattr(scene, "session"):
            scene.session.close()
    t = app.reset_to(TableScene(app, Session(DB, state, ["human", "greedy"])))
    frame(app)
    return t


def position(seed: int) -> State:
    """A duel after a random walk of legal actions that rarely ends a turn, so cards
    pile up in play with their abilities used, ready or waiting; it stops at a moment
    no one is asked anything, on either seat's turn."""
    rng = random.Random(seed)
    seats = (SeatConfig("P1"), SeatConfig("P2", "greedy"))
    state = new_game(DB, GameConfig(sets=SETS[seed % len(SETS)], seats=seats,
                                    format="duel", seed=seed, first=0))
    steps = rng.randrange(20, 140)
    for i in range(10_000):
        legal = legal_actions(state)
        if state.is_over or (i >= steps and state.pending is None and (
                state.seats[state.active].in_play or state.seats[state.active].bases)):
            break
        others = [a for a in legal if a.kind != "end_turn"]
        ends = [a for a in legal if a.kind == "end_turn"]
        pick = rng.choice(ends if ends and (not others or rng.random() < 0.12) else others)
        apply(state, pick)
    return state


def check_lines(text: list[str], state: str) -> None:
    """A chip's tooltip: card · slot, what it does, why it is in that state — words,
    never an i18n key."""
    assert len(text) == 3 and all(text), text
    assert not any(line.startswith(("tip.", "slot.", "card.")) for line in text), text
    if state == "used":
        assert text[2] == i18n.t("tip.chip_used")


def test_resting_on_a_used_ally_chip_then_ending_the_turn(big_app):
    """The report: Missile Bot's ally chip says "Used this turn", E ends the turn and the
    ship leaves play under the pointer."""
    sc = Scene(in_play=["missile_bot", "missile_bot"])
    t = open_table(big_app, sc.state)
    bot, other = sc.me.in_play
    for iid in (bot, other):
        sc.do(Action("use", 0, card=iid, slot="ally"))
    sc.attack(1, sc.me.combat)  # nothing left to waste: E ends the turn at once
    t.refresh_view()
    frame(big_app)
    rest(big_app, t.chip_spots[(bot, "ally")].center)
    assert t.tooltips.shown(t, big_app.clock_ms)[2] == "Used this turn."
    press(big_app, pygame.K_e)
    assert sc.state.active == 1 and big_app.top is t
    assert t.tooltips.shown(t, big_app.clock_ms) == []  # the chip left with its ship
    assert (bot, "ally") not in t.chip_spots


def test_every_chip_tooltip_survives_every_key(app):
    """Random positions from seeded games; on each, the pointer rests on every chip of
    every card in play (both seats' in a duel, in both languages) and every key is
    pressed while its tooltip shows.  Every chip state is met along the way."""
    seen: set[str] = set()
    shown = 0
    for seed in range(12):
        i18n.set_language("ru" if seed % 3 == 2 else "en")
        state = position(seed)
        t = open_table(app, state.clone())
        spots = sorted(t.chip_spots)
        assert spots, f"seed {seed}: no chip to rest on"
        rng = random.Random(seed)
        for spot in spots:
            t = open_table(app, state.clone())
            chip = next(c for c in t.model.chips if (c.card, c.slot) == spot)
            rest(app, t.chip_spots[spot].center)
            text = t.tooltips.shown(t, app.clock_ms)
            if t.my_turn() or chip.state != "available":  # (the bot may act meanwhile)
                check_lines(text, chip.state)
                seen.add(chip.state)
                shown += 1
            for k in rng.sample(KEYS, len(KEYS)):
                press(app, k)
                while app.top is not t and app.top is not None and \
                        type(app.top).__name__ != "GameOverScene":
                    app.pop()  # Esc's pause menu: back to the table, still resting
                if app.top is not t:
                    break
                rest(app, t.chip_spots.get(spot, pygame.Rect(0, 0, 1, 1)).center)
                text = t.tooltips.shown(t, app.clock_ms)
                assert text == [] or (len(text) == 3 and all(text)), text
    i18n.set_language("en")
    assert seen >= STATES, seen
    assert shown >= 40, shown
