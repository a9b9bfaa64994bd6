/*
 * tinyqs.c: a tiny chess engine, independent of quiesce, that writes its
 * search as a quiesce trace through contrib/qtrace/qtrace.h.
 *
 * It shares no code with quiesce: its own 0x88 board, move generator
 * (copy-make, legality by testing the king after the move) and evaluation
 * (material with its own values, P 100, N 300, B 300, R 500, Q 900, plus 10
 * for each of the four centre squares a side holds). Its search is an
 * alpha-beta written differently from quiesce's: fail-soft, captures ordered
 * by gain (victim minus attacker, so the most favourable trade first, not
 * MVV-LVA), and a delta margin of its own (150).
 *
 * Built with -DTINYQS_BUG_STAND_PAT_IN_CHECK it has the classic quiescence
 * bug: it stands pat (and then searches only captures) when it is in check,
 * as if the side in check could decline to answer it. Its trace still claims
 * the textbook rules ("evasions": true), so quiesce check-trace finds the
 * stand pat in check, and quiesce diff --reference parts there.
 *
 * Usage: tinyqs DEPTH FEN      writes the trace (JSON Lines) to standard output
 *        tinyqs                 checks the move generator against published perft counts
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qtrace.h"

#define MATE 32000
#define INF 32500
#define DELTA_MARGIN 150
#define MAX_PLY 128

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
};

struct move {
	unsigned char from, to, promo, flags;   /* promo: piece type; flags below */
};
enum { F_CAPTURE = 1, F_EP = 2, F_CASTLE = 4, F_DOUBLE = 8 };

static const int knight_steps[8] = { 33, 31, 18, 14, -33, -31, -18, -14 };
static const int king_steps[8] = { 1, -1, 16, -16, 17, 15, -17, -15 };
static const int bishop_steps[4] = { 17, 15, -17, -15 };
static const int rook_steps[4] = { 1, -1, 16, -16 };

static qtrace qt;
static long nodes;

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
	return 0;
}

/* Whether square S is attacked by colour BY. */
static int attacked(const struct board *b, int s, int by)
{
	int pawn = PAWN + by * BLACK_BIT, dir = by == 0 ? -1 : 1;

	for (int i = 0; i < 2; i++) {
		int from = s + dir * 16 + (i ? 1 : -1);

		if (!(from & 0x88) && b->sq[from] == pawn)
			return 1;
	}
	for (int i = 0; i < 8; i++) {
		int n = s + knight_steps[i], k = s + king_steps[i];

		if (!(n & 0x88) && b->sq[n] == KNIGHT + by * BLACK_BIT)
			return 1;
		if (!(k & 0x88) && b->sq[k] == KING + by * BLACK_BIT)
			return 1;
	}
	for (int i = 0; i < 8; i++) {
		int step = i < 4 ? bishop_steps[i] : rook_steps[i - 4];
		int slider = i < 4 ? BISHOP : ROOK;

		for (int t = s + step; !(t & 0x88); t += step) {
			int p = b->sq[t];

			if (p == EMPTY)
				continue;
			if (COLOUR(p) == by && (TYPE(p) == slider || TYPE(p) == QUEEN))
				return 1;
			break;
		}
	}
	return 0;
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

/* ------------------------------------------------------------ the search */

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

/* What M wins: the captured piece's value (a pawn en passant), 0 for a quiet move. */
static int victim(const struct board *b, struct move m)
{
	if (m.flags & F_EP)
		return value[PAWN];
	return m.flags & F_CAPTURE ? value[TYPE(b->sq[m.to])] : 0;
}

/*
 * Orders the moves by gain: captures and promotions by what they win minus
 * what the moving piece is worth (the trade most in our favour first), quiet
 * moves after them in generation order.
 */
static void order(const struct board *b, struct move *list, int n)
{
	int key[256];

	for (int i = 0; i < n; i++) {
		int tactical = (list[i].flags & F_CAPTURE) || list[i].promo;

		key[i] = tactical ? 10000 + victim(b, list[i]) + value[list[i].promo] - value[TYPE(b->sq[list[i].from])] : 0;
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

/* The quiescence search, fail-soft. */
static int qsearch(const struct board *b, const char *mv, int alpha, int beta, int ply, int qply)
{
	struct move list[256];
	struct board next;
	int check = in_check(b), eval = evaluate(b), best = -INF, n, k = 0;
	char text[6];

	nodes++;
	qtrace_enter(&qt, mv, alpha, beta, eval, qply);
	if (ply >= MAX_PLY) {
		qtrace_leaf(&qt, "ply_limit", eval);
		qtrace_leave(&qt, eval);
		return eval;
	}
	n = legal_moves(b, list);
#ifdef TINYQS_BUG_STAND_PAT_IN_CHECK
	check = 0;   /* the bug: a check is treated like any quiet position */
#endif
	if (check && n == 0) {
		qtrace_leaf(&qt, "mate", -(MATE - ply));
		qtrace_leave(&qt, -(MATE - ply));
		return -(MATE - ply);
	}
	if (!check) {
		/* Stand pat: the side to move may decline every capture. */
		best = eval;
		if (eval >= beta) {
			qtrace_stand_pat(&qt, eval, QTRACE_CUTOFF);
			qtrace_leave(&qt, eval);
			return eval;
		}
		qtrace_stand_pat(&qt, eval, eval > alpha ? QTRACE_RAISE : QTRACE_NONE);
		if (eval > alpha)
			alpha = eval;
		/* Only captures and queen promotions. */
		for (int i = 0; i < n; i++)
			if ((list[i].flags & F_CAPTURE) || list[i].promo == QUEEN)
				list[k++] = list[i];
		n = k;
	}
	order(b, list, n);
	for (int i = 0; i < n; i++) {
		int score;

		uci(list[i], text);
		/* Delta pruning: even winning the victim with a margin would not reach alpha. */
		if (!check && (list[i].flags & F_CAPTURE) && !list[i].promo &&
		    eval + victim(b, list[i]) + DELTA_MARGIN <= alpha) {
			qtrace_delta_prune(&qt, text, victim(b, list[i]), DELTA_MARGIN);
			continue;
		}
		qtrace_move(&qt, text);
		make(b, list[i], &next);
		score = -qsearch(&next, text, -beta, -alpha, ply + 1, qply + 1);
		if (score > best)
			best = score;
		if (score >= beta) {
			qtrace_cutoff(&qt, text, score);
			qtrace_leave(&qt, best);
			return best;
		}
		if (score > alpha) {
			alpha = score;
			qtrace_raise(&qt, text, score);
		}
	}
	if (best == -INF)
		best = alpha;
	qtrace_leave(&qt, best);
	return best;
}

/* The main search, fail-soft, every legal move to DEPTH. */
static int search(const struct board *b, const char *mv, int depth, int alpha, int beta, int ply)
{
	struct move list[256];
	struct board next;
	int n, best = -INF;
	char text[6];

	if (depth <= 0)
		return qsearch(b, mv, alpha, beta, ply, 0);
	nodes++;
	qtrace_enter(&qt, mv, alpha, beta, evaluate(b), -1);
	n = legal_moves(b, list);
	if (n == 0) {
		int score = in_check(b) ? -(MATE - ply) : 0;

		qtrace_leaf(&qt, in_check(b) ? "mate" : "stalemate", score);
		qtrace_leave(&qt, score);
		return score;
	}
	order(b, list, n);
	for (int i = 0; i < n; i++) {
		int score;

		uci(list[i], text);
		qtrace_move(&qt, text);
		make(b, list[i], &next);
		score = -search(&next, text, depth - 1, -beta, -alpha, ply + 1);
		if (score > best)
			best = score;
		if (score >= beta) {
			qtrace_cutoff(&qt, text, score);
			break;
		}
		if (score > alpha) {
			alpha = score;
			qtrace_raise(&qt, text, score);
		}
	}
	qtrace_leave(&qt, best);
	return best;
}

/* ------------------------------------------------------------ the program */

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
	int bad = 0;

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
	int depth, score, alpha = -INF, beta = INF;

	if (argc == 1)
		return self_check();
	/* An optional root window ALPHA BETA: one iteration of an aspiration search. */
	if (argc == 5) {
		alpha = atoi(argv[3]);
		beta = atoi(argv[4]);
	}
	if ((argc != 3 && argc != 5) || (depth = atoi(argv[1])) < 0 || depth > 8 || parse_fen(&b, argv[2]) != 0 ||
	    alpha < -INF || beta > INF || alpha >= beta) {
		fprintf(stderr, "Usage: tinyqs DEPTH FEN [ALPHA BETA]   (the trace goes to standard output; ALPHA BETA:\n"
			"                                       the root window, -INF < ALPHA < BETA < INF)\n"
			"       tinyqs                         (checks the move generator)\n");
		return 2;
	}
	snprintf(options, sizeof options,
		 "\"depth\":%d,\"mode\":\"captures\",\"delta\":true,\"delta_margin\":%d,\"see\":false,"
		 "\"fail_soft\":true,\"stand_pat\":true,\"evasions\":true,\"order\":\"other\",\"eval\":\"other\"",
		 depth, DELTA_MARGIN);
	qtrace_open(&qt, stdout, argv[2],  options,
#ifdef TINYQS_BUG_STAND_PAT_IN_CHECK
		    "tinyqs 1.0 (stand pat in check)"
#else
		    "tinyqs 1.0"
#endif
		    );
	score = search(&b, NULL, depth, alpha, beta, 0);
	if (qtrace_close(&qt) != 0) {
		fprintf(stderr, "tinyqs: writing the trace failed\n");
		return 1;
	}
	fprintf(stderr, "tinyqs: score %d, %ld nodes\n", score, nodes);
	return 0;
}
