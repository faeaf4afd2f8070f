"""The connection to an engine: the protocol client (in-process or subprocess), the errors
each step of a session can raise, and paths into canonical states."""
