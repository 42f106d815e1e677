"""Campaign files: one versioned JSON per campaign, written atomically, several side by
side in ``campaigns/`` next to the saves (the user data dir unless the game runs from a
writable folder); ``STARFOLD_CAMPAIGNS_DIR`` (alias ``STAR_REALMS_CAMPAIGNS_DIR``) overrides."""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game import user_dirs, versioned_json
from game.settings import atomic_write_text
from game.star_realms.campaign.model import Campaign, CampaignError, from_json
from game.star_realms.engine.cards import CardDB

MAX_BYTES = 4 * 1024 * 1024


def campaigns_dir() -> Path:
    override = user_dirs.env("CAMPAIGNS_DIR")
    if override:
        return Path(override)
    from game.star_realms.saves import saves_dir

    return saves_dir() / "campaigns"


def new_id(folder: Path | None = None) -> str:
    """A fresh campaign id (the date, then a counter if that name is taken)."""
    stem = datetime.now().strftime("c%Y%m%d-%H%M%S-") + f"{int(time.time() * 1000) % 1000:03d}"
    cid, n = stem, 1
    while path_of(cid, folder).exists():
        n += 1
        cid = f"{stem}-{n}"
    return cid


def path_of(cid: str, folder: Path | None = None) -> Path:
    return (folder or campaigns_dir()) / f"{cid}.json"


def save(c: Campaign, folder: Path | None = None) -> Path:
    path = path_of(c.id, folder)
    atomic_write_text(path, c.dumps())
    return path


def load(path: Path, db: CardDB) -> Campaign:
    data = versioned_json.read_regular(Path(path), MAX_BYTES, CampaignError)
    return from_json(versioned_json.parse(data, "campaign", MAX_BYTES, CampaignError), db)


@dataclass(frozen=True)
class CampaignInfo:
    path: Path
    campaign: Campaign | None
    error: str = ""


def list_campaigns(db: CardDB, folder: Path | None = None) -> list[CampaignInfo]:
    """Every campaign file, most recently played first (damaged ones with a reason)."""
    folder = folder or campaigns_dir()
    if not folder.is_dir():
        return []
    out = []
    for p in versioned_json.json_files(folder):
        try:
            out.append(CampaignInfo(p, load(p, db)))
        except CampaignError as exc:
            out.append(CampaignInfo(p, None, str(exc)))
    return out
