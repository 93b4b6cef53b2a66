/* The fast core (issues 27 and 40): the rules, the sensible policy and the strong player's search in C, the one
 * fast implementation (CPython loads it as _csearch.so, the browser as csearch.wasm).
 *
 * It holds the rules of every rule set layout.py does not refuse, a random stream (splitmix64 seeding,
 * xoshiro128**, `below`, `random`), the sensible policy (the engine's `SensiblePlayer`, decision for decision and
 * draw for draw: tests/engine/test_c_sensible.py), the resampling of the unseen cards and the search loop of
 * `kernel_strong.evaluate` (common deals, every candidate from the same stream state, early stop, PLAYOUT_CAP, the
 * sensible tie-break move on deal 0). The engine is the reference: tests/engine/test_kernel_differential.py plays
 * the C against it move for move; tests/engine/test_csearch.py holds the search's figures to those the Python
 * playout kernel (deleted in issue 40) computed.
 *
 * Freestanding: no libc, no malloc; fixed arrays (52 cards, 6 seats), 64-bit masks. The entry points
 * (`sg_evaluate`, `sg_trace`, `sg_simulate`, `sg_study`, `sg_policy`) each read a flat int64 array (layouts in
 * native.py) and write theirs.
 * The workspace is static: callers must not run two searches at once (ctypes.PyDLL keeps the GIL).
 */

#include <stdint.h>

#include "csearch_rules.h" /* the rule words, generated from layout.py */

typedef uint64_t u64;
typedef uint32_t u32;
typedef int64_t i64;

/* what the compiler may call for struct copies; hidden so that the shared library exports only sg_evaluate
 * (a hosted build, such as the sanitizers' test driver, takes libc's: -DSG_HOSTED) */
#ifndef SG_HOSTED
__attribute__((visibility("hidden"))) void *memcpy(void *dst, const void *src, unsigned long n) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    while (n--) *d++ = *s++;
    return dst;
}
__attribute__((visibility("hidden"))) void *memset(void *dst, int c, unsigned long n) {
    unsigned char *d = dst;
    while (n--) *d++ = (unsigned char)c;
    return dst;
}
#endif

#define MAGIC (0x53474B31 | ((int64_t)SG_RULES_FINGERPRINT << 32)) /* "SGK1", the rule table's fingerprint */
#define PLAYOUT_CAP 600
#define TIE_BREAK ((u64)1 << 40)
#define MAXBUF 4096
#define SEATS 6
#define SMALL 16
#define MOST_MOVES (1 << 28) /* a position's moves and a search's start: their sum plus a playout fits an int */

enum { PLAY = 0, PICK_UP = 1, CHANSA = 2, THROW = 3, PASS = 4 };
/* The refusal codes, one place (native.py's REFUSALS names each; tests/engine/test_csearch_fuzz.py checks the two
 * agree). Every entry point checks every word before it uses it and answers one of these instead of reading on. */
enum {
    ERR_INPUT = -1,     /* a word out of its range */
    ERR_MOVES = -2,     /* more moves than the move buffer holds (the caller searches on the Python kernel) */
    ERR_OUTPUT = -3,    /* the output buffer is too small */
    ERR_MAGIC = -4,     /* the first word is not MAGIC (or another rule table's fingerprint) */
    ERR_SEATS = -5,     /* the seat count is not 2..6 */
    ERR_CARDS = -6,     /* a card in two places (hands, won, table, talon, unseen pool) */
    ERR_CANDIDATE = -7, /* a candidate that is not a legal move of the position */
    ERR_LENGTH = -8,    /* the input is shorter or longer than its own counts say */
    ERR_STATE = -9,     /* the search state handed back (deal_from > 0) is not one this search wrote */
    ERR_POSITION = -10, /* the position's words contradict each other (whose turn, the trump, the seats out, ...) */
    ERR_UNSEEN = -11    /* the unseen cards are not the position's hidden hand cards, talon places and set-aside card */
};
#define TEN_IX 8
#define ACE_IX 12
#define HAND_SIZE 3

/* -- tables ------------------------------------------------------------------------------------------------ */
#define BIT(c) ((u64)1 << (c))
#define SUIT_OF(c) ((c) / 13)
#define RANK_OF(c) ((c) % 13)
static const u64 SUIT_MASK = 0x1FFF;

static u64 suit_mask(int s) { return SUIT_MASK << (13 * s); }
static u64 rank_mask(int r) { return BIT(r) | BIT(r + 13) | BIT(r + 26) | BIT(r + 39); }
static u64 above(int c) { return suit_mask(SUIT_OF(c)) & ~((BIT(c) << 1) - 1); }
static u64 at_least(int r) {
    u64 m = 0;
    for (int k = r; k < 13; k++) m |= rank_mask(k);
    return m;
}
static u64 ranks_cards(int ranks) {
    u64 m = 0;
    for (int r = 0; r < 13; r++)
        if (ranks >> r & 1) m |= rank_mask(r);
    return m;
}
static int popcount(u64 x) {
#if defined(__wasm__) || defined(__POPCNT__)
    return __builtin_popcountll(x); /* one instruction here; elsewhere it would call libgcc, which is not linked */
#else
    if (!(x & (x - 1))) return x != 0; /* most masks counted in a playout are one card or none */
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}
static int low_card(u64 mask) { return __builtin_ctzll(mask); }
static int high_card(u64 mask) { return 63 - __builtin_clzll(mask); }

/* -- the random stream ------------------------------------------------------------------------------------- */
typedef struct {
    u32 a, b, c, d;
} Stream;

static u64 splitmix64(u64 x) {
    u64 z = x + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static void reseed(Stream *s, u64 seed, u64 game) {
    u64 x = splitmix64(seed);
    x = splitmix64(x ^ game);
    u64 y = splitmix64(x);
    s->a = (u32)x;
    s->b = (u32)(x >> 32);
    s->c = (u32)y;
    s->d = (u32)(y >> 32);
    if (!(s->a | s->b | s->c | s->d)) s->a = 1;
}
static u32 next32(Stream *s) {
    u32 x = s->b * 5u;
    u32 result = ((x << 7) | (x >> 25)) * 9u;
    u32 t = s->b << 9;
    s->c ^= s->a;
    s->d ^= s->b;
    s->b ^= s->c;
    s->a ^= s->d;
    s->c ^= t;
    s->d = (s->d << 11) | (s->d >> 21);
    return result;
}
static int below(Stream *s, int m) { return (int)(((u64)next32(s) * (u64)m) >> 32); }
static double random01(Stream *s) { return (double)next32(s) / 4294967296.0; }

/* -- the kernel -------------------------------------------------------------------------------------------- */
typedef struct {
    /* rules: the words of csearch_rules.h, and two derived from them */
#define SG_MEMBER(name, high) int name;
    SG_RULE_WORDS(SG_MEMBER)
#undef SG_MEMBER
    int n, multi, plain;
    /* position */
    int phase, to_play, leader, answerer, over, loser, moves, phase1_moves;
    int trump, trump_card, trump_holder, tcount, lead_rank, trick_plays, pos, ranks, winner, round_no, nout, target;
    u64 trump_mask, tl, ta, out;
    u64 h[SEATS], won[SEATS], tbl[SEATS];
    int talon[52], ntalon;
    int stack[52], nstack;
    int contenders[SMALL], ncontenders;
    int round_seats[SMALL], nround_seats;
    int round_ranks[SMALL], nround_ranks;
    int own[SMALL], nown;
    int window[SMALL], nwindow;
    int pile_cards[52], npile;
    int play_starts[53], nstarts;
} Kernel;

static u64 buf[MAXBUF];
static int overflow;

static void p2_start(Kernel *k, int leader);
static void python_deck(u64 seed, int *deck);
static void deal_game(Kernel *k, const Kernel *rules, const int *deck);
static void ev_start(Kernel *k, int leader);
static void tc_start(Kernel *k, int candidate);

static void set_trump(Kernel *k, int suit) {
    k->trump = suit;
    k->trump_mask = suit_mask(suit);
}
static int can_act(const Kernel *k, int seat) { return k->h[seat] != 0 || (k->chansa && k->ntalon > 1); }
static void draw(Kernel *k, int seat) {
    if (!k->ntalon) return;
    int card = k->talon[--k->ntalon];
    if (!k->ntalon) {
        k->trump_card = card;
        k->trump_holder = seat;
    } else {
        k->h[seat] |= BIT(card);
    }
}
static void return_trick(Kernel *k) {
    if (k->tl || k->ta) {
        k->won[k->leader] |= k->tl;
        k->won[k->answerer] |= k->ta;
        k->tl = 0;
        k->ta = 0;
    }
    for (int s = 0; s < k->n; s++) {
        if (k->tbl[s]) {
            k->won[s] |= k->tbl[s];
            k->tbl[s] = 0;
        }
    }
    k->nstack = 0;
    k->tcount = 0;
}
static void end_phase(Kernel *k, int due) {
    return_trick(k);
    k->trick_plays = 0;
    if (k->ntalon) {
        k->trump_holder = due;
        k->trump_card = k->talon[0];
        k->ntalon = 0;
    }
    for (int s = 0; s < k->n; s++) {
        k->h[s] |= k->won[s];
        k->won[s] = 0;
    }
    int holder = k->trump_holder;
    int card = k->trump_card;
    k->h[holder] |= BIT(card);
    set_trump(k, SUIT_OF(card));
    k->trump_card = -1;
    k->phase = 2;
    k->leader = holder;
    k->phase1_moves = k->moves;
    p2_start(k, holder);
}

/* two-card tricks */
static void tc_start(Kernel *k, int candidate) {
    int n = k->n;
    if (k->end_mode == END_DUE) {
        if (!can_act(k, candidate)) {
            end_phase(k, candidate);
            return;
        }
        k->leader = candidate;
        k->answerer = (candidate + 1) % n;
        k->to_play = candidate;
        return;
    }
    int able = 0;
    for (int s = 0; s < n; s++)
        if (can_act(k, s)) able++;
    if (able < 2) {
        end_phase(k, candidate);
        return;
    }
    int leader = candidate;
    while (!can_act(k, leader)) leader = (leader + 1) % n;
    int answerer = (leader + 1) % n;
    while (!can_act(k, answerer)) answerer = (answerer + 1) % n;
    k->leader = leader;
    k->answerer = answerer;
    k->to_play = leader;
}
static void tc_cannot_continue(Kernel *k) {
    if (k->end_mode == END_DUE) {
        end_phase(k, k->to_play);
        return;
    }
    return_trick(k);
    tc_start(k, k->leader);
}
static void tc_apply(Kernel *k, int seat, u64 move) {
    u64 mask;
    int card;
    if ((move & 7) == PLAY) {
        mask = move >> 3;
        k->h[seat] ^= mask;
        card = low_card(mask);
        if (k->ntalon) draw(k, seat);
    } else {
        card = k->talon[--k->ntalon];
        mask = BIT(card);
    }
    if (seat == k->leader)
        k->tl |= mask;
    else
        k->ta |= mask;
    k->tcount++;
    int rank = RANK_OF(card);
    if (k->tcount & 1) {
        k->lead_rank = rank;
        int answerer = k->answerer;
        k->to_play = answerer;
        if (!can_act(k, answerer)) tc_cannot_continue(k);
        return;
    }
    int leader = k->leader;
    if (rank == k->lead_rank) {
        k->to_play = leader;
        if (!can_act(k, leader) || (k->end_mode == END_SKIP && !can_act(k, k->answerer))) tc_cannot_continue(k);
        return;
    }
    int winner = rank > k->lead_rank ? k->answerer : leader;
    k->won[winner] |= k->tl | k->ta;
    k->tl = 0;
    k->ta = 0;
    k->tcount = 0;
    tc_start(k, winner);
}

/* turned-up trump */
static void tt_start(Kernel *k, int leader) {
    if (!k->h[leader]) {
        end_phase(k, leader);
        return;
    }
    k->leader = leader;
    k->answerer = (leader + 1) % k->n;
    k->to_play = leader;
}
static void tt_apply(Kernel *k, int seat, u64 move) {
    if ((move & 7) == PICK_UP) {
        int card = k->stack[--k->nstack];
        k->tbl[k->leader] = 0;
        k->h[seat] |= BIT(card);
        tt_start(k, k->leader);
        return;
    }
    u64 mask = move >> 3;
    u64 hand = k->h[seat] ^ mask;
    k->h[seat] = hand;
    if (popcount(hand) < HAND_SIZE) draw(k, seat);
    int card = low_card(mask);
    if (!k->nstack) {
        k->stack[k->nstack++] = card;
        k->tbl[seat] |= mask;
        k->to_play = k->answerer;
        return;
    }
    int led = k->stack[--k->nstack];
    k->tbl[k->leader] = 0;
    int answer_wins;
    if (SUIT_OF(card) == SUIT_OF(led))
        answer_wins = RANK_OF(card) > RANK_OF(led);
    else
        answer_wins = SUIT_OF(card) == k->trump;
    int winner = answer_wins ? k->answerer : k->leader;
    k->won[winner] |= mask | BIT(led);
    tt_start(k, winner);
}

/* beat or take */
static void bt_start(Kernel *k, int leader) {
    k->trick_plays = 0;
    if (!k->h[leader]) {
        end_phase(k, leader);
        return;
    }
    k->leader = leader;
    k->to_play = leader;
}
static void refill(Kernel *k, int seat) {
    while (popcount(k->h[seat]) < HAND_SIZE && k->ntalon) draw(k, seat);
}
static void bt_apply(Kernel *k, int seat, u64 move) {
    int nxt = (seat + 1) % k->n;
    if ((move & 7) == PICK_UP) {
        int card = k->stack[--k->nstack];
        for (int s = 0; s < k->n; s++) k->tbl[s] &= ~BIT(card);
        k->h[seat] |= BIT(card);
        refill(k, seat);
        if (!k->nstack && !k->h[nxt]) {
            end_phase(k, seat);
            return;
        }
        k->to_play = nxt;
        return;
    }
    u64 mask = move >> 3;
    k->h[seat] ^= mask;
    refill(k, seat);
    k->stack[k->nstack++] = low_card(mask);
    k->tbl[seat] |= mask;
    k->trick_plays++;
    if (k->trick_plays < k->n) {
        k->to_play = nxt;
        return;
    }
    u64 taken = 0;
    for (int s = 0; s < k->n; s++) {
        taken |= k->tbl[s];
        k->tbl[s] = 0;
    }
    k->nstack = 0;
    k->won[seat] |= taken;
    bt_start(k, seat);
}

/* everyone plays */
static void ev_start(Kernel *k, int leader) {
    if (!can_act(k, leader)) {
        end_phase(k, leader);
        return;
    }
    int n = k->n;
    for (int i = 0; i < n; i++) k->contenders[i] = (leader + i) % n;
    k->ncontenders = n;
    k->pos = 0;
    k->nround_seats = 0;
    k->nround_ranks = 0;
    k->round_no = 1;
    k->ranks = 0;
    for (int i = 0; i < n; i++) k->own[i] = -1;
    k->nown = n;
    k->winner = -1;
    k->nwindow = 0;
    k->leader = leader;
    k->to_play = leader;
}
static int ev_forced(const Kernel *k, u64 hand) {
    if (!k->must_motlagg || !k->nround_ranks) return -1;
    if (!k->motlagg) {
        int top = k->round_ranks[0];
        for (int i = 1; i < k->nround_ranks; i++)
            if (k->round_ranks[i] > top) top = k->round_ranks[i];
        return (hand & rank_mask(top)) ? top : -1;
    }
    int counts[13] = {0};
    for (int i = 0; i < k->nround_ranks; i++) counts[k->round_ranks[i]]++;
    int floor = -1;
    for (int r = 0; r < 13; r++)
        if (counts[r] >= 2) floor = r;
    int best = -1;
    for (int r = 0; r < 13; r++)
        if (counts[r] && (hand & rank_mask(r)) && r >= floor) best = r;
    return best;
}
static void ev_due(Kernel *k, int seat) {
    k->to_play = seat;
    if (!can_act(k, seat)) end_phase(k, seat);
}
static void window_pop(Kernel *k) {
    for (int i = 1; i < k->nwindow; i++) k->window[i - 1] = k->window[i];
    k->nwindow--;
}
static void ev_turn(Kernel *k) {
    int winner = k->winner;
    u64 taken = 0;
    for (int s = 0; s < k->n; s++) {
        taken |= k->tbl[s];
        k->tbl[s] = 0;
    }
    k->won[winner] |= taken;
    if (k->end_mode == END_FINISH && !k->ntalon) {
        end_phase(k, k->to_play);
        return;
    }
    ev_start(k, winner);
}
static void ev_advance(Kernel *k) {
    u64 cards = ranks_cards(k->ranks);
    while (k->nwindow && !(k->h[k->window[0]] & cards)) window_pop(k);
    if (!k->nwindow) {
        ev_turn(k);
        return;
    }
    k->to_play = k->window[0];
}
static void ev_decide(Kernel *k) {
    int top = -1;
    if (k->motlagg) {
        int counts[13] = {0};
        for (int i = 0; i < k->nround_ranks; i++) counts[k->round_ranks[i]]++;
        for (int r = 0; r < 13; r++)
            if (counts[r] >= 2) top = r;
    }
    if (top < 0) {
        top = k->round_ranks[0];
        for (int i = 1; i < k->nround_ranks; i++)
            if (k->round_ranks[i] > top) top = k->round_ranks[i];
    }
    int holders[SMALL], nh = 0;
    for (int i = 0; i < k->nround_ranks; i++)
        if (k->round_ranks[i] == top) holders[nh++] = k->round_seats[i];
    if (nh > 1) {
        for (int i = 0; i < nh; i++) k->contenders[i] = holders[i];
        k->ncontenders = nh;
        k->pos = 0;
        k->nround_seats = 0;
        k->nround_ranks = 0;
        k->round_no++;
        for (int i = 0; i < nh; i++) k->own[holders[i]] = -1;
        ev_due(k, holders[0]);
        return;
    }
    int winner = holders[0];
    k->winner = winner;
    k->contenders[0] = winner;
    k->ncontenders = 1;
    if (!k->throw_after) {
        ev_turn(k);
        return;
    }
    int n = k->n;
    for (int i = 0; i < n; i++) k->window[i] = (winner + i) % n;
    k->nwindow = n;
    ev_advance(k);
}
static void ev_apply(Kernel *k, int seat, u64 move) {
    int kind = (int)(move & 7);
    if (kind == THROW) {
        u64 mask = move >> 3;
        k->h[seat] ^= mask;
        k->tbl[seat] |= mask;
        for (int i = popcount(mask); i > 0; i--) draw(k, seat);
        window_pop(k);
        ev_advance(k);
        return;
    }
    if (kind == PASS) {
        window_pop(k);
        ev_advance(k);
        return;
    }
    u64 mask;
    int card;
    if (kind == CHANSA) {
        card = k->talon[--k->ntalon];
        mask = BIT(card);
    } else {
        mask = move >> 3;
        k->h[seat] ^= mask;
        card = low_card(mask);
        for (int i = popcount(mask); i > 0; i--) draw(k, seat);
    }
    k->tbl[seat] |= mask;
    int rank = RANK_OF(card);
    k->round_seats[k->nround_seats++] = seat;
    k->round_ranks[k->nround_ranks++] = rank;
    k->ranks |= 1 << rank;
    k->own[seat] = rank;
    k->pos++;
    if (k->pos < k->ncontenders) {
        ev_due(k, k->contenders[k->pos]);
        return;
    }
    ev_decide(k);
}

/* phase 2 */
static int next_in(const Kernel *k, int seat) {
    int n = k->n;
    int nxt = seat + 1 < n ? seat + 1 : 0;
    while (k->out >> nxt & 1) nxt = nxt + 1 < n ? nxt + 1 : 0;
    return nxt;
}
static int check_over(Kernel *k) {
    if (k->n - k->nout > 1) return 0;
    k->over = 1;
    k->to_play = -1;
    for (int s = 0; s < k->n; s++)
        if (!(k->out >> s & 1)) k->loser = s;
    return 1;
}
static void p2_start(Kernel *k, int leader) {
    int n = k->n;
    for (int i = 0; i < n; i++) {
        int seat = (leader + i) % n;
        if (!k->h[seat] && !(k->out >> seat & 1)) {
            k->out |= BIT(seat);
            k->nout++;
        }
    }
    if (check_over(k)) return;
    k->target = n - k->nout;
    k->to_play = !(k->out >> leader & 1) ? leader : next_in(k, leader);
}
static u64 beating(const Kernel *k, u64 hand) {
    int top = k->pile_cards[k->npile - 1];
    int suit = SUIT_OF(top);
    u64 cards = hand;
    if (k->follow) {
        u64 following = hand & suit_mask(SUIT_OF(k->pile_cards[0]));
        if (following) cards = following;
    }
    if (suit == k->trump) return cards & above(top);
    if (k->twu) {
        u64 higher = cards & above(top);
        return higher ? higher : cards & k->trump_mask;
    }
    return cards & (above(top) | k->trump_mask);
}
static u64 playable(const Kernel *k, u64 hand) {
    if (!k->npile) return hand;
    int top = k->pile_cards[k->npile - 1];
    int rank = RANK_OF(top);
    if (rank == 0) return hand;
    u64 higher = hand & above(top);
    u64 cards = (hand & (rank_mask(rank) | rank_mask(0) | rank_mask(TEN_IX))) | higher;
    if (SUIT_OF(top) != k->trump && !(higher && k->twu)) cards |= hand & k->trump_mask;
    return cards;
}
static void pile_after(Kernel *k, int seat, u64 hand) {
    int card = k->pile_cards[k->npile - 1];
    int rank = RANK_OF(card);
    int burn = rank == TEN_IX;
    if (!burn && k->npile >= 4)
        burn = RANK_OF(k->pile_cards[k->npile - 2]) == rank && RANK_OF(k->pile_cards[k->npile - 3]) == rank &&
               RANK_OF(k->pile_cards[k->npile - 4]) == rank;
    if (burn) {
        k->npile = 0;
        k->nstarts = 0;
    }
    if (!hand) {
        k->out |= BIT(seat);
        k->nout++;
        if (check_over(k)) return;
    }
    if (burn) {
        k->to_play = hand ? seat : next_in(k, seat);
        return;
    }
    k->to_play = next_in(k, seat);
}
static void p2_pick_up(Kernel *k, int seat) {
    u64 taken = 0;
    if (k->pick_mode == PICK_PILE) {
        for (int i = 0; i < k->npile; i++) taken |= BIT(k->pile_cards[i]);
        k->npile = 0;
        k->nstarts = 0;
    } else if (!k->multi) {
        taken = BIT(k->pile_cards[--k->npile]);
    } else if (k->pick_mode == PICK_LAST || k->play_starts[k->nstarts - 1] == k->npile - 1) {
        int first = k->play_starts[--k->nstarts];
        while (k->npile > first) taken |= BIT(k->pile_cards[--k->npile]);
    } else {
        taken = BIT(k->pile_cards[--k->npile]);
    }
    k->h[seat] |= taken;
    int nxt = next_in(k, seat);
    if (!k->npile && !k->pile) k->target = k->n - k->nout;
    k->to_play = nxt;
}
static void p2_apply(Kernel *k, int seat, u64 move) {
    if ((move & 7) == PICK_UP) {
        p2_pick_up(k, seat);
        return;
    }
    u64 mask = move >> 3;
    u64 hand = k->h[seat] ^ mask;
    k->h[seat] = hand;
    if (k->multi) k->play_starts[k->nstarts++] = k->npile;
    u64 m = mask;
    while (m) {
        k->pile_cards[k->npile++] = low_card(m);
        m &= m - 1;
    }
    if (k->pile) {
        pile_after(k, seat, hand);
        return;
    }
    if (!hand) {
        k->out |= BIT(seat);
        k->nout++;
        if (check_over(k)) return;
    }
    int count = (k->count_plays && k->multi) ? k->nstarts : k->npile;
    if (count < k->target) {
        k->to_play = next_in(k, seat);
        return;
    }
    k->npile = 0;
    k->nstarts = 0;
    k->target = k->n - k->nout;
    k->to_play = (k->out >> seat & 1) ? next_in(k, seat) : seat;
}

/* moves */
static int room(int count) {
    if (count > MAXBUF) {
        overflow = 1;
        return 0;
    }
    return 1;
}
static int singles(u64 cards) {
    if (!room(popcount(cards) + 2)) return 0;
    int k = 0;
    while (cards) {
        u64 low = cards & (0 - cards);
        buf[k++] = low << 3;
        cards ^= low;
    }
    return k;
}
static int runs(u64 starts, u64 hand) {
    if (!room(popcount(starts) * 13 + 2)) return 0;
    int k = 0;
    while (starts) {
        u64 low = starts & (0 - starts);
        starts ^= low;
        int c = low_card(low);
        buf[k++] = low << 3;
        u64 run = low;
        while (RANK_OF(c) < ACE_IX && (hand & BIT(c + 1))) {
            c++;
            run |= BIT(c);
            buf[k++] = run << 3;
        }
    }
    return k;
}
static int subsets(u64 mask, int kind, int k) {
    int count = (1 << popcount(mask)) - 1;
    if (popcount(mask) > 12 || !room(k + count + 2)) {
        overflow = 1;
        return k;
    }
    u64 sub = mask;
    while (sub) {
        buf[k++] = (sub << 3) | (u64)kind;
        sub = (sub - 1) & mask;
    }
    return k;
}
static int p2_moves(const Kernel *k, u64 hand) {
    if (k->pile) {
        u64 cards = playable(k, hand);
        int c = singles(cards);
        if (k->npile && !(k->must_beat && cards)) buf[c++] = PICK_UP;
        return c;
    }
    if (!k->npile) return k->sequences ? runs(hand, hand) : singles(hand);
    u64 starts = beating(k, hand);
    int c = k->sequences ? runs(starts, hand) : singles(starts);
    if (!(k->must_beat && starts)) buf[c++] = PICK_UP;
    return c;
}
static int tt_moves(const Kernel *k, u64 hand) {
    if (!k->nstack) return singles(hand);
    u64 cards = hand & suit_mask(SUIT_OF(k->stack[0]));
    if (!cards) cards = hand & k->trump_mask;
    int c = singles(cards);
    buf[c] = PICK_UP;
    return c + 1;
}
static int bt_moves(const Kernel *k, u64 hand) {
    if (!k->nstack) return singles(hand);
    u64 cards = hand & at_least(RANK_OF(k->stack[k->nstack - 1]));
    if (!cards) {
        buf[0] = PICK_UP;
        return 1;
    }
    return singles(cards);
}
static int ev_moves(const Kernel *k, u64 hand) {
    if (k->winner >= 0) {
        u64 cands = hand & ranks_cards(k->ranks);
        int c = subsets(cands, THROW, 0);
        buf[c] = PASS;
        return c + 1;
    }
    int forced = ev_forced(k, hand);
    int c = 0;
    for (int r = 0; r < 13; r++) {
        if (forced >= 0 && r != forced) continue;
        u64 group = hand & rank_mask(r);
        if (group) c = subsets(group, PLAY, c);
    }
    if (k->chansa && k->ntalon > 1 && forced < 0) {
        if (room(c + 1)) buf[c++] = CHANSA;
    }
    return c;
}
static int legal_moves(const Kernel *k) {
    if (k->over) return 0;
    u64 hand = k->h[k->to_play];
    if (k->phase == 2) return p2_moves(k, hand);
    if (k->style == TWO_CARD) {
        int c = singles(hand);
        if (k->chansa && k->ntalon > 1) buf[c++] = CHANSA;
        return c;
    }
    if (k->style == TURNED_TRUMP) return tt_moves(k, hand);
    if (k->style == BEAT_OR_TAKE) return bt_moves(k, hand);
    return ev_moves(k, hand);
}
static void apply(Kernel *k, u64 move) {
    int seat = k->to_play;
    k->moves++;
    if (k->phase == 2) {
        p2_apply(k, seat, move);
        return;
    }
    if (k->style == TWO_CARD)
        tc_apply(k, seat, move);
    else if (k->style == EVERYONE)
        ev_apply(k, seat, move);
    else if (k->style == TURNED_TRUMP)
        tt_apply(k, seat, move);
    else
        bt_apply(k, seat, move);
}

/* -- the sensible policy (the engine's SensiblePlayer, with the chansa study's knobs) ------------------------ */
#define TWO_R 2
#define TEN_R 10
#define JACK_R 11
#define WEAK_HAND 8
#define SAVE_TRUMP 12
/* the sensible policy's chansa knobs (the chansa study's players, sg_study and sg_policy set them for one call):
 * it plays chansa when it leads holding nothing of rank `weak_hand` or above, and never with `no_chansa` */
static int weak_hand = WEAK_HAND, no_chansa = 0;

static u64 order[MAXBUF]; /* the moves in the engine's order, where it differs from legal_moves' */
static const u64 *ordered; /* order, or buf where the orders agree */
static int rank_r(int card) { return card % 13 + 2; }
static int low_of(u64 m) { return low_card(m >> 3); }
static int top_of(u64 m) { return high_card(m >> 3); }
static int size_of(u64 m) { return popcount(m >> 3); }
static int is_play(u64 m) { return (m & 7) == PLAY; }

/* every non-empty subset of `cards` by size, then in itertools.combinations order, as moves of `kind` */
static int combination_moves(u64 cards, int kind, int at) {
    int c[52], len = 0;
    while (cards) {
        c[len++] = low_card(cards);
        cards &= cards - 1;
    }
    if (len > 12 || at + (1 << len) > MAXBUF) {
        overflow = 1;
        return at;
    }
    for (int size = 1; size <= len; size++) {
        int idx[52];
        for (int i = 0; i < size; i++) idx[i] = i;
        for (;;) {
            u64 mask = 0;
            for (int i = 0; i < size; i++) mask |= BIT(c[idx[i]]);
            order[at++] = (mask << 3) | (u64)kind;
            int i = size - 1;
            while (i >= 0 && idx[i] == i + len - size) i--;
            if (i < 0) break;
            idx[i]++;
            for (int j = i + 1; j < size; j++) idx[j] = idx[j - 1] + 1;
        }
    }
    return at;
}
static int everyone_order(const Kernel *k, int count) {
    u64 hand = k->h[k->to_play];
    if (k->winner >= 0) {
        int at = combination_moves(hand & ranks_cards(k->ranks), THROW, 0);
        order[at++] = PASS;
        return at;
    }
    int forced = ev_forced(k, hand);
    int at = 0, seen = 0;
    u64 h = hand;
    while (h) {
        int card = low_card(h);
        h &= h - 1;
        int r = card % 13;
        if ((seen >> r & 1) || (forced >= 0 && r != forced)) continue;
        seen |= 1 << r;
        at = combination_moves(hand & rank_mask(r), PLAY, at);
    }
    for (int i = 0; i < count; i++)
        if (buf[i] == CHANSA) {
            order[at++] = CHANSA;
            break;
        }
    return at;
}
static int engine_order(const Kernel *k) {
    int count = legal_moves(k);
    ordered = order;
    if (k->phase == 1 && k->style == EVERYONE) return everyone_order(k, count);
    int at = 0;
    if (k->phase == 2 && k->pile && k->npile && rank_r(k->pile_cards[k->npile - 1]) != TWO_R) {
        int top = k->pile_cards[k->npile - 1];
        if (SUIT_OF(top) != k->trump) {
            int r = top % 13;
            u64 extra = k->trump_mask & ~(rank_mask(r) | rank_mask(0) | rank_mask(8));
            for (int i = 0; i < count; i++)
                if (is_play(buf[i]) && !((buf[i] >> 3) & extra)) order[at++] = buf[i];
            for (int i = 0; i < count; i++)
                if (is_play(buf[i]) && ((buf[i] >> 3) & extra)) order[at++] = buf[i];
            for (int i = 0; i < count; i++)
                if (buf[i] & 7) order[at++] = buf[i];
            return at;
        }
    }
    if (k->phase == 2 && k->sequences) {
        for (int i = 0; i < count; i++)
            if (is_play(buf[i]) && size_of(buf[i]) == 1) order[at++] = buf[i];
        for (int i = 0; i < count; i++)
            if (!(is_play(buf[i]) && size_of(buf[i]) == 1)) order[at++] = buf[i];
        return at;
    }
    ordered = buf;
    return count;
}

/* a sort key: up to three small ints (-128..127) and a random word, compared in that order: packed into one
 * unsigned word (each int offset by 128 into 8 bits above the word's 32), so that one comparison compares all */
typedef u64 Key;
static Key key_of(int a, int b, int c, u32 r) {
    return (u64)(a + 128) << 56 | (u64)(b + 128) << 48 | (u64)(c + 128) << 40 | (u64)r;
}
static int key_less(Key x, Key y) { return x < y; }
/* whether `move` (chansa, pick up or pass) is among the moves: every order above puts such a move last */
static int ends_with(const u64 *moves, int count, u64 move) { return moves[count - 1] == move; }

static int going_round(const Kernel *k, Stream *s, int move_count) {
    return move_count > 60 * k->n && random01(s) < 0.3;
}
static u64 cheapest(Stream *s, const u64 *moves, int count) {
    int best = -1;
    Key bk = key_of(0, 0, 0, 0);
    for (int i = 0; i < count; i++) {
        if (!is_play(moves[i])) continue;
        Key key = key_of(rank_r(low_of(moves[i])), size_of(moves[i]), 0, next32(s));
        if (best < 0 || key_less(key, bk)) {
            best = i;
            bk = key;
        }
    }
    return best < 0 ? moves[0] : moves[best];
}
/* plays sorted stably by a key with one random word each, drawn in order */
static Key keys[1024];
static int sorted_plays(Stream *s, const u64 *moves, int count, u64 *out, int neg_size) {
    int np = 0;
    for (int i = 0; i < count; i++) {
        if (!is_play(moves[i])) continue;
        if (np >= 1024) {
            overflow = 1;
            return 0;
        }
        Key key = key_of(rank_r(low_of(moves[i])), neg_size ? -size_of(moves[i]) : 0, 0, next32(s));
        int j = np++;
        while (j > 0 && key_less(key, keys[j - 1])) {
            keys[j] = keys[j - 1];
            out[j] = out[j - 1];
            j--;
        }
        keys[j] = key;
        out[j] = moves[i];
    }
    return np;
}
static u64 ranked[MAXBUF];

static u64 phase1_everyone(const Kernel *k, Stream *s, const u64 *moves, int count) {
    if (k->winner >= 0) {
        int best = -1, bsize = -1;
        for (int i = 0; i < count; i++) {
            u64 m = moves[i];
            if ((m & 7) != THROW) continue;
            int ok = 1;
            for (u64 c = m >> 3; c; c &= c - 1)
                if (rank_r(low_card(c)) > weak_hand) ok = 0;
            if (ok && size_of(m) > bsize) {
                best = i;
                bsize = size_of(m);
            }
        }
        if (best >= 0 && k->contenders[0] != k->to_play) return moves[best];
        return PASS;
    }
    int chansa = ends_with(moves, count, CHANSA);
    int np = sorted_plays(s, moves, count, ranked, 1);
    if (!np) return chansa ? CHANSA : moves[0];
    u64 table = 0;
    for (int i = 0; i < k->n; i++) table |= k->tbl[i];
    if (!table) {
        if (chansa && rank_r(low_of(ranked[np - 1])) < weak_hand) return CHANSA;
        return ranked[0];
    }
    int best = 0;
    for (u64 t = table; t; t &= t - 1)
        if (rank_r(low_card(t)) > best) best = rank_r(low_card(t));
    int w = -1;
    for (int i = 0; i < np; i++)
        if (rank_r(low_of(ranked[i])) > best) {
            w = i;
            break;
        }
    if (w >= 0 && (best >= TEN_R || rank_r(low_of(ranked[w])) <= JACK_R)) {
        int bi = -1;
        Key bk = key_of(0, 0, 0, 0);
        for (int i = 0; i < np; i++) {
            if (rank_r(low_of(ranked[i])) <= best) continue;
            Key key = key_of(rank_r(low_of(ranked[i])), size_of(ranked[i]), 0, 0);
            if (bi < 0 || key_less(key, bk)) {
                bi = i;
                bk = key;
            }
        }
        return ranked[bi];
    }
    return ranked[0];
}
static int beats(int card, int top, int trump) {
    if (SUIT_OF(card) == SUIT_OF(top)) return card > top;
    return SUIT_OF(card) == trump;
}
static u64 phase1_trump(const Kernel *k, Stream *s, const u64 *moves, int count) {
    int trump = k->trump;
    int pick_up = ends_with(moves, count, PICK_UP);
    if (!k->nstack) {
        int best = -1;
        Key bk = key_of(0, 0, 0, 0);
        for (int i = 0; i < count; i++) {
            if (!is_play(moves[i])) continue;
            int c = low_of(moves[i]);
            Key key = key_of(SUIT_OF(c) == trump, rank_r(c), 0, next32(s));
            if (best < 0 || key_less(key, bk)) {
                best = i;
                bk = key;
            }
        }
        return best < 0 ? moves[0] : moves[best];
    }
    int led = k->stack[0];
    int cheap = -1;
    Key ck = key_of(0, 0, 0, 0);
    int loser = -1, lrank = 0;
    for (int i = 0; i < count; i++) {
        if (!is_play(moves[i])) continue;
        int c = low_of(moves[i]);
        if (beats(c, led, trump)) {
            Key key = key_of(SUIT_OF(c) == trump, rank_r(c), 0, 0);
            if (cheap < 0 || key_less(key, ck)) {
                cheap = i;
                ck = key;
            }
        } else if (loser < 0 || rank_r(c) < lrank) {
            loser = i;
            lrank = rank_r(c);
        }
    }
    if (cheap >= 0 && (rank_r(led) >= TEN_R || SUIT_OF(low_of(moves[cheap])) != trump)) return moves[cheap];
    if (loser >= 0) return moves[loser];
    if (pick_up && rank_r(led) < TEN_R) return PICK_UP;
    return cheap >= 0 ? moves[cheap] : moves[0];
}
static u64 phase1_two_card(const Kernel *k, Stream *s, const u64 *moves, int count) {
    int chansa = ends_with(moves, count, CHANSA);
    int np = sorted_plays(s, moves, count, ranked, 0);
    if (k->tcount % 2 == 0) {
        if (chansa && np && rank_r(low_of(ranked[np - 1])) < weak_hand) return CHANSA;
        return np ? ranked[0] : moves[0];
    }
    int led = k->lead_rank + 2;
    int at_stake = 0;
    for (u64 t = k->tl | k->ta; t; t &= t - 1)
        if (rank_r(low_card(t)) > at_stake) at_stake = rank_r(low_card(t));
    int w = -1;
    for (int i = 0; i < np; i++)
        if (rank_r(low_of(ranked[i])) > led) {
            w = i;
            break;
        }
    if (w >= 0 && (at_stake >= TEN_R || rank_r(low_of(ranked[w])) <= JACK_R)) return ranked[w];
    if (chansa && (!np || rank_r(low_of(ranked[0])) >= TEN_R)) return CHANSA;
    for (int i = 0; i < np; i++)
        if (rank_r(low_of(ranked[i])) < led) return ranked[i];
    return np ? ranked[0] : moves[0];
}
/* the plays are moves[0..plays): phase 2 puts picking up last */
static u64 cheapest_beat(Stream *s, const u64 *moves, int plays, u64 trump_mask) {
    int best = 0;
    Key bk = ~(Key)0;
    for (int i = 0; i < plays; i++) {
        u64 cards = moves[i] >> 3;
        int top = high_card(cards);
        Key key = key_of((int)(trump_mask >> top & 1), rank_r(top), -popcount(cards), next32(s));
        if (key < bk) {
            best = i;
            bk = key;
        }
    }
    return moves[best];
}
static u64 pile_choice(const Kernel *k, Stream *s, const u64 *moves, int count) {
    int trump = k->trump;
    int pile = k->npile;
    int best = -1;
    Key bk = key_of(0, 0, 0, 0);
    for (int i = 0; i < count; i++) {
        if (!is_play(moves[i])) continue;
        int card = low_of(moves[i]);
        int rank = rank_r(card);
        int special = rank == TWO_R || rank == TEN_R;
        Key key;
        if (rank == TEN_R && pile >= 4) {
            Key z = key_of(0, 0, 0, next32(s));
            key = z;
        } else {
            Key z = key_of(special ? 2 : SUIT_OF(card) == trump ? 1 : 0, rank, 0, next32(s));
            key = z;
        }
        if (best < 0 || key_less(key, bk)) {
            best = i;
            bk = key;
        }
    }
    return moves[best];
}
static u64 phase2(const Kernel *k, Stream *s, const u64 *moves, int count, int move_count) {
    int trump = k->trump;
    int pick_up = ends_with(moves, count, PICK_UP);
    int plays = count - pick_up; /* phase 2 has one move that is not a play: picking up */
    if (!plays) return PICK_UP;
    if (k->pile) {
        if (going_round(k, s, move_count)) return moves[below(s, count)];
        return pile_choice(k, s, moves, count);
    }
    u64 best = cheapest_beat(s, moves, plays, k->trump_mask);
    if (going_round(k, s, move_count)) return moves[below(s, count)];
    if (!pick_up) return best;
    int top = top_of(best);
    int expensive = SUIT_OF(top) == trump && rank_r(top) >= SAVE_TRUMP;
    if (expensive && popcount(k->h[k->to_play]) > 4 && random01(s) < 0.75) return PICK_UP;
    return best;
}
/* cheapest_beat's key of each card played alone, not a trump (sg_evaluate fills it in) */
static Key SINGLE_KEY[52];
static void fill_single_keys(void) {
    for (int c = 0; c < 52; c++) SINGLE_KEY[c] = key_of(0, rank_r(c), -1, 0);
}

/* `phase2` where every play is one card and there is no pile (pagat, strikt): straight from the mask of the
 * playable cards, without writing the moves out. The moves would be those cards from the lowest up, then picking
 * up; the draws are the same, in the same order. */
static u64 phase2_singles(const Kernel *k, Stream *s, int move_count) {
    u64 starts = k->h[k->to_play];
    int pick_up = 0;
    if (k->npile) {
        starts = beating(k, starts);
        pick_up = !(k->must_beat && starts);
    }
    int plays = popcount(starts), count = plays + pick_up;
    if (!plays) return PICK_UP;
    if (count == 1) return starts << 3;
    u64 trump_mask = k->trump_mask, best = 0;
    Key bk = ~(Key)0;
    for (u64 m = starts; m; m &= m - 1) {
        int card = low_card(m);
        Key key = SINGLE_KEY[card] + ((trump_mask >> card & 1) << 56) + next32(s); /* cheapest_beat's key */
        if (key < bk) {
            best = BIT(card);
            bk = key;
        }
    }
    if (going_round(k, s, move_count)) {
        int i = below(s, count);
        if (i == plays) return PICK_UP;
        u64 m = starts;
        while (i--) m &= m - 1;
        return (m & (0 - m)) << 3;
    }
    if (!pick_up) return best << 3;
    int top = low_card(best);
    int expensive = (trump_mask >> top & 1) && rank_r(top) >= SAVE_TRUMP;
    if (expensive && popcount(k->h[k->to_play]) > 4 && random01(s) < 0.75) return PICK_UP;
    return best << 3;
}
static u64 sensible(const Kernel *k, Stream *s, int move_count) {
    if (k->phase == 2 && !k->pile && !k->sequences && !k->over) return phase2_singles(k, s, move_count);
    int count = engine_order(k);
    const u64 *moves = ordered;
    if (no_chansa && count > 1 && ends_with(moves, count, CHANSA)) count--; /* chansa is listed last */
    if (count == 1) return moves[0];
    if (k->phase == 1) {
        int style = k->style;
        if (style != TWO_CARD && going_round(k, s, move_count)) return moves[below(s, count)];
        if (style == EVERYONE) return phase1_everyone(k, s, moves, count);
        if (style == TURNED_TRUMP) return phase1_trump(k, s, moves, count);
        if (style == BEAT_OR_TAKE) return cheapest(s, moves, count);
        return phase1_two_card(k, s, moves, count);
    }
    return phase2(k, s, moves, count, move_count);
}

/* -- reading the input --------------------------------------------------------------------------------------- */
typedef struct {
    const i64 *in;
    int n, at, bad, short_;
} Reader;
static i64 rd(Reader *r) {
#ifndef PLANT_OOB /* tests/engine/test_csearch_fuzz.py plants a read past the input's end: the fuzz must catch it */
    if (r->at >= r->n) {
        r->bad = r->short_ = 1;
        return 0;
    }
#endif
    return r->in[r->at++];
}
static int rd_int(Reader *r, i64 lo, i64 hi) {
    i64 v = rd(r);
    if (v < lo || v > hi) {
        r->bad = 1;
        return (int)lo; /* a bad word is never used: its place holds the range's low end */
    }
    return (int)v;
}
/* the refusal for a reader gone bad: the input ended early, or a word was out of range */
static int refusal(const Reader *r) { return r->short_ ? ERR_LENGTH : ERR_INPUT; }
static u64 rd_mask(Reader *r) {
    i64 v = rd(r);
    if (v < 0 || v >= ((i64)1 << 52)) {
        r->bad = 1;
        return 0;
    }
    return (u64)v;
}
/* a list: its length (at most cap) then its items, each in lo..hi */
static int rd_list(Reader *r, int *items, int cap, i64 lo, i64 hi) {
    int len = rd_int(r, 0, cap);
    if (r->bad) return 0;
    for (int i = 0; i < len; i++) items[i] = rd_int(r, lo, hi);
    return len;
}
static void rd_masks(Reader *r, u64 *items, int n) {
    int len = rd_int(r, 0, SEATS);
    if (len != n) r->bad = 1;
    if (r->bad) return;
    for (int i = 0; i < len; i++) items[i] = rd_mask(r);
}

static Kernel base, world, scratch;
static int pool[52], npool, slots[52], nslots, hidden[SEATS], aside, me_seat;
static u64 kept[SEATS];
static u64 candidates[MAXBUF];

/* Read a kernel: 0, or the refusal code (the seat count is checked before anything is read with it). Each word in
 * its range; check_position checks that they agree. */
static int read_kernel(Reader *r, Kernel *k) {
    int n = k->n = rd_int(r, 2, SEATS);
    if (r->bad) return r->short_ ? ERR_LENGTH : ERR_SEATS;
#define SG_READ(name, high) k->name = rd_int(r, 0, high);
    SG_RULE_WORDS(SG_READ)
#undef SG_READ
    k->multi = rd_int(r, 0, 1);
    k->plain = !(k->pile || k->sequences || k->follow || k->twu);
    k->phase = rd_int(r, 1, 2);
    k->to_play = rd_int(r, -1, n - 1);
    k->leader = rd_int(r, 0, n - 1);
    k->answerer = rd_int(r, 0, n - 1);
    k->over = rd_int(r, 0, 1);
    k->loser = rd_int(r, -1, n - 1);
    k->moves = rd_int(r, 0, MOST_MOVES);
    k->phase1_moves = rd_int(r, -1, MOST_MOVES);
    k->trump = rd_int(r, -1, 3);
    k->trump_mask = rd_mask(r);
    k->trump_card = rd_int(r, -1, 51);
    k->trump_holder = rd_int(r, -1, n - 1);
    k->tcount = rd_int(r, 0, 104);
    k->lead_rank = rd_int(r, 0, 12);
    k->tl = rd_mask(r);
    k->ta = rd_mask(r);
    k->trick_plays = rd_int(r, 0, 104);
    k->pos = rd_int(r, 0, SMALL);
    k->ranks = rd_int(r, 0, 8191);
    k->winner = rd_int(r, -1, n - 1);
    k->round_no = rd_int(r, 0, 1 << 30);
    k->out = rd_mask(r);
    k->nout = rd_int(r, 0, n);
    k->target = rd_int(r, 0, 1 << 30);
    rd_masks(r, k->h, n);
    for (int s = n; s < SEATS; s++) k->h[s] = 0;
    rd_masks(r, k->won, n);
    rd_masks(r, k->tbl, n);
    k->ntalon = rd_list(r, k->talon, 52, 0, 51);
    k->nstack = rd_list(r, k->stack, 52, 0, 51);
    k->ncontenders = rd_list(r, k->contenders, SEATS, 0, n - 1);
    k->nround_seats = rd_list(r, k->round_seats, SEATS, 0, n - 1);
    k->nround_ranks = rd_list(r, k->round_ranks, SEATS, 0, 12);
    k->nown = rd_list(r, k->own, SEATS, -1, 12);
    k->nwindow = rd_list(r, k->window, SEATS, 0, n - 1);
    k->npile = rd_list(r, k->pile_cards, 52, 0, 51);
    k->nstarts = rd_list(r, k->play_starts, 52, 0, 51);
    if (k->nround_seats != k->nround_ranks || (k->nown && k->nown != n)) r->bad = 1;
    return r->bad ? refusal(r) : 0;
}

/* Whether the words of a position read by read_kernel agree where the moves index or loop by them (a position a
 * game can reach): 0, ERR_CARDS (a card in two places: hands, won, table, trick, talon, pile, set-aside card) or
 * ERR_POSITION. The entries that deal their own games (sg_simulate, sg_trace with a deal seed) do not need it. */
static int check_position(const Kernel *k) {
    int n = k->n;
    u64 seen = 0, table = k->tl | k->ta;
#define SG_PLACE(mask)                      \
    do {                                    \
        u64 cards_ = (mask);                \
        if (seen & cards_) return ERR_CARDS; \
        seen |= cards_;                     \
    } while (0)
    for (int s = 0; s < n; s++) {
        SG_PLACE(k->h[s]);
        SG_PLACE(k->won[s]);
        SG_PLACE(k->tbl[s]);
        table |= k->tbl[s];
    }
    SG_PLACE(k->tl);
    SG_PLACE(k->ta);
    for (int i = 0; i < k->ntalon; i++) SG_PLACE(BIT(k->talon[i]));
    for (int i = 0; i < k->npile; i++) SG_PLACE(BIT(k->pile_cards[i]));
    if (k->trump_card >= 0) SG_PLACE(BIT(k->trump_card));
#undef SG_PLACE
    if (k->trump >= 0 ? k->trump_mask != suit_mask(k->trump) : k->trump_mask != 0) return ERR_POSITION;
    if (k->trump_card >= 0 && k->trump_holder < 0) return ERR_POSITION;
    if (k->out >> n || popcount(k->out) != k->nout) return ERR_POSITION;
    if (k->over) return k->to_play == -1 ? 0 : ERR_POSITION;
    if (k->to_play < 0 || n - k->nout < 2) return ERR_POSITION;
    if (k->phase == 1) {
        /* the phase ends on the set-aside card when the talon is gone; a pick-up takes back a card on the table */
        if (!k->ntalon && k->trump_card < 0) return ERR_POSITION;
        if (k->style == TURNED_TRUMP && k->nstack > 1) return ERR_POSITION;
        if (k->style == TURNED_TRUMP || k->style == BEAT_OR_TAKE) {
            u64 stacked = 0;
            for (int i = 0; i < k->nstack; i++) {
                if ((stacked | ~table) & BIT(k->stack[i])) return ERR_POSITION;
                stacked |= BIT(k->stack[i]);
            }
        }
        if (k->style == EVERYONE && k->winner >= 0 && !k->nwindow) return ERR_POSITION;
        return 0;
    }
    if (k->out >> k->to_play & 1 || !k->h[k->to_play]) return ERR_POSITION;
    if (k->multi) { /* each play's start in the pile, the first at 0: a pick-up takes back the last play */
        if (k->npile && (!k->nstarts || k->play_starts[0] != 0)) return ERR_POSITION;
        for (int i = 0; i < k->nstarts; i++)
            if (k->play_starts[i] >= k->npile || (i && k->play_starts[i] <= k->play_starts[i - 1])) return ERR_POSITION;
    }
    return 0;
}

/* Whether the unseen cards are exactly those of the position: each seat's kept cards in its hand (all of them for
 * `me`), its hidden count the rest; talon places distinct; the pool those hidden cards, places and the set-aside
 * card. Then every world dealt holds the position's cards, each once. 0 or ERR_UNSEEN. */
static int check_unseen(const Kernel *k) {
    u64 pooled = 0, wanted = 0, placed = 0;
    for (int s = 0; s < k->n; s++) {
        if (kept[s] & ~k->h[s] || hidden[s] != popcount(k->h[s] ^ kept[s])) return ERR_UNSEEN;
        wanted |= k->h[s] ^ kept[s];
    }
    if (hidden[me_seat]) return ERR_UNSEEN;
    for (int i = 0; i < nslots; i++) {
        if (slots[i] >= k->ntalon || placed >> slots[i] & 1) return ERR_UNSEEN;
        placed |= BIT(slots[i]);
        wanted |= BIT(k->talon[slots[i]]);
    }
    if (aside) {
        if (k->trump_card < 0) return ERR_UNSEEN;
        wanted |= BIT(k->trump_card);
    }
    for (int i = 0; i < npool; i++) {
        if (pooled & BIT(pool[i])) return ERR_UNSEEN;
        pooled |= BIT(pool[i]);
    }
    return pooled == wanted ? 0 : ERR_UNSEEN;
}

/* Whether every candidate is one of the legal moves of k (an open-addressed set of the legal moves). */
#define SET_SIZE (2 * MAXBUF)
#define NO_MOVE_SET (~(u64)0)
static u64 move_set[SET_SIZE];
static int legal_candidates(const Kernel *k, const u64 *moves, int count) {
    int legal = legal_moves(k);
    if (overflow) return ERR_MOVES;
    u32 size = 16; /* a power of two, at least twice the legal moves (at most SET_SIZE: legal <= MAXBUF) */
    while (size < 2 * (u32)legal) size <<= 1;
    for (u32 i = 0; i < size; i++) move_set[i] = NO_MOVE_SET;
    for (int i = 0; i < legal; i++) {
        u32 h = (u32)(splitmix64(buf[i]) & (size - 1));
        while (move_set[h] != NO_MOVE_SET && move_set[h] != buf[i]) h = (h + 1) & (size - 1);
        move_set[h] = buf[i];
    }
    for (int i = 0; i < count; i++) {
        u32 h = (u32)(splitmix64(moves[i]) & (size - 1));
        while (move_set[h] != NO_MOVE_SET && move_set[h] != moves[i]) h = (h + 1) & (size - 1);
        if (move_set[h] != moves[i]) return ERR_CANDIDATE;
    }
    return 0;
}

/* -- the search ------------------------------------------------------------------------------------------------ */
static void deal(Kernel *k, Stream *s) {
    int p[52];
    for (int i = 0; i < npool; i++) p[i] = pool[i];
    for (int i = npool - 1; i > 0; i--) {
        int j = below(s, i + 1);
        int t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
    int at = 0;
    for (int seat = 0; seat < k->n; seat++) {
        u64 mask = kept[seat];
        for (int i = 0; i < hidden[seat]; i++) mask |= BIT(p[at++]);
        k->h[seat] = mask;
    }
    for (int i = 0; i < nslots; i++) k->talon[slots[i]] = p[at++];
    if (aside) k->trump_card = p[npool - 1];
}

/* The statistical drop (kernel_strong.evaluate's `drop_z2`), every DROP_EVERY deals: a move whose half-losses h
 * exceed the best move's hb by more than sqrt(drop_z2) standard errors of the difference, counted as if the two
 * were independent (the common deals make the true error smaller, so this is the cautious side):
 * d * (h - hb)^2 > drop_z2 * (h * (2d - h) + hb * (2d - hb)), in integers, so C and Python drop alike.
 * Returns how many moves it dropped. */
#define DROP_EVERY 32
static int drop_unlikely(const i64 *losses, i64 *alive, int count, int deals, int drop_z2) {
    i64 best = -1;
    for (int i = 0; i < count; i++)
        if (alive[i] && (best < 0 || losses[i] < best)) best = losses[i];
    i64 d = deals, dropped = 0;
    for (int i = 0; i < count; i++) {
        i64 diff = losses[i] - best;
        if (!alive[i] || diff <= 0) continue;
        i64 var = losses[i] * (2 * d - losses[i]) + best * (2 * d - best);
        if (d * diff * diff > (i64)drop_z2 * var) {
            alive[i] = 0;
            dropped++;
        }
    }
    return (int)dropped;
}

static int search(int count, u64 key, int start, int budget, int early_stop, int drop_z2, int deal_from,
                  int deal_to, i64 *out);

/* The input, as native.py packs it (int64 each):
 *   MAGIC; the kernel (read_kernel's order); the unseen cards: me, kept (n masks), hidden (n counts), talon slots
 *   (a list), aside, pool (a list); the search: key (64 bits), start, budget, early_stop, drop_z2 (0: off; see
 *   drop_unlikely), deal_from, deal_to;
 *   the candidates (a list of moves).
 * The output (n_out >= 3 + 3 * candidates), read back as the state when deal_from > 0:
 *   deals so far, finished (1: budget or early stop reached), preferred index, half-losses, deals, alive (each
 *   one per candidate).
 * Returns the deals played so far, or ERR_INPUT (bad input), ERR_MOVES (a position with more moves than the
 * buffer holds: evaluate raises a FastCoreError), ERR_OUTPUT (out too small). */
__attribute__((visibility("default"))) int sg_evaluate(const i64 *in, int n_in, i64 *out, int n_out) {
    Reader r = {in, n_in, 0, 0, 0};
    overflow = 0;
    if (!SINGLE_KEY[0]) fill_single_keys();
    if (rd(&r) != MAGIC) return r.short_ ? ERR_LENGTH : ERR_MAGIC;
    int bad_kernel = read_kernel(&r, &base);
    if (bad_kernel) return bad_kernel;
    int n = base.n;
    me_seat = rd_int(&r, 0, n - 1);
    rd_masks(&r, kept, n);
    int hl = rd_int(&r, 0, SEATS);
    if (hl != n) r.bad = 1;
    if (r.bad) return refusal(&r);
    int total = 0;
    for (int i = 0; i < n; i++) total += hidden[i] = rd_int(&r, 0, 52);
    nslots = rd_list(&r, slots, 52, 0, 51);
    aside = rd_int(&r, 0, 1);
    npool = rd_list(&r, pool, 52, 0, 51);
    u64 key = (u64)rd(&r);
    int start = rd_int(&r, 0, MOST_MOVES);
    int budget = rd_int(&r, 1, 1 << 30);
    int early_stop = rd_int(&r, 0, 1);
    int drop_z2 = rd_int(&r, 0, 10000);
    int deal_from = rd_int(&r, 0, 1 << 30);
    int deal_to = rd_int(&r, 0, 1 << 30);
    int count = rd_int(&r, 1, MAXBUF);
    if (r.bad) return refusal(&r);
    for (int i = 0; i < count; i++) {
        i64 m = rd(&r);
        if (m < 0) r.bad = 1;
        candidates[i] = (u64)m;
    }
    if (r.bad) return refusal(&r);
    if (r.at != n_in) return ERR_LENGTH;
    int bad_position = check_position(&base);
    if (bad_position) return bad_position;
    if (base.over || base.to_play != me_seat) return ERR_POSITION;
    if (total + nslots + aside != npool || check_unseen(&base)) return ERR_UNSEEN;
    if (n_out < 3 + 3 * count) return ERR_OUTPUT;
    int bad_move = legal_candidates(&base, candidates, count);
    if (bad_move) return bad_move;
    return search(count, key, start, budget, early_stop, drop_z2, deal_from, deal_to, out);
}

/* The search of `base` (its seat to act, me_seat, holding what check_unseen accepts) over the `count` candidates,
 * deals deal_from..deal_to within `budget`, the figures in `out` (sg_evaluate's output; read back as the state when
 * deal_from > 0). Returns the deals played so far, or ERR_STATE (a state that no search wrote), ERR_MOVES. */
static int search(int count, u64 key, int start, int budget, int early_stop, int drop_z2, int deal_from,
                  int deal_to, i64 *out) {
    i64 *losses = out + 3, *played = out + 3 + count, *alive = out + 3 + 2 * count;
    int deals = deal_from;
    if (deal_from == 0) {
        for (int i = 0; i < count; i++) {
            losses[i] = 0;
            played[i] = 0;
            alive[i] = 1;
        }
        out[0] = 0;
        out[1] = 0;
        out[2] = 0;
    } else {
        /* the state this search wrote at deal_from: every figure within what deal_from deals can give */
        if (out[0] != deal_from || out[1] < 0 || out[1] > 1 || out[2] < 0 || out[2] >= count) return ERR_STATE;
        for (int i = 0; i < count; i++)
            if (losses[i] < 0 || losses[i] > 2 * (i64)deal_from || played[i] < 0 || played[i] > deal_from ||
                alive[i] < 0 || alive[i] > 1)
                return ERR_STATE;
    }
    int left_alive = 0;
    for (int i = 0; i < count; i++) left_alive += alive[i] != 0;
    Stream stream;
    int me = base.to_play;
    while (deals < budget && deals < deal_to && !out[1]) {
        reseed(&stream, key, (u64)deals);
        world = base;
        deal(&world, &stream);
        Stream saved = stream;
        if (deals == 0) {
            Stream tie;
            reseed(&tie, key, TIE_BREAK);
            scratch = world;
            u64 preferred = sensible(&scratch, &tie, start);
            out[2] = 0;
            for (int i = 0; i < count; i++)
                if (candidates[i] == preferred) {
                    out[2] = i;
                    break;
                }
        }
        for (int i = 0; i < count; i++) {
            if (!alive[i]) continue;
            stream = saved;
            scratch = world;
            apply(&scratch, candidates[i]);
            while (!scratch.over && scratch.moves < PLAYOUT_CAP)
                apply(&scratch, sensible(&scratch, &stream, start + scratch.moves));
            if (overflow) return ERR_MOVES;
            if (!scratch.over)
                losses[i] += 1;
            else if (scratch.loser == me)
                losses[i] += 2;
            played[i] += 1;
        }
        deals++;
        out[0] = deals;
        if (early_stop) {
            i64 left = 2 * (i64)(budget - deals);
            i64 best = -1;
            for (int i = 0; i < count; i++)
                if (alive[i] && (best < 0 || losses[i] < best)) best = losses[i];
            for (int i = 0; i < count; i++)
                if (alive[i] && losses[i] - best > left) {
                    alive[i] = 0;
                    left_alive--;
                }
            if (left_alive == 1) out[1] = 1;
        }
        if (drop_z2 > 0 && deals % DROP_EVERY == 0 && left_alive > 1) {
            left_alive -= drop_unlikely(losses, alive, count, deals, drop_z2);
            if (left_alive == 1) out[1] = 1;
        }
        if (deals >= budget) out[1] = 1;
    }
    return deals;
}

/* buffers for a caller without its own memory (the WebAssembly build): the input and the output, in int64s */
#define IO_WORDS 8192
static i64 io_in[IO_WORDS], io_out[IO_WORDS];
__attribute__((visibility("default"))) i64 *sg_input(void) { return io_in; }
__attribute__((visibility("default"))) i64 *sg_output(void) { return io_out; }
__attribute__((visibility("default"))) int sg_io_words(void) { return IO_WORDS; }

/* -- random games, step by step (the differential test's entry) -------------------------------------------------- */
/* The input: MAGIC; a kernel (read_kernel's order); the stream's seed and game (two words); the most moves to play;
 * a seed to deal the game again from (as Game.deal(seed=seed), the kernel's players and rules) or -1 (play on);
 * 1 to play the playouts' sensible policy at every seat, 0 for random moves.
 * Plays uniformly random legal moves (move `below(count)` of legal_moves' buffer, the stream seeded as `reseed`)
 * until the game is over or the moves are played, and writes: moves played, over, loser, phase1_moves, then for
 * each move its legal-move count, the legal moves (the buffer's order) and the index chosen.
 * Returns the words written, or ERR_INPUT, ERR_MOVES, ERR_OUTPUT (out too small). */
__attribute__((visibility("default"))) int sg_trace(const i64 *in, int n_in, i64 *out, int n_out) {
    Reader r = {in, n_in, 0, 0, 0};
    overflow = 0;
    if (rd(&r) != MAGIC) return r.short_ ? ERR_LENGTH : ERR_MAGIC;
    int bad_kernel = read_kernel(&r, &base);
    if (bad_kernel) return bad_kernel;
    u64 seed = (u64)rd(&r), game = (u64)rd(&r);
    int most = rd_int(&r, 0, 1 << 20);
    i64 redeal = rd(&r);
    int by_sensible = rd_int(&r, 0, 1);
    if (r.bad) return refusal(&r);
    if (r.at != n_in) return ERR_LENGTH;
    if (n_out < 4) return ERR_OUTPUT;
    if (redeal < -1) return ERR_INPUT;
    if (redeal < 0) {
        int bad_position = check_position(&base);
        if (bad_position) return bad_position;
    }
    if (!SINGLE_KEY[0]) fill_single_keys();
    if (redeal >= 0) {
        int deck[52];
        python_deck((u64)redeal, deck);
        deal_game(&scratch, &base, deck);
    } else {
        scratch = base;
    }
    Stream stream;
    reseed(&stream, seed, game);
    int at = 4, played = 0;
    while (!scratch.over && played < most) {
        int count = legal_moves(&scratch);
        if (overflow) return ERR_MOVES;
        if (count < 1 || at + count + 2 > n_out) return count < 1 ? ERR_POSITION : ERR_OUTPUT;
        out[at++] = count;
        i64 *listed = out + at;
        for (int i = 0; i < count; i++) out[at++] = (i64)buf[i];
        int pick = -1;
        if (by_sensible) { /* the playouts' policy; its move must be one of the legal moves */
            u64 move = sensible(&scratch, &stream, scratch.moves);
            if (overflow) return ERR_MOVES;
            for (int i = 0; i < count; i++)
                if ((u64)listed[i] == move) pick = i;
            if (pick < 0) return ERR_MOVES;
        } else {
            pick = below(&stream, count);
        }
        out[at++] = pick;
        apply(&scratch, (u64)listed[pick]);
        played++;
    }
    out[0] = played;
    out[1] = scratch.over;
    out[2] = scratch.loser;
    out[3] = scratch.phase1_moves;
    return at;
}

/* -- the deal of Game.deal(seed=seed) ------------------------------------------------------------------------ */
/* `random.Random(seed).shuffle` as core.game_deck draws it: CPython's Mersenne Twister (MT19937, init_by_array on
 * the seed's 32-bit words, low word first), getrandbits(k) = the next output >> (32 - k), and the shuffle's
 * rejection loop. The twist is computed lazily, in the order the full twist computes it (a shuffle of 52 cards
 * reads about 60 outputs of 624), so each output is the one CPython gives. */
#define MT_N 624
#define MT_M 397
typedef struct {
    u32 mt[MT_N];
    int next, twisted; /* the next output's index; the state words twisted so far */
} Twister;
static u32 MT_INIT[MT_N]; /* init_genrand(19650218), the same for every seed */
static void mt_init_table(void) {
    MT_INIT[0] = 19650218u;
    for (int i = 1; i < MT_N; i++) MT_INIT[i] = 1812433253u * (MT_INIT[i - 1] ^ (MT_INIT[i - 1] >> 30)) + (u32)i;
}
static void mt_seed(Twister *t, u64 seed) {
    u32 key[2] = {(u32)seed, (u32)(seed >> 32)};
    int keys = key[1] ? 2 : 1, i = 1, j = 0;
    u32 *mt = t->mt;
    if (MT_INIT[0] != 19650218u) mt_init_table();
    for (int s = 0; s < MT_N; s++) mt[s] = MT_INIT[s];
    for (int k = MT_N; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (u32)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= keys) j = 0;
    }
    for (int k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (u32)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000u;
    t->next = 0;
    t->twisted = 0;
}
static u32 mt_next(Twister *t) {
    u32 *mt = t->mt;
    if (t->next >= MT_N) { /* a second twist (never for one shuffle of 52 cards, but exact all the same) */
        t->next = 0;
        t->twisted = 0;
    }
    if (t->twisted <= t->next) {
        int kk = t->twisted++;
        u32 y = (mt[kk] & 0x80000000u) | (mt[(kk + 1) % MT_N] & 0x7fffffffu);
        mt[kk] = mt[(kk + MT_M) % MT_N] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
    }
    u32 y = mt[t->next++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}
/* LANES seeds at once, each with the same number of key words: the same steps as mt_seed, interleaved (each seed's
 * steps form one long chain of dependent multiplications; eight chains side by side keep the core busy) */
#define LANES 8
static u32 lanes[MT_N][LANES];
static void mt_seed_lanes(const u64 *seeds, int keys) {
    u32 key[2][LANES];
    for (int l = 0; l < LANES; l++) {
        key[0][l] = (u32)seeds[l];
        key[1][l] = (u32)(seeds[l] >> 32);
    }
    if (MT_INIT[0] != 19650218u) mt_init_table();
    for (int s = 0; s < MT_N; s++)
        for (int l = 0; l < LANES; l++) lanes[s][l] = MT_INIT[s];
    int i = 1, j = 0;
    for (int k = MT_N; k; k--) {
        for (int l = 0; l < LANES; l++) {
            u32 p = lanes[i - 1][l];
            lanes[i][l] = (lanes[i][l] ^ ((p ^ (p >> 30)) * 1664525u)) + key[j][l] + (u32)j;
        }
        i++;
        j++;
        if (i >= MT_N) {
            for (int l = 0; l < LANES; l++) lanes[0][l] = lanes[MT_N - 1][l];
            i = 1;
        }
        if (j >= keys) j = 0;
    }
    for (int k = MT_N - 1; k; k--) {
        for (int l = 0; l < LANES; l++) {
            u32 p = lanes[i - 1][l];
            lanes[i][l] = (lanes[i][l] ^ ((p ^ (p >> 30)) * 1566083941u)) - (u32)i;
        }
        i++;
        if (i >= MT_N) {
            for (int l = 0; l < LANES; l++) lanes[0][l] = lanes[MT_N - 1][l];
            i = 1;
        }
    }
}
/* The deck of the lane's seed, its outputs twisted straight from the lanes' state (exact for the first
 * MT_N - MT_M outputs, which read no twisted word); 0 if the shuffle needs more (then python_deck deals it). */
static int lane_deck(int lane, int *deck) {
    int used = 0;
    for (int i = 0; i < 52; i++) deck[i] = i;
    for (int i = 51; i > 0; i--) {
        u32 n = (u32)i + 1, bits = 32 - (u32)__builtin_clz(n), j;
        do {
            if (used == MT_N - MT_M) return 0;
            int kk = used;
            u32 y = ((kk ? lanes[kk][lane] : 0x80000000u) & 0x80000000u) | (lanes[kk + 1][lane] & 0x7fffffffu);
            y = lanes[kk + MT_M][lane] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
            y ^= y >> 11;
            y ^= (y << 7) & 0x9d2c5680u;
            y ^= (y << 15) & 0xefc60000u;
            used++;
            j = (y ^ (y >> 18)) >> (32 - bits);
        } while (j >= n);
        int swap = deck[i];
        deck[i] = deck[j];
        deck[j] = swap;
    }
    return 1;
}
static void python_deck(u64 seed, int *deck) {
    static Twister t;
    mt_seed(&t, seed);
    Twister *tp = &t;

    for (int i = 0; i < 52; i++) deck[i] = i;
    for (int i = 51; i > 0; i--) {
        u32 n = (u32)i + 1, bits = 32 - (u32)__builtin_clz(n), j;
        do j = mt_next(tp) >> (32 - bits);
        while (j >= n);
        int swap = deck[i];
        deck[i] = deck[j];
        deck[j] = swap;
    }
}

/* A new game on `deck` (core.Kernel.deal): the rules of `rules` (its rule words and players), the hands dealt as
 * game.deal_cards deals them (one card at a time from the top, forehand first), the rest the talon (top last). */
static void deal_game(Kernel *k, const Kernel *rules, const int *deck) {
    int n = rules->n;
    *k = (Kernel){0};
#define SG_COPY(name, high) k->name = rules->name;
    SG_RULE_WORDS(SG_COPY)
#undef SG_COPY
    k->n = n;
    k->multi = k->sequences;
    k->plain = !(k->pile || k->sequences || k->follow || k->twu);
    k->phase = 1;
    k->answerer = 1 % n;
    k->loser = k->phase1_moves = k->trump = k->trump_card = k->trump_holder = k->winner = -1;
    k->round_no = 1;
    for (int s = 0; s < n; s++) k->own[s] = -1;
    k->nown = n;
    for (int i = 0; i < HAND_SIZE * n; i++) k->h[i % n] |= BIT(deck[i]);
    k->ntalon = 52 - HAND_SIZE * n;
    for (int j = 0; j < k->ntalon; j++) k->talon[j] = deck[51 - j];
    if (k->style == TWO_CARD)
        tc_start(k, 0);
    else if (k->style == EVERYONE)
        ev_start(k, 0);
    else if (k->style == TURNED_TRUMP) {
        if (k->ntalon) { /* the top card turned up under the talon: it gives trump */
            int top = k->talon[k->ntalon - 1];
            for (int j = k->ntalon - 1; j > 0; j--) k->talon[j] = k->talon[j - 1];
            k->talon[0] = top;
        }
        int bottom = k->ntalon ? k->talon[0] : k->trump_card;
        if (bottom >= 0) set_trump(k, SUIT_OF(bottom));
        tt_start(k, 0);
    } else
        bt_start(k, 0);
}

/* Uniformly random legal moves (core.Kernel.play_random): move below(count) of legal_moves' buffer, until the game
 * is over or `most` moves stand. Returns 0, or ERR_MOVES when a position has more moves than the buffer. */
#define NO_MOVE (~(u64)0)
/* Where the legal moves are single cards and at most one special move after them (legal_moves would list the
 * cards lowest first, then the special move): the cards' mask and the special move (or NO_MOVE); 0 elsewhere. */
static int single_moves(const Kernel *k, u64 *cards, u64 *special) {
    u64 hand = k->h[k->to_play];
    *special = NO_MOVE;
    if (k->phase == 1) {
        if (k->style != TWO_CARD) return 0;
        *cards = hand;
        if (k->chansa && k->ntalon > 1) *special = CHANSA;
        return 1;
    }
    if (k->sequences) return 0;
    if (k->pile) {
        *cards = playable(k, hand);
        if (k->npile && !(k->must_beat && *cards)) *special = PICK_UP;
    } else if (!k->npile) {
        *cards = hand;
    } else {
        *cards = beating(k, hand);
        if (!(k->must_beat && *cards)) *special = PICK_UP;
    }
    return 1;
}
/* the n-th lowest card of a mask (n from 0, below its count): the byte that holds it from the bytes' running
 * counts (one multiplication), then the card within that byte */
#define BYTES_01 0x0101010101010101ULL
#define BYTES_80 0x8080808080808080ULL
static u64 nth_card(u64 mask, int n) {
    u64 b = mask - ((mask >> 1) & 0x5555555555555555ULL);
    b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    u64 running = b * BYTES_01;                                         /* byte i: the cards in bytes 0..i */
    u64 before = (((u64)n * BYTES_01 | BYTES_80) - running) & BYTES_80; /* the bytes whose running count <= n */
    int byte = (int)(((before >> 7) * BYTES_01) >> 56);
    int shift = 8 * byte;
    int left = byte ? n - (int)(running >> (shift - 8) & 0xFF) : n;
    u64 v = mask >> shift & 0xFF;
    while (left--) v &= v - 1;
    return (v & (0 - v)) << shift;
}
#if defined(__x86_64__) && defined(__GNUC__)
/* The same loop with the processor's popcnt and pdep (count and pick the card in one instruction each), for the
 * processors that have them (cpuid, asked once): the same moves, drawn from the same words. */
__attribute__((target("popcnt,bmi2"))) static int play_random_bmi2(Kernel *k, Stream *s, int most) {
    while (!k->over && k->moves < most) {
        u64 cards, special;
        if (single_moves(k, &cards, &special)) {
            int count = __builtin_popcountll(cards), total = count + (special != NO_MOVE);
            if (total < 1) return ERR_MOVES;
            int pick = below(s, total);
            apply(k, pick < count ? __builtin_ia32_pdep_di(BIT(pick), cards) << 3 : special);
            continue;
        }
        int count = legal_moves(k);
        if (overflow || count < 1) return ERR_MOVES;
        apply(k, buf[below(s, count)]);
    }
    return 0;
}
static int has_bmi2(void) {
    static int known = -1;
    if (known < 0) {
        u32 a, b, c, d;
        __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(1), "c"(0));
        int popcnt = c >> 23 & 1;
        __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(7), "c"(0));
        known = popcnt && (b >> 8 & 1);
    }
    return known;
}
#endif
static int play_random(Kernel *k, Stream *s, int most) {
#if defined(__x86_64__) && defined(__GNUC__)
    if (has_bmi2()) return play_random_bmi2(k, s, most);
#endif
    while (!k->over && k->moves < most) {
        u64 cards, special;
        if (single_moves(k, &cards, &special)) { /* move below(count) of the same list, without writing it */
            int count = popcount(cards), total = count + (special != NO_MOVE);
            if (total < 1) return ERR_MOVES;
            int pick = below(s, total);
            apply(k, pick < count ? nth_card(cards, pick) << 3 : special);
            continue;
        }
        int count = legal_moves(k);
        if (overflow || count < 1) return ERR_MOVES;
        apply(k, buf[below(s, count)]);
    }
    return 0;
}

/* -- simulate: random players' games, one call per batch ------------------------------------------------------ */
/* The input: MAGIC; a kernel (read_kernel's order: its players and rule words are the games', the rest is not
 * read for play); the first seed, the games, the most moves per game, the stream's game number, and whether to
 * write each game's record. Game `seed` is dealt as Game.deal(seed=seed) and played by random players drawing
 * from the stream (seed, game number), as studies.simulate's kernel games are.
 * The output: games played, total moves, capped games, then the losses by seat (6 words), then per game either
 * its record (loser or -1, moves, phase1_moves, capped: 4 words) or, without records, nothing but the seeds of the
 * capped games (one word each). Returns the words written, or ERR_INPUT, ERR_MOVES, ERR_OUTPUT. */
#define SIM_HEAD 9
__attribute__((visibility("default"))) int sg_simulate(const i64 *in, int n_in, i64 *out, int n_out) {
    Reader r = {in, n_in, 0, 0, 0};
    overflow = 0;
    if (rd(&r) != MAGIC) return r.short_ ? ERR_LENGTH : ERR_MAGIC;
    int bad_kernel = read_kernel(&r, &base);
    if (bad_kernel) return bad_kernel;
    i64 first = rd(&r);
    int games = rd_int(&r, 0, 1 << 24), most = rd_int(&r, 1, 1 << 30);
    u64 stream_game = (u64)rd(&r);
    int records = rd_int(&r, 0, 1);
    if (r.bad) return refusal(&r);
    if (r.at != n_in) return ERR_LENGTH;
    if (n_out < SIM_HEAD) return ERR_OUTPUT;
    if (first < 0 || first > ((i64)1 << 62)) return ERR_INPUT;
    if (records && n_out < SIM_HEAD + 4 * games) return ERR_OUTPUT;
    for (int i = 0; i < SIM_HEAD; i++) out[i] = 0;
    int at = SIM_HEAD, deck[52];
    Stream stream;
    u64 seeds[LANES];
    for (int g = 0; g < games; g++) {
        u64 seed = (u64)first + (u64)g;
        int lane = g % LANES, keys = seed >> 32 ? 2 : 1;
        if (!lane && g + LANES <= games && ((seed + LANES - 1) >> 32 ? 2 : 1) == keys) {
            for (int l = 0; l < LANES; l++) seeds[l] = seed + (u64)l;
            mt_seed_lanes(seeds, keys);
        }
        if (!(g - lane + LANES <= games && seeds[lane] == seed && lane_deck(lane, deck))) python_deck(seed, deck);
        deal_game(&scratch, &base, deck);
        reseed(&stream, seed, stream_game);
        if (play_random(&scratch, &stream, most)) return ERR_MOVES;
        int capped = !scratch.over;
        out[1] += scratch.moves;
        out[2] += capped;
        if (!capped && scratch.loser >= 0) out[3 + scratch.loser]++;
        if (records) {
            out[at++] = capped ? -1 : scratch.loser;
            out[at++] = scratch.moves;
            out[at++] = scratch.phase1_moves;
            out[at++] = capped;
        } else if (capped) {
            if (at >= n_out) return ERR_OUTPUT;
            out[at++] = (i64)seed;
        }
        out[0]++;
    }
    return at;
}

/* -- the studies: one game of chosen players, or one move of a policy ----------------------------------------- */
/* A seat's policy word: -1 the random player (move below(count) of legal_moves' buffer), STRONG_POLICY + p the
 * strong search on p deals (study games only: strong_move), else the sensible policy with the knobs
 * 2 * weak_hand + (chansa allowed). */
#define STRONG_POLICY 64
#define MOST_PLAYOUTS (1 << 20)
static int set_policy(i64 word) {
    if (word < 0) return 0;
    weak_hand = (int)(word >> 1);
    no_chansa = !(word & 1);
    return 1;
}
static void default_policy(void) {
    weak_hand = WEAK_HAND;
    no_chansa = 0;
}
static int policy_move(Kernel *k, Stream *s, i64 word, u64 *move) {
    if (set_policy(word)) {
        *move = sensible(k, s, k->moves);
    } else {
        int count = legal_moves(k);
        if (count < 1) return ERR_INPUT;
        *move = buf[below(s, count)];
    }
    return overflow ? ERR_MOVES : 0;
}
/* The strong seat of a study game (`KernelStrongPlayer(seed, Budget(playouts))` on the game's `Game`): the search
 * of `g`'s seat to act, knowing what that seat knows (`Unseen`: its hand; of the other hands the cards in `shown`,
 * every card that has been face up; the talon but a face-up trump under it; the set-aside card unseen), over the
 * legal moves, with the key of decision_key(seed, moves), then `Evaluation.best`: the fewest half-losses among the
 * moves kept to the end, the sensible move of deal 0, the lowest move word. 0 or a refusal code. */
static i64 strong_out[3 + 3 * MAXBUF];
static int strong_move(const Kernel *g, u64 seed, int playouts, u64 shown, u64 *move) {
    int count = legal_moves(g);
    if (overflow) return ERR_MOVES;
    if (count == 1) {
        *move = buf[0];
        return 0;
    }
    for (int i = 0; i < count; i++) candidates[i] = buf[i];
    base = *g;
    base.moves = 0; /* as pack.position_words packs a position: its moves counted from here */
    base.phase1_moves = base.phase == 2 ? 0 : -1;
    int me = me_seat = g->to_play, shown_trump = g->phase == 1 && g->trump >= 0;
    u64 pooled = 0;
    for (int s = 0; s < g->n; s++) {
        kept[s] = s == me ? g->h[s] : g->h[s] & shown;
        hidden[s] = popcount(g->h[s] ^ kept[s]);
        pooled |= g->h[s] ^ kept[s];
    }
    nslots = 0;
    for (int i = shown_trump ? 1 : 0; i < g->ntalon; i++) {
        slots[nslots++] = i;
        pooled |= BIT(g->talon[i]);
    }
    aside = !shown_trump && g->trump_card >= 0;
    if (aside) pooled |= BIT(g->trump_card);
    npool = 0;
    for (int c = 0; c < 52; c++)
        if (pooled >> c & 1) pool[npool++] = c;
    u64 key = splitmix64(seed ^ splitmix64((u64)g->moves));
    int rc = search(count, key, g->moves, playouts, 1, 0, 0, playouts, strong_out);
    if (rc < 0) return rc;
    const i64 *losses = strong_out + 3, *played = strong_out + 3 + count;
    int preferred = (int)strong_out[2], best = -1;
    i64 most = 0;
    for (int i = 0; i < count; i++)
        if (played[i] > most) most = played[i];
    for (int i = 0; i < count; i++) {
        if (played[i] != most) continue;
        if (best < 0 || losses[i] < losses[best]) {
            best = i;
        } else if (losses[i] == losses[best] && best != preferred) {
            if (i == preferred || candidates[i] < candidates[best]) best = i;
        }
    }
    *move = candidates[best];
    return 0;
}
/* Every card a move turns face up (`Game.public_cards`): the cards played, a chansa's talon card, and the trump
 * card shown when phase 1 ends (the talon's bottom card, or the set-aside card). `k` before the move. */
static u64 turned_up(const Kernel *k, u64 move) {
    if ((move & 7) == PLAY) return move >> 3;
    if (k->phase == 1 && move == CHANSA && k->ntalon) return BIT(k->talon[k->ntalon - 1]);
    return 0;
}
static int trump_shown(const Kernel *k) { return k->ntalon ? k->talon[0] : k->trump_card; }
static Kernel study_table; /* the study game (the search plays in base, world, scratch) */
/* The input: MAGIC; a kernel (read_kernel's order: its players and rule words are the game's, the rest is not read
 * for play); the deal's seed (Game.deal(seed=seed)), the stream's game number, the most moves, then one policy word
 * per seat. Every draw of the random and sensible seats comes from the one stream (seed, game number), the seats
 * drawing in the order they act; a strong seat s searches with the seed seed * 101 + s (its deals draw from their
 * own streams).
 * The output (4 + 3n words): loser or -1, capped, moves, phase1_moves (-1: phase 1 did not end), then when phase 2
 * opens each seat's cards and trumps in hand (-1 if it never opened), then each seat's chansa moves.
 * Returns the words written, or ERR_INPUT, ERR_MOVES, ERR_OUTPUT. */
static int study_game(Reader *r, i64 *out, int n_out) {
    if (rd(r) != MAGIC) return r->short_ ? ERR_LENGTH : ERR_MAGIC;
    int bad_kernel = read_kernel(r, &base);
    if (bad_kernel) return bad_kernel;
    i64 seed = rd(r);
    u64 stream_game = (u64)rd(r);
    int most = rd_int(r, 1, 1 << 30), n = base.n;
    i64 policies[SEATS];
    for (int i = 0; i < n; i++) {
        policies[i] = rd_int(r, -1, STRONG_POLICY + MOST_PLAYOUTS);
        if (policies[i] > 2 * 15 + 1 && policies[i] <= STRONG_POLICY) r->bad = 1;
    }
    if (r->bad) return refusal(r);
    if (r->at != r->n) return ERR_LENGTH;
    if (seed < 0) return ERR_INPUT;
    if (n_out < 4 + 3 * n) return ERR_OUTPUT;
    if (!SINGLE_KEY[0]) fill_single_keys();
    int deck[52];
    python_deck((u64)seed, deck);
    deal_game(&study_table, &base, deck);
    Stream stream;
    reseed(&stream, (u64)seed, stream_game);
    i64 *cards = out + 4, *trumps = out + 4 + n, *chansas = out + 4 + 2 * n;
    for (int i = 0; i < n; i++) cards[i] = trumps[i] = -1, chansas[i] = 0;
    u64 shown = 0;
    while (!study_table.over && study_table.moves < most) {
        int seat = study_table.to_play, phase = study_table.phase, rc;
        u64 move;
        if (policies[seat] > STRONG_POLICY) {
            default_policy(); /* the search's playouts play the sensible policy as it is */
            rc = strong_move(&study_table, (u64)seed * 101 + (u64)seat, (int)(policies[seat] - STRONG_POLICY), shown, &move);
        } else {
            rc = policy_move(&study_table, &stream, policies[seat], &move);
        }
        if (rc) return rc;
        if (phase == 1 && move == CHANSA) chansas[seat]++;
        int revealed = trump_shown(&study_table);
        shown |= turned_up(&study_table, move);
        apply(&study_table, move);
        if (phase == 1 && study_table.phase == 2) { /* phase 2 opens: the hands merged with the won cards, trump known */
            shown |= BIT(revealed);
            for (int i = 0; i < n; i++) {
                cards[i] = popcount(study_table.h[i]);
                trumps[i] = popcount(study_table.h[i] & study_table.trump_mask);
            }
        }
    }
    out[0] = study_table.over ? study_table.loser : -1;
    out[1] = !study_table.over;
    out[2] = study_table.moves;
    out[3] = study_table.phase1_moves;
    return 4 + 3 * n;
}
__attribute__((visibility("default"))) int sg_study(const i64 *in, int n_in, i64 *out, int n_out) {
    Reader r = {in, n_in, 0, 0, 0};
    overflow = 0;
    int rc = study_game(&r, out, n_out);
    default_policy();
    return rc;
}
/* One move of a policy in a position: MAGIC; a kernel (read_kernel's order); the moves so far; the stream's seed and
 * game number, then its state (four 32-bit words; all four 0: seeded from the seed and game number); the policy word.
 * The output (5 words): the move, then the stream's state after it. Returns 5, or a refusal code (ERR_...). */
static int policy_step(Reader *r, i64 *out, int n_out) {
    if (rd(r) != MAGIC) return r->short_ ? ERR_LENGTH : ERR_MAGIC;
    int bad_kernel = read_kernel(r, &scratch);
    if (bad_kernel) return bad_kernel;
    int bad_position = check_position(&scratch);
    if (bad_position) return bad_position;
    scratch.moves = rd_int(r, 0, 1 << 30);
    u64 seed = (u64)rd(r), game = (u64)rd(r);
    Stream stream;
    u32 words[4];
    for (int i = 0; i < 4; i++) {
        i64 v = rd(r);
        if (v < 0 || v > 0xFFFFFFFFLL) r->bad = 1;
        words[i] = (u32)v;
    }
    stream.a = words[0];
    stream.b = words[1];
    stream.c = words[2];
    stream.d = words[3];
    i64 policy = rd_int(r, -1, 2 * 15 + 1);
    if (r->bad) return refusal(r);
    if (r->at != r->n) return ERR_LENGTH;
    if (n_out < 5) return ERR_OUTPUT;
    if (scratch.over || scratch.to_play < 0) return ERR_POSITION;
    if (!(stream.a | stream.b | stream.c | stream.d)) reseed(&stream, seed, game);
    if (!SINGLE_KEY[0]) fill_single_keys();
    u64 move;
    int rc = policy_move(&scratch, &stream, policy, &move);
    if (rc) return rc;
    out[0] = (i64)move;
    out[1] = stream.a;
    out[2] = stream.b;
    out[3] = stream.c;
    out[4] = stream.d;
    return 5;
}
__attribute__((visibility("default"))) int sg_policy(const i64 *in, int n_in, i64 *out, int n_out) {
    Reader r = {in, n_in, 0, 0, 0};
    overflow = 0;
    int rc = policy_step(&r, out, n_out);
    default_policy();
    return rc;
}
