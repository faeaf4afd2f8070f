"""The toy game served over the protocol (for transport self-tests)."""

import sys

from reference_impl.server import Server
from tests.support.toy import GAME

if __name__ == "__main__":
    sys.exit(Server({"toy": GAME}).serve(sys.stdin, sys.stdout))
