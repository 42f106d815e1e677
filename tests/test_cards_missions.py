"""One test per mission card of United: Missions (rules/united_missions.toml).  Each
builds a Core Set game with missions on, hands seat 0 the mission, arranges a position
where its objective does not hold (no claim is legal), then plays on until it holds,
claims it through the legal actions, answers what its reward asks and checks the exact
result; then the set and its printed text.  The rules of missions (dealing, secrecy,
timing, winning, saves, bots) are tested in tests/test_missions_rules.py."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence

from game.star_realms import card_text
from game.star_realms.engine.allies import update_latches
from game.star_realms.engine.events import MissionDone
from game.star_realms.engine.rules import apply, legal_actions
from game.star_realms.engine.setup import new_game
from game.star_realms.engine.state import EMPTY, HIDDEN, Action, GameConfig, SeatConfig, State
from game.star_realms.engine.view import player_view
from tests.scene import DB
from tests.test_rules_data import ROOT

MISSIONS = (("missions", True),)
ROW = ("mothership", "cutter", "war_world", "freighter", "battle_station")  # costs 7 2 5 4 3


# ---------------------------------------------------------------- building positions


def missions_game(seed: int = 1, fmt: str = "duel", seats: int = 2,
                  sets: tuple[str, ...] = ("core",), first: int | None = 0) -> State:
    """A new game with United: Missions on."""
    return new_game(DB, GameConfig(
        sets=sets, seats=tuple(SeatConfig(f"P{i + 1}") for i in range(seats)), format=fmt,
        seed=seed, first=first, options=MISSIONS))


def mission_iid(state: State, cid: str) -> int:
    (iid,) = [i for i, c in enumerate(state.cards) if c.id == cid]
    return iid


def give(state: State, seat: int, cid: str, slot: int = 0) -> int:
    """Deal mission ``cid`` to ``seat`` in place of its mission number ``slot``: the two
    swap places (with another seat's missions or the box), so each mission stays in one
    place.  Returns its instance."""
    m = mission_iid(state, cid)
    s = state.seats[seat]
    if s.missions[slot] != m:
        holder = next((x.missions for x in state.seats if m in x.missions),
                      state.mission_box)
        holder[holder.index(m)] = s.missions[slot]
        s.missions[slot] = m
        state.mission_box.sort()
    return m


def arrange(state: State, seat: int = 0, *, hand: Sequence[str] = (),
            bases: Sequence[str] = (), deck: Sequence[str] = (),
            row: Sequence[str] | None = ROW, opp_bases: Sequence[str] = (),
            opp: int = 1) -> State:
    """Give ``seat`` exactly this hand, these bases and this deck (first listed = top;
    the seat's other starting cards go to its discard pile), ``opp`` these bases and
    the trade row these cards (None: the row as it is).  Named cards come from the
    seat's own cards first (Scouts, Vipers), then from the trade deck; the row's old
    cards go back into the trade deck."""
    s = state.seats[seat]
    pool = s.hand + s.deck + s.discard
    s.hand, s.deck, s.discard = [], [], []

    def take(name: str) -> int:
        for zone in (pool, state.trade_deck):
            for i, iid in enumerate(zone):
                if state.cards[iid].id == name:
                    return zone.pop(i)
        raise LookupError(f"no {name} left to take")

    if row is not None:
        state.trade_deck.extend(c for c in state.trade_row if c != EMPTY)
        state.trade_row = [take(n) for n in row]
    s.hand = [take(n) for n in hand]
    s.bases = [take(n) for n in bases]
    s.deck = [take(n) for n in deck][::-1]
    state.seats[opp].bases += [take(n) for n in opp_bases]
    s.discard = pool
    update_latches(state, seat)
    return state


def names(state: State, zone: Sequence[int]) -> list[str]:
    return [state.cards[i].id for i in zone]


def in_zone(state: State, name: str, zone: Sequence[int]) -> int:
    return next(i for i in zone if state.cards[i].id == name)


def act(state: State, action: Action) -> State:
    """Apply ``action``, which must be one of the legal actions."""
    assert action in legal_actions(state), action
    return apply(state, action)


def play(state: State, name: str, seat: int = 0) -> State:
    return act(state, Action("play", seat, card=in_zone(state, name, state.seats[seat].hand)))


def use(state: State, name: str, slot: str, seat: int = 0) -> State:
    s = state.seats[seat]
    return act(state, Action("use", seat, card=in_zone(state, name, s.in_play + s.bases),
                             slot=slot))


def pick(state: State, iid: int) -> State:
    return act(state, Action("pick", state.pending.seat, card=iid))


def stop(state: State) -> State:
    return act(state, Action("stop", state.pending.seat))


def claims(state: State, seat: int = 0) -> list[int]:
    """The missions ``seat`` may reveal now (its claim actions)."""
    return [a.card for a in legal_actions(state) if a.kind == "claim" and a.seat == seat]


def claim(state: State, m: int, seat: int = 0) -> State:
    act(state, Action("claim", seat, card=m))
    assert MissionDone(seat, m) in state.events
    s = state.seats[seat]
    assert m in s.missions_done and m not in s.missions and m not in claims(state, seat)
    return state


# ---------------------------------------------------------------- the missions


def test_mission_ally():
    """Ally — Objective: "Use ally abilities from two different factions in the same
    turn."  Reward: "Acquire a ship or base of cost four or less for free and put it on
    top of your deck." """
    st = arrange(missions_game(), hand=["blob_fighter", "trade_pod", "missile_bot",
                                        "supply_bot"], deck=["scout", "viper"])
    m = give(st, 0, "mission_ally")
    play(st, "blob_fighter")
    play(st, "trade_pod")
    use(st, "blob_fighter", "ally")  # a Blob ally ability (draws the Scout)
    use(st, "trade_pod", "ally")  # another Blob one: still one faction
    assert m not in claims(st)
    play(st, "missile_bot")
    stop(st)  # (its "you may scrap a card": no)
    play(st, "supply_bot")
    stop(st)
    assert m not in claims(st)  # Machine Cult allies latched but not used yet
    use(st, "missile_bot", "ally")
    assert m in claims(st)
    deck_before = len(st.seats[0].deck)
    claim(st, m)
    d = st.pending
    assert d.purpose == "acquire" and not d.optional
    # cost 4 or less, a ship or a base: Cutter 2, Freighter 4, Battle Station 3, Explorer 2
    assert sorted(names(st, d.candidates)) == ["battle_station", "cutter", "explorer",
                                               "freighter"]
    freighter = in_zone(st, "freighter", st.trade_row)
    pick(st, freighter)
    assert st.seats[0].deck[-1] == freighter and len(st.seats[0].deck) == deck_before + 1
    assert freighter not in st.trade_row and st.seats[0].trade == 3 + 2  # paid nothing
    assert st.pending is None


def test_mission_ally_with_a_two_faction_line_and_a_hero():
    """Ally with United cards: "Blob or Star Empire Ally" counts as Star Empire beside a
    Blob line (a card of two factions counts as either one, each card once); the reward,
    written like every "acquire a card", takes a hero too, which goes into play
    (docs/rules-data.md, Missions)."""
    st = arrange(missions_game(sets=("core", "united")), hand=["blob_fighter", "assault_pod"],
                 deck=["scout", "viper", "scout"],
                 row=("chairman_haygan", "cutter", "war_world", "freighter", "mothership"))
    m = give(st, 0, "mission_ally")
    play(st, "blob_fighter")
    play(st, "assault_pod")
    use(st, "blob_fighter", "ally")  # Blob
    assert m not in claims(st)
    use(st, "assault_pod", "ally")  # Blob or Star Empire: stands for Star Empire
    assert st.seats[0].tally.ally_lines == [("blob",), ("blob", "star_empire")]
    assert m in claims(st)
    deck = list(st.seats[0].deck)
    claim(st, m)
    assert sorted(names(st, st.pending.candidates)) == [
        "chairman_haygan", "cutter", "explorer", "freighter"]
    haygan = in_zone(st, "chairman_haygan", st.trade_row)
    pick(st, haygan)
    assert st.seats[0].heroes == [haygan] and st.seats[0].deck == deck  # into play
    assert st.authority(0) == 50 + 4 and st.seats[0].allies_of == ["trade_federation"]


def test_mission_armada():
    """Armada — Objective: "Play seven or more ships in the same turn."  Reward: "Draw a
    card.  Acquire an Explorer for free and put it into your hand." """
    st = arrange(missions_game(), hand=["scout"] * 5 + ["viper"] * 2, deck=["cutter", "scout"])
    m = give(st, 0, "mission_armada")
    for _ in range(6):
        play(st, st.cards[st.seats[0].hand[0]].id)
    assert len(st.seats[0].tally.ships) == 6 and m not in claims(st)
    play(st, "viper")
    assert m in claims(st)
    explorer = st.explorers[-1]
    n_explorers = len(st.explorers)
    claim(st, m)
    assert names(st, st.seats[0].hand) == ["cutter", "explorer"]
    assert st.seats[0].hand[1] == explorer and len(st.explorers) == n_explorers - 1
    assert st.seats[0].trade == 5 and st.pending is None  # (5 Scouts; the Explorer was free)


def test_mission_colonize():
    """Colonize — Objective: "Have two or more bases of the same faction in play."
    Reward: "Draw two cards." """
    st = arrange(missions_game(), hand=["trading_post", "the_hive"], bases=["blob_wheel"],
                 deck=["cutter", "freighter", "scout"])
    m = give(st, 0, "mission_colonize")
    assert m not in claims(st)
    play(st, "trading_post")  # two bases, of two factions
    assert m not in claims(st)
    play(st, "the_hive")  # two Blob bases
    assert m in claims(st)
    claim(st, m)
    assert names(st, st.seats[0].hand) == ["cutter", "freighter"]
    assert names(st, st.seats[0].deck) == ["scout"] and st.pending is None


def test_mission_convert():
    """Convert — Objective: "Play a Machine Cult ship while you have a Machine Cult base
    in play."  Reward: "Reveal the top three cards of your deck; put one in your hand, one
    in your discard pile, and one on top of your deck." """
    st = arrange(missions_game(), hand=["missile_mech", "junkyard", "missile_bot", "cutter"],
                 deck=["trade_pod", "freighter", "blob_wheel", "barter_world"])
    m = give(st, 0, "mission_convert")
    play(st, "missile_mech")  # a Machine Cult ship, no Machine Cult base yet
    assert m not in claims(st)
    play(st, "junkyard")  # the base comes after the ship: still not met
    assert m not in claims(st)
    play(st, "cutter")  # a ship beside the base, but a Trade Federation one
    assert m not in claims(st)
    play(st, "missile_bot")
    stop(st)  # (its "you may scrap a card": no)
    assert m in claims(st)
    claim(st, m)
    s = st.seats[0]
    shown = [in_zone(st, n, s.hand) for n in ("trade_pod", "freighter", "blob_wheel")]
    d = st.pending
    assert d.purpose == "split" and d.effect[1]["stage"] == "discard" and not d.optional
    assert sorted(d.candidates) == sorted(shown)
    pick(st, shown[1])  # Freighter to the discard pile
    d = st.pending
    assert d.purpose == "split" and d.effect[1]["stage"] == "top"
    assert sorted(d.candidates) == sorted([shown[0], shown[2]])
    pick(st, shown[2])  # Blob Wheel back on top
    assert st.pending is None
    assert names(st, s.hand) == ["trade_pod"]
    assert s.discard[-1] == shown[1]
    assert names(st, s.deck) == ["barter_world", "blob_wheel"] and s.known_top == 1
    # everyone saw it go back: the opponent's view shows the top card
    assert player_view(st, 1).seats[0].deck == [HIDDEN, shown[2]]


def test_mission_defend():
    """Defend — Objective: "Have two or more outposts in play."  Reward: "Draw a card.
    Return target base to its controller's hand." """
    st = arrange(missions_game(), hand=["barter_world", "trading_post"],
                 bases=["battle_station"], deck=["cutter", "scout"],
                 opp_bases=["the_hive", "blob_wheel"])
    m = give(st, 0, "mission_defend")
    play(st, "barter_world")  # two bases, one of them an outpost
    assert m not in claims(st)
    play(st, "trading_post")  # a second outpost
    assert m in claims(st)
    claim(st, m)
    assert names(st, st.seats[0].hand) == ["cutter"]
    d = st.pending
    assert d.purpose == "return_base"
    hive = in_zone(st, "the_hive", st.seats[1].bases)
    assert sorted(names(st, d.candidates)) == ["blob_wheel", "the_hive"]
    hand_before = list(st.seats[1].hand)
    pick(st, hive)
    assert st.seats[1].hand == hand_before + [hive]
    assert names(st, st.seats[1].bases) == ["blob_wheel"] and st.pending is None
    assert len(st.seats[0].bases) == 3  # the claimer's own bases stay


def test_mission_diversify():
    """Diversify — Objective: "In a single turn, gain 4 Trade and 5 Combat and 3
    Authority."  Reward: "Gain 4 Trade OR 5 Combat OR 6 Authority." """
    for choice, gained in ((0, (4, 0, 0)), (1, (0, 5, 0)), (2, (0, 0, 6))):
        st = arrange(missions_game(), hand=["cutter", "cutter", "blob_fighter"],
                     deck=["scout"])
        m = give(st, 0, "mission_diversify")
        play(st, "cutter")
        play(st, "cutter")  # 4 Trade, 8 Authority
        act(st, Action("buy", 0, card=st.explorers[-1]))  # spent: gained all the same
        use(st, "cutter", "ally")  # 4 Combat: one short
        assert m not in claims(st)
        assert (st.seats[0].tally.trade, st.seats[0].tally.combat) == (4, 4)
        play(st, "blob_fighter")  # 7 Combat
        assert m in claims(st)
        before = (st.seats[0].trade, st.seats[0].combat, st.authority(0))
        assert before == (2, 7, 58)
        claim(st, m)
        d = st.pending
        assert d.purpose == "choose" and sorted(d.candidates) == [0, 1, 2]
        act(st, Action("choose", 0, index=choice))
        after = (st.seats[0].trade, st.seats[0].combat, st.authority(0))
        assert tuple(a - b for a, b in zip(after, before, strict=True)) == gained, choice
        assert st.pending is None


def test_mission_dominate():
    """Dominate — Objective: "Play a Star Empire ship while you have a Star Empire base in
    play."  Reward: "Gain 3 Combat.  Draw a card." """
    st = arrange(missions_game(), hand=["cutter", "corvette"], bases=["space_station"],
                 deck=["trade_pod", "blob_wheel", "scout"])
    m = give(st, 0, "mission_dominate")
    play(st, "cutter")  # a ship beside the base, but not a Star Empire one
    assert m not in claims(st)
    play(st, "corvette")  # 1 Combat, draws Trade Pod
    assert m in claims(st)
    claim(st, m)
    assert st.seats[0].combat == 1 + 3
    assert names(st, st.seats[0].hand) == ["trade_pod", "blob_wheel"] and st.pending is None


def test_mission_exterminate():
    """Exterminate — Objective: "Play a Blob ship while you have a Blob base in play."
    Reward: "Gain 3 Combat.  Scrap any number of cards currently in the trade row." """
    st = arrange(missions_game(), hand=["blob_fighter", "the_hive", "trade_pod"],
                 bases=["barter_world"])
    m = give(st, 0, "mission_exterminate")
    play(st, "blob_fighter")  # a Blob ship, no Blob base
    assert m not in claims(st)
    play(st, "the_hive")
    assert m not in claims(st)
    play(st, "trade_pod")  # a Blob ship beside a Blob base
    assert m in claims(st)
    row = list(st.trade_row)
    refill = st.trade_deck[-1]
    claim(st, m)
    assert st.seats[0].combat == 3 + 3
    d = st.pending
    assert d.purpose == "scrap" and d.optional and sorted(d.candidates) == sorted(row)
    cutter, mothership = (in_zone(st, n, st.trade_row) for n in ("cutter", "mothership"))
    pick(st, cutter)
    assert refill in st.trade_row  # the slot refilled, but the new card was not there
    assert refill not in st.pending.candidates  # "currently in the trade row"
    pick(st, mothership)
    stop(st)
    assert st.scrap == [cutter, mothership] and st.pending is None
    assert cutter not in st.trade_row and EMPTY not in st.trade_row


def test_mission_influence():
    """Influence — Objective: "Have at least three ships and/or bases of the same faction
    in play."  Reward: "Acquire two Explorers for free and put them both into your
    hand." """
    st = arrange(missions_game(), hand=["cutter", "blob_fighter", "core_federation_shuttle"],
                 bases=["trading_post"])
    m = give(st, 0, "mission_influence")
    play(st, "cutter")
    play(st, "blob_fighter")  # two Trade Federation cards and a Blob one
    assert m not in claims(st)
    play(st, "core_federation_shuttle")  # a base and two ships of the Trade Federation
    assert m in claims(st)
    top_two = st.explorers[-2:]
    n_explorers = len(st.explorers)
    claim(st, m)
    assert st.seats[0].hand == top_two[::-1] and names(st, top_two) == ["explorer"] * 2
    assert len(st.explorers) == n_explorers - 2 and st.pending is None
    assert st.seats[0].trade == 2 + 2  # free


def test_mission_monopolize():
    """Monopolize — Objective: "Play a Trade Federation ship while you have a Trade
    Federation base in play."  Reward: "Gain 10 Authority." (icesphere and the French
    project; darkClaw's list has 5.)"""
    st = arrange(missions_game(), hand=["blob_fighter", "cutter"], bases=["barter_world"])
    m = give(st, 0, "mission_monopolize")
    play(st, "blob_fighter")
    assert m not in claims(st)
    play(st, "cutter")  # 4 Authority
    assert m in claims(st)
    claim(st, m)
    assert st.authority(0) == 50 + 4 + 10 and st.pending is None


def test_mission_rule():
    """Rule — Objective: "Have bases from two or more factions in play."  Reward: "Acquire
    a card of cost three or less for free and put it into your hand." """
    st = arrange(missions_game(), hand=["the_hive", "trading_post"], bases=["blob_wheel"])
    m = give(st, 0, "mission_rule")
    play(st, "the_hive")  # two bases, both Blob
    assert m not in claims(st)
    play(st, "trading_post")
    assert m in claims(st)
    claim(st, m)
    d = st.pending
    assert d.purpose == "acquire" and not d.optional
    assert sorted(names(st, d.candidates)) == ["battle_station", "cutter", "explorer"]
    station = in_zone(st, "battle_station", st.trade_row)
    pick(st, station)
    assert st.seats[0].hand == [station] and station not in st.trade_row
    assert st.seats[0].trade == 0 and st.pending is None


def test_mission_unite():
    """Unite — Objective: "Play three ships from different factions in the same turn."
    Reward: "Gain 5 Authority.  Draw a card." """
    st = arrange(missions_game(), hand=["blob_fighter", "trade_pod", "corvette", "cutter"],
                 deck=["viper", "scout", "freighter"])
    m = give(st, 0, "mission_unite")
    play(st, "blob_fighter")
    play(st, "trade_pod")  # two ships, one faction
    assert m not in claims(st)
    play(st, "corvette")  # two factions (draws the Viper)
    assert m not in claims(st)
    play(st, "cutter")  # 4 Authority; a third faction
    assert m in claims(st)
    claim(st, m)
    assert st.authority(0) == 50 + 4 + 5
    assert names(st, st.seats[0].hand) == ["viper", "scout"] and st.pending is None


# ---------------------------------------------------------------- the set


MISSION_IDS = ["mission_ally", "mission_armada", "mission_colonize", "mission_convert",
               "mission_defend", "mission_diversify", "mission_dominate",
               "mission_exterminate", "mission_influence", "mission_monopolize",
               "mission_rule", "mission_unite"]


def test_the_set_has_twelve_missions_each_with_a_source_and_an_objective():
    cset = DB.sets["united_missions"]
    assert list(cset.cards) == MISSION_IDS and not cset.listed
    assert (cset.explorers, cset.scouts, cset.vipers) == (0, 0, 0)
    assert [c.id for c in DB.missions()] == MISSION_IDS
    for c in DB.missions():
        assert (c.type, c.role, c.factions, c.cost, c.copies) == (
            "mission", "mission", (), 0, 1), c.id
        assert c.objective is not None and set(c.abilities) == {"reward"}, c.id
    doc = tomllib.loads((ROOT / "rules" / "united_missions.toml").read_text(encoding="utf-8"))
    assert len(doc["card"]) == 12
    for raw in doc["card"]:
        assert raw["source"].strip() and "SR" in raw["source"], raw["id"]
        assert raw["objective"] and raw["reward"] and raw["ru_source"] == "ours", raw["id"]
    assert DB["mission_monopolize"].ability("reward") == (("authority", 10),)
    assert DB["mission_diversify"].objective == (
        "gained", {"trade": 4, "combat": 5, "authority": 3})


def test_every_mission_reads_an_objective_and_a_reward_in_both_languages():
    for c in DB.missions():
        for lang in ("en", "ru"):
            lines = card_text.card_lines(c, lang)
            assert [slot for slot, _ in lines] == ["objective", "reward"], (c.id, lang)
            for slot, text in lines:
                assert text.strip() and "mission." not in text and "{" not in text, (
                    c.id, lang, slot, text)
            if lang == "ru":
                assert all(any("а" <= ch <= "я" for ch in text.lower()) for _, text in lines)
    assert card_text.card_lines(DB["mission_unite"], "en") == [
        ("objective", "Play 3 ships from different factions in the same turn."),
        ("reward", "+5 Authority. Draw a card.")]
    assert card_text.card_lines(DB["mission_monopolize"], "ru") == [
        ("objective", "Разыграйте корабль фракции «Торговая федерация», когда у вас в "
                      "игре есть база этой фракции."),
        ("reward", "+10 очков влияния.")]
    assert dict(card_text.card_lines(DB["mission_diversify"], "en"))["objective"] == (
        "In a single turn, gain 4 Trade and 5 Combat and 3 Authority.")
