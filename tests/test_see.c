/* test_see.c: static exchange evaluation against hand-worked exchanges. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/eval.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/see.h"

/*
 * Each case: a position, a capture (or promotion) in UCI, and the value
 * worked out by hand with P 100, N 310, B 320, R 500, Q 900. The comment
 * gives the exchange; "stops" marks a side that declines to go on.
 */
struct see_case {
	const char *name;
	const char *fen;
	const char *uci;
	int expected;
};

static const struct see_case cases[] = {
	/* RxP, nothing recaptures: +100. */
	{ "undefended pawn", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100 },
	/* RxP, cxd5: 100 - 500 = -400. */
	{ "pawn defended by pawn", "4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", -400 },
	/* NxN, cxd5: 310 - 310 = 0. */
	{ "equal trade", "4k3/8/2p5/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5", 0 },
	/* PxN, cxd5: 310 - 100 = 210. */
	{ "pawn takes defended knight", "4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 210 },
	/* BxN, cxd5: 310 - 320 = -10. */
	{ "bishop for knight", "4k3/8/2p5/3n4/8/1B6/8/4K3 w - - 0 1", "b3d5", -10 },
	/* QxP, cxd5: 100 - 900 = -800. */
	{ "queen takes defended pawn", "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", -800 },
	/*
	 * R(d2)xP, Rxd5, R(d1)xd5 (the d1 rook x-rays through d2):
	 * 100 - 500 + 500 = 100; Black may as well stop after RxP: 100.
	 */
	{ "x-ray rook behind rook", "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100 },
	/*
	 * BxP; Rxd5 would be met by Qxd5 (the a2 queen x-rays through b3),
	 * 100 - 320 + 500, so Black stops: 100. Without the x-ray: -220.
	 */
	{ "x-ray queen behind bishop", "3rk3/8/8/3p4/8/1B6/Q7/4K3 w - - 0 1", "b3d5", 100 },
	/*
	 * Battery, queen in front of rook: QxN, Rxd5, Rxd5:
	 * 310 - 900 + 500 = -90 (White stopping after Rxd5 is no better).
	 */
	{ "queen-rook battery", "3rk3/8/8/3n4/8/8/3Q4/3RK3 w - - 0 1", "d2d5", -90 },
	/*
	 * Doubled rooks on both sides: RxP, Rxd5, Rxd5, Rxd5:
	 * 100 - 500 + 500 - 500 = -400; White gains nothing by going on.
	 */
	{ "doubled rooks both sides", "3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", -400 },
	/*
	 * NxN, dxe5, RxP, Rxe5, QxR (the queen behind the rook):
	 * 310 - 310 + 100 - 500 + 500 = 100; the final rook trade is even: 100.
	 */
	{ "long exchange with batteries", "4r1k1/8/3p4/4n3/8/5N2/4R3/4Q1K1 w - - 0 1", "f3e5", 100 },
	/* RxP, KxR: 100 - 500 = -400. */
	{ "king as defender", "8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", -400 },
	/* RxP; Kxd5 is impossible, the b3 bishop guards d5: 100. */
	{ "king cannot take a guarded piece", "8/8/4k3/3p4/8/1B6/8/3RK3 w - - 0 1", "d1d5", 100 },
	/*
	 * R(d2)xP; Kxd5 is impossible once the d1 rook x-rays through d2: 100.
	 */
	{ "king stopped by an x-ray", "8/8/4k3/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100 },
	/* exd6 e.p., nothing recaptures: the pawn on d5 is won: 100. */
	{ "en passant undefended", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100 },
	/* exd6 e.p., cxd6: 100 - 100 = 0. */
	{ "en passant defended", "4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 0 },
	/*
	 * exd6 e.p. lifts the d5 pawn, so the d1 rook now guards d6: Rxd6
	 * would lose the rook to Rxd6 (100 - 100 + 500), so Black stops: 100.
	 */
	{ "en passant opens a file", "3rk3/8/8/3pP3/8/8/8/3RK3 w - d6 0 1", "e5d6", 100 },
	/* Black dxe3 e.p., Kxe3: 100 - 100 = 0. */
	{ "black en passant, king recaptures", "4k3/8/8/8/3pP3/8/5K2/8 b - e3 0 1", "d4e3", 0 },
	/* b8=Q, nothing recaptures: 900 - 100 = 800. */
	{ "quiet promotion", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 800 },
	/* b8=Q, Rxb8: 800 - 900 = -100 (the pawn is lost). */
	{ "quiet promotion, rook recaptures", "7r/1P6/8/8/8/k7/8/4K3 w - - 0 1", "b7b8q", -100 },
	/* bxa8=Q, Nxa8: 500 + 800 - 900 = 400. */
	{ "promotion capture, knight recaptures", "r3k3/1P6/1n6/8/8/8/8/4K3 w - - 0 1", "b7a8q", 400 },
	/* bxa8=N, Nxa8: 500 + 210 - 310 = 400. */
	{ "under-promotion capture", "r3k3/1P6/1n6/8/8/8/8/4K3 w - - 0 1", "b7a8n", 400 },
	/*
	 * gxh8=Q; Kxh8 is impossible: the e5 bishop sees h8 once g7 is empty:
	 * 500 + 800 = 1300.
	 */
	{ "promotion capture, king stopped by x-ray", "6kr/6P1/8/4B3/8/8/8/4K3 w - - 0 1", "g7h8q", 1300 },
	/*
	 * Black RxN, axb8=Q (the recapture promotes): 310 - 500 - 800 = -990.
	 */
	{ "recapture that promotes", "1N1r4/P7/8/8/8/8/k7/4K3 b - - 0 1", "d8b8", -990 },
	/* Black BxR, QxB: 500 - 320 = 180. */
	{ "black bishop takes rook", "4k3/8/8/8/8/2b5/8/R2Q3K b - - 0 1", "c3a1", 180 },
	/*
	 * NxP, Nxd5, and White stops: Qxd5 would lose the queen to Rxd5
	 * (100 - 310 + 310 - 900). 100 - 310 = -210.
	 */
	{ "side stops early", "3rk3/8/5n2/3p4/8/2N5/8/3QK3 w - - 0 1", "c3d5", -210 },
	/*
	 * RxP, Nxd5: the f6 knight is pinned to the h8 king by the c3 bishop,
	 * but SEE ignores pins, so 100 - 500 = -400.
	 */
	{ "pins are ignored", "7k/8/5n2/3p4/8/2B5/8/3RK3 w - - 0 1", "d1d5", -400 },
};

static bool find_move(const struct position *pos, const char *uci, move *out)
{
	struct move_list list;
	int from = (uci[0] - 'a') + 8 * (uci[1] - '1');
	int to = (uci[2] - 'a') + 8 * (uci[3] - '1');
	int promo = NO_TYPE;

	switch (uci[4]) {
	case 'n': promo = KNIGHT; break;
	case 'b': promo = BISHOP; break;
	case 'r': promo = ROOK; break;
	case 'q': promo = QUEEN; break;
	default: break;
	}
	movegen_all(pos, &list);
	for (int i = 0; i < list.count; i++) {
		move m = list.moves[i];
		int mp = MOVE_IS_PROMOTION(m) ? MOVE_PROMO_TYPE(m) : NO_TYPE;

		if (MOVE_FROM(m) == from && MOVE_TO(m) == to && mp == promo) {
			*out = m;
			return true;
		}
	}
	return false;
}

int main(void)
{
	int n = (int)(sizeof cases / sizeof cases[0]);
	int failures = 0;

	board_init();
	for (int i = 0; i < n; i++) {
		const struct see_case *c = &cases[i];
		struct position pos;
		struct error err;
		move m;
		int got;

		if (!fen_parse(&pos, c->fen, &err)) {
			printf("FAIL %s: FEN \"%s\" does not parse: %s\n", c->name, c->fen, err.msg);
			failures++;
			continue;
		}
		if (!find_move(&pos, c->uci, &m)) {
			printf("FAIL %s: %s is not legal in %s\n", c->name, c->uci, c->fen);
			failures++;
			continue;
		}
		got = see_move(&pos, m);
		if (got != c->expected) {
			printf("FAIL %s: see(%s) in %s = %d, expected %d\n", c->name, c->uci, c->fen,
			       got, c->expected);
			failures++;
		}
	}

	if (board_piece_value[PAWN] != 100 || board_piece_value[KNIGHT] != 310 ||
	    board_piece_value[BISHOP] != 320 || board_piece_value[ROOK] != 500 ||
	    board_piece_value[QUEEN] != 900) {
		printf("FAIL the cases assume P100 N310 B320 R500 Q900\n");
		failures++;
	}

	printf("%d SEE cases, %d failed\n", n, failures);
	return failures ? 1 : 0;
}
