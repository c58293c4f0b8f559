"""The perfect hash shared by the high-hand and Turkish table generators.

Keys are integers below 2**key_bits that are sparse in that range. Multiplying by an
odd number modulo 2**key_bits mixes their bits without losing any (it is a
bijection, so no two keys can collide); the top ``key_bits - col_bits`` bits of the
product pick a row, the low ``col_bits`` bits a column, and a per-row offset
shifts each row to a place in one flat table where none of its columns collide.
The offsets are found greedily, largest rows first (as in OMPEval and
b-inary/holdem-hand-evaluator), with the table's occupancy kept as one big-int
bitset so that a row's first free offset is a few shifts and ANDs.

The C side looks a key up as ``offset[mixed >> col_bits] + (mixed & col_mask)``
with ``mixed = key * multiplier mod 2**key_bits``; ``slot`` below is the same.
"""

from __future__ import annotations

# The multipliers tried form a fixed sequence (an LCG from the seed, forced odd),
# so that every build produces the same tables.
_LCG_MUL = 0x2C9277B5
_LCG_ADD = 0x3C6EF372


def multipliers(seed: int, key_bits: int, tries: int):
    """The ``tries`` odd multipliers tried, starting with ``seed`` as given."""
    multiplier = seed
    for _ in range(tries):
        yield multiplier
        multiplier = (multiplier * _LCG_MUL + _LCG_ADD) & ((1 << key_bits) - 1) | 1


def slot(key: int, multiplier: int, offsets, key_bits: int, col_bits: int) -> int:
    """The table slot of ``key``: its row's offset plus its column."""
    mixed = (key * multiplier) & ((1 << key_bits) - 1)
    return offsets[mixed >> col_bits] + (mixed & ((1 << col_bits) - 1))


def displace(keys, multiplier: int, key_bits: int, col_bits: int):
    """(row offsets, table size) for one odd multiplier."""
    rows: dict[int, list[int]] = {}
    for key in keys:
        mixed = (key * multiplier) & ((1 << key_bits) - 1)
        rows.setdefault(mixed >> col_bits, []).append(mixed & ((1 << col_bits) - 1))
    offsets = [0] * (1 << (key_bits - col_bits))
    occupied = 0  # bit i set: slot i is taken
    for row in sorted(rows, key=lambda r: (-len(rows[r]), r)):
        free = ~occupied
        fits = -1
        for col in rows[row]:
            fits &= free >> col  # bit d set: slot col + d is free
        offset = (fits & -fits).bit_length() - 1
        offsets[row] = offset
        for col in rows[row]:
            occupied |= 1 << (col + offset)
    # Long enough for any key_bits-bit key, so that even an invalid card
    # (check=False) reads inside the table instead of past its end.
    size = max(occupied.bit_length(), max(offsets) + (1 << col_bits))
    return offsets, size


def search(keys, key_bits: int, col_bits: int, seed: int, tries: int):
    """(multiplier, offsets, size) of the multiplier giving the smallest table; the
    first such multiplier of the sequence on a tie."""
    keys = list(keys)
    best = None
    for multiplier in multipliers(seed, key_bits, tries):
        offsets, size = displace(keys, multiplier, key_bits, col_bits)
        if best is None or size < best[2]:
            best = (multiplier, offsets, size)
    return best
