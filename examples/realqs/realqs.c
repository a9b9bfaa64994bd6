/*
 * realqs.c: a small chess engine of the usual design, independent of
 * quiesce, that writes its search as a quiesce trace through
 * contrib/qtrace/qtrace.h, declaring what it does besides the textbook
 * alpha-beta (quiesce-trace(5), DECLARATIONS).
 *
 * Its board and move generator are tinyqs's (examples/tinyqs: 0x88,
 * copy-make, legality by testing the king, material P 100, N 300, B 300,
 * R 500, Q 900 plus 10 a centre square), with the halfmove clock. Its search
 * is what real engines do: iterative deepening (the earlier iterations fill
 * the table and the killers; the last one is traced), principal variation
 * search (null-window scouts, re-searched in full when they fail high inside
 * the window), a transposition table (probed in the main search and in the
 * quiescence search, mate scores stored relative to the node), null-move
 * pruning (R = 2, not in check, not without pieces; its own search is not
 * traced), a check extension of one ply, draws by repetition on the path
 * and by the fifty-move rule, move ordering by the table's move, MVV-LVA and
 * two killers a ply; the quiescence search stands pat, searches captures
 * only (no quiet promotion), answers checks with every evasion and prunes
 * by delta (margin 150) and by SEE (a capture that loses material in the
 * exchange, as quiesce-trace(5) defines SEE). Fail-soft throughout. Its own scale (infinity
 * 30000, mate 29000) is mapped onto quiesce's by qtrace_set_scale.
 *
 * Built with REALQS_PLANTED defined (the program realqs-planted), "--bug
 * NAME" plants one of twelve classic quiescence bugs (the table "bugs"
 * below), each of which check-trace must flag while the trace still
 * declares the textbook rules; realqs itself is compiled without them.
 *
 * Usage: realqs DEPTH FEN                writes the last iteration's trace to standard output
 *        realqs-planted --bug NAME DEPTH FEN   the same with a planted bug
 *        realqs                         checks the move generator against published perft counts
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qtrace.h"

#define MATE 29000
#define INF 30000
#define DELTA_MARGIN 150
#define MAX_PLY 100


enum { EMPTY = 0, PAWN = 1, KNIGHT, BISHOP, ROOK, QUEEN, KING };
#define BLACK_BIT 8
#define COLOUR(p) ((p) >> 3)
#define TYPE(p) ((p) & 7)

static const int value[7] = { 0, 100, 300, 300, 500, 900, 0 };

struct board {
	unsigned char sq[128];
	int side;        /* 0 white, 1 black */
	int castle;      /* 1 white short, 2 white long, 4 black short, 8 black long */
	int ep;          /* en passant target square, or -1 */
	int king[2];
	int halfmove;    /* plies since the last capture or pawn move */
};

struct move {
	unsigned char from, to, promo, flags;   /* promo: piece type; flags below */
};
enum { F_CAPTURE = 1, F_EP = 2, F_CASTLE = 4, F_DOUBLE = 8 };

static const int knight_steps[8] = { 33, 31, 18, 14, -33, -31, -18, -14 };
static const int king_steps[8] = { 1, -1, 16, -16, 17, 15, -17, -15 };
static const int bishop_steps[4] = { 17, 15, -17, -15 };
static const int rook_steps[4] = { 1, -1, 16, -16 };


/* ------------------------------------------------------------ the board */

static int parse_fen(struct board *b, const char *fen)
{
	int rank = 7, file = 0;
	const char *p = fen;

	memset(b, 0, sizeof *b);
	b->ep = -1;
	for (; *p && *p != ' '; p++) {
		static const char pieces[] = "pnbrqk";
		const char *k;

		if (*p == '/') {
			rank--;
			file = 0;
		} else if (*p >= '1' && *p <= '8') {
			file += *p - '0';
		} else if ((k = strchr(pieces, *p >= 'a' ? *p : *p + 32)) != NULL && file < 8 && rank >= 0) {
			int piece = (int)(k - pieces) + 1 + (*p >= 'a' ? BLACK_BIT : 0);

			b->sq[rank * 16 + file] = (unsigned char)piece;
			if (TYPE(piece) == KING)
				b->king[COLOUR(piece)] = rank * 16 + file;
			file++;
		} else {
			return -1;
		}
	}
	if (*p++ != ' ')
		return -1;
	b->side = *p == 'b';
	p += 2;
	for (; *p && *p != ' '; p++)
		b->castle |= *p == 'K' ? 1 : *p == 'Q' ? 2 : *p == 'k' ? 4 : *p == 'q' ? 8 : 0;
	if (*p == ' ' && p[1] >= 'a' && p[1] <= 'h' && p[2] >= '1' && p[2] <= '8')
		b->ep = (p[2] - '1') * 16 + (p[1] - 'a');
	/* The halfmove clock, when the FEN has it. */
	p = strchr(p + 1, ' ');
	if (p != NULL)
		b->halfmove = atoi(p + 1);
	return 0;
}

/*
 * The square of the least valuable piece of colour BY that attacks S on B,
 * or -1. Sliders look through the squares emptied so far, so a piece behind
 * a capturer joins the exchange once the square is clear (x-rays).
 */
static int least_attacker(const struct board *b, int s, int by)
{
	int best = -1, best_type = 7, dir = by == 0 ? -1 : 1;

	for (int i = 0; i < 2; i++) {
		int from = s + dir * 16 + (i ? 1 : -1);

		if (!(from & 0x88) && b->sq[from] == PAWN + by * BLACK_BIT)
			return from;
	}
	for (int i = 0; i < 8; i++) {
		int n = s + knight_steps[i], k = s + king_steps[i];

		if (!(n & 0x88) && b->sq[n] == KNIGHT + by * BLACK_BIT)
			return n;
		if (!(k & 0x88) && b->sq[k] == KING + by * BLACK_BIT && best_type > KING) {
			best = k;
			best_type = KING;
		}
	}
	for (int i = 0; i < 8; i++) {
		int step = i < 4 ? bishop_steps[i] : rook_steps[i - 4];
		int slider = i < 4 ? BISHOP : ROOK;

		for (int t = s + step; !(t & 0x88); t += step) {
			int p = b->sq[t];

			if (p == EMPTY)
				continue;
			if (COLOUR(p) == by && (TYPE(p) == slider || TYPE(p) == QUEEN) && TYPE(p) < best_type) {
				best = t;
				best_type = TYPE(p);
			}
			break;
		}
	}
	return best;
}

/* Whether square S is attacked by colour BY. */
static int attacked(const struct board *b, int s, int by)
{
	return least_attacker(b, s, by) >= 0;
}

static int in_check(const struct board *b)
{
	return attacked(b, b->king[b->side], !b->side);
}

static void add(struct move *list, int *n, int from, int to, int promo, int flags)
{
	list[*n].from = (unsigned char)from;
	list[*n].to = (unsigned char)to;
	list[*n].promo = (unsigned char)promo;
	list[*n].flags = (unsigned char)flags;
	(*n)++;
}

/* Pawn moves to TO, with the four promotions on the last rank. */
static void add_pawn(struct move *list, int *n, int from, int to, int flags)
{
	if ((to >> 4) == 0 || (to >> 4) == 7) {
		for (int promo = QUEEN; promo >= KNIGHT; promo--)
			add(list, n, from, to, promo, flags);
	} else {
		add(list, n, from, to, 0, flags);
	}
}

/* Every pseudo-legal move of the side to move. */
static int generate(const struct board *b, struct move *list)
{
	int n = 0, us = b->side;

	for (int s = 0; s < 128; s++) {
		int p = b->sq[s];

		if (s & 0x88) {
			s += 7;
			continue;
		}
		if (p == EMPTY || COLOUR(p) != us)
			continue;
		if (TYPE(p) == PAWN) {
			int dir = us == 0 ? 16 : -16, start = us == 0 ? 1 : 6;

			if (!((s + dir) & 0x88) && b->sq[s + dir] == EMPTY) {
				add_pawn(list, &n, s, s + dir, 0);
				if ((s >> 4) == start && b->sq[s + 2 * dir] == EMPTY)
					add(list, &n, s, s + 2 * dir, 0, F_DOUBLE);
			}
			for (int i = -1; i <= 1; i += 2) {
				int t = s + dir + i;

				if (t & 0x88)
					continue;
				if (b->sq[t] != EMPTY && COLOUR(b->sq[t]) != us)
					add_pawn(list, &n, s, t, F_CAPTURE);
				else if (t == b->ep)
					add(list, &n, s, t, 0, F_CAPTURE | F_EP);
			}
			continue;
		}
		if (TYPE(p) == KNIGHT || TYPE(p) == KING) {
			const int *steps = TYPE(p) == KNIGHT ? knight_steps : king_steps;

			for (int i = 0; i < 8; i++) {
				int t = s + steps[i];

				if (t & 0x88)
					continue;
				if (b->sq[t] == EMPTY)
					add(list, &n, s, t, 0, 0);
				else if (COLOUR(b->sq[t]) != us)
					add(list, &n, s, t, 0, F_CAPTURE);
			}
			continue;
		}
		for (int i = 0; i < 8; i++) {
			int step = i < 4 ? bishop_steps[i] : rook_steps[i - 4];

			if ((TYPE(p) == BISHOP && i >= 4) || (TYPE(p) == ROOK && i < 4))
				continue;
			for (int t = s + step; !(t & 0x88); t += step) {
				if (b->sq[t] == EMPTY) {
					add(list, &n, s, t, 0, 0);
					continue;
				}
				if (COLOUR(b->sq[t]) != us)
					add(list, &n, s, t, 0, F_CAPTURE);
				break;
			}
		}
	}
	/* Castling: the squares between empty, the king's path not attacked. */
	{
		int home = us == 0 ? 0 : 0x70, them = !us;

		if ((b->castle & (us == 0 ? 1 : 4)) && b->sq[home + 5] == EMPTY && b->sq[home + 6] == EMPTY &&
		    !attacked(b, home + 4, them) && !attacked(b, home + 5, them) && !attacked(b, home + 6, them))
			add(list, &n, home + 4, home + 6, 0, F_CASTLE);
		if ((b->castle & (us == 0 ? 2 : 8)) && b->sq[home + 3] == EMPTY && b->sq[home + 2] == EMPTY &&
		    b->sq[home + 1] == EMPTY && !attacked(b, home + 4, them) && !attacked(b, home + 3, them) &&
		    !attacked(b, home + 2, them))
			add(list, &n, home + 4, home + 2, 0, F_CASTLE);
	}
	return n;
}

/* Plays M on a copy: returns 0 when it leaves the mover's king in check (illegal). */
static int make(const struct board *b, struct move m, struct board *out)
{
	int p = b->sq[m.from], us = b->side;

	*out = *b;
	out->sq[m.to] = (unsigned char)(m.promo ? m.promo + us * BLACK_BIT : p);
	out->sq[m.from] = EMPTY;
	if (m.flags & F_EP)
		out->sq[m.to + (us == 0 ? -16 : 16)] = EMPTY;
	if (m.flags & F_CASTLE) {
		int home = m.to & 0x70;

		if ((m.to & 7) == 6) {
			out->sq[home + 5] = out->sq[home + 7];
			out->sq[home + 7] = EMPTY;
		} else {
			out->sq[home + 3] = out->sq[home];
			out->sq[home] = EMPTY;
		}
	}
	if (TYPE(p) == KING)
		out->king[us] = m.to;
	out->ep = m.flags & F_DOUBLE ? (m.from + m.to) / 2 : -1;
	/* A move from or to a corner or a king's square ends those rights. */
	for (int i = 0; i < 2; i++) {
		int s = i ? m.to : m.from;

		if (s == 0x00 || s == 0x04)
			out->castle &= s == 0x00 ? ~2 : ~3;
		if (s == 0x07)
			out->castle &= ~1;
		if (s == 0x70 || s == 0x74)
			out->castle &= s == 0x70 ? ~8 : ~12;
		if (s == 0x77)
			out->castle &= ~4;
	}
	out->side = !us;
	out->halfmove = TYPE(p) == PAWN || (m.flags & (F_CAPTURE | F_EP)) ? 0 : b->halfmove + 1;
	return !attacked(out, out->king[us], !us);
}

/* The legal moves, in generation order. */
static int legal_moves(const struct board *b, struct move *list)
{
	struct move all[256];
	struct board tmp;
	int n = generate(b, all), k = 0;

	for (int i = 0; i < n; i++)
		if (make(b, all[i], &tmp))
			list[k++] = all[i];
	return k;
}

static void uci(struct move m, char *buf)
{
	buf[0] = (char)('a' + (m.from & 7));
	buf[1] = (char)('1' + (m.from >> 4));
	buf[2] = (char)('a' + (m.to & 7));
	buf[3] = (char)('1' + (m.to >> 4));
	buf[4] = m.promo ? "  nbrq"[m.promo] : '\0';
	buf[5] = '\0';
}



/* Material with tinyqs's values and 10 a centre square held, from the side to move's view. */
static int evaluate(const struct board *b)
{
	static const int centre[4] = { 0x33, 0x34, 0x43, 0x44 };
	int score = 0;

	for (int s = 0; s < 128; s++) {
		int p = b->sq[s];

		if (s & 0x88) {
			s += 7;
			continue;
		}
		if (p != EMPTY)
			score += COLOUR(p) == 0 ? value[TYPE(p)] : -value[TYPE(p)];
	}
	for (int i = 0; i < 4; i++) {
		int p = b->sq[centre[i]];

		if (p != EMPTY)
			score += COLOUR(p) == 0 ? 10 : -10;
	}
	return b->side == 0 ? score : -score;
}


/* ------------------------------------------------------------ planted bugs */

/* The quiescence bugs "--bug NAME" plants, and the rule check-trace flags each by. */
enum {
	BUG_NONE, BUG_STAND_PAT_IN_CHECK, BUG_STAND_PAT_BELOW_BETA, BUG_SKIP_CAPTURE, BUG_MOVE_AFTER_CUTOFF,
	BUG_FAIL_HARD, BUG_MATE_DISTANCE, BUG_DELTA_MARGIN, BUG_TT_BOUND, BUG_QUIET_MOVE, BUG_NO_EVASIONS,
	BUG_SILENT_RAISE, BUG_STAND_PAT_VALUE
};
#ifdef REALQS_PLANTED
static const char *const bugs[] = {
	"none", "stand-pat-in-check", "stand-pat-below-beta", "skip-capture", "move-after-cutoff",
	"fail-hard", "mate-distance", "delta-margin", "tt-bound", "quiet-move", "no-evasions",
	"silent-raise", "stand-pat-value", NULL
};
static int bug;
#else
/* The engine as released: no bug can be planted, and the compiler drops every planted branch. */
static const int bug = BUG_NONE;
#endif

/* ------------------------------------------------------------ the search */

/* Material with tinyqs's values and 10 a centre square held, from the side to move's view. */

/* ------------------------------------------------------------ hashing */

static unsigned long long zobrist[16][128], zobrist_side, zobrist_castle[16], zobrist_ep[128];

static unsigned long long rand64(void)
{
	static unsigned long long s = 0x9E3779B97F4A7C15ULL;

	s ^= s << 13;
	s ^= s >> 7;
	s ^= s << 17;
	return s;
}

static void hash_init(void)
{
	for (int p = 0; p < 16; p++)
		for (int s = 0; s < 128; s++)
			zobrist[p][s] = rand64();
	zobrist_side = rand64();
	for (int i = 0; i < 16; i++)
		zobrist_castle[i] = rand64();
	for (int s = 0; s < 128; s++)
		zobrist_ep[s] = rand64();
}

/* The position's key, computed afresh (a small engine can afford it). */
static unsigned long long hash(const struct board *b)
{
	unsigned long long k = b->side ? zobrist_side : 0;

	for (int s = 0; s < 128; s++) {
		if (s & 0x88) {
			s += 7;
			continue;
		}
		if (b->sq[s] != EMPTY)
			k ^= zobrist[b->sq[s]][s];
	}
	k ^= zobrist_castle[b->castle & 15];
	if (b->ep >= 0)
		k ^= zobrist_ep[b->ep];
	return k;
}

/* ------------------------------------------------------------ the table */

enum { B_EXACT = 0, B_LOWER = 1, B_UPPER = 2 };

struct entry {
	unsigned long long key;
	short value;
	signed char depth;
	unsigned char bound;
	struct move best;
};

#define TT_SIZE (1 << 18)
static struct entry tt[TT_SIZE];

/* A mate score stored relative to the node, read back relative to the root. */
static int to_tt(int v, int ply)
{
	return v > MATE - MAX_PLY ? v + ply : v < -(MATE - MAX_PLY) ? v - ply : v;
}

static int from_tt(int v, int ply)
{
	return v > MATE - MAX_PLY ? v - ply : v < -(MATE - MAX_PLY) ? v + ply : v;
}

static void tt_store(unsigned long long key, int depth, int v, int bound, struct move best, int ply)
{
	struct entry *e = &tt[key & (TT_SIZE - 1)];

	if (e->key == key && e->depth > depth)
		return;
	e->key = key;
	e->value = (short)to_tt(v, ply);
	e->depth = (signed char)depth;
	e->bound = (unsigned char)bound;
	e->best = best;
}

/* Whether the table ends the node searched to DEPTH in (ALPHA, BETA): *VALUE and *BOUND. */
static int tt_cut(unsigned long long key, int depth, int alpha, int beta, int ply, int *out, int *bound)
{
	const struct entry *e = &tt[key & (TT_SIZE - 1)];
	int v;

	if (e->key != key || e->depth < depth)
		return 0;
	v = from_tt(e->value, ply);
	if (e->bound == B_EXACT || (e->bound == B_LOWER && v >= beta) || (e->bound == B_UPPER && v <= alpha)) {
		*out = v;
		*bound = e->bound;
		return 1;
	}
	return 0;
}

static struct move tt_move(unsigned long long key)
{
	const struct entry *e = &tt[key & (TT_SIZE - 1)];
	struct move none = { 0, 0, 0, 0 };

	return e->key == key ? e->best : none;
}

/* ------------------------------------------------------------ the search */

static qtrace qt;
static int tracing;              /* the traced iteration, outside a null-move search */
static long nodes;
static unsigned long long path[MAX_PLY + 2];   /* the keys of the positions on the path, for repetitions */
static struct move killer[MAX_PLY + 2][2];

#define T(call) do { if (tracing) call; } while (0)

static int same(struct move a, struct move b)
{
	return a.from == b.from && a.to == b.to && a.promo == b.promo;
}

/* The value of the piece M captures (a pawn en passant), 0 for a quiet move. */
static int victim(const struct board *b, struct move m)
{
	if (m.flags & F_EP)
		return value[PAWN];
	return m.flags & F_CAPTURE ? value[TYPE(b->sq[m.to])] : 0;
}

/* The exchange values: the material values, the king worth 20000 (it recaptures last). */
static const int see_value[7] = { 0, 100, 300, 300, 500, 900, 20000 };

/*
 * The static exchange evaluation of capture M, written from quiesce-trace(5)
 * (CHECKED RULES, see-value) alone: the classic swap list. The sides take
 * turns capturing on the square with their least valuable attacker; gain[d]
 * is what the side making capture d has won if the exchange stops after
 * it, and the list is folded back from its end, each side choosing between
 * capturing and stopping. A pawn capturing onto the last rank becomes a
 * queen; the king captures only when the square is no longer attacked; pins
 * are ignored.
 */
static int see(const struct board *b, struct move m)
{
	struct board c = *b;
	int gain[40], d = 0, side = b->side, to = m.to, on_square;

	gain[0] = victim(b, m);
	on_square = see_value[TYPE(b->sq[m.from])];
	if (m.promo) {
		gain[0] += see_value[m.promo] - see_value[PAWN];
		on_square = see_value[m.promo];
	}
	if (m.flags & F_EP)
		c.sq[to - (side == 0 ? 16 : -16)] = EMPTY;
	c.sq[to] = m.promo ? (unsigned char)(m.promo + side * BLACK_BIT) : c.sq[m.from];
	c.sq[m.from] = EMPTY;
	for (;;) {
		int from, type, rank;

		side = !side;
		from = least_attacker(&c, to, side);
		if (from < 0)
			break;
		type = TYPE(c.sq[from]);
		if (type == KING) {
			c.sq[from] = EMPTY;
			if (least_attacker(&c, to, !side) >= 0)
				break;   /* the king may not capture onto a square still attacked */
		}
		d++;
		gain[d] = on_square - gain[d - 1];
		rank = to >> 4;
		on_square = see_value[type];
		if (type == PAWN && (rank == 0 || rank == 7)) {
			gain[d] += see_value[QUEEN] - see_value[PAWN];
			on_square = see_value[QUEEN];
		}
		c.sq[to] = c.sq[from] ? c.sq[from] : (unsigned char)(KING + side * BLACK_BIT);
		c.sq[from] = EMPTY;
		if (d == 39)
			break;
	}
	while (d > 0) {
		if (-gain[d] < gain[d - 1])
			gain[d - 1] = -gain[d];
		d--;
	}
	return gain[0];
}

/*
 * Orders the moves: the table's move, then captures and promotions by
 * MVV-LVA, then the killers of the ply, then the quiet moves in generation
 * order.
 */
static void order(const struct board *b, struct move *list, int n, struct move hashmove, int ply)
{
	int key[256];

	for (int i = 0; i < n; i++) {
		struct move m = list[i];
		int k = 0;

		if (same(m, hashmove))
			k = 1000000;
		else if ((m.flags & F_CAPTURE) || m.promo)
			k = 100000 + 16 * (victim(b, m) + value[m.promo]) - TYPE(b->sq[m.from]);
		else if (ply <= MAX_PLY && (same(m, killer[ply][0]) || same(m, killer[ply][1])))
			k = 50000 + same(m, killer[ply][0]);
		key[i] = k;
	}
	for (int i = 1; i < n; i++) {
		struct move m = list[i];
		int k = key[i], j = i - 1;

		for (; j >= 0 && key[j] < k; j--) {
			list[j + 1] = list[j];
			key[j + 1] = key[j];
		}
		list[j + 1] = m;
		key[j + 1] = k;
	}
}

/* Whether the side to move has a piece other than pawns and the king (null moves are unsafe without). */
static int has_pieces(const struct board *b)
{
	for (int s = 0; s < 128; s++) {
		if (s & 0x88) {
			s += 7;
			continue;
		}
		if (b->sq[s] != EMPTY && COLOUR(b->sq[s]) == b->side && TYPE(b->sq[s]) != PAWN && TYPE(b->sq[s]) != KING)
			return 1;
	}
	return 0;
}

/* Whether the position at PLY repeats one earlier on the path within the halfmove clock. */
static int repeats(const struct board *b, int ply)
{
	for (int p = ply - 2; p >= 0 && p >= ply - b->halfmove; p -= 2)
		if (path[p] == path[ply])
			return 1;
	return 0;
}

/* The quiescence search, fail-soft, with table probes and delta pruning. */
static int qsearch(const struct board *b, const char *mv, int alpha, int beta, int ply, int qply)
{
	struct move list[256];
	struct board next;
	int check = in_check(b), eval = evaluate(b), best = -INF, a0 = alpha, n, k = 0, v, bound, after = 0;
	unsigned long long key = hash(b);
	struct move none = { 0, 0, 0, 0 }, bestmove = none;
	char text[6];

	nodes++;
	T(qtrace_enter(&qt, mv, alpha, beta, eval, qply));
	if (ply >= MAX_PLY) {
		T(qtrace_leaf(&qt, "ply_limit", eval));
		T(qtrace_leave(&qt, eval));
		return eval;
	}
	if (tt_cut(key, 0, alpha, beta, ply, &v, &bound)) {
		T(qtrace_tt_cutoff(&qt, v, bound));
		T(qtrace_leave(&qt, v));
		return v;
	}
	/* Bug: a stored lower bound taken though it does not reach beta. */
	if (bug == BUG_TT_BOUND && tt[key & (TT_SIZE - 1)].key == key && tt[key & (TT_SIZE - 1)].bound == B_LOWER &&
	    from_tt(tt[key & (TT_SIZE - 1)].value, ply) < beta) {
		v = from_tt(tt[key & (TT_SIZE - 1)].value, ply);
		T(qtrace_tt_cutoff(&qt, v, QTRACE_LOWER));
		T(qtrace_leave(&qt, v));
		return v;
	}
	n = legal_moves(b, list);
	if (bug == BUG_STAND_PAT_IN_CHECK)
		check = 0;   /* bug: a check treated like a quiet position */
	if (check && n == 0) {
		int mated = bug == BUG_MATE_DISTANCE ? -MATE : -(MATE - ply);   /* bug: the mate without its distance */

		T(qtrace_leaf(&qt, "mate", mated));
		T(qtrace_leave(&qt, mated));
		return mated;
	}
	if (!check || bug == BUG_NO_EVASIONS) {
		int sp = bug == BUG_STAND_PAT_VALUE ? eval + 1 : eval;   /* bug: not the static value */

		if (!check) {
			best = sp;
			/* Bug: a stand-pat cutoff 50 below beta. */
			if (sp >= (bug == BUG_STAND_PAT_BELOW_BETA ? beta - 50 : beta)) {
				T(qtrace_stand_pat(&qt, sp, QTRACE_CUTOFF));
				T(qtrace_leave(&qt, sp));
				return sp;
			}
			T(qtrace_stand_pat(&qt, sp, sp > alpha ? QTRACE_RAISE : QTRACE_NONE));
			if (sp > alpha)
				alpha = sp;
		}
		/* Captures only: no quiet promotion (declared); bug: in check too (no evasions), or a quiet move. */
		for (int i = 0; i < n; i++)
			if ((list[i].flags & (F_CAPTURE | F_EP)) || (bug == BUG_QUIET_MOVE && i == 0 && !list[i].promo))
				list[k++] = list[i];
		n = k;
		if (bug == BUG_SKIP_CAPTURE && n > 1)
			n--;   /* bug: the last capture is never searched */
	}
	order(b, list, n, tt_move(key), MAX_PLY + 1);
	for (int i = 0; i < n; i++) {
		int score;

		uci(list[i], text);
		if (!check && (list[i].flags & (F_CAPTURE | F_EP)) && !list[i].promo &&
		    eval + victim(b, list[i]) + (bug == BUG_DELTA_MARGIN ? 50 : DELTA_MARGIN) <= alpha) {
			/* Bug: a margin of 50, not the declared 150. */
			T(qtrace_delta_prune(&qt, text, victim(b, list[i]), bug == BUG_DELTA_MARGIN ? 50 : DELTA_MARGIN));
			continue;
		}
		if (!check && (list[i].flags & (F_CAPTURE | F_EP))) {
			int exchange = see(b, list[i]);

			if (exchange < 0) {
				/* The capture loses material in the exchange: skipped (SEE margin 0). */
				T(qtrace_see_prune(&qt, text, exchange));
				continue;
			}
		}
		T(qtrace_move(&qt, text));
		make(b, list[i], &next);
		score = -qsearch(&next, text, -beta, -alpha, ply + 1, qply + 1);
		if (score > best) {
			best = score;
			bestmove = list[i];
		}
		if (score >= beta) {
			T(qtrace_cutoff(&qt, text, score));
			if (bug == BUG_MOVE_AFTER_CUTOFF && i + 1 < n && qply == 0 && !after) {
				after = 1;
				continue;   /* bug: the loop goes on, once, after the cutoff */
			}
			break;
		}
		if (score > alpha) {
			alpha = score;
			if (bug != BUG_SILENT_RAISE)   /* bug: alpha raised without a word */
				T(qtrace_raise(&qt, text, score));
		}
	}
	if (best == -INF || bug == BUG_FAIL_HARD)
		best = alpha;   /* bug (fail-hard): alpha, not the best score, in a fail-soft search */
	tt_store(key, 0, best, best >= beta ? B_LOWER : best <= a0 ? B_UPPER : B_EXACT, bestmove, ply);
	T(qtrace_leave(&qt, best));
	return best;
}

/* The main search: PVS, fail-soft, table, null move, check extension, draws. */
static int search(const struct board *b, const char *mv, int depth, int alpha, int beta, int ply, int null_ok)
{
	struct move list[256];
	struct board next;
	int n, best = -INF, a0 = alpha, check, v, bound;
	unsigned long long key;
	struct move none = { 0, 0, 0, 0 }, bestmove = none;
	char text[6];

	if (depth <= 0)
		return qsearch(b, mv, alpha, beta, ply, 0);
	nodes++;
	key = hash(b);
	path[ply] = key;
	T(qtrace_enter(&qt, mv, alpha, beta, evaluate(b), -1));
	if (ply > 0 && (repeats(b, ply) || b->halfmove >= 100)) {
		T(qtrace_draw(&qt, b->halfmove >= 100 ? "fifty" : "repetition"));
		T(qtrace_leave(&qt, 0));
		return 0;
	}
	if (ply > 0 && tt_cut(key, depth, alpha, beta, ply, &v, &bound)) {
		T(qtrace_tt_cutoff(&qt, v, bound));
		T(qtrace_leave(&qt, v));
		return v;
	}
	n = legal_moves(b, list);
	check = in_check(b);
	if (n == 0) {
		int score = check ? -(MATE - ply) : 0;

		if (check && bug == BUG_MATE_DISTANCE)
			score = -MATE;   /* bug: the mate without its distance */
		T(qtrace_leaf(&qt, check ? "mate" : "stalemate", score));
		T(qtrace_leave(&qt, score));
		return score;
	}
	/* Null move: pass; if even that holds beta, a real move will too. */
	if (null_ok && ply > 0 && !check && depth >= 3 && beta < INF && has_pieces(b)) {
		int r = 2, was = tracing, score;

		next = *b;
		next.side = !b->side;
		next.ep = -1;
		next.halfmove = b->halfmove + 1;
		tracing = 0;
		score = -search(&next, NULL, depth - 1 - r, -beta, -beta + 1, ply + 1, 0);
		tracing = was;
		T(qtrace_null_move(&qt, score, r));
		if (score >= beta) {
			T(qtrace_cutoff(&qt, NULL, score));
			T(qtrace_leave(&qt, score));
			return score;
		}
	}
	order(b, list, n, tt_move(key), ply);
	for (int i = 0; i < n; i++) {
		int score, ext;

		uci(list[i], text);
		make(b, list[i], &next);
		ext = in_check(&next);   /* a check is searched a ply deeper */
		if (ext)
			T(qtrace_extension(&qt, 1, "check"));
		T(qtrace_move(&qt, text));
		if (i == 0) {
			score = -search(&next, text, depth - 1 + ext, -beta, -alpha, ply + 1, 1);
		} else {
			score = -search(&next, text, depth - 1 + ext, -alpha - 1, -alpha, ply + 1, 1);
			if (score > alpha && score < beta) {
				/* The scout failed high inside the window: the move is searched again, in full. */
				if (ext)
					T(qtrace_extension(&qt, 1, "check"));
				T(qtrace_move(&qt, text));
				score = -search(&next, text, depth - 1 + ext, -beta, -alpha, ply + 1, 1);
			}
		}
		if (score > best) {
			best = score;
			bestmove = list[i];
		}
		if (score >= beta) {
			T(qtrace_cutoff(&qt, text, score));
			if (!(list[i].flags & F_CAPTURE) && ply <= MAX_PLY) {
				killer[ply][1] = killer[ply][0];
				killer[ply][0] = list[i];
			}
			break;
		}
		if (score > alpha) {
			alpha = score;
			T(qtrace_raise(&qt, text, score));
		}
	}
	tt_store(key, depth, best, best >= beta ? B_LOWER : best <= a0 ? B_UPPER : B_EXACT, bestmove, ply);
	T(qtrace_leave(&qt, best));
	return best;
}

/* ------------------------------------------------------------ the program */

static long perft(const struct board *b, int depth)
{
	struct move list[256];
	struct board next;
	long total = 0;
	int n;

	if (depth == 0)
		return 1;
	n = legal_moves(b, list);
	if (depth == 1)
		return n;
	for (int i = 0; i < n; i++) {
		make(b, list[i], &next);
		total += perft(&next, depth - 1);
	}
	return total;
}

/* Published perft counts (chessprogramming.org, "Perft Results"). */
static int self_check(void)
{
	static const struct {
		const char *fen;
		int depth;
		long count;
	} cases[] = {
		{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3, 8902 },
		{ "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862 },
		{ "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238 },
		{ "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467 },
		{ "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379 },
	};
	/* Exchanges worked by hand (the chessprogramming wiki's two SEE examples, at P 100 N 300). */
	static const struct {
		const char *fen;
		int from, to, see;
	} exchanges[] = {
		/* Re1xe5: no black piece defends e5. */
		{ "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", 0x04, 0x44, 100 },
		/* Nd3xe5 Nxe5 Rxe5 Bxe5 Qxe5 Qxe5 (the rook and queen behind one another, the queen behind the
		   bishop): 100, 200, 100, 400, -100, 1000 folded back: White should stop after Nxe5 Nxe5, -200. */
		{ "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", 0x23, 0x44, -200 },
	};
	int bad = 0;

	for (size_t i = 0; i < sizeof exchanges / sizeof exchanges[0]; i++) {
		struct board b;
		struct move m = { (unsigned char)exchanges[i].from, (unsigned char)exchanges[i].to, 0, F_CAPTURE };
		int got;

		parse_fen(&b, exchanges[i].fen);
		got = see(&b, m);
		printf("see %-62s %5d %s\n", exchanges[i].fen, got, got == exchanges[i].see ? "ok" : "WRONG");
		bad |= got != exchanges[i].see;
	}
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct board b;
		long got;

		parse_fen(&b, cases[i].fen);
		got = perft(&b, cases[i].depth);
		printf("perft %d %-70s %8ld %s\n", cases[i].depth, cases[i].fen, got,
		       got == cases[i].count ? "ok" : "WRONG");
		bad |= got != cases[i].count;
	}
	return bad;
}

int main(int argc, char **argv)
{
	struct board b;
	char options[256];
	int depth, score = 0;

	if (argc == 1)
		return self_check();
#ifdef REALQS_PLANTED
	if (argc == 5 && strcmp(argv[1], "--bug") == 0) {
		for (bug = 0; bugs[bug] && strcmp(bugs[bug], argv[2]) != 0; bug++)
			;
		if (bugs[bug] == NULL) {
			fprintf(stderr, "realqs: unknown bug '%s'\n", argv[2]);
			return 2;
		}
		argc -= 2;
		argv += 2;
	}
#endif
	if (argc != 3 || (depth = atoi(argv[1])) < 1 || depth > 12 || parse_fen(&b, argv[2]) != 0) {
#ifdef REALQS_PLANTED
		fprintf(stderr, "Usage: realqs-planted --bug NAME DEPTH FEN   (DEPTH 1 to 12; the trace of the last iteration "
			"goes to standard output)\n");
#else
		fprintf(stderr, "Usage: realqs DEPTH FEN   (DEPTH 1 to 12; the trace of the last iteration goes "
			"to standard output)\n");
#endif
		return 2;
	}
	hash_init();
	/* Iterative deepening: the earlier iterations fill the table and the killers; the last one is traced. */
	for (int d = 1; d < depth; d++)
		search(&b, NULL, d, -INF, INF, 0, 1);
	snprintf(options, sizeof options,
		 "\"depth\":%d,\"mode\":\"captures\",\"delta\":true,\"delta_margin\":%d,\"see\":true,"
		 "\"see_margin\":0,"
		 "\"fail_soft\":true,\"stand_pat\":true,\"evasions\":true,\"order\":\"other\",\"eval\":\"other\"",
		 depth, DELTA_MARGIN);
	qtrace_open_declared(&qt, stdout, argv[2], options,
			     "\"tt\":true,\"extensions\":true,\"draws\":true,\"null_move\":true,\"research\":true,"
			     "\"quiet_promotions\":false", bug ? "realqs 1.0 (a planted bug)" : "realqs 1.0");
	qtrace_set_scale(&qt, INF, MATE);
	tracing = 1;
	score = search(&b, NULL, depth, -INF, INF, 0, 1);
	if (qtrace_close(&qt) != 0) {
		fprintf(stderr, "realqs: writing the trace failed\n");
		return 1;
	}
	fprintf(stderr, "realqs: score %d, %ld nodes\n", score, nodes);
	return 0;
}
