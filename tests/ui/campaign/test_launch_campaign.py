"""``masscombat CAMPAIGN.toml``: the campaign app, a battle played from it
in the battle app, and back to the campaign (offering that battle's
aftermath), the settings going on as the GM left them, until the GM quits."""

from __future__ import annotations

from types import SimpleNamespace

import tui.ui.app
import tui.ui.campaign.app
from tests.core.campaign.kit import mustered, stolen_lands
from tui.core.files.storage import create_session
from tui.core.i18n import set_language
from tui.ui import launch as launch_module
from tui.ui.campaign.choice import CampaignExit


def test_a_battle_played_from_the_campaign_comes_back_to_it(tmp_path, monkeypatch, capsys):
    campaign = stolen_lands()
    path, _ = mustered(campaign, tmp_path)
    create_session(path, campaign).close()
    seen: list[tuple[str, object]] = []

    class FakeCampaign:
        def __init__(self, session, settings, settings_file, *, finished=None, **kwargs):
            self.session, self.finished, self.return_code = session, finished, 0
            self.settings = settings.model_copy(update={"language": "de"}) if finished is None else settings  # F2 here
            seen.append(("campaign", finished, settings.language))

        def run(self):
            return CampaignExit(tmp_path / "stolen-lands-b1.toml", "b1") if self.finished is None else None

        def disarm(self):
            return None

        def close_session(self):
            self.session.close()
            return None

    class FakeBattle:
        def __init__(self, session, settings, *args, **kwargs):
            self.session, self.settings = session, settings
            self.return_code, self.exit_problem, self.rescued, self.quit_unsaved = 0, None, None, False
            seen.append(("battle", session.path.name, settings.language))

        def disarm(self):
            return None

        def run(self):
            return None

        def close_session(self):
            self.session.close()

    monkeypatch.setattr(tui.ui.campaign.app, "CampaignApp", FakeCampaign)
    monkeypatch.setattr(tui.ui.app, "MassCombatApp", FakeBattle)
    monkeypatch.setenv("MASSCOMBAT_CONFIG", str(tmp_path / "settings.toml"))
    args = SimpleNamespace(battle=str(path), system=None, saves=str(tmp_path), lang="en", seed=None, theme=None, ascii=False, fresh=False, ruleset=None)
    try:
        assert launch_module.launch(args) == 0
    finally:
        set_language("en")
    assert seen == [("campaign", None, "en"), ("battle", "stolen-lands-b1.toml", "de"), ("campaign", "b1", "de")]
    out = capsys.readouterr().out
    assert "Feldzug gespeichert in" in out and "Schlacht gespeichert" not in out  # the battle's way out says nothing
