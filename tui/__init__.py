"""masscombat: a terminal companion for running army-scale battles."""

__version__ = "0.1.0"
