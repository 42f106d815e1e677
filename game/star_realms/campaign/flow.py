"""The campaign's rules between games (seed 001, «Правила кампании»).

* starting: each player wishes for a faction; a conflict is settled by a coin flip;
* each scenario: its envelope gives sticker sheets 2–4 to both vaults; the Star Empire
  player starts scenario 1, afterwards the previous winner starts; the first player's
  faction picks the scenario card's face, and the first player answers its choice;
* after a game: the winner takes the victory-point card, upgrades stay on the cards,
  personal decks reset (a new game builds them afresh);
* after scenario 12: cards are upgraded until twenty are (players alternate, one sticker
  per row per sheet), then the post-campaign set joins the trade deck, and the legacy
  deck can be used in every other format.

Everything here is pure: the UI and the ``simulate --campaign`` command drive it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from game.star_realms.campaign.model import Campaign, Player, Result
from game.star_realms.engine.campaign import CampaignFormat, can_carry, split_key
from game.star_realms.engine.campaign_def import PLAYER_FACTIONS, SCENARIOS, Choice, Scenario, Side
from game.star_realms.engine.cards import CardDB
from game.star_realms.engine.rng import Rng
from game.star_realms.engine.state import GameConfig, SeatConfig, State

SETS = ("campaign", "campaign_decks")  # a scenario's cards
LEGACY_SETS = ("campaign", "post_campaign", "campaign_decks")  # after the campaign


def other(faction: str) -> str:
    return PLAYER_FACTIONS[1 - PLAYER_FACTIONS.index(faction)]


# ---------------------------------------------------------------------- starting


def new_campaign(cid: str, name: str, seed: int, players: list[tuple[str, str, str | None]]
                 ) -> Campaign:
    """``players``: (name, controller, wished faction or None) for the two seats.

    «Если оба игрока хотят получить одну и ту же фракцию, бросьте монетку»: a conflict
    (or two players without a wish) is settled by a coin flip from the campaign's seed.
    """
    (n0, c0, w0), (n1, c1, w1) = players
    flip = False
    if w0 is not None and w0 != w1:  # different wishes, or only the first player has one
        f0 = w0
    elif w1 is not None and w0 is None:
        f0 = other(w1)
    else:  # both want the same faction, or neither cares
        flip = True
        heads = Rng(seed).below(2) == 0
        wish = w0 or PLAYER_FACTIONS[0]
        f0 = wish if heads else other(wish)
    # one wish and one "no preference": only one player got a wish, say so
    no_wish = -1 if flip or (w0 is None) == (w1 is None) else (0 if w0 is None else 1)
    return Campaign(id=cid, name=name, seed=seed,
                    players=[Player(n0, c0, f0), Player(n1, c1, other(f0))],
                    created=datetime.now(UTC).isoformat(timespec="seconds"), coin_flip=flip,
                    no_wish=no_wish)


# ---------------------------------------------------------------------- a scenario


def current(c: Campaign, db: CardDB) -> Scenario:
    return db.campaign.scenario(c.scenario)


def first_faction(c: Campaign) -> str:
    """«Первый ход в кампании совершает игрок за Звёздную империю. В последующих партиях
    первый ход совершает тот, кто получил карту победных очков за победу в предыдущей»."""
    return "star_empire" if not c.results else c.results[-1].winner


def side(c: Campaign, db: CardDB) -> Side:
    return current(c, db).sides[first_faction(c)]


def choice(c: Campaign, db: CardDB) -> Choice | None:
    """The question the first player must answer before this scenario (None: none)."""
    if c.played_all:
        return None
    return side(c, db).choice


def needs_choice(c: Campaign, db: CardDB) -> bool:
    return choice(c, db) is not None and not c.pending_choice


def choose(c: Campaign, db: CardDB, option: str) -> None:
    ch = choice(c, db)
    if ch is None or option not in {o.id for o in ch.options}:
        raise ValueError(f"scenario {c.scenario} has no choice {option!r}")
    c.pending_choice = option


def favours_after_choice(c: Campaign, db: CardDB) -> dict[str, str]:
    """The neighbours' favour for this scenario: earlier choices, then this one's."""
    favours = dict(c.favours)
    ch = choice(c, db)
    if ch is not None and c.pending_choice:
        opt = next(o for o in ch.options if o.id == c.pending_choice)
        if opt.favour is not None:
            neighbour, to = opt.favour
            first = first_faction(c)
            if to == "none":
                favours.pop(neighbour, None)
            else:
                favours[neighbour] = first if to == "first" else other(first)
    return favours


def game_seed(c: Campaign) -> int:
    return (c.seed * 1_000_003 + c.scenario * 7919 + len(c.upgrades)) % (2**63)


def spec(c: Campaign, db: CardDB) -> dict[str, Any]:
    """The JSON-ready spec the engine's campaign format plays this scenario from."""
    first = c.player_of(first_faction(c))
    choices = dict(c.choices)
    if c.pending_choice:
        choices[str(c.scenario)] = c.pending_choice
    return {
        "scenario": c.scenario,
        "first": first,
        "factions": [p.faction for p in c.players],
        "choices": choices,
        "favours": favours_after_choice(c, db),
        "used": [list(c.used.get(p.faction, [])) for p in c.players],
        "upgrades": [list(u) for u in c.upgrades],
    }


def game_config(c: Campaign, db: CardDB) -> GameConfig:
    if c.played_all:
        raise ValueError("all twelve scenarios have been played")
    if needs_choice(c, db):
        raise ValueError(f"scenario {c.scenario} needs the first player's choice first")
    sp = spec(c, db)
    return GameConfig(sets=SETS, format="campaign", seed=game_seed(c), first=sp["first"],
                      seats=tuple(SeatConfig(p.name, p.controller) for p in c.players),
                      options=(("campaign", sp),))


def new_upgrades(state: State) -> list[list[Any]]:
    """Upgrades made during a campaign game: [card, copy, sticker, faction] for every
    trade card whose sticker the game's spec did not already list."""
    known = {(u[0], u[1]) for u in dict(state.config.options)["campaign"]["upgrades"]}
    out = []
    copies: dict[str, int] = {}
    for card in state.cards:
        if card.role != "trade":
            continue
        copy = copies.get(card.id, 0)
        copies[card.id] = copy + 1
        if card.upgrade is not None and (card.id, copy) not in known:
            sticker, faction = split_key(card.upgrade)
            out.append([card.id, copy, sticker, faction])
    return out


def how_won(state: State) -> str:
    """authority (the loser's fell to 0), political (scenarios 1–4: a whole sticker sheet)
    or allegiance (a scenario's own victory rule)."""
    assert state.winners is not None, "the game is not over"
    won = state.winners[0]
    if state.authority(1 - won) <= 0:
        return "authority"
    fmt = state.format
    assert isinstance(fmt, CampaignFormat)
    if fmt.political_win(state, won):
        return "political"
    return "allegiance"


def record(c: Campaign, db: CardDB, state: State) -> Result:
    """A scenario's game is over: the winner takes its victory-point card, the new
    upgrades go into the campaign (and their stickers out of the vault), the choice and
    the favours are remembered, and the next scenario is up."""
    if state.winners is None or len(state.winners) != 1:
        raise ValueError("the game is not over")
    if dict(state.config.options).get("campaign", {}).get("scenario") != c.scenario:
        raise ValueError("this game belongs to another scenario")
    winner = c.players[state.winners[0]].faction
    for u in new_upgrades(state):
        c.upgrades.append(u)
        c.used.setdefault(u[3], []).append(u[2])
    c.favours = favours_after_choice(c, db)
    if c.pending_choice:
        c.choices[str(c.scenario)] = c.pending_choice
    result = Result(c.scenario, first_faction(c), winner, how_won(state), state.turn,
                    c.pending_choice)
    c.results.append(result)
    c.scenario += 1
    c.pending_choice = ""
    c.game = ""
    return result


# ---------------------------------------------------------------------- the vault


def sheets_held(c: Campaign, db: CardDB) -> list[int]:
    """Sheets in each vault: the envelopes of the scenarios opened so far."""
    return db.campaign.sheets_by(min(c.scenario, SCENARIOS))


def stickers_left(c: Campaign, db: CardDB, faction: str) -> dict[int, list[int]]:
    """Per sheet held: the costs of the rows this faction has not used yet."""
    used = {db.campaign.stickers[s].row for s in c.used.get(faction, [])}
    return {n: [cost for cost in db.campaign.sheet(n).costs if (n, cost) not in used]
            for n in sheets_held(c, db)}


# ---------------------------------------------------------------------- after the campaign


def winner(c: Campaign, db: CardDB) -> str | None:
    """The campaign's winner: more victory points; a tie goes to scenario 12's winner."""
    if not c.played_all:
        return None
    a, b = (c.vp(f, db) for f in PLAYER_FACTIONS)
    if a != b:
        return PLAYER_FACTIONS[0] if a > b else PLAYER_FACTIONS[1]
    return c.results[-1].winner


@dataclass(frozen=True)
class TopUp:
    faction: str
    card: str
    copy: int
    sticker: str


def topup_options(c: Campaign, db: CardDB, faction: str) -> list[TopUp]:
    """Every (card, sticker) a player may still put together after the campaign: an
    un-upgraded neighbour card of the campaign deck and an unused row of one of their
    sheets (every sheet has arrived by now)."""
    upgraded = {(u[0], u[1]) for u in c.upgrades}
    used = {db.campaign.stickers[s].row for s in c.used.get(faction, [])}
    stickers = [s for s in db.campaign.stickers.values() if s.row not in used]
    out: list[TopUp] = []
    for card in db.set_cards("campaign"):
        for copy in range(card.copies):
            if (card.id, copy) in upgraded:
                continue
            out.extend(TopUp(faction, card.id, copy, s.id) for s in stickers
                       if can_carry(card, s))
    return out


def topup_turn(c: Campaign, db: CardDB) -> str | None:
    """Whose turn it is to upgrade a card, or None when the top-up is over.

    «Если вы улучшили меньше 20 карт, улучшайте оставшиеся карты торговой колоды, пока
    не улучшите суммарно 20 карт. Если это должны сделать оба игрока, делайте это по
    очереди»: each player who has upgraded fewer than 20 cards tops up to 20 of their
    own ("both players" may have to, so the count is per player); they alternate (the
    one with fewer upgrades first, the campaign's loser on a tie); a player with no
    sticker that fits any card is skipped.
    """
    if not c.played_all or c.topup_done:
        return None
    able = [f for f in PLAYER_FACTIONS if topup_needed(c, db, f) > 0
            and topup_options(c, db, f)]
    if not able:
        return None
    if len(able) == 1:
        return able[0]
    if c.topup_log:
        return other(c.topup_log[-1][0])
    counts = {f: c.upgrades_by(f) for f in PLAYER_FACTIONS}
    if counts[PLAYER_FACTIONS[0]] != counts[PLAYER_FACTIONS[1]]:
        return min(PLAYER_FACTIONS, key=lambda f: counts[f])
    return other(winner(c, db) or PLAYER_FACTIONS[0])


def topup_needed(c: Campaign, db: CardDB, faction: str) -> int:
    """How many more cards this player upgrades in the top-up (to 20 of their own)."""
    return max(0, db.campaign.topup - c.upgrades_by(faction))


def apply_topup(c: Campaign, db: CardDB, pick: TopUp) -> None:
    if topup_turn(c, db) != pick.faction or pick not in topup_options(c, db, pick.faction):
        raise ValueError("that upgrade is not allowed now")
    c.upgrades.append([pick.card, pick.copy, pick.sticker, pick.faction])
    c.used.setdefault(pick.faction, []).append(pick.sticker)
    c.topup_log.append([pick.faction, pick.card, pick.copy, pick.sticker])
    finish_topup_if_done(c, db)


def finish_topup_if_done(c: Campaign, db: CardDB) -> bool:
    if c.played_all and not c.topup_done and topup_turn(c, db) is None:
        c.topup_done = True
    return c.topup_done


def legacy_options(c: Campaign, decks: bool = False) -> tuple[tuple[str, Any], ...]:
    """The option that brings this campaign's upgraded deck into any other format."""
    return (("legacy", {"upgrades": [list(u) for u in c.upgrades], "decks": decks}),)
