"""Dice and their exact odds: Year Zero pools and skill rolls, Fate dice
and the ladder, the d20, faces typed from real dice, and the quick roll
that reads any of them from one expression."""
