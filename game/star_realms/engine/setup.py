"""Build the opening state of a game from a :class:`GameConfig` and a card database."""

from __future__ import annotations

from game.star_realms.engine import gambits, missions, zones
from game.star_realms.engine.campaign_def import parse_upgrades, upgrade_supply
from game.star_realms.engine.cards import CardDB, CardDef
from game.star_realms.engine.modes import FORMATS, get_format
from game.star_realms.engine.rng import Rng
from game.star_realms.engine.rules import apply, start_turn
from game.star_realms.engine.state import EMPTY, Action, GameConfig, Seat, State

# Where a finished campaign's two personal decks may be used, by format: seat → faction.
LEGACY_DECK_SEATS: dict[str, dict[int, str]] = {
    "duel": {0: "star_empire", 1: "trade_federation"},
    "emperor": {1: "star_empire", 4: "trade_federation"},
    "raid": {0: "star_empire"},
}


class SetupError(ValueError):
    """The configuration cannot make a playable game (unknown set, too few starters...)."""


def trade_cards(db: CardDB, sid: str) -> list[CardDef]:
    """The set's trade cards, one entry per physical copy (a personal-deck set's
    starters are not for sale)."""
    return [card for card in db.set_cards(sid) if card.role == "trade"
            for _ in range(card.copies)]


def supply(db: CardDB, sets: tuple[str, ...]) -> tuple[list[CardDef], int, int, int]:
    """Trade cards (one entry per physical copy), explorers, scouts and vipers of the sets."""
    if not sets:
        raise SetupError("choose at least one card set")
    trade: list[CardDef] = []
    explorers = scouts = vipers = 0
    for sid in sets:
        if sid not in db.sets:
            raise SetupError(f"unknown card set {sid!r} (known: {', '.join(sorted(db.sets))})")
        cset = db.sets[sid]
        if cset.cards and all(db[c].is_mission for c in cset.cards):
            raise SetupError(f"{sid!r} holds missions, dealt to the players when missions "
                             "are on: it is not a set of the trade deck")
        if any(db[c].is_gambit for c in cset.cards):
            raise SetupError(f"{sid!r} holds gambits, dealt to the players (and its ships "
                             "shuffled in) when gambits are on: it is not a set to choose")
        trade += trade_cards(db, sid)
        explorers += cset.explorers
        scouts += cset.scouts
        vipers += cset.vipers
    return trade, explorers, scouts, vipers


def new_game(db: CardDB, config: GameConfig) -> State:
    try:
        fmt = get_format(config.format, db, config.options)
    except ValueError as exc:
        raise SetupError(str(exc)) from None
    n = len(config.seats)
    problem = fmt.check_seats(n)
    if problem:
        raise SetupError(problem)
    with_missions = dict(config.options).get("missions", False)
    if not isinstance(with_missions, bool):
        raise SetupError("the missions option must be true or false")
    if with_missions:  # United: Missions
        problem = missions.check_setup(config.format, config.format not in FORMATS, n,
                                       len(db.missions()))
        if problem:
            raise SetupError(problem)
    with_gambits = dict(config.options).get("gambits", False)
    if not isinstance(with_gambits, bool):
        raise SetupError("the gambits option must be true or false")
    if with_gambits:  # the Gambit set: two gambits each, its Merc Cruisers shuffled in
        problem = gambits.check_setup(config.format, config.format not in FORMATS, n,
                                      len(db.gambits()))
        if problem:
            raise SetupError(problem)
    trade, n_explorers, n_scouts, n_vipers = supply(db, tuple(config.sets))
    if with_gambits:
        trade += trade_cards(db, gambits.SET)
    legacy = dict(config.options).get("legacy")
    if legacy is not None and not isinstance(legacy, dict):
        raise SetupError("the legacy option must be an object")
    if legacy is not None:  # a finished campaign's upgraded cards in any format (seed 001)
        try:
            trade = upgrade_supply(db, trade, parse_upgrades(legacy.get("upgrades", []), db))
        except (ValueError, AttributeError) as exc:
            raise SetupError(f"the legacy deck cannot be used: {exc}") from None
    trade = fmt.trade_supply(trade)
    decks = [fmt.deck_for(i, n) for i in range(n)]
    if legacy is not None and legacy.get("decks"):
        # «эти колоды могут быть использованы: обоими игроками при игре вдвоём; обоими
        # императорами; боссом» (seed 001): the Empire's and the Federation's decks.
        if db.campaign is None:
            raise SetupError("this build has no campaign data")
        for seat, faction in LEGACY_DECK_SEATS.get(config.format, {}).items():
            if seat < n:
                decks[seat] = db.campaign.decks[faction]
    starters = {"scout", "viper"}
    needed = any(c in starters for deck in decks for c, _ in deck) or any(
        c in starters for c, _ in fmt.extra_cards(db, n))
    if needed and not (n_scouts or n_vipers):
        # Scouts and Vipers are dealt per seat whatever a box holds (a screen has no box
        # limits: issue 39).  But packs without a box (Crisis, United, promos) are no
        # game alone: they are shuffled into a Core Set's, Frontiers' or Colony Wars'.
        raise SetupError(f"{', '.join(config.sets)}: no box among the sets (packs are "
                         "played with a Core Set, Frontiers or Colony Wars); add one")

    state = State()
    state.db = db
    state.config = config
    state.format = fmt
    state.rng = rng = Rng(config.seed)
    cards: list[CardDef] = []

    def add(card: CardDef) -> int:  # (state.cards is set once the batch is made)
        cards.append(card)
        return len(cards) - 1

    def make(card: CardDef) -> int:  # for a mode's setup: state.cards kept up to date
        iid = add(card)
        state.cards = tuple(cards)
        return iid

    state.trade_deck = [add(c) for c in trade]
    explorer = fmt.card_variant(db["explorer"])
    state.explorers = [add(explorer) for _ in range(n_explorers)]
    teams = fmt.teams(n)
    pools, authority = fmt.life_pools(n)
    state.life = list(authority)
    for i, seat_cfg in enumerate(config.seats):
        new_seat = Seat(i, seat_cfg.name, teams[i], pools[i])
        for cid, count in decks[i]:
            new_seat.deck.extend(add(fmt.card_variant(db[cid])) for _ in range(count))
        state.seats.append(new_seat)
    state.cards = tuple(cards)

    rng.shuffle(state.trade_deck)
    for s in state.seats:
        rng.shuffle(s.deck)
    stack = dict(config.options).get("stack")
    if stack is not None:  # a lesson's fixed order (the tutorial); never in a normal game
        stack_decks(state, stack)
    fmt.setup(state, make)  # a mode's own state and setup (an adventure's boss)
    state.cards = tuple(cards)
    fmt.prepare(state, make)
    state.cards = tuple(cards)
    if with_missions:
        missions.deal(state, [make(card) for card in db.missions()])
    if with_gambits:
        gambits.deal(state, [make(card) for card in db.gambits()])
    deal_opening_row(state)

    if config.first is not None and not 0 <= config.first < n:
        raise SetupError(f"first seat {config.first} is not one of the {n} seats")
    first = fmt.first_seat(n, config.first, rng)
    state.active = first
    hands = fmt.opening_hands(n, first)
    for pos in range(n):
        seat_index = (first + pos) % n
        zones.draw(state, seat_index, hands[seat_index])
    fmt.opening_turn(state, first)
    state.events = []
    state.undo_barrier = 0
    start_turn(state)
    return state


def deal_opening_row(state: State) -> None:
    """The five cards of the opening trade row.  An event (Crisis) turned up here is set
    aside and the slot dealt again; the set-aside events are shuffled back into the
    trade deck once the row is full (our ruling: no source says, and an event before
    the first turn would hit players who have not drawn yet; docs/rules-data.md)."""
    aside: list[int] = []
    row: list[int] = []
    deck = state.trade_deck
    while len(row) < 5 and deck:
        iid = deck.pop()
        (aside if state.cards[iid].is_event else row).append(iid)
    if aside:
        deck.extend(aside)
        state.rng.shuffle(deck)
    state.trade_row = row + [EMPTY] * (5 - len(row))


def stack_decks(state: State, stack: object) -> None:
    """Put named cards on top of the shuffled decks, in order (``{"trade": [ids],
    "decks": [[ids], ...]}``, each list top card first): how a lesson fixes what is
    drawn and what the trade row shows.  A card the deck lacks is a :class:`SetupError`."""
    if not isinstance(stack, dict) or not set(stack) <= {"trade", "decks"}:
        raise SetupError("the stack option must be an object with 'trade' and 'decks'")
    decks = stack.get("decks", [])
    if not isinstance(decks, list) or len(decks) > len(state.seats):
        raise SetupError("the stack option names more decks than there are seats")
    piles = [(state.trade_deck, stack.get("trade", []))]
    piles += [(state.seats[i].deck, ids) for i, ids in enumerate(decks)]
    for pile, ids in piles:
        if not isinstance(ids, list):
            raise SetupError("a stacked deck must be a list of card ids")
        top: list[int] = []
        for cid in ids:
            found = next((iid for iid in pile if state.cards[iid].id == cid), None)
            if found is None:
                raise SetupError(f"the stacked deck has no {cid!r} left")
            pile.remove(found)
            top.append(found)
        pile.extend(reversed(top))  # (the end of a deck is its top)


def replay(db: CardDB, config: GameConfig, actions: list[Action]) -> State:
    """Rebuild a game from its configuration and action log."""
    state = new_game(db, config)
    for action in actions:
        apply(state, action)
    return state
