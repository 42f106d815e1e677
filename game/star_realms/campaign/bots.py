"""How a computer player makes the campaign's decisions outside a game: the first
player's scenario choice and its picks in the post-campaign top-up."""

from __future__ import annotations

from game.star_realms.campaign import flow
from game.star_realms.campaign.model import Campaign
from game.star_realms.engine.cards import CardDB
from game.star_realms.engine.rng import Rng


def pick_option(c: Campaign, db: CardDB) -> str:
    """A seeded, mostly self-interested answer: an option that wins a neighbour's favour
    for the chooser is twice as likely as one that does not (the AI cannot weigh a
    favour's value against an immediate bonus any better than a coin with a bias)."""
    ch = flow.choice(c, db)
    assert ch is not None
    rng = Rng(c.seed * 31 + c.scenario)
    weights = [2 if o.favour is not None and o.favour[1] == "first" else 1 for o in ch.options]
    roll = rng.below(sum(weights))
    for opt, w in zip(ch.options, weights, strict=True):
        if roll < w:
            return opt.id
        roll -= w
    return ch.options[-1].id  # pragma: no cover


def pick_topup(c: Campaign, db: CardDB, faction: str) -> flow.TopUp:
    """The strongest card first (the highest cost a sticker fits), then the sticker
    that adds to the primary ability, then an ally one, then a scrap one."""
    order = {"primary": 0, "upgrade_ally": 1, "scrap": 2}
    stickers = db.campaign.stickers
    options = flow.topup_options(c, db, faction)
    return min(options, key=lambda t: (-db[t.card].cost, order[stickers[t.sticker].slot],
                                       t.sticker, t.card, t.copy))
