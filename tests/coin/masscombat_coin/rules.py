"""The Coin Toss ruleset: how many coins a side flips, how many heads win."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import Field

from tui.core.records import Record
from tui.core.ruleset_base import RulesetInfo
from tui.core.files.ruleset_files import RulesetSpec


class CoinRuleset(Record):
    ruleset: RulesetInfo
    coins_per_flip: Annotated[int, Field(ge=1, le=10)]
    heads_to_win: Annotated[int, Field(ge=1, le=99)]


SHIPPED = RulesetSpec("coin-toss.toml", CoinRuleset, Path(__file__).resolve().parent)
