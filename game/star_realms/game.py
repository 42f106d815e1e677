"""Star Realms as the shell sees it: the ``GAME`` object of :mod:`game.games`.

Everything here is a thin door into the package; imports are made when a door is used,
so listing the games costs nothing."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from game import i18n
from game.games import ContinueInfo, MenuEntry
from game.ui import routes

if TYPE_CHECKING:
    from game.ui.app import App

GAME_ID = "star_realms"


def _push(route: str):
    """A menu entry's action: push the scene of a route (game.ui.routes)."""

    def open_scene(app: App) -> None:
        app.push(routes.make(app, f"{GAME_ID}.{route}"))

    return open_scene


class StarRealms:
    id = GAME_ID
    # saves.MAGIC, named here so the door imports no engine (a test keeps them equal)
    save_magic = "star-realms-table-save"

    @property
    def engine(self) -> ModuleType:
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.star_realms import engine

        return engine

    def title(self, lang: str) -> str:
        return i18n.t("games.star_realms", lang=lang or None)

    def menu_entries(self) -> list[MenuEntry]:
        return [MenuEntry("new_game", _push("setup")),
                MenuEntry("adventures", _push("adventures")),
                MenuEntry("campaign", _push("campaigns")),
                MenuEntry("load", _push("load")),
                MenuEntry("rules", _push("rules")),
                MenuEntry("cards", _push("cards"))]

    def check_data(self) -> list[str]:
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.star_realms.data import RulesError, load_rules

        try:
            load_rules()
        except RulesError as exc:
            return list(exc.errors)
        return []

    def continue_save(self) -> ContinueInfo | None:
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.star_realms.data import load_rules
        from game.star_realms.saves import latest_unfinished_autosave, tidy

        tidy()  # what a killed game left behind: temp files, one autosave too many
        info = latest_unfinished_autosave(db=load_rules())
        if info is None:
            return None
        try:
            mtime = info.path.stat().st_mtime
        except OSError:
            return None
        return ContinueInfo(info.path, mtime)

    def open_save(self, app: App, path: Path) -> str:
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.star_realms.ui.scenes.load import open_save

        return open_save(app, path)

    def routes(self) -> dict[str, str]:
        scenes = "game.star_realms.ui.scenes"
        return {f"{GAME_ID}.{name}": f"{scenes}.{target}" for name, target in {
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
        }.items()}

    def make_player(self, kind: str, seed: int) -> Any:
        if kind == "boss":
            # lazy: the shell lists games by name; the package loads only when this door is used
            from game.star_realms.sim import BossPilot

            return BossPilot()
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.star_realms.ai.base import make_player

        return make_player(kind, seed)

    def build_model(self, state: Any, seat: int) -> Any:
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.star_realms.model import build_model

        return build_model(state, seat)


GAME = StarRealms()


def _register_routes() -> None:
    for route, target in GAME.routes().items():
        routes.register(route, target)


_register_routes()
