"""Star Realms as the shell sees it: the ``GAME`` object of :mod:`game.games`.

Everything here is a thin door into the package; imports are made when a door is used,
so listing the games costs nothing."""

from __future__ import annotations

from types import MappingProxyType, ModuleType
from typing import Any

from game.games import MenuEntry
from game.ui.door import PackageDoor

GAME_ID = "star_realms"


class StarRealms(PackageDoor):
    id = GAME_ID
    save_magic = "star-realms-table-save"
    package = "game.star_realms"
    title_key = "games.star_realms"
    scenes = MappingProxyType({
        "setup": "setup:SetupScene",
        "table": "table:TableScene",
        "game_over": "game_over:GameOverScene",
        "adventures": "adventures:AdventuresScene",
        "story": "adventures:StoryScene",
        "boss_turn": "boss_turn:BossTurnScene",
        "campaigns": "campaign_list:CampaignListScene",
        "new_campaign": "campaign_new:NewCampaignScene",
        "campaign_hub": "campaign_hub:CampaignHubScene",
        "envelope": "campaign_envelope:EnvelopeScene",
        "campaign_notice": "campaign_notice:NoticeScene",
        "campaign_topup": "campaign_topup:TopUpScene",
        "campaign_end": "campaign_topup:CampaignEndScene",
        "load": "load:LoadScene",
        "pause": "overlays:PauseScene",
        "rules": "overlays:RulesScene",
        "browse": "overlays:BrowseScene",
        "cards": "card_browser:CardBrowserScene",
        "records": "records:RecordsScene",
        "learn": "lessons:LessonsScene",
        "tutorial": "tutorial:TutorialScene",
    })

    @property
    def engine(self) -> ModuleType:
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.star_realms import engine

        return engine

    def menu_entries(self) -> list[MenuEntry]:
        return [MenuEntry(key, self.push(route)) for key, route in (
            ("new_game", "setup"), ("learn", "learn"), ("adventures", "adventures"),
            ("campaign", "campaigns"), ("load", "load"), ("rules", "rules"),
            ("cards", "cards"))]

    def load_rules(self) -> Any:
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.star_realms.data import load_rules
        from game.star_realms.tutorial import load_script

        db = load_rules()
        load_script(db)  # the cards, then the lessons (Learn to play)
        return db

    def latest_autosave(self, saves: ModuleType) -> Any:
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.star_realms.data import load_rules

        return saves.latest_unfinished_autosave(db=load_rules())

    def make_player(self, kind: str, seed: int) -> Any:
        if kind == "boss":
            # lazy: the shell lists games by name; the package loads only when this door is used
            from game.star_realms.sim import BossPilot

            return BossPilot()
        return super().make_player(kind, seed)

    def build_model(self, state: Any, seat: int) -> Any:
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.star_realms.model import build_model

        return build_model(state, seat)


GAME = StarRealms()
GAME.register_routes()
