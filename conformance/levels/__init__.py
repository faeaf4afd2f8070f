"""The deep levels and the tools that play whole games: differential lockstep against the
reference, perft counts, rule firing, and random playouts with traces. (The scenario level
is the pytest plugin, ``conformance.plugin``, with the steps in ``conformance.steps``;
invariants are defined per game in ``conformance.invariants``.)"""
