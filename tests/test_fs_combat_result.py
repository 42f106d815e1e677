"""A combat ends with a result (issue 38, item 4): who won, both sides' losses, retreats,
the structures captured and the morale comparison when it decided (RB p.13: «игрок с
наибольшим числом знаков морали побеждает в битве (при равенстве побеждает
защищающийся)»; «если атакующий выигрывает сражение, он берёт контроль над любыми
постройками мира»), in English and Russian; the combat's lines never say one fact twice.
"""

from __future__ import annotations

import re
from itertools import pairwise

import pygame

from game.forbidden_stars.engine import combat, pieces
from game.forbidden_stars.engine.combat_state import DAMAGE
from game.forbidden_stars.engine.events import Routed
from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.rules import apply, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import OVER, Action, GameConfig, State
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.ui import combat_text
from game.forbidden_stars.ui.combat_model import build_combat_model
from game.forbidden_stars.ui.combat_result import CombatResults, lines_for
from game.forbidden_stars.ui.combat_text import t
from game.forbidden_stars.ui.combat_view import ResultCard
from game.forbidden_stars.ui.scenes.table import FsTableScene
from game.forbidden_stars.ui.session import FsSession, FsSetup
from tests.test_fs_support import RULES, fight

ATT, DEF = 0, 1
NAMES = ("Anna", "Boris")
UNIT_WORDS = {lang: {combat_text.unit_word(RULES, u, lang) for u in RULES.units}
              for lang in ("en", "ru")}
RAW = re.compile(r"fs_combat\.|\{|\}|\bt\d+[ab]\.\d\b|_")  # a key, a slot, an area id


class Watch:
    """Feeds a :class:`CombatResults` every event once, as the session does after each
    ``apply`` (the tests also call engine steps directly: their events count too)."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.results = CombatResults()
        self.seen = 0
        self.list: list[object] | None = None
        self.feed()

    def feed(self) -> None:
        if self.state.events is not self.list:  # apply() began a new list
            self.list, self.seen = self.state.events, 0
        self.results.see(self.state.events[self.seen:])
        self.seen = len(self.state.events)

    def apply(self, action) -> None:
        apply(self.state, action)
        self.feed()


def _third_round(state: State, att_dice: list[str], def_dice: list[str]) -> None:
    c = state.combat
    c.sides[ATT].dice, c.sides[DEF].dice = att_dice, def_dice
    c.round = 3
    combat.end_round(state, c)
    combat.proceed(state)


def _clean(lines: list[str]) -> None:
    assert len(lines) == len(set(lines)), lines  # no fact twice
    for line in lines:
        assert line.strip() and not RAW.search(line), line


def test_a_morale_tie_goes_to_the_defender_and_the_attacker_retreats():
    state = fight({"sm_scout": 1}, {"ork_boyz": 2})  # morale 2 against 1 + 1
    origin = state.combat.came_from[0]
    w = Watch(state)
    _third_round(state, [], [])
    w.feed()
    w.apply(legal_actions(state)[0])  # the retreat: the combat ends
    r = w.results.shown
    assert r is not None and state.combat is None
    assert (r.winner, r.morale, r.retreats, r.taken) == (DEF, (2, 2), ((ATT, origin, 1),),
                                                         False)
    en = lines_for(state, r, NAMES, "en")
    ru = lines_for(state, r, NAMES, "ru")
    _clean(en), _clean(ru)
    assert en[0].startswith("Boris (defender) wins the combat in ")
    assert en[1] == "Morale tied at 2: a tie goes to the defender, Boris"
    assert "Anna lost no unit" in en and "Boris lost no unit" in en
    assert any(line.startswith("Anna retreats to ") and line.endswith("(units: 1)") for line in en)
    assert ru[0].startswith("Boris (защищающийся) побеждает в битве за ")
    assert ru[1] == "Мораль равна (2): при равенстве побеждает защищающийся, Boris"


def test_the_winning_attacker_captures_the_world_and_its_structures():
    state = fight({"sm_space_marine": 2}, {"ork_boyz": 1}, structures=("city",))
    c = state.combat
    friend = next(a for a in state.topology.adjacent(c.area, set())
                  if state.topology.areas[a].area.kind == "world" and a not in c.came_from)
    pieces.add_unit(state, DEF, friend, "ork_nob")
    w = Watch(state)
    _third_round(state, ["morale"], [])
    w.feed()
    w.apply(legal_actions(state)[0])
    r = w.results.shown
    assert r is not None
    assert (r.winner, r.morale, r.captured, r.taken) == (ATT, (7, 1), ("city",), True)
    en = lines_for(state, r, NAMES, "en")
    _clean(en), _clean(lines_for(state, r, NAMES, "ru"))
    assert en[1] == "Morale decided it: Anna 7, Boris 1"
    assert en[-1].startswith("Anna takes ") and en[-1].endswith(" and its City")


def _hit(w: Watch, seat: int, amount: int, group: str) -> list[str]:
    """``seat`` takes ``amount`` damage on ``group`` now; the tags of the events naming
    that unit."""
    c = w.state.combat
    c.phase, c.hit, c.left, c.damage_order, c.fixed = DAMAGE, seat, amount, [], True
    c.round = 1  # the step's end starts the next round: never the third's morale
    w.apply(Action("damage", seat, card=group))
    unit = group.removesuffix("/routed")
    return [e.tag for e in w.state.events if getattr(e, "unit", "") == unit]


def test_losses_are_counted_once_each_for_both_sides():
    """The damage step's loss is one event (it was a ``Damaged`` and a ``Destroyed``, so
    «Scouts destroyed» showed twice); equal losses read «×3»."""
    state = fight({"sm_space_marine": 1}, {"ork_boyz": 3})
    w = Watch(state)
    assert _hit(w, DEF, 2, "ork_boyz") == ["damaged"]  # one Ork Boyz destroyed: one event
    model = build_combat_model(player_view(state, DEF), DEF, [], "en", NAMES)
    assert model is not None and model.results.count("Boris: Ork Boyz destroyed") == 1
    assert _hit(w, DEF, 2, "ork_boyz") == ["damaged"]
    assert _hit(w, ATT, 1, "sm_space_marine") == ["damaged"]  # routed: one event too
    assert _hit(w, DEF, 2, "ork_boyz") == ["damaged"]
    r = w.results.shown  # the last Ork Boyz destroyed: the attacker alone wins
    assert r is not None and r.winner == ATT and r.morale is None
    assert r.destroyed == ((DEF, "ork_boyz", 3),)
    assert r.routed == ((ATT, "sm_space_marine", 1),)
    en = lines_for(state, r, NAMES, "en")
    ru = lines_for(state, r, NAMES, "ru")
    _clean(en), _clean(ru)
    assert "Boris lost: destroyed Ork Boyz ×3" in en
    assert "Anna lost: routed Space Marines" in en
    assert any("уничтожены" in line and "×3" in line for line in ru)


def test_equal_lines_of_one_action_are_merged():
    state = fight({"sm_scout": 1}, {"ork_boyz": 2})
    area = state.combat.area
    state.events = [Routed(DEF, "ork_boyz", area), Routed(DEF, "ork_boyz", area)]
    model = build_combat_model(player_view(state, ATT), ATT, [], "en", NAMES)
    assert model is not None and model.results == ("Boris: Ork Boyz routed ×2",)


def _until_combat(ended: bool) -> tuple[State, CombatResults]:
    """Seeded random 2-player games, watched from their start, until a combat is under
    way after a loss (``ended`` False) or until one has ended."""
    for seed in range(40):
        state = new_game(RULES, GameConfig(2, seed))
        results = CombatResults()
        rng = Rng(seed)
        while state.step != OVER:
            if state.combat is not None and not state.combat.orbital and not ended and \
                    any(e.tag == "damaged" and e.result != "held" for e in state.events):
                return state, results
            if ended and results.results:
                return state, results
            acts = legal_actions(state)
            apply(state, acts[rng.below(len(acts))])
            results.see(state.events)
    raise AssertionError("no such combat in the seeded games")


def test_a_game_sat_down_at_mid_combat_still_counts_the_earlier_losses():
    state, watched = _until_combat(ended=False)
    fresh = CombatResults()
    fresh.sit_down(state)  # a save opened now: the combat replayed from the log
    rng = Rng(99)
    while state.combat is not None:
        acts = legal_actions(state)
        apply(state, acts[rng.below(len(acts))])
        watched.see(state.events)
        fresh.see(state.events)
    assert fresh.results and fresh.results[-1] == watched.results[-1]
    assert fresh.results[-1].destroyed or fresh.results[-1].routed


def test_the_card_draws_on_the_table_and_a_click_closes_it():
    pygame.init()
    state, results = _until_combat(ended=True)
    r = results.shown
    assert r is not None
    surface = pygame.Surface((1400, 1080))
    card = ResultCard()
    for lang in ("en", "ru"):
        lines = lines_for(state, r, NAMES, lang)
        _clean(lines)
        rect = card.draw(surface, surface.get_rect(), 1.0, lines, lang)
        assert surface.get_rect().contains(rect) and rect.h > 100
    inside = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=card.rect.center)
    outside = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(2, 1070))
    assert card.clicked(inside) and not card.clicked(outside)
    results.close()
    assert results.shown is None or results.shown is not r


def test_the_table_shows_the_result_over_the_map_until_it_is_clicked(app):
    """The session feeds every action's events; the table scene draws the oldest result
    not closed over the map, in the game's language, and a click on it closes it."""
    for seed in range(10):
        session = FsSession(FsSetup(("normal", "normal"), NAMES, seed=seed), bot_delay=0.0,
                            autosave=False)
        while not session.over and (session.combats.shown is None
                                    or session.state.combat is not None):
            session.step_bots(1.0)
        if not session.over:
            break
    scene = FsTableScene(app, session)
    app.push(scene)
    r = session.combats.shown
    assert r is not None and session.combats.results[-1] is r
    scene.draw_scene(app.screen)
    card = scene.result_card.rect
    assert card.w > 0 and scene.table_area().contains(card)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=card.center)], 0.0)
    assert session.combats.shown is not r
    assert r in session.combats.results  # closed, not forgotten


def test_the_move_log_tells_the_morale_and_the_capture_once():
    """The same facts in the log (game.ui.log_panel via the game's teller): the morale
    comparison that decided a combat and the world a winning attacker took, each once."""
    for seed in range(20):
        session = FsSession(FsSetup(("normal", "normal"), NAMES, seed=seed), bot_delay=0.0,
                            autosave=False)
        while not session.over and not any(r.morale and r.taken
                                           for r in session.combats.results):
            session.step_bots(1.0)
        if not session.over:
            break
    r = next(r for r in session.combats.results if r.morale and r.taken)
    for lang in ("en", "ru"):
        lines = [line.text for line in session.move_log(-1, lang)]
        mine = lines_for(session.state, r, NAMES, lang)
        assert mine[1] in lines  # «Morale decided it: …»
        assert mine[-1] in lines and NAMES[r.attacker] in mine[-1]  # «… takes …»
        # no loss told twice in a row (a Damaged and its Destroyed were two lines)
        losses = {t("event.destroyed", lang, player=n, unit=u) for n in NAMES
                  for u in UNIT_WORDS[lang]} | {t("event.routed", lang, player=n, unit=u)
                                                for n in NAMES for u in UNIT_WORDS[lang]}
        assert not [a for a, b in pairwise(lines) if a == b and a in losses], lang
        _clean([line for line in lines if line in mine])
