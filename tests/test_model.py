"""game/star_realms/model.py: the per-seat table model — contents, ids, plain JSON, and
no hidden information (a secret reshuffle of every hidden zone changes nothing a seat's
model says)."""

import json
import re

import pytest

from game.star_realms.ai.basic import GreedyBot, RandomBot
from game.star_realms.engine import Action, GameConfig, SeatConfig, apply, legal_actions, new_game
from game.star_realms.engine.rng import Rng
from game.star_realms.engine.rules import acting_seat
from game.star_realms.engine.view import player_view
from game.star_realms.model import action_id, build_model, find_action
from game.star_realms.sim import BossPilot
from tests.scene import DB, Scene


def walk(value, path=""):
    """Every (path, leaf) of a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            assert isinstance(k, str), path
            yield from walk(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, f"{path}[{i}]")
    else:
        yield path, value


def assert_plain(data):
    for path, leaf in walk(data):
        assert type(leaf) in (str, int, bool), f"{path}: {leaf!r}"


def card_ids_in(data) -> set[int]:
    """Every card instance the JSON names: card objects, card fields, action ids."""
    out = set()
    for path, leaf in walk(data):
        if re.search(r"\.(iid|card)$", path) and isinstance(leaf, int) and leaf >= 0:
            out.add(leaf)
        if isinstance(leaf, str):
            out.update(int(m) for m in re.findall(r":c(\d+)", leaf))
    return out


# ------------------------------------------------------------------ contents


def test_duel_model_from_the_viewers_side():
    sc = Scene(hand=["stinger", "scout"], in_play=["patrol_boat"], bases=["spike_cluster"],
               opp_bases=["defense_system"], combat=7, trade=3)
    st = sc.state
    m = build_model(st, 0, log=[("log.turn", {"p": 0, "n": 1})])
    data = m.to_json()
    assert_plain(data)
    json.dumps(data)
    assert data["game"] == "star_realms" and data["format"] == "duel"
    assert (data["viewer"], data["active"], data["acting"], data["turn"]) == (0, 0, 0, 1)
    me, opp = data["seats"]
    assert [c["id"] for c in me["hand"]] == ["stinger", "scout"] and me["hand_visible"]
    assert opp["hand"] == [] and opp["hand_count"] == 5 and not opp["hand_visible"]
    assert opp["bases"][0]["remaining"] == 5 and opp["bases"][0]["outpost"]
    assert data["pools"] == {"trade": 3, "combat": 7, "team_trade": 0, "team_combat": 0,
                             "spend_trade": 3, "spend_combat": 7}
    row = [s["card"] for s in data["supply"]["trade_row"]]
    assert [c["id"] for c in row][:2] == ["frontier_runner", "patrol_boat"]
    assert all(c["price"] == c["cost"] for c in row)
    assert data["supply"]["trade_deck_count"] == 5 and data["supply"]["explorers_count"] == 3
    chips = {(c["card"], c["slot"]): c for c in data["chips"]}
    spike = sc.id("spike_cluster")
    assert chips[(spike, "primary")] == {"card": spike, "slot": "primary",
                                         "state": "available",
                                         "action": f"use:c{spike}:primary"}
    assert chips[(sc.id("patrol_boat"), "primary")]["state"] == "used"
    assert chips[(sc.id("defense_system"), "ally")]["state"] == "not_usable"
    ds = sc.id("defense_system")
    targets = {(t["kind"], t["card"]): t for t in data["targets"]}
    assert targets[("player", -1)]["reason"] == "outpost_first"
    assert targets[("base", ds)]["legal"]
    assert targets[("base", ds)]["action"] == f"attack_base:c{ds}"
    assert data["attack_all"] == f"attack_base:c{ds}"
    assert f"use:c{spike}:primary" in data["auto_apply"]
    assert data["log"] == [{"key": "log.turn", "params": {"p": 0, "n": 1}}]
    assert "question" not in data and "waiting" not in data and "boss" not in data
    # every legal action of the viewer, each with an id that finds it again
    legal = legal_actions(st)
    assert [a["id"] for a in data["actions"]] == [action_id(a) for a in legal]
    assert len({a["id"] for a in data["actions"]}) == len(legal)
    for a in legal:
        assert find_action(legal, 0, action_id(a)) == a
    assert find_action(legal, 1, "end_turn") is None
    # the opponent's model: no actions, no targets, the same public table
    other = build_model(st, 1).to_json()
    assert other["actions"] == [] and other["targets"] == [] and other["attack_all"] == ""
    assert other["seats"][0]["hand"] == [] and other["seats"][0]["hand_count"] == 2
    assert other["seats"][1]["hand_visible"]


def test_a_view_gives_the_same_model_as_the_state():
    sc = Scene(hand=["stinger", "plasma_bot"], opp_bases=["spike_cluster"], combat=4)
    for seat in (0, 1):
        assert (build_model(player_view(sc.state, seat), seat).to_json()
                == build_model(sc.state, seat).to_json())


def test_the_question_is_only_for_the_seat_answering_it():
    sc = Scene(hand=["plasma_bot", "scout", "viper"])
    sc.play("plasma_bot")  # "you may scrap a card in your hand"
    assert sc.pending is not None
    data = build_model(sc.state, 0).to_json()
    qn = data["question"]
    assert (qn["kind"], qn["purpose"], qn["prompt"]) == ("card", "scrap", "prompt.scrap_may")
    assert qn["params"] == {"zones": ["hand"], "n": 1}
    assert (qn["optional"], qn["min"], qn["max"], qn["stop"]) == (True, 0, 1, "stop")
    assert qn["source"]["id"] == "plasma_bot"
    assert sorted(c["card"]["id"] for c in qn["candidates"]) == ["scout", "viper"]
    assert {c["zone"] for c in qn["candidates"]} == {"hand:0"}
    assert {c["action"] for c in qn["candidates"]} | {"stop"} == {
        a["id"] for a in data["actions"]}
    assert data["targets"] == [] and data["auto_apply"] == []
    other = build_model(sc.state, 1).to_json()
    assert "question" not in other and other["actions"] == []
    assert other["waiting"] == {"seat": 0, "kind": "card", "purpose": "scrap"}


def test_an_option_question_carries_what_each_answer_does():
    sc = Scene(bases=["outland_station"])
    sc.use("outland_station", "primary")
    qn = build_model(sc.state, 0, lang="en").to_json()["question"]
    assert (qn["kind"], qn["purpose"], qn["prompt"]) == ("option", "choose", "prompt.choose")
    assert [c["effects"] for c in qn["candidates"]] == [[["trade", 1]], [["authority", 3]]]
    assert [c["action"] for c in qn["candidates"]] == ["choose:i0", "choose:i1"]
    assert all(c["text"] for c in qn["candidates"])
    assert all("text" in c and c["text"] == "" for c in build_model(
        sc.state, 0).to_json()["question"]["candidates"])


def test_team_formats_and_roles_in_the_model():
    st = Scene(seats=6, fmt="emperor", combat=2).state
    data = build_model(st, 0).to_json()
    assert data["show_teams"]
    assert [s["role"] for s in data["seats"]] == ["admiral", "emperor", "admiral",
                                                  "admiral", "emperor", "admiral"]
    assert [s["team"] for s in data["seats"]] == [0, 0, 0, 1, 1, 1]
    assert [t["seat"] for t in data["targets"] if t["legal"]] == [5]  # player 6, opposite
    sc = Scene(seats=4, fmt="hydra2")
    sc.state.seats[2].trade = 4
    pools = build_model(sc.state, 0).to_json()["pools"]
    assert (pools["team_trade"], pools["spend_trade"]) == (4, 4)


def test_raiders_see_each_others_hands_but_not_the_boss():
    st = new_game(DB, GameConfig(sets=("frontiers", "colony_wars"), format="raid", seed=4,
                                 seats=tuple(SeatConfig(f"P{i}") for i in range(4))))
    data = build_model(st, 1).to_json()
    boss, me, ally, _ = data["seats"]
    assert ally["hand_visible"] and len(ally["hand"]) == ally["hand_count"] > 0
    assert not boss["hand_visible"] and boss["hand"] == []
    assert (boss["role"], me["role"]) == ("boss", "raider")
    assert not build_model(st, 0).to_json()["seats"][1]["hand_visible"]


def test_an_adventure_model_has_its_boss():
    st = new_game(DB, GameConfig(sets=("frontiers",), format="defy_the_empire", seed=2,
                                 options=(("difficulty", "veteran"),),
                                 seats=(SeatConfig("P1"), SeatConfig("Boss", "boss"))))
    data = build_model(st, 0).to_json()
    boss = data["boss"]
    assert (boss["adventure"], boss["difficulty"], boss["seat"]) == (
        "defy_the_empire", "veteran", 1)
    piles = {p["name"]: p for p in boss["piles"]}
    subjects = piles["subjects"]
    assert subjects["shows"] == "top" and subjects["count"] > 1
    assert [c["iid"] for c in subjects["cards"]] == [st.boss.piles["subjects"][-1]]
    assert data["seats"][1]["role"] == "boss" and data["adventure"] == "defy_the_empire"


# ------------------------------------------------------------------ hidden information

MODES = [  # (format, players, options)
    ("duel", 2, ()), ("ffa", 4, ()), ("hunter", 4, ()), ("hydra2", 4, ()),
    ("hydra3", 6, ()), ("emperor", 6, ()), ("raid", 4, ()),
    ("defy_the_empire", 2, (("difficulty", "veteran"),)),
    ("nemesis_beast", 2, (("difficulty", "expert"),)),
    ("cost_of_freedom", 2, (("difficulty", "novice"),)),
    ("dimensional_horror", 1, (("difficulty", "veteran"),)),
    ("campaign", 2, (("campaign", {"scenario": 3, "first": 0, "factions": [
        "star_empire", "trade_federation"], "choices": {}, "favours": {}, "used": [[], []],
        "upgrades": []}),)),
]


# What players see of each boss pile, by the book (written out here, not asked of the
# engine, so a wrong engine hook fails the test): face-down decks with the top card face
# up, face-down piles; the rest (tentacles, the registry) lie face up.
PILE_SHOWS = {"elite": "top", "subjects": "top", "hoard": "none", "acquisitions": "none"}


def hidden_shuffle(state, viewer: int, rng: Rng):
    """A copy of ``state`` with every zone ``viewer`` cannot see secretly reshuffled: other
    seats' hands mixed with their unseen deck cards, every deck below its known top, the
    trade deck, face-down boss piles below what they show."""
    st = state.clone()
    d = st.pending
    for s in st.seats:
        split = len(s.deck) - s.known_top
        unseen = s.deck[:split]
        mix_hand = (not st.format.sees_hand(st, viewer, s.index)
                    and (d is None or d.seat != s.index))  # its question names hand cards
        if mix_hand:
            pool = s.hand + unseen
            rng.shuffle(pool)
            s.hand, unseen = pool[:len(s.hand)], pool[len(s.hand):]
        rng.shuffle(unseen)
        s.deck = unseen + s.deck[split:]
    rng.shuffle(st.trade_deck)
    if st.boss is not None:
        for name, pile in st.boss.piles.items():
            shows = PILE_SHOWS.get(name, "all")
            if shows == "none":
                rng.shuffle(pile)
            elif shows == "top" and len(pile) > 1:
                below = pile[:-1]
                rng.shuffle(below)
                pile[:-1] = below
    return st


def secret_cards(state, viewer: int) -> set[int]:
    """Cards ``viewer`` may not identify: unseen hands, unseen deck cards (its own deck is
    allowed while it answers a question about it, e.g. a gift), the trade deck and
    face-down boss piles."""
    out = set(state.trade_deck)
    own_question = state.pending is not None and state.pending.seat == viewer
    for s in state.seats:
        if not state.format.sees_hand(state, viewer, s.index):
            out.update(s.hand)
        if s.index != viewer or not own_question:
            out.update(s.deck[:len(s.deck) - s.known_top])
    if state.boss is not None:
        for name, pile in state.boss.piles.items():
            shows = PILE_SHOWS.get(name, "all")
            out.update(pile if shows == "none" else pile[:-1] if shows == "top" else ())
    return out


def view_cards(view) -> set[int]:
    """Cards a player view names in its zones (hands, decks, the trade deck, boss piles:
    e.g. Defy the Empire's decks below their face-up top cards)."""
    out = set(view.trade_deck)
    for s in view.seats:
        out.update(s.hand)
        out.update(s.deck)
    if view.boss is not None:
        for pile in view.boss.piles.values():
            out.update(pile)
    return out


def positions(fmt: str, players: int, options: tuple, seed: int, turns: int = 18):
    """Seeded bot games (random and greedy seats) and a copy of the state now and then,
    and at every question."""
    adventure = fmt in DB.adventures
    kinds = ["random" if i % 2 else "greedy" for i in range(players)]
    seats = [SeatConfig(f"P{i}", k) for i, k in enumerate(kinds)]
    if adventure:
        seats.append(SeatConfig("Boss", "boss"))
    sets = (("frontiers",) if adventure else ("campaign", "campaign_decks")
            if fmt == "campaign" else ("frontiers", "colony_wars"))
    st = new_game(DB, GameConfig(sets=sets, seats=tuple(seats), format=fmt, seed=seed,
                                 options=options))
    bots = [(RandomBot if k == "random" else GreedyBot)(seed + i)
            for i, k in enumerate(kinds)] + (
        [BossPilot()] if adventure else [])
    n = 0
    while not st.is_over and st.turn <= turns:
        if n % 5 == 0 or st.pending is not None:
            yield st.clone()
        seat = acting_seat(st)
        apply(st, bots[seat].choose(player_view(st, seat), legal_actions(st)))
        n += 1
    yield st.clone()


@pytest.mark.parametrize("fmt, players, options", MODES, ids=[m[0] for m in MODES])
def test_no_hidden_information_leaks(fmt, players, options):
    rng = Rng(11)
    checked = questions = 0
    for seed in (1, 2, 3):
        for st in positions(fmt, players, options, seed):
            for seat in range(len(st.seats)):
                data = build_model(st, seat).to_json()
                assert not card_ids_in(data) & secret_cards(st, seat), (fmt, seat, st.turn)
                # the view itself (what the AI gets) names no secret card either
                assert not view_cards(player_view(st, seat)) & secret_cards(st, seat), (
                    fmt, seat, st.turn)
                text = json.dumps(data, sort_keys=True)
                again = json.dumps(build_model(hidden_shuffle(st, seat, rng), seat).to_json(),
                                   sort_keys=True)
                assert again == text, (fmt, seed, seat, st.turn)
                checked += 1
                questions += "question" in data
    assert checked > 20 and (questions or fmt in ("dimensional_horror",))


def test_the_seat_to_act_gets_exactly_its_legal_actions():
    for st in positions("ffa", 4, (), 3, turns=4):
        if st.is_over:
            continue
        seat = acting_seat(st)
        want = {action_id(a) for a in legal_actions(st)}
        assert {a["id"] for a in build_model(st, seat).to_json()["actions"]} == want
        for other in range(4):
            if other != seat:
                assert build_model(st, other).to_json()["actions"] == []


def test_an_attack_id_may_name_any_amount_up_to_the_listed_one():
    sc = Scene(combat=7)
    legal = sc.legal()
    t = next(t for t in build_model(sc.state, 0).targets if t.kind == "player")
    assert (t.min, t.max, t.action) == (1, 7, "attack_player:t1:x7")
    assert find_action(legal, 0, "attack_player:t1:x3") == Action(
        "attack_player", 0, target=1, amount=3)
    assert find_action(legal, 0, "attack_player:t1:x7").amount == 7
    for bad in ("attack_player:t1:x8", "attack_player:t1:x0", "attack_player:t1:x-2",
                "attack_player:t1:x\u0663", "attack_player:t2:x3", "attack_player:t1:x",
                "attack_player:t1:x" + "9" * 40):
        assert find_action(legal, 0, bad) is None, bad
    assert find_action(legal, 1, "attack_player:t1:x3") is None  # not seat 1's attack


def test_a_finished_game():
    sc = Scene(combat=60)
    sc.attack(1, 50)
    data = build_model(sc.state, 1).to_json()
    assert data["over"] and data["winners"] == [0] and data["actions"] == []
    assert not data["seats"][1]["alive"]
    assert Action("end_turn", 0) not in legal_actions(sc.state)
