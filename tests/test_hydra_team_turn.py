"""Hydra (issue 19): the team plays its main phase together.

Books 000/001/003 «Гидра»: «Ход делает вся команда разом (а не кто-то один): все игроки
одной команды одновременно отыгрывают основную фазу, затем фазу сброса и фазу добора.»
«У каждого игрока свой личный торговый и боевой резервы … Однако участники одной
команды могут совместными усилиями уничтожать базы противников, складывая очки боя из
личных боевых резервов. Также они могут совместно оплачивать покупку карт из торгового
ряда очками торговли из личных торговых резервов.»
"""



from game.star_realms.engine import Action, GameConfig, SeatConfig, apply, legal_actions, new_game
from game.star_realms.engine.rules import acting_seat, turn_seats
from game.star_realms.engine.view import player_view
from game.star_realms.model import action_id, build_model, find_action
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.session import Session
from game.ui.scenes.menu import MenuScene
from tests.scene import DB
from tests.test_ui_table import click, frame


def game(fmt="hydra2", n=4, first=0, seed=5):
    seats = tuple(SeatConfig(f"P{i + 1}") for i in range(n))
    return new_game(DB, GameConfig(sets=("frontiers", "colony_wars"), seats=seats,
                                   format=fmt, seed=seed, first=first))


def take(st, card_id):
    """A physical copy of ``card_id`` taken out of the trade deck (or the row)."""
    iid = next((i for i in st.trade_deck if st.cards[i].id == card_id), None)
    if iid is None:
        iid = next(i for i in st.trade_row if st.cards[i].id == card_id)
        st.trade_row[st.trade_row.index(iid)] = st.trade_deck.pop()
    else:
        st.trade_deck.remove(iid)
    return iid


def give(st, seat, card_id):
    """Put a copy of ``card_id`` into ``seat``'s hand."""
    iid = take(st, card_id)
    st.seats[seat].hand.append(iid)
    return iid


def to_row(st, card_id):
    """Put a copy of ``card_id`` in the trade row's first slot."""
    iid = take(st, card_id)
    st.trade_deck.insert(0, st.trade_row[0])
    st.trade_row[0] = iid
    return iid


def test_the_whole_team_may_act_in_any_order():
    st = game()
    assert st.turn_members == [0, 2] and acting_seat(st) == 0 and turn_seats(st) == [0, 2]
    mine, theirs = st.seats[0].hand[0], st.seats[2].hand[0]
    acts = legal_actions(st)
    assert Action("play", 0, card=mine) in acts and Action("play", 2, card=theirs) in acts
    assert not any(a.seat in (1, 3) for a in acts)  # not the other team
    apply(st, Action("play", 2, card=theirs))  # the teammate first …
    apply(st, Action("play", 0, card=mine))  # … and the first member still plays after it
    assert mine in st.seats[0].in_play and theirs in st.seats[2].in_play
    assert acting_seat(st) == 0 and st.turn == 1
    assert Action("play", 2, card=st.seats[2].hand[0]) in legal_actions(st)


def test_a_member_buys_with_the_trade_a_teammate_made_later():
    st = game()
    runner = give(st, 2, "frontier_runner")  # 2 trade
    stinger = to_row(st, "stinger")  # cost 1
    for s in st.seats:
        s.trade = 0
    assert Action("buy", 0, card=stinger) not in legal_actions(st)
    apply(st, Action("play", 2, card=runner))
    apply(st, Action("buy", 0, card=stinger))
    assert stinger in st.seats[0].discard  # the buyer's discard pile
    assert (st.seats[0].trade, st.seats[2].trade) == (0, 1)


def test_a_member_attacks_with_combat_from_a_teammates_card():
    st = game()
    stinger = give(st, 2, "stinger")  # 3 combat
    for s in st.seats:
        s.combat = 0
    apply(st, Action("play", 2, card=stinger))
    assert max(a.amount for a in legal_actions(st)
               if a.kind == "attack_player" and a.seat == 0) == 3
    apply(st, Action("attack_player", 0, target=1, amount=3))
    assert st.authority(1) == 72 and st.seats[2].combat == 0
    # bases too: «складывая очки боя из личных боевых резервов»
    base = take(st, "spike_cluster")  # defense 3
    st.seats[3].bases.append(base)
    st.seats[0].combat, st.seats[2].combat = 1, 2
    apply(st, Action("attack_base", 0, card=base))
    assert base in st.seats[3].discard and st.seats[0].combat == st.seats[2].combat == 0


def test_one_end_of_turn_for_the_team_then_both_discard_and_draw():
    st = game()
    played = st.seats[2].hand[0]
    apply(st, Action("play", 2, card=played))
    apply(st, Action("end_turn", 0))
    assert st.turn == 2 and st.turn_members == [1, 3] and st.active == 1
    assert played in st.seats[2].discard and not st.seats[2].in_play
    assert len(st.seats[0].hand) == 5 and len(st.seats[2].hand) == 5
    assert {a.seat for a in legal_actions(st)} == {1, 3}


def test_hydra3_three_heads_act_together():
    st = game("hydra3", 6)
    assert turn_seats(st) == [0, 2, 4]
    assert {a.seat for a in legal_actions(st) if a.kind == "play"} == {0, 2, 4}
    apply(st, Action("end_turn", 4))
    assert st.turn_members == [1, 3, 5] and all(len(st.seats[i].hand) == 5 for i in (0, 2, 4))


def test_allies_count_only_ones_own_cards():
    """«разыгранные вашим союзником карты не будут влиять на союзные свойства ваших
    карт»."""
    st = game()
    mine = give(st, 0, "stinger")
    blob1, blob2 = give(st, 2, "stinger"), give(st, 2, "stinger")
    apply(st, Action("play", 0, card=mine))
    apply(st, Action("play", 2, card=blob1))
    assert (mine, "ally") not in st.latched and (blob1, "ally") not in st.latched
    apply(st, Action("play", 2, card=blob2))
    assert (blob1, "ally") in st.latched and (mine, "ally") not in st.latched
    assert Action("use", 2, card=blob1, slot="ally") in legal_actions(st)


def test_each_member_discards_what_it_owes_at_the_team_turn_start():
    st = game()
    st.seats[1].pending_discard = st.seats[3].pending_discard = 1
    apply(st, Action("end_turn", 0))
    assert st.pending is not None and st.pending.seat == 1  # the lead first
    apply(st, Action("pick", 1, card=st.pending.candidates[0]))
    assert st.pending is not None and st.pending.seat == 3
    apply(st, Action("pick", 3, card=st.pending.candidates[0]))
    assert st.pending is None and len(st.seats[1].hand) == len(st.seats[3].hand) == 4


def test_teammates_see_each_others_hands_the_other_team_does_not():
    st = game()
    mine = player_view(st, 0)
    assert mine.seats[2].hand == st.seats[2].hand
    assert all(c < 0 for c in mine.seats[1].hand + mine.seats[3].hand)
    theirs = player_view(st, 1)
    assert all(c < 0 for c in theirs.seats[0].hand + theirs.seats[2].hand)
    assert theirs.seats[3].hand == st.seats[3].hand


def test_the_model_lists_the_teammates_hand_and_its_plays():
    st = game()
    for s in st.seats:
        s.combat = 0
    st.seats[2].combat = 2  # the teammate's combat: the member may aim it
    model = build_model(st, 0)
    mate = model.seats[2]
    assert mate.hand_visible and [c.iid for c in mate.hand] == st.seats[2].hand
    ids = {a.id for a in model.actions}
    assert {f"play:c{c}" for c in st.seats[2].hand} <= ids
    legal = legal_actions(st)
    card = st.seats[2].hand[0]
    assert find_action(legal, 0, f"play:c{card}", mates=[2]) == Action("play", 2, card=card)
    assert find_action(legal, 0, f"play:c{card}") is None  # not without the team
    assert {t.seat for t in model.targets if t.legal} == {1, 3}
    assert model.pools.spend_combat == 2
    # the other member's model: its own and its teammate's, and it may aim combat too
    other = build_model(st, 2)
    assert {f"play:c{c}" for c in st.seats[0].hand} <= {a.id for a in other.actions}
    assert "end_turn" in {a.id for a in other.actions}
    # the other team: counts only, no actions
    enemy = build_model(st, 1)
    assert not enemy.seats[0].hand_visible and enemy.seats[0].hand == ()
    assert not enemy.seats[2].hand and not enemy.actions


def test_the_model_lets_a_member_use_a_teammates_ability_chip():
    st = game()
    blob1, blob2 = give(st, 2, "stinger"), give(st, 2, "stinger")
    apply(st, Action("play", 2, card=blob1))
    apply(st, Action("play", 2, card=blob2))
    model = build_model(st, 0)
    chip = next(c for c in model.chips if c.card == blob1 and c.slot == "ally")
    assert chip.state == "available"
    assert chip.action == action_id(Action("use", 2, card=blob1, slot="ally"))


# ------------------------------------------------------------------ the session


def session(controllers, first=0):
    seats = tuple(SeatConfig(f"P{i + 1}", c) for i, c in enumerate(controllers))
    state = new_game(DB, GameConfig(sets=("frontiers", "colony_wars"), seats=seats,
                                    format="hydra2", seed=5, first=first))
    return Session(DB, state, list(controllers))


def test_two_human_teammates_against_bots_share_the_screen():
    s = session(["human", "greedy", "human", "greedy"])
    try:
        assert s.curtain is None and s.viewer == 0 and s.acting == 0
        assert s.mates() == [2]
        card = s.state.seats[2].hand[0]
        assert s.find(f"play:c{card}") == Action("play", 2, card=card)
        s.apply(s.find(f"play:c{card}"))
        assert card in s.state.seats[2].in_play and s.curtain is None and s.human_to_act
        s.apply(Action("end_turn", 0))
        assert not s.human_to_act  # the bots' team
    finally:
        s.close()


def test_curtain_only_between_the_teams_in_hot_seat():
    s = session(["human"] * 4)
    try:
        assert s.curtain == 0  # nobody has the screen yet
        s.reveal()
        assert s.curtain is None and s.viewer == 0
        s.viewer = 2  # the teammate takes the mouse: still no curtain
        assert s.curtain is None and s.acting == 2
        s.viewer = 0
        s.apply(Action("end_turn", 2))
        assert s.curtain == 1  # the other team's turn: pass the screen
        s.reveal()
        assert s.viewer == 1 and s.curtain is None
    finally:
        s.close()


def test_a_human_steers_a_team_whose_lead_is_a_bot():
    s = session(["greedy", "greedy", "human", "greedy"])
    try:
        assert acting_seat(s.state) == 0 and s.acting == 2 and s.human_to_act
        card = s.state.seats[0].hand[0]
        assert s.find(f"play:c{card}") == Action("play", 0, card=card)
        # The bot lead plays its own cards (issue 39 item 1) but never ends the turn.
        move = s.ai_ready(10.0, 1.0, False)
        if move is None:
            s._pending.result()
            move = s.ai_ready(10.0, 1.0, False)
        assert move is not None and move.seat == 0 and move.kind == "play"
    finally:
        s.close()


# ------------------------------------------------------------------ the table


def test_the_table_shows_the_teammates_hand_and_plays_it(big_app):
    s = session(["human", "greedy", "human", "greedy"])
    big_app.push(MenuScene(big_app))
    t = big_app.push(TableScene(big_app, s))
    frame(big_app)
    st = s.state
    assert s.curtain is None
    hand = st.seats[2].hand[:]
    assert all(t.sprite_zone(c) == "mate_hand" for c in hand)
    assert all(t.card_rects[c].colliderect(t.panel_of(2)) for c in hand)
    assert not any(t.sprite_zone(c) for c in st.seats[1].hand)  # the other team: hidden
    card = hand[0]
    pos = t.card_rects[card].center
    click(big_app, pos)
    click(big_app, pos)
    assert card in st.seats[2].in_play and st.turn == 1
