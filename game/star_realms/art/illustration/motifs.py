"""Which subject a card's picture shows: the motifs of each faction, the words in a card
id that pick a fitting one, squadrons of small craft, and what marks an outpost."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.star_realms.art.illustration.campaign_factions import (
    base_cons_orb,
    base_cons_spire,
    base_kg_bastion,
    base_kg_castle,
    base_sc_hideout,
    base_sc_junkyard,
    ship_cons_liner,
    ship_cons_yacht,
    ship_kg_knight,
    ship_kg_warship,
    ship_sc_junker,
    ship_sc_raider,
)
from game.star_realms.art.illustration.classic_ships import (
    ship_blob,
    ship_blob_thorn,
    ship_blob_worm,
    ship_machine_cult,
    ship_mc_drone,
    ship_mc_walker,
    ship_se_dreadnought,
    ship_se_twin,
    ship_star_empire,
    ship_tf_freighter,
    ship_tf_saucer,
    ship_trade_federation,
    ship_unaligned,
)
from game.star_realms.art.illustration.classic_stations import (
    base_blob,
    base_blob_moon,
    base_blob_spikes,
    base_machine_cult,
    base_mc_monolith,
    base_mc_towers,
    base_se_citadel,
    base_se_platform,
    base_star_empire,
    base_tf_domes,
    base_tf_hab,
    base_trade_federation,
)
from game.star_realms.art.illustration.pen import Pen, inset
from game.star_realms.art.shapes import RGB


def _squadron(variant: Callable[..., None]) -> Callable[..., None]:
    """Several small craft of one design (Nanobot Swarm, Swarmer...)."""

    def draw(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
        spots = [(-0.28, 0.15, 0.42), (0.3, 0.05, 0.45), (0.0, -0.22, 0.5), (-0.2, -0.35, 0.3),
                 (0.28, -0.38, 0.3)]
        for x, y, k in spots[: rng.randint(3, 5)]:
            sub = Pen(pen.d, pen.g, 0, 0, pen.size * k, 0.0, pen.s)
            sub.cx, sub.cy = (pen.p(x, y)[0] / pen.s, pen.p(x, y)[1] / pen.s)
            sub.cos, sub.sin = pen.cos, pen.sin
            variant(sub, random.Random(rng.random()), t)

    return draw


SHIPS: dict[str, list[Callable[..., None]]] = {
    "star_empire": [ship_star_empire, ship_se_twin, ship_se_dreadnought],
    "trade_federation": [ship_trade_federation, ship_tf_freighter, ship_tf_saucer],
    "machine_cult": [ship_machine_cult, ship_mc_drone, ship_mc_walker],
    "blob": [ship_blob, ship_blob_worm, ship_blob_thorn],
    "consortium": [ship_cons_yacht, ship_cons_liner],
    "kingdom": [ship_kg_knight, ship_kg_warship],
    "scavengers": [ship_sc_junker, ship_sc_raider],
}


BASES: dict[str, list[Callable[..., None]]] = {
    "star_empire": [base_star_empire, base_se_platform, base_se_citadel],
    "trade_federation": [base_trade_federation, base_tf_domes, base_tf_hab],
    "machine_cult": [base_machine_cult, base_mc_towers, base_mc_monolith],
    "blob": [base_blob, base_blob_moon, base_blob_spikes],
    "consortium": [base_cons_orb, base_cons_spire],
    "kingdom": [base_kg_castle, base_kg_bastion],
    "scavengers": [base_sc_junkyard, base_sc_hideout],
    "unaligned": [base_trade_federation],
}


# Words in a card id that pick a fitting motif (index into the lists above); anything
# else is chosen by the seed.  "swarm" draws a squadron of small craft.
HINTS: tuple[tuple[str, str, int], ...] = (
    ("swarm", "*", -1),
    ("bot", "machine_cult", 1),
    ("mech", "machine_cult", 2),
    ("dreadnaught", "star_empire", 2),
    ("flagship", "star_empire", 2),
    ("battleship", "star_empire", 2),
    ("fortress", "star_empire", 0),
    ("platform", "star_empire", 1),
    ("palace", "star_empire", 2),
    ("hauler", "trade_federation", 1),
    ("cargo", "*", 1),
    ("seed", "trade_federation", 1),
    ("colony", "trade_federation", 1),
    ("world", "trade_federation", 1),
    ("station", "trade_federation", 0),
    ("moon", "blob", 1),
    ("spike", "blob", 2),
    ("reef", "blob", 2),
    ("worm", "blob", 1),
    ("hatchling", "blob", 1),
    ("leviathan", "blob", 1),
    ("stinger", "blob", 2),
    ("tower", "machine_cult", 2),
    ("oracle", "machine_cult", 2),
    ("nexus", "machine_cult", 2),
    ("yard", "machine_cult", 1),
    ("yacht", "consortium", 0),
    ("liner", "consortium", 1),
    ("globe", "consortium", 0),
    ("orb", "consortium", 0),
    ("exchange", "consortium", 1),
    ("tower", "consortium", 1),
    ("spire", "consortium", 1),
    ("knight", "kingdom", 0),
    ("paladin", "kingdom", 0),
    ("castle", "kingdom", 0),
    ("keep", "kingdom", 0),
    ("fortress", "kingdom", 0),
    ("bastion", "kingdom", 1),
    ("citadel", "kingdom", 1),
    ("fort", "kingdom", 1),
    ("junk", "scavengers", 0),
    ("salvage", "scavengers", 0),
    ("scrap", "scavengers", 0),
    ("yard", "scavengers", 0),
    ("raider", "scavengers", 1),
    ("pirate", "scavengers", 1),
    ("corsair", "scavengers", 1),
    ("hideout", "scavengers", 1),
    ("lair", "scavengers", 1),
    ("smuggler", "scavengers", 1),
)


def _unaligned_craft(card_id: str) -> Callable[..., None]:
    def draw(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
        ship_unaligned(pen, rng, t, "", card_id)

    return draw


def pick_motif(card_id: str, faction: str, is_base: bool,
               rng: random.Random) -> Callable[..., None]:
    """The subject of a picture.  A faction without motifs of its own (unaligned, or one
    this module does not know) gets a small unaligned craft for a ship and the ring
    station for a base — a ship never falls back to a station."""
    if is_base:
        variants = BASES.get(faction) or BASES["unaligned"]
    else:
        variants = SHIPS.get(faction) or [_unaligned_craft(card_id)]
    for word, fac, idx in HINTS:
        if word in card_id and fac in ("*", faction):
            if idx < 0 and not is_base:
                return _squadron(variants[rng.randrange(len(variants))])
            if idx >= 0:
                return variants[idx % len(variants)]
    return variants[rng.randrange(len(variants))]


def outpost_extras(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Turrets on the rim and a faint shield bubble, drawn over an outpost's station."""
    for sx in (-1, 1):
        x, y = sx * 0.44, 0.08
        pen.poly([(x - 0.05, y + 0.05), (x + 0.05, y + 0.05), (x + 0.04, y - 0.03),
                  (x - 0.04, y - 0.03)], t["edge"])
        pen.line([(x, y - 0.02), (x + sx * 0.09, y - 0.13)], t["edge"], 0.028)
        pen.line([(x, y - 0.02), (x + sx * 0.09, y - 0.13)], t["light"], 0.012)
    pen.circle(0, 0.02, 0.62, None, outline=(150, 200, 255, 70), width=0.02, glow=True)


def hero_bust(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """A hero (Crisis): a commander's bust in the faction's tones — shoulders with
    pauldrons, a high collar, a helmeted head with a glowing visor, a rank star."""
    shoulders = [(0.0, 0.08), (0.2, 0.1), (0.38, 0.16), (0.46, 0.3), (0.48, 0.52),
                 (0.0, 0.52)]
    pts = shoulders + [(-x, y) for x, y in reversed(shoulders)]
    pen.poly(inset(pts, 1.05), t["edge"])
    pen.poly(pts, t["dark"])
    pen.poly(inset(pts, 0.8, 0.0, 0.04), t["mid"])
    for sx in (-1, 1):  # pauldrons
        pen.circle(sx * 0.34, 0.2, 0.12, t["edge"])
        pen.circle(sx * 0.34, 0.2, 0.1, t["light"] if sx < 0 else t["mid"])
    pen.sym([(0.0, 0.02), (0.1, 0.03), (0.13, 0.16), (0.0, 0.2)], t["edge"])  # collar
    pen.circle(0.0, -0.15, 0.21, t["edge"])  # head and helmet
    pen.circle(0.0, -0.15, 0.19, t["mid"])
    pen.circle(-0.04, -0.2, 0.1, t["light"])  # lit from the upper left
    pen.poly([(-0.19, -0.19), (0.19, -0.19), (0.16, -0.1), (-0.16, -0.1)], t["edge"])
    pen.poly([(-0.16, -0.175), (0.16, -0.175), (0.135, -0.115), (-0.135, -0.115)], t["glow"])
    pen.line([(-0.15, -0.145), (0.15, -0.145)], t["glow"], 0.03, glow=True)
    pen.poly([(-0.025, -0.38), (0.025, -0.38), (0.02, -0.33), (-0.02, -0.33)], t["light"])
    star = [(0.0, 0.24), (0.025, 0.29), (0.08, 0.295), (0.04, 0.33), (0.05, 0.39),
            (0.0, 0.36), (-0.05, 0.39), (-0.04, 0.33), (-0.08, 0.295), (-0.025, 0.29)]
    pen.poly([(x + 0.2, y) for x, y in inset(star, 1.25)], t["edge"])
    pen.poly([(x + 0.2, y) for x, y in star], t["accent"])
