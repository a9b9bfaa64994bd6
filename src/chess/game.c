/* game.c: moves played from a start position, repetitions and the end of the game. */
#include "chess/game.h"

#include <string.h>

#include "chess/movegen.h"

void game_start(struct game *g, const struct position *start, int max_plies)
{
	g->start = *start;
	g->pos = *start;
	g->nply = 0;
	g->max_plies = max_plies > 0 && max_plies < GAME_MAX_PLIES ? max_plies : GAME_MAX_PLIES;
	g->keys[0] = game_repetition_key(start);
	game_update(g);
}

uint64_t game_repetition_key(const struct position *pos)
{
	struct move_list list;
	struct position copy;

	if (pos->ep == SQ_NONE)
		return pos->key;
	movegen_all(pos, &list);
	for (int i = 0; i < list.count; i++)
		if (MOVE_IS_EP(list.moves[i]))
			return pos->key;
	/* No legal en passant capture: the key of the same position without the square. */
	copy = *pos;
	copy.ep = SQ_NONE;
	return board_compute_key(&copy);
}

int game_repetitions(const struct game *g)
{
	int count = 1;
	/*
	 * Only positions since the last capture or pawn move can repeat the
	 * current one, and only those with the same side to move (every other ply).
	 */
	int back = g->pos.halfmove < g->nply ? g->pos.halfmove : g->nply;

	for (int i = 2; i <= back; i += 2)
		if (g->keys[g->nply - i] == g->keys[g->nply])
			count++;
	return count;
}

bool game_insufficient_material(const struct position *pos)
{
	bitboard minors, bishops;
	int knights;

	for (int c = 0; c < 2; c++)
		if (pos->pieces[c][PAWN] | pos->pieces[c][ROOK] | pos->pieces[c][QUEEN])
			return false;
	bishops = pos->pieces[WHITE][BISHOP] | pos->pieces[BLACK][BISHOP];
	minors = bishops | pos->pieces[WHITE][KNIGHT] | pos->pieces[BLACK][KNIGHT];
	knights = bb_count(pos->pieces[WHITE][KNIGHT] | pos->pieces[BLACK][KNIGHT]);
	if (minors == 0)
		return true;                            /* king against king */
	if (knights == 1 && bishops == 0)
		return true;                            /* a knight alone */
	if (knights == 0) {
		const bitboard dark = 0xAA55AA55AA55AA55ULL;   /* a1 is dark */

		return (bishops & dark) == 0 || (bishops & ~dark) == 0;
	}
	return false;
}

void game_update(struct game *g)
{
	struct move_list list;

	movegen_all(&g->pos, &list);
	g->result = GAME_ONGOING;
	g->reason = GAME_NO_REASON;
	if (list.count == 0) {
		if (board_in_check(&g->pos)) {
			g->result = g->pos.side == WHITE ? GAME_BLACK_WINS : GAME_WHITE_WINS;
			g->reason = GAME_CHECKMATE;
		} else {
			g->result = GAME_DRAW;
			g->reason = GAME_STALEMATE;
		}
		return;
	}
	g->result = GAME_DRAW;
	if (game_insufficient_material(&g->pos))
		g->reason = GAME_INSUFFICIENT;
	else if (g->pos.halfmove >= 100)
		g->reason = GAME_FIFTY_MOVES;
	else if (game_repetitions(g) >= 3)
		g->reason = GAME_THREEFOLD;
	else if (g->nply >= g->max_plies)
		g->reason = GAME_MAX_LENGTH;
	else
		g->result = GAME_ONGOING;
}

bool game_play(struct game *g, move m)
{
	if (g->result != GAME_ONGOING || g->nply >= GAME_MAX_PLIES || !movegen_is_legal(&g->pos, m))
		return false;
	g->moves[g->nply] = m;
	board_make(&g->pos, m, &g->undo[g->nply]);
	g->nply++;
	g->keys[g->nply] = game_repetition_key(&g->pos);
	game_update(g);
	return true;
}

bool game_takeback(struct game *g)
{
	if (g->nply == 0)
		return false;
	g->nply--;
	board_unmake(&g->pos, g->moves[g->nply], &g->undo[g->nply]);
	game_update(g);
	return true;
}

const char *game_result_text(enum game_result r)
{
	switch (r) {
	case GAME_WHITE_WINS:
		return "1-0";
	case GAME_BLACK_WINS:
		return "0-1";
	case GAME_DRAW:
		return "1/2-1/2";
	default:
		return "*";
	}
}

const char *game_reason_text(enum game_reason r)
{
	static const char *const names[] = {
		"", "checkmate", "stalemate", "threefold repetition", "fifty-move rule",
		"insufficient material", "maximum length"
	};

	return (unsigned)r < sizeof names / sizeof names[0] ? names[r] : "";
}
