"""The rules core: pure Python, never imports textual or rich."""
