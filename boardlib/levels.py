"""The lookahead bot's registered strengths, apart from the search that plays them: the
registry (``boardlib.info``) names them for every game and the command line lists them
without loading the search."""

LEVELS: dict[str, int] = {"lookahead_easy": 20, "lookahead": 60, "lookahead_hard": 200}
"""The registered strengths: bot name → simulations per move (every game offers all three)."""
