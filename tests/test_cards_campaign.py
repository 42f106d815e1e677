"""One test per distinct card of the legacy campaign's trade deck (rules/campaign.toml): play
it in a constructed position and check the exact change of every ability it prints
(primary, ally with a partner of its faction, double ally, and the on-acquire ability of
its faction's cost band, resolved by buying it from the trade row).

Post-campaign and personal-deck cards are in test_cards_campaign_post.py."""

from tests.scene import DB, Scene

# A trade row of classic cards costing 2, 3, 4, 5 and 6 (plus the Explorer at 2): the
# candidates of "acquire a card of cost N or less" show N exactly.
ROW = ("plasma_bot", "patrol_boat", "bioformer", "federation_cruiser", "blob_alpha")
UP_TO = {
    2: ["explorer", "plasma_bot"],
    3: ["explorer", "patrol_boat", "plasma_bot"],
    4: ["bioformer", "explorer", "patrol_boat", "plasma_bot"],
    5: ["bioformer", "explorer", "federation_cruiser", "patrol_boat", "plasma_bot"],
}


def bought(card: str, **kw) -> Scene:
    """Buy ``card`` from the trade row for exactly its cost (its on-acquire ability then
    resolves or waits for an answer)."""
    row = (card, "patrol_boat", "stinger", "plasma_bot", "cargo_craft")
    s = Scene(row=row, trade=DB[card].cost, **kw).buy(card)
    assert s.me.trade == 0
    return s


def acquire_draws(card: str, draw: int, discard: int) -> None:
    """Consortium: "you may draw ``draw`` (and discard ``discard``)"."""
    s = bought(card, hand=["viper"], deck=["scout", "explorer", "scout"])
    assert s.pending.purpose == "may"
    s.choose(1)  # declined: nothing happens
    assert s.pending is None and s.names(s.me.hand) == ["viper"]
    s = bought(card, hand=["viper"], deck=["scout", "explorer", "scout"])
    s.choose(0)
    drawn = ["scout", "explorer"][:draw]
    if discard:
        assert s.pending.purpose == "discard" and not s.pending.optional
        s.pick("viper")
    assert s.pending is None
    assert s.names(s.me.hand) == (["viper"] if not discard else []) + drawn
    assert s.names(s.me.discard) == [card] + (["viper"] if discard else [])
    assert (s.me.trade, s.me.combat, s.authority(0)) == (0, 0, 50)


def acquire_combat(card: str, n: int) -> None:
    """Kingdom: "+``n`` combat" at once."""
    s = bought(card)
    assert s.pending is None and (s.me.trade, s.me.combat) == (0, n)
    assert s.names(s.me.discard) == [card]


def acquire_scraps(card: str, zones: tuple[str, ...], most: int) -> None:
    """Scavengers: "you may scrap up to ``most`` cards from ``zones``"."""
    s = bought(card, hand=["viper", "scout"], discard=["patrol_boat"])
    assert s.pending.purpose == "scrap" and s.pending.optional
    s.stop()  # declined
    assert s.pending is None and s.state.scrap == []
    s = bought(card, hand=["viper", "scout"], discard=["patrol_boat"])
    want = ["scout", "viper"] + (["patrol_boat", card] if "discard" in zones else [])
    assert sorted(s.names(s.pending.candidates)) == sorted(want)
    s.pick("viper")
    if most == 2:
        assert s.pending.optional
        s.pick("patrol_boat")
    assert s.pending is None
    assert s.names(s.state.scrap) == ["viper", "patrol_boat"][:most]
    assert (s.me.trade, s.me.combat) == (0, 0)


def no_ally_alone(card: str) -> None:
    """Without another card of its faction in play the ally ability is not usable."""
    s = Scene(hand=[card]).play(card)
    assert "ally" not in s.slots(card) and "double_ally" not in s.slots(card)


# ---------------------------------------------------------------------------- Consortium


def test_courier_drone():
    no_ally_alone("courier_drone")
    s = Scene(hand=["courier_drone", "viper"], in_play=["cargo_clipper"], deck=["scout", "viper"])
    s.play("courier_drone")
    assert (s.me.trade, s.me.combat) == (2, 0) and s.slots("courier_drone") == ["ally"]
    s.use("courier_drone", "ally")  # draw 1, then discard 1 (not optional)
    assert s.pending.purpose == "discard" and not s.pending.optional
    s.pick("viper")
    assert s.names(s.me.hand) == ["scout"] and s.names(s.me.discard) == ["viper"]
    acquire_draws("courier_drone", 1, 1)


def test_cargo_clipper():
    no_ally_alone("cargo_clipper")
    s = Scene(hand=["cargo_clipper"], in_play=["courier_drone"]).play("cargo_clipper")
    assert (s.me.trade, s.me.combat, s.authority(0)) == (2, 0, 52)
    s.use("cargo_clipper", "ally")
    assert (s.me.trade, s.me.combat, s.authority(0)) == (2, 3, 52)
    acquire_draws("cargo_clipper", 1, 1)


def test_orbital_market():
    s = Scene(bases=["orbital_market"], in_play=["courier_drone"])
    assert s.slots("orbital_market") == ["primary", "ally"]
    s.use("orbital_market", "primary")
    assert s.pending.kind == "option" and s.pending.candidates == (0, 1)
    s.choose(1)
    assert (s.me.trade, s.authority(0)) == (0, 52)
    s.use("orbital_market", "ally")
    assert (s.me.trade, s.authority(0)) == (1, 52)
    s = Scene(bases=["orbital_market"]).use("orbital_market", "primary").choose(0)
    assert (s.me.trade, s.authority(0)) == (1, 50) and s.slots("orbital_market") == []
    card = DB["orbital_market"]
    assert (card.defense, card.outpost) == (3, False)
    acquire_draws("orbital_market", 1, 1)


def test_information_broker():
    no_ally_alone("information_broker")
    s = Scene(hand=["information_broker"], in_play=["courier_drone"], deck=["viper", "scout"])
    s.play("information_broker")
    assert s.me.trade == 1 and s.names(s.me.hand) == ["viper"]
    s.use("information_broker", "ally")
    assert (s.me.trade, s.authority(0)) == (1, 53)
    acquire_draws("information_broker", 1, 1)


def test_counting_house():
    s = Scene(bases=["counting_house"], in_play=["courier_drone"], hand=["viper"],
              deck=["scout", "viper"])
    s.use("counting_house", "primary")
    assert s.me.trade == 1
    s.use("counting_house", "ally")
    assert s.pending.purpose == "discard" and s.pending.optional
    s.pick("viper")  # one discarded: one drawn, and it stops at one
    assert s.pending is None
    assert s.names(s.me.hand) == ["scout"] and s.names(s.me.discard) == ["viper"]
    s = Scene(bases=["counting_house"], in_play=["courier_drone"], hand=["viper"],
              deck=["scout", "viper"])
    s.use("counting_house", "ally").stop()  # no discard, no draw
    assert s.names(s.me.hand) == ["viper"] and s.me.discard == []
    card = DB["counting_house"]
    assert (card.defense, card.outpost) == (4, False)
    acquire_draws("counting_house", 1, 1)


def test_merchant_galleon():
    no_ally_alone("merchant_galleon")
    s = Scene(hand=["merchant_galleon"], in_play=["courier_drone"], trade=2, row=ROW)
    s.play("merchant_galleon")
    assert (s.me.trade, s.authority(0)) == (5, 52)
    s.use("merchant_galleon", "ally")
    s.buy("patrol_boat")  # the next ship or base: on top of the deck
    assert s.names(s.me.deck[-1:]) == ["patrol_boat"] and s.me.known_top == 1
    s.buy("plasma_bot")  # only the next one
    assert s.names(s.me.discard) == ["plasma_bot"] and s.me.trade == 0
    acquire_draws("merchant_galleon", 1, 1)


def test_trade_hub():
    s = Scene(bases=["trade_hub", "orbital_market"])
    s.use("trade_hub", "primary")  # two bases: +3 authority
    assert (s.me.trade, s.me.combat, s.authority(0)) == (2, 0, 53)
    s.use("trade_hub", "ally")
    assert (s.me.trade, s.me.combat, s.authority(0)) == (2, 2, 53)
    s = Scene(bases=["trade_hub"]).use("trade_hub", "primary")  # one base: no authority
    assert (s.me.trade, s.authority(0)) == (2, 50) and s.slots("trade_hub") == []
    card = DB["trade_hub"]
    assert (card.defense, card.outpost) == (4, False)
    acquire_draws("trade_hub", 1, 1)


def test_convoy_frigate():
    no_ally_alone("convoy_frigate")
    s = Scene(hand=["convoy_frigate"], in_play=["courier_drone"], deck=["viper", "scout"])
    s.play("convoy_frigate")
    assert (s.me.combat, s.authority(0), len(s.me.hand)) == (4, 53, 0)
    s.use("convoy_frigate", "ally")
    assert s.names(s.me.hand) == ["viper"]
    acquire_draws("convoy_frigate", 1, 0)


def test_stock_exchange():
    s = Scene(bases=["stock_exchange"], in_play=["courier_drone"], deck=["viper", "scout"])
    s.use("stock_exchange", "primary")
    assert s.me.trade == 2 and s.me.hand == []
    s.use("stock_exchange", "ally")
    assert s.names(s.me.hand) == ["viper"]
    assert Scene(bases=["stock_exchange"]).slots("stock_exchange") == ["primary"]
    card = DB["stock_exchange"]
    assert (card.defense, card.outpost) == (5, False)
    acquire_draws("stock_exchange", 1, 0)


def test_guild_cruiser():
    no_ally_alone("guild_cruiser")
    s = Scene(hand=["guild_cruiser"], in_play=["courier_drone"], deck=["viper", "scout"])
    s.play("guild_cruiser")
    assert s.me.combat == 5 and s.names(s.me.hand) == ["viper"] and s.authority(0) == 50
    s.use("guild_cruiser", "ally")
    assert s.authority(0) == 54
    acquire_draws("guild_cruiser", 1, 0)


def test_trade_baron():
    no_ally_alone("trade_baron")
    s = Scene(hand=["trade_baron"], in_play=["courier_drone"], deck=["viper", "scout"])
    s.play("trade_baron")
    assert (s.me.trade, s.authority(0), len(s.me.hand)) == (4, 52, 0)
    s.use("trade_baron", "ally")
    assert s.names(s.me.hand) == ["viper"]
    acquire_draws("trade_baron", 1, 0)


def test_tariff_gate():
    s = Scene(bases=["tariff_gate"], in_play=["courier_drone"])
    s.use("tariff_gate", "primary").use("tariff_gate", "ally")
    assert (s.me.trade, s.authority(0)) == (3, 53)
    assert Scene(bases=["tariff_gate"]).slots("tariff_gate") == ["primary"]
    card = DB["tariff_gate"]
    assert (card.defense, card.outpost) == (6, True)
    acquire_draws("tariff_gate", 1, 0)


def test_guild_carrack():
    no_ally_alone("guild_carrack")
    s = Scene(hand=["guild_carrack"], in_play=["courier_drone"], deck=["viper", "scout"])
    s.play("guild_carrack")
    assert (s.me.combat, s.me.trade) == (5, 2) and s.names(s.me.hand) == ["viper"]
    s.use("guild_carrack", "ally")
    assert s.authority(0) == 54
    acquire_draws("guild_carrack", 2, 1)


def test_central_bank():
    s = Scene(bases=["central_bank"], in_play=["courier_drone"], deck=["viper", "scout"])
    assert s.slots("central_bank") == ["primary", "ally"]  # one other: no double ally
    s = Scene(bases=["central_bank"], in_play=["courier_drone", "cargo_clipper"],
              deck=["viper", "scout"])
    assert s.slots("central_bank") == ["primary", "ally", "double_ally"]
    s.use("central_bank", "primary")
    assert s.me.trade == 3
    s.use("central_bank", "ally")
    assert s.names(s.me.hand) == ["viper"] and s.authority(0) == 50
    s.use("central_bank", "double_ally")
    assert (s.me.trade, s.authority(0), len(s.me.hand)) == (3, 54, 1)
    card = DB["central_bank"]
    assert (card.defense, card.outpost) == (6, False)
    acquire_draws("central_bank", 2, 1)


def test_golden_flagship():
    no_ally_alone("golden_flagship")
    s = Scene(hand=["golden_flagship"], in_play=["courier_drone"], deck=["viper", "scout", "scout"],
              trade=7, row=ROW)
    s.play("golden_flagship")
    assert (s.me.combat, s.authority(0)) == (5, 54)
    assert s.names(s.me.hand) == ["viper", "scout"]
    s.use("golden_flagship", "ally")
    s.buy("patrol_boat")  # the next ship or base: into the hand
    assert s.names(s.me.hand) == ["viper", "scout", "patrol_boat"]
    s.buy("bioformer")  # only the next one
    assert s.names(s.me.discard) == ["bioformer"] and s.me.trade == 0
    acquire_draws("golden_flagship", 2, 1)


# ---------------------------------------------------------------------------- Kingdom


def test_squire():
    no_ally_alone("squire")
    s = Scene(hand=["squire"], in_play=["knight_errant"]).play("squire")
    assert (s.me.combat, s.me.trade) == (2, 0)
    s.use("squire", "ally")
    assert s.me.combat == 4
    acquire_combat("squire", 2)


def test_royal_herald():
    no_ally_alone("royal_herald")
    s = Scene(hand=["royal_herald"], in_play=["squire"]).play("royal_herald")
    assert (s.me.trade, s.me.combat, s.opp.pending_discard) == (2, 0, 1)
    s.use("royal_herald", "ally")
    assert (s.me.trade, s.me.combat, s.opp.pending_discard) == (2, 2, 1)
    acquire_combat("royal_herald", 2)


def test_watchtower():
    s = Scene(bases=["watchtower"], in_play=["squire"])
    s.use("watchtower", "primary")
    assert s.me.combat == 1
    s.use("watchtower", "ally")
    assert s.me.combat == 2
    assert Scene(bases=["watchtower"]).slots("watchtower") == ["primary"]
    card = DB["watchtower"]
    assert (card.defense, card.outpost) == (3, True)
    acquire_combat("watchtower", 2)


def test_knight_errant():
    no_ally_alone("knight_errant")
    s = Scene(hand=["knight_errant"], in_play=["squire"]).play("knight_errant")
    assert s.me.combat == 4
    s.use("knight_errant", "ally")
    assert s.me.combat == 6
    acquire_combat("knight_errant", 2)


def test_border_keep():
    s = Scene(bases=["border_keep"], in_play=["squire"])
    s.use("border_keep", "primary")
    assert (s.me.trade, s.me.combat) == (1, 0)
    s.use("border_keep", "ally")
    assert (s.me.trade, s.me.combat) == (1, 2)
    card = DB["border_keep"]
    assert (card.defense, card.outpost) == (4, True)
    acquire_combat("border_keep", 2)


def test_siegebreaker():
    no_ally_alone("siegebreaker")
    s = Scene(hand=["siegebreaker"], in_play=["squire"],
              opp_bases=["stock_exchange", "tariff_gate"]).play("siegebreaker")
    assert s.me.combat == 5
    s.use("siegebreaker", "ally")  # the outpost shields the other base: destroyed at once
    assert s.names(s.opp.discard) == ["tariff_gate"]
    assert s.names(s.opp.bases) == ["stock_exchange"] and s.me.combat == 5
    s = Scene(hand=["siegebreaker"], in_play=["squire"],
              opp_bases=["stock_exchange", "trade_hub"]).play("siegebreaker")
    s.use("siegebreaker", "ally")
    assert s.pending.purpose == "destroy_base" and not s.pending.optional
    assert len(s.pending.candidates) == 2
    s.pick("trade_hub")
    assert s.names(s.opp.discard) == ["trade_hub"]
    acquire_combat("siegebreaker", 2)


def test_royal_armory():
    s = Scene(bases=["royal_armory"], in_play=["squire"])
    s.use("royal_armory", "primary")
    assert (s.me.trade, s.me.combat) == (2, 0)
    s.use("royal_armory", "ally")
    assert (s.me.trade, s.me.combat) == (2, 3)
    card = DB["royal_armory"]
    assert (card.defense, card.outpost) == (5, False)
    acquire_combat("royal_armory", 2)


def test_queens_guard():
    no_ally_alone("queens_guard")
    s = Scene(hand=["queens_guard"], in_play=["squire"]).play("queens_guard")
    assert s.slots("queens_guard") == ["ally"]  # one other Kingdom card: no double ally
    s = Scene(hand=["queens_guard"], in_play=["squire", "knight_errant"], deck=["viper", "scout"])
    s.play("queens_guard")
    assert s.me.combat == 5 and s.slots("queens_guard") == ["ally", "double_ally"]
    s.use("queens_guard", "ally")
    assert s.names(s.me.hand) == ["viper"] and s.me.combat == 5
    s.use("queens_guard", "double_ally")
    assert s.me.combat == 7
    acquire_combat("queens_guard", 3)


def test_royal_garrison():
    s = Scene(bases=["royal_garrison"], in_play=["squire"])
    s.use("royal_garrison", "primary")
    assert (s.me.combat, s.opp.pending_discard) == (2, 0)
    s.use("royal_garrison", "ally")
    assert (s.me.combat, s.opp.pending_discard) == (2, 1)
    card = DB["royal_garrison"]
    assert (card.defense, card.outpost) == (5, True)
    acquire_combat("royal_garrison", 3)


def test_paladin():
    no_ally_alone("paladin")
    s = Scene(hand=["paladin"], in_play=["squire"], deck=["viper", "scout", "scout"],
              opp_bases=["stock_exchange"]).play("paladin")
    assert s.me.combat == 5
    assert s.pending.purpose == "destroy_base" and s.pending.optional  # "you may"
    s.pick("stock_exchange")
    assert s.names(s.opp.discard) == ["stock_exchange"]
    s.use("paladin", "ally")
    assert s.names(s.me.hand) == ["viper"]
    s = Scene(hand=["paladin"], opp_bases=["stock_exchange"]).play("paladin").stop()
    assert s.names(s.opp.bases) == ["stock_exchange"] and s.me.combat == 5
    acquire_combat("paladin", 3)


def test_royal_dragoon():
    no_ally_alone("royal_dragoon")
    s = Scene(hand=["royal_dragoon"], in_play=["squire"]).play("royal_dragoon")
    assert s.slots("royal_dragoon") == ["ally"]
    s = Scene(hand=["royal_dragoon"], in_play=["squire", "knight_errant"], deck=["viper", "scout"])
    s.play("royal_dragoon")
    assert s.me.combat == 6 and s.slots("royal_dragoon") == ["ally", "double_ally"]
    s.use("royal_dragoon", "ally")
    assert s.me.combat == 8 and s.me.hand == []
    s.use("royal_dragoon", "double_ally")
    assert s.names(s.me.hand) == ["viper"] and s.me.combat == 8
    acquire_combat("royal_dragoon", 3)


def test_barracks_moon():
    s = Scene(bases=["barracks_moon"], in_play=["squire"], deck=["viper", "scout"])
    s.use("barracks_moon", "primary")
    assert s.me.combat == 3 and s.me.hand == []
    s.use("barracks_moon", "ally")
    assert s.names(s.me.hand) == ["viper"]
    card = DB["barracks_moon"]
    assert (card.defense, card.outpost) == (6, False)
    acquire_combat("barracks_moon", 3)


def test_royal_battleship():
    no_ally_alone("royal_battleship")
    s = Scene(hand=["royal_battleship"], in_play=["squire"], deck=["viper", "scout"])
    s.play("royal_battleship")
    assert s.me.combat == 6 and s.names(s.me.hand) == ["viper"]
    s.use("royal_battleship", "ally")
    assert s.me.combat == 9
    acquire_combat("royal_battleship", 5)


def test_royal_citadel():
    s = Scene(bases=["royal_citadel"], in_play=["squire"])
    s.use("royal_citadel", "primary")
    assert s.me.combat == 4
    s.use("royal_citadel", "ally")
    assert s.me.combat == 6
    card = DB["royal_citadel"]
    assert (card.defense, card.outpost) == (7, True)
    acquire_combat("royal_citadel", 5)


def test_queens_flagship():
    no_ally_alone("queens_flagship")
    s = Scene(hand=["queens_flagship"], in_play=["squire"], deck=["viper", "scout", "scout"],
              opp_bases=["stock_exchange"]).play("queens_flagship")
    assert s.me.combat == 7 and s.names(s.me.hand) == ["viper"]
    assert s.opp.pending_discard == 1
    s.use("queens_flagship", "ally")
    assert s.pending.purpose == "destroy_base" and s.pending.optional
    s.pick("stock_exchange")
    assert s.names(s.opp.discard) == ["stock_exchange"]
    acquire_combat("queens_flagship", 5)


# ---------------------------------------------------------------------------- Scavengers


def test_junker():
    no_ally_alone("junker")
    s = Scene(hand=["junker"], in_play=["corsair"]).play("junker")
    assert (s.me.trade, s.me.combat) == (1, 2)
    s.use("junker", "ally")
    assert s.pending.purpose == "scrap" and s.pending.optional
    assert len(s.pending.candidates) == 5  # the trade row only
    s.pick("stinger")
    assert s.pending is None and s.names(s.state.scrap) == ["stinger"]
    assert s.names(s.state.trade_row).count("defense_system") == 1  # refilled
    acquire_scraps("junker", ("hand",), 1)


def test_corsair():
    no_ally_alone("corsair")
    s = Scene(hand=["corsair"], in_play=["junker"]).play("corsair")
    assert (s.me.combat, s.opp.pending_discard) == (3, 0)
    s.use("corsair", "ally")
    assert (s.me.combat, s.opp.pending_discard) == (3, 1)
    acquire_scraps("corsair", ("hand",), 1)


def test_smugglers_den():
    s = Scene(bases=["smugglers_den"], in_play=["junker"])
    s.use("smugglers_den", "primary")
    assert (s.me.trade, s.me.combat) == (1, 0)
    s.use("smugglers_den", "ally")
    assert (s.me.trade, s.me.combat) == (1, 2)
    card = DB["smugglers_den"]
    assert (card.defense, card.outpost) == (3, False)
    acquire_scraps("smugglers_den", ("hand",), 1)


def test_salvage_tug():
    no_ally_alone("salvage_tug")
    s = Scene(hand=["salvage_tug"], in_play=["junker"], discard=["viper", "watchtower"])
    s.play("salvage_tug")
    assert (s.me.trade, s.me.combat) == (2, 2)
    s.use("salvage_tug", "ally")  # a ship or a base
    assert s.pending.purpose == "topdeck" and not s.pending.optional
    assert sorted(s.names(s.pending.candidates)) == ["viper", "watchtower"]
    s.pick("watchtower")
    assert s.names(s.me.deck[-1:]) == ["watchtower"] and s.me.known_top == 1
    assert s.names(s.me.discard) == ["viper"]
    acquire_scraps("salvage_tug", ("hand",), 1)


def test_black_market():
    s = Scene(bases=["black_market"], in_play=["junker"], hand=["viper"], discard=["scout"])
    s.use("black_market", "primary")
    assert s.pending.purpose == "scrap" and s.pending.optional
    assert sorted(s.names(s.pending.candidates)) == ["scout", "viper"]
    s.pick("scout")  # +1 trade for it; at most one
    assert s.pending is None and s.me.trade == 1 and s.names(s.state.scrap) == ["scout"]
    s.use("black_market", "ally")
    assert (s.me.trade, s.me.combat) == (1, 2)
    s = Scene(bases=["black_market"], hand=["viper"]).use("black_market", "primary").stop()
    assert s.me.trade == 0 and s.names(s.me.hand) == ["viper"]
    card = DB["black_market"]
    assert (card.defense, card.outpost) == (4, False)
    acquire_scraps("black_market", ("hand",), 1)


def test_pirate_raider():
    no_ally_alone("pirate_raider")
    s = Scene(hand=["pirate_raider"], in_play=["junker"]).play("pirate_raider")
    assert (s.me.trade, s.me.combat, s.opp.pending_discard) == (0, 4, 1)
    s.use("pirate_raider", "ally")
    assert (s.me.trade, s.me.combat) == (2, 4)
    acquire_scraps("pirate_raider", ("hand",), 1)


def test_ship_graveyard():
    s = Scene(bases=["ship_graveyard"], in_play=["junker"], discard=["watchtower", "viper"])
    s.use("ship_graveyard", "primary")
    assert (s.me.trade, s.me.combat) == (1, 1)
    s.use("ship_graveyard", "ally")  # ships only: the Viper, without asking
    assert s.pending is None
    assert s.names(s.me.deck[-1:]) == ["viper"] and s.names(s.me.discard) == ["watchtower"]
    card = DB["ship_graveyard"]
    assert (card.defense, card.outpost) == (4, True)
    acquire_scraps("ship_graveyard", ("hand",), 1)


def test_blockade_runner():
    no_ally_alone("blockade_runner")
    s = Scene(hand=["blockade_runner"], in_play=["junker"]).play("blockade_runner")
    assert s.pending.kind == "option" and s.pending.candidates == (0, 1)
    s.choose(0)
    assert (s.me.trade, s.me.combat) == (3, 2)
    s.use("blockade_runner", "ally")
    assert (s.me.trade, s.me.combat) == (3, 4)
    s = Scene(hand=["blockade_runner"], row=ROW).play("blockade_runner").choose(1)
    assert s.pending.purpose == "acquire" and not s.pending.optional
    assert sorted(s.names(s.pending.candidates)) == UP_TO[4]
    s.pick("bioformer")
    assert s.names(s.me.discard) == ["bioformer"] and (s.me.trade, s.me.combat) == (0, 0)
    acquire_scraps("blockade_runner", ("hand", "discard"), 1)


def test_pirate_haven():
    s = Scene(bases=["pirate_haven"], in_play=["junker"])
    s.use("pirate_haven", "primary")
    assert s.pending.kind == "option" and s.pending.candidates == (0, 1)
    s.choose(1)
    assert (s.me.trade, s.me.combat) == (0, 3)
    s.use("pirate_haven", "ally")
    assert s.opp.pending_discard == 1
    s = Scene(bases=["pirate_haven"]).use("pirate_haven", "primary").choose(0)
    assert (s.me.trade, s.me.combat) == (2, 0) and s.slots("pirate_haven") == []
    card = DB["pirate_haven"]
    assert (card.defense, card.outpost) == (5, False)
    acquire_scraps("pirate_haven", ("hand", "discard"), 1)


def test_marauder():
    no_ally_alone("marauder")
    s = Scene(hand=["marauder"], in_play=["junker"], deck=["viper", "scout"]).play("marauder")
    assert s.me.combat == 6
    assert s.pending.purpose == "scrap" and s.pending.optional
    assert len(s.pending.candidates) == 5  # the trade row
    s.pick("stinger")
    assert s.pending is not None  # up to two
    s.pick("patrol_boat")
    assert s.pending is None and s.names(s.state.scrap) == ["stinger", "patrol_boat"]
    assert s.names(s.state.trade_row).count("defense_system") == 2
    s.use("marauder", "ally")
    assert s.names(s.me.hand) == ["viper"]
    acquire_scraps("marauder", ("hand", "discard"), 1)


def test_salvage_barge():
    no_ally_alone("salvage_barge")
    s = Scene(hand=["salvage_barge", "viper"], in_play=["junker"], discard=["scout"])
    s.play("salvage_barge")
    assert (s.me.trade, s.me.combat) == (3, 3)
    assert s.pending.purpose == "scrap" and s.pending.optional
    assert sorted(s.names(s.pending.candidates)) == ["scout", "viper"]
    s.pick("viper")
    assert s.pending is None and s.names(s.state.scrap) == ["viper"]
    s.use("salvage_barge", "ally")
    assert (s.me.trade, s.me.combat) == (3, 5)
    acquire_scraps("salvage_barge", ("hand", "discard"), 1)


def test_pirate_stronghold():
    s = Scene(bases=["pirate_stronghold"], in_play=["junker"])
    s.use("pirate_stronghold", "primary")
    assert (s.me.trade, s.me.combat) == (0, 3)
    s.use("pirate_stronghold", "ally")
    assert (s.me.trade, s.me.combat) == (2, 3)
    card = DB["pirate_stronghold"]
    assert (card.defense, card.outpost) == (6, True)
    acquire_scraps("pirate_stronghold", ("hand", "discard"), 1)


def test_patchwork_dreadnought():
    no_ally_alone("patchwork_dreadnought")
    s = Scene(hand=["patchwork_dreadnought"], in_play=["junker"], deck=["viper", "scout", "scout"],
              discard=["watchtower", "scout"]).play("patchwork_dreadnought")
    assert s.me.combat == 6 and s.names(s.me.hand) == ["viper"]
    s.use("patchwork_dreadnought", "ally")
    assert s.pending.purpose == "topdeck"
    assert sorted(s.names(s.pending.candidates)) == ["scout", "watchtower"]
    s.pick("watchtower")
    assert s.names(s.me.deck[-1:]) == ["watchtower"] and s.names(s.me.discard) == ["scout"]
    acquire_scraps("patchwork_dreadnought", ("hand", "discard"), 2)


def test_free_port():
    s = Scene(bases=["free_port"], in_play=["junker"], row=ROW)
    assert Scene(bases=["free_port"]).slots("free_port") == ["primary"]
    s.use("free_port", "primary")
    assert (s.me.trade, s.me.combat) == (2, 2)
    s.use("free_port", "ally")
    assert s.pending.purpose == "acquire" and not s.pending.optional
    assert sorted(s.names(s.pending.candidates)) == UP_TO[3]
    s.pick("patrol_boat")
    assert s.names(s.me.discard) == ["patrol_boat"] and (s.me.trade, s.me.combat) == (2, 2)
    card = DB["free_port"]
    assert (card.defense, card.outpost) == (6, False)
    acquire_scraps("free_port", ("hand", "discard"), 2)


def test_pirate_king():
    no_ally_alone("pirate_king")
    s = Scene(hand=["pirate_king"], in_play=["junker"], deck=["viper", "scout"], row=ROW)
    s.play("pirate_king")
    assert s.me.combat == 5 and s.names(s.me.hand) == ["viper"]
    assert s.pending.purpose == "acquire" and not s.pending.optional
    assert sorted(s.names(s.pending.candidates)) == UP_TO[5]
    s.pick("federation_cruiser")
    assert s.names(s.me.discard) == ["federation_cruiser"] and s.me.trade == 0
    s.use("pirate_king", "ally")
    assert s.opp.pending_discard == 1
    acquire_scraps("pirate_king", ("hand", "discard"), 2)
