"""The deal shuffle: a fixed PRNG so a deal number means the same layout everywhere.

Python's `random` may change between versions, so deals use SplitMix64 (Steele, Lea and Flood,
2014), a 64-bit generator small enough to state here in full, and a Fisher-Yates shuffle with
rejection sampling so every permutation is equally likely. Only integer arithmetic is used, so
CPython and Pyodide agree bit for bit.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
MAX_DEAL = (1 << 63) - 1


class SplitMix64:
    """SplitMix64: state += golden gamma, then two xor-shift-multiply rounds."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), rejecting the biased top of the 64-bit range."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffled(items: list[int], deal: int) -> list[int]:
    """A copy of `items` shuffled by deal number `deal` (0 <= deal < 2**63)."""
    if not isinstance(deal, int) or isinstance(deal, bool) or not 0 <= deal <= MAX_DEAL:
        raise ValueError(f"deal must be an integer from 0 to {MAX_DEAL}; got {deal!r}")
    rng = SplitMix64(deal)
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out
