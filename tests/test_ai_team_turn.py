"""The AI in a team turn (Hydra, co-op adventures): the lead's bot plays the whole team's
main phase — the teammates' cards too, the pooled combat and trade — and the search
bot's "me" is the lead, never the seat of whichever candidate comes first."""

from game.star_realms.ai.heuristic import NORMAL, HeuristicPlayer
from game.star_realms.ai.search import HardPlayer
from game.star_realms.engine import GameConfig, SeatConfig, apply, legal_actions, new_game
from game.star_realms.engine.rules import acting_seat, allows, pooled, turn_seats
from game.star_realms.engine.state import Action
from game.star_realms.engine.view import player_view
from game.star_realms.sim import game_seeds
from tests.scene import DB

SETS = ("frontiers", "colony_wars")


def hydra(seed=5, fmt="hydra2", n=4):
    seats = tuple(SeatConfig(f"P{i + 1}") for i in range(n))
    return new_game(DB, GameConfig(sets=SETS, seats=seats, format=fmt, seed=seed, first=0))


def take(st, card_id):
    """A copy of ``card_id`` out of the trade deck."""
    iid = next(i for i in st.trade_deck if st.cards[i].id == card_id)
    st.trade_deck.remove(iid)
    return iid


def empty_hand(st, seat):
    s = st.seats[seat]
    s.discard.extend(s.hand)
    s.hand.clear()


def play_turn(st, bot, limit=200):
    """Let ``bot`` play the lead's whole turn (answering its questions too); the actions."""
    turn, done = st.turn, []
    for _ in range(limit):
        if st.turn != turn or st.winners is not None:
            return done
        seat = acting_seat(st)
        legal = legal_actions(st)
        a = bot.choose(player_view(st, seat), legal)
        assert allows(legal, a), a
        if a.kind == "end_turn":
            assert st.pending is None
            for target in (1, 3):  # no combat left unused while a foe can be hit
                assert not any(x.kind == "attack_player" and x.target == target
                               for x in legal), f"ended the turn with {legal}"
        done.append(a)
        apply(st, a)
    raise AssertionError("the turn did not end")


def test_a_lead_without_combat_spends_its_teammates():
    st = hydra()
    assert turn_seats(st) == [0, 2]
    empty_hand(st, 0)
    empty_hand(st, 2)
    for s in st.seats:
        s.trade = s.combat = 0
    st.seats[2].combat = 7
    legal = legal_actions(st)
    assert any(a.kind == "attack_player" and a.seat == 0 and a.amount == 7 for a in legal)
    for bot in (HeuristicPlayer(1, NORMAL), HardPlayer(1, samples=2, max_candidates=3)):
        a = bot.choose(player_view(st, 0), legal)
        assert a.kind in ("attack_player", "attack_base"), a
    done = play_turn(st, HeuristicPlayer(1, NORMAL))
    assert done[-1].kind == "end_turn"
    assert any(a.kind == "attack_player" for a in done)
    assert pooled(st, 0, "combat") == 0 or st.turn != 1


def test_the_bot_plays_its_teammates_cards():
    st = hydra()
    empty_hand(st, 0)
    mates = [take(st, "frontier_runner"), take(st, "stinger")]
    st.seats[2].hand[:] = mates  # (the rest of the teammate's hand goes to its discard)
    view = player_view(st, 0)
    assert all(c in view.seats[2].hand for c in mates)  # a teammate's hand is seen
    bot = HeuristicPlayer(3, NORMAL)
    first = bot.choose(view, legal_actions(st))
    assert first.kind == "play" and first.seat == 2 and first.card in mates
    assert bot.playout_step(st.clone()) == first
    play_turn(st, bot)
    # Both were played (ships land in play, then go to the discard pile at the turn's end).
    assert all(c in st.seats[2].discard for c in mates)


def test_the_team_buys_with_pooled_trade():
    st = hydra()
    empty_hand(st, 0)
    empty_hand(st, 2)
    for s in st.seats:
        s.trade = s.combat = 0
    st.seats[0].trade, st.seats[2].trade = 3, 4
    owned = {m: len(st.seats[m].discard) for m in (0, 2)}
    done = play_turn(st, HeuristicPlayer(2, NORMAL))
    buys = [a for a in done if a.kind == "buy"]
    assert buys, done
    assert sum(len(st.seats[m].discard) - owned[m] for m in (0, 2)) >= len(buys)


def test_the_search_bots_me_is_the_lead():
    st = hydra()
    empty_hand(st, 0)
    for s in st.seats:
        s.trade = s.combat = 0
    st.seats[2].trade = 8
    legal = legal_actions(st)
    mates_buys = [a for a in legal if a.kind == "buy" and a.seat == 2]
    assert mates_buys
    bot = HardPlayer(4, samples=2, max_candidates=3)
    seen = []
    inner_playout = bot.playout
    inner_chance = bot.evaluator.win_chance

    def playout(state, me, bans, depth=None):
        seen.append(me)
        return inner_playout(state, me, bans, depth)

    def win_chance(state, seat):
        seen.append(seat)
        return inner_chance(state, seat)

    bot.playout = playout
    bot.evaluator.win_chance = win_chance
    view = player_view(st, 0)
    cands = [(mates_buys[0], frozenset()), (Action("end_turn", 2), frozenset())]
    assert bot.search(view, cands, mates_buys[0]) in (mates_buys[0], Action("end_turn", 2))
    assert seen and set(seen) == {0}


def test_playout_step_is_normal_in_a_team_turn():
    steps = mates_played = 0
    for seed in game_seeds(7, 3):
        st = hydra(seed)
        players = [HeuristicPlayer(seed + i, NORMAL) for i in range(4)]
        while st.winners is None and st.turn < 60:
            seat = acting_seat(st)
            legal = legal_actions(st)
            p = players[seat]
            p.tiebreak.seed(steps)  # the same draws for true ties between seats
            action = p.choose(st, legal)
            assert allows(legal, action)
            p.tiebreak.seed(steps)
            assert p.playout_step(st) == action
            mates_played += action.kind == "play" and action.seat != st.active
            steps += 1
            apply(st, action)
    assert mates_played > 20
