"""The Textual app: a system-neutral shell (app, launch, settings, help,
the one set of dialogs), shared widgets, and one package per system."""

import os

# Textual draws at most MAX_FPS frames a second, and a change that takes a
# layout pass or a message to a parent lands a frame or two after the key:
# at the default 60 that is 17-50 ms before the screen is done. At 240 the
# same steps take 4-12 ms; frames are only drawn when something changed, so
# an idle app costs nothing more. Read once, when Textual is first imported
# (this package is imported before it); a TEXTUAL_FPS set by the GM wins.
os.environ.setdefault("TEXTUAL_FPS", "240")
