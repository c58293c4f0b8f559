# The C-level API of pokerhash, for other Cython packages:
#
#     from pokerhash._core cimport evaluate_cards
#
# Cards are uint8 in 0..51 (rank * 4 + suit), distinct; nothing is checked at this
# level. Strengths are 1..7462, higher is stronger (rules: Standard hand ranking).
# All functions are noexcept nogil, so they can run in prange loops or threads.
from libc.stdint cimport uint8_t, uint16_t

cdef uint16_t evaluate_cards(const uint8_t *cards, int n) noexcept nogil
cdef uint16_t evaluate5_cards(const uint8_t *cards) noexcept nogil

# Turkish poker (rules: Turkish poker): five distinct cards of the deck whose lowest
# rank index is lowest_rank (4..7: six to nine); value class << 20 | suit code, higher
# is stronger, unique within the deck (see pokerhash.evaluators.turkish).
from libc.stdint cimport uint32_t

cdef uint32_t turkish5_cards(const uint8_t *cards, int lowest_rank) noexcept nogil

# Omaha high (rules: Games that pick five cards from more): exactly two of n_hole
# (4..6) with three of n_board (3..5).
# The first call builds a 1.5 MB table (a few milliseconds); safe from any thread.
cdef uint16_t evaluate_omaha_cards(const uint8_t *hole, int n_hole, const uint8_t *board,
                                   int n_board) noexcept nogil
# Eight-or-better lows (rules: Low hands): 0 = none, else 1..56, higher is better.
cdef uint8_t evaluate_low8_cards(const uint8_t *cards, int n) noexcept nogil
cdef uint8_t evaluate_omaha_low8_cards(const uint8_t *hole, int n_hole, const uint8_t *board,
                                       int n_board) noexcept nogil

# Short-deck Hold'em (rules: Other games): 5..7 distinct cards of the 36-card deck (16..51);
# 1..1404, higher is stronger; three of a kind above a straight when trips_beat_straight.
cdef uint16_t shortdeck_cards(const uint8_t *cards, int n, bint trips_beat_straight) noexcept nogil

# A-5 low (rules: Other games): the best five of n (5..7) distinct cards; 1..6175, higher is a
# better low. 2-7 low: exactly five distinct cards; 1..7462, higher is a better low.
cdef uint16_t a5_low_cards(const uint8_t *cards, int n) noexcept nogil
cdef uint16_t deuce7_cards(const uint8_t *cards) noexcept nogil

# Badugi (rules: Other games): four distinct cards; 1..1092, higher is better.
cdef uint16_t badugi_cards(const uint8_t *cards) noexcept nogil
