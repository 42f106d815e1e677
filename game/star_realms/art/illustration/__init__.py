"""Procedural card illustrations: a nebula, stars, sometimes a planet, and a ship or
a station in the card's faction style.

Everything is decided by a random generator seeded from the card id (SHA-256, so the
picture is the same on every machine and every run), in coordinates relative to the
picture size: the same card looks the same at 120 px and at 500 px.

Motifs per faction (ships point up, tilted; stations sit in the middle):

* Star Empire — arrowhead hulls with swept wings; spired fortresses.
* Trade Federation — long rounded hulls with cargo pods; ring stations with spokes.
* Machine Cult — stacked blocky segments with claws; cog-ring stations.
* Blob — organic bodies of merged lobes and tentacles; hive mounds on a moon.
* Consortium (campaign) — sleek needles with crescent wings and liners girdled by a
  gilded halo; globe stations in a trade ring, tiered exchange spires (gold filigree).
* Kingdom (campaign) — armoured hulls like a knight's helm and shield with a lance,
  battlemented warships; walled castles on a rock, star forts with a crowned keep.
* Scavengers (campaign) — lopsided salvage hulls of mismatched riveted plates with one
  big bolted-on engine, pirate raiders with a harpoon; junk heaps with a crane,
  hollowed asteroids with docking tubes.
* Unaligned — small silver craft (Scout, Viper, Explorer).

Outposts get turrets and a faint shield bubble, so even the picture says "outpost".

The parts: :mod:`.backdrop` (nebula, stars, planet), :mod:`.pen` (the pen and shared
drawing helpers), :mod:`.classic_ships` and :mod:`.classic_stations` (the base game's
factions), :mod:`.campaign_factions`, :mod:`.motifs` (which subject a card gets) and
:mod:`.picture` (:func:`render_art`, :func:`card_art`).
"""

from game.star_realms.art.illustration.backdrop import (
    NEBULA_ACCENTS,
    NOISE_CELLS,
    PLANETS,
    seed_of,
)
from game.star_realms.art.illustration.campaign_factions import (
    GOLD,
    RUST,
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
    base_unaligned,
)
from game.star_realms.art.illustration.motifs import (
    BASES,
    HINTS,
    SHIPS,
    pick_motif,
)
from game.star_realms.art.illustration.pen import (
    Pen,
    faction_tones,
)
from game.star_realms.art.illustration.picture import (
    card_art,
    render_art,
)

__all__ = [
    "BASES",
    "GOLD",
    "HINTS",
    "NEBULA_ACCENTS",
    "NOISE_CELLS",
    "PLANETS",
    "RUST",
    "SHIPS",
    "Pen",
    "base_blob",
    "base_blob_moon",
    "base_blob_spikes",
    "base_cons_orb",
    "base_cons_spire",
    "base_kg_bastion",
    "base_kg_castle",
    "base_machine_cult",
    "base_mc_monolith",
    "base_mc_towers",
    "base_sc_hideout",
    "base_sc_junkyard",
    "base_se_citadel",
    "base_se_platform",
    "base_star_empire",
    "base_tf_domes",
    "base_tf_hab",
    "base_trade_federation",
    "base_unaligned",
    "card_art",
    "faction_tones",
    "pick_motif",
    "render_art",
    "seed_of",
    "ship_blob",
    "ship_blob_thorn",
    "ship_blob_worm",
    "ship_cons_liner",
    "ship_cons_yacht",
    "ship_kg_knight",
    "ship_kg_warship",
    "ship_machine_cult",
    "ship_mc_drone",
    "ship_mc_walker",
    "ship_sc_junker",
    "ship_sc_raider",
    "ship_se_dreadnought",
    "ship_se_twin",
    "ship_star_empire",
    "ship_tf_freighter",
    "ship_tf_saucer",
    "ship_trade_federation",
    "ship_unaligned",
]
