"""One test per distinct card of the United packs (rules/united.toml): Assault, Command
and Heroes.  Each plays (a base: uses; a hero: acquires, then scraps) the card in a
constructed position and checks the exact change; then the set against its sources'
counts.  The rules of two-faction cards are tested in tests/test_united_rules.py."""

import tomllib

from tests.scene import DB, Scene
from tests.test_rules_data import ROOT

ROW = ("trade_pod", "cutter", "blob_fighter", "battle_station", "survey_ship")


def _row_with(name: str) -> tuple[str, ...]:
    return (name, *ROW[1:])


# ---------------------------------------------------------------- Assault


def test_alliance_transport():
    s = Scene(hand=["alliance_transport"]).play("alliance_transport")
    assert s.me.trade == 2 and s.slots("alliance_transport") == []
    # a Star Empire card switches on the Star Empire line only
    s = Scene(hand=["alliance_transport"], in_play=["corvette"]).play("alliance_transport")
    assert s.slots("alliance_transport") == ["ally"]
    s.use("alliance_transport", "ally")
    assert s.opp.pending_discard == 1 and s.authority(0) == 50
    # a Trade Federation card the other one
    s = Scene(hand=["alliance_transport"], in_play=["cutter"]).play("alliance_transport")
    assert s.slots("alliance_transport") == ["second_ally"]
    s.use("alliance_transport", "second_ally")
    assert s.authority(0) == 54 and s.opp.pending_discard == 0


def test_blob_bot():
    s = Scene(hand=["blob_bot"], in_play=["blob_fighter", "trade_bot"],
              discard=["viper", "scout"]).play("blob_bot")
    assert s.me.combat == 5 and s.slots("blob_bot") == ["ally", "second_ally"]
    s.use("blob_bot", "ally")
    assert s.me.trade == 2
    s.use("blob_bot", "second_ally")
    assert s.pending.purpose == "scrap" and not s.pending.optional  # "Scrap a card": a must
    s.pick("viper")
    assert s.names(s.state.scrap) == ["viper"]


def test_coalition_messenger():
    # one line that either faction switches on: here a Machine Cult card
    s = Scene(hand=["coalition_messenger"], in_play=["trade_bot"],
              discard=["viper", "battle_station", "mothership"]).play("coalition_messenger")
    assert s.me.trade == 2 and s.slots("coalition_messenger") == ["ally"]
    s.use("coalition_messenger", "ally")
    d = s.pending
    # "a card of cost five or less": Mothership (7) is not offered
    assert d.purpose == "topdeck" and sorted(s.names(d.candidates)) == ["battle_station", "viper"]
    s.pick("battle_station")
    assert s.names(s.me.deck[-1:]) == ["battle_station"]
    s = Scene(hand=["coalition_messenger"], in_play=["cutter"]).play("coalition_messenger")
    assert s.slots("coalition_messenger") == ["ally"]  # a Trade Federation card too


def test_trade_star():
    s = Scene(hand=["trade_star"]).play("trade_star")
    assert s.me.trade == 2 and s.slots("trade_star") == ["scrap"]
    s.use("trade_star", "scrap")
    assert s.me.combat == 2 and s.names(s.state.scrap) == ["trade_star"]


def test_embassy_base():
    s = Scene(hand=["embassy_base"], deck=["viper", "scout", "explorer"]).play("embassy_base")
    card = s.state.cards[s.id("embassy_base")]
    assert (card.cost, card.defense, card.outpost) == (8, 6, False)
    s.use("embassy_base", "primary")
    assert s.names(s.me.hand) == ["viper", "scout"]
    assert s.pending.purpose == "discard" and not s.pending.optional
    s.pick("scout")
    assert s.names(s.me.hand) == ["viper"] and s.names(s.me.discard) == ["scout"]


def test_exchange_point():
    s = Scene(hand=["exchange_point", "viper"], in_play=["blob_fighter"], row=ROW)
    s.play("exchange_point").use("exchange_point", "primary")
    assert s.me.combat == 2 and s.slots("exchange_point") == ["ally"]
    s.use("exchange_point", "ally")
    d = s.pending
    # "Scrap a card in your hand, your discard pile, or the trade row"
    assert d.purpose == "scrap" and not d.optional
    assert "viper" in s.names(d.candidates) and "cutter" in s.names(d.candidates)
    s.pick("cutter")
    assert s.names(s.state.scrap) == ["cutter"]


def test_lookout_post():
    s = Scene(hand=["lookout_post"], deck=["viper"]).play("lookout_post")
    card = s.state.cards[s.id("lookout_post")]
    assert (card.cost, card.defense, card.outpost) == (7, 6, True)
    s.use("lookout_post", "primary")
    assert s.names(s.me.hand) == ["viper"]


def test_union_stronghold():
    s = Scene(hand=["union_stronghold"], in_play=["blob_fighter", "corvette"], row=ROW)
    s.play("union_stronghold").use("union_stronghold", "primary")
    assert s.me.combat == 3
    assert s.slots("union_stronghold") == ["ally", "second_ally"]
    s.use("union_stronghold", "ally")
    d = s.pending
    assert d.purpose == "scrap" and set(d.candidates) <= set(s.state.trade_row)
    s.pick("cutter")
    s.use("union_stronghold", "second_ally")
    assert s.opp.pending_discard == 1


# ---------------------------------------------------------------- Command


def test_alliance_frigate():
    s = Scene(hand=["alliance_frigate"], in_play=["corvette", "cutter"]).play("alliance_frigate")
    assert s.me.combat == 4
    s.use("alliance_frigate", "ally").use("alliance_frigate", "second_ally")
    assert s.me.combat == 4 + 3 and s.authority(0) == 55


def test_assault_pod():
    s = Scene(hand=["assault_pod"], in_play=["corvette"], deck=["viper"]).play("assault_pod")
    assert s.me.combat == 3 and s.slots("assault_pod") == ["ally"]
    s.use("assault_pod", "ally")
    assert s.names(s.me.hand) == ["viper"]


def test_coalition_freighter():
    s = Scene(hand=["coalition_freighter"], in_play=["cutter", "trade_bot"],
              discard=["viper", "scout"],
              row=ROW, trade=4).play("coalition_freighter")
    assert s.me.trade == 4 + 3
    s.use("coalition_freighter", "ally")
    s.buy("cutter")  # the next ship acquired goes on top of the deck, not asked
    assert s.pending is None and s.names(s.me.deck[-1:]) == ["cutter"]
    s.use("coalition_freighter", "second_ally")
    assert not s.pending.optional
    s.pick("viper")
    assert s.names(s.state.scrap) == ["viper"]


def test_unity_fighter():
    s = Scene(hand=["unity_fighter", "viper"], row=ROW).play("unity_fighter")
    assert s.me.combat == 3
    d = s.pending
    assert d.purpose == "scrap" and d.optional and set(d.candidates) <= set(s.state.trade_row)
    s.pick("cutter")
    s.use("unity_fighter", "scrap")
    assert s.pending.optional
    s.pick("viper")
    assert s.names(s.state.scrap) == ["cutter", "unity_fighter", "viper"]


def test_alliance_landing():
    s = Scene(hand=["alliance_landing"], in_play=["corvette"])
    s.play("alliance_landing").use("alliance_landing", "primary")
    card = s.state.cards[s.id("alliance_landing")]
    assert (card.cost, card.defense, card.outpost) == (5, 5, True)
    s.use("alliance_landing", "ally")
    assert (s.me.trade, s.me.combat) == (2, 2)


def test_coalition_fortress():
    s = Scene(hand=["coalition_fortress"], in_play=["trade_bot"])
    s.play("coalition_fortress").use("coalition_fortress", "primary")
    assert s.me.trade == 2
    s.use("coalition_fortress", "ally")
    assert s.pending.purpose == "choose"
    s.choose(1)
    assert s.authority(0) == 53 and s.me.combat == 0


def test_union_cluster():
    s = Scene(hand=["union_cluster"], in_play=["blob_fighter"], deck=["viper"])
    s.play("union_cluster").use("union_cluster", "primary").use("union_cluster", "ally")
    card = s.state.cards[s.id("union_cluster")]
    assert (card.cost, card.defense, card.outpost) == (8, 8, False)
    assert s.me.combat == 4 and s.names(s.me.hand) == ["viper"]


def test_unity_station():
    s = Scene(hand=["unity_station", "viper", "scout"], in_play=["trade_bot"], row=ROW)
    s.play("unity_station").use("unity_station", "primary")
    assert not s.pending.optional  # "Scrap a card in your hand or discard pile"
    s.pick("viper")
    assert s.pending.optional  # "You may scrap a card in the trade row"
    s.stop()
    s.use("unity_station", "ally")
    assert s.me.combat == 4 and s.names(s.state.scrap) == ["viper"]


# ---------------------------------------------------------------- Heroes


def _bought(hero: str, **kw) -> Scene:
    """A scene where the hero has just been bought from the trade row."""
    cost = DB[hero].cost
    s = Scene(row=_row_with(hero), trade=cost + kw.pop("extra_trade", 0), **kw)
    return s.buy(hero)


def test_ceo_shaner():
    s = _bought("ceo_shaner", in_play=["cutter"], extra_trade=0)
    assert s.names(s.me.heroes) == ["ceo_shaner"]
    assert s.me.allies_of == ["trade_federation"]
    assert (s.id("cutter"), "ally") in s.state.latched  # its ally: usable from now on
    assert s.pending.purpose == "may"
    s.choose(0)  # yes: a card of cost 3 or less, free, to the top of the deck
    assert s.pending.purpose == "acquire"
    assert all(s.state.cards[c].cost <= 3 for c in s.pending.candidates)
    s.pick("blob_fighter")
    assert s.names(s.me.deck[-1:]) == ["blob_fighter"]
    s = Scene(heroes=["ceo_shaner"], deck=["viper"]).use("ceo_shaner", "scrap")
    assert s.names(s.me.hand) == ["viper"] and s.me.allies_of == ["trade_federation"]


def test_chairman_haygan():
    s = _bought("chairman_haygan")
    assert s.authority(0) == 54 and s.me.allies_of == ["trade_federation"]
    s.use("chairman_haygan", "scrap")
    assert s.authority(0) == 58 and s.names(s.state.scrap) == ["chairman_haygan"]


def test_chancellor_hartman():
    s = _bought("chancellor_hartman", discard=["viper", "scout"])
    assert s.me.allies_of == ["machine_cult"] and s.pending.optional
    s.pick("viper")
    s.use("chancellor_hartman", "scrap")
    assert s.pending.purpose == "scrap" and s.pending.optional
    s.stop()
    assert s.names(s.state.scrap) == ["viper", "chancellor_hartman"]


def test_commander_klik():
    s = _bought("commander_klik", hand=["viper"], deck=["scout", "explorer"])
    assert s.me.allies_of == ["star_empire"]
    assert s.pending.purpose == "discard" and s.pending.optional
    s.pick("viper")  # if you do, draw a card
    assert s.names(s.me.hand) == ["scout"] and s.names(s.me.discard)[-1] == "viper"
    s.use("commander_klik", "scrap")
    s.stop()  # declined: no card drawn
    assert s.names(s.me.hand) == ["scout"]


def test_commodore_zhang():
    s = _bought("commodore_zhang")
    assert s.me.combat == 4 and s.opp.pending_discard == 1
    assert s.me.allies_of == ["star_empire"]
    s = Scene(heroes=["commodore_zhang"], deck=["viper"]).use("commodore_zhang", "scrap")
    assert s.names(s.me.hand) == ["viper"] and s.me.combat == 0


def test_confessor_morris():
    s = _bought("confessor_morris", hand=["viper"], discard=["scout"])
    d = s.pending
    assert d.purpose == "scrap" and d.optional and sorted(s.names(d.candidates)) == [
        "scout", "viper"]
    s.pick("viper").pick("scout")  # up to two
    assert sorted(s.names(s.state.scrap)) == ["scout", "viper"]
    s = Scene(heroes=["confessor_morris"], deck=["explorer"]).use("confessor_morris", "scrap")
    assert s.names(s.me.hand) == ["explorer"] and s.me.allies_of == ["machine_cult"]


def test_hive_lord():
    s = _bought("hive_lord")
    assert s.me.combat == 5 and s.me.allies_of == ["blob"]
    d = s.pending  # any number of the cards in the row now (the refill included)
    assert d.purpose == "scrap" and d.optional and len(d.candidates) == 5
    s.pick("cutter").pick("survey_ship").stop()
    assert s.names(s.state.scrap) == ["cutter", "survey_ship"]
    s = Scene(heroes=["hive_lord"], deck=["viper"]).use("hive_lord", "scrap")
    assert s.names(s.me.hand) == ["viper"]


def test_screecher():
    s = _bought("screecher", in_play=["blob_fighter"], deck=["viper"])
    assert s.me.combat == 2 and (s.id("blob_fighter"), "ally") in s.state.latched
    assert s.pending.purpose == "scrap" and s.pending.optional
    s.stop()
    s.use("screecher", "scrap")
    assert s.me.combat == 2 + 2
    s.stop()
    assert s.names(s.state.scrap) == ["screecher"]


# ---------------------------------------------------------------- the set


def test_the_united_set_has_the_packs_printed_counts():
    uset = DB.sets["united"]
    cards = DB.set_cards("united")
    assert sum(c.copies for c in cards) == 36 and len(cards) == 24
    assert (uset.explorers, uset.scouts, uset.vipers) == (0, 0, 0)
    ships_bases = [c for c in cards if not c.is_hero]
    # Assault and Command: four ships x2 and four bases x1 each, every one two-faction
    assert sum(c.copies for c in ships_bases) == 24
    assert all(len(c.factions) == 2 for c in ships_bases)
    assert sorted(c.copies for c in ships_bases if c.is_ship) == [2] * 8
    assert sorted(c.copies for c in ships_bases if c.is_base) == [1] * 8
    heroes = [c for c in cards if c.is_hero]
    assert {(c.id, c.cost, c.copies) for c in heroes} == {
        ("ceo_shaner", 5, 1), ("chairman_haygan", 3, 2), ("chancellor_hartman", 4, 2),
        ("commander_klik", 4, 2), ("commodore_zhang", 5, 1), ("confessor_morris", 5, 1),
        ("hive_lord", 5, 1), ("screecher", 3, 2)}
    for hero in heroes:  # both halves unlock the hero's faction's allies
        assert set(hero.abilities) == {"on_acquire", "scrap"}
        for slot in ("on_acquire", "scrap"):
            assert ("allies_of", hero.factions[0]) in hero.ability(slot)
    # the two printed shapes: one line either faction switches on, or one per faction
    pinned = {c.id for c in cards if c.second_ally_faction}
    assert pinned == {"alliance_transport", "blob_bot", "union_stronghold", "alliance_frigate",
                      "coalition_freighter"}
    for cid in pinned:
        card = DB[cid]
        assert {card.ally_factions[0], card.second_ally_faction} == set(card.factions)


def test_every_united_card_names_its_sources():
    doc = tomllib.loads((ROOT / "rules" / "united.toml").read_text(encoding="utf-8"))
    for raw in doc["card"]:
        assert raw["source"].startswith("DCW") and "SR" in raw["source"], raw["id"]
        assert "TTS" in raw["source"] and raw["ru_source"] == "ours", raw["id"]
