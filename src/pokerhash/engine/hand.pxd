# Compiled, Hand is an extension type: its fields are C struct members and its
# methods C functions (cpdef: still callable, and overridable, from Python), and it
# calls BettingRound's the same way. hand.py stays the one source; without a
# compiler (e.g. under a debugger) the engine runs from it as it is.
cimport cython

# NamedTuple records built in C (the .py's _new_tuple is tuple.__new__ uncompiled).
from pokerhash._records cimport (new_record as _new_tuple, field as _field, new_frozen as _frozen,
                                 new_record5 as _record5, new_record9 as _record9, pool_records as _pool_records)

from pokerhash.betting cimport BettingRound, normalized_action, open_round
# The settlement at every hand's end as C calls (pots.pxd; hand.py imports the Python names).
from pokerhash.pots cimport settle_checked, side_pots_of, top_excess
# Deck under another name: hand.py imports the Python name Deck as well.
from pokerhash.cards cimport Deck as TypedDeck
# The showdown's evaluators as C calls (_core.pxd's C API): see _evaluated.
from libc.stdint cimport uint8_t
from pokerhash._core cimport (evaluate_cards, evaluate_low8_cards, a5_low_cards, deuce7_cards, badugi_cards,
                              evaluate_omaha_cards, evaluate_omaha_low8_cards)


# hand.py's _stepped_tuple: ``count`` cards of ``cards`` every ``step``-th from
# ``start`` (one player's cards of a deal; a negative ``step`` walks down a deck's stack;
# the caller keeps every index within the list) as a
# tuple filled in place: no list appended to and copied, no slice object.
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.ref cimport Py_INCREF


@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline tuple _stepped(list cards, Py_ssize_t start, Py_ssize_t step, Py_ssize_t count):
    cdef tuple got = PyTuple_New(count)
    cdef Py_ssize_t k
    cdef object card
    for k in range(count):
        card = cards[start + k * step]
        Py_INCREF(card)
        PyTuple_SET_ITEM(got, k, card)
    return got


# hand.py's _call_evaluator (an entry of _DIRECT: evaluate, apart, kind) with the C
# evaluator numbered ``kind`` called directly: no Python call, no parsing of the cards
# (the engine's are distinct ints 0..51). A count the evaluator does not take, or kind
# 0, goes to the Python evaluator as it is (which raises for a bad count).
@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline object _evaluated(object evaluate, bint apart, Py_ssize_t kind, object hole, object board):
    cdef uint8_t cards[16]
    cdef Py_ssize_t n_hole, n_board, n, i
    cdef tuple held, shared
    if kind == 0 or type(hole) is not tuple or type(board) is not tuple:  # the engine's are tuples
        return evaluate(hole, board) if apart else evaluate(hole + board)
    held, shared = <tuple>hole, <tuple>board
    n_hole, n_board = len(held), len(shared)
    n = n_hole + n_board
    if n > 16 or (kind == 4 and n != 5) or (kind == 5 and n != 4) or (kind <= 3 and not 5 <= n <= 7) \
            or (kind >= 6 and not (4 <= n_hole <= 6 and 3 <= n_board <= 5)):
        return evaluate(hole, board) if apart else evaluate(hole + board)
    for i in range(n_hole):
        cards[i] = held[i]
    for i in range(n_board):
        cards[n_hole + i] = shared[i]
    if kind == 1:
        return evaluate_cards(cards, <int>n)
    if kind == 2:
        return evaluate_low8_cards(cards, <int>n)
    if kind == 3:
        return a5_low_cards(cards, <int>n)
    if kind == 4:
        return deuce7_cards(cards)
    if kind == 5:
        return badugi_cards(cards)
    if kind == 6:
        return evaluate_omaha_cards(cards, <int>n_hole, &cards[n_hole], <int>n_board)
    return evaluate_omaha_low8_cards(cards, <int>n_hole, &cards[n_hole], <int>n_board)


cdef class Hand:
    cdef public object variant, stakes, options, button, structure, _script, _used, _lowest, _pending
    cdef public object _forced, _opening, _opener, _aggressor, _twice, _result, _deck_cards, _deck_set, _missed, _dead, _conceded
    cdef public tuple _kept
    cdef public dict _index
    cdef public tuple seats, _program, _initial, _board, _boards
    cdef public list _stacks, _contributed, _folded, _hole, _up, _muck, _discarded, _log
    cdef public Py_ssize_t _n, _pc, _stub, _deal_next, _street
    cdef public bint _caller, _by_showing
    cdef public BettingRound _round
    cdef public TypedDeck _deck

    # n and i C ints: range(n) a C loop, [()] * n a list's repeat (Python ints: generic calls).
    @cython.locals(n=Py_ssize_t, i=Py_ssize_t, deal=tuple)
    cpdef _new_deal(self)
    cpdef _post_dead(self, Py_ssize_t i, amount, kind, bint dead=*)
    cpdef Py_ssize_t _big_blind(self) except? -1  # -1 is an index: the last player
    @cython.locals(k=Py_ssize_t, count=Py_ssize_t)
    cpdef _post_blinds(self, list forced)
    cpdef Py_ssize_t _straddle_anywhere(self, list forced, Py_ssize_t first) except -1
    cpdef muck(self, seat)
    cpdef list round_bets(self)
    cpdef tuple snapshot(self, Py_ssize_t index)
    cpdef Py_ssize_t player_index(self, seat) except -1
    cpdef validate(self, action)
    cpdef _validate_move(self, action)
    @cython.locals(round_=BettingRound)
    cpdef act(self, action)
    cpdef _validate_bring_in(self, action)
    @cython.locals(got=list)
    cpdef list _take(self, Py_ssize_t count)
    @cython.locals(stack=list, _=Py_ssize_t, start=Py_ssize_t, top=list)
    cdef _pop_onto(self, list got, Py_ssize_t count)
    cpdef _check_available(self, got)
    @cython.locals(used=set, deck=frozenset, taken=bint, c=object)
    cpdef _check_free(self, tuple got, freed)
    # The replay's deal of cards it holds as ints (hand.py: see there): a C call, the
    # cards' checks C integer tests and typed set look-ups.
    @cython.locals(count=Py_ssize_t, i=Py_ssize_t, c=object, used=set, hole=bint, past=bint)
    cpdef _deal_ints(self, got)
    # The rest of a deal of the players' cards in one call (hand.py: see there).
    @cython.locals(count=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, seen="unsigned long long",
                   given="unsigned long long", card=Py_ssize_t, c=object, got=tuple, used=set, hole=bint,
                   taken=bint, folded=list, players=list, dealt=list, deck=frozenset)
    cpdef _deal_players_ints(self, cards)
    cpdef _burn(self, card)
    cpdef _put_board(self, got)
    cpdef _give(self, Py_ssize_t i, got, bint face_up)
    @cython.locals(players=list, dealt=list, cards_=list, live=Py_ssize_t, total=Py_ssize_t, position=Py_ssize_t,
                   k=Py_ssize_t, stack=list, top=Py_ssize_t)
    cpdef bint _deal_to_players(self, count, bint face_up) except -1
    # The program's op and argument as C ints: compared at every step.
    @cython.locals(op=Py_ssize_t, arg=Py_ssize_t)
    cpdef _advance(self)
    @cython.locals(setup=tuple)
    cpdef _maybe_twice(self)
    cpdef _seventh_street(self)
    @cython.locals(round_=BettingRound)
    cpdef bint _start_round(self, Py_ssize_t street) except -1
    cpdef bint _begin_round(self, BettingRound round_, forced) except -1
    @cython.locals(i=Py_ssize_t)
    cpdef _ask(self, BettingRound round_)
    cpdef _end_round(self)
    cpdef _redeal(self)
    cpdef bint _ask_bring_in(self) except -1
    cpdef Py_ssize_t _bring_in_index(self, list players) except -1
    cpdef Py_ssize_t _best_showing(self) except -1
    # A C function: every draw of a draw game, its locals C ints and typed containers.
    @cython.locals(i=Py_ssize_t, count=Py_ssize_t, held=tuple, thrown=tuple)
    cpdef draw(self, discards=*)
    @cython.locals(i=Py_ssize_t, n=Py_ssize_t, folded=list, cache=list)
    cpdef bint _next_draw(self, most) except -1
    cpdef list _draw_cards(self, Py_ssize_t count)
    cpdef tuple _serve_draw(self, Py_ssize_t i, got)
    @cython.locals(start=Py_ssize_t, hole=tuple, k=Py_ssize_t, muck=list)
    cpdef tuple _deal_draw(self, Py_ssize_t i, tuple held, tuple thrown, Py_ssize_t count)
    @cython.locals(room=Py_ssize_t, served=list)
    cpdef _make_room(self, Py_ssize_t count)
    cpdef list _take_muck(self)
    @cython.locals(deck=TypedDeck, cards=list, stack=list)
    cpdef _restock(self)
    @cython.locals(n=Py_ssize_t, i=Py_ssize_t, runs=Py_ssize_t, run=Py_ssize_t, number=Py_ssize_t, seats=tuple,
                   folded=list, live=list, stacks=list, index=dict, returned=dict, boards=tuple, highs=list,
                   lows=list, settlements=tuple, payouts=dict, initial=tuple, final=dict, net=dict, setup=tuple)
    cpdef _finish(self)
    # The nets of a finished hand (result, and the RL environments at every hand's end).
    @cython.locals(i=Py_ssize_t, stacks=list, initial=tuple, nets=list)
    cpdef list nets(self)
    # The HandResult built when first read (result): a C call.
    @cython.locals(i=Py_ssize_t, seats=tuple, initial=tuple, final=dict, net=dict, stacks=list, setup=tuple)
    cdef _result_record(self, tuple parts)
    # _finish's usual path (no log, one board, no rake): C loops by index.
    @cython.locals(n=Py_ssize_t, i=Py_ssize_t, top=Py_ssize_t, uncalled="long long", put="long long",
                   top_level="long long", previous="long long", level="long long", amount="long long",
                   last_level="long long", dead="long long", seats=tuple, stacks=list,
                   contributed=list, puts=list, returned=dict, high=list, low=list, eligible=list)
    cdef _settle_by_index(self, list live)
    @cython.locals(n=Py_ssize_t, i=Py_ssize_t, holes=list, high=list, low=list)
    cdef tuple _index_values(self, list live)
    @cython.locals(i=Py_ssize_t, seats=tuple, folded=list)
    cpdef _pots(self)
    cpdef tuple _showdown(self, list live, pots, boards, list highs, list lows)
    @cython.locals(seats=tuple, run=Py_ssize_t, i=Py_ssize_t, run_highs=dict)
    cpdef _values(self, list live, boards, list highs, list lows)
    @cython.locals(seats=tuple, run=Py_ssize_t, i=Py_ssize_t, k=Py_ssize_t, order=list, shown_seats=list, shown=list,
                   holes=list)
    cpdef tuple _show(self, list live, pots, boards, list highs, list lows)
    @cython.locals(other=Hand, k=Py_ssize_t, seats=tuple, initial=tuple, log=list)
    cpdef Hand next_hand(self, button, deck)
    # Every field of a new hand (__init__ after its checks, next_hand): a C call.
    @cython.locals(n=Py_ssize_t, index=dict, setup=tuple, indexes=dict)
    cdef _set_up(self, variant, options, given, structure, stakes, tuple seats, button, tuple initial, program,
                 deck_cards, deck_set, lowest, tuple missed, bint log, deck, script, used, bint caller)


# The checks of a caller's cards as ints (Hand._deal_ints, Hand._deal_players_ints): a C
# function, its tests C integer tests; the cards as bits (0 for no card: except?).
@cython.locals(seen="unsigned long long", bit="unsigned long long", one="unsigned long long", again=Py_ssize_t,
               card=Py_ssize_t, c=object)
cdef unsigned long long _int_cards(tuple got) except? 0


# The program's ops (hand.py: range(8)): C ints, so that _advance compares C ints at
# every step (Python ints would be made of its op and compared as objects).
cdef Py_ssize_t _HOLE, _UP, _BURN, _BOARD, _DRAW, _BETTING, _SEVENTH, _SHOWDOWN
# The enum members (and the OVER record) compared at every action and draw, as C
# globals: a module global's read is a dict look-up (~7 instructions).
cdef object _ALL_IN, _BLIND, _ANTE, _FORCED_KIND_BRING_IN, _BET, _RAISE, _CHECK, _FOLD, _CALL, _FIRST_SHOWING
cdef object _FORCED_BLINDS, _FORCED_BRING_IN, _WAIT_BRING_IN, _WAIT_DEAL, _WAIT_DECISION, _WAIT_DRAW, _OVER
cdef object _PENDING_TYPE, _ACTION_TYPE
# A caller's burn and board deals' shared Pending records (Hand._advance).
cdef object _BURN_PENDING
cdef tuple _BOARD_PENDING

# Every hand's game shape and checked structure (cached per game): C calls, not Python ones.
cpdef tuple _deal_shape(variant, players, four_players_use_36_cards, large_draw_tables)
cpdef tuple _structure(stakes, variant, half_bet_all_in=*)
# Turkish poker's opening check at every first-round decision: a C call.
cpdef bint _may_open(opening, tuple hole, lowest) except -1
cdef object _TURKISH_OPENERS, _REASON_OPENING, _REASON_TEXT
cdef Py_ssize_t _OPEN_CLASS, _TK_CODE_BITS
cpdef str _no_open_reason(opening)
from pokerhash._core cimport turkish5_cards


# hand.py's _no_direct_opening (see there): kings or better of the built-in opening as
# the C evaluator's value compared with _OPEN_CLASS, no Python call and no parsing: 1 or
# 0; -1 (can_open_turkish decides) unless the hand is five distinct ints of the deck
# from ``lowest`` (6..9), which the engine's always are.
@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline int _opens_kings(tuple hole, object lowest) except -2:
    cdef uint8_t cards[5]
    cdef Py_ssize_t i, low
    cdef long card
    cdef unsigned long long seen = 0
    cdef object item
    if len(hole) != 5 or type(lowest) is not int:
        return -1
    low = lowest
    if not 6 <= low <= 9:
        return -1
    for i in range(5):
        item = hole[i]
        if type(item) is not int:
            return -1
        card = item
        if not (low - 2) * 4 <= card <= 51 or seen >> card & 1:
            return -1
        seen |= 1ULL << card
        cards[i] = <uint8_t>card
    return (turkish5_cards(cards, <int>(low - 2)) >> _TK_CODE_BITS) >= _OPEN_CLASS
# Called for every hand: a C call.
cpdef tuple _clockwise(list order, button)
# A finished hand's nets by player index (result, nets()): a C call, a C loop.
@cython.locals(i=Py_ssize_t, nets=list)
cdef list _nets_by_index(list stacks, tuple initial, cap)
# The players not folded, at every step of a hand: a C loop.
@cython.locals(count=Py_ssize_t, k=Py_ssize_t)
cpdef Py_ssize_t _count_false(list values) except -1
# Hand.folded (read once a hand by a rollout's end test): a C loop.
@cython.locals(k=Py_ssize_t)
cpdef tuple _folded_seats(tuple seats, list folded)
# Called at every draw: a C call, not a Python one.
# Card sets as bits of a 64-bit int (cards are 0..51).
@cython.locals(k=Py_ssize_t, j=Py_ssize_t, n=Py_ssize_t, taken=Py_ssize_t, one=Py_ssize_t, thrown=tuple)
cpdef tuple _held_ints(discards, tuple held)
@cython.locals(k=Py_ssize_t, card=Py_ssize_t, left=Py_ssize_t, one=Py_ssize_t)
cpdef tuple _held_values(tuple thrown, tuple held)
@cython.locals(k=Py_ssize_t, card=Py_ssize_t, gone=Py_ssize_t, one=Py_ssize_t, kept=list)
cpdef list _kept(tuple held, tuple thrown)
# Called for every hand shown down.
cpdef _value(value, direct, hole, board, lowest)
# A pot paid at the end of a hand without a log (Hand._settle_by_index): C calls.
@cython.locals(i=Py_ssize_t, low_half="long long")
cdef _pay_indexes(list stacks, long long amount, list eligible, list high, list low)
@cython.locals(ways=Py_ssize_t, first=Py_ssize_t, i=Py_ssize_t, share="long long")
cdef _pay_best_indexes(list stacks, long long amount, list eligible, list values, best)
@cython.locals(run=Py_ssize_t, high=dict, low=dict)
cpdef bint _may_win(seat, list shown, pots, list highs, list lows) except -1


# hand.py's _cut_list and _drawn_hole_list (see there) in C, with _stepped above: the
# deal's and the draw's cards straight from the deck's stack into the hands' tuples
# (PyTuple_New, PyTuple_SET_ITEM and Py_INCREF cimported above, for _stepped).
from cpython.ref cimport PyObject

cdef extern from "Python.h":
    PyObject *PyList_GET_ITEM(object stack, Py_ssize_t i)  # a borrowed reference, not counted here
    void Py_SET_SIZE(object stack, Py_ssize_t size)
    int _list_set_slice "PyList_SetSlice"(object stack, Py_ssize_t low, Py_ssize_t high, PyObject *items) except -1


cdef inline int _cut(list stack, Py_ssize_t start) except -1:
    return _list_set_slice(stack, start, len(stack), NULL)


@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline tuple _drawn_hole(tuple held, tuple thrown, list stack, Py_ssize_t count):
    cdef unsigned long long gone = 0
    cdef Py_ssize_t n = len(held), k, at = 0, top = len(stack) - 1
    cdef long card
    cdef object item
    cdef tuple out
    for k in range(len(thrown)):
        card = thrown[k]  # cards of held (draw() checked them): 0..51
        gone |= 1ULL << card
    out = PyTuple_New(n - len(thrown) + count)
    for k in range(n):
        item = held[k]
        card = item
        if not gone >> card & 1:
            Py_INCREF(item)
            PyTuple_SET_ITEM(out, at, item)
            at += 1
    # The stack's last count cards move into the tuple, references and all, and the list
    # is shortened over them, as list.pop does (no slice deletion, no reference counted
    # twice). Nothing between the tuple's allocation and here can fail.
    for k in range(count):
        PyTuple_SET_ITEM(out, at + k, <object>PyList_GET_ITEM(stack, top - k))  # the caller keeps count within
    Py_SET_SIZE(stack, top + 1 - count)
    return out


# The event records of the log (hand.py: ev.Act etc.), read at every logged event.
cdef object _EV_ACT, _EV_BURN, _EV_DEAL, _EV_DRAW, _EV_MUCK, _EV_POST, _EV_RAKE, _EV_RETURN, _EV_SHOW, _EV_START, _EV_WIN
