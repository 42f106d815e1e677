"""Adventures (seed 000, pp. 18–38): setup as the book says, difficulty turn orders, the
boss's attack algorithm and turn steps, victory and defeat — all through engine actions."""

import pytest

from game.star_realms.ai.determinize import determinize
from game.star_realms.engine import Action, GameConfig, SeatConfig, apply, legal_actions, new_game
from game.star_realms.engine.boss import attack_once, choose
from game.star_realms.engine.cards import CLASSIC_FACTIONS as FACTIONS
from game.star_realms.engine.events import BossNarration
from game.star_realms.engine.rng import Rng
from game.star_realms.engine.rules import acting_seat
from game.star_realms.engine.state import HIDDEN
from game.star_realms.engine.view import player_view
from game.star_realms.sim import simulate
from tests.scene import DB


def adv(aid, players=1, difficulty="veteran", seed=3, first=0, sets=("frontiers",)):
    seats = tuple(SeatConfig(f"P{i + 1}") for i in range(players)) + (SeatConfig("Boss",
                                                                                 "boss"),)
    return new_game(DB, GameConfig(sets=sets, seats=seats, format=aid, seed=seed, first=first,
                                   options=(("difficulty", difficulty),)))


def ids(st, cards):
    return [st.cards[c].id for c in cards]


def boss_turn(st, limit=200):
    """Run the boss's whole turn; return the narration keys in order."""
    keys = []
    boss = st.boss.seat
    turn = st.turn
    for _ in range(limit):
        if st.is_over or st.active != boss or st.turn != turn:
            break
        apply(st, Action("boss_step", boss))
        keys += [e.key for e in st.events if isinstance(e, BossNarration)]
    return keys


def end_players_turn(st):
    """End the current players' turn (every member's part of it), nothing else."""
    turn = st.turn
    while not st.is_over and st.turn == turn and st.active != st.boss.seat:
        seat = acting_seat(st)
        if st.pending is not None:
            apply(st, legal_actions(st)[0])
        else:
            apply(st, Action("end_turn", seat))


# ------------------------------------------------------------------ setup per the book


def test_automatons_setup():
    for n in (1, 3):
        st = adv("automatons", n)
        boss = st.boss.seat
        assert st.authority(boss) == 30 * n and st.authority(0) == 60 * n  # shared Hydra pool
        assert st.boss.counter == 4 * (n - 1)  # assimilation 0, +4 per extra player
        assert st.seats[boss].hand == [] and st.seats[boss].deck == []
        assert all(len(st.seats[p].hand) == 3 for p in range(n))  # players go first: 3 cards


def test_blob_assault_setup():
    st = adv("blob_assault", 2)
    boss = st.seats[st.boss.seat]
    assert ids(st, reversed(boss.deck)) == ["stinger", "spike_cluster", "burrower", "crusher",
                                            "nesting_ground", "pulverizer", "blob_alpha",
                                            "swarm_cluster", "infested_moon", "hive_queen"]
    assert ids(st, boss.discard) == ["spike_cluster"] and boss.hand == []
    assert not any("blob" in st.cards[c].factions for c in st.trade_deck + st.trade_row)
    assert st.authority(st.boss.seat) == 80 and st.authority(0) == 80


def test_dimensional_horror_setup():
    st = adv("dimensional_horror", 2)
    piles = st.boss.piles
    assert sum(len(piles[f"tentacle:{f}"]) for f in FACTIONS) == 10
    for f in FACTIONS:
        assert all(f in st.cards[c].factions for c in piles[f"tentacle:{f}"])
    assert st.authority(0) == 40 and st.authority(1) == 40 and st.seats[0].life != st.seats[
        1].life  # own authority
    assert st.format.player_targets(st, 0) == []  # it has no authority to attack


def test_madness_setup():
    st = adv("madness_of_the_machine", 2)
    boss = st.seats[st.boss.seat]
    cards = ids(st, boss.hand + boss.deck)
    assert cards.count("scout") == 4 and cards.count("viper") == 4
    assert len([c for c in cards if c not in ("scout", "viper")]) == 20
    assert len(boss.hand) == 5  # a boss with a hand always draws a normal hand
    p = ids(st, st.seats[0].hand + st.seats[0].deck)
    assert sorted(p) == ["scout"] * 7 + ["viper"]
    assert st.authority(0) == 120 and st.authority(st.boss.seat) == 80
    assert not any("machine_cult" in st.cards[c].factions for c in st.trade_deck)


def test_madness_uses_only_frontiers_cult_cards_with_both_sets():
    st = adv("madness_of_the_machine", 1, sets=("frontiers", "colony_wars"))
    boss = st.seats[st.boss.seat]
    cult = [c for c in boss.hand + boss.deck if st.cards[c].role == "trade"]
    assert len(cult) == 20 and all(st.cards[c].set == "frontiers" for c in cult)
    assert not any("machine_cult" in st.cards[c].factions for c in st.trade_deck)


def test_nemesis_beast_setup():
    assert adv("nemesis_beast", 1).boss.piles["hoard"] == []  # solo: nothing in front of it
    st = adv("nemesis_beast", 3)
    assert len(st.boss.piles["hoard"]) == 3 and st.authority(st.boss.seat) == 150
    assert st.authority(0) == 150


def test_pirates_setup():
    st = adv("pirates_of_the_dark_star", 3)
    assert st.authority(st.boss.seat) == 75
    assert [st.authority(p) for p in range(3)] == [50, 50, 50]
    assert len({st.seats[p].life for p in range(3)}) == 3  # eliminated separately
    assert st.turn_members == [0, 1, 2]  # but one shared turn


def test_defy_the_empire_setup():
    st = adv("defy_the_empire", 3)
    piles = st.boss.piles
    assert ids(st, reversed(piles["elite"])) == ["hammerhead", "jamming_terminal",
                                                  "warpgate_cruiser", "siege_fortress",
                                                  "imperial_flagship"]
    assert len(piles["subjects"]) == 15
    assert all("star_empire" in st.cards[c].factions for c in piles["subjects"])
    boss = st.seats[st.boss.seat]
    assert sorted(ids(st, boss.hand + boss.deck)) == ["scout"] * 8 + ["viper"] * 2
    assert st.authority(st.boss.seat) == 120 and st.authority(0) == 150
    with pytest.raises(Exception, match="1–3 players"):
        adv("defy_the_empire", 4, sets=("frontiers", "colony_wars"))


@pytest.mark.parametrize("players,extra", [(1, ["patrol_boat"]),
                                           (2, ["patrol_boat", "federation_cruiser"]),
                                           (3, [])])
def test_cost_of_freedom_setup(players, extra):
    st = adv("cost_of_freedom", players)
    acq = st.boss.piles["acquisitions"]
    assert st.cards[acq[0]].id == "transit_nexus"  # at the bottom
    assert sorted(ids(st, acq[1:])) == sorted(["federation_battleship", "ion_station",
                                               "mobile_market", "mobile_market",
                                               "outland_station", *extra])
    boss = st.seats[st.boss.seat]
    assert len(boss.hand + boss.deck) == 20 - len(acq)
    assert st.authority(0) == 30 * players and st.authority(st.boss.seat) == 40 * players


# ------------------------------------------------------------------ difficulty


def who_goes(st, n_turns):
    order = []
    for _ in range(n_turns):
        order.append("boss" if st.active == st.boss.seat else "players")
        if st.active == st.boss.seat:
            boss_turn(st)
        else:
            end_players_turn(st)
    return order


@pytest.mark.parametrize("difficulty,expected", [
    ("novice", ["players", "players", "players", "boss", "players", "boss"]),
    ("apprentice", ["players", "players", "boss", "players", "boss", "players"]),
    ("veteran", ["players", "boss", "players", "boss", "players", "boss"]),
    ("expert", ["boss", "players", "boss", "players", "boss", "players"]),
])
def test_difficulty_turn_order(difficulty, expected):
    st = adv("pirates_of_the_dark_star", 2, difficulty)
    assert who_goes(st, 6) == expected
    hands = 5 if difficulty == "expert" else 3
    st = adv("nemesis_beast", 2, difficulty)
    assert [len(st.seats[p].hand) for p in (0, 1)] == [hands, hands]


@pytest.mark.parametrize("difficulty,expected", [
    # players P1, P2; the Horror acts after each player's turn, against that player
    ("novice", ["P0", "P1", "P0", "P1", "P0", "boss>P0", "P1", "boss>P1"]),
    ("apprentice", ["P0", "P1", "P0", "boss>P0", "P1", "boss>P1", "P0", "boss>P0"]),
    ("veteran", ["P0", "boss>P0", "P1", "boss>P1", "P0", "boss>P0", "P1", "boss>P1"]),
    ("expert", ["boss>P0", "boss>P1", "P0", "boss>P0", "P1", "boss>P1", "P0", "boss>P0"]),
])
def test_dimensional_horror_difficulty_table(difficulty, expected):
    st = adv("dimensional_horror", 2, difficulty, first=0)
    order = []
    for _ in range(len(expected)):
        if st.active == st.boss.seat:
            order.append(f"boss>P{st.boss.target}")
            boss_turn(st)
        else:
            order.append(f"P{st.active}")
            end_players_turn(st)
    assert order == expected


# ------------------------------------------------------------------ attacks


def attack_state(combat, authority=(50,), bases=(), players=1):
    st = adv("nemesis_beast", players)
    boss = st.boss.seat
    st.active = boss
    st.turn_members = [boss]
    st.seats[boss].combat = combat
    for (seat, cid) in bases:
        iid = next(i for i in st.trade_deck if st.cards[i].id == cid)
        st.trade_deck.remove(iid)
        st.seats[seat].bases.append(iid)
    for p, a in enumerate(authority):
        st.life[st.seats[p].life] = a
    return st


def test_attack_1_kills_the_player_it_can():
    st = attack_state(20, authority=(15,))
    assert attack_once(st) == ("player", 0, 15)
    assert st.winners == (1,)


def test_attack_2_strongest_destroyable_outpost_first():
    st = attack_state(6, bases=[(0, "defense_system"), (0, "integration_port"),
                                (0, "nesting_ground")])
    kind, base, spent = attack_once(st)  # outposts: defense 5 (both); cost 4 > 3
    assert (kind, st.cards[base].id, spent) == ("base", "defense_system", 5)
    assert attack_once(st) == ("player", 0, 1) or st.seats[st.boss.seat].combat == 1


def test_attack_3_then_plain_bases_then_4_the_weakest_player():
    st = attack_state(9, authority=(30,), bases=[(0, "nesting_ground"), (0, "spike_cluster")])
    kind, base, spent = attack_once(st)
    assert (kind, st.cards[base].id, spent) == ("base", "nesting_ground", 5)
    kind, base, spent = attack_once(st)
    assert (kind, st.cards[base].id, spent) == ("base", "spike_cluster", 3)
    assert attack_once(st) == ("player", 0, 1) and st.authority(0) == 29


def test_attack_respects_outposts_it_cannot_destroy():
    st = attack_state(3, bases=[(0, "defense_system")])
    assert attack_once(st) is None and st.authority(0) == 50


def test_boss_destroy_base_uses_the_same_order():
    st = attack_state(0, bases=[(0, "nesting_ground"), (0, "defense_system")])
    from game.star_realms.engine.state import Decision

    d = Decision(st.boss.seat, -1, "card", "destroy_base", tuple(st.seats[0].bases), False,
                 ("destroy_base", {"optional": False}))
    assert st.cards[choose(st, d)].id == "defense_system"


# ------------------------------------------------------------------ boss turns


def test_automatons_turn_steps():
    st = adv("automatons", 1, "expert", seed=8)
    assert st.active == st.boss.seat
    before = st.boss.counter
    keys = boss_turn(st)
    assert keys[0] == "play" and "assembled" in keys and keys[-1] == "assimilation"
    assert st.boss.counter == before + 1
    boss = st.seats[st.boss.seat]
    assert boss.in_play == []  # its ships are scrapped at the end of its turn


def test_looping_rule_uses_every_available_ability():
    """After a step that did something the boss goes back to step 1: every base primary,
    ally and double ally it has gets used, most expensive first."""
    st = adv("blob_assault", 1, "expert", seed=5)
    boss = st.seats[st.boss.seat]
    for cid in ("nesting_ground", "spike_cluster"):
        iid = next(i for i in boss.deck if st.cards[i].id == cid)
        boss.deck.remove(iid)
        boss.bases.append(iid)
    keys = boss_turn(st)
    uses = [k for k in keys if k.startswith("use_")]
    assert uses[:2] == ["use_primary", "use_primary"]
    assert "use_ally" in uses and keys.index("use_ally") > keys.index("use_primary")


def test_dimensional_horror_turn_and_cutting_tentacles():
    st = adv("dimensional_horror", 1, "expert", seed=4)
    row_before = st.trade_row[:]
    taken = row_before[0]
    keys = boss_turn(st)
    assert keys[0] == "tentacle_grows"
    colour = st.cards[taken].factions[0]
    assert taken in st.boss.piles[f"tentacle:{colour}"]
    assert st.trade_row[:3] == row_before[1:4]  # the row slid away from the deck
    # the players cut a tentacle for combat equal to its top card's cost
    end_players_turn(st) if st.active == st.boss.seat else None
    seat = st.active
    pile = next(f for f in FACTIONS if st.boss.piles[f"tentacle:{f}"])
    cards = st.boss.piles[f"tentacle:{pile}"]
    st.seats[seat].combat = 100
    while cards:
        top = cards[-1]
        assert Action("strike", seat, card=top) in legal_actions(st)
        apply(st, Action("strike", seat, card=top))
    assert pile in st.boss.severed
    for f in FACTIONS:
        st.boss.piles[f"tentacle:{f}"] = []
        if f not in st.boss.severed:
            st.boss.severed.append(f)
    st.seats[seat].combat = 1
    assert st.format.script.players_won(st)


def test_pirates_punish_each_player_by_the_revealed_cards():
    st = adv("pirates_of_the_dark_star", 2, "expert", seed=6)
    keys = boss_turn(st)
    assert keys[0] == "pirates_row"
    assert len([k for k in keys if k.startswith("pirates_") and k != "pirates_row"]) == 2


def test_defy_the_empire_buys_from_its_face_up_decks():
    st = adv("defy_the_empire", 1, "expert", seed=2)
    boss = st.seats[st.boss.seat]
    boss.hand = [c for c in boss.hand]  # scouts and vipers
    before = len(st.boss.piles["elite"]) + len(st.boss.piles["subjects"])
    keys = boss_turn(st)
    bought = keys.count("buy")
    assert len(st.boss.piles["elite"]) + len(st.boss.piles["subjects"]) == before - bought


def test_defy_the_empire_views_show_only_the_top_of_each_trade_deck():
    """000: «Верхняя карта каждой из этих колод всегда лежит лицевой стороной вверх.» —
    the rest of the Emperor's elite and subjects decks is face down: a player's view has
    only the top card, the others are HIDDEN and listed (sorted) in ``view.unknown``."""
    st = adv("defy_the_empire", 2, seed=4)
    for seat in range(len(st.seats)):
        view = player_view(st, seat)
        for name in ("elite", "subjects"):
            pile = st.boss.piles[name]
            shown = view.boss.piles[name]
            assert shown[-1] == pile[-1] and shown[:-1] == [HIDDEN] * (len(pile) - 1)
            assert view.unknown[f"boss:{name}"] == sorted(pile[:-1])
        assert determinize(view, Rng(1)).boss.piles["subjects"][-1] == st.boss.piles[
            "subjects"][-1]
    st.boss.piles["subjects"] = st.boss.piles["subjects"][-1:]  # only the top card left
    assert player_view(st, 0).boss.piles["subjects"] == st.boss.piles["subjects"]
    assert "boss:subjects" not in player_view(st, 0).unknown


def test_a_hidden_boss_pile_is_hidden_whole():
    """000 (Cost of Freedom): «поместите их лицевой стороной вниз поверх «Транспортного
    узла»» — a face-down pile shows nothing."""
    st = adv("cost_of_freedom", 1, seed=4)
    pile = st.boss.piles["acquisitions"]
    view = player_view(st, 0)
    assert view.boss.piles["acquisitions"] == [HIDDEN] * len(pile)
    assert view.unknown["boss:acquisitions"] == sorted(pile)


def test_cost_of_freedom_registry():
    st = adv("cost_of_freedom", 1, "expert", seed=9)
    boss = st.seats[st.boss.seat]
    boss.trade = 200
    size = st.format.adv.designed["registry_size"]
    for _ in range(size - 1):
        st.format.script.register(st)
    assert len(st.boss.piles["registry"]) == size - 1
    acq_top = st.boss.piles["acquisitions"][-1]
    st.format.script.register(st)
    assert st.boss.piles["registry"] == [] and acq_top in boss.discard


def test_mulligan_once_per_adventure():
    st = adv("nemesis_beast", 1)
    old = st.trade_row[:]
    apply(st, Action("mulligan", 0))
    assert all(c in st.scrap for c in old) and st.boss.mulligan_used
    assert Action("mulligan", 0) not in legal_actions(st)


def test_empty_trade_deck_is_rebuilt_from_the_scrap_heap():
    st = adv("nemesis_beast", 1)
    st.scrap.extend(st.trade_deck)
    viper = st.seats[0].deck.pop()
    st.scrap.append(viper)  # a Viper never goes into the trade deck
    st.trade_deck = []
    apply(st, Action("mulligan", 0))
    assert len(st.trade_deck) > 0 and viper in st.scrap
    assert all(st.cards[c].role == "trade" for c in st.trade_deck)


# ------------------------------------------------------------------ victory and defeat


def test_players_win_when_the_boss_falls_and_lose_together():
    st = adv("automatons", 2)
    st.seats[0].combat = st.authority(st.boss.seat)
    apply(st, Action("attack_player", 0, target=st.boss.seat, amount=st.seats[0].combat))
    assert st.winners == (0, 1)
    st = adv("automatons", 2, "expert")
    st.seats[st.boss.seat].combat = st.authority(0)
    attack_once(st)
    assert st.winners == (st.boss.seat,)


def test_pirates_players_fall_one_by_one():
    st = adv("pirates_of_the_dark_star", 2, "expert")
    from game.star_realms.engine.elimination import lose_authority

    lose_authority(st, 0, 50, st.boss.seat)
    assert not st.seats[0].alive and st.seats[1].alive and st.winners is None
    lose_authority(st, 1, 50, st.boss.seat)
    assert st.winners == (st.boss.seat,)


@pytest.mark.parametrize("aid", sorted(DB.adventures))
def test_soak(aid):
    """At least 100 seeded games per adventure, every invariant after every action."""
    for difficulty, games, players in (("novice", 35, 1), ("veteran", 35, 2),
                                       ("expert", 30, 3)):
        report = simulate(DB, ["frontiers"], ["greedy"] * players, games, seed=7, fmt=aid,
                          check=True, difficulty=difficulty, max_turns=400)
        assert report.errors == 0, f"{aid}: {report.error_seeds}"
