"""Arcs battles read in words (issue 37 item 4): every battle decision and its log lines
name pieces, owners and systems as the map shows them (no ``2.3``, no snake_case ids, no
i18n keys); a roll's consequences are told in the book's order, the intercept announced
with how many hits and why; the dice being collected are shown while they are picked.

«Бросьте полученные кубики. Вы должны применить все выпавшие результаты в таком
порядке: 1) Нанесите один удар по одному из ваших атакующих кораблей за каждый
[самоудар]. 2) Если вам выпало сколько угодно [перехватов], защищающийся обороняется –
нанесите один удар по одному из ваших атакующих кораблей за каждый неповреждённый
защищающийся корабль. (Это может произойти только раз за сражение!) 3) Нанесите один
удар по одному из защищающихся кораблей за каждый [удар]. … 4) Нанесите один удар по
одному из защищающихся зданий за каждый [удар по зданию]. 5) Налётом заберите ресурсы
и карты защищающегося, потратив [ключи], если у вас остались атакующие корабли» (RU p.15).
"""

from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.arcs.ai.base import make_player
from game.arcs.data import load_arcs_rules
from game.arcs.engine.events import Rolled
from game.arcs.engine.rules import acting_seat, apply, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import OVER, Action, Building, GameConfig
from game.arcs.engine.view import player_view
from game.arcs.ui.dice_view import draw_battle
from game.arcs.ui.labels import action_labels, system_name
from game.arcs.ui.log_text import ArcsTeller, intercept_hits, roll_steps
from game.arcs.ui.table_layout import MAP_BASE
from game.arcs.ui.table_moments import TableMoments
from tests.arcs_scene import homelands
from tests.test_arcs_engine_battle import RELIC, put, rig

RULES = load_arcs_rules()
NAMES = ["Anna", "Boris", "Vera"]
BATTLE_KINDS = ("battle", "die", "roll", "reroll", "keep_roll", "hit", "ransack", "steal",
                "stop", "rifle_volley", "beloved")
RAW = [re.compile(r"\b\d+\.\d+\b"),  # a planet's id: 2.3
       re.compile(r"\bG\d\b"),  # a gate's id: G2
       re.compile(r"\b[a-z]+_[a-z_]+\b"),  # a snake_case id: self_hit, loyal_keepers
       re.compile(r"\barcs\.[a-z_.]+")]  # an i18n key
BOOK_ORDER = ["self_hits", "intercept", "hits", "building_hits", "keys"]


def raw_ids(text: str) -> list[str]:
    return [m.group(0) for rx in RAW for m in rx.finditer(text)]


def walk(seed: int, players: int, check) -> int:
    """A seeded game of normal bots, ``check(state, action)`` before each action; the
    number of actions checked."""
    state = new_game(RULES, GameConfig(players, seed))
    bots = [make_player("normal", seed * 10 + i) for i in range(players)]
    teller = ArcsTeller(NAMES[:players])
    checked = 0
    for _ in range(3000):
        if state.step == OVER:
            break
        seat = acting_seat(state)
        legal = legal_actions(state)
        action = bots[seat].choose(player_view(state, seat), legal)
        if check(state, legal, action, teller):
            checked += 1
        else:
            teller.tell(state, action, apply, word=False)
    return checked


@pytest.mark.parametrize("seed", [1, 3, *(pytest.param(s, marks=pytest.mark.slow)
                                       for s in (0, 2, 4, 5))])
def test_every_battle_decision_and_its_log_lines_read_in_words(seed):
    """A seeded bot game (2–4 players): at every battle decision, all the legal actions
    and the log lines of the action taken, in both languages, hold no raw id, and the
    battle's panel draws on the map; every roll with an intercept is announced in the
    log with the hits it deals."""
    seen = {"decisions": 0, "intercepts": 0, "hits": 0}
    pygame.init()
    canvas = pygame.Surface(MAP_BASE)
    bad: list[str] = []

    def check(state, legal, action, teller) -> bool:
        if state.battle is None and action.kind not in ("battle", "rifle_volley"):
            return False
        seat = acting_seat(state)
        view = player_view(state, seat)
        # out of a battle (choosing to start one): the battle choices among the rest
        shown = legal if state.battle is not None else [a for a in legal
                                                        if a.kind in BATTLE_KINDS]
        for lang in ("en", "ru"):
            for label in action_labels(view, shown, NAMES[:state.n], lang):
                if raw_ids(label):
                    bad.append(f"{lang} label: {label}")
        seen["decisions"] += 1
        if state.battle is not None:  # the panel on the map draws in every phase
            for lang in ("en", "ru"):
                panel = draw_battle(canvas, view, NAMES[:state.n], lang, canvas.get_rect())
                assert panel is not None and canvas.get_rect().contains(panel)
        seen["hits"] += sum(a.kind == "hit" for a in legal)
        told = teller.tell(state, action, apply)
        after = player_view(state, -1)
        for lang in ("en", "ru"):
            lines = [line.text for line in told[(-1, lang)]]
            for text in lines:
                if raw_ids(text):
                    bad.append(f"{lang} log: {text}")
            for e in state.events:
                if isinstance(e, Rolled) and e.intercepts:
                    word = "Intercept" if lang == "en" else "Перехват"
                    said = [t for t in lines if t.startswith(f"· {word}")]
                    n = intercept_hits(after, e)
                    assert len(said) == 1 and (str(n) in said[0] if n else True), lines
                    seen["intercepts"] += lang == "en"
        return True

    walk(seed, 2 + seed % 3, check)
    assert not bad, bad[:10]
    assert seen["decisions"] > 50 and seen["hits"] > 5, seen


def maria_against_lina():
    """The book's example (RU p.15): Maria's 4 fresh ships against Lina's fresh ship, 2
    damaged ships and damaged city on a Relic planet; 2 assault and 2 raid dice showing
    a hit + intercept, a blank, a key + self-hit and a key + building hit."""
    state = homelands()
    put(state, 0, RELIC, fresh=4)
    put(state, 1, RELIC, fresh=1, damaged=2)
    state.buildings[RELIC][0] = Building(1, "city", damaged=True)
    state.players[1].cities_off += 1
    apply(state, Action("battle", 0, target=RELIC, index=1))
    for d in ("assault", "assault", "raid", "raid"):
        apply(state, Action("die", 0, card=d))
    return state


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_rolls_consequences_come_in_the_books_order_with_the_intercept_explained(lang):
    state = maria_against_lina()
    teller = ArcsTeller(NAMES)
    rig(state, [2, 5, 1, 2])
    told = teller.tell(state, Action("roll", 0), apply)
    rolled = next(e for e in state.events if isinstance(e, Rolled))
    view = player_view(state, 0)
    assert intercept_hits(view, rolled) == 1  # Lina's one fresh ship
    steps = roll_steps(rolled, "Anna", "Boris", intercept_hits(view, rolled), lang)
    assert [kind for kind, _text in steps] == BOOK_ORDER
    lines = [line.text for line in told[(0, lang)]]
    said = [t[2:] for t in lines if t.startswith("· ")]
    assert said == [text for _kind, text in steps]
    intercept = said[1]
    assert "Boris" in intercept and "Anna" in intercept and "1" in intercept
    why = "one per fresh defending ship" if lang == "en" else "за каждый неповреждённый"
    assert why in intercept
    assert not any(raw_ids(t) for t in lines), lines


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_hit_choices_name_the_piece_its_owner_the_system_and_what_is_left(lang):
    state = maria_against_lina()
    rig(state, [2, 5, 1, 2])
    apply(state, Action("roll", 0))
    place = system_name(RULES, RELIC, lang)
    assert place == ("Relic planet, cluster 4" if lang == "en"
                     else "планета реликвий, регион 4")
    own = action_labels(player_view(state, 0), legal_actions(state), NAMES, lang)
    assert own == [("Damage one of your fresh ships at Relic planet, cluster 4 "
                    "(here: 4 fresh, 0 damaged)") if lang == "en" else
                   ("Повредить свой неповреждённый корабль — планета реликвий, регион 4 "
                    "(здесь неповреждённых: 4, повреждённых: 0)")]
    apply(state, legal_actions(state)[0])
    apply(state, legal_actions(state)[0])
    theirs = action_labels(player_view(state, 0), legal_actions(state), NAMES, lang)
    if lang == "en":
        assert theirs == [
            # the counts are the ships there as the hit is chosen: a "Last:" line that
            # echoes the choice must not read as what is left after it (issue 37)
            "Damage a fresh ship of Boris at Relic planet, cluster 4 "
            "(there before the hit: 1 fresh, 2 damaged)",
            "Destroy a damaged ship of Boris at Relic planet, cluster 4 "
            "(there before the hit: 1 fresh, 2 damaged)"]
    else:
        assert theirs[0].startswith("Boris: повредить неповреждённый корабль — " + place)
    apply(state, legal_actions(state)[0])
    building = action_labels(player_view(state, 0), legal_actions(state), NAMES, lang)
    assert building == (["Destroy the damaged city of Boris at Relic planet, cluster 4"]
                        if lang == "en" else
                        ["Boris: разрушить повреждённый город — планета реликвий, регион 4"])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_dice_taken_are_shown_while_picking(lang):
    state = homelands()
    put(state, 0, RELIC, fresh=4)
    put(state, 1, RELIC, fresh=1)
    apply(state, Action("battle", 0, target=RELIC, index=1))
    apply(state, Action("die", 0, card="assault"))
    apply(state, Action("die", 0, card="assault"))
    apply(state, Action("die", 0, card="skirmish"))
    labels = action_labels(player_view(state, 0), legal_actions(state), NAMES, lang)
    if lang == "en":
        assert "Roll: 1 Skirmish, 2 Assault" in labels
        assert "Take a die: Assault (taken: 1 Skirmish, 2 Assault)" in labels
    else:
        assert "Бросить кубики (перестрелка: 1, таран: 2)" in labels
    assert not any(raw_ids(t) for t in labels)
    # on the map: the panel with the dice taken, beside the battle's ringed system
    pygame.init()
    surface = pygame.Surface(MAP_BASE)
    surface.fill((0, 0, 0))
    panel = draw_battle(surface, player_view(state, 0), NAMES, lang,
                        pygame.Rect((0, 0), MAP_BASE))
    assert panel is not None and surface.get_rect().contains(panel)
    # the assault die's colour is drawn in the panel (two of them, as one counted tile)
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(panel.x, panel.right, 3)
               for y in range(panel.y, panel.bottom, 3)}
    assert (200, 70, 60) in colours and (70, 130, 200) in colours and (210, 150, 40) \
        not in colours


class _Session:
    """What the table's moments read of a session: the names and a seat's view."""

    def __init__(self, state) -> None:
        self.state, self.names, self.humans = state, NAMES, (0,)

    def view(self, seat: int):
        return player_view(self.state, seat)


class _Moments(TableMoments):
    def __init__(self, state) -> None:
        self.session, self.viewer = _Session(state), 0
        self.reset_moments()


def test_the_moment_after_a_roll_tells_each_result_in_the_books_order():
    """The screen, not only the log: the roll's moment lists the consequences (the
    intercept among them, with its count) as the table waits for the player."""
    state = maria_against_lina()
    moments = _Moments(state)
    was = i18n.language()
    i18n.set_language("en")
    try:
        moments.after_apply()  # the dice being taken: the battle (and its defender) seen
        rig(state, [2, 5, 1, 2])
        apply(state, Action("roll", 0))
        moments.after_apply()
    finally:
        i18n.set_language(was)
    show = moments.dice
    assert show is not None and moments.busy()
    assert [kind for kind, _text in show.steps] == BOOK_ORDER
    assert show.title == "Anna rolls 2 Assault, 2 Raid"
    intercept = dict(show.steps)["intercept"]
    assert intercept.startswith("Intercept — Boris defends") and ": 1," in intercept
