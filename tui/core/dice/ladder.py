"""What every Fate-based ruleset shares: the Fate dice, the outcomes, and
the ladder that names every rating (This Means War and Second World both
build on it; neither may import the other)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from tui.core.records import Record
from tui.core.ruleset_base import Localised

Rating = Annotated[int, Field(ge=-10, le=20)]


class FateDice(Record):
    count: Annotated[int, Field(ge=1, le=20)]


class FateOutcomes(Record):
    success_with_style_shifts: Annotated[int, Field(ge=1, le=20)]


class LadderStep(Record):
    rating: Rating
    name: Localised


class LadderRuleset(Record):
    """A ruleset whose ratings the Fate ladder names."""

    ladder: tuple[LadderStep, ...]

    def ladder_name(self, rating: int, language: str) -> str:
        """The ladder's word for a rating; beyond the ends, the end's word and the number."""
        by_rating = {step.rating: step.name(language) for step in self.ladder}
        if rating in by_rating:
            return by_rating[rating]
        top, bottom = max(by_rating), min(by_rating)
        edge = top if rating > top else bottom
        return f"{by_rating[edge]}{rating - edge:+d}"

    def rated(self, rating: int, language: str) -> str:
        """A rating as the ladder says it and the number: "Fair (+2)"."""
        return f"{self.ladder_name(rating, language)} ({rating:+d})"

    def on_ladder(self, rating: int) -> bool:
        return any(step.rating == rating for step in self.ladder)

    @model_validator(mode="after")
    def _ladder_unbroken(self) -> "LadderRuleset":
        ratings = sorted(step.rating for step in self.ladder)
        if not ratings or ratings != list(range(ratings[0], ratings[-1] + 1)):
            raise ValueError("the ladder must name every rating from its lowest to its highest once")
        return self


__all__ = ["FateDice", "FateOutcomes", "LadderRuleset", "LadderStep", "Rating"]
