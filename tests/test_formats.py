"""Multiplayer formats (rulebook 000 «Варианты игры»): setup, targets, pooling,
elimination and victory, all through engine actions."""

import pytest

from game.star_realms.engine import (
    Action,
    GameConfig,
    SeatConfig,
    SetupError,
    apply,
    is_legal,
    legal_actions,
    new_game,
)
from game.star_realms.engine.targets import attackable_players, base_targets
from game.star_realms.engine.view import player_view
from tests.scene import DB


def game(fmt, n, first=None, sets=("frontiers", "colony_wars"), seed=5, options=()):
    seats = tuple(SeatConfig(f"P{i + 1}") for i in range(n))
    return new_game(DB, GameConfig(sets=sets, seats=seats, format=fmt, seed=seed, first=first,
                                   options=options))


def give_base(st, seat, card_id):
    """Put a fresh copy of a card from the trade deck into a seat's bases."""
    iid = next((i for i in st.trade_deck if st.cards[i].id == card_id), None)
    if iid is None:  # it is in the trade row: swap it for the deck's top card
        iid = next(i for i in st.trade_row if st.cards[i].id == card_id)
        st.trade_row[st.trade_row.index(iid)] = st.trade_deck.pop()
    else:
        st.trade_deck.remove(iid)
    st.seats[seat].bases.append(iid)
    return iid


def attacks(st):
    acts = legal_actions(st)
    return ({a.target for a in acts if a.kind == "attack_player"},
            {a.card for a in acts if a.kind == "attack_base"})


def kill(st, attacker, victim):
    """``attacker`` (whose turn it is) deals exactly the victim's authority."""
    st.seats[attacker].combat = st.authority(victim)
    apply(st, Action("attack_player", attacker, target=victim, amount=st.authority(victim)))


def test_seats_are_limited_by_the_format_not_the_box():
    game("ffa", 5, sets=("frontiers",))  # issue 39: a screen has no box limits
    game("ffa", 6, sets=("core",))
    game("ffa", 6)
    with pytest.raises(SetupError, match="for 6 players"):
        game("emperor", 4)


# ------------------------------------------------------------------ free-for-all


def test_ffa_setup_and_anyone_can_be_attacked():
    st = game("ffa", 4, first=1)
    assert [len(s.hand) for s in st.seats] == [5, 3, 4, 5]
    assert [st.authority(i) for i in range(4)] == [50] * 4
    assert len({s.team for s in st.seats}) == 4
    st.seats[1].combat = 5
    players, _ = attacks(st)
    assert players == {0, 2, 3}


def test_ffa_elimination_scraps_the_cards_and_the_last_one_wins():
    st = game("ffa", 3, first=0)
    victim_cards = st.seats[1].hand + st.seats[1].deck
    kill(st, 0, 1)
    assert not st.seats[1].alive and st.winners is None
    assert all(c in st.scrap for c in victim_cards)
    assert not (st.seats[1].hand or st.seats[1].deck)
    apply(st, Action("end_turn", 0))
    assert st.active == 2  # the eliminated seat is skipped
    kill(st, 2, 0)
    assert st.winners == (2,)


# ------------------------------------------------------------------ hunter


def test_hunter_targets_the_left_neighbour_and_both_neighbours_bases():
    st = game("hunter", 4, first=0)
    left_base = give_base(st, 1, "nesting_ground")
    right_base = give_base(st, 3, "spike_cluster")
    far_base = give_base(st, 2, "bioformer")
    st.seats[0].combat = 10
    players, bases = attacks(st)
    assert players == {1} and bases == {left_base, right_base}
    assert far_base not in base_targets(st, 0)
    kill(st, 0, 1)  # the left neighbour is out: the next one clockwise is the target
    st.seats[0].combat = 10
    players, bases = attacks(st)
    assert players == {2} and bases == {far_base, right_base}


def test_hunter_target_discards_only_the_left_neighbour():
    st = game("hunter", 4, first=0)
    assert st.format.player_targets(st, 0) == [1]


def test_hunter_first_blood_ends_at_the_first_elimination():
    st = game("hunter_first_blood", 4, first=2)
    kill(st, 2, 3)
    assert st.winners == (2,)  # «побеждает тот, кто сидит справа от него»


# ------------------------------------------------------------------ hydra


def test_hydra_setup():
    st = game("hydra2", 4, first=1)
    assert [s.team for s in st.seats] == [0, 1, 0, 1]
    assert st.life == [75, 75] and st.seats[0].life == st.seats[2].life
    assert [len(s.hand) for s in st.seats] == [5, 3, 5, 3]  # team of seat 2 goes first
    assert st.turn_members == [1, 3]
    st3 = game("hydra3", 6, first=0)
    assert st3.life == [100, 100] and st3.turn_members == [0, 2, 4]
    assert [len(s.hand) for s in st3.seats] == [3, 5, 3, 5, 3, 5]


def test_hydra_one_end_turn_ends_the_team_turn_and_all_draw():
    """«все игроки одной команды одновременно отыгрывают основную фазу, затем фазу
    сброса и фазу добора»: one end of turn for the whole team."""
    st = game("hydra2", 4, first=0)
    assert st.active == 0
    assert {a.seat for a in legal_actions(st) if a.kind == "end_turn"} == {0, 2}
    apply(st, Action("end_turn", 2))  # any member may end it
    assert st.turn == 2 and st.turn_members == [1, 3] and st.active == 1
    assert len(st.seats[0].hand) == 5 and len(st.seats[2].hand) == 5


def test_hydra_members_pool_trade_to_buy_and_combat_against_bases():
    """«участники одной команды могут совместными усилиями уничтожать базы противников,
    складывая очки боя из личных боевых резервов. Также они могут совместно оплачивать
    покупку карт из торгового ряда очками торговли из личных торговых резервов»."""
    st = game("hydra2", 4, first=0)
    st.seats[0].trade, st.seats[0].combat = 3, 3
    me = st.seats[2]
    me.trade, me.combat = 2, 3
    row = [c for c in st.trade_row if st.cards[c].cost == 5]
    if row:
        apply(st, Action("buy", 2, card=row[0]))
        assert me.trade == 0 and st.seats[0].trade == 0 and row[0] in me.discard
    base = give_base(st, 1, "central_station")  # defense 5
    assert base in {a.card for a in legal_actions(st) if a.kind == "attack_base"}
    apply(st, Action("attack_base", 2, card=base))
    assert base in st.seats[1].discard and (me.combat, st.seats[0].combat) == (0, 1)
    # an attack on a player may spend the team's combat too (own first): the other
    # team's one authority takes the same damage as two attacks of one's own
    me.combat = 4
    assert max(a.amount for a in legal_actions(st) if a.kind == "attack_player"
               and a.seat == 2) == 5
    apply(st, Action("attack_player", 2, target=1, amount=5))
    assert (me.combat, st.seats[0].combat, st.authority(1)) == (0, 0, 70)


def test_hydra_one_outpost_shields_the_whole_team():
    st = game("hydra2", 4, first=0)
    give_base(st, 3, "defense_system")
    plain = give_base(st, 1, "nesting_ground")
    st.seats[0].combat = 20
    players, bases = attacks(st)
    assert players == set() and plain not in bases


def test_hydra_allies_do_not_count_across_teammates():
    st = game("hydra2", 4, first=0)
    mine = give_base(st, 0, "spike_cluster")
    give_base(st, 2, "nesting_ground")  # a teammate's Blob base
    from game.star_realms.engine.allies import update_latches

    update_latches(st)
    assert (mine, "ally") not in st.latched


def test_hydra_team_falls_together():
    st = game("hydra2", 4, first=0)
    st.seats[0].combat = 75
    apply(st, Action("attack_player", 0, target=1, amount=75))
    assert not st.seats[1].alive and not st.seats[3].alive
    assert set(st.winners) == {0, 2}


# ------------------------------------------------------------------ emperor


def test_emperor_setup():
    st = game("emperor", 6, first=4)
    assert [s.team for s in st.seats] == [0, 0, 0, 1, 1, 1]
    assert [st.authority(i) for i in range(6)] == [50, 60, 50, 50, 60, 50]
    assert [len(s.hand) for s in st.seats] == [3, 3, 3, 5, 5, 5]
    assert st.active == 0  # player 1 always starts


def test_emperor_admirals_target_the_opposite_admiral_then_the_emperor():
    """001: «Команда Б: Адмирал Игрок 4, Император Игрок 5, Адмирал Игрок 6 / Игровая
    зона / Команда А: Адмирал Игрок 3, Император Игрок 2, Адмирал Игрок 1» and «Адмирал
    может разыгрывать свои карты только против сидящего напротив адмирала противника и
    его баз … Адмирал, сидящий напротив выбывшего игрока, теперь сможет разыгрывать карты
    против вражеского императора и его баз»: player 1 faces player 6, 3 faces 4."""
    st = game("emperor", 6)
    fmt = st.format
    assert [fmt.opposite(i) for i in range(6)] == [5, 4, 3, 2, 1, 0]
    assert fmt.player_targets(st, 0) == [5] and fmt.player_targets(st, 2) == [3]
    assert fmt.player_targets(st, 3) == [2] and fmt.player_targets(st, 5) == [0]
    assert fmt.base_owners(st, 0) == [5]
    assert set(fmt.player_targets(st, 1)) == {3, 4, 5}  # an emperor targets anyone
    assert set(fmt.player_targets(st, 4)) == {0, 1, 2}
    kill(st, 0, 5)
    assert fmt.player_targets(st, 0) == [4]
    assert fmt.base_owners(st, 0) == [4]
    assert fmt.player_targets(st, 2) == [3]  # the other admiral still faces its own


def test_emperor_emperors_sit_opposite_each_other():
    """«Императоры садятся друг напротив друга. Слева и справа от императора садятся его
    союзники — адмиралы.»"""
    st = game("emperor", 6)
    fmt = st.format
    assert fmt.opposite(1) == 4 and fmt.is_emperor(1) and fmt.is_emperor(4)
    for admiral in (0, 2, 3, 5):  # each admiral faces an enemy admiral
        other = fmt.opposite(admiral)
        assert not fmt.is_emperor(other) and st.seats[other].team != st.seats[admiral].team


def test_emperor_transfer_costs_one_trade():
    st = game("emperor", 6)
    card = st.seats[0].hand[0]
    st.seats[0].hand.remove(card)
    st.seats[0].discard.append(card)
    st.seats[0].trade = 2
    moves = {(a.card, a.target) for a in legal_actions(st) if a.kind == "transfer"}
    assert moves == {(card, 1), (card, 2)}
    apply(st, Action("transfer", 0, card=card, target=2))
    assert card in st.seats[2].discard and st.seats[0].trade == 1
    neighbours = game("emperor", 6, options=(("emperor_transfer", "neighbour"),))
    assert neighbours.format.transfer_targets(neighbours, 0) == [1]


def test_emperor_fallen_admiral_gives_a_card_and_the_rest_is_scrapped():
    st = game("emperor", 6)
    kill(st, 0, 5)
    d = st.pending
    assert d.seat == 5 and d.purpose == "gift" and d.optional
    gift = d.candidates[0]
    apply(st, Action("pick", 5, card=gift))
    assert gift in st.seats[4].discard  # to its emperor
    assert not any((st.seats[5].hand, st.seats[5].deck, st.seats[5].discard))
    assert st.winners is None


def test_gift_comes_from_hand_deck_or_discard_only():
    """001: «Когда адмирал выбывает из игры, он может положить в стопку сброса своего
    императора 1 любую свою карту с руки, из своей колоды или своей стопки сброса.» — not
    a ship in play nor a base."""
    st = game("emperor", 6)
    victim = st.seats[5]
    base = give_base(st, 5, "spike_cluster")
    ship = victim.deck.pop()
    victim.in_play.append(ship)
    disc = victim.deck.pop()
    victim.discard.append(disc)
    kill(st, 0, 5)
    d = st.pending
    assert d.purpose == "gift"
    assert set(d.candidates) == set(victim.hand) | set(victim.deck) | {disc}
    assert base not in d.candidates and ship not in d.candidates
    deck_part = [c for c in d.candidates if c in victim.deck]
    assert deck_part == sorted(deck_part)  # the question tells no deck order


def test_raid_gift_comes_from_hand_deck_or_discard_only():
    """001: «Когда налётчик выбывает из игры, он может положить в стопку сброса каждого
    другого налётчика по 1 любой своей карте с руки, из своей колоды или своей стопки
    сброса.»"""
    st = game("raid", 4)
    base = give_base(st, 2, "spike_cluster")
    kill(st, 0, 2)
    d = st.pending
    assert d.seat == 2 and d.purpose == "gift" and base not in d.candidates
    apply(st, Action("pick", 2, card=d.candidates[0]))
    d = st.pending
    assert d.seat == 2 and d.purpose == "gift" and base not in d.candidates


def test_emperor_team_loses_with_its_emperor():
    st = game("emperor", 6)
    st.active = 1
    st.turn_members = [1]
    kill(st, 1, 4)
    assert st.winners == (0, 1, 2)


# ------------------------------------------------------------------ raid


def test_raid_setup():
    for raiders, (auth, hand) in {2: (50, 7), 3: (70, 7), 4: (70, 8), 5: (90, 8)}.items():
        st = game("raid", raiders + 1, first=2)
        assert st.active == 0  # the boss starts
        assert st.authority(0) == auth and len(st.seats[0].hand) == hand - 2
        assert all(st.authority(i) == 50 and len(st.seats[i].hand) == 5
                   for i in range(1, raiders + 1))
        assert [s.team for s in st.seats] == [0] + [1] * raiders
        apply(st, Action("end_turn", 0))
        assert len(st.seats[0].hand) == hand  # its normal hand afterwards


def test_raid_damage_to_boss_bases_stays_until_the_boss_turn():
    st = game("raid", 3)
    base = give_base(st, 0, "central_station")  # defense 5
    apply(st, Action("end_turn", 0))
    st.seats[1].combat = 2
    # listed once at the most it may deal; any smaller amount is legal too
    assert [a.amount for a in legal_actions(st) if a.kind == "attack_base"] == [2]
    assert is_legal(st, Action("attack_base", 1, card=base, amount=1))
    assert not is_legal(st, Action("attack_base", 1, card=base, amount=3))
    apply(st, Action("attack_base", 1, card=base, amount=2))
    assert st.damage[base] == 2 and base in st.seats[0].bases
    apply(st, Action("end_turn", 1))
    assert st.damage[base] == 2  # still there on the next raider's turn
    st.seats[2].combat = 3
    apply(st, Action("attack_base", 2, card=base, amount=3))
    assert base in st.seats[0].discard
    base2 = give_base(st, 0, "bioformer")
    st.seats[2].combat = 1
    apply(st, Action("attack_base", 2, card=base2, amount=1))
    apply(st, Action("end_turn", 2))
    assert st.active == 0 and base2 not in st.damage  # healed at the boss's turn


def test_raiders_see_each_others_hands_not_the_boss():
    st = game("raid", 4)
    view = player_view(st, 1)
    assert view.seats[2].hand == st.seats[2].hand and view.seats[3].hand == st.seats[3].hand
    assert all(c < 0 for c in view.seats[0].hand)
    boss = player_view(st, 0)
    assert all(c < 0 for c in boss.seats[1].hand)


def test_raider_eliminated_gives_one_card_to_each_other_raider():
    st = game("raid", 4)
    kill(st, 0, 2)
    for recipient in (1, 3):  # each other raider in turn, clockwise
        d = st.pending
        assert d.seat == 2 and d.purpose == "gift" and d.effect[1]["to"] == recipient
        given = d.candidates[0]
        apply(st, Action("pick", 2, card=given))
        assert given in st.seats[recipient].discard
    assert st.pending is None
    assert not (st.seats[2].hand or st.seats[2].deck or st.seats[2].discard)


def test_raid_victory_conditions():
    st = game("raid", 3)
    apply(st, Action("end_turn", 0))
    kill(st, 1, 0)
    assert set(st.winners) == {1, 2}
    st = game("raid", 3)
    kill(st, 0, 1)
    while st.pending is not None:
        apply(st, Action("stop", st.pending.seat))
    kill(st, 0, 2)
    assert st.winners == (0,)


def test_attack_past_an_outpost_is_refused_in_every_format():
    for fmt, n in (("ffa", 3), ("hunter", 3), ("raid", 3), ("emperor", 6)):
        st = game(fmt, n, first=0)
        target = st.format.player_targets(st, 0)[0]
        give_base(st, target, "defense_system")
        st.seats[0].combat = 30
        assert target not in attackable_players(st, 0)
