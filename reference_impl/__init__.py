"""Reference engines for the rulespec games, and the protocol server that serves them."""
