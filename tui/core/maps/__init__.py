"""Where armies stand: the zone board (zone cards, adjacency, paths) and
the edges between zones whose crossing costs shifts."""
