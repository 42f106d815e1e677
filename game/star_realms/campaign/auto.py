"""A whole campaign played by computer players (``simulate --campaign``, tests, balance)."""

from __future__ import annotations

from typing import Any

from game.star_realms.campaign import bots, flow
from game.star_realms.campaign.model import Campaign
from game.star_realms.engine.campaign_def import PLAYER_FACTIONS
from game.star_realms.engine.cards import CardDB
from game.star_realms.engine.setup import new_game
from game.star_realms.engine.state import State


def play_scenario(c: Campaign, db: CardDB, max_turns: int = 400,
                  check: bool = False) -> tuple[State, flow.Result]:
    """Answer the scenario's choice (if any), play its game with the campaign's bots and
    record the result."""
    from game.star_realms.ai.base import make_player
    from game.star_realms.sim import play

    if flow.needs_choice(c, db):
        flow.choose(c, db, bots.pick_option(c, db))
    config = flow.game_config(c, db)
    players = [make_player(p.controller, config.seed + i) for i, p in enumerate(c.players)]
    state = play(new_game(db, config), players, max_turns=max_turns, check=check)
    if state.winners is None:  # a stalemate between bots: the higher authority wins
        a, b = state.authority(0), state.authority(1)
        state.winners = (0 if a >= b else 1,)
    return state, flow.record(c, db, state)


def finish(c: Campaign, db: CardDB) -> None:
    """The post-campaign top-up, decided by each player's bot."""
    while (turn := flow.topup_turn(c, db)) is not None:
        flow.apply_topup(c, db, bots.pick_topup(c, db, turn))
    flow.finish_topup_if_done(c, db)


def run_campaign(db: CardDB, controllers: tuple[str, str], seed: int,
                 wishes: tuple[str | None, str | None] = ("star_empire", "trade_federation"),
                 max_turns: int = 400, check: bool = False) -> tuple[Campaign, dict[str, Any]]:
    c = flow.new_campaign(f"sim-{seed}", "simulation", seed, [
        (f"{controllers[0]} 1", controllers[0], wishes[0]),
        (f"{controllers[1]} 2", controllers[1], wishes[1])])
    scenarios = []
    while not c.played_all:
        state, result = play_scenario(c, db, max_turns, check)
        scenarios.append({
            "scenario": result.scenario, "first": result.first, "winner": result.winner,
            "how": result.how, "turns": result.turns, "choice": result.choice,
            "upgrades": len(flow.new_upgrades(state))})
    during = len(c.upgrades)
    finish(c, db)
    vp = {f: c.vp(f, db) for f in PLAYER_FACTIONS}
    post = db.set_cards("post_campaign")
    report = {
        "seed": seed,
        "players": [{"controller": p.controller, "faction": p.faction} for p in c.players],
        "scenarios": scenarios,
        "vp": vp,
        "winner": flow.winner(c, db),
        "upgraded_cards": len(c.upgrades),
        "upgraded_during_campaign": during,
        "topped_up": len(c.upgrades) - during,
        "post_campaign_trade_deck": sum(card.copies for card in db.set_cards("campaign"))
        + sum(card.copies for card in post),
        "favours": dict(c.favours),
    }
    return c, report
