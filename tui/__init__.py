"""masscombat: a terminal companion for running army-scale battles."""

import os

__version__ = "0.1.0"

# Pydantic looks for plugins among every installed package's metadata the
# first time a model validates (and imports the email parser to read it):
# ~30 ms of every start. masscombat uses none; a PYDANTIC_DISABLE_PLUGINS
# set by the user wins.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
