"""Coin Toss: a made-up rule system of its own package (see README.md)."""
