"""Widgets of the Mass Combat screens: dice, pools, forces, summaries."""
