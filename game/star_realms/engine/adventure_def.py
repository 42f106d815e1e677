"""An adventure's definition as loaded from rules/adventures.toml (immutable)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class AdventureDef:
    id: str
    name_en: str
    name_ru: str
    min_players: int
    max_players: int
    coop: str  # team | separate (Dimensional Horror) | shared_turn (Pirates)
    boss_authority: int  # per player (0: no authority)
    player_authority: int
    player_deck: tuple[tuple[str, int], ...]
    story_en: str
    story_ru: str
    setup: Mapping[str, Any] = field(default_factory=dict)  # the book's setup specifics
    designed: Mapping[str, Any] = field(default_factory=dict)  # ours: the big card's rules

    def name(self, lang: str) -> str:
        return self.name_ru if lang == "ru" else self.name_en
