"""Kingmaker Fantasy Battle: Ultimate Campaign's armies on the Kingmaker
text's battle mat (see ``rules``, ``derive``, ``mat`` and ``play``)."""
