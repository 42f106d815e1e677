"""One test per card of the Gambit set (rules/gambits.toml): each gambit is handed to
seat 0 face down in a Core Set game with gambits on, revealed through its legal
"gambit" action in seat 0's main phase, its question (if any) answered, and the exact
result checked; Merc Cruiser is played from the hand and given a faction.  Then the set
and its printed text.  The rules of gambits (dealing, secrecy, timing, saves, bots) are
tested in tests/test_gambits_rules.py."""

from __future__ import annotations

import pytest

from game.star_realms import card_text
from game.star_realms.engine import gambits
from game.star_realms.engine.cards import CLASSIC_FACTIONS
from game.star_realms.engine.events import Attack, Destroy, GambitRevealed
from game.star_realms.engine.rules import IllegalAction, apply, is_legal, legal_actions
from game.star_realms.engine.setup import new_game
from game.star_realms.engine.state import EMPTY, HIDDEN, Action, GameConfig, SeatConfig, State
from game.star_realms.engine.view import player_view
from tests.scene import DB
from tests.test_cards_missions import act, arrange, in_zone, names, pick, play, use

GAMBITS = (("gambits", True),)
GAMBIT_IDS = ["gambit_bold_raid", "gambit_energy_shield", "gambit_frontier_fleet",
              "gambit_political_maneuver", "gambit_rise_to_power",
              "gambit_salvage_operation", "gambit_smuggling_run", "gambit_surprise_assault",
              "gambit_unlikely_alliance", "gambit_wild_gambit"]
COPIES = {"gambit_energy_shield": 2, "gambit_frontier_fleet": 2, "gambit_rise_to_power": 2}


# ---------------------------------------------------------------- building positions


def gambits_game(seed: int = 1, fmt: str = "duel", seats: int = 2,
                 sets: tuple[str, ...] = ("core",), first: int | None = 0,
                 options: tuple = ()) -> State:
    """A new game with the Gambit set on (and ``options`` besides)."""
    return new_game(DB, GameConfig(
        sets=sets, seats=tuple(SeatConfig(f"P{i + 1}") for i in range(seats)), format=fmt,
        seed=seed, first=first, options=GAMBITS + tuple(options)))


def gambit_iids(state: State, cid: str | None = None) -> list[int]:
    """Every gambit instance of the game (of card ``cid`` only, when given)."""
    return [i for i, c in enumerate(state.cards)
            if c.is_gambit and (cid is None or c.id == cid)]


def give(state: State, seat: int, cid: str, slot: int = 0) -> int:
    """Deal a copy of gambit ``cid`` face down to ``seat`` in place of its gambit number
    ``slot``: the two swap places (with another seat's face-down gambits or the box,
    the box keeping its order otherwise), so each gambit stays in one place.  Returns
    its instance."""
    s = state.seats[seat]
    if state.cards[s.gambits[slot]].id == cid:
        return s.gambits[slot]
    g = next(i for i in gambit_iids(state, cid) if i not in s.gambits)
    holder = next((x.gambits for x in state.seats if g in x.gambits), state.gambit_box)
    holder[holder.index(g)] = s.gambits[slot]
    s.gambits[slot] = g
    return g


def reveals(state: State, seat: int = 0) -> list[int]:
    """The face-down gambits ``seat`` may reveal now (its gambit actions)."""
    return [a.card for a in legal_actions(state) if a.kind == "gambit" and a.seat == seat]


def reveal(state: State, g: int, seat: int = 0) -> State:
    """Reveal ``seat``'s face-down gambit ``g`` through its legal action."""
    assert g in reveals(state, seat)
    act(state, Action("gambit", seat, card=g))
    assert GambitRevealed(seat, g) in state.events
    s = state.seats[seat]
    assert g not in s.gambits and g not in reveals(state, seat)
    assert (g in s.gambits_used) != (g in s.gambits_up)  # one-shot or ongoing
    return state


def attack(state: State, seat: int, target: int, amount: int) -> State:
    """``seat`` attacks player ``target`` with ``amount`` Combat (legal_actions lists an
    attack once, at its largest amount; any smaller one is legal too)."""
    action = Action("attack_player", seat, target=target, amount=amount)
    assert is_legal(state, action), action
    return apply(state, action)


def end_turn(state: State) -> State:
    return act(state, Action("end_turn", state.active))


def one_shot(state: State, g: int, seat: int = 0) -> None:
    """A used one-shot: face up among its owner's used gambits, nowhere else."""
    s = state.seats[seat]
    assert s.gambits_used == [g] and s.gambits_up == [] and g not in state.scrap


# ---------------------------------------------------------------- the gambits


def test_gambit_bold_raid():
    """Bold Raid: "Destroy target base.  Draw a card." """
    st = arrange(gambits_game(), hand=["scout"], deck=["cutter", "viper"],
                 opp_bases=["the_hive", "blob_wheel"])
    g = give(st, 0, "gambit_bold_raid")
    hive, wheel = (in_zone(st, n, st.seats[1].bases) for n in ("the_hive", "blob_wheel"))
    reveal(st, g)
    d = st.pending
    assert (d.seat, d.source, d.purpose, d.optional) == (0, g, "destroy_base", False)
    assert sorted(d.candidates) == sorted([hive, wheel])
    assert names(st, st.seats[0].hand) == ["scout"]  # the draw comes after the base
    pick(st, hive)
    assert Destroy(0, hive, 1) in st.events
    assert st.seats[1].bases == [wheel] and st.seats[1].discard[-1] == hive
    assert names(st, st.seats[0].hand) == ["scout", "cutter"]
    assert (st.seats[0].trade, st.seats[0].combat) == (0, 0) and st.pending is None
    one_shot(st, g)
    # with no base to destroy it only draws
    st = arrange(gambits_game(), hand=[], deck=["cutter", "viper"])
    g = give(st, 0, "gambit_bold_raid", slot=1)
    reveal(st, g)
    assert st.pending is None and names(st, st.seats[0].hand) == ["cutter"]


def test_gambit_energy_shield():
    """Energy Shield: "Whenever you (not your bases) are attacked, reduce the damage by
    1." — it stays face up and works on every later attack; two shields reduce it by
    2; the attacker still spends all its Combat; an attack on a base is not reduced."""
    st = arrange(gambits_game(), hand=["viper"], bases=["blob_wheel"], deck=["scout"] * 5)
    g = give(st, 0, "gambit_energy_shield")
    assert gambits.shield(st, 0) == 0  # face down: no shield yet
    reveal(st, g)
    assert st.seats[0].gambits_up == [g] and st.seats[0].gambits_used == []
    assert gambits.shield(st, 0) == 1 and gambits.shield(st, 1) == 0
    assert st.pending is None and st.seats[0].combat == 0
    play(st, "viper")
    attack(st, 0, 1, 1)  # its owner's own attacks are not reduced
    assert st.life == [50, 49]
    end_turn(st)
    arrange(st, 1, hand=["ram", "viper"], row=None, opp=0)  # 5 + 1 Combat
    play(st, "ram", seat=1)
    play(st, "viper", seat=1)
    attack(st, 1, 0, 5)
    assert Attack(1, 0, 4) in st.events
    assert st.life == [46, 49] and st.seats[1].combat == 1  # paid 5, dealt 4
    attack(st, 1, 0, 1)  # 1 - 1: no damage at all
    assert st.life == [46, 49] and st.seats[1].combat == 0
    # an attack on the owner's base: Blob Wheel (defense 5) falls to 5 Combat
    end_turn(st)
    end_turn(st)
    arrange(st, 1, hand=["ram"], row=None, opp=0)
    play(st, "ram", seat=1)
    wheel = in_zone(st, "blob_wheel", st.seats[0].bases)
    act(st, Action("attack_base", 1, card=wheel))
    assert st.seats[0].bases == [] and st.seats[1].combat == 0 and st.life == [46, 49]

    # two shields: 2 less
    st = arrange(gambits_game(seed=2), hand=[], deck=["scout"] * 5)
    shields = [give(st, 0, "gambit_energy_shield", slot=k) for k in (0, 1)]
    assert len(set(shields)) == 2
    for g in shields:
        reveal(st, g)
    assert st.seats[0].gambits_up == shields and gambits.shield(st, 0) == 2
    end_turn(st)
    arrange(st, 1, hand=["ram", "viper"], row=None, opp=0)
    play(st, "ram", seat=1)
    play(st, "viper", seat=1)
    attack(st, 1, 0, 6)
    assert st.life == [50 - 4, 50] and st.seats[1].combat == 0


def test_gambit_frontier_fleet():
    """Frontier Fleet: "Each turn gain 1 Combat." — at once as it is revealed, then at
    the start of each of its owner's turns (not on the other players' turns)."""
    st = arrange(gambits_game(), hand=["viper"], deck=["scout"] * 5)
    g = give(st, 0, "gambit_frontier_fleet")
    reveal(st, g)
    assert st.seats[0].gambits_up == [g] and st.seats[0].gambits_used == []
    assert st.seats[0].combat == 1 and st.pending is None
    play(st, "viper")
    assert st.seats[0].combat == 2
    end_turn(st)
    assert st.active == 1
    assert (st.seats[0].combat, st.seats[1].combat) == (0, 0)  # not on seat 1's turn
    end_turn(st)
    assert st.active == 0 and st.seats[0].combat == 1  # the owner's next turn
    attack(st, 0, 1, 1)
    assert st.life == [50, 49]
    end_turn(st)
    assert st.seats[1].combat == 0
    end_turn(st)
    assert st.seats[0].combat == 1  # once a turn, not piling up
    # two fleets: 2 a turn
    st = arrange(gambits_game(seed=3), hand=[], deck=["scout"] * 5)
    fleets = [give(st, 0, "gambit_frontier_fleet", slot=k) for k in (0, 1)]
    reveal(st, fleets[0])
    reveal(st, fleets[1])
    assert st.seats[0].combat == 2
    end_turn(st)
    end_turn(st)
    assert st.seats[0].combat == 2


def test_gambit_political_maneuver():
    """Political Maneuver: "+2 Trade" (scrap: once)."""
    st = arrange(gambits_game(), hand=["scout"], deck=["scout"] * 5)
    g = give(st, 0, "gambit_political_maneuver")
    reveal(st, g)
    assert (st.seats[0].trade, st.seats[0].combat, st.authority(0)) == (2, 0, 50)
    one_shot(st, g)
    play(st, "scout")
    station = in_zone(st, "battle_station", st.trade_row)  # cost 3: now affordable
    act(st, Action("buy", 0, card=station))
    assert st.seats[0].discard[-1] == station and st.seats[0].trade == 0


def test_gambit_rise_to_power():
    """Rise to Power: "+8 Authority.  Draw a card." (two copies)"""
    st = arrange(gambits_game(), hand=["scout"], deck=["cutter", "freighter", "viper"])
    first = give(st, 0, "gambit_rise_to_power", slot=0)
    second = give(st, 0, "gambit_rise_to_power", slot=1)
    assert first != second
    reveal(st, first)
    assert st.authority(0) == 58 and names(st, st.seats[0].hand) == ["scout", "cutter"]
    one_shot(st, first)
    assert st.seats[0].gambits == [second] and st.pending is None
    reveal(st, second)
    assert st.authority(0) == 66
    assert names(st, st.seats[0].hand) == ["scout", "cutter", "freighter"]
    assert st.seats[0].gambits_used == [first, second] and st.authority(1) == 50


def test_gambit_salvage_operation():
    """Salvage Operation: "Put target card from your discard pile on top of your
    deck." """
    st = arrange(gambits_game(), hand=["scout", "scout"], deck=["viper", "viper"])
    g = give(st, 0, "gambit_salvage_operation")
    play(st, "scout")
    play(st, "scout")
    cutter = in_zone(st, "cutter", st.trade_row)
    act(st, Action("buy", 0, card=cutter))
    s = st.seats[0]
    discard = list(s.discard)
    assert cutter in discard and len(discard) == 6 + 1  # the other starters too
    reveal(st, g)
    d = st.pending
    assert (d.purpose, d.optional, d.source) == ("topdeck", False, g)
    assert sorted(d.candidates) == sorted(discard)
    pick(st, cutter)
    assert s.deck[-1] == cutter and len(s.deck) == 3 and s.known_top == 1
    assert cutter not in s.discard and len(s.discard) == 6 and st.pending is None
    one_shot(st, g)
    # everyone saw it go on top
    assert player_view(st, 1).seats[0].deck == [HIDDEN, HIDDEN, cutter]
    end_turn(st)
    assert s.hand[0] == cutter


def test_gambit_smuggling_run():
    """Smuggling Run: "Acquire a card of cost four or less without paying its
    cost." """
    st = arrange(gambits_game(), hand=["scout"], deck=["scout"] * 5)
    g = give(st, 0, "gambit_smuggling_run")
    reveal(st, g)
    d = st.pending
    assert (d.purpose, d.optional) == ("acquire", False)
    # the row: Mothership 7, Cutter 2, War World 5, Freighter 4, Battle Station 3
    assert sorted(names(st, d.candidates)) == ["battle_station", "cutter", "explorer",
                                               "freighter"]
    freighter = in_zone(st, "freighter", st.trade_row)
    refill = st.trade_deck[-1]
    pick(st, freighter)
    s = st.seats[0]
    assert s.discard[-1] == freighter and freighter not in st.trade_row
    assert refill in st.trade_row and EMPTY not in st.trade_row
    assert (s.trade, s.combat) == (0, 0) and st.pending is None  # free
    one_shot(st, g)
    # "a card": a hero too (United), which goes into play
    st = arrange(gambits_game(sets=("core", "united")), hand=[], deck=["scout"] * 5,
                 row=("chairman_haygan", "cutter", "war_world", "freighter", "mothership"))
    g = give(st, 0, "gambit_smuggling_run")
    reveal(st, g)
    assert sorted(names(st, st.pending.candidates)) == [
        "chairman_haygan", "cutter", "explorer", "freighter"]
    haygan = in_zone(st, "chairman_haygan", st.trade_row)
    pick(st, haygan)
    assert st.seats[0].heroes == [haygan] and st.authority(0) == 50 + 4


def test_gambit_surprise_assault():
    """Surprise Assault: "+8 Combat" (scrap: once)."""
    st = arrange(gambits_game(), hand=["viper"], deck=["scout"] * 5)
    g = give(st, 0, "gambit_surprise_assault")
    reveal(st, g)
    assert (st.seats[0].trade, st.seats[0].combat) == (0, 8)
    one_shot(st, g)
    play(st, "viper")
    attack(st, 0, 1, 9)
    assert st.life == [50, 41]


def test_gambit_unlikely_alliance():
    """Unlikely Alliance: "Draw two cards." """
    st = arrange(gambits_game(), hand=["scout"], deck=["cutter", "freighter", "viper"])
    g = give(st, 0, "gambit_unlikely_alliance")
    reveal(st, g)
    assert names(st, st.seats[0].hand) == ["scout", "cutter", "freighter"]
    assert names(st, st.seats[0].deck) == ["viper"] and st.pending is None
    one_shot(st, g)


def test_gambit_wild_gambit():
    """Wild Gambit (designed, as DCW): the top gambit of the box of those no one was
    dealt comes to its owner face down — secret, and revealable at once."""
    st = arrange(gambits_game(), hand=[], deck=["scout"] * 5)
    g = give(st, 0, "gambit_wild_gambit")
    other = st.seats[0].gambits[1]
    box = list(st.gambit_box)
    top = box[-1]
    reveal(st, g)
    one_shot(st, g)
    s = st.seats[0]
    assert s.gambits == [other, top] and st.gambit_box == box[:-1]
    assert st.pending is None and sorted(reveals(st)) == sorted([other, top])
    view = player_view(st, 1)
    assert view.seats[0].gambits == [HIDDEN, HIDDEN] and top in view.unknown["gambits"]
    assert player_view(st, 0).seats[0].gambits == [other, top]
    # an empty box: nothing comes (six players take 12 of the 13; the last one moved)
    st = gambits_game(fmt="ffa", seats=6, sets=("core", "frontiers"))
    g = give(st, 0, "gambit_wild_gambit")
    last = st.gambit_box.pop()
    st.seats[5].gambits.append(last)
    before = list(st.seats[0].gambits)
    reveal(st, g)
    assert st.seats[0].gambits == [x for x in before if x != g] and st.gambit_box == []


def test_merc_cruiser():
    """Merc Cruiser: "Gain 5 Combat.  Choose a faction as you play Merc Cruiser; it has
    that faction." — Blob: The Hive (base) and a Blob Fighter find their Blob ally; the
    faction lasts while it is in play."""
    st = arrange(gambits_game(), hand=["blob_fighter", "merc_cruiser"], bases=["the_hive"],
                 deck=["scout"] * 8 + ["viper"] * 2)
    play(st, "blob_fighter")
    hive = in_zone(st, "the_hive", st.seats[0].bases)
    fighter = in_zone(st, "blob_fighter", st.seats[0].in_play)
    assert (hive, "ally") in st.latched  # (Blob Fighter beside The Hive)
    merc = in_zone(st, "merc_cruiser", st.seats[0].hand)
    assert st.cards[merc].factions == () and st.cards[merc].cost == 3
    play(st, "merc_cruiser")
    d = st.pending
    assert (d.seat, d.source, d.kind, d.purpose, d.optional) == (0, merc, "option",
                                                                 "faction", False)
    assert d.candidates == (0, 1, 2, 3)
    assert d.effect == ("choose_faction", {"factions": CLASSIC_FACTIONS})
    assert sorted(legal_actions(st)) == sorted(Action("choose", 0, index=i) for i in range(4))
    assert st.seats[0].combat == 3  # the combat comes after the choice
    act(st, Action("choose", 0, index=CLASSIC_FACTIONS.index("blob")))
    assert st.pending is None and st.seats[0].combat == 3 + 5
    assert st.factions(merc) == ("blob",) and st.card(merc).id == "merc_cruiser"
    assert st.seats[0].played_factions["blob"] == 2  # the Fighter and the Cruiser
    assert (fighter, "ally") in st.latched
    use(st, "blob_fighter", "ally")  # Blob Fighter: draw a card
    assert names(st, st.seats[0].hand) == ["scout"]
    # (the hive's ally, +1 draw, was already there)
    # leaving play ends the faction: in the discard pile it has none
    end_turn(st)
    assert merc in st.seats[0].discard and merc not in st.copy_of
    assert st.factions(merc) == ()

    # another faction: no Blob ally now
    st = arrange(gambits_game(), hand=["merc_cruiser"], bases=["the_hive"],
                 deck=["scout"] * 5)
    hive = in_zone(st, "the_hive", st.seats[0].bases)
    play(st, "merc_cruiser")
    assert (hive, "ally") not in st.latched
    act(st, Action("choose", 0, index=CLASSIC_FACTIONS.index("star_empire")))
    merc = in_zone(st, "merc_cruiser", st.seats[0].in_play)
    assert st.factions(merc) == ("star_empire",) and (hive, "ally") not in st.latched
    assert st.seats[0].combat == 5 and st.seats[0].played_factions == {"star_empire": 1}
    with_blob = arrange(gambits_game(), hand=["merc_cruiser"], bases=["the_hive"],
                        deck=["scout"] * 5)
    hive = in_zone(with_blob, "the_hive", with_blob.seats[0].bases)
    play(with_blob, "merc_cruiser")
    act(with_blob, Action("choose", 0, index=0))
    assert (hive, "ally") in with_blob.latched
    use(with_blob, "the_hive", "ally")
    assert names(with_blob, with_blob.seats[0].hand) == ["scout"]


def test_merc_cruiser_played_as_star_empire_sets_off_command_center():
    """Command Center: "Whenever you play a Star Empire ship, gain 2 Combat" — a Merc
    Cruiser choosing Star Empire as it is played is one (as a Corvette is)."""
    row = ("mothership", "cutter", "war_world", "freighter", "battle_station")
    st = arrange(gambits_game(sets=("core", "colony_wars")), hand=["corvette", "merc_cruiser"],
                 bases=["command_center"], deck=["scout"] * 8, row=row)
    play(st, "corvette")  # 1 Combat, draws a card; Command Center: +2
    assert st.seats[0].combat == 1 + 2
    play(st, "merc_cruiser")
    act(st, Action("choose", 0, index=CLASSIC_FACTIONS.index("star_empire")))
    assert st.seats[0].played_factions == {"star_empire": 2}
    assert st.seats[0].combat == 1 + 2 + 5 + 2


def test_merc_cruiser_copied_by_a_stealth_needle_counts_once():
    """Stealth Needle: "Copy another ship you've played this turn.  Stealth Needle has
    that ship's faction in addition to Machine Cult."  A Merc Cruiser played as Blob and
    a Needle copying it are two Blob cards played this turn: Blob World's "draw a card
    for each Blob card that you've played this turn" draws two."""
    st = arrange(gambits_game(), hand=["merc_cruiser", "stealth_needle"], bases=["blob_world"],
                 deck=["scout"] * 5 + ["viper"] * 2)
    blob = CLASSIC_FACTIONS.index("blob")
    play(st, "merc_cruiser")
    act(st, Action("choose", 0, index=blob))
    play(st, "stealth_needle")  # copies the Merc Cruiser, its only candidate
    needle = in_zone(st, "stealth_needle", st.seats[0].in_play)
    assert st.pending is None  # (the copy keeps the faction the Merc Cruiser took)
    assert "blob" in st.factions(needle)
    use(st, "blob_world", "primary")
    act(st, Action("choose", 0, index=1))  # draw a card for each Blob card played
    assert len(st.seats[0].hand) == 2
    assert st.card(needle).id == "merc_cruiser"  # (still the copy, until it leaves play)


# ---------------------------------------------------------------- the set


def test_the_set_has_thirteen_gambits_and_three_merc_cruisers():
    cset = DB.sets["gambits"]
    assert list(cset.cards) == ["merc_cruiser"] + GAMBIT_IDS and not cset.listed
    assert (cset.explorers, cset.scouts, cset.vipers) == (0, 0, 0)
    cards = DB.set_cards("gambits")
    assert sum(c.copies for c in cards) == 16
    gambit_cards = DB.gambits()
    assert len(gambit_cards) == 13
    assert sorted({c.id for c in gambit_cards}) == GAMBIT_IDS
    for c in gambit_cards:
        assert c.copies == COPIES.get(c.id, 1), c.id
        assert (c.type, c.role, c.factions, c.cost) == ("gambit", "gambit", (), 0), c.id
        assert c.is_gambit and c.is_dealt and not c.is_mission, c.id
        assert set(c.abilities) in ({"scrap"}, {"ongoing"}, {"each_turn"}), c.id
    merc = DB["merc_cruiser"]
    assert (merc.type, merc.role, merc.factions, merc.cost, merc.copies) == (
        "ship", "trade", (), 3, 3)
    assert merc.ability("primary") == (("choose_faction", {}), ("combat", 5))
    assert not merc.is_gambit
    assert DB["gambit_energy_shield"].ability("ongoing") == (("shield", 1),)
    assert DB["gambit_frontier_fleet"].ability("each_turn") == (("combat", 1),)
    # a game with gambits has them all: 13 gambit instances, 3 Merc Cruisers
    st = gambits_game()
    assert len(gambit_iids(st)) == 13
    assert sum(st.cards[i].id == "merc_cruiser" for i in range(len(st.cards))) == 3


def test_every_gambit_card_reads_in_both_languages():
    for c in DB.set_cards("gambits"):
        for lang in ("en", "ru"):
            lines = card_text.card_lines(c, lang)
            assert lines and [slot for slot, _ in lines] == list(c.abilities), (c.id, lang)
            for slot, text in lines:
                assert text.strip() and "{" not in text and "_" not in text, (
                    c.id, lang, slot, text)
            if lang == "ru":
                assert all(any("а" <= ch <= "я" for ch in text.lower()) for _, text in lines)
    assert card_text.card_lines(DB["gambit_rise_to_power"], "en") == [
        ("scrap", "+8 Authority. Draw a card.")]
    assert card_text.card_lines(DB["gambit_energy_shield"], "en") == [
        ("ongoing", "Whenever you (not your bases) are attacked, reduce the damage by 1.")]
    assert card_text.card_lines(DB["gambit_frontier_fleet"], "ru") == [
        ("each_turn", "+1 очко боя.")]
    assert card_text.card_lines(DB["merc_cruiser"], "en") == [
        ("primary", "Choose a faction as you play this ship: it has that faction. "
                    "+5 Combat.")]


def test_a_gambit_is_revealed_by_its_action_only():
    """apply refuses a gambit not face down in the acting seat's hand of gambits."""
    st = arrange(gambits_game(), hand=[], deck=["scout"] * 5)
    g = give(st, 0, "gambit_surprise_assault")
    theirs = st.seats[1].gambits[0]
    for bad in (Action("gambit", 0, card=theirs), Action("gambit", 1, card=theirs)):
        with pytest.raises(IllegalAction):
            apply(st, bad)
    reveal(st, g)
    with pytest.raises(IllegalAction):  # once
        apply(st, Action("gambit", 0, card=g))
