"""The legacy campaign's rules (seed 001, «Правила кампании»), one test per rule, on the
engine's "campaign" format and the campaign's between-games flow."""

from __future__ import annotations

import pytest

from game.star_realms.campaign import flow
from game.star_realms.engine import Action, apply, legal_actions, new_game
from game.star_realms.engine.campaign import apply_sticker, can_carry
from game.star_realms.engine.campaign_def import PLAYER_FACTIONS, UPGRADE_COST
from game.star_realms.engine.cards import CAMPAIGN_FACTIONS
from game.star_realms.engine.invariants import check
from game.star_realms.engine.state import EMPTY, GameConfig, SeatConfig
from tests.scene import DB

CAMPAIGN = DB.campaign


def spec(scenario=1, first=0, factions=("star_empire", "trade_federation"), **kw):
    return {"scenario": scenario, "first": first, "factions": list(factions),
            "choices": kw.get("choices", {}), "favours": kw.get("favours", {}),
            "used": kw.get("used", [[], []]), "upgrades": kw.get("upgrades", [])}


def game(seed=1, **kw):
    sp = spec(**kw)
    cfg = GameConfig(sets=("campaign", "campaign_decks"), format="campaign", seed=seed,
                     first=sp["first"], seats=(SeatConfig("Anna"), SeatConfig("Boris")),
                     options=(("campaign", sp),))
    return new_game(DB, cfg)


def instance(state, card_id):
    """A copy of ``card_id`` still in the trade deck or row."""
    return next(i for i in state.trade_deck + state.trade_row
                if i != EMPTY and state.cards[i].id == card_id)


def offer(state, card_id, trade):
    """Put a copy of ``card_id`` into the first trade-row slot; give the active seat
    ``trade``; return its iid."""
    iid = instance(state, card_id)
    if iid not in state.trade_row:
        state.trade_deck.remove(iid)
        state.trade_deck.append(state.trade_row[0])
        state.trade_row[0] = iid
    state.seats[state.active].trade = trade
    return iid


def to_main_phase(state):
    """Answer anything pending (e.g. owed discards) so the active seat can act."""
    while state.pending is not None:
        apply(state, legal_actions(state)[0])


# ---------------------------------------------------------------------- setup


def test_personal_decks_by_faction():
    """SE: 8 Scouts, 1 Viper, Imperial Fighter, Smuggler; TF: 8 Scouts, 1 Viper,
    Federation Shuttle, Star Police."""
    st = game()
    for seat, extra in ((0, {"imperial_fighter", "smuggler"}),
                        (1, {"federation_shuttle", "star_police"})):
        s = st.seats[seat]
        ids = [st.cards[i].id for i in s.hand + s.deck]
        assert sorted(ids) == sorted(["scout"] * 8 + ["viper"] + sorted(extra))
    assert DB["imperial_fighter"].factions == ("star_empire",)
    assert DB["federation_shuttle"].factions == ("trade_federation",)


def test_campaign_trade_deck_is_60_cards_20_per_faction_plus_20_explorers():
    st = game()
    trade = st.trade_deck + [c for c in st.trade_row if c != EMPTY]
    assert len(trade) == 60 and len(st.explorers) == 20
    for f in CAMPAIGN_FACTIONS:
        assert sum(f in st.cards[i].factions for i in trade) == 20
    assert all(1 <= st.cards[i].cost <= 8 for i in trade)


def test_first_player_draws_3_second_5_and_50_authority():
    st = game(first=1)
    assert st.active == 1
    assert len(st.seats[1].hand) == 3 and len(st.seats[0].hand) == 5
    assert st.authority(0) == st.authority(1) == 50


def test_no_campaign_card_starts_with_a_scrap_ability():
    """«Изначально в игре таких свойств нет, но они появятся по ходу кампании»."""
    assert not [c.id for c in DB.set_cards("campaign") if "scrap" in c.abilities]


@pytest.mark.parametrize("faction", CAMPAIGN_FACTIONS)
def test_on_acquire_abilities_follow_the_table(faction):
    """The seed's table: draw/discard, a resource, scrapping — by faction and cost band."""
    band = {1: 0, 2: 0, 3: 0, 4: 0, 5: 1, 6: 1, 7: 2, 8: 2}
    expected = {
        "consortium": [
            (("may", ((("draw", 1), ("discard", {"min": 1, "max": 1, "each": ()}))),),),
            (("may", (("draw", 1),)),),
            (("may", (("draw", 2), ("discard", {"min": 1, "max": 1, "each": ()}))),),
        ],
        "kingdom": [(("combat", 2),), (("combat", 3),), (("combat", 5),)],
    }
    for card in DB.set_cards("campaign"):
        if faction not in card.factions:
            continue
        got = card.ability("on_acquire")
        assert got, card.id
        if faction in expected:
            want = expected[faction][band[card.cost]]
            if faction == "consortium":
                assert got[0][0] == "may" and [op for op, _ in got[0][1]] == [
                    op for op, _ in want[0][1]] and got[0][1][0] == want[0][1][0], card.id
            else:
                assert got == want, card.id
        else:
            (op, params), = got
            assert op == "scrap" and params["min"] == 0
            zones, most = {0: (("hand",), 1), 1: (("hand", "discard"), 1),
                           2: (("hand", "discard"), 2)}[band[card.cost]]
            assert tuple(params["zones"]) == zones and params["max"] == most, card.id


# ---------------------------------------------------------------------- upgrades


def test_upgrading_a_ship_costs_2_more_a_base_3():
    assert UPGRADE_COST == {"ship": 2, "base": 3}
    st = game()
    to_main_phase(st)
    iid = offer(st, "information_broker", 3 + 1)  # a 3-cost ship, one short of upgrading
    apply(st, Action("buy", 0, card=iid))
    assert st.pending is None or st.pending.purpose != "upgrade"
    st = game()
    to_main_phase(st)
    iid = offer(st, "information_broker", 3 + 2)
    apply(st, Action("buy", 0, card=iid))
    assert st.pending.purpose == "upgrade"
    apply(st, Action("choose", 0, index=0))
    assert st.cards[iid].upgrade is not None and st.seats[0].trade == 0
    st = game()
    to_main_phase(st)
    iid = offer(st, "counting_house", 3 + 3)  # a 3-cost base
    apply(st, Action("buy", 0, card=iid))
    assert st.pending.purpose == "upgrade"
    apply(st, Action("choose", 0, index=0))
    assert st.cards[iid].upgrade is not None and st.seats[0].trade == 0


def test_the_seven_steps_of_an_upgrade():
    """Buy, pay, note the on-acquire ability, stickers, discard pile, refill the row, then
    the on-acquire ability (which the upgraded card has lost for good)."""
    st = game()
    to_main_phase(st)
    iid = offer(st, "siegebreaker", 4 + 2)  # Kingdom: on acquire +2 combat
    combat = st.seats[0].combat
    apply(st, Action("buy", 0, card=iid))
    d = st.pending
    assert d.purpose == "upgrade" and d.optional
    assert st.trade_row[0] == EMPTY  # the row is refilled only after the stickers
    assert iid not in st.seats[0].discard
    apply(st, Action("choose", 0, index=0))
    card = st.cards[iid]
    assert card.upgrade and "on_acquire" not in card.abilities
    assert iid in st.seats[0].discard and st.trade_row[0] != EMPTY
    assert st.seats[0].combat == combat + 2  # the printed on-acquire resolved once
    assert not check(st)


def test_declining_the_upgrade_still_acquires():
    st = game()
    to_main_phase(st)
    iid = offer(st, "siegebreaker", 6)
    apply(st, Action("buy", 0, card=iid))
    apply(st, Action("stop", 0))
    assert st.cards[iid].upgrade is None and iid in st.seats[0].discard
    assert st.seats[0].trade == 2 and st.seats[0].combat == 2


def test_a_sticker_must_match_cost_and_type_and_the_card_a_neighbour():
    st_ship = CAMPAIGN.stickers["s1c3ship"]
    assert can_carry(DB["information_broker"], st_ship)  # a 3-cost ship
    assert not can_carry(DB["counting_house"], st_ship)  # a 3-cost base
    assert not can_carry(DB["merchant_galleon"], st_ship)  # a 4-cost ship
    assert not can_carry(DB["explorer"], CAMPAIGN.stickers["s1c2ship"])  # no faction
    assert not can_carry(DB["imperial_fighter"], CAMPAIGN.stickers["s1c2ship"])


def test_one_sticker_per_row_per_sheet():
    """Using the 3-cost ship sticker of sheet 1 rules out its 3-cost base sticker."""
    st = game(used=[["s1c3ship"], []])
    to_main_phase(st)
    iid = offer(st, "counting_house", 3 + 3)
    apply(st, Action("buy", 0, card=iid))
    assert st.pending is None or st.pending.purpose != "upgrade"
    # ... but the other player still has their own sheet
    assert st.format.rows_used(st, 1) == set()


def test_sheets_arrive_with_scenarios_2_to_4():
    assert [s.scenario for s in CAMPAIGN.sheets] == [1, 2, 3, 4]
    assert CAMPAIGN.sheets_by(1) == [1] and CAMPAIGN.sheets_by(3) == [1, 2, 3]
    assert CAMPAIGN.sheets_by(12) == [1, 2, 3, 4]
    st = game(scenario=1)
    to_main_phase(st)
    iid = offer(st, "trade_baron", 6 + 2)
    assert st.format.upgrade_options(st, 0, iid) == ["s1c6ship"]
    st = game(scenario=4, choices={"2": "alliance", "3": "alliance", "4": "alliance"})
    to_main_phase(st)
    iid = offer(st, "trade_baron", 6 + 2)
    assert st.format.upgrade_options(st, 0, iid) == ["s1c6ship", "s2c6ship", "s3c6ship",
                                                     "s4c6ship"]


def test_the_faction_sticker_adds_the_players_faction():
    """Allies of both factions trigger for the upgraded card; its printed ally ability
    keeps the printed faction (a card and its ally ability may differ)."""
    card = apply_sticker(DB["knight_errant"], CAMPAIGN.stickers["s1c3ship"], "star_empire")
    assert card.factions == ("kingdom", "star_empire")
    assert card.ally_factions == ("kingdom",)
    assert "upgrade_ally" in card.abilities and card.upgrade_faction == "star_empire"
    st = game()
    to_main_phase(st)
    s = st.seats[0]
    knight = instance(st, "knight_errant")
    st.trade_deck.remove(knight)
    st.cards = st.cards[:knight] + (card,) + st.cards[knight + 1:]
    fighter = next(i for i in s.hand + s.deck if st.cards[i].id == "imperial_fighter")
    s.hand.append(knight)
    if fighter in s.deck:
        s.deck.remove(fighter)
        s.hand.append(fighter)
    apply(st, Action("play", 0, card=knight))
    apply(st, Action("play", 0, card=fighter))
    to_main_phase(st)
    usable = {(a.card, a.slot) for a in legal_actions(st) if a.kind == "use"}
    # the Imperial Fighter's SE ally triggers off the upgraded Kingdom card...
    assert (fighter, "ally") in usable
    # ... the sticker's SE ally ability triggers off the Fighter ...
    assert (knight, "upgrade_ally") in usable
    # ... but the Knight's printed Kingdom ally ability does not (no other Kingdom card)
    assert (knight, "ally") not in usable


def test_political_victory_in_scenarios_1_to_4_only():
    """All five stickers of the scenario's sheet used: an immediate win."""
    sheet1 = [f"s1c{c}ship" for c in (2, 3, 4, 5)]
    st = game(scenario=1, used=[sheet1, []])
    to_main_phase(st)
    iid = offer(st, "trade_baron", 6 + 2)  # the last row of sheet 1: cost 6
    apply(st, Action("buy", 0, card=iid))
    apply(st, Action("choose", 0, index=0))
    assert st.winners == (0,)
    assert flow.how_won(st) == "political"
    # a later scenario: sheet 1 complete means nothing
    st = game(scenario=5, used=[sheet1, []])
    to_main_phase(st)
    iid = offer(st, "trade_baron", 6 + 2)
    apply(st, Action("buy", 0, card=iid))
    idx = st.pending.effect[1]["stickers"].index("s1c6ship")
    apply(st, Action("choose", 0, index=idx))
    assert st.winners is None
    # scenario 2: the old sheet does not count, only sheet 2
    st = game(scenario=2, used=[sheet1, []], choices={"2": "alliance"})
    to_main_phase(st)
    iid = offer(st, "trade_baron", 6 + 2)
    apply(st, Action("buy", 0, card=iid))
    apply(st, Action("choose", 0, index=st.pending.effect[1]["stickers"].index("s1c6ship")))
    assert st.winners is None


def test_upgraded_cards_stay_in_later_games():
    ups = [["knight_errant", 1, "s1c3ship", "trade_federation"]]
    st = game(upgrades=ups)
    copies = [i for i, c in enumerate(st.cards) if c.id == "knight_errant"]
    assert [st.cards[i].upgrade for i in copies] == [None, "s1c3ship@trade_federation"]
    assert "trade_federation" in st.cards[copies[1]].factions


# ---------------------------------------------------------------------- the flow


def test_factions_chosen_once_and_a_conflict_is_a_coin_flip():
    c = flow.new_campaign("a", "a", 1, [("A", "human", "trade_federation"),
                                         ("B", "human", "star_empire")])
    assert [p.faction for p in c.players] == ["trade_federation", "star_empire"]
    assert not c.coin_flip
    results = set()
    for seed in range(20):
        c = flow.new_campaign("a", "a", seed, [("A", "human", "star_empire"),
                                               ("B", "human", "star_empire")])
        assert c.coin_flip and {p.faction for p in c.players} == set(PLAYER_FACTIONS)
        results.add(c.players[0].faction)
    assert results == set(PLAYER_FACTIONS)  # the coin lands both ways


def test_star_empire_starts_scenario_1_then_the_previous_winner():
    c = flow.new_campaign("a", "a", 3, [("A", "greedy", "trade_federation"),
                                         ("B", "greedy", "star_empire")])
    cfg = flow.game_config(c, DB)
    assert cfg.first == 1  # the Star Empire player
    state = new_game(DB, cfg)
    state.winners = (0,)  # the Federation wins scenario 1
    flow.record(c, DB, state)
    assert flow.first_faction(c) == "trade_federation"
    if flow.needs_choice(c, DB):
        flow.choose(c, DB, flow.choice(c, DB).options[0].id)
    assert flow.game_config(c, DB).first == 0


def test_the_first_players_side_of_the_scenario_card_is_used():
    sc = CAMPAIGN.scenario(2)
    assert sc.sides["star_empire"].story_en != sc.sides["trade_federation"].story_en
    c = flow.new_campaign("a", "a", 3, [("A", "human", "star_empire"),
                                         ("B", "human", "trade_federation")])
    c.scenario = 2
    c.results.append(flow.Result(1, "star_empire", "trade_federation", "authority", 10))
    assert flow.side(c, DB) is sc.sides["trade_federation"]


def test_a_choice_is_remembered_as_a_neighbours_favour():
    c = flow.new_campaign("a", "a", 3, [("A", "human", "star_empire"),
                                         ("B", "human", "trade_federation")])
    c.scenario = 2
    c.results.append(flow.Result(1, "star_empire", "star_empire", "authority", 10))
    assert flow.needs_choice(c, DB)
    with pytest.raises(ValueError):
        flow.game_config(c, DB)
    flow.choose(c, DB, "pressure")  # the Empire seizes freighters: Consortium → Federation
    cfg = flow.game_config(c, DB)
    st = new_game(DB, cfg)
    ids = [st.cards[i].id for i in st.seats[0].hand + st.seats[0].deck]
    assert ids.count("explorer") == 1  # the immediate bonus for the first player
    st.winners = (0,)
    flow.record(c, DB, st)
    assert c.favours == {"consortium": "trade_federation"} and c.choices == {"2": "pressure"}
    # scenario 5 rewards the favoured player: Consortium cards cost them 1 less
    c.scenario = 5
    c.results += [flow.Result(n, "star_empire", "star_empire", "authority", 9)
                  for n in (3, 4)]
    st = new_game(DB, flow.game_config(c, DB))
    cons = instance(st, "convoy_frigate")
    assert st.format.price(st, 1, cons) == 4 and st.format.price(st, 0, cons) == 5


def test_the_winner_takes_the_victory_point_card():
    c = flow.new_campaign("a", "a", 3, [("A", "human", "star_empire"),
                                         ("B", "human", "trade_federation")])
    st = new_game(DB, flow.game_config(c, DB))
    st.winners = (1,)
    r = flow.record(c, DB, st)
    assert r.winner == "trade_federation" and c.vp("trade_federation", DB) == \
        CAMPAIGN.scenario(1).vp.points and c.vp("star_empire", DB) == 0
    assert sum(s.vp.points for s in CAMPAIGN.scenarios) % 2 == 1  # no tie possible


def test_between_games_decks_reset_and_upgrades_stay():
    c = flow.new_campaign("a", "a", 4, [("A", "greedy", "star_empire"),
                                         ("B", "greedy", "trade_federation")])
    st = new_game(DB, flow.game_config(c, DB))
    to_main_phase(st)
    iid = offer(st, "trade_baron", 8)
    apply(st, Action("buy", st.active, card=iid))
    apply(st, Action("choose", st.active, index=0))
    st.winners = (0,)
    flow.record(c, DB, st)
    assert c.upgrades == [["trade_baron", 0, "s1c6ship", "star_empire"]]
    assert c.used == {"star_empire": ["s1c6ship"]}
    flow.choose(c, DB, "alliance")
    st2 = new_game(DB, flow.game_config(c, DB))
    baron = next(i for i, card in enumerate(st2.cards) if card.id == "trade_baron")
    assert st2.cards[baron].upgrade == "s1c6ship@star_empire"
    assert iid not in st2.seats[0].discard  # a fresh personal deck
    assert sorted(st2.cards[i].id for i in st2.seats[0].hand + st2.seats[0].deck) == sorted(
        ["scout"] * 8 + ["viper", "imperial_fighter", "smuggler"])


# ---------------------------------------------------------------------- scenario rules


def rules_game(scenario, choices=None, favours=None, first=0, seed=2):
    return game(scenario=scenario, choices=choices or {}, favours=favours or {}, first=first,
                seed=seed)


def test_rule_row_start_and_acquire_bonus():
    st = rules_game(3, {"2": "alliance", "3": "alliance"})
    kingdom = [i for i in st.trade_row[:2] if "kingdom" in st.cards[i].factions]
    assert len(kingdom) == 2
    to_main_phase(st)
    auth = st.authority(0)
    iid = offer(st, st.cards[kingdom[0]].id, 8)
    apply(st, Action("buy", 0, card=iid))
    if st.pending is not None and st.pending.purpose == "upgrade":
        apply(st, Action("stop", 0))
    assert st.authority(0) == auth + 2


def test_rule_turn_start_and_authority_change():
    st = rules_game(10, {"2": "alliance", "3": "alliance", "4": "alliance", "9": "fealty"},
                    favours={"kingdom": "star_empire"})
    assert st.authority(0) == 45 and st.authority(1) == 40
    assert st.seats[0].combat == 1  # the first player's first turn already began


def test_rule_grant_gives_a_scrap_ability():
    st = rules_game(6, {"2": "alliance", "3": "alliance", "4": "alliance"})
    cons = [c for c in st.cards if "consortium" in c.factions]
    assert cons and all(c.ability("scrap") == (("trade", 2),) for c in cons)
    assert all("scrap" not in c.abilities for c in st.cards if "kingdom" in c.factions)


def test_rule_remove_and_when():
    st = rules_game(12, {"2": "alliance", "3": "alliance", "4": "alliance", "9": "defiance",
                         "11": "bribe"})
    assert not [c for c in st.cards if "kingdom" in c.factions]
    st = rules_game(12, {"2": "alliance", "3": "alliance", "4": "alliance", "9": "fealty",
                         "11": "bribe"})
    assert [c for c in st.cards if "kingdom" in c.factions]
    assert st.authority(0) == st.authority(1) == 60
    assert st.format.upgrade_cost(0, DB["trade_baron"]) == 3


def test_rule_victory_by_allegiance():
    st = rules_game(9, {"2": "alliance", "3": "alliance", "4": "alliance", "9": "fealty"})
    to_main_phase(st)
    s = st.seats[0]
    owned = [i for i in st.trade_deck if "kingdom" in st.cards[i].factions][:4]
    for i in owned:
        st.trade_deck.remove(i)
        s.discard.append(i)
    iid = offer(st, "squire", 5)
    apply(st, Action("buy", 0, card=iid))
    assert st.winners == (0,) and flow.how_won(st) == "allegiance"
