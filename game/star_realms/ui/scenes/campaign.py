"""The legacy campaign's screens, split by screen; their names stay importable from here.

* :mod:`.campaign_list` — the list of campaigns;
* :mod:`.campaign_new` — a new campaign;
* :mod:`.campaign_hub` — the hub (the scenario track and the two vaults);
* :mod:`.campaign_envelope` — the envelope of the next scenario;
* :mod:`.campaign_notice` — a message over the scene below;
* :mod:`.campaign_topup` — the top-up and the legacy decks;
* :mod:`game.star_realms.ui.campaign_flow` — how a scenario's game is played, resumed and
  recorded (shared with the load screen and the game-over overlay).
"""

from __future__ import annotations

from game.star_realms.ui.campaign_flow import (
    CampaignSession,
    Line,
    back_to_campaign,
    campaign_for,
    continue_game,
    game_file,
    game_path,
    game_spec_of,
    games_dir,
    load_campaign,
    on_game_over,
    outcome_notice,
    play_scenario,
    result_notice,
    resume_session,
    status_text,
)
from game.star_realms.ui.scenes.campaign_envelope import EnvelopeScene
from game.star_realms.ui.scenes.campaign_hub import CampaignHubScene
from game.star_realms.ui.scenes.campaign_list import (
    DOUBLE_CLICK_MS,
    ROWS,
    CampaignListScene,
)
from game.star_realms.ui.scenes.campaign_new import WISHES, NewCampaignScene
from game.star_realms.ui.scenes.campaign_notice import NoticeScene

__all__ = [
    "DOUBLE_CLICK_MS", "ROWS", "WISHES", "CampaignHubScene", "CampaignListScene",
    "CampaignSession", "EnvelopeScene", "Line", "NewCampaignScene", "NoticeScene",
    "back_to_campaign", "campaign_for", "continue_game", "game_file", "game_path",
    "game_spec_of", "games_dir", "load_campaign", "on_game_over", "outcome_notice",
    "play_scenario", "result_notice", "resume_session", "status_text",
]
