"""One test per distinct Colony Wars card: play it in a constructed position and check
the exact change (pools, zones, authority, the choices offered)."""

from tests.scene import Scene

# ---------------------------------------------------------------------------- Star Empire


def test_star_barge():
    s = Scene(hand=["star_barge"], in_play=["lancer"]).play("star_barge")
    assert s.me.trade == 2 and s.slots("star_barge") == ["ally"]
    s.use("star_barge", "ally")
    assert s.me.combat == 2 and s.opp.pending_discard == 1


def test_lancer():
    s = Scene(hand=["lancer"]).play("lancer")
    assert s.me.combat == 4
    s = Scene(hand=["lancer"], in_play=["star_barge"], opp_bases=["stellar_reef"])
    s.play("lancer")
    assert s.me.combat == 6
    s.use("lancer", "ally")
    assert s.opp.pending_discard == 1


def test_orbital_platform():
    s = Scene(bases=["orbital_platform"], in_play=["star_barge"], hand=["viper"],
              deck=["scout"])
    s.use("orbital_platform", "primary")
    assert s.pending.purpose == "discard" and s.pending.optional
    s.pick("viper")
    assert s.names(s.me.hand) == ["scout"]
    s.use("orbital_platform", "ally")
    assert s.me.combat == 3
    s = Scene(bases=["orbital_platform"], hand=["viper"], deck=["scout"])
    s.use("orbital_platform", "primary").stop()  # no discard, no draw
    assert s.names(s.me.hand) == ["viper"]


def test_gunship():
    s = Scene(hand=["gunship"]).play("gunship")
    assert s.me.combat == 5 and s.opp.pending_discard == 1
    s.use("gunship", "scrap")
    assert s.me.trade == 4


def test_falcon():
    s = Scene(hand=["falcon"], deck=["viper"]).play("falcon")
    assert s.me.combat == 2 and s.names(s.me.hand) == ["viper"]
    s.use("falcon", "scrap")
    assert s.opp.pending_discard == 1


def test_command_center():
    s = Scene(bases=["command_center"], hand=["lancer", "trade_hauler", "orbital_platform"])
    s.use("command_center", "primary")
    assert s.me.trade == 2
    s.play("lancer")  # a Star Empire ship: +2
    assert s.me.combat == 4 + 2
    s.play("trade_hauler")  # not Star Empire
    s.play("orbital_platform")  # Star Empire, but a base
    assert s.me.combat == 6


def test_aging_battleship():
    s = Scene(hand=["aging_battleship"], in_play=["lancer"], deck=["scout", "viper", "scout"])
    s.play("aging_battleship").use("aging_battleship", "ally")
    assert s.me.combat == 5 and len(s.me.hand) == 1
    s.use("aging_battleship", "scrap")
    assert s.me.combat == 7 and len(s.me.hand) == 3


def test_heavy_cruiser():
    s = Scene(hand=["heavy_cruiser"], in_play=["lancer"], deck=["scout", "viper"])
    s.play("heavy_cruiser").use("heavy_cruiser", "ally")
    assert s.me.combat == 4 and s.names(s.me.hand) == ["scout", "viper"]


def test_supply_depot():
    s = Scene(bases=["supply_depot"], in_play=["lancer"], hand=["scout", "viper", "scout"],
              deck=["viper"])
    s.use("supply_depot", "primary")
    assert s.pending.purpose == "discard" and s.pending.optional
    s.pick("viper")
    assert s.pending.kind == "option"
    s.choose(0)  # 2 trade for the first
    s.pick("scout").choose(1)  # 2 combat for the second; then it stops at two
    assert s.pending is None
    assert (s.me.trade, s.me.combat, len(s.me.hand)) == (2, 2, 1)
    s.use("supply_depot", "ally")
    assert len(s.me.hand) == 2


def test_imperial_palace():
    s = Scene(bases=["imperial_palace"], in_play=["lancer"], deck=["scout"])
    s.use("imperial_palace", "primary").use("imperial_palace", "ally")
    assert s.names(s.me.hand) == ["scout"] and s.opp.pending_discard == 1 and s.me.combat == 4


def test_emperors_dreadnaught():
    s = Scene(hand=["emperors_dreadnaught"], deck=["scout"]).play("emperors_dreadnaught")
    assert s.me.combat == 8 and s.names(s.me.hand) == ["scout"]
    assert s.opp.pending_discard == 1
    # On acquire: after a Star Empire card this turn it may go straight to the hand.
    row = ["emperors_dreadnaught", "lancer", "stellar_reef", "predator", "swarmer"]
    s = Scene(hand=["lancer"], row=row, trade=8).play("lancer").buy("emperors_dreadnaught")
    assert s.pending.purpose == "may"
    s.choose(0)
    assert s.names(s.me.hand) == ["emperors_dreadnaught"] and s.me.discard == []
    s = Scene(hand=["predator"], row=row, trade=8).play("predator").buy("emperors_dreadnaught")
    assert s.pending is None and s.names(s.me.discard) == ["emperors_dreadnaught"]


# ---------------------------------------------------------------------------- Trade Federation


def test_solar_skiff():
    s = Scene(hand=["solar_skiff"], in_play=["trade_hauler"], deck=["viper"])
    s.play("solar_skiff").use("solar_skiff", "ally")
    assert s.me.trade == 2 and s.names(s.me.hand) == ["viper"]


def test_storage_silo():
    s = Scene(bases=["storage_silo"], in_play=["trade_hauler"])
    s.use("storage_silo", "primary").use("storage_silo", "ally")
    assert (s.authority(0), s.me.trade) == (52, 2)


def test_trade_hauler():
    s = Scene(hand=["trade_hauler"], in_play=["solar_skiff"])
    s.play("trade_hauler").use("trade_hauler", "ally")
    assert (s.me.trade, s.authority(0)) == (3, 53)


def test_patrol_cutter():
    s = Scene(hand=["patrol_cutter"], in_play=["solar_skiff"])
    s.play("patrol_cutter").use("patrol_cutter", "ally")
    assert (s.me.trade, s.me.combat, s.authority(0)) == (2, 3, 54)


def test_central_station():
    s = Scene(bases=["central_station", "stellar_reef", "storage_silo"], deck=["viper"])
    s.use("central_station", "primary")
    assert (s.me.trade, s.authority(0)) == (2, 54) and s.names(s.me.hand) == ["viper"]
    s = Scene(bases=["central_station", "stellar_reef"])
    s.use("central_station", "primary")
    assert (s.me.trade, s.authority(0)) == (2, 50)


def test_frontier_ferry():
    s = Scene(hand=["frontier_ferry"], opp_bases=["stellar_reef"]).play("frontier_ferry")
    assert (s.me.trade, s.authority(0)) == (3, 54)
    s.use("frontier_ferry", "scrap")
    assert s.names(s.opp.discard) == ["stellar_reef"]


def test_colony_seed_ship():
    s = Scene(hand=["colony_seed_ship"]).play("colony_seed_ship")
    assert (s.me.trade, s.me.combat, s.authority(0)) == (3, 3, 53)
    row = ["colony_seed_ship", "lancer", "stellar_reef", "predator", "swarmer"]
    s = Scene(hand=["solar_skiff"], row=row, trade=5).play("solar_skiff")
    s.buy("colony_seed_ship")
    assert s.pending.purpose == "may"
    s.choose(1)  # declined: stays in the discard pile
    assert s.names(s.me.discard) == ["colony_seed_ship"]


def test_federation_shipyard():
    s = Scene(bases=["federation_shipyard"], in_play=["solar_skiff"], trade=3,
              row=["predator", "stellar_reef", "lancer", "swarmer", "cargo_pod"])
    s.use("federation_shipyard", "primary").use("federation_shipyard", "ally")
    assert s.me.trade == 5
    s.buy("predator")
    assert s.names(s.me.deck[-1:]) == ["predator"] and s.me.known_top == 1
    s.buy("stellar_reef")
    assert s.names(s.me.discard) == ["stellar_reef"]


def test_peacekeeper():
    s = Scene(hand=["peacekeeper"], in_play=["solar_skiff"], deck=["viper"])
    s.play("peacekeeper").use("peacekeeper", "ally")
    assert (s.me.combat, s.authority(0)) == (6, 56) and s.names(s.me.hand) == ["viper"]


def test_loyal_colony():
    s = Scene(bases=["loyal_colony"]).use("loyal_colony", "primary")
    assert (s.me.trade, s.me.combat, s.authority(0)) == (3, 3, 53)


def test_factory_world():
    s = Scene(bases=["factory_world"], trade=2,
              row=["predator", "stellar_reef", "lancer", "swarmer", "cargo_pod"])
    s.use("factory_world", "primary")
    assert s.me.trade == 5
    s.buy("predator")
    assert s.names(s.me.hand) == ["predator"]
    s.buy("stellar_reef")
    assert s.names(s.me.discard) == ["stellar_reef"]


# ---------------------------------------------------------------------------- Blob


def test_swarmer():
    s = Scene(hand=["swarmer"], in_play=["predator"]).play("swarmer")
    assert s.me.combat == 3 and s.pending.optional and len(s.pending.candidates) == 5
    s.pick("cargo_craft").use("swarmer", "ally")
    assert s.me.combat == 5 and s.names(s.state.scrap) == ["cargo_craft"]


def test_predator():
    s = Scene(hand=["predator"], in_play=["swarmer"], deck=["viper"])
    s.play("predator").use("predator", "ally")
    assert s.me.combat == 4 and s.names(s.me.hand) == ["viper"]


def test_stellar_reef():
    s = Scene(bases=["stellar_reef"]).use("stellar_reef", "primary").use("stellar_reef", "scrap")
    assert (s.me.trade, s.me.combat) == (1, 3)


def test_cargo_pod():
    s = Scene(hand=["cargo_pod"], in_play=["predator"])
    s.play("cargo_pod").use("cargo_pod", "ally").use("cargo_pod", "scrap")
    assert (s.me.trade, s.me.combat) == (3, 6)


def test_ravager():
    s = Scene(hand=["ravager"]).play("ravager")
    assert s.me.combat == 6 and s.pending.optional
    s.pick("patrol_boat")
    assert s.pending is not None  # up to two
    s.pick("stinger")
    assert s.pending is None and s.names(s.state.scrap) == ["patrol_boat", "stinger"]
    assert s.names(s.state.trade_row).count("defense_system") == 2


def test_bioformer():
    s = Scene(bases=["bioformer"]).use("bioformer", "primary").use("bioformer", "scrap")
    assert (s.me.combat, s.me.trade) == (3, 3)


def test_parasite():
    s = Scene(hand=["parasite"], in_play=["predator"], deck=["viper"]).play("parasite").choose(0)
    assert s.me.combat == 6
    s.use("parasite", "ally")
    assert s.names(s.me.hand) == ["viper"]
    s = Scene(hand=["parasite"], row=["blob_alpha", "transit_nexus", "leviathan", "stinger",
                                      "predator"]).play("parasite").choose(1)
    assert sorted(s.names(s.pending.candidates)) == ["blob_alpha", "explorer", "predator",
                                                     "stinger"]
    s.pick("blob_alpha")
    assert s.names(s.me.discard) == ["blob_alpha"]


def test_plasma_vent():
    s = Scene(bases=["plasma_vent"], opp_bases=["bioformer"]).use("plasma_vent", "primary")
    assert s.me.combat == 4
    s.use("plasma_vent", "scrap")
    assert s.names(s.opp.discard) == ["bioformer"]
    row = ["plasma_vent", "lancer", "stellar_reef", "predator", "swarmer"]
    s = Scene(hand=["predator"], row=row, trade=6).play("predator").buy("plasma_vent").choose(0)
    assert s.names(s.me.hand) == ["plasma_vent"]


def test_moonwurm():
    s = Scene(hand=["moonwurm"], in_play=["predator"], deck=["viper"]).play("moonwurm")
    assert s.me.combat == 8 and s.names(s.me.hand) == ["viper"]
    s.use("moonwurm", "ally")  # cost ≤ 2: Stinger, Plasma Bot, Cargo Craft, Runner, Explorer
    assert len(s.pending.candidates) == 5
    s.pick("plasma_bot")
    assert s.names(s.me.hand) == ["viper", "plasma_bot"]


def test_leviathan():
    s = Scene(hand=["leviathan"], in_play=["predator"], deck=["viper"],
              opp_bases=["bioformer"]).play("leviathan")
    assert s.me.combat == 9 and s.names(s.me.hand) == ["viper"]
    assert s.pending.purpose == "destroy_base" and s.pending.optional
    s.stop()
    assert s.names(s.opp.bases) == ["bioformer"]
    s.use("leviathan", "ally")
    assert "patrol_boat" in s.names(s.pending.candidates)  # cost three or less
    s.pick("patrol_boat")
    assert s.names(s.me.hand) == ["viper", "patrol_boat"]


# ---------------------------------------------------------------------------- Machine Cult


def test_battle_bot():
    s = Scene(hand=["battle_bot", "scout"], in_play=["repair_bot"]).play("battle_bot")
    assert s.me.combat == 2 and s.pending.optional
    s.pick("scout").use("battle_bot", "ally")
    assert s.me.combat == 4 and s.names(s.state.scrap) == ["scout"]


def test_repair_bot():
    s = Scene(hand=["repair_bot"], discard=["viper"]).play("repair_bot")
    assert s.me.trade == 2 and s.pending.optional
    s.pick("viper").use("repair_bot", "scrap")
    assert s.me.combat == 2 and s.names(s.state.scrap) == ["viper", "repair_bot"]


def test_warning_beacon():
    s = Scene(bases=["warning_beacon"]).use("warning_beacon", "primary")
    assert s.me.combat == 2 and s.state.cards[s.id("warning_beacon")].defense == 2
    row = ["warning_beacon", "lancer", "stellar_reef", "predator", "swarmer"]
    s = Scene(hand=["battle_bot"], row=row, trade=2).play("battle_bot")
    s.buy("warning_beacon").choose(0)
    assert s.names(s.me.hand) == ["warning_beacon"]


def test_convoy_bot():
    s = Scene(hand=["convoy_bot"], in_play=["battle_bot"], discard=["scout"]).play("convoy_bot")
    s.pick("scout").use("convoy_bot", "ally")
    assert s.me.combat == 6 and s.names(s.state.scrap) == ["scout"]


def test_mining_mech():
    s = Scene(hand=["mining_mech"], in_play=["battle_bot"]).play("mining_mech")
    assert s.me.trade == 3 and s.pending is None  # nothing to scrap: no question
    s.use("mining_mech", "ally")
    assert s.me.combat == 3


def test_the_oracle():
    s = Scene(bases=["the_oracle"], in_play=["battle_bot"], hand=["scout", "viper"])
    s.use("the_oracle", "primary")
    assert not s.pending.optional
    s.pick("viper").use("the_oracle", "ally")
    assert s.me.combat == 3 and s.names(s.state.scrap) == ["viper"]


def test_mech_cruiser():
    s = Scene(hand=["mech_cruiser"], in_play=["battle_bot"],
              opp_bases=["stellar_reef", "warning_beacon"]).play("mech_cruiser")
    assert s.me.combat == 6
    s.use("mech_cruiser", "ally")  # the outpost shields the reef: only it can be targeted
    assert s.names(s.opp.discard) == ["warning_beacon"]


def test_stealth_tower():
    s = Scene(bases=["stealth_tower"], in_play=["predator"], opp_bases=["bioformer"])
    s.use("stealth_tower", "primary")  # the only other base: copied without asking
    st = s.state
    tower = s.id("stealth_tower")
    assert st.card(tower).id == "bioformer"
    assert set(st.factions(tower)) == {"machine_cult", "blob"}
    assert s.slots("stealth_tower") == ["primary", "scrap"]
    s.use("stealth_tower", "primary")
    assert s.me.combat == 3
    s.end_turn()
    assert st.card(tower).id == "stealth_tower"


def test_frontier_station():
    s = Scene(bases=["frontier_station"]).use("frontier_station", "primary").choose(1)
    assert (s.me.trade, s.me.combat) == (0, 3)


def test_the_wrecker():
    s = Scene(hand=["the_wrecker", "viper"], in_play=["battle_bot"], discard=["scout"],
              deck=["viper"]).play("the_wrecker")
    s.pick("scout").pick("viper")
    assert s.pending is None and len(s.state.scrap) == 2
    s.use("the_wrecker", "ally")
    assert s.me.combat == 6 and s.names(s.me.hand) == ["viper"]


def test_the_incinerator():
    s = Scene(bases=["the_incinerator"], in_play=["battle_bot"], hand=["scout"],
              discard=["viper"])
    s.use("the_incinerator", "primary").pick("scout").pick("viper")
    s.use("the_incinerator", "ally")
    assert s.me.combat == 4  # 2 × two cards scrapped from hand/discard this turn
