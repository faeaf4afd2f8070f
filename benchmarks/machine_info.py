"""What a benchmark ran on: the CPU model and count, and the machine's load.

Printed beside every benchmark's figures: a ratio measured on one CPU model does not carry
to another (OpenSpiel's Python tic-tac-toe ran at 0.34-0.35 of the in-repo toy's rate on
this project's Intel Xeon machine, and the same reference engines reached 1.2-1.4x more
of OpenSpiel's rate on the AMD EPYC machine of the earlier sessions).
"""

from __future__ import annotations

import os
import platform
from pathlib import Path


def load() -> str:
    """The 1, 5 and 15 minute load averages (the machine may be shared), or "unknown"."""
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def machine() -> str:
    """The CPU model and the number of CPUs (Linux ``/proc/cpuinfo``; else the platform)."""
    try:
        info = Path("/proc/cpuinfo").read_text()
    except OSError:
        return f"{platform.machine() or 'unknown CPU'}, {os.cpu_count()} CPUs"
    models = [line.split(":", 1)[1].strip() for line in info.splitlines()
              if line.startswith("model name")]  # fmt: skip
    return f"{models[0] if models else platform.machine()}, {os.cpu_count()} CPUs"
