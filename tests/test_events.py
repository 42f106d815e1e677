"""The event vocabulary (game/star_realms/engine/events.py): every kind is produced by real
play, zones are typed, and every event is plain JSON for a phone page or a LAN client."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
from collections.abc import Iterator
from typing import Any

import pytest

from game.star_realms.ai.basic import GreedyBot, RandomBot
from game.star_realms.campaign import bots, flow
from game.star_realms.engine import Action, GameConfig, SeatConfig, apply, legal_actions, new_game
from game.star_realms.engine import events as events_module
from game.star_realms.engine.cards import CLASSIC_FACTIONS
from game.star_realms.engine.events import (
    EVENT_KINDS,
    SEAT_ZONES,
    TRADE_ROW,
    ZONE_NAMES,
    Event,
    GameOver,
    Move,
    Severed,
    Strike,
    Victory,
    Zone,
    event_from_json,
)
from game.star_realms.engine.state import State
from game.star_realms.sim import BossPilot, play
from game.star_realms.ui.log_text import describe
from tests.scene import DB
from tests.test_campaign_rules import game as campaign_game
from tests.test_campaign_rules import offer, to_main_phase

# Kinds a few hundred bot games may well not produce, each with its own test below.
RARE = {
    "victory": "a campaign won by a whole sticker sheet or a scenario's own rule",
    "severed": "Dimensional Horror: bots seldom cut a whole tentacle",
    # A team turn no longer passes from member to member (issue 19: the whole team
    # plays at once), so the engine stops producing it; kept for old logs.
    "focus": "no longer produced: a Hydra team plays its turn together",
}
SAMPLES = 40  # events kept per kind for the JSON checks
FORMAT_SEATS = {"ffa": 4, "hunter": 3, "hunter_first_blood": 5, "hydra2": 4, "hydra3": 6,
                "emperor": 6, "raid": 4}
DIFFICULTIES = ("novice", "apprentice", "veteran", "expert")


def _bot(kind: str, seed: int) -> Any:
    # (the basic bots only: the point is the engine's events, not the AI's skill)
    return BossPilot() if kind == "boss" else (GreedyBot if kind == "greedy" else RandomBot)(seed)


def _old_zone_string(value: str) -> bool:
    """How zones used to be spelt: "hand:0", "boss:registry", "trade_row" ("scrap" alone
    is also an ability slot, so it cannot tell)."""
    name, colon, _ = value.partition(":")
    return (bool(colon) and name in ZONE_NAMES) or value in ZONE_NAMES - {"scrap"}


def _check_zones(state: State, ev: Event) -> None:
    """Zone fields hold Zones with a known name and owner; no str field names a zone."""
    for f in dataclasses.fields(ev):
        value = getattr(ev, f.name)
        assert isinstance(value, Zone) == (f.type == "Zone"), ev
        if isinstance(value, Zone):
            assert value.name in ZONE_NAMES, ev
            assert (value.seat is not None) == (value.name in SEAT_ZONES), ev
            assert value.seat is None or 0 <= value.seat < len(state.seats), ev
            assert value.pile is None or value.name == "boss", ev
        elif isinstance(value, str):
            assert not _old_zone_string(value), ev


class Seen:
    def __init__(self) -> None:
        self.samples: dict[type[Event], list[Event]] = {}
        self.games = 0

    def watch(self, state: State) -> None:
        for ev in state.events:
            assert isinstance(ev, Event), ev
            _check_zones(state, ev)
            kept = self.samples.setdefault(type(ev), [])
            if len(kept) < SAMPLES:
                kept.append(ev)

    def game(self, fmt: str, kinds: list[str], sets: tuple[str, ...], seed: int,
             options: tuple = (), max_turns: int = 200) -> State:
        seats = kinds + (["boss"] if fmt in DB.adventures else [])
        config = GameConfig(sets=sets, format=fmt, seed=seed, first=seed % len(kinds),
                            options=options,
                            seats=tuple(SeatConfig(f"{k} {j}", k) for j, k in enumerate(seats)))
        self.games += 1
        players = [_bot(k, seed + j) for j, k in enumerate(seats)]
        return play(new_game(DB, config), players, max_turns=max_turns, on_action=self.watch)


def play_many() -> Seen:
    """About two hundred seeded games: duels over the sets, every multiplayer format,
    every adventure at every difficulty, and two bot campaigns."""
    s = Seen()
    sets = (("frontiers",), ("colony_wars",), ("frontiers", "colony_wars"))
    for seed in range(60):
        s.game("duel", ["greedy", "random"][:: 1 if seed % 2 else -1], sets[seed % 3], seed)
    for seed in range(10):  # the Crisis events turn up in the trade row
        s.game("duel", ["greedy", "random"][:: 1 if seed % 2 else -1], ("core", "crisis"), seed)
    for seed in range(6):  # United's missions and the Gambit set's gambits dealt
        s.game("duel", ["greedy", "random"][:: 1 if seed % 2 else -1], ("core", "united"), seed,
               (("missions", True), ("gambits", True)))
    for fmt, n in FORMAT_SEATS.items():
        for seed in range(4):
            s.game(fmt, [("greedy", "random")[(seed + j) % 2] for j in range(n)],
                   ("frontiers", "colony_wars"), seed)
    for aid, adv in DB.adventures.items():
        for difficulty in DIFFICULTIES:
            for seed in range(3):
                players = adv.min_players + seed % (adv.max_players - adv.min_players + 1)
                s.game(aid, [("random", "greedy")[(seed + j) % 2] for j in range(players)],
                       ("frontiers",), seed, (("difficulty", difficulty),))
    for seed in range(2):
        c = flow.new_campaign(f"events-{seed}", "test", seed, [
            ("A", "greedy", "star_empire"), ("B", "greedy", "trade_federation")])
        while not c.played_all:
            if flow.needs_choice(c, DB):
                flow.choose(c, DB, bots.pick_option(c, DB))
            config = flow.game_config(c, DB)
            state = play(new_game(DB, config), [GreedyBot(config.seed), GreedyBot(config.seed + 1)],
                         max_turns=300, on_action=s.watch)
            s.games += 1
            if state.winners is None:  # (a stalemate between bots, as auto.play_scenario)
                state.winners = (0 if state.authority(0) >= state.authority(1) else 1,)
            flow.record(c, DB, state)
    return s


@pytest.fixture(scope="module")
def seen() -> Seen:
    return play_many()


def _samples(seen: Seen) -> Iterator[Event]:
    for kept in seen.samples.values():
        yield from kept


def test_every_kind_is_produced_by_real_play(seen):
    produced = {cls.kind for cls in seen.samples}
    assert seen.games >= 200
    assert produced <= set(EVENT_KINDS)
    assert set(EVENT_KINDS) - produced <= set(RARE), sorted(set(EVENT_KINDS) - produced)


def test_every_event_is_plain_json_and_round_trips(seen):
    for ev in _samples(seen):
        data = ev.to_json()
        again = json.loads(json.dumps(data))
        assert again == data, ev  # nothing JSON would change (tuples are lists already)
        assert again["kind"] == ev.kind and EVENT_KINDS[again["kind"]] is type(ev)
        assert event_from_json(again) == ev


def test_zones_in_json_are_dicts(seen):
    move = seen.samples[Move][0]
    data = move.to_json()
    assert set(data) == {"kind", "card", "src", "dst"}
    assert set(data["src"]) == {"name", "seat", "pile"}


def test_the_vocabulary_is_one_registry_of_frozen_records():
    classes = set(EVENT_KINDS.values())
    assert len(classes) == len(EVENT_KINDS)
    # none left out of EVENT_KINDS (by name: slots=True leaves the pre-slots class behind)
    assert {c.__name__ for c in Event.__subclasses__()} == {c.__name__ for c in classes}
    doc = events_module.__doc__ or ""
    for kind, cls in EVENT_KINDS.items():
        assert cls.kind == kind and kind
        assert f"``{kind}`` — :class:`{cls.__name__}`" in doc  # listed in the docstring
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen
        assert "__slots__" in cls.__dict__  # (instances carry no __dict__)


def test_zone_spelling_sharing_and_copies():
    hand = Zone("hand", 0)
    assert str(hand) == hand.key == "hand:0" and str(TRADE_ROW) == "trade_row"
    assert str(Zone("boss", pile="tentacle:blob")) == "boss:tentacle:blob"
    assert hand is Zone("hand", 0) and hand != Zone("hand", 1)
    assert pickle.loads(pickle.dumps(hand)) == hand and copy.deepcopy(hand) == hand
    assert dataclasses.replace(hand, seat=1) == Zone("hand", 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.seat = 1  # type: ignore[misc]
    assert Zone.from_json(hand.to_json()) is hand


# ---------------------------------------------------------------------- the rare kinds


def test_victory_is_announced_before_the_game_over():
    """Campaign scenario 1: the last sticker of the sheet wins at once (political)."""
    st = campaign_game(scenario=1, used=[[f"s1c{c}ship" for c in (2, 3, 4, 5)], []])
    to_main_phase(st)
    iid = offer(st, "trade_baron", 6 + 2)
    apply(st, Action("buy", 0, card=iid))
    choose = Action("choose", 0, index=0)
    apply(st, choose)
    wins = [e for e in st.events if isinstance(e, (Victory, GameOver))]
    assert wins == [Victory(0, "political"), GameOver((0,))]
    keys = [line.key for line in describe(st, choose, st.events, 0)]
    assert keys[-2:] == ["log.victory_political", "log.winner"]
    for ev in st.events:
        assert event_from_json(json.loads(json.dumps(ev.to_json()))) == ev


def test_cutting_a_whole_tentacle_strikes_then_severs():
    seats = (SeatConfig("P1"), SeatConfig("Boss", "boss"))
    st = new_game(DB, GameConfig(sets=("frontiers",), seats=seats, format="dimensional_horror",
                                 seed=4, first=0, options=(("difficulty", "expert"),)))
    while st.active == st.boss.seat:  # Expert: the boss grows a tentacle first
        apply(st, Action("boss_step", st.boss.seat))
    while st.pending is not None:
        apply(st, legal_actions(st)[0])
    seat = st.active
    colour = next(f for f in CLASSIC_FACTIONS if st.boss.piles[f"tentacle:{f}"])
    cards = st.boss.piles[f"tentacle:{colour}"]
    st.seats[seat].combat = 100
    strikes: list[Event] = []
    while cards:
        top = cards[-1]
        action = Action("strike", seat, card=top)
        apply(st, action)
        strikes += st.events
        assert Strike(seat, top, colour) in st.events
        assert Move(top, Zone("boss", pile=f"tentacle:{colour}"), Zone("scrap")) in st.events
    assert strikes[-1] == Severed(seat, colour)
    assert [line.key for line in describe(st, action, st.events, seat)][-2:] == [
        "log.strike", "log.severed"]
